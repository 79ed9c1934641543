//! An implementation that runs as a command, in either protocol mode.
//!
//! The harness must never hang and never lose other cases' results, whatever
//! the command does. So every read has a deadline (a reader thread feeds a
//! channel, the caller waits with a timeout), the command runs in its own
//! process group so a timeout kills its children too, and after any trouble
//! a persistent process is killed and started afresh for the next request.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::protocol::message::QueryKind;

use super::subject::{Subject, Trouble, TroubleKind};

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

/// Longest reply line read; anything longer is an error, not a memory blow-up.
const MAX_LINE: u64 = 16 << 20;
/// How much of standard error is kept for reports.
const STDERR_TAIL: usize = 2048;

/// What the stdout reader thread sees.
enum Line {
    Text(String),
    TooLong,
    Eof,
}

struct Running {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Line>,
    stderr: Arc<Mutex<Vec<u8>>>,
    stderr_done: Receiver<()>,
}

impl Running {
    fn spawn(argv: &[String]) -> std::io::Result<Running> {
        let mut cmd = Command::new(&argv[0]);
        cmd.args(&argv[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            cmd.process_group(0);
        }
        let mut child = cmd.spawn()?;
        let stdout = child.stdout.take().expect("piped");
        let mut stderr_pipe = child.stderr.take().expect("piped");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut buf = Vec::new();
                match (&mut reader).take(MAX_LINE).read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => {
                        let _ = tx.send(Line::Eof);
                        return;
                    }
                    Ok(_) => {
                        if buf.last() != Some(&b'\n') && buf.len() as u64 >= MAX_LINE {
                            let _ = tx.send(Line::TooLong);
                            return;
                        }
                        let text = String::from_utf8_lossy(&buf)
                            .trim_end_matches(['\n', '\r'])
                            .to_string();
                        if tx.send(Line::Text(text)).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let (done_tx, stderr_done) = channel();
        let sink = Arc::clone(&stderr);
        std::thread::spawn(move || {
            let mut chunk = [0u8; 4096];
            while let Ok(n) = stderr_pipe.read(&mut chunk) {
                if n == 0 {
                    break;
                }
                let mut tail = sink.lock().unwrap_or_else(|e| e.into_inner());
                tail.extend_from_slice(&chunk[..n]);
                if tail.len() > STDERR_TAIL {
                    let cut = tail.len() - STDERR_TAIL;
                    tail.drain(..cut);
                }
            }
            let _ = done_tx.send(());
        });
        let stdin = child.stdin.take();
        Ok(Running {
            child,
            stdin,
            lines,
            stderr,
            stderr_done,
        })
    }

    /// Kills the whole process group and reaps the child.
    fn kill(&mut self) {
        #[cfg(unix)]
        {
            if let Ok(pid) = i32::try_from(self.child.id()) {
                // SAFETY: kill(2) with a negative pid signals the process
                // group we created for this child; it touches no memory.
                unsafe {
                    libc::kill(-pid, libc::SIGKILL);
                }
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Waits for the child to exit until `deadline`.
    fn wait_until(&mut self, deadline: Instant) -> Option<ExitStatus> {
        loop {
            match self.child.try_wait() {
                Ok(Some(s)) => return Some(s),
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(2))
                }
                _ => return None,
            }
        }
    }

    /// The end of standard error, once the stream has ended (or after a
    /// short grace period when some other process still holds it).
    fn stderr_tail(&self) -> Option<String> {
        let _ = self.stderr_done.recv_timeout(Duration::from_millis(200));
        let tail = self.stderr.lock().unwrap_or_else(|e| e.into_inner());
        let text = String::from_utf8_lossy(&tail).trim().to_string();
        (!text.is_empty()).then_some(text)
    }

    fn trouble(&self, kind: TroubleKind, message: String) -> Trouble {
        Trouble {
            kind,
            message,
            stderr: self.stderr_tail(),
        }
    }
}

/// How a process ended, in words.
fn describe_exit(status: ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(sig) = status.signal() {
            return format!("was killed by signal {sig}");
        }
    }
    match status.code() {
        Some(c) => format!("exited with status {c}"),
        None => "exited".to_string(),
    }
}

/// A command speaking the protocol.
pub struct ProcessSubject {
    argv: Vec<String>,
    mode: Mode,
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
            running: None,
            last_stderr: None,
        }
    }

