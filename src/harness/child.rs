//! One running engine process and its three pipes, driven under a deadline.
//!
//! Every wait of the harness on an engine is a `poll(2)` on non-blocking
//! pipes with the time left until the deadline, so nothing the engine does
//! (write without end, stop reading a large request, keep its output open
//! from a child) can hold the harness past it. Reading is bounded: a reply
//! may not pass [`MAX_REPLY`] bytes, and standard error keeps only its end.
//! No thread and no unbounded buffer is involved.
//!
//! The engine runs under `arbiter supervise` ([`super::supervise`]) when
//! the harness knows where the arbiter binary is: then everything the engine
//! starts is ended with it. Otherwise it runs in a process group of its own,
//! which is ended as a whole.

use std::collections::BTreeSet;
use std::io::{ErrorKind, Read, Write};
use std::os::fd::AsRawFd;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::Path;
use std::process::{Child, ChildStderr, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::proctree;
use super::supervise::{Fact, read_report};

/// The longest reply read, in bytes (16 MiB), blank lines before it
/// included; an engine that writes more is reported as an error.
pub const MAX_REPLY: usize = 16 << 20;
/// How much of standard error is kept for reports.
const STDERR_TAIL: usize = 2048;
/// How long a stopped supervisor may take to end everything below it.
const END_GRACE: Duration = Duration::from_secs(2);

/// The processes the harness has running (supervisors or process-group
/// leaders), so that a signal can end them all; and whether the harness is
/// stopping, after which nothing new is started.
static LIVE: Mutex<(BTreeSet<i32>, bool)> = Mutex::new((BTreeSet::new(), false));

/// Processes ended because an engine left them behind, by name, for the
/// run's closing note.
static LEFT_BEHIND: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// Takes the names of the processes ended so far because an engine left
/// them behind.
pub fn take_left_behind() -> Vec<String> {
    std::mem::take(&mut *LEFT_BEHIND.lock().unwrap_or_else(|e| e.into_inner()))
}

/// Whether [`end_everything`] has been called: the run is being stopped, and
/// whatever the workers report now is only the stop's echo.
pub fn is_stopping() -> bool {
    LIVE.lock().unwrap_or_else(|e| e.into_inner()).1
}

/// Ends every process the harness has running, and everything below them,
/// and starts nothing more; returns the names of the processes ended (the
/// supervisors not counted). For a signal handler: the workers waiting on
/// these processes see them end and finish their cases.
pub fn end_everything() -> Vec<String> {
    let live: Vec<i32> = {
        let mut guard = LIVE.lock().unwrap_or_else(|e| e.into_inner());
        guard.1 = true;
        guard.0.iter().copied().collect()
    };
    let mut names = Vec::new();
    for &pid in &live {
        names.extend(proctree::descendants(pid).into_iter().map(|p| p.comm));
        // SAFETY: signals a process we started (a supervisor ends what is
        // below it on SIGTERM).
        unsafe { libc::kill(pid, libc::SIGTERM) };
    }
    let until = Instant::now() + END_GRACE;
    for &pid in &live {
        while !has_ended(pid) && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(5));
        }
        if !has_ended(pid) {
            // SAFETY: ends the process group we created for it.
            unsafe { libc::kill(-pid, libc::SIGKILL) };
        }
    }
    names
}

/// Whether our child `pid` has exited (without reaping it: its owner does).
fn has_ended(pid: i32) -> bool {
    // SAFETY: siginfo_t is plain data that waitid fills in.
    let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
    // SAFETY: waitid(2) with WNOWAIT leaves the child for its owner to reap.
    let r = unsafe {
        libc::waitid(
            libc::P_PID,
            pid as libc::id_t,
            &mut info,
            libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
        )
    };
    // SAFETY: si_pid is set when waitid found a child.
    r != 0 || unsafe { info.si_pid() } != 0
}

/// Why a wait on the process stopped before what was waited for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The deadline passed.
    Deadline,
    /// Standard output passed [`MAX_REPLY`] bytes.
    TooLong,
}

/// One read of the non-blocking `pipe` into `chunk`: how many bytes came
/// (0 when the read was interrupted, to be tried again), or `None` when
/// nothing more comes for now: the pipe would block, or it is done (at its
/// end or on an error: then `pipe` is `None` from here on).
fn read_some<R: Read>(pipe: &mut Option<R>, chunk: &mut [u8]) -> Option<usize> {
    match pipe.as_mut()?.read(chunk) {
        Ok(0) => {
            *pipe = None;
            None
        }
        Ok(n) => Some(n),
        Err(e) if e.kind() == ErrorKind::Interrupted => Some(0),
        Err(e) if e.kind() == ErrorKind::WouldBlock => None,
        Err(_) => {
            *pipe = None;
            None
        }
    }
}

/// Sets a descriptor non-blocking.
fn nonblocking(fd: i32) {
    // SAFETY: fcntl(2) on a descriptor we own, changing only its flags.
    unsafe {
        let flags = libc::fcntl(fd, libc::F_GETFL);
        libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK);
    }
}

