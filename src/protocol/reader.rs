//! Reading protocol messages strictly, with an error that says which field is
//! wrong and what was expected. Nothing here panics, whatever the input: the
//! property [`check_reader`] is what the fuzz target drives.

use serde_json::{Map, Value};

use crate::rules::Rules;

use super::VERSION;
use super::message::{
    ErrorKind, Hello, Position, Query, QueryKind, Reply, ReplyBody, Request, State, state_field,
};

/// Why a message could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProtocolError {
    /// Nothing at all was sent.
    #[error("empty message: expected one JSON object")]
    Empty,
    /// The bytes are not UTF-8 text.
    #[error(
        "not UTF-8 (the bytes from offset {valid_up_to} are not UTF-8 text): expected one JSON object in UTF-8"
    )]
    NotUtf8 {
        /// How many bytes from the start are valid UTF-8.
        valid_up_to: usize,
    },
    /// The line is longer than the reader takes.
    #[error("the line is longer than {limit} bytes: it was not read")]
    TooLong {
        /// The most bytes a line may have.
        limit: usize,
    },
    /// The text is not JSON.
    #[error("not JSON ({0}): expected one JSON object")]
    NotJson(String),
    /// Arrays and objects nest deeper than the JSON reader follows.
    #[error(
        "arrays and objects nest more than {MAX_NESTING} levels deep (the message's own object counts as one) at line {line} column {column}: no message of protocol 1 nests more than a few"
    )]
    TooDeep {
        /// The line of the bracket one level too deep (from 1).
        line: usize,
        /// Its column (from 1).
        column: usize,
    },
    /// An object gives a key twice: which value is meant cannot be told.
    #[error("duplicate key `{key}` at column {column}: each key may appear once in an object")]
    DuplicateKey {
        /// The key.
        key: String,
        /// Where its second occurrence ends (from 1).
        column: usize,
    },
    /// JSON, but not an object.
    #[error("expected a JSON object, got {0}")]
    NotObject(&'static str),
    /// The message speaks another protocol version.
    #[error("speaks protocol {got}, but this is protocol {VERSION}")]
    Version {
        /// The `protocol` value found, as written.
        got: String,
    },
    /// A required field is absent.
    #[error("missing field `{0}`")]
    Missing(String),
    /// The request is about another game than the reader's.
    #[error("this is a {reader} implementation; the request is about `{game}`")]
    OtherGame {
        /// The game the request names.
        game: String,
        /// The game of the reader.
        reader: &'static str,
    },
    /// The profile has a switch this reader does not know. A switch changes
    /// the rules, so it cannot be ignored like other unknown fields.
    #[error(
        "field `{field}`: unknown switch: this implementation does not know it, and a profile switch changes the rules, so the request is declined rather than the switch ignored"
    )]
    UnknownSwitch {
        /// The switch, dotted from `profile`.
        field: String,
    },
    /// A field has the wrong type or value.
    #[error("field `{field}`: {message}")]
    Field {
        /// The field's name (dotted for nested fields).
        field: String,
        /// What is wrong and what was expected.
        message: String,
    },
}

fn field_err(field: &str, message: impl Into<String>) -> ProtocolError {
    ProtocolError::Field {
        field: field.to_string(),
        message: in_our_words(message.into()),
    }
}

use crate::rules::words::in_our_words;

pub use crate::rules::state::kind_of;

/// How deep arrays and objects may nest in a message, the message's own
/// object counted: the JSON reader's recursion limit (128) less the level
/// at which it stops.
pub const MAX_NESTING: usize = 127;

/// Parses JSON text like `serde_json::from_str`, but refuses an object that
/// gives a key twice (`serde_json` keeps the last silently).
pub fn strict_json(text: &str) -> Result<Value, ProtocolError> {
    let duplicate = std::cell::RefCell::new(None);
    let mut de = serde_json::Deserializer::from_str(text);
    let read = serde::de::DeserializeSeed::deserialize(
        Strict {
            duplicate: &duplicate,
        },
        &mut de,
    )
    .and_then(|v| de.end().map(|()| v));
    read.map_err(|e| match duplicate.take() {
        Some(key) => ProtocolError::DuplicateKey {
            key,
            column: e.column(),
        },
        None if e.to_string().starts_with("recursion limit exceeded") => ProtocolError::TooDeep {
            line: e.line(),
            column: e.column(),
        },
        None => ProtocolError::NotJson(e.to_string()),
    })
}

