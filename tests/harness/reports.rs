//! Reports that never contradict themselves (issue 27): each test drives
//! `arbiter conform` against a fake engine (`tests/data/harness/fake_engine.py`,
//! which bends the replies of `arbiter serve` one way) and checks that the
//! report says what happened, in every format that shows it.

use crate::common::{self, arbiter, repo, run, small_corpus, statuses};

fn fake() -> String {
    repo("tests/data/harness/fake_engine.py")
        .display()
        .to_string()
}

/// `arbiter conform ARGS -- python3 fake_engine.py BENDS -- arbiter serve
/// SERVE`, in persistent mode (one Python start per worker).
fn conform_fake(args: &[&str], bends: &[&str], serve: &[&str]) -> (String, String, i32) {
    let fake = fake();
    let mut all = vec!["conform", "--mode", "persistent"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--", "python3", &fake]);
    all.extend_from_slice(bends);
    all.extend_from_slice(&["--", arbiter(), "serve"]);
    all.extend_from_slice(serve);
    run(&all)
}

/// With `--game G`, the other games' scenarios are neither run, counted nor
/// listed: the report (and the matrix read from it) speaks of G alone.
#[test]
fn game_leaves_other_games_out_of_the_report() {
    let corpus = small_corpus();
    let chess = repo("scenarios/chess/movement/castling-out-of-check.yaml");
    let chess = chess.to_str().unwrap();
    let base = [
        "conform",
        "--scenarios",
        corpus.as_str(),
        "--scenarios",
        chess,
        "--game",
        "stratego",
    ];
    let mut text = base.to_vec();
    text.extend_from_slice(&["--", arbiter(), "serve"]);
    let (out, err, code) = run(&text);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.ends_with("4 passed, 0 failed, 0 skipped\n"), "{out}");
    assert!(!out.contains("not selected"), "{out}");

    let mut json = base.to_vec();
    json.extend_from_slice(&["--format", "json", "--", arbiter(), "serve"]);
    let (out, _, _) = run(&json);
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    let ids: Vec<String> = statuses(&report).into_iter().map(|(id, _)| id).collect();
    assert_eq!(ids.len(), 4, "{ids:?}");
    assert!(ids.iter().all(|id| id.starts_with("harness/")), "{ids:?}");
    assert_eq!(report["summary"]["skip"], 0);

    let dir = common::temp_dir("game-matrix");
    let file = dir.join("r.json");
    std::fs::write(&file, &out).unwrap();
    let (md, _, _) = run(&["matrix", file.to_str().unwrap()]);
    assert!(!md.contains("chess") && !md.contains("castling"), "{md}");
    assert!(md.contains("| harness/back-and-forth |"), "{md}");

    // Without --game the chess scenario runs (and the reference passes it).
    let (out, _, _) = run(&[
        "conform",
        "--scenarios",
        corpus.as_str(),
        "--scenarios",
        chess,
        "--",
        arbiter(),
        "serve",
        "--game",
        "stratego",
    ]);
    assert!(out.ends_with("4 passed, 0 failed, 1 skipped\n"), "{out}");
}

/// A scenario that passed under some profiles while others were declined
/// says how many were declined, and why the first was.
#[test]
fn a_pass_says_how_many_profile_runs_were_declined() {
    let file = repo("scenarios/stratego/rules-of-play/combat/captain-attacks-marshal.yaml");
    let file = file.to_str().unwrap();
    let (out, _, code) = conform_fake(
        &["-v", "--scenarios", file],
        &["decline-profile", "gravon", "decline-profile", "isf"],
        &[],
    );
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains(
            "PASS rp/combat/captain-attacks-marshal: 2 of 5 profiles declined; [isf] declined by the implementation as unsupported: profile isf is not implemented"
        ),
        "{out}"
    );
    let (out, _, _) = conform_fake(
        &["--format", "tap", "--scenarios", file],
        &["decline-profile", "gravon"],
        &[],
    );
    assert!(
        out.contains("ok 1 - rp/combat/captain-attacks-marshal\n# rp/combat/captain-attacks-marshal: 1 of 5 profiles declined"),
        "{out}"
    );
}

