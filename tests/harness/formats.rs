//! The JSON, JUnit, TAP and text outputs of `arbiter conform`, and the
//! matrix, on a run with one pass, one fail, one expected failure and one
//! skip.

use crate::common::{self, arbiter, repo, run, small_corpus};

/// The mixed run in `format`: `drop-move` makes both scout scenarios depart
/// at ply 0; one of them is an expected failure; `isf-limit` is left out by
/// `--skip`, and so in no report.
fn mixed(format: &str) -> (String, i32) {
    let corpus = small_corpus();
    let xfail = repo("tests/data/harness/formats-xfail.txt");
    let (stdout, stderr, code) = run(&[
        "conform",
        "--scenarios",
        &corpus,
        "--xfail",
        xfail.to_str().unwrap(),
        "--skip",
        "harness/isf-limit",
        "--format",
        format,
        "--",
        arbiter(),
        "serve",
        "--game",
        "stratego",
        "--misbehave",
        "drop-move",
        "--misbehave-on",
        "harness/scout-*",
    ]);
    assert!(stderr.is_empty(), "{stderr}");
    (stdout, code)
}

#[test]
fn text_report_lists_what_did_not_pass_and_ends_with_the_counts() {
    let (out, code) = mixed("text");
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("conform: arbiter-reference "), "{out}");
    assert_eq!(
        lines[1],
        format!("standard: arbiter {}", arbiter::scenario::lock::VERSION)
    );
    assert_eq!(
        &lines[2..],
        [
            "XFAIL harness/scout-boundaries: [modern-3] ply 0 (setup, red to move): wrongly forbids A3-J3",
            "FAIL harness/scout-takes-flag: [play-only] ply 0 (setup, red to move): wrongly forbids B1-I1",
            "      why: B1-I1 is legal: no rule of profile play-only forbids it here (the implementation's judge: legal)",
            "    [play-only] ply 1 (after B1-B8, blue to move): wrongly forbids H9-I9",
            "      why: H9-I9 is legal: no rule of profile play-only forbids it here (the implementation's judge: legal)",
            "    [play-only] ply 2 (after H9-H8, red to move): wrongly forbids B8-H8",
            "      why: B8-H8 is legal: no rule of profile play-only forbids it here (the implementation's judge: legal)",
            "    [modern-3] ply 0 (setup, red to move): wrongly forbids B1-I1",
            "      why: B1-I1 is legal: no rule of profile modern-3 forbids it here (the implementation's judge: legal)",
            "    [modern-3] ply 1 (after B1-B8, blue to move): wrongly forbids H9-I9",
            "      why: H9-I9 is legal: no rule of profile modern-3 forbids it here (the implementation's judge: legal)",
            "    [modern-3] ply 2 (after H9-H8, red to move): wrongly forbids B8-H8",
            "      why: B8-H8 is legal: no rule of profile modern-3 forbids it here (the implementation's judge: legal)",
            "pass 1, fail 1, xfail 1, xpass 0, skip 0, error 0, timeout 0, crash 0",
            "2 passed, 1 failed, 0 skipped",
        ]
    );
}