/// Builds a [`Value`] as `serde_json` does, noting the first key an object
/// repeats and stopping there.
#[derive(Clone, Copy)]
struct Strict<'a> {
    duplicate: &'a std::cell::RefCell<Option<String>>,
}

impl<'de> serde::de::DeserializeSeed<'de> for Strict<'_> {
    type Value = Value;

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> serde::de::Visitor<'de> for Strict<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_string()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_some<D: serde::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        serde::de::DeserializeSeed::deserialize(self, d)
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut out = Vec::new();
        while let Some(v) = seq.next_element_seed(self)? {
            out.push(v);
        }
        Ok(Value::Array(out))
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut out = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if out.contains_key(&key) {
                let message = format!("duplicate key `{key}`");
                *self.duplicate.borrow_mut() = Some(key);
                return Err(serde::de::Error::custom(message));
            }
            let v = map.next_value_seed(self)?;
            out.insert(key, v);
        }
        Ok(Value::Object(out))
    }
}

/// Parses one message into an object and checks its protocol version.
fn object(text: &str) -> Result<Map<String, Value>, ProtocolError> {
    if text.trim().is_empty() {
        return Err(ProtocolError::Empty);
    }
    let v = strict_json(text)?;
    let Value::Object(map) = v else {
        return Err(ProtocolError::NotObject(kind_of(&v)));
    };
    match map.get("protocol") {
        None => return Err(ProtocolError::Missing("protocol".into())),
        Some(Value::Number(n)) if n.as_u64() == Some(u64::from(VERSION)) => {}
        Some(v @ Value::Number(n)) if n.as_u64().is_some() => {
            return Err(ProtocolError::Version { got: v.to_string() });
        }
        // Not another version, but a wrong way of writing one: say so,
        // rather than "speaks protocol \"1\", but this is protocol 1".
        Some(other) => {
            let what = match other {
                Value::String(_) => format!("the string {other}"),
                Value::Number(_) => other.to_string(),
                Value::Bool(_) => format!("the boolean {other}"),
                _ => kind_of(other).to_string(),
            };
            return Err(field_err(
                "protocol",
                format!("must be the number {VERSION}, not {what}"),
            ));
        }
    }
    Ok(map)
}

fn get<'a>(map: &'a Map<String, Value>, field: &str) -> Result<&'a Value, ProtocolError> {
    map.get(field)
        .ok_or_else(|| ProtocolError::Missing(field.to_string()))
}

fn string<'a>(v: &'a Value, field: &str) -> Result<&'a str, ProtocolError> {
    v.as_str()
        .ok_or_else(|| field_err(field, format!("expected a string, got {}", kind_of(v))))
}

/// What an `id` may be (spec/protocol.md, "Requests").
const ID_RANGE: &str = "a whole number from 0 to 18446744073709551615 (2^64 - 1)";

fn id(map: &Map<String, Value>) -> Result<u64, ProtocolError> {
    let v = get(map, "id")?;
    v.as_u64().ok_or_else(|| {
        field_err(
            "id",
            match v {
                Value::Number(n) => format!("expected {ID_RANGE}, got {n}"),
                _ => format!("expected {ID_RANGE}, got {}", kind_of(v)),
            },
        )
    })
}

fn action<G: Rules>(v: &Value, field: &str) -> Result<G::Action, ProtocolError> {
    string(v, field)?
        .parse()
        .map_err(|e| field_err(field, format!("{e}")))
}

