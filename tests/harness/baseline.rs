//! `arbiter conform --baseline REPORT.json`: a run read against an earlier
//! report of the same engine fails only on new failures (a regression, or a
//! scenario added or changed since), says which each is, and lists what the
//! corpus gained since. The engine is `arbiter serve` behind
//! `tests/data/harness/fake_engine.py`, which leaves chosen moves out.

use std::path::{Path, PathBuf};

use crate::common::{self, arbiter, repo, run};

/// Copies chess scenarios into a fresh corpus directory.
fn corpus(tag: &str, files: &[&str]) -> PathBuf {
    let dir = common::temp_dir(tag);
    for f in files {
        let from = repo(&format!("scenarios/chess/{f}"));
        let to = dir.join(f);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(&from, &to).unwrap();
    }
    dir
}

/// `arbiter conform --scenarios DIR ARGS -- fake_engine.py BENDS -- arbiter
/// serve --game chess`, persistent.
fn conform(dir: &Path, args: &[&str], bends: &[&str]) -> (String, String, i32) {
    let fake = repo("tests/data/harness/fake_engine.py");
    let dir = dir.to_str().unwrap();
    let mut all = vec!["conform", "--mode", "persistent", "--scenarios", dir];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--", "python3", fake.to_str().unwrap()]);
    all.extend_from_slice(bends);
    all.extend_from_slice(&["--", arbiter(), "serve", "--game", "chess"]);
    run(&all)
}

/// The `NEW` line of scenario `id` in a text report.
fn new_line<'a>(text: &'a str, id: &str) -> &'a str {
    text.lines()
        .find(|l| l.starts_with(&format!("NEW {id} [")))
        .unwrap_or_else(|| panic!("no NEW line for {id} in:\n{text}"))
}

const A: &str = "movement/initial-position.yaml";
const B: &str = "movement/castling-out-of-check.yaml";
const C: &str = "repetition/knights-out-and-back.yaml";

/// The same failures as the baseline's are known and pass the run; one more
/// dropped move is a regression that fails it, named with its profile.
#[test]
fn known_failures_pass_and_a_regression_fails_naming_itself() {
    if !common::python3_available() {
        return;
    }
    let dir = corpus("baseline-known", &[A, B]);
    let base = dir.join("base.json");
    let out = base.to_str().unwrap();
    let (text, err, code) = conform(
        &dir,
        &["--format", "json", "--output", out],
        &["drop", "e2e4"],
    );
    assert_eq!(code, 1, "the baseline run itself fails: {text}{err}");
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&base).unwrap()).unwrap();
    assert!(
        report["cases"][0]["digest"]
            .as_str()
            .is_some_and(|d| d.len() == 16),
        "every case records its scenario's digest: {report}"
    );

    // The same engine again: only known failures, so the run passes.
    let (text, err, code) = conform(&dir, &["--baseline", out], &["drop", "e2e4"]);
    assert_eq!(code, 0, "{text}{err}");
    assert!(
        text.contains("against the baseline (arbiter ") && text.contains(": 0 new failures, "),
        "{text}"
    );
    assert!(!text.contains("NEW "), "{text}");

    // One more move left out: B fails too, a regression.
    let (text, err, code) = conform(
        &dir,
        &["--baseline", out],
        &["drop", "e2e4", "drop", "e8f8"],
    );
    assert_eq!(code, 1, "{text}{err}");
    assert_eq!(
        new_line(&text, "movement/castling-out-of-check"),
        "NEW movement/castling-out-of-check [fide, openspiel, seed]: regression (now fail, was pass)"
    );
    assert!(
        text.contains(": 3 new failures of profile runs in 1 scenario (3 regressions), "),
        "{text}"
    );
    assert!(!text.contains("NEW movement/initial-position"), "{text}");

    // The JSON report carries the comparison.
    let (json, _, code) = conform(
        &dir,
        &["--baseline", out, "--format", "json"],
        &["drop", "e2e4", "drop", "e8f8"],
    );
    assert_eq!(code, 1);
    let r: serde_json::Value = serde_json::from_str(&json).unwrap();
    let new = r["baseline"]["new-failures"].as_array().unwrap();
    assert!(
        new.iter()
            .all(|f| f["id"] == "movement/castling-out-of-check" && f["kind"] == "regression"),
        "{new:?}"
    );
    assert!(!new.is_empty());
}

