//! An implementation that crashes, hangs, answers garbage, answers partly,
//! speaks another protocol version or is slow is reported per case, and the
//! other cases keep their results, in both modes. The misbehaving
//! implementations are `arbiter serve --misbehave KIND`, aimed at one
//! scenario with `--misbehave-on`.

mod common;

use common::{conform_serve, small_corpus, statuses};
use rstest::rstest;

const TARGET: &str = "harness/back-and-forth";

/// Runs the small corpus with one scenario misbehaving; checks that scenario's
/// status and message, and that every other scenario passed.
fn one_case(mode: &str, kind: &str, timeout: &str, want: &str, message_has: &str) {
    let corpus = small_corpus();
    let (report, code) = conform_serve(
        &[
            "--scenarios",
            &corpus,
            "--mode",
            mode,
            "--timeout",
            timeout,
            "--jobs",
            "1",
        ],
        &["--misbehave", kind, "--misbehave-on", TARGET],
    );
    for (id, status) in statuses(&report) {
        if id == TARGET {
            assert_eq!(status, want, "{kind} in {mode} mode: {report:#}");
        } else {
            assert_eq!(
                status, "pass",
                "{id} lost its result next to {kind} ({mode})"
            );
        }
    }
    let case = report["cases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == TARGET)
        .unwrap();
    let message = case["message"].as_str().unwrap_or_default();
    assert!(
        message.contains(message_has),
        "{kind} ({mode}): message `{message}` lacks `{message_has}`"
    );
    assert_eq!(code, if want == "pass" { 0 } else { 1 });
}

#[rstest]
#[case::crash("crash", "crash", "exited with status 3")]
#[case::abort("abort", "crash", "killed by signal")]
#[case::garbage("garbage", "error", "not JSON")]
#[case::partial("partial", "error", "not JSON")]
#[case::incomplete("incomplete", "error", "missing field `legal-moves`")]
#[case::wrong_version("wrong-version", "error", "speaks protocol 2")]
#[case::wrong_id("wrong-id", "error", "carries id")]
#[case::wrong_answer("drop-move", "fail", "wrongly forbids B2-C2")]
#[case::wrong_chase(
    "wrong-chase",
    "fail",
    "chase expected chasers none, chasing move false"
)]
fn misbehaviour_is_reported_per_case(
    #[values("per-case", "persistent")] mode: &str,
    #[case] kind: &str,
    #[case] want: &str,
    #[case] message_has: &str,
) {
    one_case(mode, kind, "20s", want, message_has);
}

#[rstest]
fn a_hang_times_out_and_is_killed(#[values("per-case", "persistent")] mode: &str) {
    let start = std::time::Instant::now();
    one_case(mode, "hang", "1s", "timeout", "in time");
    assert!(
        start.elapsed() < std::time::Duration::from_secs(15),
        "the harness waited {:?} for a hanging implementation",
        start.elapsed()
    );
}

#[rstest]
fn a_slow_implementation_passes_within_the_timeout_and_times_out_beyond_it(
    #[values("per-case", "persistent")] mode: &str,
) {
    one_case(mode, "slow", "60s", "pass", "");
    one_case(mode, "slow", "1s", "timeout", "in time");
}

#[rstest]
#[case::crash("crash", "crash", "exited with status 3")]
#[case::wrong_version("wrong-version", "error", "speaks protocol 2")]
fn failing_at_hello_is_reported_for_every_case(
    #[case] kind: &str,
    #[case] want: &str,
    #[case] message_has: &str,
) {
    let corpus = small_corpus();
    let (report, code) = conform_serve(&["--scenarios", &corpus], &["--misbehave", kind]);
    assert_eq!(code, 1);
    let cases = report["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 4);
    for c in cases {
        assert_eq!(c["status"], want, "{c:#}");
        let m = c["message"].as_str().unwrap();
        assert!(m.contains("hello") && m.contains(message_has), "{m}");
    }
}

#[test]
fn a_command_that_does_not_exist_crashes_every_case_with_a_clear_message() {
    let corpus = small_corpus();
    let (stdout, _, code) = common::run(&[
        "conform",
        "--scenarios",
        &corpus,
        "--",
        "/nonexistent/engine",
    ]);
    assert_eq!(code, 1);
    assert!(
        stdout.contains(
            "CRASH harness/back-and-forth: [all] hello: cannot start `/nonexistent/engine`"
        ),
        "{stdout}"
    );
    assert!(
        stdout.ends_with("0 passed, 4 failed, 0 skipped\n"),
        "{stdout}"
    );
}

#[test]
fn a_persistent_process_is_restarted_after_a_crash() {
    // Jobs 1: one process serves every case in turn, so the cases after the
    // crash can only pass if a fresh process was started.
    let corpus = small_corpus();
    let (report, _) = conform_serve(
        &[
            "--scenarios",
            &corpus,
            "--mode",
            "persistent",
            "--jobs",
            "1",
        ],
        &[
            "--misbehave",
            "crash",
            "--misbehave-on",
            "harness/back-and-forth",
        ],
    );
    assert_eq!(
        statuses(&report),
        [
            ("harness/back-and-forth".to_string(), "crash".to_string()),
            ("harness/isf-limit".to_string(), "pass".to_string()),
            ("harness/scout-boundaries".to_string(), "pass".to_string()),
            ("harness/scout-takes-flag".to_string(), "pass".to_string()),
        ]
    );
}