fn actions<G: Rules>(v: &Value, field: &str) -> Result<Vec<G::Action>, ProtocolError> {
    let Value::Array(items) = v else {
        return Err(field_err(
            field,
            format!("expected an array of moves, got {}", kind_of(v)),
        ));
    };
    items
        .iter()
        .enumerate()
        .map(|(i, m)| action::<G>(m, &format!("{field}[{i}]")))
        .collect()
}

/// Reads an enum spelled by its serde name (rule codes, outcomes, …).
fn named<T: serde::de::DeserializeOwned>(
    v: &Value,
    field: &str,
    what: &str,
) -> Result<T, ProtocolError> {
    serde_json::from_value(v.clone()).map_err(|_| field_err(field, format!("`{v}` is not {what}")))
}

/// The first key of `v`, dotted, that `known` (a profile as written) does
/// not have.
fn unknown_key(v: &Value, known: &Value) -> Option<String> {
    let (Value::Object(given), Value::Object(known)) = (v, known) else {
        return None;
    };
    given.iter().find_map(|(k, sub)| match known.get(k) {
        None => Some(k.clone()),
        Some(kn) => unknown_key(sub, kn).map(|rest| format!("{k}.{rest}")),
    })
}

/// The serde form of the game's default profile: the shape every profile
/// of `G` has, against which unknown switches are found.
fn profile_shape<G: Rules>() -> Option<Value> {
    use crate::rules::RuleProfile;
    G::Profile::parse(G::Profile::names()[0])
        .ok()
        .and_then(|p| serde_json::to_value(p).ok())
}

/// Copies every switch of `given` over `base`, section by section, so that
/// an object naming a built-in profile needs to spell only the switches in
/// which it differs from it.
fn overlay(base: &mut Value, given: &Value) {
    match (base, given) {
        (Value::Object(b), Value::Object(g)) => {
            for (k, v) in g {
                match b.get_mut(k) {
                    Some(slot) => overlay(slot, v),
                    None => {
                        b.insert(k.clone(), v.clone());
                    }
                }
            }
        }
        (slot, v) => *slot = v.clone(),
    }
}

/// `name` (a built-in profile, possibly with overrides, whose serde form is
/// `base`) followed by one `+switch=value` for every switch in which
/// `given` differs from `base`, in the order of the serde form's keys.
fn renamed(name: &str, base: &Value, given: &Value) -> String {
    fn differing(path: &str, base: &Value, given: &Value, out: &mut Vec<String>) {
        match (base, given) {
            (Value::Object(b), Value::Object(g)) => {
                for (k, bv) in b {
                    if k == "name" && path.is_empty() {
                        continue;
                    }
                    if let Some(gv) = g.get(k) {
                        let p = if path.is_empty() {
                            k.clone()
                        } else {
                            format!("{path}.{k}")
                        };
                        differing(&p, bv, gv, out);
                    }
                }
            }
            (b, g) if b != g => out.push(match g {
                Value::String(text) => format!("{path}={text}"),
                other => format!("{path}={other}"),
            }),
            _ => {}
        }
    }
    let mut overrides = Vec::new();
    differing("", base, given, &mut overrides);
    std::iter::once(name.to_string())
        .chain(overrides)
        .collect::<Vec<_>>()
        .join("+")
}

/// The first `+switch=value` override of the profile name `text` that names
/// a switch the game does not have, as [`ProtocolError::UnknownSwitch`]: an
/// override in a name is refused like a switch in the object form.
fn unknown_override<G: Rules>(text: &str) -> Option<ProtocolError> {
    let shape = profile_shape::<G>()?;
    text.split('+').skip(1).find_map(|o| {
        // Only a well-formed `switch=value` can name an unknown switch; an
        // empty or malformed override (`fide+`, `fide+=1`, `fide+a..b=1`)
        // is a bad request, which the profile reader reports.
        let (path, _) = o.split_once('=')?;
        if path.split('.').any(str::is_empty) {
            return None;
        }
        let mut probe = Value::Null;
        for k in path.rsplit('.') {
            let mut m = Map::new();
            m.insert(k.to_string(), probe);
            probe = Value::Object(m);
        }
        unknown_key(&probe, &shape).map(|unknown| ProtocolError::UnknownSwitch {
            field: format!("profile.{unknown}"),
        })
    })
}

