//! The whole corpus passes on every implementation of every game, and every
//! clause of each game's spec is covered by at least one of its scenarios.

use std::path::PathBuf;

use arbiter::scenario::any::{AnyScenario, load_all};
use arbiter::scenario::run::Status;

fn corpus() -> Vec<Box<dyn AnyScenario>> {
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

fn corpus_passes_on(imp: &str) {
    let mut failures = Vec::new();
    let mut ran = 0;
    for s in corpus() {
        let Some(result) = s.check(imp, None) else {
            continue;
        };
        ran += 1;
        if let Status::Fail(fs) = result.status {
            for f in fs {
                failures.push(format!(
                    "{} {}:{}: {f}",
                    s.qualified_id(),
                    f.at.line,
                    f.at.column
                ));
            }
        }
    }
    assert!(ran > 200, "only {ran} scenarios ran on {imp}");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn corpus_passes_under_the_reference() {
    corpus_passes_on("reference");
}

#[test]
fn corpus_passes_under_the_engine() {
    corpus_passes_on("engine");
}

#[test]
fn every_scenario_names_a_registered_game() {
    for s in corpus() {
        assert!(
            arbiter::games::find(s.game()).is_some(),
            "{}",
            s.path().display()
        );
    }
}

#[test]
fn every_clause_has_a_scenario() {
    let scenarios = corpus();
    let mut missing = Vec::new();
    for g in arbiter::games::names() {
        let notation_tests = notation_tests(g);
        for c in arbiter::scenario::clauses::of_game(g) {
            // A notation page's clauses are about spellings, not rules: no
            // scenario can state them, so a test of the game's notation
            // (its `notation.rs` tests, or a file under `tests/`) must cite
            // each.
            if c.file.ends_with("notation.md") {
                if !notation_tests.iter().any(|t| cites(t, &c.id)) {
                    missing.push(format!(
                        "{}:{} ({}, cited by no notation test)",
                        g, c.id, c.file
                    ));
                }
                continue;
            }
            if !scenarios
                .iter()
                .any(|s| s.game() == g && s.clauses().contains(&c.id))
            {
                missing.push(format!("{}:{} ({})", g, c.id, c.file));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "clauses without a scenario: {}",
        missing.join(", ")
    );
}

/// The texts that test game `g`'s notations: its `notation.rs` and every
/// Rust file under `tests/`.
fn notation_tests(g: &str) -> Vec<String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    if let Ok(t) = std::fs::read_to_string(root.join(format!("src/games/{g}/notation.rs"))) {
        // Its tests only: the code citing a clause is no test of it.
        if let Some(i) = t.find("#[cfg(test)]") {
            out.push(t[i..].to_string());
        }
    }
    let mut dirs = vec![root.join("tests")];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "rs")
                && !p.ends_with("corpus/whole_corpus.rs")
            {
                out.extend(std::fs::read_to_string(&p));
            }
        }
    }
    out
}

/// Whether `text` names clause `id` as a whole word (a clause is not
/// cited by another whose id it begins).
fn cites(text: &str, id: &str) -> bool {
    text.match_indices(id).any(|(i, _)| {
        !text[i + id.len()..].chars().next().is_some_and(|c| {
            c.is_ascii_digit()
                || (c == '.' && text[i + id.len() + 1..].starts_with(|d: char| d.is_ascii_digit()))
        })
    })
}

#[test]
fn clause_ids_are_unique_within_each_game() {
    for g in arbiter::games::names() {
        let mut ids: Vec<String> = arbiter::scenario::clauses::of_game(g)
            .into_iter()
            .map(|c| c.id)
            .collect();
        let n = ids.len();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), n, "a clause ID of {} is defined twice", g);
    }
}