    fn spawn(&self) -> Result<Running, Trouble> {
        Running::spawn(&self.argv).map_err(|e| {
            Trouble::new(
                TroubleKind::Crash,
                format!("cannot start `{}`: {e}", self.argv.join(" ")),
            )
        })
    }

    fn ask_per_case(
        &mut self,
        line: &str,
        query: QueryKind,
        deadline: Instant,
    ) -> Result<String, Trouble> {
        let mut r = self.spawn()?;
        if let Some(mut stdin) = r.stdin.take() {
            // A process that exits without reading makes this fail; its exit
            // status says more than the broken pipe.
            let _ = writeln!(stdin, "{line}");
        }
        let mut text = String::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match r.lines.recv_timeout(left) {
                Ok(Line::Text(t)) => {
                    text.push_str(&t);
                    text.push('\n');
                }
                Ok(Line::Eof) | Err(RecvTimeoutError::Disconnected) => break,
                Ok(Line::TooLong) => {
                    r.kill();
                    return Err(r.trouble(
                        TroubleKind::Error,
                        format!("the reply is longer than {MAX_LINE} bytes"),
                    ));
                }
                Err(RecvTimeoutError::Timeout) => {
                    r.kill();
                    return Err(r.trouble(
                        TroubleKind::Timeout,
                        format!("no complete reply to {} in time", query.as_str()),
                    ));
                }
            }
        }
        let Some(status) = r.wait_until(deadline) else {
            r.kill();
            return Err(r.trouble(
                TroubleKind::Timeout,
                "the process closed its output but did not exit in time".into(),
            ));
        };
        if !status.success() {
            return Err(r.trouble(
                TroubleKind::Crash,
                format!(
                    "the process {} while answering {}",
                    describe_exit(status),
                    query.as_str()
                ),
            ));
        }
        if text.trim().is_empty() {
            return Err(r.trouble(
                TroubleKind::Crash,
                format!("the process exited without answering {}", query.as_str()),
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
        let sent = match r.stdin.as_mut() {
            Some(stdin) => writeln!(stdin, "{line}").and_then(|_| stdin.flush()),
            None => Err(std::io::ErrorKind::BrokenPipe.into()),
        };
        let result = if sent.is_err() {
            Err(Self::died(r, query, deadline))
        } else {
            loop {
                let left = deadline.saturating_duration_since(Instant::now());
                match r.lines.recv_timeout(left) {
                    Ok(Line::Text(t)) if t.trim().is_empty() => continue,
                    Ok(Line::Text(t)) => break Ok(t),
                    Ok(Line::TooLong) => {
                        break Err(Trouble::new(
                            TroubleKind::Error,
                            format!("the reply is longer than {MAX_LINE} bytes"),
                        ));
                    }
                    Ok(Line::Eof) | Err(RecvTimeoutError::Disconnected) => {
                        break Err(Self::died(r, query, deadline));
                    }
                    Err(RecvTimeoutError::Timeout) => {
                        break Err(Trouble::new(
                            TroubleKind::Timeout,
                            format!("no reply to {} in time", query.as_str()),
                        ));
                    }
                }
            }
        };
        if let Err(mut t) = result {
            // The stream may be out of step now: start afresh next time.
            let mut r = self.running.take().expect("running");
            r.kill();
            if t.stderr.is_none() {
                t.stderr = r.stderr_tail();
            }
            return Err(t);
        }
        result
    }

    /// The trouble when a persistent process stopped answering by going away.
    fn died(r: &mut Running, query: QueryKind, deadline: Instant) -> Trouble {
        let wait = deadline.min(Instant::now() + Duration::from_millis(500));
        let how = match r.wait_until(wait) {
            Some(status) => describe_exit(status),
            None => "closed its output".to_string(),
        };
        r.trouble(
            TroubleKind::Crash,
            format!("the process {how} while answering {}", query.as_str()),
        )
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
            drop(r.stdin.take());
            if r.wait_until(Instant::now() + Duration::from_millis(500))
                .is_none()
            {
                r.kill();
            }
        }
    }
}
