//! Epaminondas's own checks: every mutant of every named profile is killed
//! by the corpus, and `spec/epaminondas/kill-matrix.md` is current.

use std::path::PathBuf;
use std::sync::OnceLock;

use arbiter::corpus::{load_all, of_game};
use arbiter::games::epaminondas::game::Epaminondas;
use arbiter::scenario::kill::{Row, markdown, matrix_against};

fn computed() -> &'static (Vec<Row>, Vec<String>) {
    static MATRIX: OnceLock<(Vec<Row>, Vec<String>)> = OnceLock::new();
    MATRIX.get_or_init(|| {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenarios/epaminondas");
        let (scenarios, errors) = load_all(&[root]);
        assert!(errors.is_empty(), "{errors:?}");
        matrix_against(&of_game::<Epaminondas>(&scenarios), None)
    })
}

#[test]
fn every_mutant_is_killed() {
    let rows = &computed().0;
    assert!(rows.len() >= 50, "only {} mutant rows", rows.len());
    let survivors: Vec<String> = rows
        .iter()
        .filter(|r| !r.killed())
        .map(|r| format!("{} on {}", r.mutant.name, r.base))
        .collect();
    assert!(
        survivors.is_empty(),
        "surviving mutants: {}",
        survivors.join(", ")
    );
}

#[test]
fn committed_matrix_is_current() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let committed = std::fs::read_to_string(root.join("spec/epaminondas/kill-matrix.md"))
        .expect("kill-matrix.md exists");
    assert!(
        committed.contains(&markdown(&computed().0)),
        "spec/epaminondas/kill-matrix.md is stale: regenerate it with `cargo run -- mutants --game epaminondas --write`"
    );
}
