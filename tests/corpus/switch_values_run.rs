//! Every value of every switch with a closed set of values (an enum, a
//! boolean) is the reading of at least one profile some scenario runs under,
//! named or spelled with overrides (`seed-003+capture.strength=or-equal`).
//! A reading that a user may select but no scenario runs is code the corpus
//! never checks: a slip there would pass (docs/mutation.md). Values that no
//! position can tell from another value are listed with the game's
//! argument instead.

use std::collections::BTreeSet;
use std::path::PathBuf;

use arbiter::rules::Rules;
use arbiter::rules::switches::{allowed, flatten};
use arbiter::scenario::any::{load_all, of_game};
use serde_json::Value;

/// The (switch, value) pairs of `G` that no scenario's profile takes.
fn unrun<G: Rules>() -> Vec<String> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios")
        .join(G::NAME);
    let (all, errors) = load_all(&[root]);
    assert!(errors.is_empty(), "{errors:?}");
    let mut taken: BTreeSet<(String, String)> = BTreeSet::new();
    let mut paths: BTreeSet<String> = BTreeSet::new();
    for s in of_game::<G>(&all) {
        for p in &s.profiles {
            for (k, v) in flatten(&serde_json::to_value(p).unwrap()) {
                paths.insert(k.clone());
                taken.insert((k, v.to_string()));
            }
        }
    }
    let mut missing = Vec::new();
    for path in paths {
        let Some(Value::Array(values)) = allowed::<G::Profile>(&path) else {
            continue;
        };
        for v in values {
            if !taken.contains(&(path.clone(), v.to_string())) {
                missing.push(format!("{path} = {v}"));
            }
        }
    }
    missing
}

/// Checks `G` against the values still waiting for a scenario (each named
/// here with where its reading is defined). The list may only shrink: a new
/// switch value needs a scenario that runs it.
fn check<G: Rules>(waiting: &[&str]) {
    let missing = unrun::<G>();
    let new: Vec<&String> = missing
        .iter()
        .filter(|m| !waiting.contains(&m.as_str()))
        .collect();
    assert!(
        new.is_empty(),
        "{}: switch values no scenario runs: {new:?}",
        G::NAME
    );
    let stale: Vec<&&str> = waiting
        .iter()
        .filter(|w| !missing.iter().any(|m| m == *w))
        .collect();
    assert!(
        stale.is_empty(),
        "{}: now run by a scenario, take them off the list: {stale:?}",
        G::NAME
    );
}

/// No switch value of any game waits for a scenario.
fn every_value_runs<G: Rules>() {
    check::<G>(&[]);
}

arbiter::each_game_test!(every_switch_value_runs => every_value_runs);
