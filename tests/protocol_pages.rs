//! Each game's protocol page (`spec/<game>/protocol.md`) ends with a whole
//! session in a ```` ```protocol-session ```` block. This test feeds every
//! request of it to `arbiter serve --game <game> --impl reference` and
//! compares each reply with the page's, as JSON values (key order and
//! spacing do not matter), so the page cannot drift from what arbiter
//! answers.
//!
//! The block's lines:
//!
//! - `→ {…}` a request, `← {…}` the reply to the request before it;
//! - `let NAME = {…}`: a JSON value that requests write as `NAME`, to keep
//!   them short (on the wire it is spelled out);
//! - a line starting with white space continues the entry above it;
//! - `#` starts a comment line; blank lines are ignored.

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;

struct Exchange {
    request: Value,
    reply: Value,
    line: usize,
}

fn session(game: &str, page: &str) -> Vec<Exchange> {
    let mut entries: Vec<(usize, String)> = Vec::new();
    let mut inside = false;
    let mut blocks = 0;
    for (n, line) in page.lines().enumerate() {
        if !inside {
            if line.trim() == "```protocol-session" {
                inside = true;
                blocks += 1;
            }
            continue;
        }
        if line.trim() == "```" {
            inside = false;
            continue;
        }
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        if line.starts_with(char::is_whitespace) {
            let last = entries
                .last_mut()
                .unwrap_or_else(|| panic!("{game}: line {}: a continuation of nothing", n + 1));
            last.1.push(' ');
            last.1.push_str(line.trim());
        } else {
            entries.push((n + 1, line.to_string()));
        }
    }
    assert!(
        blocks > 0,
        "spec/{game}/protocol.md has no protocol-session block"
    );
    let mut names: Vec<(String, String)> = Vec::new();
    let mut out: Vec<Exchange> = Vec::new();
    let mut pending: Option<(usize, Value)> = None;
    let parse = |line: usize, text: &str| -> Value {
        serde_json::from_str(text)
            .unwrap_or_else(|e| panic!("spec/{game}/protocol.md:{line}: not JSON ({e}): {text}"))
    };
    for (line, entry) in entries {
        if let Some(rest) = entry.strip_prefix("let ") {
            let (name, value) = rest
                .split_once('=')
                .unwrap_or_else(|| panic!("spec/{game}/protocol.md:{line}: `let NAME = value`"));
            let value = parse(line, value.trim());
            names.push((name.trim().to_string(), value.to_string()));
        } else if let Some(rest) = entry.strip_prefix('→') {
            assert!(
                pending.is_none(),
                "spec/{game}/protocol.md:{line}: two requests without a reply between"
            );
            let mut text = rest.trim().to_string();
            // Longest names first, so that `SETUP` does not eat `SETUP_2`.
            let mut sorted = names.clone();
            sorted.sort_by_key(|(n, _)| std::cmp::Reverse(n.len()));
            for (n, v) in &sorted {
                text = text.replace(n.as_str(), v);
            }
            pending = Some((line, parse(line, &text)));
        } else if let Some(rest) = entry.strip_prefix('←') {
            let (at, request) = pending.take().unwrap_or_else(|| {
                panic!("spec/{game}/protocol.md:{line}: a reply without a request")
            });
            out.push(Exchange {
                request,
                reply: parse(line, rest.trim()),
                line: at,
            });
        } else {
            panic!("spec/{game}/protocol.md:{line}: expected `→`, `←`, `let` or `#`: {entry}");
        }
    }
    assert!(
        pending.is_none(),
        "spec/{game}/protocol.md: the last request has no reply"
    );
    out
}

/// A reply with its `legal-moves` sorted: the list is a set.
fn normal(reply: &Value) -> Value {
    let mut r = reply.clone();
    if let Some(Value::Array(moves)) = r.get_mut("legal-moves") {
        moves.sort_by_key(|m| m.to_string());
    }
    r
}

fn check_game(game: &str) {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = std::fs::read_to_string(root.join(format!("spec/{game}/protocol.md")))
        .expect("the game's protocol page");
    let exchanges = session(game, &page);
    // The session shows every query, and a declined request.
    for query in ["hello", "legal-moves", "state", "judge"] {
        assert!(
            exchanges.iter().any(|e| e.request["query"] == query),
            "spec/{game}/protocol.md: the session has no `{query}` request"
        );
    }
    assert!(
        exchanges
            .iter()
            .any(|e| e.reply["error"]["kind"] == "unsupported"),
        "spec/{game}/protocol.md: the session has no declined (unsupported) request"
    );
    let mut input = String::new();
    for e in &exchanges {
        input.push_str(&e.request.to_string());
        input.push('\n');
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["serve", "--game", game, "--impl", "reference"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("arbiter serve starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("the requests are written");
    let output = child.wait_with_output().expect("arbiter serve ends");
    let replies: Vec<Value> = String::from_utf8(output.stdout)
        .expect("UTF-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON reply"))
        .collect();
    assert_eq!(
        replies.len(),
        exchanges.len(),
        "{game}: one reply per request"
    );
    let mut wrong = Vec::new();
    for (e, got) in exchanges.iter().zip(&replies) {
        if normal(got) != normal(&e.reply) {
            wrong.push(format!(
                "spec/{game}/protocol.md:{}: the page says\n  {}\narbiter serve answers\n  {}",
                e.line, e.reply, got
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Every game of the registry has a checked session on its page.
#[test]
fn every_game_page_has_a_session_that_serve_answers() {
    let failed: Vec<String> = arbiter::games::names()
        .into_iter()
        .filter_map(|game| {
            std::panic::catch_unwind(|| check_game(game))
                .err()
                .map(|_| game.to_string())
        })
        .collect();
    assert!(failed.is_empty(), "sessions that differ: {failed:?}");
}
