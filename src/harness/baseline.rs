//! A run read against an earlier report of the same implementation
//! (`arbiter conform --baseline REPORT.json`): which failures are new and
//! which were already there, and what changed in the corpus since. A CI
//! then goes red only on a regression, or on a scenario added or changed
//! since the baseline (a ruling the implementation has not seen yet), and
//! the report says which of the two each new failure is.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use super::changelog;
pub use super::comparison::{Comparison, NewFailure, NewKind};
use super::report::{CaseReport, FORMAT, Report, Status};

/// Reads a JSON report written by `arbiter conform --format json` (or
/// `--output`) to use as a baseline. The error says what is wrong with the
/// file, in a sentence.
pub fn load(path: &Path) -> Result<Report, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read the baseline {}: {e}", path.display()))?;
    let value: serde_json::Value = serde_json::from_str(&text).map_err(|e| {
        format!(
            "the baseline {} is not JSON ({e}); write one with `arbiter conform --format json --output FILE`",
            path.display()
        )
    })?;
    if value.get("format").and_then(|f| f.as_str()) != Some(FORMAT) {
        return Err(format!(
            "the baseline {} is not a conformance report (its `format` is not `{FORMAT}`); write one with `arbiter conform --format json --output FILE`",
            path.display()
        ));
    }
    serde_json::from_value(value).map_err(|e| {
        format!(
            "the baseline {} does not read as a report: {e}",
            path.display()
        )
    })
}

fn key(c: &CaseReport) -> (String, String) {
    (c.game.clone(), c.id.clone())
}

/// The profiles of a case that failed, whatever an expected-failures list
/// made of the case (`*` when none did but the case did).
fn failed_before(c: &CaseReport) -> BTreeSet<String> {
    let mut out: BTreeSet<String> = c
        .profiles
        .iter()
        .filter(|p| p.status.is_failure())
        .map(|p| p.profile.clone())
        .collect();
    if out.is_empty() && c.status.is_failure() {
        out.insert("*".into());
    }
    out
}

/// The profiles of a case that fail this run: none when the case did not
/// fail (an expected failure is known by its list).
fn failing_now(c: &CaseReport) -> BTreeSet<String> {
    if c.status.is_failure() {
        failed_before(c)
    } else {
        BTreeSet::new()
    }
}

fn named(c: &CaseReport, profile: &str) -> String {
    if profile == "*" {
        c.id.clone()
    } else {
        format!("{} [{profile}]", c.id)
    }
}

