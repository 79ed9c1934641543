//! What the harness tests: anything that answers protocol requests. An
//! external command ([`process`](super::process)) and an in-process Rust
//! [`Implementation`] ([`Local`]) are checked by the same code. A subject
//! exchanges lines and knows no game; [`ask`] writes a typed request of a
//! game and reads the reply with that game's types.

use std::fmt;
use std::time::Instant;

use serde::{Deserialize, Serialize};

use crate::protocol::message::{Hello, QueryKind, ReplyBody, Request};
use crate::protocol::reader::{read_hello, read_reply};
use crate::protocol::serve::answer_line;
use crate::protocol::writer::{hello_line, request_line_for};
use crate::rules::{Implementation, Rules};

/// How an exchange went wrong, as opposed to a wrong answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TroubleKind {
    /// The reply is not a protocol-1 reply to the request (not JSON, another
    /// version, missing fields, wrong id, an error reply …).
    Error,
    /// No reply before the deadline; the process was killed.
    Timeout,
    /// The process could not start, died, or closed its output without a reply.
    Crash,
}

/// An exchange that went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trouble {
    /// Which way.
    pub kind: TroubleKind,
    /// What happened, for people.
    pub message: String,
    /// The end of the implementation's standard error, when there is one.
    pub stderr: Option<String>,
}

impl Trouble {
    /// A trouble without stderr.
    pub fn new(kind: TroubleKind, message: impl Into<String>) -> Self {
        Trouble {
            kind,
            message: message.into(),
            stderr: None,
        }
    }
}

impl fmt::Display for Trouble {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// Something that answers requests.
pub trait Subject {
    /// Sends one request line and returns the reply's text, read before
    /// `deadline`. `query` names the question for messages.
    fn exchange(
        &mut self,
        line: &str,
        query: QueryKind,
        deadline: Instant,
    ) -> Result<String, Trouble>;
    /// The last reply could not be read: the exchange may be out of step.
    /// Returns the end of the implementation's standard error, if any.
    fn reset(&mut self) -> Option<String> {
        None
    }
}

/// Sends a request of game `G` and reads the reply's body; a reply that is
/// not a protocol reply to this request is trouble. `profiles` are the
/// built-in profiles the subject's `hello` declared: a request under one of
/// them names it rather than spelling every switch.
pub fn ask<G: Rules>(
    subject: &mut dyn Subject,
    req: &Request<G>,
    profiles: &[String],
    deadline: Instant,
) -> Result<ReplyBody<G>, Trouble> {
    let kind = req.query.kind();
    let text = subject.exchange(&request_line_for(req, profiles), kind, deadline)?;
    let unreadable = |message: String, subject: &mut dyn Subject| {
        let mut t = Trouble::new(TroubleKind::Error, message);
        t.stderr = subject.reset();
        t
    };
    let reply = match read_reply::<G>(&text, kind) {
        Ok(r) => r,
        Err(e) => {
            let shown: String = text.trim().chars().take(200).collect();
            return Err(unreadable(
                format!(
                    "the reply to {} is not a protocol-1 reply: {e}; it was: {shown}",
                    kind.as_str()
                ),
                subject,
            ));
        }
    };
    if reply.id != req.id {
        return Err(unreadable(
            format!(
                "the reply carries id {}, but the request had id {}",
                reply.id, req.id
            ),
            subject,
        ));
    }
    Ok(reply.body)
}

/// Asks `hello`, which is the same for every game.
pub fn hello(subject: &mut dyn Subject, deadline: Instant) -> Result<Hello, Trouble> {
    let text = subject.exchange(&hello_line(0), QueryKind::Hello, deadline)?;
    let trouble = |message: String, subject: &mut dyn Subject| {
        let mut t = Trouble::new(TroubleKind::Error, message);
        t.stderr = subject.reset();
        t
    };
    match read_hello(&text) {
        Ok((0, Ok(h))) => Ok(h),
        Ok((0, Err((kind, message)))) => Err(Trouble::new(
            TroubleKind::Error,
            format!("hello was answered with error {}: {message}", kind.as_str()),
        )),
        Ok((id, _)) => Err(trouble(
            format!("the reply carries id {id}, but the request had id 0"),
            subject,
        )),
        Err(e) => {
            let shown: String = text.trim().chars().take(200).collect();
            Err(trouble(
                format!("the reply to hello is not a protocol-1 reply: {e}; it was: {shown}"),
                subject,
            ))
        }
    }
}

/// An in-process implementation of `G`, asked through the same protocol
/// code as `arbiter serve` (so it declines other games' requests as
/// unsupported, like any external implementation of one game).
pub struct Local<'a, G: Rules>(pub &'a dyn Implementation<G>);

impl<G: Rules> Subject for Local<'_, G> {
    fn exchange(&mut self, line: &str, _: QueryKind, _: Instant) -> Result<String, Trouble> {
        Ok(answer_line(self.0, line))
    }
}
