//! `spec/scenario.schema.json` is generated from the scenario types; this
//! fails when someone changes the types and forgets to regenerate it with
//! `cargo run -- schema > spec/scenario.schema.json`.

#[test]
fn committed_schema_is_current() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("spec/scenario.schema.json");
    let committed = std::fs::read_to_string(&path).expect("spec/scenario.schema.json exists");
    assert!(
        committed == arbiter::scenario::schema::json(),
        "spec/scenario.schema.json is stale: run `cargo run -- schema > spec/scenario.schema.json`"
    );
}

/// `spec/protocol.schema.json` is generated from the games' types the same
/// way (`arbiter schema --protocol`).
#[test]
fn committed_protocol_schema_is_current() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("spec/protocol.schema.json");
    let committed = std::fs::read_to_string(&path).expect("spec/protocol.schema.json exists");
    assert!(
        committed == arbiter::protocol::schema::json(),
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