/// A scenario changed since the baseline and one added since both fail as
/// new, each said to be so; the corpus lines list them; an unchanged one
/// that starts failing is a regression.
#[test]
fn a_changed_or_added_scenario_is_new_and_said_so() {
    if !common::python3_available() {
        return;
    }
    let dir = corpus("baseline-changed", &[A, B]);
    let base = dir.join("base.json");
    let out = base.to_str().unwrap();
    let (text, err, code) = conform(&dir, &["--format", "json", "--output", out], &[]);
    assert_eq!(code, 0, "{text}{err}");
    // A changes (one more comment line), C is added.
    let a = dir.join(A);
    let mut t = std::fs::read_to_string(&a).unwrap();
    t.push_str("# edited since the baseline\n");
    std::fs::write(&a, t).unwrap();
    std::fs::create_dir_all(dir.join("repetition")).unwrap();
    std::fs::copy(repo(&format!("scenarios/chess/{C}")), dir.join(C)).unwrap();

    let (text, err, code) = conform(
        &dir,
        &["--baseline", out],
        &["drop", "e2e4", "drop", "e8f8"],
    );
    assert_eq!(code, 1, "{text}{err}");
    for (id, kind) in [
        (
            "movement/initial-position",
            "scenario changed since the baseline (now fail, was pass)",
        ),
        (
            "repetition/knights-out-and-back",
            "scenario added since the baseline (now fail)",
        ),
        (
            "movement/castling-out-of-check",
            "regression (now fail, was pass)",
        ),
    ] {
        let line = new_line(&text, id);
        assert!(line.ends_with(&format!("]: {kind}")), "{line}");
    }
    for line in [
        "corpus since the baseline: 1 scenario added: repetition/knights-out-and-back",
        "corpus since the baseline: 1 scenario changed: movement/initial-position",
    ] {
        assert!(text.contains(line), "no `{line}` in:\n{text}");
    }
}

/// A baseline that is missing, not JSON or not a report is refused before
/// anything runs, with a sentence and status 2.
#[test]
fn a_bad_baseline_is_refused_in_a_sentence() {
    let dir = common::temp_dir("baseline-bad");
    let file = dir.join("b.json");
    std::fs::write(&file, "[1, 2]").unwrap();
    for (path, want) in [
        (file.clone(), "is not a conformance report"),
        (dir.join("absent.json"), "cannot read the baseline"),
    ] {
        let (out, err, code) = run(&[
            "conform",
            "--baseline",
            path.to_str().unwrap(),
            "--",
            arbiter(),
            "serve",
        ]);
        assert_eq!(code, 2, "{out}{err}");
        assert!(err.contains(want), "{err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

/// A failing scenario that cites a clause of a changed ruling (CH-9.4 /
/// AM-14, changed in 0.1.0) names the changelog's entry, in the text and
/// the JSON report; one that cites none names nothing.
#[test]
fn a_failure_on_a_changed_ruling_names_the_changelog_entry() {
    if !common::python3_available() {
        return;
    }
    let dir = corpus(
        "changed-ruling",
        &["endings/claim-with-a-mating-move.yaml", B],
    );
    let (text, err, code) = conform(&dir, &[], &["drop", "a1a8", "drop", "e8f8"]);
    assert_eq!(code, 1, "{text}{err}");
    assert!(
        text.contains("    changed ruling, CHANGELOG.md 0.1.0: Chess CH-9.4 / AM-14: "),
        "{text}"
    );
    let (json, _, _) = conform(
        &dir,
        &["--format", "json"],
        &["drop", "a1a8", "drop", "e8f8"],
    );
    let r: serde_json::Value = serde_json::from_str(&json).unwrap();
    for c in r["cases"].as_array().unwrap() {
        assert_eq!(c["status"], "fail", "{c}");
        let named = c["changed-rulings"].as_array().map_or(0, |a| a.len());
        if c["id"] == "endings/claim-with-a-mating-move" {
            assert_eq!(named, 1, "{c}");
        } else {
            assert_eq!(named, 0, "{c}");
        }
    }
}
