//! `arbiter serve` as a referee (`spec/protocol.md`, "Notations and the
//! referee"): requests whose moves are written in one of the game's
//! notations (`"notation": "san"`), and the `play` query. Every move of
//! `moves` and the `move` asked about are read in that notation and judged
//! in the position ([`resolve`]); the reply gives the canonical wire move,
//! and for a refused one the rule, the clause, why, and the closest legal
//! moves in the same notation. Third-party engines are never sent these:
//! they are what an arena or a player asks of arbiter.

use serde_json::{Map, Value, json};

use crate::rules::notation::{Refusal, Resolved, resolve, spell};
use crate::rules::{Game, Implementation, Notation, Rules};

use super::answer::{Answered, refusal, shorten_echoes, state_of};
use super::message::{ErrorKind, Query, QueryKind};
use super::reader::{ProtocolError, read_request_with, strict_json};
use super::writer::error_value;

/// The query only the referee answers: judge a move and, when it is
/// legal, play it and give the state after it.
pub const PLAY: &str = "play";

/// Whether `line` is a referee request: one that names a notation, or asks
/// `play`. Other requests are read by the typed reader as before.
pub fn wants(line: &str) -> bool {
    let Ok(Value::Object(map)) = serde_json::from_str::<Value>(line) else {
        return false;
    };
    map.get("notation").is_some_and(|n| !n.is_null())
        || map.get("query").and_then(Value::as_str) == Some(PLAY)
}

fn bad(id: u64, message: String) -> Value {
    error_value(id, ErrorKind::BadRequest, &shorten_echoes(&message))
}

fn reply(id: u64, fields: Map<String, Value>) -> Value {
    let mut out = Map::new();
    out.insert("protocol".into(), json!(super::VERSION));
    out.insert("id".into(), json!(id));
    out.extend(fields);
    Value::Object(out)
}

/// The fields of a refusal: `verdict`, `rule` (when a rule of the game
/// forbids the move; absent when the text names no move at all), `clause`,
/// `why`, `closest`, and `move` when the text names exactly one (illegal)
/// action.
pub fn refusal_fields<G: Rules>(r: &Refusal<G>) -> Map<String, Value> {
    let mut f = Map::new();
    f.insert("verdict".into(), json!("illegal"));
    if let Some(rule) = &r.rule {
        f.insert(
            "rule".into(),
            serde_json::to_value(rule).unwrap_or(Value::Null),
        );
    }
    if let Some(a) = &r.action {
        f.insert("move".into(), json!(a.to_string()));
    }
    if !r.clause.is_empty() {
        f.insert("clause".into(), json!(r.clause));
    }
    f.insert("why".into(), json!(r.why));
    f.insert("closest".into(), json!(r.closest));
    f
}

/// Answers a referee request of game `G` with `imp`.
pub fn answer<G: Rules>(
    imp: &dyn Implementation<G>,
    line: &str,
    default_profile: Option<&str>,
) -> Answered {
    let id = super::reader::peek_id(line);
    let mut answered = Answered {
        kind: None,
        case: None,
        reply: Value::Null,
    };
    answered.reply = match answer_value(imp, line, default_profile, &mut answered) {
        Ok(v) => v,
        Err(e) => refusal(id, &e),
    };
    answered
}

