//! An implementation that runs as a command, in either protocol mode.
//!
//! The harness must never hang and never lose other cases' results, whatever
//! the command does. Every exchange, writing the request as well as reading
//! the reply, runs under the case's deadline ([`super::child`]); a reply is
//! at most [`MAX_REPLY`] bytes; after any trouble a persistent process is
//! ended, with everything it started, and started afresh for the next
//! request.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::protocol::message::QueryKind;

use super::child::{Running, Stop};
use super::scan::Scanner;
use super::subject::{Subject, Trouble, TroubleKind};

pub use super::child::{MAX_REPLY, end_everything, is_stopping, take_left_behind};

/// How requests reach the command (`spec/protocol.md`, "Modes").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    /// One process per request: the request on stdin, the reply on stdout,
    /// then the process exits.
    PerCase,
    /// One long-lived process: one request per line, one reply per line.
    Persistent,
}

/// Checks that `program` names a file that can be run, as the OS would find
/// it (searching `PATH` for a bare name), so that a wrong command fails
/// once, up front, and not once per case.
pub fn check_program(program: &str) -> Result<PathBuf, String> {
    let why = |reason: &str| format!("cannot start `{program}`: {reason}");
    let path = Path::new(program);
    if path.components().count() > 1 || program.contains('/') {
        return match std::fs::metadata(path) {
            Err(_) => Err(why("No such file or directory")),
            Ok(m) if m.is_dir() => Err(why("it is a directory")),
            Ok(_) => which::which(path).map_err(|_| why("Permission denied")),
        };
    }
    which::which(program).map_err(|_| why("No such file or directory (searched PATH)"))
}

/// The message for a deadline that passed during an exchange.
fn late(r: &Running, unwritten: usize, total: usize, query: QueryKind, what: &str) -> String {
    if unwritten > 0 {
        format!(
            "the process did not read the {} request in time ({} of {total} bytes written)",
            query.as_str(),
            total - unwritten
        )
    } else if r.out_ended() {
        format!(
            "the process closed its output without a complete reply to {} and did not exit in time",
            query.as_str()
        )
    } else {
        format!("{what} {} in time", query.as_str())
    }
}

/// A command speaking the protocol.
pub struct ProcessSubject {
    argv: Vec<String>,
    mode: Mode,
    supervisor: Option<PathBuf>,
    running: Option<Running>,
    /// The end of standard error of the last per-case process, kept for a
    /// reply that turns out unreadable.
    last_stderr: Option<String>,
}

impl ProcessSubject {
    /// A subject for `argv` (program and arguments; must not be empty).
    pub fn new(argv: Vec<String>, mode: Mode) -> Self {
        assert!(!argv.is_empty(), "a command needs a program");
        ProcessSubject {
            argv,
            mode,
            supervisor: None,
            running: None,
            last_stderr: None,
        }
    }

    /// Runs every process under `arbiter supervise`, with `exe` the arbiter
    /// binary, so that nothing the command starts outlives it.
    pub fn supervised_by(mut self, exe: Option<PathBuf>) -> Self {
        self.supervisor = exe;
        self
    }

    fn spawn(&self) -> Result<Running, Trouble> {
        Running::spawn(&self.argv, self.supervisor.as_deref()).map_err(|e| {
            Trouble::new(
                TroubleKind::Crash,
                format!("cannot start `{}`: {e}", self.argv.join(" ")),
            )
        })
    }

    /// The trouble of `r`, with its standard error and the processes it
    /// left behind.
    fn trouble(&self, r: &Running, kind: TroubleKind, mut message: String) -> Trouble {
        if let Some(m) = r.start_failure() {
            return Trouble::new(
                TroubleKind::Crash,
                format!("cannot start `{}`: {m}", self.argv.join(" ")),
            );
        }
        let strays = r.strays();
        if !strays.is_empty() {
            let names = super::proctree::summary(strays.iter().map(|(_, n)| n.as_str()));
            message.push_str(&format!(
                "; ended {} process{} it had started ({names})",
                strays.len(),
                if strays.len() == 1 { "" } else { "es" }
            ));
        }
        Trouble {
            kind,
            message,
            stderr: r.stderr_tail(),
        }
    }

