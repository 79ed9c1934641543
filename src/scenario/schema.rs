//! The JSON Schema of the scenario format, generated from the serde types.
//! `spec/scenario.schema.json` is this output; a test fails when it is stale.

/// The schema as pretty JSON, with a trailing newline.
pub fn json() -> String {
    let schema = schemars::schema_for!(super::format::ScenarioFile);
    let mut s = serde_json::to_string_pretty(&schema).expect("a schema serializes");
    s.push('\n');
    s
}