#[test]
fn json_report_has_statuses_departures_and_counts() {
    let (out, code) = mixed("json");
    assert_eq!(code, 1);
    let r: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(r["format"], "arbiter-conform-report");
    assert_eq!(r["format-version"], 1);
    assert_eq!(r["protocol"], 1);
    assert_eq!(r["implementation"]["name"], "arbiter-reference");
    assert_eq!(
        r["implementation"]["capabilities"],
        serde_json::json!([
            "judge",
            "two-squares",
            "combat",
            "outcome",
            "chase",
            "position"
        ])
    );
    assert_eq!(r["mode"], "per-case");
    assert_eq!(
        r["summary"],
        serde_json::json!({"pass": 1, "fail": 1, "xfail": 1, "xpass": 0, "skip": 0,
                           "error": 0, "timeout": 0, "crash": 0, "declined": 0,
                           "not_written": 0, "not_selected": 0, "declined_runs": 0})
    );
    // The scenario `--skip` leaves out is not listed (it was, as skipped).
    assert_eq!(common::statuses(&r).len(), 3);
    let failed = &r["cases"][2];
    assert_eq!(failed["id"], "harness/scout-takes-flag");
    assert_eq!(failed["status"], "fail");
    // Both profiles of the scenario depart at the setup.
    let profiles = failed["profiles"].as_array().unwrap();
    assert_eq!(profiles.len(), 2);
    for p in profiles {
        assert_eq!(p["status"], "fail");
        let d = &p["departure"];
        assert_eq!(d["ply"], 0);
        assert_eq!(d["to-move"], "red");
        assert_eq!(d["wrongly-forbids"], serde_json::json!(["B1-I1"]));
        assert!(d.get("wrongly-allows").is_none());
        // The reason is the reference's: the move is legal, though the
        // engine left it out, and the engine's own judge says so too.
        assert_eq!(
            d["reasons"],
            serde_json::json!([{
                "action": "B1-I1",
                "legal": true,
                "why": format!("no rule of profile {} forbids it here", p["profile"].as_str().unwrap()),
                "implementation-says": "legal"
            }])
        );
        // drop-move leaves a legal move out at every ply: the run goes on
        // after the first departure and lists each ply of the scenario.
        let further: Vec<u64> = p["further"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["ply"].as_u64().unwrap())
            .collect();
        assert_eq!(further, [1, 2]);
    }
    assert!(
        !out.contains("harness/isf-limit") && !out.contains("not-selected"),
        "{out}"
    );
    // A report reads back into the library type `arbiter matrix` uses.
    let typed: arbiter::harness::report::Report = serde_json::from_str(&out).unwrap();
    assert_eq!(typed.closing_line(), "2 passed, 1 failed, 0 skipped");
}

#[test]
fn junit_report_is_well_formed_xml_with_the_right_counts() {
    let (out, code) = mixed("junit");
    assert_eq!(code, 1);
    let doc = roxmltree::Document::parse(&out).expect("well-formed XML");
    let attr = |n: roxmltree::Node, k: &str| n.attribute(k).unwrap_or_default().to_string();
    let suites: Vec<(String, String, String, String)> = doc
        .descendants()
        .filter(|n| n.has_tag_name("testsuite"))
        .map(|n| {
            (
                attr(n, "tests"),
                attr(n, "failures"),
                attr(n, "errors"),
                attr(n, "skipped"),
            )
        })
        .collect();
    let testcases: Vec<roxmltree::Node> = doc
        .descendants()
        .filter(|n| n.has_tag_name("testcase"))
        .collect();
    let cases: Vec<String> = testcases.iter().map(|n| attr(*n, "name")).collect();
    let children: Vec<(String, String)> = testcases
        .iter()
        .flat_map(|n| {
            n.children()
                .filter(|c| c.is_element())
                .map(move |c| (attr(*n, "name"), c.tag_name().name().to_string()))
        })
        .collect();
    // The scenario `--skip` leaves out is no test case (it was listed as
    // skipped).
    assert_eq!(suites, [("3".into(), "1".into(), "0".into(), "0".into())]);
    assert_eq!(
        cases,
        [
            "harness/back-and-forth",
            "harness/scout-boundaries",
            "harness/scout-takes-flag"
        ]
    );
    assert_eq!(
        children,
        [
            (
                "harness/scout-boundaries".to_string(),
                "system-out".to_string()
            ),
            (
                "harness/scout-takes-flag".to_string(),
                "failure".to_string()
            ),
        ]
    );
}

