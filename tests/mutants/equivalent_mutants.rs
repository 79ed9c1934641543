//! Mutants left out of a kill matrix because the game's `observably_equal`
//! says no position can tell them from their base profile. Each game argues
//! its cases in its spec (Stratego: ambiguities AM-3, AM-9, AM-10, AM-16,
//! AM-19; Dame: AD-2, AD-3, AD-5 to AD-7, AD-9, AD-10; chess: "Switches that
//! cannot matter" in `spec/chess/profiles.md`; Epaminondas: AE-3;
//! backgammon: a game without a cube). This test checks, for every game,
//! that the argument does not contradict the corpus: the raw mutated
//! profile must pass every scenario written for the base, expectations and
//! annotations included. A mutant that sets the base's own value is no
//! mutant of that base and is skipped.

use std::path::PathBuf;

use arbiter::rules::{RuleProfile, Rules};
use arbiter::scenario::any::{load_all, of_game};
use arbiter::scenario::run::run_profile_as;

/// How many (mutant, base) pairs were left out and checked against at least
/// one scenario of their base, and the ones the corpus contradicts. A pair
/// whose base no scenario lists tests nothing and is not counted.
fn left_out_against_corpus<G: Rules>() -> (usize, Vec<String>) {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios")
        .join(G::NAME);
    let (all, errors) = load_all(&[root]);
    assert!(errors.is_empty(), "{errors:?}");
    let scenarios = of_game::<G>(&all);
    assert!(!scenarios.is_empty(), "no {} scenarios", G::NAME);
    let mut contradicted = Vec::new();
    let mut checked = 0;
    for name in G::Profile::names() {
        let base = G::Profile::parse(name).unwrap();
        for m in G::MUTANTS {
            if m.mutate(&base).is_some() {
                continue; // in the matrix: tests/mutants/kill_matrices.rs
            }
            let mut raw = base.clone();
            (m.apply)(&mut raw);
            if raw == base {
                continue; // the mutant sets the base's own value
            }
            let mut ran = 0;
            for s in scenarios
                .iter()
                .filter(|s| s.profiles.iter().any(|p| p.name() == base.name()))
            {
                ran += 1;
                let failures = run_profile_as(s, G::reference(), &raw, &base);
                if !failures.is_empty() {
                    contradicted.push(format!("{} on {name}: {} fails", m.name, s.id));
                }
            }
            if ran > 0 {
                checked += 1;
            }
        }
    }
    (checked, contradicted)
}

/// Runs the check for one game and requires at least `min_checked` left-out
/// pairs (each game's count when this was written), so that a change to
/// `observably_equal` or to the mutants that empties the check is noticed.
fn check<G: Rules>(min_checked: usize) {
    let (checked, contradicted) = left_out_against_corpus::<G>();
    assert!(
        checked >= min_checked,
        "{}: only {checked} left-out mutants checked, expected at least {min_checked}",
        G::NAME
    );
    assert!(
        contradicted.is_empty(),
        "{}: mutants declared unobservable are observable:\n{}",
        G::NAME,
        contradicted.join("\n")
    );
    println!(
        "{}: {checked} left-out mutants pass the corpus of their base",
        G::NAME
    );
}

fn left_out_mutants<G: Rules>() {
    // Each game's count of left-out pairs when its floors were written.
    check::<G>(G::KILL_FLOORS.left_out);
}

arbiter::each_game_test!(left_out_mutants_pass_the_corpus_of_their_base => left_out_mutants);
