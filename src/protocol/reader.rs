//! Reading protocol messages strictly, with an error that says which field is
//! wrong and what was expected. Nothing here panics, whatever the input: the
//! property [`check_reader`] is what the fuzz target drives.

use serde_json::{Map, Value};

use crate::games::stratego::combat::CombatResult;
use crate::games::stratego::game::{Chasers, Outcome};
use crate::games::stratego::geometry::Geometry;
use crate::games::stratego::moves::Move;
use crate::games::stratego::piece::{Color, Piece, Rank};
use crate::games::stratego::position::Setup;
use crate::games::stratego::profile::Profile;
use crate::games::stratego::square::Square;
use crate::games::stratego::verdict::RuleCode;

use super::VERSION;
use super::message::{
    Capability, ChaseState, ErrorKind, Hello, Position, Query, QueryKind, Reply, ReplyBody,
    Request, State, TwoSquaresState,
};

/// Why a message could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProtocolError {
    /// Nothing at all was sent.
    #[error("empty message: expected one JSON object")]
    Empty,
    /// The text is not JSON.
    #[error("not JSON ({0}): expected one JSON object")]
    NotJson(String),
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
        message: message.into(),
    }
}

fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Parses one message into an object and checks its protocol version.
fn object(text: &str) -> Result<Map<String, Value>, ProtocolError> {
    if text.trim().is_empty() {
        return Err(ProtocolError::Empty);
    }
    let v: Value = serde_json::from_str(text).map_err(|e| ProtocolError::NotJson(e.to_string()))?;
    let Value::Object(map) = v else {
        return Err(ProtocolError::NotObject(kind_of(&v)));
    };
    match map.get("protocol") {
        None => return Err(ProtocolError::Missing("protocol".into())),
        Some(Value::Number(n)) if n.as_u64() == Some(u64::from(VERSION)) => {}
        Some(other) => {
            return Err(ProtocolError::Version {
                got: other.to_string(),
            });
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

fn id(map: &Map<String, Value>) -> Result<u64, ProtocolError> {
    let v = get(map, "id")?;
    v.as_u64().ok_or_else(|| {
        field_err(
            "id",
            format!("expected a non-negative integer, got {}", kind_of(v)),
        )
    })
}

fn mv(v: &Value, field: &str) -> Result<Move, ProtocolError> {
    string(v, field)?
        .parse()
        .map_err(|e| field_err(field, format!("{e}")))
}

fn moves(v: &Value, field: &str) -> Result<Vec<Move>, ProtocolError> {
    let Value::Array(items) = v else {
        return Err(field_err(
            field,
            format!("expected an array of moves, got {}", kind_of(v)),
        ));
    };
    items
        .iter()
        .enumerate()
        .map(|(i, m)| mv(m, &format!("{field}[{i}]")))
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

fn setup(v: &Value) -> Result<Setup, ProtocolError> {
    let Value::Object(map) = v else {
        return Err(field_err(
            "setup",
            format!("expected an object, got {}", kind_of(v)),
        ));
    };
    let board = get(map, "board").map_err(|_| ProtocolError::Missing("setup.board".into()))?;
    let name = match board {
        Value::Object(b) => string(
            b.get("name")
                .ok_or_else(|| ProtocolError::Missing("setup.board.name".into()))?,
            "setup.board.name",
        )?,
        other => {
            return Err(field_err(
                "setup.board",
                format!("expected an object, got {}", kind_of(other)),
            ));
        }
    };
    let geometry = Geometry::named(name).ok_or_else(|| {
        field_err(
            "setup.board.name",
            format!(
                "`{name}` is not a board: expected one of {}",
                Geometry::NAMES.join(", ")
            ),
        )
    })?;
    // The rest of the board description must agree with the name.
    let b = board.as_object().expect("checked above");
    for (key, want) in [
        ("files", Value::from(geometry.files)),
        ("ranks", Value::from(geometry.ranks)),
        (
            "lakes",
            geometry
                .lakes
                .iter()
                .map(|s| Value::from(s.to_string()))
                .collect(),
        ),
    ] {
        if let Some(got) = b.get(key)
            && *got != want
        {
            return Err(field_err(
                &format!("setup.board.{key}"),
                format!("board `{name}` has {key} {want}, not {got}"),
            ));
        }
    }
    let to_move: Color = match map.get("to-move") {
        None => Color::Red,
        Some(v) => named(v, "setup.to-move", "a colour (red or blue)")?,
    };
    let mut pieces = Vec::new();
    for color in [Color::Red, Color::Blue] {
        let field = format!("setup.{}", color.name());
        match map.get(color.name()) {
            None => {}
            Some(Value::Object(side)) => {
                for (sq, rank) in side {
                    let square: Square =
                        sq.parse().map_err(|e| field_err(&field, format!("{e}")))?;
                    let rank: Rank = string(rank, &format!("{field}.{sq}"))?
                        .parse()
                        .map_err(|e| field_err(&format!("{field}.{sq}"), format!("{e}")))?;
                    pieces.push((square, Piece { color, rank }));
                }
            }
            Some(other) => {
                return Err(field_err(
                    &field,
                    format!("expected an object of square: rank, got {}", kind_of(other)),
                ));
            }
        }
    }
    Ok(Setup {
        geometry,
        pieces,
        to_move,
    })
}

fn position(map: &Map<String, Value>) -> Result<Position, ProtocolError> {
    let profile: Profile = serde_json::from_value(get(map, "profile")?.clone())
        .map_err(|e| field_err("profile", e.to_string()))?;
    let setup = setup(get(map, "setup")?)?;
    let moves = match map.get("moves") {
        None => Vec::new(),
        Some(v) => moves(v, "moves")?,
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

/// Reads a request (the implementation's side).
pub fn read_request(text: &str) -> Result<Request, ProtocolError> {
    let map = object(text)?;
    let id = id(&map)?;
    let case = match map.get("case") {
        None | Some(Value::Null) => None,
        Some(v) => Some(string(v, "case")?.to_string()),
    };
    let kind: QueryKind = named(
        get(&map, "query")?,
        "query",
        "a query: expected hello, legal-moves, judge or state",
    )?;
    let query = match kind {
        QueryKind::Hello => Query::Hello,
        QueryKind::LegalMoves => Query::LegalMoves(position(&map)?),
        QueryKind::Judge => Query::Judge(position(&map)?, mv(get(&map, "move")?, "move")?),
        QueryKind::State => Query::State(position(&map)?),
    };
    Ok(Request { id, case, query })
}

fn hello(map: &Map<String, Value>) -> Result<Hello, ProtocolError> {
    let name = string(get(map, "name")?, "name")?.to_string();
    let version = match map.get("version") {
        None | Some(Value::Null) => None,
        Some(v) => Some(string(v, "version")?.to_string()),
    };
    let mut capabilities = Vec::new();
    match map.get("capabilities") {
        None => {}
        Some(Value::Array(items)) => {
            for (i, c) in items.iter().enumerate() {
                let field = format!("capabilities[{i}]");
                let text = string(c, &field)?;
                // Unknown names are tolerated: a later protocol minor may add one.
                if let Some(cap) = Capability::named(text)
                    && !capabilities.contains(&cap)
                {
                    capabilities.push(cap);
                }
            }
        }
        Some(other) => {
            return Err(field_err(
                "capabilities",
                format!("expected an array of names, got {}", kind_of(other)),
            ));
        }
    }
    capabilities.sort();
    Ok(Hello {
        name,
        version,
        capabilities,
    })
}

fn verdict(map: &Map<String, Value>) -> Result<Option<RuleCode>, ProtocolError> {
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

fn state(map: &Map<String, Value>) -> Result<State, ProtocolError> {
    let two_squares = match map.get("two-squares") {
        None => None,
        Some(Value::Null) => Some(None),
        Some(Value::Object(ts)) => {
            let count = ts
                .get("count")
                .ok_or_else(|| ProtocolError::Missing("two-squares.count".into()))?;
            let count = count
                .as_u64()
                .and_then(|n| u32::try_from(n).ok())
                .ok_or_else(|| field_err("two-squares.count", "expected a small integer"))?;
            let starts = match ts.get("sequence").map(|v| v.as_str()) {
                Some(Some("start")) => true,
                Some(Some("continue")) => false,
                None => return Err(ProtocolError::Missing("two-squares.sequence".into())),
                Some(_) => {
                    return Err(field_err(
                        "two-squares.sequence",
                        "expected start or continue",
                    ));
                }
            };
            Some(Some(TwoSquaresState { count, starts }))
        }
        Some(other) => {
            return Err(field_err(
                "two-squares",
                format!("expected an object or null, got {}", kind_of(other)),
            ));
        }
    };
    let combat = match map.get("combat") {
        None => None,
        Some(Value::Null) => Some(None),
        Some(v) => Some(Some(named::<CombatResult>(
            v,
            "combat",
            "a combat result (attacker-wins, defender-wins, both-removed)",
        )?)),
    };
    let outcome = match map.get("outcome") {
        None => None,
        Some(v) => Some(named::<Outcome>(v, "outcome", "an outcome")?),
    };
    let chase = match map.get("chase") {
        None => None,
        Some(Value::Null) => Some(None),
        Some(Value::Object(c)) => {
            let chasers = c
                .get("chasers")
                .ok_or_else(|| ProtocolError::Missing("chase.chasers".into()))?;
            let chasers = named::<Chasers>(chasers, "chase.chasers", "none, red, blue or both")?;
            let chasing_move = c
                .get("chasing-move")
                .ok_or_else(|| ProtocolError::Missing("chase.chasing-move".into()))?
                .as_bool()
                .ok_or_else(|| field_err("chase.chasing-move", "expected true or false"))?;
            Some(Some(ChaseState {
                chasers,
                chasing_move,
            }))
        }
        Some(other) => {
            return Err(field_err(
                "chase",
                format!("expected an object or null, got {}", kind_of(other)),
            ));
        }
    };
    Ok(State {
        two_squares,
        combat,
        outcome,
        chase,
    })
}

/// Reads the reply to a query of kind `kind` (the harness's side).
pub fn read_reply(text: &str, kind: QueryKind) -> Result<Reply, ProtocolError> {
    let map = object(text)?;
    let id = id(&map)?;
    if let Some(e) = map.get("error") {
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
                format!("`{kind_text}` is not an error kind: expected unsupported, bad-request or internal"),
            )
        })?;
        let message = match err.get("message") {
            None => String::new(),
            Some(m) => string(m, "error.message")?.to_string(),
        };
        return Ok(Reply {
            id,
            body: ReplyBody::Error { kind, message },
        });
    }
    let body = match kind {
        QueryKind::Hello => ReplyBody::Hello(hello(&map)?),
        QueryKind::LegalMoves => {
            ReplyBody::LegalMoves(moves(get(&map, "legal-moves")?, "legal-moves")?)
        }
        QueryKind::Judge => ReplyBody::Verdict(verdict(&map)?),
        QueryKind::State => ReplyBody::State(state(&map)?),
    };
    Ok(Reply { id, body })
}

/// The reader's property, for fuzzing and for replaying inputs under
/// `cargo test`: on any bytes, reading never panics, and whatever reads as a
/// request or a reply is written back and read again to the same value.
pub fn check_reader(bytes: &[u8]) {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return;
    };
    let _ = peek_id(text);
    if let Ok(req) = read_request(text) {
        let again = read_request(&super::writer::request_line(&req))
            .expect("a request arbiter wrote must read back");
        assert_eq!(again.id, req.id);
        assert_eq!(again.case, req.case);
        assert_eq!(again.query.kind(), req.query.kind());
        if let (Some(a), Some(b)) = (again.query.position(), req.query.position()) {
            assert_eq!(a.profile, b.profile);
            assert_eq!(a.moves, b.moves);
            assert_eq!(a.setup.to_move, b.setup.to_move);
            let sorted = |s: &Setup| {
                let mut p = s.pieces.clone();
                p.sort_by_key(|(sq, _)| *sq);
                p
            };
            assert_eq!(sorted(&a.setup), sorted(&b.setup));
        }
    }
    for kind in [
        QueryKind::Hello,
        QueryKind::LegalMoves,
        QueryKind::Judge,
        QueryKind::State,
    ] {
        if let Ok(reply) = read_reply(text, kind) {
            let again = read_reply(&super::writer::reply_line(&reply), kind)
                .expect("a reply arbiter wrote must read back");
            assert_eq!(again, reply);
        }
    }
}
