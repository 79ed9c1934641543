//! Every input is handled: scenario directories with symbolic-link cycles,
//! unreadable or missing paths, empty selections, and protocol lines that
//! are not UTF-8, empty or huge. Each test here failed on the behaviour it
//! pins down before that was fixed (issue 18, the input half).

mod common;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use arbiter::corpus::load_all;

/// A fresh directory under Cargo's scratch space for integration tests.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("input-robustness")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A valid scenario file with id `rp/<name>`.
fn scenario(dir: &Path, name: &str) -> PathBuf {
    let path = dir.join(format!("{name}.yaml"));
    std::fs::write(
        &path,
        format!(
            "game: stratego\nid: rp/{name}\ntitle: t\nsource: s\nclauses: [RP-1.1]\nsetup:\n  red: {{E4: scout}}\nprobes:\n  - {{move: E4-E5, expect: legal}}\n"
        ),
    )
    .unwrap();
    path
}

#[cfg(unix)]
fn symlink(target: impl AsRef<Path>, link: impl AsRef<Path>) {
    std::os::unix::fs::symlink(target, link).unwrap();
}

/// Runs `arbiter ARGS`, killing it after `limit`: stdout, stderr, the exit
/// code (`None` when it had to be killed).
fn run_within(args: &[&str], stdin: &[u8], limit: Duration) -> (String, String, Option<i32>) {
    let mut child = Command::new(common::arbiter())
        .args(args)
        .current_dir(common::repo(""))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("arbiter starts");
    {
        use std::io::Write;
        let mut input = child.stdin.take().unwrap();
        // A server that died early closes its end: not this test's failure.
        let _ = input.write_all(stdin);
    }
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = out.read_to_end(&mut s);
        s
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = err.read_to_end(&mut s);
        s
    });
    let start = Instant::now();
    let code = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status.code().unwrap_or(-1));
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let stdout = String::from_utf8_lossy(&reader.join().unwrap()).into_owned();
    let stderr = String::from_utf8_lossy(&err_reader.join().unwrap()).into_owned();
    (stdout, stderr, code)
}

fn check_within(args: &[&str]) -> (String, String, Option<i32>) {
    run_within(args, b"", Duration::from_secs(60))
}

// ---------------------------------------------------------------------------
// Discovery

/// Two links to `.` made discovery walk 2^40 paths: `check` printed nothing
/// while its memory grew. Each directory is now walked once.
#[cfg(unix)]
#[test]
fn a_directory_with_two_links_to_itself_is_walked_once() {
    let dir = scratch("two-loops");
    scenario(&dir, "only");
    symlink(".", dir.join("loop1"));
    symlink(".", dir.join("loop2"));
    let d = dir.display().to_string();
    for args in [
        vec!["check", d.as_str()],
        vec!["mutants", d.as_str()],
        vec!["conform", "--scenarios", d.as_str(), "--", common::arbiter(), "serve"],
    ] {
        let (stdout, stderr, code) = run_within(&args, b"", Duration::from_secs(30));
        assert!(code.is_some(), "{args:?} hangs");
        assert!(!stdout.contains("ERROR"), "{args:?}:\n{stdout}\n{stderr}");
        assert!(!stderr.contains("ERROR"), "{args:?}:\n{stdout}\n{stderr}");
    }
    let (stdout, _, code) = check_within(&["check", d.as_str()]);
    assert_eq!(code, Some(0), "{stdout}");
    assert!(stdout.contains("1 passed, 0 failed, 0 skipped"), "{stdout}");
}

/// One link to `.` loaded the same file 40 times (until the path was too
/// long), each copy an "id already used" error.
#[cfg(unix)]
#[test]
fn a_link_to_an_ancestor_loads_nothing_twice() {
    let dir = scratch("one-loop");
    let file = scenario(&dir, "only");
    std::fs::create_dir(dir.join("sub")).unwrap();
    symlink("..", dir.join("sub/up"));
    let (loaded, errors) = load_all(std::slice::from_ref(&dir));
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(loaded.len(), 1);
    assert_eq!(loaded[0].path(), file);
}

