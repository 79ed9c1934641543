//! An implementation that crashes, hangs, answers garbage, answers partly,
//! speaks another protocol version or is slow is reported per case, and the
//! other cases keep their results, in both modes. The misbehaving
//! implementations are `arbiter serve --misbehave KIND`, aimed at one
//! scenario with `--misbehave-on`.

use std::path::Path;
use std::time::Duration;

use rstest::rstest;

use crate::common::{self, conform_serve, small_corpus, statuses};

const TARGET: &str = "harness/back-and-forth";

/// Runs the small corpus with one scenario misbehaving; checks that scenario's
/// status and message, and that every other scenario passed.
fn one_case(mode: &str, kind: &str, timeout: &str, want: &str, message_has: &str) {
    one_case_of(mode, kind, timeout, want, message_has, &[]);
}

/// [`one_case`] with more `conform` arguments (`--run` to keep to the
/// target).
fn one_case_of(
    mode: &str,
    kind: &str,
    timeout: &str,
    want: &str,
    message_has: &str,
    more: &[&str],
) {
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
        ]
        .iter()
        .chain(more)
        .copied()
        .collect::<Vec<_>>(),
        &["--misbehave", kind, "--misbehave-on", TARGET],
    );
    for (id, status) in statuses(&report) {
        if id == TARGET {
            assert_eq!(status, want, "{kind} in {mode} mode: {report:#}");
        } else if more.is_empty() {
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
    one_case(mode, kind, &common::timeout_arg(20), want, message_has);
}

#[rstest]
fn a_hang_times_out_and_is_killed(#[values("per-case", "persistent")] mode: &str) {
    // The other cases must pass under the same deadline on a loaded
    // machine; the hang itself would last an hour.
    let start = std::time::Instant::now();
    one_case(mode, "hang", &common::timeout_arg(5), "timeout", "in time");
    assert!(
        start.elapsed() < common::secs(60),
        "the harness waited {:?} for a hanging implementation",
        start.elapsed()
    );
}

#[rstest]
fn a_slow_implementation_passes_within_the_timeout_and_times_out_beyond_it(
    #[values("per-case", "persistent")] mode: &str,
) {
    one_case(mode, "slow", &common::timeout_arg(60), "pass", "");
    // Beyond: 1 s is below what the slow replies add up to on the target
    // alone (0.3 s each, more than ten requests) on any machine, so it is
    // not scaled; only the target runs, so no other case meets it.
    one_case_of(mode, "slow", "1s", "timeout", "in time", &["--run", TARGET]);
}

#[rstest]
#[case::crash("crash", "crash", "exited with status 3")]
#[case::wrong_version("wrong-version", "error", "speaks protocol 2")]
#[case::string_version(
    "string-version",
    "error",
    "must be the number 1, not the string \"1\""
)]
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
fn a_command_that_does_not_exist_fails_once_up_front() {
    let corpus = small_corpus();
    let (stdout, stderr, code) = common::run(&[
        "conform",
        "--scenarios",
        &corpus,
        "--",
        "/nonexistent/engine",
    ]);
    assert_eq!(code, 2, "{stdout}{stderr}");
    assert!(
        stdout.is_empty(),
        "no report, let alone a CRASH per case: {stdout}"
    );
    assert_eq!(
        stderr.trim(),
        "arbiter: cannot start `/nonexistent/engine`: No such file or directory"
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

/// `arbiter conform --format json ARGS -- arbiter serve SERVE_ARGS`, killed
/// by the test if it is still running after 90 s (scaled).
fn bounded_conform(args: &[&str], serve: &[&str]) -> (common::Bounded, serde_json::Value) {
    let mut all = vec!["conform", "--format", "json"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--", common::arbiter(), "serve"]);
    all.extend_from_slice(serve);
    let limit = common::secs(90);
    let b = common::run_bounded(&all, limit);
    assert!(
        !b.overran,
        "conform still ran after {limit:?} (peak memory {} MB)",
        b.max_rss >> 20
    );
    let report = serde_json::from_str(&b.stdout)
        .unwrap_or_else(|e| panic!("report is not JSON ({e}):\n{}\n{}", b.stdout, b.stderr));
    (b, report)
}

/// The status and message of one case of a JSON report.
fn case<'a>(report: &'a serde_json::Value, id: &str) -> (&'a str, &'a str) {
    let c = report["cases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == id)
        .unwrap_or_else(|| panic!("no case {id}"));
    (
        c["status"].as_str().unwrap(),
        c["message"].as_str().unwrap_or_default(),
    )
}

/// Every case but `id` passed.
fn others_pass(report: &serde_json::Value, id: &str) {
    for (c, status) in statuses(report) {
        if c != id {
            assert_eq!(status, "pass", "{c} next to {id}: {report:#}");
        }
    }
}

#[rstest]
fn endless_output_is_cut_off_in_time_and_in_bounded_memory(
    #[values("per-case", "persistent")] mode: &str,
    #[values("endless-lines", "endless-blank-lines")] kind: &str,
) {
    let corpus = small_corpus();
    let (b, report) = bounded_conform(
        &[
            "--scenarios",
            &corpus,
            "--mode",
            mode,
            // The output cap, not the deadline, must end the case: the
            // deadline is long enough that a loaded machine still reaches
            // 16 MiB before it (with 2 s, a load of 8-11 let it fire first;
            // with 10 s, a load of 19 did for blank lines).
            "--timeout",
            &common::timeout_arg(40),
            "--jobs",
            "1",
        ],
        &["--misbehave", kind, "--misbehave-on", TARGET],
    );
    let (status, message) = case(&report, TARGET);
    assert_eq!(status, "error", "{kind} ({mode}): {message}");
    assert!(
        message.contains("16 MiB") || message.contains("not JSON"),
        "{kind} ({mode}): {message}"
    );
    others_pass(&report, TARGET);
    assert_eq!(b.code, Some(1));
    assert!(b.elapsed < common::secs(60), "{:?}", b.elapsed);
    assert!(
        b.max_rss < 200 << 20,
        "{kind} ({mode}): the harness peaked at {} MB",
        b.max_rss >> 20
    );
}

/// The small corpus plus a scenario whose id makes every request of it
/// longer than a pipe's buffer (64 KiB).
fn corpus_with_a_long_scenario(dir: &Path) -> (String, String) {
    let corpus = dir.join("corpus");
    std::fs::create_dir_all(&corpus).unwrap();
    for f in std::fs::read_dir(small_corpus()).unwrap() {
        let f = f.unwrap().path();
        std::fs::copy(&f, corpus.join(f.file_name().unwrap())).unwrap();
    }
    let text = std::fs::read_to_string(Path::new(&small_corpus()).join("isf-limit.yaml")).unwrap();
    let id = format!("harness/long-{}", "x".repeat(100_000));
    let text = text.replace("id: harness/isf-limit", &format!("id: {id}"));
    std::fs::write(corpus.join("long.yaml"), text).unwrap();
    (corpus.display().to_string(), id)
}

#[rstest]
fn a_request_the_engine_does_not_read_is_written_under_the_deadline(
    #[values("per-case", "persistent")] mode: &str,
) {
    let dir = common::temp_dir("long");
    let (corpus, id) = corpus_with_a_long_scenario(&dir);
    let (b, report) = bounded_conform(
        &[
            "--scenarios",
            &corpus,
            "--mode",
            mode,
            "--timeout",
            &common::timeout_arg(5),
            "--jobs",
            "1",
        ],
        &["--misbehave", "stall-on-long"],
    );
    let (status, message) = case(&report, &id);
    assert_eq!(status, "timeout", "{mode}: {message}");
    assert!(message.contains("did not read"), "{mode}: {message}");
    others_pass(&report, &id);
    assert!(b.elapsed < common::secs(60), "{:?}", b.elapsed);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs conform with a misbehaviour that starts children, and returns the
/// report and every pid the servers noted (themselves and their children).
fn with_children(
    mode: &str,
    kind: &str,
    on: &str,
    timeout: &str,
) -> (common::Bounded, serde_json::Value, Vec<i32>) {
    let dir = common::temp_dir("pids");
    let pid_file = dir.join("pids");
    let corpus = small_corpus();
    let (b, report) = bounded_conform(
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
        &[
            "--misbehave",
            kind,
            "--misbehave-on",
            on,
            "--pid-file",
            pid_file.to_str().unwrap(),
        ],
    );
    let pids = common::pids(&pid_file);
    let _ = std::fs::remove_dir_all(&dir);
    (b, report, pids)
}

#[rstest]
fn a_child_holding_stdout_open_does_not_delay_the_reply(
    #[values("per-case", "persistent")] mode: &str,
) {
    // The child holds the engine's standard output for 60 s. With a
    // deadline as long, a harness that waited for the pipe to close would
    // take a minute; one that takes the reply when it is complete ends the
    // small corpus in far less than half of that, however loaded the
    // machine. The bound compares with the child's sleep, not with speed.
    let (b, report, pids) = with_children(mode, "holding-child", TARGET, "60s");
    assert_eq!(case(&report, TARGET).0, "pass", "{mode}: {report:#}");
    others_pass(&report, TARGET);
    assert!(
        b.elapsed < Duration::from_secs(30),
        "{mode}: {:?}",
        b.elapsed
    );
    assert!(pids.len() > 1, "{pids:?}");
    assert_eq!(common::survivors(&pids, common::secs(5)), [] as [i32; 0]);
}

#[rstest]
fn no_process_outlives_the_run(#[values("per-case", "persistent")] mode: &str) {
    let (b, report, pids) = with_children(mode, "detached-child", "*", &common::timeout_arg(20));
    assert_eq!(b.code, Some(0), "{mode}: {report:#}");
    assert!(pids.len() > 4, "{pids:?}");
    assert_eq!(common::survivors(&pids, common::secs(5)), [] as [i32; 0]);
    assert!(b.stderr.contains("left behind"), "{mode}: {}", b.stderr);
}

#[rstest]
fn no_process_outlives_a_timeout(#[values("per-case", "persistent")] mode: &str) {
    let (_, report, pids) = with_children(mode, "detached-hang", TARGET, &common::timeout_arg(5));
    assert_eq!(case(&report, TARGET).0, "timeout", "{mode}: {report:#}");
    others_pass(&report, TARGET);
    assert_eq!(common::survivors(&pids, common::secs(5)), [] as [i32; 0]);
}

#[rstest]
fn no_process_outlives_an_interrupted_run(
    #[values("per-case", "persistent")] mode: &str,
    #[values(libc::SIGINT, libc::SIGTERM, libc::SIGHUP)] signal: i32,
) {
    let dir = common::temp_dir("signal");
    let pid_file = dir.join("pids");
    let corpus = small_corpus();
    let run = common::start(
        &[
            "conform",
            "--scenarios",
            &corpus,
            "--mode",
            mode,
            "--timeout",
            "60s",
            "--jobs",
            "1",
            "--",
            common::arbiter(),
            "serve",
            "--misbehave",
            "detached-hang",
            "--misbehave-on",
            TARGET,
            "--pid-file",
            pid_file.to_str().unwrap(),
        ],
        &dir,
    );
    // The hello's server and the hanging one, and the hanging one's child.
    let start = std::time::Instant::now();
    while common::pids(&pid_file).len() < 3 && start.elapsed() < common::secs(30) {
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(200));
    // SAFETY: signals the conform run this test started.
    unsafe { libc::kill(run.pid, signal) };
    let b = run.finish(common::secs(30));
    assert!(!b.overran, "conform did not stop on signal {signal}");
    // 128 + the signal, as a shell reports it: 130, 143, 129.
    assert_eq!(b.code, Some(128 + signal), "{}", b.stderr);
    let pids = common::pids(&pid_file);
    assert!(pids.len() >= 3, "{pids:?}");
    assert_eq!(common::survivors(&pids, common::secs(5)), [] as [i32; 0]);
    assert!(b.stderr.contains("interrupted"), "{}", b.stderr);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn engine_output_cannot_overwrite_report_lines() {
    let dir = common::temp_dir("control");
    let json = dir.join("report.json");
    let corpus = small_corpus();
    for format in ["text", "junit", "tap", "json"] {
        let (out, _, code) = common::run(&[
            "conform",
            "--scenarios",
            &corpus,
            "--format",
            format,
            "--output",
            json.to_str().unwrap(),
            "--",
            common::arbiter(),
            "serve",
            "--misbehave",
            "control-chars",
            "--misbehave-on",
            TARGET,
        ]);
        assert_eq!(code, 1);
        // stdout has the text report, the file the chosen format.
        let file = std::fs::read_to_string(&json).unwrap();
        for (what, text) in [("text", &out), (format, &file)] {
            let bad: Vec<char> = text
                .chars()
                .filter(|c| c.is_control() && *c != '\n')
                .collect();
            assert!(bad.is_empty(), "{what} report carries {bad:?}:\n{text}");
            // TAP's YAML blocks and JSON escape with \u001b, the rest
            // with \x1b.
            let shown = [r"\x1b[2K\rPASS", r"\u001b[2K\rPASS"];
            assert!(shown.iter().any(|s| text.contains(s)), "{what}:\n{text}");
        }
        if format == "junit" {
            roxmltree::Document::parse(&file).expect("valid XML");
        }
        if format == "json" {
            for html in [false, true] {
                let mut args = vec!["matrix", json.to_str().unwrap()];
                if html {
                    args.push("--html");
                }
                let (m, _, code) = common::run(&args);
                assert_eq!(code, 0);
                assert!(!m.chars().any(|c| c.is_control() && c != '\n'), "{m}");
                assert!(m.contains(r"engine\x1b[2K\rPASS"), "{m}");
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[rstest]
#[case::serve(&[common::arbiter(), "serve"])]
#[case::missing(&["/nonexistent/engine"])]
fn a_selection_of_nothing_fails(#[case] command: &[&str]) {
    let corpus = small_corpus();
    let mut args = vec![
        "conform",
        "--scenarios",
        &corpus,
        "--run",
        "nothing/*",
        "--",
    ];
    args.extend_from_slice(command);
    let (stdout, stderr, code) = common::run(&args);
    assert_ne!(code, 0, "{stdout}{stderr}");
    assert!(stderr.contains("no scenario"), "{stderr}");
}

/// A per-case command writes one reply and exits; output after the reply
/// is an error for the case (spec/protocol.md, "Modes"), said as such.
#[test]
fn output_after_a_per_case_reply_is_an_error() {
    let corpus = small_corpus();
    let script = format!(
        "{} serve; echo '{{\"protocol\": 1, \"id\": 99}}'",
        common::arbiter()
    );
    let (stdout, stderr, code) = common::run(&[
        "conform",
        "--format",
        "json",
        "--scenarios",
        &corpus,
        "--jobs",
        "1",
        "--",
        "sh",
        "-c",
        &script,
    ]);
    assert_eq!(code, 1, "{stdout}{stderr}");
    let report: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let cases = report["cases"].as_array().unwrap();
    assert!(!cases.is_empty());
    for c in cases {
        assert_eq!(c["status"], "error", "{c:#}");
        let m = c["message"].as_str().unwrap();
        assert!(
            m.contains("the process wrote more after its reply to hello (26 bytes: {\"protocol\": 1, \"id\": 99})"),
            "{m}"
        );
    }
}

/// With several workers the harness sends ids above 2^32 and below 2^53
/// (spec/protocol.md, "Requests"), and arbiter's own server passes with
/// them.
#[test]
fn several_workers_send_ids_above_2_pow_32_and_below_2_pow_53() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("ids-above-2-pow-32");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("requests.jsonl");
    let script = format!("tee -a '{}' | {} serve", log.display(), common::arbiter());
    let corpus = small_corpus();
    let (stdout, stderr, code) = common::run(&[
        "conform",
        "--scenarios",
        &corpus,
        "--jobs",
        "2",
        "--",
        "sh",
        "-c",
        &script,
    ]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let ids: Vec<u64> = std::fs::read_to_string(&log)
        .unwrap()
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["id"]
                .as_u64()
                .unwrap()
        })
        .filter(|&id| id != 0)
        .collect();
    assert!(ids.len() > 4, "{ids:?}");
    assert!(
        ids.iter().all(|id| ((1 << 32)..(1 << 53)).contains(id)),
        "{ids:?}"
    );
}