/// Compares the cases of this run with the baseline's.
pub fn compare(baseline: &Report, cases: &[CaseReport]) -> Comparison {
    let before: BTreeMap<(String, String), &CaseReport> =
        baseline.cases.iter().map(|c| (key(c), c)).collect();
    let games: BTreeSet<&str> = baseline.cases.iter().map(|c| c.game.as_str()).collect();
    let digests = baseline.cases.iter().any(|c| c.digest.is_some());
    let mut out = Comparison {
        arbiter: baseline.arbiter.clone(),
        digests,
        changelog: changelog::since(&baseline.arbiter),
        ..Comparison::default()
    };
    let mut now_keys = BTreeSet::new();
    for c in cases {
        now_keys.insert(key(c));
        let old = before.get(&key(c)).copied();
        let changed = match (old.and_then(|o| o.digest.as_ref()), &c.digest) {
            (Some(a), Some(b)) => a != b,
            _ => false,
        };
        match old {
            None if games.contains(c.game.as_str()) => out.added.push(c.id.clone()),
            Some(_) if changed => out.changed.push(c.id.clone()),
            _ => {}
        }
        let failing = failing_now(c);
        let was_failing = old.map(failed_before).unwrap_or_default();
        for p in &failing {
            let old_profile = old.and_then(|o| o.profiles.iter().find(|q| &q.profile == p));
            let was = old_profile.map(|q| q.status).or(old.map(|o| o.status));
            let kind = match old {
                None if games.contains(c.game.as_str()) => Some(NewKind::Added),
                None => Some(NewKind::NotRunBefore),
                Some(_) if changed => Some(NewKind::Changed),
                Some(_) if was_failing.contains(p) => None,
                Some(o) if o.status == Status::Skip || was == Some(Status::Skip) => {
                    Some(NewKind::NotRunBefore)
                }
                Some(_) => Some(NewKind::Regression),
            };
            match kind {
                None => out.known.push(named(c, p)),
                Some(kind) => out.new_failures.push(NewFailure {
                    id: c.id.clone(),
                    game: c.game.clone(),
                    profile: p.clone(),
                    kind,
                    was,
                    now: c
                        .profiles
                        .iter()
                        .find(|q| &q.profile == p)
                        .map_or(c.status, |q| q.status),
                }),
            }
        }
        if !changed {
            for p in was_failing.difference(&failing) {
                // Fixed only if it ran and passed: a profile declined or not
                // run this time says nothing.
                let passes = if p == "*" {
                    c.status == Status::Pass
                } else {
                    c.profiles
                        .iter()
                        .any(|q| &q.profile == p && q.status == Status::Pass)
                };
                if passes {
                    out.fixed.push(named(c, p));
                }
            }
        }
    }
    let current_games: BTreeSet<&str> = cases.iter().map(|c| c.game.as_str()).collect();
    for c in &baseline.cases {
        if current_games.contains(c.game.as_str()) && !now_keys.contains(&key(c)) {
            out.removed.push(c.id.clone());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::report::{ImplementationInfo, ProfileResult, Summary};

    fn case(id: &str, digest: &str, profiles: &[(&str, Status)]) -> CaseReport {
        let status = profiles
            .iter()
            .map(|p| p.1)
            .find(|s| s.is_failure())
            .unwrap_or(Status::Pass);
        CaseReport {
            id: id.into(),
            game: "chess".into(),
            path: String::new(),
            status,
            message: None,
            skip: None,
            readings: Vec::new(),
            profiles: profiles
                .iter()
                .map(|(p, s)| ProfileResult::new(*p, *s))
                .collect(),
            duration_ms: 0,
            digest: Some(digest.into()),
            changed_rulings: Vec::new(),
        }
    }

    fn report(cases: Vec<CaseReport>) -> Report {
        Report {
            format: FORMAT.into(),
            format_version: 1,
            protocol: 1,
            arbiter: "0.1.0".into(),
            implementation: ImplementationInfo::default(),
            mode: "persistent".into(),
            profile: None,
            problems: Vec::new(),
            summary: Summary::of(&cases),
            cases,
            baseline: None,
        }
    }

    use Status::{Fail, Pass};

    #[test]
    fn each_failure_is_known_a_regression_or_on_a_new_or_changed_scenario() {
        let base = report(vec![
            case("a", "1", &[("fide", Fail), ("seed", Pass)]),
            case("b", "2", &[("fide", Pass)]),
            case("c", "3", &[("fide", Pass)]),
            case("d", "4", &[("fide", Fail)]),
            case("gone", "5", &[("fide", Pass)]),
        ]);
        let now = [
            case("a", "1", &[("fide", Fail), ("seed", Fail)]),
            case("b", "2", &[("fide", Pass)]),
            case("c", "9", &[("fide", Fail)]),
            case("d", "4", &[("fide", Pass)]),
            case("e", "6", &[("fide", Fail)]),
        ];
        let c = compare(&base, &now);
        let got: Vec<(String, String, NewKind)> = c
            .new_failures
            .iter()
            .map(|f| (f.id.clone(), f.profile.clone(), f.kind))
            .collect();
        assert_eq!(
            got,
            [
                ("a".into(), "seed".into(), NewKind::Regression),
                ("c".into(), "fide".into(), NewKind::Changed),
                ("e".into(), "fide".into(), NewKind::Added),
            ]
        );
        assert_eq!(c.new_failures[0].was, Some(Pass));
        assert_eq!(c.known, ["a [fide]"]);
        assert_eq!(c.fixed, ["d [fide]"]);
        assert_eq!(c.added, ["e"]);
        assert_eq!(c.changed, ["c"]);
        assert_eq!(c.removed, ["gone"]);
        assert!(
            c.line().contains(
                "3 new failures of profile runs in 3 scenarios (1 regression, 1 on a scenario added"
            ),
            "{}",
            c.line()
        );
    }

    #[test]
    fn a_run_the_same_as_its_baseline_has_nothing_new() {
        let cases = vec![case("a", "1", &[("fide", Fail)]), case("b", "2", &[])];
        let c = compare(&report(cases.clone()), &cases);
        assert!(c.new_failures.is_empty(), "{c:?}");
        assert_eq!(c.known, ["a [fide]"]);
        assert!(c.added.is_empty() && c.changed.is_empty() && c.removed.is_empty());
    }

    #[test]
    fn a_file_that_is_not_a_report_is_refused_in_a_sentence() {
        let dir = std::env::temp_dir().join(format!("arbiter-baseline-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join("x.json");
        std::fs::write(&f, "{\"cases\": []}").unwrap();
        let e = load(&f).unwrap_err();
        assert!(e.contains("is not a conformance report"), "{e}");
        std::fs::write(&f, "not json").unwrap();
        assert!(load(&f).unwrap_err().contains("is not JSON"));
        assert!(
            load(&dir.join("none.json"))
                .unwrap_err()
                .contains("cannot read")
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