#[test]
fn tap_report_follows_version_13() {
    let (out, code) = mixed("tap");
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "TAP version 13");
    assert_eq!(lines[1], "1..3");
    assert_eq!(lines[2], "ok 1 - harness/back-and-forth");
    assert!(
        lines[3].starts_with("not ok 2 - harness/scout-boundaries # TODO expected failure: "),
        "{out}"
    );
    assert_eq!(lines[4], "not ok 3 - harness/scout-takes-flag");
    assert_eq!(lines[5], "  ---");
    assert!(lines.contains(&"  status: fail"));
    assert!(lines.contains(&"  ply: 0"));
    assert!(lines.contains(&"  wrongly-forbids: [B1-I1]"));
    let plan_lines = lines
        .iter()
        .filter(|l| l.starts_with("ok ") || l.starts_with("not ok "))
        .count();
    assert_eq!(plan_lines, 3, "one test line per planned test");
    assert_eq!(lines[lines.len() - 2], "# 2 passed, 1 failed, 0 skipped");
    assert_eq!(
        lines.last().copied(),
        Some(format!("# standard: arbiter {}", arbiter::scenario::lock::VERSION).as_str())
    );
}

#[test]
fn an_expected_failure_that_passes_is_an_xpass_and_fails_the_run() {
    let corpus = small_corpus();
    let xfail = repo("tests/data/harness/formats-xfail.txt");
    let (out, _, code) = run(&[
        "conform",
        "--scenarios",
        &corpus,
        "--xfail",
        xfail.to_str().unwrap(),
        "--",
        arbiter(),
        "serve",
    ]);
    assert_eq!(code, 1);
    assert!(
        out.contains("XPASS harness/scout-boundaries: listed as an expected failure, but passes"),
        "{out}"
    );
    assert!(out.ends_with("3 passed, 1 failed, 0 skipped\n"), "{out}");
}

