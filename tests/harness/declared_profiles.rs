//! Profiles declared in `hello` (`spec/protocol.md`, "Compatibility"): a
//! strict adapter that declines any switch it does not know
//! (`tests/data/harness/strict_profiles.py`, in front of `arbiter serve`)
//! stands for one written before a switch was added. Undeclared, it
//! declines every profile and the summary says why; declaring the profiles
//! it plays, it is sent their names and passes, and only a scenario that
//! overrides the unknown switch is declined.

use crate::common::{self, arbiter, repo, run};

fn strict(args: &[&str], strict: &[&str]) -> (String, String, i32) {
    let script = repo("tests/data/harness/strict_profiles.py");
    let corpus = repo("scenarios/chess");
    let mut all = vec![
        "conform",
        "--mode",
        "persistent",
        "--scenarios",
        corpus.to_str().unwrap(),
    ];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--", "python3", script.to_str().unwrap()]);
    all.extend_from_slice(strict);
    all.extend_from_slice(&["--", arbiter(), "serve", "--game", "chess"]);
    run(&all)
}

#[test]
fn an_adapter_that_does_not_know_a_switch_declines_and_the_summary_says_why() {
    if !common::python3_available() {
        return;
    }
    let (out, err, code) = strict(
        &["--run", "repetition/*"],
        &["--forget", "claim-beats-mate"],
    );
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("PROBLEM no scenario was run"), "{out}");
    // Why, without -v: the adapter's own words and how often.
    let why = out
        .lines()
        .find(|l| l.starts_with("declined ("))
        .unwrap_or_else(|| panic!("no `declined (…)` line in:\n{out}"));
    assert!(
        why.ends_with("runs): unknown switch claim-beats-mate"),
        "{why}"
    );
}

#[test]
fn declared_profiles_are_sent_by_name_and_a_later_switch_declines_nothing() {
    if !common::python3_available() {
        return;
    }
    let (out, err, code) = strict(
        &["--run", "repetition/*"],
        &[
            "--declare",
            "fide,seed,openspiel",
            "--forget",
            "claim-beats-mate",
        ],
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("profiles declared (sent by name): fide, seed, openspiel"),
        "{out}"
    );
    assert!(!out.contains("declined"), "{out}");
    // The repetition scenarios run and pass; every other chess scenario is
    // left out by `--run` (however many the corpus holds). Scenarios the
    // user's filter leaves out are not part of the run, so no report lists
    // or counts them (they were counted as "skipped: … not selected",
    // which JSON and JUnit listed one by one: issue 42).
    assert!(out.contains("\n13 passed, 0 failed, 0 skipped\n"), "{out}");
    assert!(!out.contains("not selected"), "{out}");
}

#[test]
fn a_scenario_that_overrides_a_switch_sends_that_switch() {
    if !common::python3_available() {
        return;
    }
    // repetition/ep-right-gone also runs under fide+ep-in-repetition=never:
    // that run spells the switch it overrides, which this adapter does not
    // know, so it declines that run alone; the named profiles pass.
    let (out, err, code) = strict(
        &["--run", "repetition/ep-right-gone", "-v"],
        &[
            "--declare",
            "fide,seed,openspiel",
            "--forget",
            "ep-in-repetition",
        ],
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("PASS repetition/ep-right-gone: 1 of ")
            && out.contains("profiles declined; [fide+ep-in-repetition=never] declined by the implementation as unsupported: unknown switch ep-in-repetition"),
        "{out}"
    );
}

#[test]
fn a_game_the_hello_does_not_list_is_declined_with_why_in_the_summary() {
    let corpus = common::small_corpus();
    let (out, err, code) = run(&[
        "conform",
        "--scenarios",
        &corpus,
        "--",
        arbiter(),
        "serve",
        "--game",
        "chess",
    ]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains("declined (4 runs): the implementation plays chess, not stratego (its hello lists its games)"),
        "{out}"
    );
}