/// Reads `profile`, in any of the spellings `spec/protocol.md` allows: a
/// built-in name as a string (`"fide"`, with overrides
/// `"fide+threefold=automatic"`); an object with that `name` and none, some
/// or all of the switches, read as overrides of the named profile; or an
/// object of every switch under any name, as arbiter's harness sends it. A
/// switch the game's profiles do not have is
/// [`ProtocolError::UnknownSwitch`]; another error names the field at
/// fault.
pub fn profile<G: Rules>(v: &Value) -> Result<G::Profile, ProtocolError> {
    use crate::rules::RuleProfile;
    let obj = match v {
        Value::String(text) => {
            if let Some(e) = unknown_override::<G>(text) {
                return Err(e);
            }
            return G::Profile::parse(text).map_err(|e| field_err("profile", e));
        }
        Value::Object(obj) => obj,
        other => {
            return Err(field_err(
                "profile",
                format!(
                    "expected a profile name or an object of switches, got {}",
                    kind_of(other)
                ),
            ));
        }
    };
    if let Some(path) = profile_shape::<G>().and_then(|k| unknown_key(v, &k)) {
        return Err(ProtocolError::UnknownSwitch {
            field: format!("profile.{path}"),
        });
    }
    let name = match obj.get("name") {
        None => None,
        Some(Value::String(n)) => Some(n.as_str()),
        Some(other) => {
            return Err(field_err(
                "profile.name",
                format!("expected a string, got {}", kind_of(other)),
            ));
        }
    };
    if let Some(e) = name.and_then(unknown_override::<G>) {
        return Err(e);
    }
    let read = |v: &Value| {
        serde_path_to_error::deserialize::<_, G::Profile>(v).map_err(|e| {
            let field = match e.path().to_string() {
                p if p == "." => "profile".to_string(),
                p => format!("profile.{p}"),
            };
            (field, e.into_inner().to_string())
        })
    };
    // A built-in name: the object's switches override that profile's. The
    // name stays as written when the switches are the named profile's, and
    // otherwise says which differ (`isf+two-squares.limit=1`), so that no
    // refusal attributes an overridden value to the built-in profile.
    if let Some((n, base)) = name.and_then(|n| G::Profile::parse(n).ok().map(|b| (n, b))) {
        let base = serde_json::to_value(base).map_err(|e| field_err("profile", e.to_string()))?;
        let mut json = base.clone();
        overlay(&mut json, v);
        read(&json).map_err(|(field, message)| field_err(&field, message))?;
        json["name"] = Value::String(renamed(n, &base, &json));
        return read(&json).map_err(|(field, message)| field_err(&field, message));
    }
    // Any other name: every switch must be spelled out.
    read(v).map_err(|(field, message)| match name {
        Some(n) => {
            let why = G::Profile::parse(n).err().unwrap_or_default();
            let message = in_our_words(message);
            field_err(
                "profile.name",
                format!(
                    "{why}; a profile that is not built in spells every switch ({field}: {message})"
                ),
            )
        }
        None => field_err(&field, message),
    })
}

/// `profile` of a request, or the server's default when the request has
/// none and the default is a profile of `G`.
fn profile_or_default<G: Rules>(
    map: &Map<String, Value>,
    default: Option<&str>,
) -> Result<G::Profile, ProtocolError> {
    use crate::rules::RuleProfile;
    match (map.get("profile"), default) {
        (Some(v), _) => profile::<G>(v),
        (None, Some(d)) => {
            G::Profile::parse(d).map_err(|_| ProtocolError::Missing("profile".into()))
        }
        (None, None) => Err(ProtocolError::Missing("profile".into())),
    }
}