/// When `--min-run` fails a run in which no scenario failed, the per-status
/// counts and the closing line agree: the counts name the problem, and the
/// closing line says its one failure is a problem of the run.
#[test]
fn the_summary_lines_agree_when_min_run_fires() {
    let corpus = small_corpus();
    let (out, _, code) = run(&[
        "conform",
        "--scenarios",
        &corpus,
        "--min-run",
        "5",
        "--",
        arbiter(),
        "serve",
    ]);
    assert_eq!(code, 1, "{out}");
    let lines: Vec<&str> = out.lines().collect();
    let n = lines.len();
    assert_eq!(
        lines[n - 2],
        "pass 4, fail 0, xfail 0, xpass 0, skip 0, error 0, timeout 0, crash 0, problem 1",
        "{out}"
    );
    assert_eq!(
        lines[n - 1],
        "4 passed, 1 failed, 0 skipped (failed: 0 scenarios, 1 problem of the run)",
        "{out}"
    );
}

/// An engine that leaves a legal move out of its list, and then refuses the
/// position the scenario reaches by it, fails (not errs) with the move and
/// the reference's verdict on it.
#[test]
fn a_refused_move_the_engine_had_forbidden_is_a_failure_with_reasons() {
    let corpus = small_corpus();
    for format in ["text", "json"] {
        let (out, _, code) = conform_fake(
            &[
                "--scenarios",
                &corpus,
                "--run",
                "harness/back-and-forth",
                "--format",
                format,
            ],
            &["drop", "B2-B3", "refuse", "B2-B3"],
            &[],
        );
        assert_eq!(code, 1, "{out}");
        if format == "text" {
            assert!(out.contains("FAIL harness/back-and-forth: [modern-3] ply 0 (setup, red to move): wrongly forbids B2-B3"), "{out}");
            assert!(
                out.contains("[modern-3] ply 1 (after B2-B3, blue to move): refused the position after B2-B3, which it had wrongly forbidden at ply 0: legal-moves was answered with error bad-request: B2-B3 is illegal\n      why: B2-B3 is legal: no rule of profile modern-3 forbids it here"),
                "{out}"
            );
            continue;
        }
        let report: serde_json::Value = serde_json::from_str(&out).unwrap();
        let case = &report["cases"][0];
        assert_eq!(case["status"], "fail", "{out}");
        let further = &case["profiles"][0]["further"][0];
        assert_eq!(further["wrongly-forbids"][0], "B2-B3", "{out}");
        assert_eq!(further["reasons"][0]["legal"], true, "{out}");
    }
}

/// An error after departures is shown as the error, with its message, in
/// every format; the departures follow as details.
#[test]
fn every_error_says_why_in_every_format() {
    let corpus = small_corpus();
    let why = "the reply to legal-moves is not a protocol-1 reply";
    let report = |format: &str| {
        conform_fake(
            &[
                "--scenarios",
                &corpus,
                "--run",
                "harness/back-and-forth",
                "--format",
                format,
            ],
            &["drop", "B2-B3", "garbage-from", "2"],
            &[],
        )
        .0
    };
    let text = report("text");
    assert!(
        text.contains(&format!(
            "ERROR harness/back-and-forth: [modern-3] ply 2 (after J9-J8, red to move): {why}"
        )),
        "{text}"
    );
    assert!(
        text.contains("    [modern-3] ply 0 (setup, red to move): wrongly forbids B2-B3"),
        "{text}"
    );
    let json: serde_json::Value = serde_json::from_str(&report("json")).unwrap();
    assert_eq!(json["cases"][0]["status"], "error");
    assert!(
        json["cases"][0]["message"].as_str().unwrap().contains(why),
        "{json}"
    );
    let junit = report("junit");
    assert!(
        junit.contains(&format!(
            "<error message=\"[modern-3] ply 2 (after J9-J8, red to move): {why}"
        )),
        "{junit}"
    );
    let tap = report("tap");
    assert!(
        tap.contains(&format!(
            "  message: \"[modern-3] ply 2 (after J9-J8, red to move): {why}"
        )),
        "{tap}"
    );
}

/// An engine that declares every capability and then answers `unsupported`
/// to every `state` and `judge` broke its declaration: each case that asks
/// is an error saying so, and the run fails (it used to pass, 2 of 430
/// scenarios run).
#[test]
fn declining_a_declared_capability_is_an_error() {
    let corpus = small_corpus();
    let (out, _, code) = conform_fake(&["--scenarios", &corpus], &["declare-decline"], &[]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(
            "ERROR harness/back-and-forth: [modern-3] ply 1 (after B2-B3, blue to move): state was answered unsupported (not implemented), but the implementation's hello declared two-squares, combat, outcome, chase"
        ),
        "{out}"
    );
    assert!(out.ends_with("0 passed, 4 failed, 0 skipped\n"), "{out}");
}

