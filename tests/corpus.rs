//! The whole corpus passes under the reference interpreter, and every
//! clause of the spec is covered by at least one scenario.

use std::path::PathBuf;

use arbiter::games::stratego::engine::Engine;
use arbiter::games::stratego::game::Stratego;
use arbiter::games::stratego::reference::Reference;
use arbiter::rules::Implementation;
use arbiter::scenario::clauses;
use arbiter::scenario::load::load_all;
use arbiter::scenario::run::{Status, run};

fn corpus() -> Vec<arbiter::scenario::load::Scenario> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let (scenarios, errors) = load_all(&[root]);
    let errors: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
    assert!(
        errors.is_empty(),
        "corpus load errors:\n{}",
        errors.join("\n")
    );
    scenarios
}

fn corpus_passes_under(imp: &dyn Implementation<Stratego>) {
    let mut failures = Vec::new();
    for s in corpus() {
        if let Status::Fail(fs) = run(&s, imp, None).status {
            for f in fs {
                failures.push(format!("{} {}:{}: {f}", s.id, f.at.line, f.at.column));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn corpus_passes_under_the_reference() {
    corpus_passes_under(&Reference);
}

#[test]
fn corpus_passes_under_the_engine() {
    corpus_passes_under(&Engine);
}

#[test]
fn every_clause_has_a_scenario() {
    let scenarios = corpus();
    let missing: Vec<String> = clauses::all()
        .into_iter()
        .filter(|c| !scenarios.iter().any(|s| s.clauses.contains(&c.id)))
        .map(|c| format!("{} ({})", c.id, c.file))
        .collect();
    assert!(
        missing.is_empty(),
        "clauses without a scenario: {}",
        missing.join(", ")
    );
}

#[test]
fn clause_ids_are_unique() {
    let mut ids: Vec<String> = clauses::all().into_iter().map(|c| c.id).collect();
    let n = ids.len();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), n, "a clause ID is defined twice in spec/");
}