#[test]
fn a_stale_expected_failure_is_a_problem() {
    let dir = std::env::temp_dir().join(format!("arbiter-stale-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("xfail.txt");
    std::fs::write(&file, "harness/no-such-scenario\n").unwrap();
    let corpus = small_corpus();
    let (out, _, code) = run(&[
        "conform",
        "--scenarios",
        &corpus,
        "--xfail",
        file.to_str().unwrap(),
        "--",
        arbiter(),
        "serve",
    ]);
    assert_eq!(code, 1);
    assert!(
        out.contains("PROBLEM expected-failures line 1: `harness/no-such-scenario` names no scenario of the corpus"),
        "{out}"
    );
    assert!(
        out.ends_with(
            "4 passed, 1 failed, 0 skipped (failed: 0 scenarios, 1 problem of the run)\n"
        ),
        "{out}"
    );
}

#[test]
fn run_and_profile_select_scenarios() {
    let corpus = small_corpus();
    let (out, _, code) = run(&[
        "conform",
        "--scenarios",
        &corpus,
        "--run",
        "harness/scout-*",
        "--profile",
        "play-only",
        "-v",
        "--",
        arbiter(),
        "serve",
    ]);
    assert_eq!(code, 0);
    let body: Vec<&str> = out.lines().skip(2).collect();
    assert_eq!(
        body,
        [
            "SKIP harness/scout-boundaries: not written for profile play-only",
            "PASS harness/scout-takes-flag",
            "pass 1, fail 0, xfail 0, xpass 0, skip 1, error 0, timeout 0, crash 0",
            "skipped: 1 not written for the profile",
            "1 passed, 0 failed, 1 skipped",
        ]
    );
}

#[test]
fn matrix_lists_every_scenario_with_its_ply_and_reason() {
    let dir = std::env::temp_dir().join(format!("arbiter-matrix-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (good, bad) = (dir.join("good.json"), dir.join("bad.json"));
    std::fs::write(&good, mixed_clean()).unwrap();
    std::fs::write(&bad, mixed("json").0).unwrap();
    let (md, _, code) = run(&["matrix", good.to_str().unwrap(), bad.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert_eq!(
        md,
        "| scenario | arbiter-reference | arbiter-reference #2 |\n\
         |---|---|---|\n\
         | harness/back-and-forth | pass | pass |\n\
         | harness/isf-limit | pass | — |\n\
         | harness/scout-boundaries | pass | xfail at ply 0 (7 departures): [modern-3] ply 0 (setup, red to move): wrongly forbids A3-J3 — A3-J3 is legal: no rule of profile modern-3 forbids it here (the implementation's judge: legal) |\n\
         | harness/scout-takes-flag | pass | fail at ply 0 (6 departures): [play-only] ply 0 (setup, red to move): wrongly forbids B1-I1 — B1-I1 is legal: no rule of profile play-only forbids it here (the implementation's judge: legal) |\n\
         | **total** | 4 passed, 0 failed, 0 skipped | 2 passed, 1 failed, 0 skipped |\n"
    );
    // Two identical reports: still one row per scenario, none collapsed.
    let (md, _, _) = run(&["matrix", good.to_str().unwrap(), good.to_str().unwrap()]);
    for id in [
        "harness/back-and-forth",
        "harness/isf-limit",
        "harness/scout-boundaries",
        "harness/scout-takes-flag",
    ] {
        assert!(md.contains(&format!("| {id} | pass | pass |")), "{md}");
    }
    let (page, _, code) = run(&[
        "matrix",
        "--html",
        good.to_str().unwrap(),
        bad.to_str().unwrap(),
    ]);
    assert_eq!(code, 0);
    assert!(page.starts_with("<!DOCTYPE html>"));
    assert!(
        page.contains("<td class=\"fail\">fail at ply 0 (6 departures)<div class=\"reason\">[play-only] ply 0 (setup, red to move): wrongly forbids B1-I1"),
        "{page}"
    );
    // A scenario `--skip` left out is not in that report: no cell.
    assert!(page.contains("<td class=\"none\">—</td>"), "{page}");
    assert!(!page.contains("not selected"), "{page}");
    let (_, err, code) = run(&["matrix", repo("Cargo.toml").to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("not JSON"), "{err}");
}

fn mixed_clean() -> String {
    let corpus = small_corpus();
    run(&[
        "conform",
        "--scenarios",
        &corpus,
        "--format",
        "json",
        "--",
        arbiter(),
        "serve",
    ])
    .0
}

/// An implementation that declines every case tested nothing: the run
/// fails, and says so, whatever the format.
#[test]
fn an_implementation_that_declines_everything_fails_the_run() {
    let corpus = small_corpus();
    for format in ["text", "json"] {
        let (out, _, code) = run(&[
            "conform",
            "--scenarios",
            &corpus,
            "--format",
            format,
            "--",
            arbiter(),
            "serve",
            "--misbehave",
            "decline",
        ]);
        assert_eq!(code, 1, "{out}");
        assert!(
            out.contains(
                "no scenario was run: all 4 selected were skipped (4 declined by the implementation"
            ),
            "{out}"
        );
    }
    let (out, _, _) = run(&[
        "conform",
        "--scenarios",
        &corpus,
        "--",
        arbiter(),
        "serve",
        "--misbehave",
        "decline",
    ]);
    assert!(
        out.contains("skipped: 4 declined by the implementation"),
        "{out}"
    );
    assert!(
        out.ends_with(
            "0 passed, 1 failed, 4 skipped (failed: 0 scenarios, 1 problem of the run)\n"
        ),
        "{out}"
    );
}

/// `--min-run N` is a floor: fewer cases run than that fails the run, with
/// the count and why the others did not run.
#[test]
fn min_run_is_a_floor_on_the_cases_run() {
    let corpus = small_corpus();
    let conform = |floor: &str| {
        run(&[
            "conform",
            "--scenarios",
            &corpus,
            "--skip",
            "harness/isf-limit",
            "--min-run",
            floor,
            "--",
            arbiter(),
            "serve",
        ])
    };
    let (out, _, code) = conform("3");
    assert_eq!(code, 0, "{out}");
    let (out, _, code) = conform("4");
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(
            "PROBLEM only 3 of the 3 selected scenarios ran; --min-run asks for at least 4"
        ),
        "{out}"
    );
}
