//! Printing a report: text for people, JSON for tools (and `arbiter
//! matrix`), JUnit XML for CI dashboards, TAP for everything else.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use super::report::{CaseReport, Report, Status};

/// The output formats of `arbiter conform`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum Format {
    /// One line per notable scenario, then the counts.
    Text,
    /// The whole report as JSON.
    Json,
    /// JUnit XML.
    Junit,
    /// Test Anything Protocol, version 13.
    Tap,
}

/// Renders `report` in `format`.
pub fn render(report: &Report, format: Format, verbose: bool) -> String {
    match format {
        Format::Text => text(report, verbose),
        Format::Json => json(report),
        Format::Junit => junit(report),
        Format::Tap => tap(report),
    }
}

/// The JSON report (pretty, with a final line break).
pub fn json(report: &Report) -> String {
    let mut s = serde_json::to_string_pretty(report).expect("a report is plain data");
    s.push('\n');
    s
}

/// One line for a scenario in the text report.
pub fn text_line(c: &CaseReport) -> String {
    let tag = c.status.as_str().to_uppercase();
    match &c.message {
        Some(m) => format!("{tag} {}: {m}", c.id),
        None => format!("{tag} {}", c.id),
    }
}

/// The text report: a header, a line per scenario that did not simply pass
/// (every scenario with `verbose`), the counts per status, and the closing
/// line `N passed, N failed, N skipped`.
pub fn text(report: &Report, verbose: bool) -> String {
    let mut out = String::new();
    let imp = &report.implementation;
    let _ = write!(out, "conform: {}", imp.name);
    if let Some(v) = &imp.version {
        let _ = write!(out, " {v}");
    }
    let caps = if imp.capabilities.is_empty() {
        "none".to_string()
    } else {
        imp.capabilities.join(", ")
    };
    let _ = writeln!(
        out,
        " ({} mode, profile {}, capabilities: {caps})",
        report.mode,
        report.profile.as_deref().unwrap_or("all")
    );
    for c in &report.cases {
        let quiet = matches!(c.status, Status::Pass | Status::Skip);
        if verbose || !quiet {
            let _ = writeln!(out, "{}", text_line(c));
            if let Some(err) = c.deciding().and_then(|p| p.stderr.as_ref()) {
                for line in err
                    .lines()
                    .rev()
                    .take(5)
                    .collect::<Vec<_>>()
                    .into_iter()
                    .rev()
                {
                    let _ = writeln!(out, "    stderr: {line}");
                }
            }
        }
    }
    for p in &report.problems {
        let _ = writeln!(out, "PROBLEM {p}");
    }
    let counts: Vec<String> = Status::ALL
        .iter()
        .map(|s| format!("{} {}", s.as_str(), report.summary.get(*s)))
        .collect();
    let _ = writeln!(out, "{}", counts.join(", "));
    let _ = writeln!(out, "{}", report.closing_line());
    out
}

/// Escapes text for XML attributes and content; drops characters XML 1.0
/// cannot carry at all.
fn xml(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(ch),
            c if (c as u32) < 0x20 => {}
            c => out.push(c),
        }
    }
    out
}