fn answer_value<G: Rules>(
    imp: &dyn Implementation<G>,
    line: &str,
    default_profile: Option<&str>,
    answered: &mut Answered,
) -> Result<Value, ProtocolError> {
    let Value::Object(map) = strict_json(line)? else {
        return Err(ProtocolError::NotObject("not an object"));
    };
    // The envelope, the profile and the setup are read by the typed reader,
    // as a `legal-moves` request with no moves.
    let mut plain = map.clone();
    for k in ["notation", "moves", "move"] {
        plain.remove(k);
    }
    let query = map
        .get("query")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string();
    if !matches!(query.as_str(), "judge" | PLAY | "legal-moves" | "state") {
        plain.insert("query".into(), json!(query));
        // Let the typed reader say what is wrong with the query.
        read_request_with::<G>(&Value::Object(plain).to_string(), default_profile)?;
        return Err(ProtocolError::Missing("query".into()));
    }
    plain.insert("query".into(), json!("legal-moves"));
    let req = read_request_with::<G>(&Value::Object(plain).to_string(), default_profile)?;
    let id = req.id;
    answered.case = req.case.clone();
    answered.kind = Some(match query.as_str() {
        "legal-moves" => QueryKind::LegalMoves,
        "state" => QueryKind::State,
        _ => QueryKind::Judge,
    });
    let Query::LegalMoves(position) = req.query else {
        unreachable!("read as legal-moves")
    };
    let notation = match map.get("notation") {
        None | Some(Value::Null) => None,
        Some(Value::String(n)) if n == "wire" || G::NOTATIONS.iter().any(|x| x.name == n) => {
            Some(n.clone())
        }
        Some(other) => {
            let mut names = vec!["wire".to_string()];
            names.extend(G::NOTATIONS.iter().map(|n| n.name.to_string()));
            return Ok(bad(
                id,
                format!(
                    "field `notation`: {} is not a notation of {}: expected one of {}",
                    other,
                    G::NAME,
                    names.join(", ")
                ),
            ));
        }
    };
    let notation = notation.as_deref();
    if let Err(message) = imp.supports(&position.setup, &position.profile) {
        return Ok(error_value(
            id,
            ErrorKind::Unsupported,
            &shorten_echoes(&message),
        ));
    }
    let mut game: Box<dyn Game<G>> = match imp.start(&position.setup, &position.profile) {
        Ok(g) => g,
        Err(e) => return Ok(bad(id, format!("setup refused: {e}"))),
    };
    let texts: Vec<&str> = match map.get("moves") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(items)) => {
            let mut v = Vec::new();
            for (i, item) in items.iter().enumerate() {
                match item.as_str() {
                    Some(s) => v.push(s),
                    None => return Ok(bad(id, format!("field `moves[{i}]`: expected a string"))),
                }
            }
            v
        }
        Some(_) => {
            return Ok(bad(
                id,
                "field `moves`: expected an array of moves".to_string(),
            ));
        }
    };
    let mut last = None;
    for (i, text) in texts.iter().enumerate() {
        match resolve::<G>(notation, &*game, text) {
            Resolved::Legal { action } => match game.play(&action) {
                Ok(note) => last = Some(note),
                Err(e) => {
                    return Ok(bad(
                        id,
                        format!("moves[{i}] `{text}` cannot be played: {e}"),
                    ));
                }
            },
            Resolved::Refused(r) => {
                return Ok(bad(
                    id,
                    format!("moves[{i}] `{text}` cannot be played: illegal ({r})"),
                ));
            }
        }
    }
    let mut fields = Map::new();
    match query.as_str() {
        "legal-moves" => {
            let list: Vec<String> = game
                .legal_actions()
                .iter()
                .map(|a| spell(notation, &*game, a))
                .collect();
            fields.insert("legal-moves".into(), json!(list));
        }
        "state" => {
            fields.extend(state_of::<G>(&*game, last.as_ref()));
        }
        _ => {
            let Some(text) = map.get("move").and_then(Value::as_str) else {
                return Ok(bad(
                    id,
                    "field `move`: expected the move to judge, as a string".to_string(),
                ));
            };
            match resolve::<G>(notation, &*game, text) {
                Resolved::Legal { action } => {
                    fields.insert("verdict".into(), json!("legal"));
                    fields.insert("move".into(), json!(action.to_string()));
                    if notation.is_some_and(|n| n != "wire") {
                        fields.insert("written".into(), json!(spell(notation, &*game, &action)));
                    }
                    if query == PLAY {
                        match game.play(&action) {
                            Ok(note) => {
                                fields.insert(
                                    "state".into(),
                                    Value::Object(
                                        state_of::<G>(&*game, Some(&note)).into_iter().collect(),
                                    ),
                                );
                            }
                            Err(e) => {
                                return Ok(bad(id, format!("`{text}` cannot be played: {e}")));
                            }
                        }
                    }
                }
                Resolved::Refused(r) => fields.extend(refusal_fields(&r)),
            }
        }
    }
    Ok(reply(id, fields))
}

/// The notations of `G` by name, for `hello` and docs.
pub fn notation_names<G: Notation>() -> Vec<&'static str> {
    G::NOTATIONS.iter().map(|n| n.name).collect()
}
