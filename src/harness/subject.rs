//! What the harness tests: anything that answers protocol requests. An
//! external command ([`process`](super::process)) and an in-process Rust
//! [`Implementation`] ([`Local`]) are checked by the same code.

use std::fmt;
use std::time::Instant;

use serde::{Deserialize, Serialize};

use crate::games::stratego::game::Implementation;
use crate::protocol::answer::answer;
use crate::protocol::message::{Hello, Query, ReplyBody, Request};

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
    /// Sends `req` and returns the reply's body, read before `deadline`.
    fn ask(&mut self, req: &Request, deadline: Instant) -> Result<ReplyBody, Trouble>;
}

/// Asks `hello`.
pub fn hello(subject: &mut dyn Subject, deadline: Instant) -> Result<Hello, Trouble> {
    let req = Request {
        id: 0,
        case: None,
        query: Query::Hello,
    };
    match subject.ask(&req, deadline)? {
        ReplyBody::Hello(h) => Ok(h),
        ReplyBody::Error { kind, message } => Err(Trouble::new(
            TroubleKind::Error,
            format!("hello was answered with error {}: {message}", kind.as_str()),
        )),
        other => Err(Trouble::new(
            TroubleKind::Error,
            format!("hello was answered with {other:?}"),
        )),
    }
}

/// An in-process implementation, asked directly.
pub struct Local<'a>(pub &'a dyn Implementation);

impl Subject for Local<'_> {
    fn ask(&mut self, req: &Request, _deadline: Instant) -> Result<ReplyBody, Trouble> {
        Ok(answer(self.0, &req.query))
    }
}