/// A file reached through a link to a sibling directory, or named twice on
/// the command line by different spellings, is one file: loaded once,
/// under the path that reaches it without the link.
#[cfg(unix)]
#[test]
fn a_file_reached_by_two_paths_is_loaded_once() {
    let dir = scratch("two-paths");
    std::fs::create_dir(dir.join("real")).unwrap();
    let file = scenario(&dir.join("real"), "only");
    symlink("real", dir.join("alias"));
    let (loaded, errors) = load_all(std::slice::from_ref(&dir));
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(loaded.len(), 1);
    assert_eq!(loaded[0].path(), file);

    let (loaded, errors) = load_all(&[
        dir.join("alias/only.yaml"),
        dir.join("real/../real/only.yaml"),
        dir.clone(),
    ]);
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(loaded.len(), 1);
}

/// A link that goes nowhere, a link that leads to itself, a missing path
/// on the command line: each is reported by its own name, and everything
/// else is still checked.
#[cfg(unix)]
#[test]
fn every_readable_path_is_checked_and_each_unreadable_one_named() {
    let dir = scratch("unreadable");
    std::fs::create_dir(dir.join("good")).unwrap();
    scenario(&dir.join("good"), "good");
    symlink("no-such-target", dir.join("good/dangling"));
    symlink("self", dir.join("good/self"));
    let missing = dir.join("missing");

    let (loaded, errors) = load_all(&[dir.join("good"), missing.clone()]);
    assert_eq!(loaded.len(), 1, "the readable scenario still loads");
    let named: Vec<&Path> = errors.iter().map(|e| e.file.as_path()).collect();
    for bad in [dir.join("good/dangling"), dir.join("good/self"), missing.clone()] {
        assert!(named.contains(&bad.as_path()), "{} not named: {errors:?}", bad.display());
    }
    assert_eq!(errors.len(), 3, "{errors:?}");

    let good = dir.join("good").display().to_string();
    let gone = missing.display().to_string();
    let (stdout, _, code) = check_within(&["check", &good, &gone]);
    assert_eq!(code, Some(1), "{stdout}");
    assert!(stdout.contains("1 passed, 3 failed"), "{stdout}");
    assert!(
        stdout.contains(&format!("ERROR {gone}: ")),
        "the missing path is named: {stdout}"
    );
}

/// A subdirectory that cannot be listed is named itself, not its parent,
/// and its siblings are checked. (Root can list any directory, so this
/// only bites when the tests do not run as root.)
#[cfg(unix)]
#[test]
fn an_unlistable_subdirectory_is_named_and_its_siblings_checked() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("locked");
    scenario(&dir, "sibling");
    let locked = dir.join("locked");
    std::fs::create_dir(&locked).unwrap();
    scenario(&locked, "inside");
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o000)).unwrap();
    let unlistable = std::fs::read_dir(&locked).is_err();
    let (loaded, errors) = load_all(std::slice::from_ref(&dir));
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o755)).unwrap();
    if unlistable {
        assert_eq!(loaded.len(), 1, "the sibling still loads: {errors:?}");
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(errors[0].file, locked, "{}", errors[0]);
    } else {
        assert_eq!(loaded.len(), 2, "{errors:?}");
    }
}

/// A named pipe called `*.yaml` in a scenario directory is not a scenario:
/// reading it would wait for a writer forever.
#[cfg(unix)]
#[test]
fn a_named_pipe_in_a_scenario_directory_is_not_read() {
    let dir = scratch("fifo");
    scenario(&dir, "only");
    let fifo = dir.join("pipe.yaml");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        return;
    }
    let d = dir.display().to_string();
    let (stdout, _, code) = check_within(&["check", &d]);
    assert_eq!(code, Some(0), "{stdout}");
    assert!(stdout.contains("1 passed, 0 failed, 0 skipped"), "{stdout}");
}

/// Zero scenarios is a failure: an empty directory, or a game filter that
/// leaves nothing, must not pass.
#[test]
fn an_empty_selection_fails() {
    let dir = scratch("empty");
    let d = dir.display().to_string();
    for args in [vec!["check", d.as_str()], vec!["mutants", d.as_str()]] {
        let (stdout, stderr, code) = check_within(&args);
        assert_eq!(code, Some(1), "{args:?}:\n{stdout}\n{stderr}");
        assert!(
            stderr.contains("no scenarios") && stderr.contains(&d),
            "{args:?} says why: {stderr}"
        );
    }
}
