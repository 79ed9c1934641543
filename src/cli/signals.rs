//! Ctrl-C (SIGINT), SIGTERM and SIGHUP during a long run. The handler only
//! notes which signal came and writes a byte to a pipe; a thread of its own
//! waits on the pipe and does the work (ending processes, printing), where
//! that is safe. Unlike the `ctrlc` crate this replaced, the work learns
//! the signal, so that the run exits with 128 + its number, as a shell
//! reports a process killed by it: 130 for SIGINT, 143 for SIGTERM, 129
//! for SIGHUP.

use std::sync::atomic::{AtomicI32, Ordering};

/// The last signal the handler saw.
static SIGNAL: AtomicI32 = AtomicI32::new(0);
/// The pipe's writing end, or -1 before `on_termination`.
static WAKE: AtomicI32 = AtomicI32::new(-1);

/// The signals a run ends on.
pub const SIGNALS: [libc::c_int; 3] = [libc::SIGINT, libc::SIGTERM, libc::SIGHUP];

extern "C" fn note(signal: libc::c_int) {
    // Lock-free atomics and write(2) are async-signal-safe.
    SIGNAL.store(signal, Ordering::SeqCst);
    let fd = WAKE.load(Ordering::SeqCst);
    if fd >= 0 {
        let byte = 0u8;
        // SAFETY: writes one byte from a live local to our own pipe.
        unsafe { libc::write(fd, (&raw const byte).cast(), 1) };
    }
}

/// The exit status for a run ended by `signal`: 128 + its number.
pub fn exit_status(signal: i32) -> i32 {
    128 + signal
}

/// Calls `work` with the signal's number, on a thread of its own, the first
/// time SIGINT, SIGTERM or SIGHUP arrives. `work` usually ends the process.
pub fn on_termination(work: impl FnOnce(i32) + Send + 'static) -> std::io::Result<()> {
    let mut fds = [0; 2];
    // SAFETY: pipe(2) fills the two descriptors of a live array.
    if unsafe { libc::pipe(fds.as_mut_ptr()) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    for fd in fds {
        // SAFETY: marks our own fresh descriptors close-on-exec, so that no
        // child process inherits them.
        unsafe { libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC) };
    }
    let [read_end, write_end] = fds;
    WAKE.store(write_end, Ordering::SeqCst);
    std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            let mut byte = 0u8;
            loop {
                // SAFETY: reads one byte into a live local from our pipe.
                let n = unsafe { libc::read(read_end, (&raw mut byte).cast(), 1) };
                if n == 1 {
                    work(SIGNAL.load(Ordering::SeqCst));
                    return;
                }
                if n == 0
                    || std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted
                {
                    return;
                }
            }
        })?;
    for signal in SIGNALS {
        // SAFETY: a zeroed sigaction is a valid value to fill in; `note`
        // is async-signal-safe (see above).
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = note as extern "C" fn(libc::c_int) as usize;
            action.sa_flags = libc::SA_RESTART;
            libc::sigemptyset(&raw mut action.sa_mask);
            if libc::sigaction(signal, &raw const action, std::ptr::null_mut()) != 0 {
                return Err(std::io::Error::last_os_error());
            }
        }
    }
    Ok(())
}