/// JUnit XML: one `testcase` per scenario. A fail or an xpass is a
/// `failure`; an error, a timeout or a crash an `error` (its type says
/// which); a skip is `skipped`; an xfail passes, with a note in
/// `system-out`.
pub fn junit(report: &Report) -> String {
    let s = &report.summary;
    let failures = s.fail + s.xpass;
    let errors = s.error + s.timeout + s.crash;
    let time: f64 = report
        .cases
        .iter()
        .map(|c| c.duration_ms as f64 / 1000.0)
        .sum();
    let name = xml(&report.implementation.name);
    let mut out = String::new();
    let _ = writeln!(out, r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    let _ = writeln!(
        out,
        r#"<testsuites name="arbiter conform" tests="{}" failures="{failures}" errors="{errors}" skipped="{}" time="{time:.3}">"#,
        report.cases.len(),
        s.skip
    );
    let _ = writeln!(
        out,
        r#"  <testsuite name="{name}" tests="{}" failures="{failures}" errors="{errors}" skipped="{}" time="{time:.3}">"#,
        report.cases.len(),
        s.skip
    );
    for c in &report.cases {
        let group = c.id.split('/').next().unwrap_or_default();
        let _ = write!(
            out,
            r#"    <testcase classname="{}" name="{}" time="{:.3}""#,
            xml(group),
            xml(&c.id),
            c.duration_ms as f64 / 1000.0
        );
        let message = xml(c.message.as_deref().unwrap_or_default());
        let stderr = c
            .deciding()
            .and_then(|p| p.stderr.as_deref())
            .map(|e| format!("\n      <system-err>{}</system-err>", xml(e)))
            .unwrap_or_default();
        match c.status {
            Status::Pass => {
                let _ = writeln!(out, "/>");
            }
            Status::Xfail => {
                let _ = writeln!(
                    out,
                    ">\n      <system-out>expected failure: {message}</system-out>\n    </testcase>"
                );
            }
            Status::Skip => {
                let _ = writeln!(
                    out,
                    ">\n      <skipped message=\"{message}\"/>\n    </testcase>"
                );
            }
            Status::Fail | Status::Xpass => {
                let _ = writeln!(
                    out,
                    ">\n      <failure type=\"{}\" message=\"{message}\">{message}</failure>{stderr}\n    </testcase>",
                    c.status
                );
            }
            Status::Error | Status::Timeout | Status::Crash => {
                let _ = writeln!(
                    out,
                    ">\n      <error type=\"{}\" message=\"{message}\">{message}</error>{stderr}\n    </testcase>",
                    c.status
                );
            }
        }
    }
    for p in &report.problems {
        let _ = writeln!(
            out,
            "    <testcase classname=\"run\" name=\"expected-failures\">\n      <failure type=\"problem\" message=\"{0}\">{0}</failure>\n    </testcase>",
            xml(p)
        );
    }
    let _ = writeln!(out, "  </testsuite>\n</testsuites>");
    out
}

/// One YAML-safe line for a TAP diagnostic block.
fn yaml_str(s: &str) -> String {
    serde_json::to_string(s).expect("a string")
}

/// TAP version 13: `ok` for pass, `ok … # SKIP` for skips, `not ok … # TODO`
/// for expected failures (TAP's own notion of one), `not ok` for everything
/// that fails the run, with a YAML block saying why.
pub fn tap(report: &Report) -> String {
    let mut out = String::new();
    let total = report.cases.len() + report.problems.len();
    let _ = writeln!(out, "TAP version 13\n1..{total}");
    for (i, c) in report.cases.iter().enumerate() {
        let n = i + 1;
        let message = c.message.as_deref().unwrap_or_default();
        let clean = message.replace(['#', '\n'], " ");
        match c.status {
            Status::Pass => {
                let _ = writeln!(out, "ok {n} - {}", c.id);
            }
            Status::Skip => {
                let _ = writeln!(out, "ok {n} - {} # SKIP {clean}", c.id);
            }
            Status::Xfail => {
                let _ = writeln!(
                    out,
                    "not ok {n} - {} # TODO expected failure: {clean}",
                    c.id
                );
            }
            _ => {
                let _ = writeln!(out, "not ok {n} - {}", c.id);
                let _ = writeln!(out, "  ---\n  status: {}", c.status);
                let _ = writeln!(out, "  message: {}", yaml_str(message));
                if let Some(d) = c.deciding().and_then(|p| p.departure.as_ref()) {
                    let _ = writeln!(out, "  ply: {}", d.ply);
                    if !d.wrongly_allows.is_empty() {
                        let _ =
                            writeln!(out, "  wrongly-allows: [{}]", d.wrongly_allows.join(", "));
                    }
                    if !d.wrongly_forbids.is_empty() {
                        let _ =
                            writeln!(out, "  wrongly-forbids: [{}]", d.wrongly_forbids.join(", "));
                    }
                }
                if let Some(e) = c.deciding().and_then(|p| p.stderr.as_deref()) {
                    let _ = writeln!(out, "  stderr: {}", yaml_str(e));
                }
                let _ = writeln!(out, "  ...");
            }
        }
    }
    for (i, p) in report.problems.iter().enumerate() {
        let _ = writeln!(
            out,
            "not ok {} - expected-failures\n  ---\n  message: {}\n  ...",
            report.cases.len() + i + 1,
            yaml_str(p)
        );
    }
    let _ = writeln!(out, "# {}", report.closing_line());
    out
}
