//! Helpers shared by the harness tests: run the arbiter binary.

#![allow(dead_code)]

use std::path::PathBuf;
use std::process::Command;

/// The arbiter binary under test.
pub fn arbiter() -> &'static str {
    env!("CARGO_BIN_EXE_arbiter")
}

/// A path inside the repository.
pub fn repo(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(rel)
}

/// The harness's own small corpus.
pub fn small_corpus() -> String {
    repo("tests/data/harness/corpus").display().to_string()
}

/// Runs `arbiter ARGS`; returns stdout, stderr and the exit code.
pub fn run(args: &[&str]) -> (String, String, i32) {
    let out = Command::new(arbiter())
        .args(args)
        .current_dir(repo(""))
        .output()
        .expect("arbiter runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

/// Runs `arbiter conform CONFORM_ARGS -- arbiter serve SERVE_ARGS` with JSON
/// output and returns the parsed report and the exit code.
pub fn conform_serve(conform_args: &[&str], serve_args: &[&str]) -> (serde_json::Value, i32) {
    let mut args = vec!["conform", "--format", "json"];
    args.extend_from_slice(conform_args);
    args.push("--");
    args.push(arbiter());
    args.push("serve");
    args.extend_from_slice(serve_args);
    let (stdout, stderr, code) = run(&args);
    let report = serde_json::from_str(&stdout)
        .unwrap_or_else(|e| panic!("report is not JSON ({e}):\n{stdout}\nstderr:\n{stderr}"));
    (report, code)
}

/// `id -> status` of every case of a JSON report.
pub fn statuses(report: &serde_json::Value) -> Vec<(String, String)> {
    report["cases"]
        .as_array()
        .expect("cases")
        .iter()
        .map(|c| {
            (
                c["id"].as_str().unwrap().to_string(),
                c["status"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}