fn position<G: Rules>(
    map: &Map<String, Value>,
    default_profile: Option<&str>,
) -> Result<Position<G>, ProtocolError> {
    let profile = profile_or_default::<G>(map, default_profile)?;
    let setup = G::setup_from_wire(get(map, "setup")?).map_err(|(field, message)| {
        if message == "missing" {
            ProtocolError::Missing(field)
        } else {
            ProtocolError::Field { field, message }
        }
    })?;
    let moves = match map.get("moves") {
        None => Vec::new(),
        Some(v) => actions::<G>(v, "moves")?,
    };
    Ok(Position {
        profile,
        setup,
        moves,
    })
}

/// The `id` of a message, if it has a readable one: lets a server echo the id
/// in the error reply to a request it cannot read.
pub fn peek_id(text: &str) -> Option<u64> {
    let v: Value = serde_json::from_str(text).ok()?;
    v.get("id")?.as_u64()
}

/// The game a request names, if it names one.
pub fn peek_game(text: &str) -> Option<String> {
    let v: Value = serde_json::from_str(text).ok()?;
    Some(v.get("game")?.as_str()?.to_string())
}

/// Reads a request of game `G` (the implementation's side). A request that
/// names no game is read as one of `G`: protocol-1 clients written before
/// `game` was added send none.
pub fn read_request<G: Rules>(text: &str) -> Result<Request<G>, ProtocolError> {
    read_request_with::<G>(text, None)
}

/// The query a request asks, if it names a known one: lets a
/// server that answers several games tell a `hello` before reading further.
pub fn peek_query(text: &str) -> Option<QueryKind> {
    let v: Value = serde_json::from_str(text).ok()?;
    serde_json::from_value(v.get("query")?.clone()).ok()
}

/// [`read_request`], with the profile `default_profile` (a name as
/// `RuleProfile::parse` reads it) standing for an absent `profile` when it
/// is a profile of `G` (`arbiter serve --profile`).
pub fn read_request_with<G: Rules>(
    text: &str,
    default_profile: Option<&str>,
) -> Result<Request<G>, ProtocolError> {
    let map = object(text)?;
    let id = id(&map)?;
    let case = match map.get("case") {
        None | Some(Value::Null) => None,
        Some(v) => Some(string(v, "case")?.to_string()),
    };
    match map.get("game") {
        None | Some(Value::Null) => {}
        Some(v) => {
            let game = string(v, "game")?;
            if game != G::NAME {
                return Err(ProtocolError::OtherGame {
                    game: game.to_string(),
                    reader: G::NAME,
                });
            }
        }
    }
    let kind: QueryKind = named(
        get(&map, "query")?,
        "query",
        "a query: expected hello, legal-moves, judge or state",
    )?;
    let query = match kind {
        QueryKind::Hello => Query::Hello,
        QueryKind::LegalMoves => Query::LegalMoves(position(&map, default_profile)?),
        QueryKind::Judge => Query::Judge(
            position(&map, default_profile)?,
            action::<G>(get(&map, "move")?, "move")?,
        ),
        QueryKind::State => Query::State(position(&map, default_profile)?),
    };
    Ok(Request { id, case, query })
}

fn names(map: &Map<String, Value>, field: &str) -> Result<Option<Vec<String>>, ProtocolError> {
    match map.get(field) {
        None => Ok(None),
        Some(Value::Array(items)) => {
            let mut out = Vec::new();
            for (i, c) in items.iter().enumerate() {
                let name = string(c, &format!("{field}[{i}]"))?.to_string();
                if !out.contains(&name) {
                    out.push(name);
                }
            }
            Ok(Some(out))
        }
        Some(other) => Err(field_err(
            field,
            format!("expected an array of names, got {}", kind_of(other)),
        )),
    }
}

fn hello(map: &Map<String, Value>) -> Result<Hello, ProtocolError> {
    let name = string(get(map, "name")?, "name")?.to_string();
    let version = match map.get("version") {
        None | Some(Value::Null) => None,
        Some(v) => Some(string(v, "version")?.to_string()),
    };
    // Unknown capability names are kept and ignored by the harness: a later
    // protocol minor, or another game, may have them.
    // Kept in the order declared, each once.
    let capabilities = names(map, "capabilities")?.unwrap_or_default();
    let games = names(map, "games")?;
    let profiles = names(map, "profiles")?.unwrap_or_default();
    Ok(Hello {
        name,
        version,
        capabilities,
        games,
        profiles,
    })
}

