//! Combat is one function shared by the reference and the engine
//! (`src/games/stratego/combat.rs`), so the differential tests cannot see a
//! bug in it. The independent check is the combat table of
//! `scenarios/stratego/rules-of-play/combat/generate.py`: written from the
//! ISF rules in Python, never from the Rust code, it generates one scenario
//! per attacker and defender, which the corpus runs on both implementations.
//! This test makes sure the committed scenarios are exactly what the table
//! generates, so the table is in force.

use std::process::Command;

use crate::common;

#[test]
fn the_combat_scenarios_are_the_independent_tables_output() {
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenarios/stratego/rules-of-play/combat/generate.py"
    );
    // CI installs python3 and sets ARBITER_REQUIRE_PYTHON, so there this
    // check cannot be skipped.
    if !common::python3_available() {
        return;
    }
    let out = Command::new("python3")
        .arg(script)
        .arg("--check")
        .output()
        .expect("python3 runs");
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("all 190 combat scenarios are current"),
        "{text}"
    );
}
