//! `spec/scenario.schema.json` is generated from the scenario types; this
//! fails when someone changes the types (or registers a game) and forgets
//! to regenerate it with `cargo run -- schema > spec/scenario.schema.json`,
//! or `ARBITER_BLESS=1 cargo test`, which rewrites every generated file.

/// The committed text of `file`, rewritten with `fresh` first under
/// `ARBITER_BLESS=1`.
fn committed(file: &str, fresh: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    if std::env::var_os("ARBITER_BLESS").is_some_and(|v| v == "1") {
        std::fs::write(&path, fresh).expect("writable");
    }
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{file}: {e}"))
}

#[test]
fn committed_schema_is_current() {
    let fresh = arbiter::scenario::schema::json();
    assert!(
        committed("spec/scenario.schema.json", &fresh) == fresh,
        "spec/scenario.schema.json is stale: run `cargo run -- schema > spec/scenario.schema.json`"
    );
}

/// `spec/protocol.schema.json` is generated from the games' types the same
/// way (`arbiter schema --protocol`).
#[test]
fn committed_protocol_schema_is_current() {
    let fresh = arbiter::protocol::schema::json();
    let committed = committed("spec/protocol.schema.json", &fresh);
    assert!(
        committed == fresh,
        "spec/protocol.schema.json is stale: run `cargo run -- schema --protocol > spec/protocol.schema.json`"
    );
    // One request and one reply schema per registered game.
    let schema: serde_json::Value = serde_json::from_str(&committed).unwrap();
    for game in arbiter::games::names() {
        for part in ["request", "reply"] {
            assert!(
                schema["$defs"][format!("{game}-{part}")].is_object(),
                "no {game}-{part}"
            );
        }
    }
}
