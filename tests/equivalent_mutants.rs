//! Mutants left out of the kill matrix because `observably_equal` says no
//! position can tell them from their base profile (ambiguities AM-3, AM-9,
//! AM-10, AM-16, AM-19). The argument is in the spec; this test checks it
//! does not contradict the corpus: the raw mutated profile must pass every
//! scenario written for the base, expectations and annotations included.

use std::path::PathBuf;

use arbiter::corpus::{load_all, of_game};
use arbiter::games::stratego::game::Stratego;
use arbiter::games::stratego::mutants::ALL;
use arbiter::games::stratego::profile::Profile;
use arbiter::games::stratego::reference::Reference;
use arbiter::scenario::run::run_profile_as;

#[test]
fn left_out_mutants_pass_the_corpus_of_their_base() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let (all, errors) = load_all(&[root]);
    assert!(errors.is_empty(), "{errors:?}");
    let scenarios = of_game::<Stratego>(&all);
    let mut contradicted = Vec::new();
    let mut checked = 0;
    for name in Profile::NAMES {
        let base = Profile::named(name).unwrap();
        for m in ALL {
            if m.mutate(&base).is_some() {
                continue;
            }
            let mut raw = base.clone();
            (m.apply)(&mut raw);
            if raw == base {
                continue; // the mutant sets the base's own value
            }
            checked += 1;
            for s in scenarios
                .iter()
                .filter(|s| s.profiles.iter().any(|p| p.name == base.name))
            {
                let failures = run_profile_as(s, &Reference, &raw, &base);
                if !failures.is_empty() {
                    contradicted.push(format!("{} on {}: {} fails", m.name, name, s.id));
                }
            }
        }
    }
    assert!(checked > 0);
    assert!(
        contradicted.is_empty(),
        "mutants declared unobservable are observable:\n{}",
        contradicted.join("\n")
    );
}
