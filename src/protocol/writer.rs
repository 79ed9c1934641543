//! Writing protocol messages: one JSON object per message, on one line.

use serde_json::{Map, Value, json};

use crate::rules::Rules;

use super::VERSION;
use super::message::{ErrorKind, Position, Query, Reply, ReplyBody, Request};

fn position_fields<G: Rules>(out: &mut Map<String, Value>, p: &Position<G>) {
    out.insert(
        "profile".into(),
        serde_json::to_value(&p.profile).expect("a profile is plain data"),
    );
    out.insert("setup".into(), G::setup_to_wire(&p.setup));
    out.insert(
        "moves".into(),
        p.moves.iter().map(|m| json!(m.to_string())).collect(),
    );
}

/// A request as a JSON object.
pub fn request_value<G: Rules>(req: &Request<G>) -> Value {
    let mut out = Map::new();
    out.insert("protocol".into(), json!(VERSION));
    out.insert("id".into(), json!(req.id));
    if let Some(case) = &req.case {
        out.insert("case".into(), json!(case));
    }
    out.insert("game".into(), json!(G::NAME));
    out.insert("query".into(), json!(req.query.kind().as_str()));
    if let Some(p) = req.query.position() {
        position_fields(&mut out, p);
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