/// An engine that lists a legal backgammon play in another spelling than
/// the canonical one (13/9 9/4 for 13/8 8/4, BG-3.8) is told so, with the
/// canonical spelling and the clause, and not that it "wrongly allows 13/9
/// 9/4" and "wrongly forbids 13/8 8/4".
#[test]
fn a_non_canonical_spelling_is_reported_as_such() {
    let file = repo("scenarios/backgammon/seed004/ex1-five-four-opening.yaml");
    let (out, _, code) = conform_fake(
        &[
            "--scenarios",
            file.to_str().unwrap(),
            "--profile",
            "seed-004",
        ],
        &["respell", "13/8 8/4", "13/9 9/4"],
        &["--game", "backgammon"],
    );
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(
            "FAIL seed004/ex1-five-four-opening: [seed-004] ply 1 (after w5-b4, white to move): lists a non-canonical spelling (BG-3.8): 13/9 9/4 for 13/8 8/4\n      why: 13/9 9/4 (BG-3.8): another spelling of the legal action 13/8 8/4, which is how the legal list must write it (BG-3.8)"
        ),
        "{out}"
    );
    assert!(!out.contains("wrongly"), "{out}");
}

/// AB-11: the last checker borne off with one die (`2/off` with 2-1) is the
/// play `2/1 1/off` in another spelling (BG-3.8): a non-canonical listing,
/// not a play wrongly allowed.
#[test]
fn a_shorter_game_ending_spelling_is_the_same_play() {
    let dir = common::temp_dir("ending");
    let file = dir.join("ending.yaml");
    std::fs::write(
        &file,
        "game: backgammon\nid: t/ending\ntitle: t\nsource: test\nclauses: [BG-3.8]\n\
         setup:\n  white: {2: 1}\n  black: {6: 15}\n  to_move: white\n  roll_next: true\n\
         moves:\n  - {move: 2-1}\n  - {move: 2/1 1/off}\n",
    )
    .unwrap();
    let (out, _, code) = conform_fake(
        &[
            "--scenarios",
            file.to_str().unwrap(),
            "--profile",
            "standard",
        ],
        &["respell", "2/1 1/off", "2/off"],
        &["--game", "backgammon"],
    );
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("[standard] ply 1 (after 2-1, white to move): lists a non-canonical spelling (BG-3.8): 2/off for 2/1 1/off"),
        "{out}"
    );
    assert!(!out.contains("wrongly"), "{out}");
}

