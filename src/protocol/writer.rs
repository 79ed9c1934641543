//! Writing protocol messages: one JSON object per message, on one line.

use serde_json::{Map, Value, json};

use crate::rules::Rules;

use super::VERSION;
use super::message::{ErrorKind, Position, Query, Reply, ReplyBody, Request};

/// The switches of `given` that differ from `base`, section by section
/// (the overlay that `reader::profile` lays over a named profile).
fn differences(given: &Value, base: &Value) -> Map<String, Value> {
    let mut out = Map::new();
    if let (Value::Object(g), Value::Object(b)) = (given, base) {
        for (k, v) in g {
            if k == "name" {
                continue;
            }
            match (v, b.get(k)) {
                (_, Some(w)) if v == w => {}
                (Value::Object(_), Some(w @ Value::Object(_))) => {
                    out.insert(k.clone(), Value::Object(differences(v, w)));
                }
                _ => {
                    out.insert(k.clone(), v.clone());
                }
            }
        }
    }
    out
}

/// How a request spells `profile` to an implementation that declared the
/// built-in profiles `declared` in its `hello`: under a declared profile, an
/// object with the profile's name and only the switches a scenario
/// overrides (`{"name": "fide"}`, `{"name": "fide+threefold=automatic",
/// "threefold": "automatic"}`), so a switch added to the game later is not
/// in it; under any other, every switch.
pub fn profile_value<G: Rules>(profile: &G::Profile, declared: &[String]) -> Value {
    use crate::rules::RuleProfile;
    let full = serde_json::to_value(profile).expect("a profile is plain data");
    let name = profile.name();
    let base = name.split('+').next().unwrap_or(name);
    if !declared.iter().any(|d| d == base) || !G::Profile::names().contains(&base) {
        return full;
    }
    let Some(base_json) = G::Profile::parse(base)
        .ok()
        .and_then(|b| serde_json::to_value(b).ok())
    else {
        return full;
    };
    let mut short = differences(&full, &base_json);
    short.insert("name".into(), json!(name));
    let short = Value::Object(short);
    // The short spelling must mean the same rules, or the full one is sent.
    match super::reader::profile::<G>(&short) {
        Ok(p) if p == *profile => short,
        _ => full,
    }
}

fn position_fields<G: Rules>(out: &mut Map<String, Value>, p: &Position<G>, declared: &[String]) {
    out.insert("profile".into(), profile_value::<G>(&p.profile, declared));
    out.insert("setup".into(), G::setup_to_wire(&p.setup));
    out.insert(
        "moves".into(),
        p.moves.iter().map(|m| json!(m.to_string())).collect(),
    );
}

/// A request as a JSON object, every switch of its profile spelled out.
pub fn request_value<G: Rules>(req: &Request<G>) -> Value {
    request_value_for(req, &[])
}

/// A request as a JSON object, for an implementation that declared the
/// built-in profiles `declared` (see [`profile_value`]).
pub fn request_value_for<G: Rules>(req: &Request<G>, declared: &[String]) -> Value {
    let mut out = Map::new();
    out.insert("protocol".into(), json!(VERSION));
    out.insert("id".into(), json!(req.id));
    if let Some(case) = &req.case {
        out.insert("case".into(), json!(case));
    }
    out.insert("game".into(), json!(G::NAME));
    out.insert("query".into(), json!(req.query.kind().as_str()));
    if let Some(p) = req.query.position() {
        position_fields(&mut out, p, declared);
    }
    if let Query::Judge(_, mv) = &req.query {
        out.insert("move".into(), json!(mv.to_string()));
    }
    Value::Object(out)
}

/// The `hello` request with id `id`, on one line: the same for every game.
pub fn hello_line(id: u64) -> String {
    json!({"protocol": VERSION, "id": id, "query": "hello"}).to_string()
}

/// A request on one line, without the line break.
pub fn request_line<G: Rules>(req: &Request<G>) -> String {
    request_value(req).to_string()
}

/// [`request_line`] for an implementation that declared the built-in
/// profiles `declared`.
pub fn request_line_for<G: Rules>(req: &Request<G>, declared: &[String]) -> String {
    request_value_for(req, declared).to_string()
}

/// A reply as a JSON object.
pub fn reply_value<G: Rules>(reply: &Reply<G>) -> Value {
    let mut out = Map::new();
    out.insert("protocol".into(), json!(VERSION));
    out.insert("id".into(), json!(reply.id));
    match &reply.body {
        ReplyBody::Hello(h) => {
            out.insert("name".into(), json!(h.name));
            if let Some(v) = &h.version {
                out.insert("version".into(), json!(v));
            }
            out.insert("capabilities".into(), json!(h.capabilities));
            if let Some(g) = &h.games {
                out.insert("games".into(), json!(g));
            }
            if !h.profiles.is_empty() {
                out.insert("profiles".into(), json!(h.profiles));
            }
        }
        ReplyBody::LegalMoves(moves) => {
            out.insert(
                "legal-moves".into(),
                moves.iter().map(|m| json!(m.to_string())).collect(),
            );
        }
        ReplyBody::Verdict(rule) => match rule {
            None => {
                out.insert("verdict".into(), json!("legal"));
            }
            Some(r) => {
                out.insert("verdict".into(), json!("illegal"));
                out.insert(
                    "rule".into(),
                    serde_json::to_value(r).expect("a rule code is plain data"),
                );
            }
        },
        ReplyBody::State(s) => {
            for (k, v) in s {
                out.insert(k.clone(), v.clone());
            }
        }
        ReplyBody::Error { kind, message } => return error_value(reply.id, *kind, message),
    }
    Value::Object(out)
}

/// An error reply, the same for every game.
pub fn error_value(id: u64, kind: ErrorKind, message: &str) -> Value {
    json!({"protocol": VERSION, "id": id, "error": {"kind": kind.as_str(), "message": message}})
}

/// A reply on one line, without the line break.
pub fn reply_line<G: Rules>(reply: &Reply<G>) -> String {
    reply_value(reply).to_string()
}
