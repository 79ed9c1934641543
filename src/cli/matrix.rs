//! `arbiter matrix`: scenarios × implementations from JSON reports.

use std::path::PathBuf;
use std::process::ExitCode;

use arbiter::harness::matrix::{build, html, markdown};
use arbiter::harness::report::{FORMAT, Report};

fn read(path: &PathBuf) -> Result<Report, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let value: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| format!("{}: not JSON: {e}", path.display()))?;
    if value.get("format").and_then(|f| f.as_str()) != Some(FORMAT) {
        return Err(format!(
            "{}: not a report of `arbiter conform --format json` (no \"format\": \"{FORMAT}\")",
            path.display()
        ));
    }
    serde_json::from_value(value).map_err(|e| format!("{}: {e}", path.display()))
}

/// Prints (or writes) the matrix of the given reports.
pub fn matrix(reports: &[PathBuf], as_html: bool, output: Option<&PathBuf>) -> ExitCode {
    let mut loaded = Vec::new();
    for p in reports {
        match read(p) {
            Ok(r) => loaded.push(r),
            Err(e) => {
                eprintln!("arbiter: {e}");
                return ExitCode::from(2);
            }
        }
    }
    let m = build(&loaded);
    let text = if as_html {
        html(&m, &|_| None)
    } else {
        markdown(&m)
    };
    match output {
        Some(path) => {
            if let Err(e) = std::fs::write(path, text) {
                eprintln!("arbiter: cannot write {}: {e}", path.display());
                return ExitCode::from(2);
            }
        }
        None => print!("{text}"),
    }
    ExitCode::SUCCESS
}
