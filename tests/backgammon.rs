//! Backgammon's corpus-wide checks: every mutant of every named profile is
//! killed, the committed kill matrix is current, and the page's garbled
//! setup (erratum E-1) is refused as the page prints it.

use std::path::{Path, PathBuf};

use arbiter::corpus::{load_all, of_game};
use arbiter::games::backgammon::game::Backgammon;
use arbiter::scenario::kill::{markdown, matrix_against};

#[test]
fn every_mutant_is_killed_and_the_matrix_is_current() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let (scenarios, errors) = load_all(&[root.join("scenarios/backgammon")]);
    assert!(errors.is_empty(), "{errors:?}");
    let (rows, _) = matrix_against(&of_game::<Backgammon>(&scenarios), None);
    assert!(rows.len() >= 50, "{} rows", rows.len());
    let survivors: Vec<String> = rows
        .iter()
        .filter(|r| !r.killed())
        .map(|r| format!("{} on {}", r.mutant.name, r.base))
        .collect();
    assert!(survivors.is_empty(), "surviving mutants: {survivors:?}");
    let committed = std::fs::read_to_string(root.join("spec/backgammon/kill-matrix.md"))
        .expect("kill-matrix.md exists");
    assert!(
        committed.contains(&markdown(&rows)),
        "spec/backgammon/kill-matrix.md is stale: regenerate it with `cargo run -- mutants --game backgammon --write`"
    );
}

fn load(setup: &str) -> Result<(), String> {
    let text = format!(
        "game: backgammon\nid: t/x\ntitle: t\nsource: s\nclauses: [BG-1.4]\nsetup:\n{setup}\n"
    );
    arbiter::scenario::load::parse::<Backgammon>(Path::new("t.yaml"), &text)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

#[test]
fn the_pages_white_setup_as_printed_is_refused() {
    let black = "  black: {W1: 2, W12: 5, S8: 3, S6: 5}";
    // "2,3 auf W8" read as 2: fourteen checkers.
    let two = load(&format!(
        "  white: {{S1: 2, S12: 5, W8: 2, W6: 5}}\n{black}\n  off: {{white: 0, black: 0}}"
    ));
    assert!(
        two.as_ref().is_err_and(|e| e.contains("14 checkers")),
        "{two:?}"
    );
    // Read as 5: seventeen.
    let five = load(&format!(
        "  white: {{S1: 2, S12: 5, W8: 5, W6: 5}}\n{black}"
    ));
    assert!(
        five.as_ref().is_err_and(|e| e.contains("17 checkers")),
        "{five:?}"
    );
    // Read as 3: the standard start (E-1).
    assert_eq!(
        load(&format!(
            "  white: {{S1: 2, S12: 5, W8: 3, W6: 5}}\n{black}"
        )),
        Ok(())
    );
}

#[test]
fn both_colours_on_one_point_are_refused() {
    let e = load("  white: {24: 2, 13: 5, 8: 3, 6: 5}\n  black: {24: 2, 13: 5, 8: 3, 19: 5}");
    assert!(
        e.as_ref().is_err_and(|m| m.contains("both colours")),
        "{e:?}"
    );
    let bad = load("  white: {25: 1}");
    assert!(
        bad.as_ref().is_err_and(|m| m.contains("is not a point")),
        "{bad:?}"
    );
}
