//! The server loop behind `arbiter serve`: one request per line in, one reply
//! per line out, until the input ends. A per-case client writes one line and
//! closes the input, so the same loop serves both modes.
//!
//! For the harness's own robustness tests the server can also misbehave on
//! purpose, in each of the ways a third-party implementation might.

use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use serde_json::Value;

use crate::harness::glob;
use crate::rules::{Implementation, Rules};

pub use super::answer::{Answered, refusal};
use super::answer::{answer_full, shorten_echoes, shorten_error};
use super::message::{ErrorKind, QueryKind, Reply};
use super::reader::{ProtocolError, peek_id, read_request_with};
use super::writer::{error_value, reply_value};

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
    /// Reply with the version written as a string, `"1"`.
    StringVersion,
    /// Reply with another request's id.
    WrongId,
    /// Reply correctly, 300 ms late.
    Slow,
    /// Leave the last legal move out of every legal-moves reply.
    DropMove,
    /// Report every move's chasing-move flag the wrong way round.
    WrongChase,
    /// Answer every request but `hello` with an `unsupported` error: an
    /// implementation that declines the whole corpus.
    Decline,
    /// Write lines without end instead of a reply.
    EndlessLines,
    /// Write empty lines without end instead of a reply.
    EndlessBlankLines,
    /// Stop reading, for ever, at the first request line longer than 4 KiB
    /// (whatever `--misbehave-on` says: that request is never read).
    StallOnLong,
    /// Start a child that keeps standard output open for a minute, then
    /// reply.
    HoldingChild,
    /// Start a child in its own session (setsid) that sleeps for a minute,
    /// then reply.
    DetachedChild,
    /// Start a child in its own session, then never reply.
    DetachedHang,
    /// Name itself, reply and write to standard error with terminal control
    /// characters (escape codes, a bell, carriage returns); the name on
    /// every hello, the rest on the requests `--misbehave-on` selects.
    ControlChars,
}

/// What `ControlChars` writes: clear the line, go back to its start, ring,
/// and pretend a pass.
pub const CONTROL_TEXT: &str = "\u{1b}[2K\rPASS everything\u{7}\u{1b}[0m\u{8}";

/// When and how to misbehave.
#[derive(Clone, Debug)]
pub struct Misbehaviour {
    /// How.
    pub kind: Misbehave,
    /// Only on requests whose `case` matches this glob; `None`: on every
    /// request, hello included.
    pub on: Option<String>,
    /// A file to which the server appends its own pid and the pid of every
    /// child it starts, one a line, so tests can check that none survive.
    pub pid_file: Option<PathBuf>,
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

/// The longest request line `serve` reads: 16 MiB, far more than any
/// position needs. A longer line is answered with an error, unread.
pub const MAX_LINE: usize = 16 << 20;

/// What answers request lines for [`serve_lines`]: one implementation of
/// one game ([`Single`]), or one per game (the registry's, in
/// `crate::corpus`), so that the line loop and its misbehaviours are
/// written once whatever answers.
pub trait AnswerLine {
    /// The reply to one request line (not blank, UTF-8).
    fn answer_line(&self, line: &str) -> Answered;
}

/// One implementation of game `G`, with the profile that stands for an
/// absent `profile` (`arbiter serve --profile`), if any.
pub struct Single<'a, G: Rules> {
    /// Who answers.
    pub imp: &'a dyn Implementation<G>,
    /// The default profile's name.
    pub default_profile: Option<String>,
}

impl<G: Rules> AnswerLine for Single<'_, G> {
    fn answer_line(&self, line: &str) -> Answered {
        if super::referee::wants(line) {
            return super::referee::answer(self.imp, line, self.default_profile.as_deref());
        }
        match read_request_with::<G>(line, self.default_profile.as_deref()) {
            Ok(req) => {
                let (body, illegal) = answer_full(self.imp, &req.query);
                let mut reply = reply_value(&Reply::<G> {
                    id: req.id,
                    body: shorten_error(body),
                });
                // arbiter's own server says why, beside the rule code.
                if let (Some(i), Value::Object(map)) = (illegal, &mut reply) {
                    map.insert("clause".into(), i.clause.into());
                    map.insert("why".into(), shorten_echoes(&i.explanation).into());
                }
                Answered {
                    kind: Some(req.query.kind()),
                    case: req.case,
                    reply,
                }
            }
            Err(e) => Answered {
                kind: None,
                case: None,
                reply: refusal(peek_id(line), &e),
            },
        }
    }
}

/// One line of input, as `serve` reads it.
enum Line {
    /// UTF-8 text, without the line break.
    Text(String),
    /// Bytes that are not UTF-8.
    NotUtf8(Vec<u8>),
    /// More bytes than the limit, not kept.
    TooLong,
}