    fn ask_per_case(
        &mut self,
        line: &str,
        query: QueryKind,
        deadline: Instant,
    ) -> Result<String, Trouble> {
        let mut r = self.spawn()?;
        let request = format!("{line}\n");
        let mut input = request.as_bytes();
        let mut scan = Scanner::default();
        let mut scanned = 0;
        // The reply is in when the process has exited and its output has
        // ended, or holds a complete reply (a child may keep it open).
        r.close_stdin_when_written();
        let result = r.pump(&mut input, deadline, |r| {
            scan.feed(&r.out[scanned..]);
            scanned = r.out.len();
            r.exited().is_some() && (r.out_ended() || scan.is_complete())
        });
        let q = query.as_str();
        let text = String::from_utf8_lossy(&r.out).into_owned();
        match result {
            Err(Stop::TooLong) => {
                r.kill();
                return Err(self.trouble(
                    &r,
                    TroubleKind::Error,
                    format!("the reply to {q} is longer than {} MiB", MAX_REPLY >> 20),
                ));
            }
            Err(Stop::Deadline) => {
                let unwritten = input.len();
                let message = if scan.is_complete() {
                    format!(
                        "the process replied to {q} but did not exit in time (in per-case mode the command exits after its reply)"
                    )
                } else {
                    late(&r, unwritten, request.len(), query, "no complete reply to")
                };
                r.kill();
                return Err(self.trouble(&r, TroubleKind::Timeout, message));
            }
            Ok(()) => {}
        }
        // Whatever the process left behind is ended now, not at the end of
        // the run.
        r.kill();
        if !r.succeeded() {
            let how = r.describe_exit();
            return Err(self.trouble(
                &r,
                TroubleKind::Crash,
                format!("the process {how} while answering {q}"),
            ));
        }
        if text.trim().is_empty() {
            return Err(self.trouble(
                &r,
                TroubleKind::Crash,
                format!("the process exited without answering {q}"),
            ));
        }
        // A per-case command writes one reply: anything after it is an
        // error (spec/protocol.md, "Modes"), said as such rather than as a
        // reply that is not JSON.
        if let Some(len) = scan.reply_len()
            && let Some(after) = r.out.get(len..)
            && !after.iter().all(u8::is_ascii_whitespace)
        {
            let after = String::from_utf8_lossy(after);
            let shown: String = after.trim().chars().take(80).collect();
            return Err(self.trouble(
                &r,
                TroubleKind::Error,
                format!(
                    "the process wrote more after its reply to {q} ({} bytes: {}): in per-case mode a command writes one reply and exits",
                    after.len(),
                    crate::harness::escape::visible(&shown)
                ),
            ));
        }
        self.last_stderr = r.stderr_tail();
        Ok(text)
    }

    fn ask_persistent(
        &mut self,
        line: &str,
        query: QueryKind,
        deadline: Instant,
    ) -> Result<String, Trouble> {
        if self.running.is_none() {
            self.running = Some(self.spawn()?);
        }
        let r = self.running.as_mut().expect("just started");
        let request = format!("{line}\n");
        let mut input = request.as_bytes();
        r.taken = r.out.len();
        let mut reply = None;
        let result = r.pump(&mut input, deadline, |r| {
            let ended = r.out_ended();
            reply = take_line(&mut r.out, ended);
            reply.is_some() || r.out_ended()
        });
        let q = query.as_str();
        let trouble = match (result, reply) {
            (Ok(()), Some(text)) => return Ok(text),
            (Ok(()), None) => {
                // The output ended: the process is gone, or going.
                let wait = deadline.min(Instant::now() + Duration::from_millis(500));
                let how = match r.wait_until(wait) {
                    Some(_) => r.describe_exit(),
                    None => "closed its output".to_string(),
                };
                (
                    TroubleKind::Crash,
                    format!("the process {how} while answering {q}"),
                )
            }
            (Err(Stop::TooLong), _) => (
                TroubleKind::Error,
                format!("the reply to {q} is longer than {} MiB", MAX_REPLY >> 20),
            ),
            (Err(Stop::Deadline), _) => (
                TroubleKind::Timeout,
                late(r, input.len(), request.len(), query, "no reply to"),
            ),
        };
        // The stream may be out of step now: start afresh next time.
        let mut r = self.running.take().expect("running");
        r.kill();
        Err(self.trouble(&r, trouble.0, trouble.1))
    }
}

/// Takes the first line that is not blank from `out`, dropping the blank
/// lines before it; `None` while there is no such complete line. With
/// `ended` (no more output will come) an unterminated last line counts.
fn take_line(out: &mut Vec<u8>, ended: bool) -> Option<String> {
    let blank = |b: &[u8]| b.iter().all(u8::is_ascii_whitespace);
    let mut start = 0;
    loop {
        let Some(i) = out[start..].iter().position(|&b| b == b'\n') else {
            // Blank lines are dropped all at once, not one by one.
            out.drain(..start);
            if ended && !blank(out) {
                let text = String::from_utf8_lossy(out).trim_end().to_string();
                out.clear();
                return Some(text);
            }
            return None;
        };
        let end = start + i;
        if blank(&out[start..end]) {
            start = end + 1;
            continue;
        }
        let text = String::from_utf8_lossy(&out[start..end])
            .trim_end_matches('\r')
            .to_string();
        out.drain(..=end);
        return Some(text);
    }
}

impl Subject for ProcessSubject {
    fn exchange(
        &mut self,
        line: &str,
        query: QueryKind,
        deadline: Instant,
    ) -> Result<String, Trouble> {
        match self.mode {
            Mode::PerCase => self.ask_per_case(line, query, deadline),
            Mode::Persistent => self.ask_persistent(line, query, deadline),
        }
    }

    fn reset(&mut self) -> Option<String> {
        match self.running.take() {
            // The stream may be out of step now: start afresh next time.
            Some(mut r) => {
                r.kill();
                r.stderr_tail()
            }
            None => self.last_stderr.take(),
        }
    }
}

impl Drop for ProcessSubject {
    fn drop(&mut self) {
        if let Some(mut r) = self.running.take() {
            // Closing stdin lets a well-behaved process exit by itself.
            r.close_stdin();
            r.wait_until(Instant::now() + Duration::from_millis(500));
            r.kill();
        }
    }
}
