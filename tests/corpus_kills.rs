//! The test command of the code-level mutation runs (`docs/mutation.md`):
//! one game's corpus on its reference interpreter, and nothing else, so a
//! mutant of that game's rule code is caught by the corpus alone (unit
//! tests do not count) and costs one build and one corpus run.
//!
//! `cargo mutants -f 'src/games/dame/reference/**' -- --test corpus_kills dame`
//! runs the Dame test only; plain `cargo test` runs all five, which is the
//! corpus on the reference again (also `tests/corpus/whole_corpus.rs`), cheap
//! next to the rest.
//!
//! `<game>_and_readings` also runs the same scenarios under every catalogued
//! reading of the game (its kill matrix) and requires each told apart:
//! this is what catches a slip in the code that plays a reading.

use std::path::PathBuf;

use arbiter::scenario::any::{AnyScenario, load_all};
use arbiter::scenario::run::Status;

/// The corpus of `game`, loaded without error.
fn load(game: &str) -> Vec<Box<dyn AnyScenario>> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios")
        .join(game);
    let (scenarios, errors) = load_all(&[root]);
    assert!(errors.is_empty(), "{errors:?}");
    assert!(scenarios.len() >= 20, "only {} scenarios", scenarios.len());
    scenarios
}

/// Every scenario passes on its reference; panics with the failures
/// otherwise.
fn corpus_of(scenarios: &[Box<dyn AnyScenario>]) {
    let mut failures = Vec::new();
    for s in scenarios {
        let result = s.check("reference", None).expect("a reference");
        if let Status::Fail(fs) = result.status {
            failures.push(format!("{}: {} failures", s.qualified_id(), fs.len()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every catalogued reading of `game` (its kill matrix: the mutants of
/// each named profile, `src/games/<game>/mutants.rs`) is told from the rule
/// by some scenario, on the reference alone. A slip in the code that plays
/// a reading (a profile's `faults`, which only a reading reaches) is caught
/// here: the reading it breaks no longer departs from the rule. The
/// scenarios are the corpus's own; only the profiles they run under differ.
fn readings_of(game: &str, scenarios: &[Box<dyn AnyScenario>]) {
    assert!(arbiter::games::find(game).is_some(), "a registered game");
    let survivors = arbiter::scenario::kill::survivors_of(game, scenarios);
    assert!(
        survivors.is_empty(),
        "surviving readings: {}",
        survivors.join(", ")
    );
}

#[test]
fn stratego() {
    corpus_of(&load("stratego"));
}

#[test]
fn dame() {
    corpus_of(&load("dame"));
}

#[test]
fn chess() {
    corpus_of(&load("chess"));
}

#[test]
fn epaminondas() {
    corpus_of(&load("epaminondas"));
}

#[test]
fn backgammon() {
    corpus_of(&load("backgammon"));
}

/// The mutation runs' test (`-- stratego_and_readings -- --ignored`): the
/// corpus first, so a mutant it catches costs one corpus run, then the
/// readings. Ignored in `cargo test`: `tests/mutants/kill_matrices.rs` runs
/// them.
#[test]
#[ignore]
fn stratego_and_readings() {
    let scenarios = load("stratego");
    corpus_of(&scenarios);
    readings_of("stratego", &scenarios);
}

/// The mutation runs' test (`-- dame_and_readings -- --ignored`): the
/// corpus first, so a mutant it catches costs one corpus run, then the
/// readings. Ignored in `cargo test`: `tests/mutants/kill_matrices.rs` runs
/// them.
#[test]
#[ignore]
fn dame_and_readings() {
    let scenarios = load("dame");
    corpus_of(&scenarios);
    readings_of("dame", &scenarios);
}

/// The mutation runs' test (`-- chess_and_readings -- --ignored`): the
/// corpus first, so a mutant it catches costs one corpus run, then the
/// readings. Ignored in `cargo test`: `tests/mutants/kill_matrices.rs` runs
/// them.
#[test]
#[ignore]
fn chess_and_readings() {
    let scenarios = load("chess");
    corpus_of(&scenarios);
    readings_of("chess", &scenarios);
}

/// The mutation runs' test (`-- epaminondas_and_readings -- --ignored`): the
/// corpus first, so a mutant it catches costs one corpus run, then the
/// readings. Ignored in `cargo test`: `tests/mutants/kill_matrices.rs` runs
/// them.
#[test]
#[ignore]
fn epaminondas_and_readings() {
    let scenarios = load("epaminondas");
    corpus_of(&scenarios);
    readings_of("epaminondas", &scenarios);
}

/// The mutation runs' test (`-- backgammon_and_readings -- --ignored`): the
/// corpus first, so a mutant it catches costs one corpus run, then the
/// readings. Ignored in `cargo test`: `tests/mutants/kill_matrices.rs` runs
/// them.
#[test]
#[ignore]
fn backgammon_and_readings() {
    let scenarios = load("backgammon");
    corpus_of(&scenarios);
    readings_of("backgammon", &scenarios);
}

/// The mutation runs call these tests by name (`<game>`,
/// `<game>_and_readings`: `docs/mutation.md`), so they are written out per
/// game; a game of the registry without its two tests fails here.
#[test]
fn every_game_has_its_two_tests() {
    let source = std::fs::read_to_string(file!()).expect("this file");
    for game in arbiter::games::names() {
        for test in [format!("fn {game}()"), format!("fn {game}_and_readings()")] {
            assert!(
                source.contains(&test),
                "tests/corpus_kills.rs lacks `{test}` for the registered game {game}"
            );
        }
    }
}
