//! The test command of the code-level mutation runs (`docs/mutation.md`):
//! one game's corpus on its reference interpreter, and nothing else, so a
//! mutant of that game's rule code is caught by the corpus alone (unit
//! tests do not count) and costs one build and one corpus run.
//!
//! Both tests are written for every game of the registry
//! (`arbiter::each_game_test!`): `corpus::<game>` and `readings::<game>`.
//! `cargo mutants -f 'src/games/dame/reference/**' -- --test corpus_kills corpus::dame`
//! runs the Dame test only; plain `cargo test` runs every game's, which is the
//! corpus on the reference again (also `tests/corpus/whole_corpus.rs`), cheap
//! next to the rest.
//!
//! `readings::<game>` also runs the same scenarios under every catalogued
//! reading of the game (its kill matrix) and requires each told apart:
//! this is what catches a slip in the code that plays a reading.

use std::path::PathBuf;

use arbiter::rules::Rules;
use arbiter::scenario::any::{AnyScenario, load_all};
use arbiter::scenario::run::Status;

/// The corpus of `game`, loaded without error.
fn load(game: &str) -> Vec<Box<dyn AnyScenario>> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios")
        .join(game);
    let (scenarios, errors) = load_all(&[root]);
    assert!(errors.is_empty(), "{errors:?}");
    assert!(!scenarios.is_empty(), "no scenario of {game} loads");
    scenarios
}

/// Every scenario passes on its reference; panics with the failures
/// otherwise.
fn corpus_of(scenarios: &[Box<dyn AnyScenario>]) {
    corpus_on(scenarios, "reference");
}

/// Every scenario passes on the implementation named `imp`.
fn corpus_on(scenarios: &[Box<dyn AnyScenario>], imp: &str) {
    let mut failures = Vec::new();
    for s in scenarios {
        let result = s.check(imp, None).expect("an implementation of the game");
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

/// `corpus::<game>`: the game's corpus on its reference, for every game of
/// the registry.
fn corpus_only<G: Rules>() {
    corpus_of(&load(G::NAME));
}

/// `readings::<game>`, the mutation runs' test (`-- readings::dame --
/// --ignored`): the corpus first, so a mutant it catches costs one corpus
/// run, then the readings. Ignored in `cargo test`:
/// `tests/mutants/kill_matrices.rs` runs them.
fn corpus_and_readings<G: Rules>() {
    let scenarios = load(G::NAME);
    corpus_of(&scenarios);
    readings_of(G::NAME, &scenarios);
}

/// `fastest::<game>` (ignored in `cargo test`): the game's corpus on its
/// fastest implementation (its engine, `About::fastest`), the test of a
/// mutation run of the engine by the corpus alone
/// (`-f 'src/games/<game>/engine/**' -- fastest::<game> -- --ignored`).
///
/// A scenario the reference plays and the engine declines counts as a
/// failure here: arbiter's own engine is held to every scenario, so a
/// mutant that makes it decline (a setup check that sends a position to a
/// library that refuses it) is caught, not skipped.
fn corpus_on_fastest<G: Rules>() {
    let imp = arbiter::games::About::of::<G>().fastest();
    let scenarios = load(G::NAME);
    corpus_on(&scenarios, imp);
    let mut declined = Vec::new();
    for s in &scenarios {
        let on_engine = s.check(imp, None).expect("an implementation of the game");
        if let Status::Skip(why) = on_engine.status {
            let on_reference = s.check("reference", None).expect("the reference");
            if !matches!(on_reference.status, Status::Skip(_)) {
                declined.push(format!("{}: {why}", s.qualified_id()));
            }
        }
    }
    let listed = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/engine-declines.txt"),
    )
    .expect("tests/data/engine-declines.txt");
    let mut expected: Vec<&str> = listed
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| l.starts_with(&format!("{}:", G::NAME)))
        .collect();
    expected.sort();
    let mut ids: Vec<&str> = declined
        .iter()
        .map(|d| d.split(": ").next().unwrap_or(""))
        .collect();
    ids.sort();
    assert_eq!(
        ids,
        expected,
        "{imp} declines other scenarios than tests/data/engine-declines.txt lists:\n{}",
        declined.join("\n")
    );
}

arbiter::each_game_test!(corpus => corpus_only);
arbiter::each_game_test!(#[ignore] fastest => corpus_on_fastest);
arbiter::each_game_test!(#[ignore] readings => corpus_and_readings);
