//! Chess: every mutant of every named profile is killed by a scenario
//! written for that profile, and `spec/chess/kill-matrix.md` is current.

use std::path::PathBuf;
use std::sync::OnceLock;

use arbiter::corpus::{load_all, of_game};
use arbiter::games::chess::game::Chess;
use arbiter::scenario::kill::{Row, markdown, matrix_against};

fn rows() -> &'static Vec<Row> {
    static ROWS: OnceLock<Vec<Row>> = OnceLock::new();
    ROWS.get_or_init(|| {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenarios/chess");
        let (scenarios, errors) = load_all(&[root]);
        assert!(errors.is_empty(), "{errors:?}");
        matrix_against(&of_game::<Chess>(&scenarios), None).0
    })
}

#[test]
fn every_chess_mutant_is_killed() {
    let rows = rows();
    assert!(rows.len() >= 40, "only {} rows", rows.len());
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
fn committed_chess_matrix_is_current() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let committed = std::fs::read_to_string(root.join("spec/chess/kill-matrix.md")).unwrap();
    assert!(
        committed.contains(&markdown(rows())),
        "spec/chess/kill-matrix.md is stale: regenerate it with `cargo run -- mutants --game chess --write`"
    );
}