/// Reads the next line of at most `max` bytes (the line break not counted),
/// skipping the rest of a longer one; `None` at the end of the input.
///
/// Under the `stall-on-long` misbehaviour a line longer than 4 KiB is never
/// read to its end: serving stops reading for good, as an engine that
/// stopped reading would.
fn next_line<R: BufRead>(input: &mut R, max: usize, stall: bool) -> io::Result<Option<Line>> {
    let mut buf = Vec::new();
    if stall {
        let n = io::Read::take(&mut *input, 4097).read_until(b'\n', &mut buf)?;
        if n == 4097 && buf.last() != Some(&b'\n') {
            loop {
                std::thread::sleep(Duration::from_secs(3600));
            }
        }
    }
    // One byte over the limit tells a long line from one exactly `max` long;
    // two make room for the line break.
    let limit = u64::try_from(max).unwrap_or(u64::MAX).saturating_add(2);
    let more = buf.last() != Some(&b'\n');
    if more
        && io::Read::take(&mut *input, limit).read_until(b'\n', &mut buf)? == 0
        && buf.is_empty()
    {
        return Ok(None);
    }
    let ended = buf.last() == Some(&b'\n');
    if ended {
        buf.pop();
    }
    if buf.last() == Some(&b'\r') {
        buf.pop();
    }
    if buf.len() > max {
        if !ended {
            input.skip_until(b'\n')?;
        }
        return Ok(Some(Line::TooLong));
    }
    Ok(Some(match String::from_utf8(buf) {
        Ok(text) => Line::Text(text),
        Err(e) => Line::NotUtf8(e.into_bytes()),
    }))
}

/// The property the `serve_lines` fuzz target checks, on the input `bytes`
/// with lines of at most `max_line` bytes: serving never fails nor panics,
/// and every line but the blank ones gets exactly one reply, in order, each
/// one line of JSON with `"protocol": 1` and an id.
pub fn check_serve<G: Rules>(imp: &dyn Implementation<G>, bytes: &[u8], max_line: usize) {
    let mut out = Vec::new();
    serve_with_limit(imp, bytes, &mut out, None, max_line)
        .expect("serving a byte slice never fails");
    let text = String::from_utf8(out).expect("replies are UTF-8");
    let mut lines = bytes.split(|&b| b == b'\n').collect::<Vec<_>>();
    if bytes.ends_with(b"\n") || bytes.is_empty() {
        lines.pop();
    }
    // Blank: not too long, and white space once the line break is dropped.
    let blank = |l: &[u8]| {
        let l = l.strip_suffix(b"\r").unwrap_or(l);
        l.len() <= max_line && std::str::from_utf8(l).is_ok_and(|t| t.trim().is_empty())
    };
    let expected = lines.iter().filter(|l| !blank(l)).count();
    let replies: Vec<&str> = text.lines().collect();
    assert_eq!(replies.len(), expected, "one reply per request line");
    for r in replies {
        let v: Value = serde_json::from_str(r).expect("a reply is JSON");
        assert_eq!(
            v["protocol"],
            super::VERSION,
            "a reply speaks protocol 1: {r}"
        );
        assert!(v["id"].is_u64(), "a reply has an id: {r}");
    }
}

/// Appends `pid` to the pid file, if there is one.
fn note_pid(file: Option<&Path>, pid: u32) -> io::Result<()> {
    if let Some(path) = file {
        let mut f = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)?;
        writeln!(f, "{pid}")?;
    }
    Ok(())
}

/// Starts `sleep 60`: with our standard output when `holding`, else in a
/// session of its own with no standard streams.
fn start_child(m: &Misbehaviour, holding: bool) -> io::Result<()> {
    let mut cmd = Command::new("sleep");
    cmd.arg("60").stdin(Stdio::null()).stderr(Stdio::null());
    if holding {
        cmd.stdout(Stdio::inherit());
    } else {
        cmd.stdout(Stdio::null());
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            // SAFETY: setsid(2) is async-signal-safe and touches no memory.
            unsafe {
                cmd.pre_exec(|| {
                    if libc::setsid() < 0 {
                        return Err(io::Error::last_os_error());
                    }
                    Ok(())
                });
            }
        }
    }
    let child = cmd.spawn()?;
    note_pid(m.pid_file.as_deref(), child.id())
}

/// Writes `line` without end (until the reader goes away).
fn endless(output: &mut impl Write, line: &str) -> io::Result<()> {
    let chunk = line.repeat(8192);
    loop {
        output.write_all(chunk.as_bytes())?;
        output.flush()?;
    }
}

/// The reply line to one request line (without misbehaving).
pub fn answer_line<G: Rules>(imp: &dyn Implementation<G>, line: &str) -> String {
    let single = Single {
        imp,
        default_profile: None,
    };
    single.answer_line(line).reply.to_string()
}

