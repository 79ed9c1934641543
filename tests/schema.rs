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
