//! `arbiter supervise`: the parent of every engine the harness runs, so that
//! nothing the engine starts outlives it.
//!
//! A process group is not enough: an engine's child may start a session of
//! its own (setsid) and leave the group, and once the engine exits its
//! children belong to init. So the harness runs `arbiter supervise -- CMD`,
//! which marks itself a *child subreaper* (Linux's `PR_SET_CHILD_SUBREAPER`):
//! every orphan below it is re-parented to it, whatever group or session it
//! is in. It starts the command with the harness's pipes, waits for it, and
//! then kills whatever is left below it. It does the same at once on
//! SIGTERM (the harness's timeout and Ctrl-C), and when the harness dies
//! (`PR_SET_PDEATHSIG`). What it did it writes as the last line of standard
//! error, after the command and everything it started have ended: a
//! [`MARKER`] then [`Fact`]s separated by tabs. (Standard error, and not a
//! pipe of its own, because passing one more descriptor would make the
//! harness fork instead of spawning, which costs milliseconds per request.)

use std::io::Write;
use std::os::unix::process::CommandExt;
use std::process::Command;

use super::escape::visible;
use super::proctree;

/// How the supervisor's report line starts.
pub const MARKER: &str = "\u{1f}arbiter-supervise:";
/// At most this many processes left behind are named one by one.
const NAMED: usize = 20;

/// One line of the supervisor's report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fact {
    /// The command could not be started (the OS's reason).
    CannotStart(String),
    /// The command exited with this status.
    Exit(i32),
    /// The command was killed by this signal (not by the supervisor).
    Signal(i32),
    /// The supervisor was told to stop and killed the command.
    Ended,
    /// A process left behind, killed: pid and command name.
    Stray(i32, String),
    /// This many more processes left behind, killed, not named.
    More(usize),
}

impl Fact {
    /// The line for the report (without its line break).
    pub fn line(&self) -> String {
        match self {
            Fact::CannotStart(m) => format!("cannot-start {}", visible(m)),
            Fact::Exit(c) => format!("exit {c}"),
            Fact::Signal(s) => format!("signal {s}"),
            Fact::Ended => "ended".into(),
            Fact::Stray(pid, comm) => format!("stray {pid} {}", visible(comm)),
            Fact::More(n) => format!("more {n}"),
        }
    }

    /// Reads a line of the report; `None` for anything else.
    pub fn parse(line: &str) -> Option<Fact> {
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        Some(match word {
            "cannot-start" => Fact::CannotStart(rest.into()),
            "exit" => Fact::Exit(rest.parse().ok()?),
            "signal" => Fact::Signal(rest.parse().ok()?),
            "ended" => Fact::Ended,
            "stray" => {
                let (pid, comm) = rest.split_once(' ').unwrap_or((rest, ""));
                Fact::Stray(pid.parse().ok()?, comm.into())
            }
            "more" => Fact::More(rest.parse().ok()?),
            _ => return None,
        })
    }
}

/// The report line for `facts`.
pub fn report_line(facts: &[Fact]) -> String {
    let facts: Vec<String> = facts.iter().map(Fact::line).collect();
    format!("{MARKER} {}", facts.join("\t"))
}

/// The facts of the report at the end of `stderr`, and where the report
/// starts; `None` when there is none.
pub fn read_report(stderr: &[u8]) -> Option<(usize, Vec<Fact>)> {
    let marker = MARKER.as_bytes();
    let at = stderr.windows(marker.len()).rposition(|w| w == marker)?;
    let text = String::from_utf8_lossy(&stderr[at + marker.len()..]);
    let facts = text.trim().split('\t').filter_map(Fact::parse).collect();
    Some((at, facts))
}

/// The signals the supervisor waits for instead of handling them.
fn signal_set() -> libc::sigset_t {
    // SAFETY: sigset_t is plain data; sigemptyset/sigaddset initialise it.
    unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        for s in [libc::SIGCHLD, libc::SIGTERM, libc::SIGINT, libc::SIGHUP] {
            libc::sigaddset(&mut set, s);
        }
        set
    }
}

/// Kills every process below the supervisor until none is left, and returns
/// those it killed (the command itself excepted). Each round kills the
/// direct children and waits for them; their own children are re-parented
/// to the supervisor meanwhile, and are the next round's.
fn end_all(command: i32) -> Vec<(i32, String)> {
    let me = std::process::id() as i32;
    let mut killed = Vec::new();
    for _ in 0..10_000 {
        // No child at all (the usual case): no need to read the tree.
        // SAFETY: waitpid(2) with WNOHANG reaps nothing that is running.
        let none = unsafe { libc::waitpid(-1, std::ptr::null_mut(), libc::WNOHANG) } < 0;
        if none {
            break;
        }
        let kids = proctree::children(me);
        if kids.is_empty() {
            break;
        }
        for k in &kids {
            // SAFETY: kill(2) and waitpid(2) on our own children.
            unsafe { libc::kill(k.pid, libc::SIGKILL) };
            if k.pid != command && !k.zombie {
                killed.push((k.pid, k.comm.clone()));
            }
        }
        for k in &kids {
            // SAFETY: as above; a null status pointer is allowed.
            unsafe { libc::waitpid(k.pid, std::ptr::null_mut(), 0) };
        }
    }
    killed
}