/// Serves requests from `input` until it ends: one reply per line, except
/// for lines empty or of white space only, which get none
/// (`spec/protocol.md`, "Modes"). A line that cannot be read (not UTF-8,
/// longer than [`MAX_LINE`], not a request) gets an error reply, and
/// serving goes on; only a failure to read or write ends it.
pub fn serve<G: Rules>(
    imp: &dyn Implementation<G>,
    input: impl BufRead,
    output: impl Write,
    misbehaviour: Option<&Misbehaviour>,
) -> io::Result<()> {
    serve_with_limit(imp, input, output, misbehaviour, MAX_LINE)
}

/// [`serve`], with lines of at most `max_line` bytes.
pub fn serve_with_limit<G: Rules>(
    imp: &dyn Implementation<G>,
    input: impl BufRead,
    output: impl Write,
    misbehaviour: Option<&Misbehaviour>,
    max_line: usize,
) -> io::Result<()> {
    let single = Single {
        imp,
        default_profile: None,
    };
    serve_lines(&single, input, output, misbehaviour, max_line)
}

/// The line loop of [`serve`], whatever answers the lines.
pub fn serve_lines(
    answerer: &dyn AnswerLine,
    mut input: impl BufRead,
    mut output: impl Write,
    misbehaviour: Option<&Misbehaviour>,
    max_line: usize,
) -> io::Result<()> {
    if let Some(m) = misbehaviour {
        note_pid(m.pid_file.as_deref(), std::process::id())?;
    }
    let stall = misbehaviour.is_some_and(|m| m.kind == Misbehave::StallOnLong);
    while let Some(line) = next_line(&mut input, max_line, stall)? {
        let unread = |reply| Answered {
            kind: None,
            case: None,
            reply,
        };
        let Answered {
            kind: query,
            case,
            reply: mut value,
        } = match line {
            Line::Text(text) if text.trim().is_empty() => continue,
            Line::Text(text) => answerer.answer_line(&text),
            Line::NotUtf8(bytes) => {
                let valid_up_to = std::str::from_utf8(&bytes)
                    .err()
                    .map_or(bytes.len(), |e| e.valid_up_to());
                // The id is echoed when the rest of the line reads as JSON.
                let id = peek_id(&String::from_utf8_lossy(&bytes));
                unread(refusal(id, &ProtocolError::NotUtf8 { valid_up_to }))
            }
            Line::TooLong => unread(refusal(None, &ProtocolError::TooLong { limit: max_line })),
        };
        let id = value.get("id").and_then(Value::as_u64).unwrap_or(0);
        let bad = misbehaviour.filter(|m| m.applies(case.as_deref()));
        if let (Some(m), Some(q)) = (bad, query)
            && m.kind == Misbehave::Decline
            && q != QueryKind::Hello
        {
            value = error_value(
                id,
                ErrorKind::Unsupported,
                "declined on purpose (--misbehave decline)",
            );
        }
        let mut text = None;
        if let (Some(m), Some(QueryKind::Hello)) = (misbehaviour, query)
            && m.kind == Misbehave::ControlChars
        {
            value["name"] = Value::from(format!("engine{CONTROL_TEXT}"));
        }
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
                    if let (Some(q), Value::Object(map)) = (query, &mut value) {
                        let drop: &[&str] = match q {
                            QueryKind::Hello => &["name"],
                            QueryKind::LegalMoves => &["legal-moves"],
                            QueryKind::Judge => &["verdict"],
                            QueryKind::State => &[],
                        };
                        for k in drop {
                            map.remove(*k);
                        }
                        if q == QueryKind::State {
                            // Every field the game's state reply has.
                            map.retain(|k, _| k == "protocol" || k == "id");
                        }
                    }
                }
                Misbehave::WrongVersion => value["protocol"] = Value::from(2),
                Misbehave::StringVersion => value["protocol"] = Value::from("1"),
                Misbehave::WrongId => value["id"] = Value::from(id.wrapping_add(1000)),
                Misbehave::Slow => std::thread::sleep(Duration::from_millis(300)),
                Misbehave::DropMove => {
                    if let Some(Value::Array(moves)) = value.get_mut("legal-moves") {
                        moves.pop();
                    }
                }
                Misbehave::EndlessLines => endless(&mut output, "endless\n")?,
                Misbehave::EndlessBlankLines => endless(&mut output, "\n")?,
                Misbehave::StallOnLong => {}
                Misbehave::HoldingChild => start_child(m, true)?,
                Misbehave::DetachedChild => start_child(m, false)?,
                Misbehave::DetachedHang => {
                    start_child(m, false)?;
                    loop {
                        std::thread::sleep(Duration::from_secs(3600));
                    }
                }
                Misbehave::ControlChars => {
                    eprintln!("arbiter serve: {CONTROL_TEXT}\rFAIL nothing");
                    text = Some(format!("not a reply{CONTROL_TEXT}"));
                }
                Misbehave::Decline => {}
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