fn verdict<G: Rules>(map: &Map<String, Value>) -> Result<Option<G::RuleCode>, ProtocolError> {
    match string(get(map, "verdict")?, "verdict")? {
        "legal" => Ok(None),
        "illegal" => {
            let rule = get(map, "rule")?;
            Ok(Some(named(rule, "rule", "a rule code")?))
        }
        other => Err(field_err(
            "verdict",
            format!("`{other}` is not a verdict: expected legal or illegal"),
        )),
    }
}

/// The game's state fields present in the reply, each read by its own
/// reader; other fields are ignored.
fn state<G: Rules>(map: &Map<String, Value>) -> Result<State, ProtocolError> {
    let mut out = State::new();
    for (key, v) in map {
        if key == super::message::POSITION {
            // Read as a setup and written back: the canonical form, so two
            // spellings of one position compare equal.
            let setup = G::setup_from_wire(v).map_err(|(field, message)| {
                field_err(
                    &format!("position{}", field.strip_prefix("setup").unwrap_or(&field)),
                    message,
                )
            })?;
            out.insert(key.clone(), G::setup_to_wire(&setup));
        } else if let Some(field) = state_field::<G>(key) {
            // `null`: the field is about the last action and none has been
            // played (a `state` at the setup, `spec/protocol.md`).
            let canonical = match v {
                Value::Null => Value::Null,
                v => (field.read)(v).map_err(|m| field_err(key, m))?,
            };
            out.insert(key.clone(), canonical);
        }
    }
    Ok(out)
}

/// The `error` of a reply, if it has one.
fn error(map: &Map<String, Value>) -> Result<Option<(ErrorKind, String)>, ProtocolError> {
    let Some(e) = map.get("error") else {
        return Ok(None);
    };
    let Value::Object(err) = e else {
        return Err(field_err(
            "error",
            format!("expected an object, got {}", kind_of(e)),
        ));
    };
    let kind_text = string(
        err.get("kind")
            .ok_or_else(|| ProtocolError::Missing("error.kind".into()))?,
        "error.kind",
    )?;
    let kind = ErrorKind::named(kind_text).ok_or_else(|| {
        field_err(
            "error.kind",
            format!(
                "`{kind_text}` is not an error kind: expected unsupported, bad-request or internal"
            ),
        )
    })?;
    let message = match err.get("message") {
        None => String::new(),
        Some(m) => string(m, "error.message")?.to_string(),
    };
    Ok(Some((kind, message)))
}

/// Reads the reply to `hello`, which is the same for every game: its id,
/// and the greeting or the error it answers with.
#[allow(clippy::type_complexity)]
pub fn read_hello(text: &str) -> Result<(u64, Result<Hello, (ErrorKind, String)>), ProtocolError> {
    let map = object(text)?;
    let id = id(&map)?;
    if let Some(e) = error(&map)? {
        return Ok((id, Err(e)));
    }
    Ok((id, Ok(hello(&map)?)))
}

/// Reads the reply to a query of kind `kind` about game `G` (the harness's
/// side).
pub fn read_reply<G: Rules>(text: &str, kind: QueryKind) -> Result<Reply<G>, ProtocolError> {
    let map = object(text)?;
    let id = id(&map)?;
    if let Some((kind, message)) = error(&map)? {
        return Ok(Reply {
            id,
            body: ReplyBody::Error { kind, message },
        });
    }
    let body = match kind {
        QueryKind::Hello => ReplyBody::Hello(hello(&map)?),
        QueryKind::LegalMoves => {
            ReplyBody::LegalMoves(actions::<G>(get(&map, "legal-moves")?, "legal-moves")?)
        }
        QueryKind::Judge => ReplyBody::Verdict(verdict::<G>(&map)?),
        QueryKind::State => ReplyBody::State(state::<G>(&map)?),
    };
    Ok(Reply { id, body })
}
