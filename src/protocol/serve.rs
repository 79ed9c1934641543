//! The server loop behind `arbiter serve`: one request per line in, one reply
//! per line out, until the input ends. A per-case client writes one line and
//! closes the input, so the same loop serves both modes.
//!
//! For the harness's own robustness tests the server can also misbehave on
//! purpose, in each of the ways a third-party implementation might.

use std::io::{self, BufRead, Write};
use std::time::Duration;

use serde_json::Value;

use crate::harness::glob;
use crate::rules::{Implementation, Rules};

use super::answer::answer;
use super::message::{ErrorKind, Query, Reply, ReplyBody};
use super::reader::{ProtocolError, peek_id, read_request};
use super::writer::reply_value;

/// A way to break the protocol on purpose.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Misbehave {
    /// Exit with status 3 without replying.
    Crash,
    /// Die from a signal (abort) without replying.
    Abort,
    /// Never reply.
    Hang,
    /// Reply with a line that is not JSON.
    Garbage,
    /// Write the first half of the reply, then exit.
    Partial,
    /// Reply without the field the query asks for.
    Incomplete,
    /// Reply in protocol 2.
    WrongVersion,
    /// Reply with another request's id.
    WrongId,
    /// Reply correctly, 300 ms late.
    Slow,
    /// Leave the last legal move out of every legal-moves reply.
    DropMove,
    /// Report every move's chasing-move flag the wrong way round.
    WrongChase,
}

/// When and how to misbehave.
#[derive(Clone, Debug)]
pub struct Misbehaviour {
    /// How.
    pub kind: Misbehave,
    /// Only on requests whose `case` matches this glob; `None`: on every
    /// request, hello included.
    pub on: Option<String>,
}

impl Misbehaviour {
    fn applies(&self, case: Option<&str>) -> bool {
        match (&self.on, case) {
            (None, _) => true,
            (Some(p), Some(c)) => glob::matches(p, c),
            (Some(_), None) => false,
        }
    }
}

/// The reply to one request line, before any misbehaviour.
#[allow(clippy::type_complexity)]
fn reply_to<G: Rules>(
    imp: &dyn Implementation<G>,
    line: &str,
) -> (Option<Query<G>>, Option<String>, Reply<G>) {
    match read_request::<G>(line) {
        Ok(req) => {
            let body = answer(imp, &req.query);
            (Some(req.query), req.case, Reply { id: req.id, body })
        }
        Err(e) => {
            let kind = match e {
                ProtocolError::Version { .. } | ProtocolError::OtherGame { .. } => {
                    ErrorKind::Unsupported
                }
                _ => ErrorKind::BadRequest,
            };
            (
                None,
                None,
                Reply {
                    id: peek_id(line).unwrap_or(0),
                    body: ReplyBody::Error {
                        kind,
                        message: format!("cannot read the request: {e}"),
                    },
                },
            )
        }
    }
}

/// The reply line to one request line (without misbehaving).
pub fn answer_line<G: Rules>(imp: &dyn Implementation<G>, line: &str) -> String {
    let (_, _, reply) = reply_to(imp, line);
    reply_value(&reply).to_string()
}

/// Serves requests from `input` until it ends.
pub fn serve<G: Rules>(
    imp: &dyn Implementation<G>,
    input: impl BufRead,
    mut output: impl Write,
    misbehaviour: Option<&Misbehaviour>,
) -> io::Result<()> {
    for line in input.lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let (query, case, reply) = reply_to(imp, &line);
        let mut value = reply_value(&reply);
        let bad = misbehaviour.filter(|m| m.applies(case.as_deref()));
        let mut text = None;
        if let Some(m) = bad {
            match m.kind {
                Misbehave::Crash => {
                    eprintln!("arbiter serve: crashing on purpose (--misbehave crash)");
                    std::process::exit(3);
                }
                Misbehave::Abort => std::process::abort(),
                Misbehave::Hang => loop {
                    std::thread::sleep(Duration::from_secs(3600));
                },
                Misbehave::Garbage => text = Some("this is not JSON".to_string()),
                Misbehave::Partial => {
                    let full = value.to_string();
                    output.write_all(&full.as_bytes()[..full.len() / 2])?;
                    output.flush()?;
                    std::process::exit(0);
                }
                Misbehave::Incomplete => {
                    if let (Some(q), Value::Object(map)) = (&query, &mut value) {
                        let drop: &[&str] = match q {
                            Query::Hello => &["name"],
                            Query::LegalMoves(_) => &["legal-moves"],
                            Query::Judge(..) => &["verdict"],
                            Query::State(_) => &[],
                        };
                        for k in drop {
                            map.remove(*k);
                        }
                        if matches!(q, Query::State(_)) {
                            // Every field the game's state reply has.
                            map.retain(|k, _| k == "protocol" || k == "id");
                        }
                    }
                }
                Misbehave::WrongVersion => value["protocol"] = Value::from(2),
                Misbehave::WrongId => value["id"] = Value::from(reply.id.wrapping_add(1000)),
                Misbehave::Slow => std::thread::sleep(Duration::from_millis(300)),
                Misbehave::DropMove => {
                    if let Some(Value::Array(moves)) = value.get_mut("legal-moves") {
                        moves.pop();
                    }
                }
                Misbehave::WrongChase => {
                    if let Some(Value::Bool(b)) = value
                        .get_mut("chase")
                        .and_then(|c| c.get_mut("chasing-move"))
                    {
                        *b = !*b;
                    }
                }
            }
        }
        let text = text.unwrap_or_else(|| value.to_string());
        writeln!(output, "{text}")?;
        output.flush()?;
    }
    Ok(())
}
