//! Every mutant (alternative reading or plain bug) of every named profile is
//! killed by at least one scenario written for that profile. A survivor
//! means the corpus cannot tell that reading from the rule: add a scenario.

use std::path::PathBuf;

use arbiter::scenario::kill::{markdown, matrix};
use arbiter::scenario::load::load_all;

#[test]
fn every_mutant_is_killed() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let (scenarios, errors) = load_all(&[root]);
    assert!(errors.is_empty(), "{errors:?}");
    let rows = matrix(&scenarios);
    assert!(!rows.is_empty());
    let survivors: Vec<String> = rows
        .iter()
        .filter(|r| !r.killed())
        .map(|r| format!("{} on {}", r.mutant.name, r.base))
        .collect();
    assert!(
        survivors.is_empty(),
        "surviving mutants: {}\n\n{}",
        survivors.join(", "),
        markdown(&rows)
    );
}

#[test]
fn committed_matrix_is_current() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let (scenarios, _) = load_all(&[root.join("scenarios")]);
    let committed = std::fs::read_to_string(root.join("spec/stratego/kill-matrix.md"))
        .expect("kill-matrix.md exists");
    let table = markdown(&matrix(&scenarios));
    assert!(
        committed.contains(&table),
        "spec/stratego/kill-matrix.md is stale: regenerate it with `cargo run -- mutants --write`"
    );
}
