//! Every input is handled: scenario directories with symbolic-link cycles,
//! unreadable or missing paths, empty selections, and protocol lines that
//! are not UTF-8, empty or huge. Each test here failed on the behaviour it
//! pins down before that was fixed (issue 18, the input half).

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use arbiter::scenario::any::load_all;

use crate::common;

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
        vec![
            "conform",
            "--scenarios",
            d.as_str(),
            "--",
            common::arbiter(),
            "serve",
        ],
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
    for bad in [
        dir.join("good/dangling"),
        dir.join("good/self"),
        missing.clone(),
    ] {
        assert!(
            named.contains(&bad.as_path()),
            "{} not named: {errors:?}",
            bad.display()
        );
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

// ---------------------------------------------------------------------------
// `arbiter serve`: every line gets an answer, and the server keeps serving

/// The reply lines of `arbiter serve` on `input`, and its exit code.
fn serve_binary(input: &[u8]) -> (Vec<serde_json::Value>, Option<i32>, String) {
    let (stdout, stderr, code) = run_within(&["serve"], input, Duration::from_secs(60));
    let replies = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    (replies, code, stderr)
}

const HELLO_3: &[u8] = b"{\"protocol\":1,\"id\":3,\"query\":\"hello\"}\n";
const HELLO_7: &[u8] = b"{\"protocol\":1,\"id\":7,\"query\":\"hello\"}\n";

/// A request line that is not UTF-8 ended `serve` (exit 1, no reply), and
/// every later request went unanswered.
#[test]
fn a_line_that_is_not_utf8_is_answered_and_serving_goes_on() {
    let mut input = HELLO_3.to_vec();
    input.extend_from_slice(b"{\"protocol\":1,\"id\":5,\"query\":\"hello\",\"x\":\"\xff\xfe\"}\n");
    input.extend_from_slice(b"\xc3\x28\n");
    input.extend_from_slice(HELLO_7);
    let (replies, code, stderr) = serve_binary(&input);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(replies.len(), 4, "{replies:?}");
    assert_eq!(replies[0]["id"], 3);
    for (r, id) in [(&replies[1], 5), (&replies[2], 0)] {
        assert_eq!(r["id"], id, "the id is echoed when it can be read: {r}");
        assert_eq!(r["error"]["kind"], "bad-request", "{r}");
        let message = r["error"]["message"].as_str().unwrap();
        assert!(message.contains("not UTF-8"), "{message}");
    }
    assert_eq!(replies[3]["id"], 7);
    assert_eq!(replies[3]["name"], "arbiter-reference");
}

/// An empty line, or one of white space only, is not a request: no reply,
/// and the next request is answered (spec/protocol.md, "Modes").
#[test]
fn an_empty_line_gets_no_reply() {
    let mut input = b"\n  \t \r\n\r\n".to_vec();
    input.extend_from_slice(HELLO_3);
    input.extend_from_slice(b"\n");
    input.extend_from_slice(HELLO_7);
    let (replies, code, stderr) = serve_binary(&input);
    assert_eq!(code, Some(0), "{stderr}");
    let ids: Vec<&serde_json::Value> = replies.iter().map(|r| &r["id"]).collect();
    assert_eq!(ids, [3, 7]);
}

/// A line longer than `serve` reads is answered with an error without being
/// kept in memory, and serving goes on; the last line needs no line break.
#[test]
fn a_line_too_long_is_refused_and_serving_goes_on() {
    use arbiter::games::stratego::reference::Reference;
    use arbiter::protocol::serve::serve_with_limit;
    let mut input = HELLO_3.to_vec();
    input.extend(std::iter::repeat_n(b'x', 5000));
    input.push(b'\n');
    input.extend_from_slice(&HELLO_7[..HELLO_7.len() - 1]);
    let mut out = Vec::new();
    serve_with_limit(&Reference, &input[..], &mut out, None, 1000).unwrap();
    let replies: Vec<serde_json::Value> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(replies.len(), 3, "{replies:?}");
    assert_eq!(replies[1]["error"]["kind"], "bad-request");
    let message = replies[1]["error"]["message"].as_str().unwrap();
    assert!(message.contains("longer than 1000 bytes"), "{message}");
    assert_eq!(replies[2]["id"], 7);
}

/// A legal-moves request of the reader's own writing, as a JSON value, for
/// tests to spoil.
fn request() -> serde_json::Value {
    use arbiter::games::stratego::game::Stratego;
    use arbiter::games::stratego::profile::Profile;
    use arbiter::protocol::message::{Position, Query, Request};
    let setup = arbiter::games::stratego::position::Setup {
        geometry: arbiter::games::stratego::geometry::Geometry::standard(),
        pieces: vec![(
            "B2".parse().unwrap(),
            arbiter::games::stratego::piece::Piece {
                color: arbiter::games::stratego::piece::Color::Red,
                rank: arbiter::games::stratego::piece::Rank::Lieutenant,
            },
        )],
        to_move: arbiter::games::stratego::piece::Color::Red,
        army: arbiter::games::stratego::army::Army::STANDARD,
    };
    let req = Request::<Stratego> {
        id: 4,
        case: None,
        query: Query::LegalMoves(Position {
            profile: Profile::modern_3(),
            setup,
            moves: Vec::new(),
        }),
    };
    arbiter::protocol::writer::request_value(&req)
}

fn answer(request: &str) -> serde_json::Value {
    use arbiter::games::stratego::reference::Reference;
    let line = arbiter::protocol::serve::answer_line(&Reference, request);
    serde_json::from_str(&line).unwrap()
}

#[test]
fn the_spoilable_request_is_answered() {
    let r = answer(&request().to_string());
    assert!(r["legal-moves"].is_array(), "{r}");
}

/// Request fields arbiter does not know are ignored (spec/protocol.md,
/// "Versioning"), at the top level.
#[test]
fn an_unknown_request_field_is_ignored() {
    let mut req = request();
    req["colour-scheme"] = serde_json::json!("dark");
    let r = answer(&req.to_string());
    assert!(r["legal-moves"].is_array(), "{r}");
}

/// A profile switch arbiter does not know would change the rules it is
/// asked to apply, so it is not ignored: the request is declined as
/// `unsupported` (the case is skipped), naming the switch. It was refused as
/// a `bad-request`, against the versioning rule's wording.
#[test]
fn an_unknown_profile_switch_is_declined_as_unsupported() {
    for (section, switch) in [("two-squares", "diagonal"), ("more-squares", "telepathy")] {
        let mut req = request();
        req["profile"][section][switch] = serde_json::json!(true);
        let r = answer(&req.to_string());
        assert_eq!(r["id"], 4);
        assert_eq!(r["error"]["kind"], "unsupported", "{r}");
        let message = r["error"]["message"].as_str().unwrap();
        assert!(
            message.contains(&format!("`profile.{section}.{switch}`")),
            "{message}"
        );
        assert!(message.contains("unknown switch"), "{message}");
    }
    let mut req = request();
    req["profile"]["three-squares"] = serde_json::json!({"enabled": true});
    let r = answer(&req.to_string());
    assert_eq!(r["error"]["kind"], "unsupported", "{r}");
    let message = r["error"]["message"].as_str().unwrap();
    assert!(message.contains("`profile.three-squares`"), "{message}");
}

/// Arrays nested 10,000 deep were refused as "not JSON (recursion limit
/// exceeded at line 1 column 178)": valid JSON, called not JSON, with the
/// library's words. The reply says how deep a message may nest, and where.
#[test]
fn nesting_too_deep_is_said_as_such_with_its_place() {
    for depth in [200, 10_000] {
        let mut req = request().to_string();
        req.insert_str(
            1,
            &format!("\"x\":{}{},", "[".repeat(depth), "]".repeat(depth)),
        );
        let r = answer(&req);
        assert_eq!(r["error"]["kind"], "bad-request", "{r}");
        let message = r["error"]["message"].as_str().unwrap();
        assert!(
            message.contains("nest more than 127 levels deep")
                && message.contains("at line 1 column 132")
                && !message.contains("recursion limit")
                && !message.contains("not JSON"),
            "{message}"
        );
    }
    // 127 levels, the message's own object counted, are read.
    let mut req = request().to_string();
    req.insert_str(1, &format!("\"x\":{}{},", "[".repeat(126), "]".repeat(126)));
    assert!(answer(&req)["legal-moves"].is_array());
}

/// A key given twice in one object was read silently (the last one won).
#[test]
fn a_duplicate_key_is_refused() {
    let text = request().to_string();
    for (what, spoiled) in [
        ("id", text.replacen("\"id\":4", "\"id\":4,\"id\":5", 1)),
        (
            "limit",
            text.replacen("\"limit\":3", "\"limit\":3,\"limit\":5", 1),
        ),
    ] {
        assert_ne!(spoiled, text);
        let r = answer(&spoiled);
        assert_eq!(r["error"]["kind"], "bad-request", "{what}: {r}");
        let message = r["error"]["message"].as_str().unwrap();
        assert!(
            message.contains(&format!("duplicate key `{what}`")),
            "{message}"
        );
    }
}

/// A two-squares limit of 0 forbids nothing sensible; it was accepted.
#[test]
fn a_two_squares_limit_of_zero_is_refused() {
    let mut req = request();
    req["profile"]["two-squares"]["limit"] = serde_json::json!(0);
    let r = answer(&req.to_string());
    assert_eq!(r["error"]["kind"], "bad-request", "{r}");
    let message = r["error"]["message"].as_str().unwrap();
    assert!(message.contains("profile.two-squares.limit"), "{message}");
    assert!(message.contains("at least 1"), "{message}");

    let text = "game: stratego\nid: rp/x\ntitle: t\nsource: s\nclauses: [RP-1.1]\nprofiles: [isf, isf+two-squares.limit=0]\nsetup: {}\n";
    let e = match arbiter::scenario::any::parse(Path::new("inline.yaml"), text) {
        Ok(_) => panic!("a scenario profile with limit 0 loaded"),
        Err(e) => e,
    };
    assert_eq!((e.at.line, e.at.column), (6, 17), "{e}");
    assert!(e.message.contains("at least 1"), "{e}");
}