/// A running engine.
pub struct Running {
    child: Child,
    supervised: bool,
    stdin: Option<ChildStdin>,
    stdout: Option<ChildStdout>,
    stderr: Option<ChildStderr>,
    /// Standard output read and not yet taken.
    pub out: Vec<u8>,
    /// Bytes of standard output read since the count was last reset.
    pub taken: usize,
    err_tail: Vec<u8>,
    status: Option<ExitStatus>,
    facts: Vec<Fact>,
    registered: bool,
    close_when_written: bool,
}

impl Running {
    /// Starts `argv`, under `supervisor` (the arbiter binary) if given.
    pub fn spawn(argv: &[String], supervisor: Option<&Path>) -> std::io::Result<Running> {
        let mut cmd = match supervisor {
            Some(exe) => {
                let mut cmd = Command::new(exe);
                cmd.arg("supervise")
                    .arg("--parent")
                    .arg(std::process::id().to_string())
                    .arg("--")
                    .args(argv);
                cmd
            }
            None => {
                let mut cmd = Command::new(&argv[0]);
                cmd.args(&argv[1..]);
                cmd
            }
        };
        cmd.stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0);
        let mut child = {
            let mut live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
            if live.1 {
                return Err(std::io::Error::other("the run is being stopped"));
            }
            let child = cmd.spawn()?;
            live.0.insert(child.id() as i32);
            child
        };
        let stdin = child.stdin.take();
        let stdout = child.stdout.take();
        let stderr = child.stderr.take();
        for fd in [
            stdin.as_ref().map(|f| f.as_raw_fd()),
            stdout.as_ref().map(|f| f.as_raw_fd()),
            stderr.as_ref().map(|f| f.as_raw_fd()),
        ]
        .into_iter()
        .flatten()
        {
            nonblocking(fd);
        }
        Ok(Running {
            child,
            supervised: supervisor.is_some(),
            stdin,
            stdout,
            stderr,
            out: Vec::new(),
            taken: 0,
            err_tail: Vec::new(),
            status: None,
            facts: Vec::new(),
            registered: true,
            close_when_written: false,
        })
    }

    /// Closes standard input: the engine sees the end of its input.
    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// Closes standard input once what [`Running::pump`] writes is written
    /// (per-case mode: the request is all there is).
    pub fn close_stdin_when_written(&mut self) {
        self.close_when_written = true;
    }

    /// Whether standard output has ended.
    pub fn out_ended(&self) -> bool {
        self.stdout.is_none()
    }

    /// The exit status, once the process has exited.
    pub fn exited(&mut self) -> Option<ExitStatus> {
        if self.status.is_none()
            && let Ok(Some(s)) = self.child.try_wait()
        {
            self.status = Some(s);
            self.finished();
        }
        self.status
    }

    /// Moves data until `done` says so, the deadline passes or standard
    /// output passes its limit: writes `input` (advancing it; a closed
    /// input drops the rest), reads standard output into [`Running::out`]
    /// and standard error into its tail.
    pub fn pump(
        &mut self,
        input: &mut &[u8],
        deadline: Instant,
        mut done: impl FnMut(&mut Running) -> bool,
    ) -> Result<(), Stop> {
        let mut chunk = vec![0u8; 64 << 10];
        loop {
            if done(self) {
                return Ok(());
            }
            if self.taken > MAX_REPLY {
                return Err(Stop::TooLong);
            }
            let now = Instant::now();
            if now >= deadline {
                return Err(Stop::Deadline);
            }
            if input.is_empty() || self.stdin.is_none() {
                *input = &[];
            }
            let mut fds = Vec::with_capacity(3);
            if let (Some(w), false) = (&self.stdin, input.is_empty()) {
                fds.push(libc::pollfd {
                    fd: w.as_raw_fd(),
                    events: libc::POLLOUT,
                    revents: 0,
                });
            }
            for fd in [
                self.stdout.as_ref().map(|f| f.as_raw_fd()),
                self.stderr.as_ref().map(|f| f.as_raw_fd()),
            ]
            .into_iter()
            .flatten()
            {
                fds.push(libc::pollfd {
                    fd,
                    events: libc::POLLIN,
                    revents: 0,
                });
            }
            // A process's exit raises no event on these pipes while someone
            // else holds them: look again every few milliseconds.
            let step = if fds.is_empty() { 1 } else { 10 };
            let wait = (deadline - now).min(Duration::from_millis(step));
            let ms = wait.as_millis().max(1) as libc::c_int;
            // SAFETY: fds is a valid array of pollfd of the length given.
            unsafe { libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, ms) };
            self.write_some(input);
            self.read_out(&mut chunk);
            self.read_err(&mut chunk);
            self.exited();
        }
    }

    fn write_some(&mut self, input: &mut &[u8]) {
        let Some(w) = self.stdin.as_mut() else { return };
        while !input.is_empty() {
            match w.write(input) {
                Ok(0) => break,
                Ok(n) => *input = &input[n..],
                Err(e) if e.kind() == ErrorKind::WouldBlock => return,
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                // The engine closed its input: what is left is not read.
                Err(_) => {
                    self.stdin = None;
                    *input = &[];
                    return;
                }
            }
        }
        if input.is_empty() && self.close_when_written {
            self.stdin = None;
        }
    }

    fn read_out(&mut self, chunk: &mut [u8]) {
        // Never past the limit by more than one chunk.
        while self.taken <= MAX_REPLY {
            let Some(n) = read_some(&mut self.stdout, chunk) else {
                return;
            };
            self.out.extend_from_slice(&chunk[..n]);
            self.taken += n;
        }
    }

    fn read_err(&mut self, chunk: &mut [u8]) {
        // At most a few chunks a round, so endless errors do not starve the
        // deadline check.
        for _ in 0..16 {
            let Some(n) = read_some(&mut self.stderr, chunk) else {
                return;
            };
            self.err_tail.extend_from_slice(&chunk[..n]);
            if self.err_tail.len() > STDERR_TAIL {
                let cut = self.err_tail.len() - STDERR_TAIL;
                self.err_tail.drain(..cut);
            }
        }
    }

    /// Waits until the process has exited, until `deadline` at the latest,
    /// taking in (and counting) what it still writes.
    pub fn wait_until(&mut self, deadline: Instant) -> Option<ExitStatus> {
        let _ = self.pump(&mut &[][..], deadline, |r| r.exited().is_some());
        self.exited()
    }

    /// Ends the process and everything it started, and waits for that.
    pub fn kill(&mut self) {
        self.stdin = None;
        if self.exited().is_none() {
            let pid = self.child.id() as i32;
            if self.supervised {
                // SAFETY: the supervisor ends what is below it on SIGTERM.
                unsafe { libc::kill(pid, libc::SIGTERM) };
                self.wait_until(Instant::now() + END_GRACE);
            }
            // SAFETY: ends the process group we created for the process.
            unsafe { libc::kill(-pid, libc::SIGKILL) };
            let _ = self.child.kill();
            if let Ok(s) = self.child.wait() {
                self.status = Some(s);
            }
            self.finished();
        } else if !self.supervised {
            // Whatever is left in its process group.
            // SAFETY: as above.
            unsafe { libc::kill(-(self.child.id() as i32), libc::SIGKILL) };
        }
    }

    /// After the exit: the supervisor's report, and the end of standard
    /// error (briefly: a process left behind may hold it).
    fn finished(&mut self) {
        if std::mem::take(&mut self.registered) {
            let mut live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
            live.0.remove(&(self.child.id() as i32));
        }
        let until = Instant::now() + Duration::from_millis(100);
        let mut chunk = vec![0u8; 64 << 10];
        while self.stderr.is_some() && Instant::now() < until {
            self.read_err(&mut chunk);
            if self.stderr.is_some() {
                std::thread::sleep(Duration::from_millis(2));
            }
        }
        if self.supervised
            && let Some((at, facts)) = read_report(&self.err_tail)
        {
            self.err_tail.truncate(at);
            self.facts = facts;
            if self.facts.contains(&Fact::Ended) {
                // Ended on a timeout: the case's message names them.
                return;
            }
            let mut left = LEFT_BEHIND.lock().unwrap_or_else(|e| e.into_inner());
            left.extend(self.strays().into_iter().map(|(_, n)| n));
            let more = self.facts.iter().map(|f| match f {
                Fact::More(n) => *n,
                _ => 0,
            });
            for _ in 0..more.sum::<usize>() {
                left.push("unnamed".into());
            }
        }
    }

    /// The processes the supervisor had to end because the engine left
    /// them behind: pid and name.
    pub fn strays(&self) -> Vec<(i32, String)> {
        self.facts
            .iter()
            .filter_map(|f| match f {
                Fact::Stray(pid, name) => Some((*pid, name.clone())),
                _ => None,
            })
            .collect()
    }

    /// Why the command could not be started, when the supervisor said so.
    pub fn start_failure(&self) -> Option<&str> {
        self.facts.iter().find_map(|f| match f {
            Fact::CannotStart(m) => Some(m.as_str()),
            _ => None,
        })
    }

    /// How the engine ended, in words (the supervisor's account when there
    /// is one).
    pub fn describe_exit(&self) -> String {
        for f in &self.facts {
            match f {
                Fact::Exit(c) => return format!("exited with status {c}"),
                Fact::Signal(s) => return format!("was killed by signal {s}"),
                _ => {}
            }
        }
        match self.status {
            Some(s) => match (s.signal(), s.code()) {
                (Some(sig), _) => format!("was killed by signal {sig}"),
                (None, Some(c)) => format!("exited with status {c}"),
                (None, None) => "exited".into(),
            },
            None => "is still running".into(),
        }
    }

    /// Whether the engine exited with status 0.
    pub fn succeeded(&self) -> bool {
        if self.supervised {
            self.facts.contains(&Fact::Exit(0))
        } else {
            self.status.is_some_and(|s| s.success())
        }
    }

    /// The end of standard error, if anything was written.
    pub fn stderr_tail(&self) -> Option<String> {
        let text = String::from_utf8_lossy(&self.err_tail).trim().to_string();
        (!text.is_empty()).then_some(text)
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.kill();
    }
}