/// The timeout is one budget for a whole scenario: when it runs out, the
/// message says so and how many requests were answered, so a slow start-up
/// paid per request does not read as one hung reply.
#[test]
fn a_timeout_says_the_scenarios_budget_ran_out() {
    let corpus = small_corpus();
    let (out, _, code) = run(&[
        "conform",
        "--scenarios",
        &corpus,
        "--run",
        "harness/back-and-forth",
        "--timeout",
        "1s",
        "--",
        arbiter(),
        "serve",
        "--misbehave",
        "slow",
    ]);
    assert_eq!(code, 1, "{out}");
    let line = out
        .lines()
        .find(|l| l.starts_with("TIMEOUT harness/back-and-forth"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        line.contains("(the scenario's time of 1s ran out, for all its requests together; "),
        "{line}"
    );
    let answered: usize = line
        .rsplit("; ")
        .next()
        .and_then(|t| t.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{line}"));
    assert!(answered >= 1, "{line}");
}

/// An engine that misses the end of a game: the outcome departure says
/// what the reference's outcome is and which end test decided it, with
/// the clause and the readings that clause cites (CH-5.1 cites AM-9), in
/// text and in JSON.
#[test]
fn an_outcome_failure_names_the_end_test_that_decided() {
    let mate = repo("scenarios/chess/statements/smothered-mate.yaml");
    let dead = repo("scenarios/chess/material/king-v-king.yaml");
    let args = |format: &'static str| {
        vec![
            "--scenarios".to_string(),
            mate.display().to_string(),
            "--scenarios".to_string(),
            dead.display().to_string(),
            "--profile".to_string(),
            "fide".to_string(),
            "--format".to_string(),
            format.to_string(),
        ]
    };
    let text = args("text");
    let text: Vec<&str> = text.iter().map(String::as_str).collect();
    let (out, _, code) = conform_fake(&text, &["outcome-ongoing"], &["--game", "chess"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("outcome expected white-wins: checkmate, got ongoing\n"),
        "{out}"
    );
    assert!(
        out.contains("      why: g5f7 (CH-3.3): the reference's outcome is white-wins: checkmate, decided by CH-3.3\n"),
        "{out}"
    );
    assert!(
        out.contains("      why: d3e4 (CH-5.1, readings AM-9): the reference's outcome is draw: insufficient-material, decided by CH-5.1\n"),
        "{out}"
    );
    let json = args("json");
    let json: Vec<&str> = json.iter().map(String::as_str).collect();
    let (out, _, _) = conform_fake(&json, &["outcome-ongoing"], &["--game", "chess"]);
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    let dead = report["cases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == "material/king-v-king")
        .expect("the case is reported");
    let reasons = &dead["profiles"][0]["departure"]["reasons"];
    let outcome = reasons
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["clause"] == "CH-5.1")
        .unwrap_or_else(|| panic!("no reason cites CH-5.1: {reasons}"));
    assert_eq!(outcome["readings"], serde_json::json!(["AM-9"]), "{out}");
}

/// A failing scenario lists the readings its failure involves (those the
/// clause of each reason cites) and, labelled as such, the ambiguity
/// entries the scenario cites, in every format: the AB-11 scenario's
/// failure is an outcome decided by BG-7.2, which cites AB-12. It printed
/// "readings involved: AB-11", the scenario's, not the cause (issue 42).
#[test]
fn a_failure_lists_the_readings_involved_in_every_format() {
    let file = repo("scenarios/backgammon/moving/last-checker-off-with-one-die.yaml");
    let file = file.to_str().unwrap();
    let report = |format: &str| {
        conform_fake(
            &[
                "--scenarios",
                file,
                "--profile",
                "standard",
                "--format",
                format,
            ],
            &["outcome-ongoing"],
            &["--game", "backgammon"],
        )
        .0
    };
    let text = report("text");
    assert!(
        text.contains("FAIL moving/last-checker-off-with-one-die: [standard] ply 2 (after 2/off, white to move): outcome expected white-wins: by: gammon, points: 2, got ongoing\n"),
        "{text}"
    );
    assert!(text.contains("\n    readings involved: AB-12\n"), "{text}");
    assert!(
        text.contains("\n    readings the scenario cites: AB-11\n"),
        "{text}"
    );
    assert!(!text.contains("readings involved: AB-11"), "{text}");
    assert!(
        // BG-7.2 cites AB-12 (a checker left behind after bearing off).
        text.contains("why: 2/off (BG-7.2, readings AB-12): the reference's outcome is white-wins: by: gammon, points: 2, decided by BG-7.2"),
        "{text}"
    );
    let json: serde_json::Value = serde_json::from_str(&report("json")).unwrap();
    assert_eq!(json["cases"][0]["readings"], serde_json::json!(["AB-11"]));
    let junit = report("junit");
    assert!(junit.contains("readings involved: AB-12"), "{junit}");
    assert!(
        junit.contains("readings the scenario cites: AB-11"),
        "{junit}"
    );
    let tap = report("tap");
    assert!(tap.contains("    - \"readings involved: AB-12\""), "{tap}");
    assert!(
        tap.contains("    - \"readings the scenario cites: AB-11\""),
        "{tap}"
    );
}

/// An outcome the end test's clause does not decide alone: under
/// `abstractplay`, `winning/lead-beats-no-legal-move` ends in
/// `no-legal-move` (EP-5.3, AE-5) only because of the order of the two end
/// tests (EP-5.5, AE-11), which the move's note names. An engine that gets
/// the outcome wrong is told of AE-11 too; it was told of AE-5 alone.
#[test]
fn an_outcome_lists_the_readings_of_the_clause_its_expectation_names() {
    let file = repo("scenarios/epaminondas/winning/lead-beats-no-legal-move.yaml");
    let (text, err, _) = conform_fake(
        &[
            "--scenarios",
            file.to_str().unwrap(),
            "--profile",
            "abstractplay",
        ],
        &["outcome-ongoing"],
        &["--game", "epaminondas"],
    );
    assert!(
        text.contains("outcome expected black-wins: no-legal-move, got ongoing"),
        "{text}{err}"
    );
    assert!(
        text.contains("\n    readings involved: AE-5, AE-11\n"),
        "{text}{err}"
    );
    assert!(
        text.contains("(EP-5.3, readings AE-5, AE-11): the reference's outcome is black-wins: no-legal-move, decided by EP-5.3; the expectation's note cites EP-5.5"),
        "{text}{err}"
    );
}

/// A passing scenario says nothing of readings: they are listed with a
/// failure, not with every case.
#[test]
fn a_pass_lists_no_readings() {
    let file = repo("scenarios/backgammon/moving/last-checker-off-with-one-die.yaml");
    let (out, _, code) = run(&[
        "conform",
        "--scenarios",
        file.to_str().unwrap(),
        "--format",
        "json",
        "--game",
        "backgammon",
        "--",
        arbiter(),
        "serve",
        "--game",
        "backgammon",
    ]);
    assert_eq!(code, 0, "{out}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["cases"][0]["status"], "pass", "{out}");
    assert!(json["cases"][0].get("readings").is_none(), "{out}");
}

/// Under `--game G` a file of another game that fails to load is not G's:
/// no error of this run. A file of G that fails to load still is, and so is
/// one that names no game at all (it may be G's).
#[test]
fn another_games_load_error_is_not_an_error_of_the_run() {
    let dir = common::temp_dir("other-game-load-error");
    std::fs::write(dir.join("broken-chess.yaml"), "game: chess\nid: t/broken\n").unwrap();
    let corpus = small_corpus();
    let dir = dir.to_str().unwrap().to_string();
    let (out, err, code) = run(&[
        "conform",
        "--scenarios",
        &corpus,
        "--scenarios",
        &dir,
        "--game",
        "stratego",
        "--",
        arbiter(),
        "serve",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(!out.contains("broken-chess"), "{out}");
    assert!(out.ends_with("4 passed, 0 failed, 0 skipped\n"), "{out}");
    // Under its own game the same file is an error.
    let (out, _, code) = run(&[
        "conform",
        "--scenarios",
        &dir,
        "--game",
        "chess",
        "--",
        arbiter(),
        "serve",
        "--game",
        "chess",
    ]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("ERROR") && out.contains("broken-chess.yaml"),
        "{out}"
    );
}

/// A `position` that differs from the reference's is a departure, at the
/// ply where it shows, naming the key at fault: here the side to move,
/// given wrong from the ninth move of the format example on.
#[test]
fn a_wrong_position_is_a_departure() {
    let file = repo("scenarios/stratego/rules-of-play/format-example.yaml");
    let (out, err, code) = conform_fake(
        &["--scenarios", file.to_str().unwrap(), "--profile", "isf"],
        &["position-from", "9"],
        &["--game", "stratego"],
    );
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains(
            "FAIL rp/format-example: [isf] ply 9 (after A5-A7, blue to move): position differs: `to-move` expected \"blue\", got \"red\"\n"
        ),
        "{out}"
    );
    assert!(!out.contains("ply 8"), "{out}");
    assert!(out.ends_with("0 passed, 1 failed, 0 skipped\n"), "{out}");
    // Unbent, the same engine passes: position is declared and compared.
    let (out, _, code) = conform_fake(
        &["--scenarios", file.to_str().unwrap(), "--profile", "isf"],
        &[],
        &["--game", "stratego"],
    );
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("capabilities: judge, two-squares, combat, outcome, chase, position"),
        "{out}"
    );
}

/// While a backgammon double waits for its answer no setup holds the
/// game: the reference has no `position`, the engine leaves it out, and
/// that is no departure; on the plies around it positions are compared
/// (the bent engine fails there, and only there).
#[test]
fn no_position_while_a_double_is_offered_is_no_departure() {
    let file = repo("scenarios/backgammon/cube/double-take-redouble.yaml");
    let args = [
        "--scenarios",
        file.to_str().unwrap(),
        "--profile",
        "seed-004",
    ];
    let (out, _, code) = conform_fake(&args, &[], &["--game", "backgammon"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("pips, position)"), "{out}");
    let (out, _, code) = conform_fake(&args, &["position-from", "0"], &["--game", "backgammon"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("ply 2 (after take, dice to move): position differs: `to-move` expected \"black\", got \"white\""),
        "{out}"
    );
    // Ply 1 is the double: nothing to compare, so nothing reported.
    assert!(!out.contains("ply 1 "), "{out}");
}
