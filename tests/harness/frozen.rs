//! An adapter frozen at version 0.1.0 (`tests/data/harness/frozen-0.1.0/`,
//! the chess example as it was then) keeps passing the current corpus
//! (`spec/protocol.md`, "Compatibility"): any scenario it fails must be one
//! its report names a changed ruling for, from `CHANGELOG.md`.

use crate::common::{self, repo, run};

#[test]
fn the_frozen_0_1_0_adapter_passes_apart_from_changed_rulings_its_report_names() {
    if !common::python3_available() {
        return;
    }
    let dir = repo("tests/data/harness/frozen-0.1.0");
    let adapter = dir.join("adapter.py");
    let xfail = dir.join("expected-failures.txt");
    let (out, err, code) = run(&[
        "conform",
        "--game",
        "chess",
        "--mode",
        "persistent",
        "--xfail",
        xfail.to_str().unwrap(),
        "--format",
        "json",
        "--",
        "python3",
        adapter.to_str().unwrap(),
    ]);
    let report: serde_json::Value =
        serde_json::from_str(&out).unwrap_or_else(|e| panic!("not JSON ({e}):\n{out}\n{err}"));
    let failing = |c: &&serde_json::Value| {
        matches!(
            c["status"].as_str(),
            Some("fail" | "xpass" | "error" | "timeout" | "crash")
        )
    };
    let cases = report["cases"].as_array().unwrap();
    let unexplained: Vec<String> = cases
        .iter()
        .filter(failing)
        .filter(|c| c["changed-rulings"].as_array().is_none_or(|r| r.is_empty()))
        .map(|c| format!("{}: {}", c["id"], c["message"]))
        .collect();
    assert!(
        unexplained.is_empty(),
        "the 0.1.0 adapter fails where no changed ruling explains it:\n  {}",
        unexplained.join("\n  ")
    );
    let explained = cases.iter().filter(failing).count();
    assert_eq!(
        code == 0,
        explained == 0 && report["problems"].as_array().is_none_or(|p| p.is_empty()),
        "{out}"
    );
    // It still plays what it played: the seed profile of every scenario
    // written for it, declining the others in its own words.
    let ran = cases
        .iter()
        .filter(|c| c["status"] == "pass" || c["status"] == "xfail")
        .count();
    assert!(ran >= 60, "only {ran} passed:\n{out}");
}
