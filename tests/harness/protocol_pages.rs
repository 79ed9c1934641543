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

/// The subset of JSON Schema that `spec/protocol.schema.json` uses
/// (`$ref` into `$defs`, `type`, `const`, `enum`, `minimum`, `required`,
/// `properties`, `additionalProperties`, `items`, `allOf`, `anyOf`,
/// `oneOf`, `not`, `if`/`then`): whether `v` is valid, and if not, why.
fn validate(root: &Value, schema: &Value, v: &Value) -> Result<(), String> {
    let Value::Object(s) = schema else {
        return match schema {
            Value::Bool(false) => Err("nothing is allowed here".into()),
            _ => Ok(()),
        };
    };
    if let Some(Value::String(r)) = s.get("$ref") {
        let name = r.strip_prefix("#/$defs/").expect("a local reference");
        validate(root, &root["$defs"][name], v)?;
    }
    if let Some(t) = s.get("type") {
        let types: Vec<&str> = match t {
            Value::Array(a) => a.iter().filter_map(Value::as_str).collect(),
            other => vec![other.as_str().unwrap()],
        };
        let ok = types.iter().any(|t| match *t {
            "object" => v.is_object(),
            "array" => v.is_array(),
            "string" => v.is_string(),
            "integer" => v.is_u64() || v.is_i64(),
            "number" => v.is_number(),
            "boolean" => v.is_boolean(),
            "null" => v.is_null(),
            other => panic!("type {other}"),
        });
        if !ok {
            return Err(format!("{v} is not of type {t}"));
        }
    }
    if let Some(c) = s.get("const")
        && c != v
    {
        return Err(format!("{v} is not {c}"));
    }
    if let Some(Value::Array(e)) = s.get("enum")
        && !e.contains(v)
    {
        return Err(format!("{v} is not one of {}", Value::Array(e.clone())));
    }
    if let (Some(min), Some(n)) = (s.get("minimum").and_then(Value::as_f64), v.as_f64())
        && n < min
    {
        return Err(format!("{v} is below {min}"));
    }
    if let Value::Object(obj) = v {
        for k in s
            .get("required")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            if !obj.contains_key(k.as_str().unwrap()) {
                return Err(format!("`{}` is required", k.as_str().unwrap()));
            }
        }
        let props = s.get("properties").and_then(Value::as_object);
        for (k, x) in obj {
            match props.and_then(|p| p.get(k)) {
                Some(sub) => validate(root, sub, x).map_err(|e| format!("{k}: {e}"))?,
                None => {
                    if let Some(extra) = s.get("additionalProperties") {
                        validate(root, extra, x).map_err(|e| format!("{k}: {e}"))?;
                    }
                }
            }
        }
    }
    if let (Some(items), Value::Array(a)) = (s.get("items"), v) {
        for (i, x) in a.iter().enumerate() {
            validate(root, items, x).map_err(|e| format!("[{i}]: {e}"))?;
        }
    }
    let list = |k: &str| {
        s.get(k)
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default()
    };
    for sub in list("allOf") {
        validate(root, &sub, v)?;
    }
    let any = list("anyOf");
    if !any.is_empty() && !any.iter().any(|sub| validate(root, sub, v).is_ok()) {
        return Err(format!("{v} matches none of anyOf"));
    }
    let one = list("oneOf");
    if !one.is_empty() {
        let n = one
            .iter()
            .filter(|sub| validate(root, sub, v).is_ok())
            .count();
        if n != 1 {
            return Err(format!("{v} matches {n} of oneOf"));
        }
    }
    if let Some(not) = s.get("not")
        && validate(root, not, v).is_ok()
    {
        return Err(format!("{v} matches `not`"));
    }
    if let Some(cond) = s.get("if")
        && validate(root, cond, v).is_ok()
        && let Some(then) = s.get("then")
    {
        validate(root, then, v)?;
    }
    Ok(())
}

fn protocol_schema() -> Value {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(
        &std::fs::read_to_string(root.join("spec/protocol.schema.json")).expect("the schema"),
    )
    .expect("JSON")
}

/// Every request and reply of every page's session is valid under
/// `spec/protocol.schema.json`: requests under `request` and the game's
/// own, replies under the game's.
#[test]
fn every_session_line_validates_against_the_protocol_schema() {
    let schema = protocol_schema();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut wrong = Vec::new();
    for game in arbiter::games::names() {
        let page = std::fs::read_to_string(root.join(format!("spec/{game}/protocol.md"))).unwrap();
        for e in session(game, &page) {
            for (def, v) in [
                ("request".to_string(), &e.request),
                (format!("{game}-request"), &e.request),
                (format!("{game}-reply"), &e.reply),
            ] {
                if let Err(why) = validate(&schema, &schema["$defs"][&def], v) {
                    wrong.push(format!(
                        "spec/{game}/protocol.md:{} under {def}: {why}",
                        e.line
                    ));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The schema refuses what breaks the protocol, so the test above can fail.
#[test]
fn the_protocol_schema_refuses_broken_messages() {
    let schema = protocol_schema();
    let check = |def: &str, v: Value| validate(&schema, &schema["$defs"][def], &v);
    assert!(
        check(
            "chess-reply",
            serde_json::json!({"protocol": 1, "id": 1, "verdict": "legal"})
        )
        .is_ok()
    );
    for (def, v) in [
        // No id; protocol as a string; an unknown query.
        (
            "request",
            serde_json::json!({"protocol": 1, "query": "hello"}),
        ),
        (
            "request",
            serde_json::json!({"protocol": "1", "id": 0, "query": "hello"}),
        ),
        (
            "chess-request",
            serde_json::json!({"protocol": 1, "id": 0, "query": "perft"}),
        ),
        // judge without a move; a request about another game.
        (
            "chess-request",
            serde_json::json!({"protocol": 1, "id": 2, "query": "judge", "setup": {}}),
        ),
        (
            "dame-request",
            serde_json::json!({"protocol": 1, "id": 2, "game": "chess", "query": "hello"}),
        ),
        // A verdict that is not one; a rule code the game does not have;
        // an outcome of another game; an error without a kind; hello
        // without a name.
        (
            "chess-reply",
            serde_json::json!({"protocol": 1, "id": 1, "verdict": "maybe"}),
        ),
        (
            "chess-reply",
            serde_json::json!({"protocol": 1, "id": 1, "verdict": "illegal", "rule": "two-squares"}),
        ),
        (
            "chess-reply",
            serde_json::json!({"protocol": 1, "id": 1, "outcome": {"red-wins": "flag-captured"}}),
        ),
        (
            "dame-reply",
            serde_json::json!({"protocol": 1, "id": 1, "error": {"message": "no"}}),
        ),
        (
            "dame-reply",
            serde_json::json!({"protocol": 1, "id": 1, "capabilities": []}),
        ),
    ] {
        assert!(check(def, v.clone()).is_err(), "{def} accepts {v}");
    }
}
