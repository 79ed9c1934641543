//! Every mutant (alternative reading or plain bug) of every named profile is
//! killed by at least one scenario written for that profile. A survivor
//! means the corpus cannot tell that reading from the rule: add a scenario.
//!
//! The same pass runs every scenario under every mutant on the engine too:
//! these are the positions where each reading changes a verdict, so the
//! engine must fail them exactly as the reference does, messages included.

use std::path::PathBuf;
use std::sync::OnceLock;

use arbiter::corpus::{load_all, of_game};
use arbiter::games::stratego::engine::Engine;
use arbiter::games::stratego::game::Stratego;
use arbiter::scenario::kill::{Row, markdown, matrix_against};

/// The matrix and the engine's departures, computed once for all tests (the
/// reference runs dominate this file's time).
fn computed() -> &'static (Vec<Row>, Vec<String>) {
    static MATRIX: OnceLock<(Vec<Row>, Vec<String>)> = OnceLock::new();
    MATRIX.get_or_init(|| {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenarios");
        let (scenarios, errors) = load_all(&[root]);
        assert!(errors.is_empty(), "{errors:?}");
        matrix_against(&of_game::<Stratego>(&scenarios), Some(&Engine))
    })
}

#[test]
fn every_mutant_is_killed() {
    let rows = &computed().0;
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
        markdown(rows)
    );
}

#[test]
fn committed_matrix_is_current() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let committed = std::fs::read_to_string(root.join("spec/stratego/kill-matrix.md"))
        .expect("kill-matrix.md exists");
    let table = markdown(&computed().0);
    assert!(
        committed.contains(&table),
        "spec/stratego/kill-matrix.md is stale: regenerate it with `cargo run -- mutants --write`"
    );
}

#[test]
fn engine_fails_every_mutant_run_like_the_reference() {
    let (rows, departures) = computed();
    assert!(
        departures.is_empty(),
        "the engine departs from the reference: {departures:#?}"
    );
    // The comparison means something only if the mutants make runs fail.
    let failing: usize = rows.iter().map(|r| r.killed_by.len()).sum();
    assert!(failing > 100, "only {failing} failing runs");
    println!("{failing} failing scenario runs under mutants, identical on the engine");
}
