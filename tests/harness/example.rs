//! The worked example of a third-party implementation
//! (examples/python-naive) run through `arbiter conform`, in both modes: the
//! report on the harness's small corpus is exactly the one worked out by
//! hand, and on arbiter's corpus it fails exactly its expected failures.
//! Skipped, with a message, where `python3` is not installed (failed
//! instead where `ARBITER_REQUIRE_PYTHON` is set, as in CI).

use crate::common::{self, repo, run, small_corpus};

fn python() -> bool {
    common::python3_available()
}

fn adapter() -> String {
    repo("examples/python-naive/adapter.py")
        .display()
        .to_string()
}

#[test]
fn naive_example_report_on_the_small_corpus_is_exactly_as_worked_out() {
    if !python() {
        return;
    }
    let corpus = small_corpus();
    let xfail = repo("tests/data/harness/naive-xfail.txt");
    for mode in ["persistent", "per-case"] {
        let (out, err, code) = run(&[
            "conform",
            "--scenarios",
            &corpus,
            "--xfail",
            xfail.to_str().unwrap(),
            "--mode",
            mode,
            "--timeout",
            "60s",
            "-v",
            "--",
            "python3",
            &adapter(),
        ]);
        // Worked out by hand from naive_engine.py and the scenario files:
        // - back-and-forth: non-scout steps; exact reversal is the TS-2.2
        //   continuation for a one-square move, so the counts agree;
        // - isf-limit: limit 5, which the adapter declines;
        // - scout-boundaries: E3-B3 continues the sequence of A3-E3 under
        //   TS-5.1 (count 2) but is no exact reversal for the naive engine
        //   (count 1, a new start); the state query shows it at ply 3, and
        //   again at ply 5 (B3-D3 crosses those lines a third time: 3x for
        //   TS-5.1, a new start for the naive engine); at ply 6 its count
        //   of 1 lets the scout cross C3|D3 a fourth time, which modern-3's
        //   limit of 3 forbids: D3-A3, D3-B3 and D3-C3 are wrongly allowed;
        // - scout-takes-flag: rules of play, combat and outcome agree.
        let version = arbiter::scenario::lock::VERSION;
        let expected = format!(
            "conform: python-naive 1.0 ({mode} mode, profile all, capabilities: two-squares, outcome)\n\
             standard: arbiter {version}\n\
             PASS harness/back-and-forth\n\
             SKIP harness/isf-limit: [isf] declined by the implementation as unsupported: only the two-squares limit 3 is implemented, not 5\n\
             XFAIL harness/scout-boundaries: [modern-3] ply 3 (after E3-B3, blue to move): two-squares expected 2x continue, got 1x start\n\
             \x20     why: E3-B3: the reference notes: red scout E3-B3  [two-squares 2x, continue]\n\
             \x20   [modern-3] ply 5 (after B3-D3, blue to move): two-squares expected 3x continue, got 1x start\n\
             \x20     why: B3-D3: the reference notes: red scout B3-D3  [two-squares 3x, continue]\n\
             \x20   [modern-3] ply 6 (after J9-J8, red to move): wrongly allows D3-A3, D3-B3, D3-C3\n\
             \x20     why: D3-A3 is illegal (two-squares, TS-5.1): the scout would cross C3|D3, B3|C3 again, for the 4th time non-stop; at most 3 times are allowed (modern-3)\n\
             \x20     why: D3-B3 is illegal (two-squares, TS-5.1): the scout would cross C3|D3, B3|C3 again, for the 4th time non-stop; at most 3 times are allowed (modern-3)\n\
             \x20     why: D3-C3 is illegal (two-squares, TS-5.1): the scout would cross C3|D3 again, for the 4th time non-stop; at most 3 times are allowed (modern-3)\n\
             PASS harness/scout-takes-flag\n\
             pass 2, fail 0, xfail 1, xpass 0, skip 1, error 0, timeout 0, crash 0\n\
             skipped: 1 declined by the implementation; 1 profile run declined by the implementation\n\
             declined (1 run): only the two-squares limit 3 is implemented, not 5\n\
             3 passed, 0 failed, 1 skipped\n"
        );
        assert_eq!(out, expected, "{mode} mode; stderr:\n{err}");
        assert_eq!(code, 0);
    }
}

#[test]
fn naive_example_fails_exactly_its_expected_failures_on_the_corpus() {
    if !python() {
        return;
    }
    let xfail = repo("examples/python-naive/expected-failures.txt");
    let (out, err, code) = run(&[
        "conform",
        "--mode",
        "persistent",
        "--xfail",
        xfail.to_str().unwrap(),
        "--timeout",
        "60s",
        "--format",
        "json",
        "--",
        "python3",
        &adapter(),
    ]);
    let r: arbiter::harness::report::Report =
        serde_json::from_str(&out).unwrap_or_else(|e| panic!("not a report ({e}):\n{out}\n{err}"));
    let unexpected: Vec<String> = r
        .cases
        .iter()
        .filter(|c| c.status.is_failure())
        .map(arbiter::harness::format::text_line)
        .collect();
    assert!(
        unexpected.is_empty() && r.problems.is_empty(),
        "update examples/python-naive/expected-failures.txt:\n{}\n{}",
        unexpected.join("\n"),
        r.problems.join("\n")
    );
    assert_eq!(code, 0);
}
