//! Helpers shared by the integration tests: run the arbiter binary, time
//! their bounds, find python3, keep proptest's failures.

#![allow(dead_code)]

use std::path::PathBuf;
use std::process::Command;

/// The arbiter binary under test.
pub fn arbiter() -> &'static str {
    env!("CARGO_BIN_EXE_arbiter")
}

/// A path inside the repository.
pub fn repo(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(rel)
}

/// The harness's own small corpus.
pub fn small_corpus() -> String {
    repo("tests/data/harness/corpus").display().to_string()
}

/// Runs `arbiter ARGS`; returns stdout, stderr and the exit code.
pub fn run(args: &[&str]) -> (String, String, i32) {
    let out = Command::new(arbiter())
        .args(args)
        .current_dir(repo(""))
        .output()
        .expect("arbiter runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

/// Runs `arbiter conform CONFORM_ARGS -- arbiter serve SERVE_ARGS` with JSON
/// output and returns the parsed report and the exit code.
pub fn conform_serve(conform_args: &[&str], serve_args: &[&str]) -> (serde_json::Value, i32) {
    let mut args = vec!["conform", "--format", "json"];
    args.extend_from_slice(conform_args);
    args.push("--");
    args.push(arbiter());
    args.push("serve");
    args.extend_from_slice(serve_args);
    let (stdout, stderr, code) = run(&args);
    let report = serde_json::from_str(&stdout)
        .unwrap_or_else(|e| panic!("report is not JSON ({e}):\n{stdout}\nstderr:\n{stderr}"));
    (report, code)
}

/// `id -> status` of every case of a JSON report.
pub fn statuses(report: &serde_json::Value) -> Vec<(String, String)> {
    report["cases"]
        .as_array()
        .expect("cases")
        .iter()
        .map(|c| {
            (
                c["id"].as_str().unwrap().to_string(),
                c["status"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// A fresh empty directory under the system's temporary directory.
pub fn temp_dir(tag: &str) -> PathBuf {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static N: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "arbiter-test-{tag}-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::SeqCst)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// How a bounded run of the arbiter binary went.
#[derive(Debug)]
pub struct Bounded {
    pub stdout: String,
    pub stderr: String,
    /// The exit code; `None` when it was killed (by a signal or the watchdog).
    pub code: Option<i32>,
    /// Whether the watchdog had to kill it.
    pub overran: bool,
    /// Wall-clock time until it ended.
    pub elapsed: std::time::Duration,
    /// Peak resident memory of the process (and of the children it waited
    /// for), in bytes, from wait4(2).
    pub max_rss: u64,
}

/// A running arbiter binary, its output going to files.
pub struct Started {
    pub pid: i32,
    out: PathBuf,
    err: PathBuf,
    start: std::time::Instant,
}

/// Starts `arbiter ARGS` with its output in files under `dir`.
pub fn start(args: &[&str], dir: &std::path::Path) -> Started {
    let out = dir.join("stdout");
    let err = dir.join("stderr");
    let child = Command::new(arbiter())
        .args(args)
        .current_dir(repo(""))
        .stdin(std::process::Stdio::null())
        .stdout(std::fs::File::create(&out).unwrap())
        .stderr(std::fs::File::create(&err).unwrap())
        .spawn()
        .expect("arbiter starts");
    let pid = child.id() as i32;
    // The child is reaped with wait4 below, for its resource usage.
    std::mem::forget(child);
    Started {
        pid,
        out,
        err,
        start: std::time::Instant::now(),
    }
}

impl Started {
    /// Waits for the process to end, killing it after `limit`.
    pub fn finish(self, limit: std::time::Duration) -> Bounded {
        let mut status = 0;
        // SAFETY: rusage is plain data that wait4 fills in.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        let mut overran = false;
        loop {
            // SAFETY: wait4 on our own child, with valid out-pointers.
            let r = unsafe { libc::wait4(self.pid, &mut status, libc::WNOHANG, &mut usage) };
            if r == self.pid {
                break;
            }
            assert!(r == 0, "wait4 failed");
            if self.start.elapsed() > limit && !overran {
                overran = true;
                // SAFETY: signals our own child.
                unsafe { libc::kill(self.pid, libc::SIGKILL) };
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        let elapsed = self.start.elapsed();
        let code = libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status));
        Bounded {
            stdout: std::fs::read_to_string(&self.out).unwrap_or_default(),
            stderr: std::fs::read_to_string(&self.err).unwrap_or_default(),
            code,
            overran,
            elapsed,
            max_rss: usage.ru_maxrss as u64 * 1024,
        }
    }
}

/// Runs `arbiter ARGS`, killing it after `limit`.
pub fn run_bounded(args: &[&str], limit: std::time::Duration) -> Bounded {
    let dir = temp_dir("run");
    let b = start(args, &dir).finish(limit);
    let _ = std::fs::remove_dir_all(&dir);
    b
}

/// The pids listed in a pid file (`arbiter serve --pid-file`).
pub fn pids(file: &std::path::Path) -> Vec<i32> {
    std::fs::read_to_string(file)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.trim().parse().ok())
        .collect()
}

/// Whether a process runs (a zombie, which only awaits its parent's wait,
/// does not count).
pub fn alive(pid: i32) -> bool {
    // SAFETY: signal 0 only checks that the process exists.
    if unsafe { libc::kill(pid, 0) } != 0 {
        return false;
    }
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => stat
            .rsplit_once(") ")
            .is_none_or(|(_, rest)| !rest.starts_with('Z')),
        Err(_) => true,
    }
}

/// Waits up to `limit` for every pid to be gone; returns those still alive.
pub fn survivors(pids: &[i32], limit: std::time::Duration) -> Vec<i32> {
    let start = std::time::Instant::now();
    loop {
        let alive: Vec<i32> = pids.iter().copied().filter(|p| alive(*p)).collect();
        if alive.is_empty() || start.elapsed() > limit {
            for p in &alive {
                // SAFETY: ends a stray left by the harness under test.
                unsafe { libc::kill(*p, libc::SIGKILL) };
            }
            return alive;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// The one time scale of the timing tests. Every deadline a test gives the
/// harness, and every bound it asserts on wall time, is a multiple of it,
/// so a machine slower than the ones the bases were chosen on (two cores
/// under a load of 8 to 12) can stretch them all at once:
/// `ARBITER_TEST_TIME_SCALE=3 cargo test`. Bounds that compare with a
/// misbehaviour's own fixed time (a child that sleeps 60 s) are not scaled:
/// they assert an order, not a speed.
#[allow(dead_code)]
pub fn time_scale() -> u32 {
    std::env::var("ARBITER_TEST_TIME_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .filter(|&n: &u32| n >= 1)
        .unwrap_or(1)
}

/// `n` seconds on the tests' time scale.
#[allow(dead_code)]
pub fn secs(n: u64) -> std::time::Duration {
    std::time::Duration::from_secs(n * u64::from(time_scale()))
}

/// `n` seconds on the tests' time scale, spelled for `--timeout`.
#[allow(dead_code)]
pub fn timeout_arg(n: u64) -> String {
    format!("{}s", n * u64::from(time_scale()))
}

/// Whether `python3` runs here. Without it a test that needs it says so and
/// passes, except where `ARBITER_REQUIRE_PYTHON` is set (CI sets it after
/// installing python3): there a missing python3 fails the test, so a check
/// cannot silently stop running.
#[allow(dead_code)]
pub fn python3_available() -> bool {
    let ok = std::process::Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        assert!(
            std::env::var_os("ARBITER_REQUIRE_PYTHON").is_none(),
            "ARBITER_REQUIRE_PYTHON is set but python3 does not run"
        );
        eprintln!("SKIPPED: python3 is not installed");
    }
    ok
}

/// Where a `proptest!` of these tests keeps the failing cases it finds:
/// beside its source file, as `<file>.proptest-regressions` (committed;
/// read and rerun before new cases). Proptest's default would look for a
/// `proptest-regressions/` directory beside `tests/<binary>/`, the directory
/// of the `main.rs` above the file.
pub fn regressions_beside_source() -> Option<Box<dyn proptest::test_runner::FailurePersistence>> {
    Some(Box::new(
        proptest::test_runner::FileFailurePersistence::WithSource("proptest-regressions"),
    ))
}
