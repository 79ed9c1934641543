//! Chess: every mutant of every named profile is killed by a scenario
//! written for that profile, `spec/chess/kill-matrix.md` is current, and the
//! engine fails every mutant run exactly as the reference does.

use std::path::PathBuf;
use std::sync::OnceLock;

use arbiter::corpus::{load_all, of_game};
use arbiter::games::chess::engine::Engine;
use arbiter::games::chess::game::Chess;
use arbiter::scenario::kill::{Row, markdown, matrix_against};

fn computed() -> &'static (Vec<Row>, Vec<String>) {
    static ROWS: OnceLock<(Vec<Row>, Vec<String>)> = OnceLock::new();
    ROWS.get_or_init(|| {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenarios/chess");
        let (scenarios, errors) = load_all(&[root]);
        assert!(errors.is_empty(), "{errors:?}");
        matrix_against(&of_game::<Chess>(&scenarios), Some(&Engine))
    })
}

fn rows() -> &'static Vec<Row> {
    &computed().0
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

#[test]
fn engine_fails_every_chess_mutant_run_like_the_reference() {
    let (rows, departures) = computed();
    assert!(
        departures.is_empty(),
        "the engine departs from the reference: {departures:#?}"
    );
    let failing: usize = rows.iter().map(|r| r.killed_by.len()).sum();
    assert!(failing > 50, "only {failing} failing runs");
}
