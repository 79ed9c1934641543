//! The test command of the code-level mutation runs (`docs/mutation.md`):
//! one game's corpus on its reference interpreter, and nothing else, so a
//! mutant of that game's rule code is caught by the corpus alone (unit
//! tests do not count) and costs one build and one corpus run.
//!
//! `cargo mutants -f 'src/games/dame/reference/**' -- --test corpus_kills dame`
//! runs the Dame test only; plain `cargo test` runs all five, which is the
//! corpus on the reference again (also `tests/corpus.rs`), cheap next to the
//! rest.

use std::path::PathBuf;

use arbiter::corpus::load_all;
use arbiter::scenario::run::Status;

/// Every scenario of `game` passes on its reference; panics with the
/// failures otherwise.
fn corpus_of(game: &str) {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios")
        .join(game);
    let (scenarios, errors) = load_all(&[root]);
    assert!(errors.is_empty(), "{errors:?}");
    let mut failures = Vec::new();
    for s in &scenarios {
        let result = s.check("reference", None).expect("a reference");
        if let Status::Fail(fs) = result.status {
            failures.push(format!("{}: {} failures", s.qualified_id(), fs.len()));
        }
    }
    assert!(scenarios.len() >= 20, "only {} scenarios", scenarios.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn stratego() {
    corpus_of("stratego");
}

#[test]
fn dame() {
    corpus_of("dame");
}

#[test]
fn chess() {
    corpus_of("chess");
}

#[test]
fn epaminondas() {
    corpus_of("epaminondas");
}

#[test]
fn backgammon() {
    corpus_of("backgammon");
}
