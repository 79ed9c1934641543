//! Writing protocol messages: one JSON object per message, on one line.

use serde_json::{Map, Value, json};

use crate::games::stratego::piece::Color;
use crate::games::stratego::position::Setup;

use super::VERSION;
use super::message::{Position, Query, Reply, ReplyBody, Request};

/// The setup as the protocol spells it: the board spelled out (so an
/// implementation can refuse a board it does not know), who moves first, and
/// each side's pieces as `square: rank`.
pub fn setup_value(setup: &Setup) -> Value {
    let g = &setup.geometry;
    let mut sides = [Map::new(), Map::new()];
    for (sq, piece) in &setup.pieces {
        let side = usize::from(piece.color == Color::Blue);
        sides[side].insert(sq.to_string(), json!(piece.rank.name()));
    }
    let [red, blue] = sides;
    json!({
        "board": {
            "name": g.name,
            "files": g.files,
            "ranks": g.ranks,
            "lakes": g.lakes.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
        },
        "to-move": setup.to_move.name(),
        "red": red,
        "blue": blue,
    })
}

fn position_fields(out: &mut Map<String, Value>, p: &Position) {
    out.insert(
        "profile".into(),
        serde_json::to_value(&p.profile).expect("a profile is plain data"),
    );
    out.insert("setup".into(), setup_value(&p.setup));
    out.insert(
        "moves".into(),
        p.moves.iter().map(|m| json!(m.to_string())).collect(),
    );
}

/// A request as a JSON object.
pub fn request_value(req: &Request) -> Value {
    let mut out = Map::new();
    out.insert("protocol".into(), json!(VERSION));
    out.insert("id".into(), json!(req.id));
    if let Some(case) = &req.case {
        out.insert("case".into(), json!(case));
    }
    out.insert("query".into(), json!(req.query.kind().as_str()));
    if let Some(p) = req.query.position() {
        position_fields(&mut out, p);
    }
    if let Query::Judge(_, mv) = &req.query {
        out.insert("move".into(), json!(mv.to_string()));
    }
    Value::Object(out)
}

/// A request on one line, without the line break.
pub fn request_line(req: &Request) -> String {
    request_value(req).to_string()
}

/// A reply as a JSON object.
pub fn reply_value(reply: &Reply) -> Value {
    let mut out = Map::new();
    out.insert("protocol".into(), json!(VERSION));
    out.insert("id".into(), json!(reply.id));
    match &reply.body {
        ReplyBody::Hello(h) => {
            out.insert("name".into(), json!(h.name));
            if let Some(v) = &h.version {
                out.insert("version".into(), json!(v));
            }
            out.insert(
                "capabilities".into(),
                h.capabilities.iter().map(|c| json!(c.as_str())).collect(),
            );
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
                out.insert("rule".into(), json!(r.as_str()));
            }
        },
        ReplyBody::State(s) => {
            if let Some(ts) = &s.two_squares {
                out.insert(
                    "two-squares".into(),
                    match ts {
                        None => Value::Null,
                        Some(t) => json!({
                            "count": t.count,
                            "sequence": if t.starts { "start" } else { "continue" },
                        }),
                    },
                );
            }
            if let Some(c) = &s.combat {
                out.insert(
                    "combat".into(),
                    serde_json::to_value(c).expect("plain data"),
                );
            }
            if let Some(o) = &s.outcome {
                out.insert(
                    "outcome".into(),
                    serde_json::to_value(o).expect("plain data"),
                );
            }
            if let Some(c) = &s.chase {
                out.insert(
                    "chase".into(),
                    match c {
                        None => Value::Null,
                        Some(c) => json!({
                            "chasers": serde_json::to_value(c.chasers).expect("plain data"),
                            "chasing-move": c.chasing_move,
                        }),
                    },
                );
            }
        }
        ReplyBody::Error { kind, message } => {
            out.insert(
                "error".into(),
                json!({"kind": kind.as_str(), "message": message}),
            );
        }
    }
    Value::Object(out)
}

/// A reply on one line, without the line break.
pub fn reply_line(reply: &Reply) -> String {
    reply_value(reply).to_string()
}