/// Runs `argv` under supervision for the harness process `parent`, and
/// returns the exit status for the supervisor itself (the command's, or
/// 128 + its signal).
pub fn run(parent: u32, argv: &[String]) -> i32 {
    let mut facts = Vec::new();
    let report = |facts: &[Fact]| {
        let mut err = std::io::stderr().lock();
        let _ = writeln!(err, "{}", report_line(facts));
        let _ = err.flush();
    };
    let Some((program, args)) = argv.split_first() else {
        report(&[Fact::CannotStart("no command given".into())]);
        return 127;
    };
    let set = signal_set();
    // SAFETY: blocking signals in this single-threaded process; they stay
    // pending until sigwaitinfo takes them.
    unsafe { libc::sigprocmask(libc::SIG_BLOCK, &set, std::ptr::null_mut()) };
    #[cfg(target_os = "linux")]
    // SAFETY: prctl(2) with these options only sets flags of this process.
    unsafe {
        libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGTERM, 0, 0, 0);
    }
    // The harness may have died before the death signal was asked for.
    // SAFETY: getppid(2) has no preconditions.
    if unsafe { libc::getppid() } as u32 != parent {
        return 1;
    }
    let mut cmd = Command::new(program);
    cmd.args(args);
    // SAFETY: sigprocmask(2) is async-signal-safe. A blocked mask is
    // inherited across exec: the command must get signals as usual.
    unsafe {
        cmd.pre_exec(|| {
            let mut none: libc::sigset_t = std::mem::zeroed();
            libc::sigemptyset(&mut none);
            libc::sigprocmask(libc::SIG_SETMASK, &none, std::ptr::null_mut());
            Ok(())
        });
    }
    let command = match cmd.spawn() {
        Ok(c) => c.id() as i32,
        Err(e) => {
            report(&[Fact::CannotStart(e.to_string())]);
            return 127;
        }
    };
    // The supervisor's own copies of the pipes must not keep them open: the
    // harness sees the output end when the command and its children end it.
    if let Ok(null) = std::fs::File::open("/dev/null") {
        use std::os::fd::AsRawFd;
        // SAFETY: dup2(2) onto our own standard input and output.
        unsafe {
            libc::dup2(null.as_raw_fd(), 0);
            libc::dup2(null.as_raw_fd(), 1);
        }
    }
    let mut status = None;
    let mut ended = false;
    while status.is_none() && !ended {
        // SAFETY: siginfo_t is plain data that sigwaitinfo fills in.
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        // SAFETY: waits for one of the blocked signals of `set`.
        let sig = unsafe { libc::sigwaitinfo(&set, &mut info) };
        if sig == libc::SIGCHLD || sig < 0 {
            // Reap whatever ended; the signals of several may have merged.
            loop {
                let mut st = 0;
                // SAFETY: waitpid(2) on any child of ours, not blocking.
                let pid = unsafe { libc::waitpid(-1, &mut st, libc::WNOHANG) };
                if pid <= 0 {
                    break;
                }
                if pid == command {
                    status = Some(st);
                }
            }
        } else {
            ended = true;
        }
    }
    let strays = end_all(command);
    let code = match status {
        _ if ended => {
            facts.push(Fact::Ended);
            128 + libc::SIGTERM
        }
        Some(st) if libc::WIFSIGNALED(st) => {
            facts.push(Fact::Signal(libc::WTERMSIG(st)));
            128 + libc::WTERMSIG(st)
        }
        Some(st) => {
            facts.push(Fact::Exit(libc::WEXITSTATUS(st)));
            libc::WEXITSTATUS(st)
        }
        None => 1,
    };
    let named = strays.len().min(NAMED);
    for (pid, comm) in &strays[..named] {
        facts.push(Fact::Stray(*pid, comm.clone()));
    }
    if strays.len() > named {
        facts.push(Fact::More(strays.len() - named));
    }
    report(&facts);
    code
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facts_read_back() {
        for f in [
            Fact::CannotStart("No such file or directory (os error 2)".into()),
            Fact::Exit(3),
            Fact::Signal(6),
            Fact::Ended,
            Fact::Stray(42, "sleep it off".into()),
            Fact::More(7),
        ] {
            assert_eq!(Fact::parse(&f.line()), Some(f));
        }
        assert_eq!(Fact::parse("nonsense"), None);
    }

    #[test]
    fn the_report_is_found_after_the_commands_own_errors() {
        let facts = vec![Fact::Exit(0), Fact::Stray(9, "sh".into())];
        let fake = report_line(&[Fact::Exit(3)]);
        let err = format!("oops\n{fake}\nmore\n{}\n", report_line(&facts));
        let (at, read) = read_report(err.as_bytes()).unwrap();
        assert_eq!(read, facts);
        assert_eq!(&err[..at], format!("oops\n{fake}\nmore\n"));
        assert_eq!(read_report(b"plain"), None);
    }
}
