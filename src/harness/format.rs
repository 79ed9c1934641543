//! Printing a report: text for people, JSON for tools (and `arbiter
//! matrix`), JUnit XML for CI dashboards, TAP for everything else.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use super::baseline::{Comparison, NewFailure};
use super::escape::{visible, visible_lines};
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

/// The lines under a scenario's line in the text report: the reference's
/// reasons for the departure the line names, then every further departure
/// of every profile with its reasons (nothing is cut: an engine author
/// fixing one bug sees the next one too).
pub fn detail_lines(c: &CaseReport) -> Vec<String> {
    let mut out = Vec::new();
    let deciding = c
        .deciding()
        .filter(|p| p.reason_is_departure())
        .map(|p| p.profile.clone());
    for p in &c.profiles {
        for (i, d) in p.departures().enumerate() {
            // The headline already shows the deciding profile's first
            // departure, unless trouble took its place.
            let headline = !(i == 0 && deciding.as_deref() == Some(p.profile.as_str()));
            if headline {
                out.push(format!(
                    "[{}] {}",
                    visible(&p.profile),
                    visible(&d.to_string())
                ));
            }
            for r in &d.reasons {
                out.push(format!("  why: {}", visible(&r.to_string())));
            }
        }
    }
    // The readings involved are those the clauses of the failing
    // expectations cite (each reason's); the scenario's own list is said as
    // what it is, since the failure may lie elsewhere (an outcome decided
    // by BG-7.2 in a scenario about AB-11).
    let mut involved: Vec<&str> = Vec::new();
    for p in &c.profiles {
        for r in p.departures().flat_map(|d| &d.reasons) {
            for id in &r.readings {
                if !involved.contains(&id.as_str()) {
                    involved.push(id);
                }
            }
        }
    }
    if !involved.is_empty() {
        out.push(format!(
            "readings involved: {}",
            visible(&involved.join(", "))
        ));
    }
    if !c.readings.is_empty() {
        out.push(format!(
            "readings the scenario cites: {}",
            visible(&c.readings.join(", "))
        ));
    }
    for r in &c.changed_rulings {
        out.push(format!("changed ruling, CHANGELOG.md {}", visible(r)));
    }
    out
}

/// One line for a scenario in the text report.
pub fn text_line(c: &CaseReport) -> String {
    let tag = c.status.as_str().to_uppercase();
    match &c.message {
        Some(m) => format!("{tag} {}: {}", visible(&c.id), visible(m)),
        None => format!("{tag} {}", visible(&c.id)),
    }
}

/// The text report: a header, a line per scenario that did not simply pass
/// (every scenario with `verbose`), the counts per status, and the closing
/// line `N passed, N failed, N skipped`.
pub fn text(report: &Report, verbose: bool) -> String {
    let mut out = String::new();
    let imp = &report.implementation;
    let _ = write!(out, "conform: {}", visible(&imp.name));
    if let Some(v) = &imp.version {
        let _ = write!(out, " {}", visible(v));
    }
    let caps = if imp.capabilities.is_empty() {
        "none".to_string()
    } else {
        visible(&imp.capabilities.join(", ")).into_owned()
    };
    let _ = writeln!(
        out,
        " ({} mode, profile {}, capabilities: {caps})",
        report.mode,
        report.profile.as_deref().unwrap_or("all")
    );
    if !imp.profiles.is_empty() {
        let _ = writeln!(
            out,
            "profiles declared (sent by name): {}",
            visible(&imp.profiles.join(", "))
        );
    }
    let _ = writeln!(out, "standard: arbiter {}", visible(&report.arbiter));
    for c in &report.cases {
        let quiet = matches!(c.status, Status::Pass | Status::Skip);
        if verbose || !quiet {
            let _ = writeln!(out, "{}", text_line(c));
            // An expected failure is known: its headline is enough, unless
            // asked for everything.
            let details = if verbose || c.status.is_failure() {
                detail_lines(c)
            } else {
                Vec::new()
            };
            for line in details {
                let _ = writeln!(out, "    {line}");
            }
            if let Some(err) = c.deciding().and_then(|p| p.stderr.as_ref()) {
                for line in visible_lines(err)
                    .collect::<Vec<_>>()
                    .into_iter()
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
        let _ = writeln!(out, "PROBLEM {}", visible(p));
    }
    if let Some(b) = &report.baseline {
        baseline_lines(&mut out, report, b, verbose);
    }
    let mut counts: Vec<String> = Status::ALL
        .iter()
        .map(|s| format!("{} {}", s.as_str(), report.summary.get(*s)))
        .collect();
    // A problem of the run fails it like a failed scenario; the counts say
    // so, or they would read `fail 0` above a closing line of `1 failed`.
    if !report.problems.is_empty() {
        counts.push(format!("problem {}", report.problems.len()));
    }
    let _ = writeln!(out, "{}", counts.join(", "));
    if let Some(skips) = report.summary.skip_breakdown() {
        let _ = writeln!(out, "skipped: {skips}");
    }
    let reasons = report.decline_reasons();
    for (reason, n) in reasons.iter().take(3) {
        let runs = if *n == 1 { "run" } else { "runs" };
        let _ = writeln!(out, "declined ({n} {runs}): {}", visible(reason));
    }
    match reasons.len().saturating_sub(3) {
        0 => {}
        1 => {
            let _ = writeln!(out, "declined for 1 other reason (-v lists every case)");
        }
        n => {
            let _ = writeln!(out, "declined for {n} other reasons (-v lists every case)");
        }
    }
    let _ = writeln!(out, "{}", report.closing_line());
    out
}

/// The text report's account of a run against its baseline: each new
/// failure and why it is new, what the corpus gained or changed since, the
/// changelog's changed rulings since the baseline's version, and the count
/// line.
fn baseline_lines(out: &mut String, report: &Report, b: &Comparison, verbose: bool) {
    let list = |ids: &[String]| {
        let shown: Vec<String> = ids
            .iter()
            .take(10)
            .map(|i| visible(i).into_owned())
            .collect();
        let more = ids.len().saturating_sub(10);
        if more > 0 {
            format!("{} and {more} more", shown.join(", "))
        } else {
            shown.join(", ")
        }
    };
    // One line per scenario and kind: the profiles that fail anew, and
    // what each was and is when they do not all agree.
    let mut groups: Vec<Vec<&NewFailure>> = Vec::new();
    for f in &b.new_failures {
        match groups.last_mut() {
            Some(g) if g[0].id == f.id && g[0].game == f.game && g[0].kind == f.kind => g.push(f),
            _ => groups.push(vec![f]),
        }
    }
    for g in groups {
        let f = g[0];
        let profiles: Vec<String> = g
            .iter()
            .filter(|f| f.profile != "*")
            .map(|f| visible(&f.profile).into_owned())
            .collect();
        let profiles = if profiles.is_empty() {
            String::new()
        } else {
            format!(" [{}]", profiles.join(", "))
        };
        let same = g.iter().all(|h| h.now == f.now && h.was == f.was);
        let states = if same {
            let was = f.was.map(|w| format!(", was {w}")).unwrap_or_default();
            format!("now {}{was}", f.now)
        } else {
            g.iter()
                .map(|h| {
                    let was = h.was.map(|w| format!(", was {w}")).unwrap_or_default();
                    format!("{}: now {}{was}", visible(&h.profile), h.now)
                })
                .collect::<Vec<_>>()
                .join("; ")
        };
        let _ = writeln!(
            out,
            "NEW {}{profiles}: {} ({states})",
            visible(&f.id),
            f.kind.as_str()
        );
        let case = report
            .cases
            .iter()
            .find(|c| c.id == f.id && c.game == f.game);
        if let Some(c) = case.filter(|c| !c.changed_rulings.is_empty()) {
            let n = c.changed_rulings.len();
            let _ = writeln!(
                out,
                "    it involves {n} changed ruling{} (listed under it above)",
                if n == 1 { "" } else { "s" }
            );
        }
    }
    if verbose {
        for k in &b.known {
            let _ = writeln!(out, "KNOWN {}", visible(k));
        }
    }
    for f in &b.fixed {
        let _ = writeln!(out, "FIXED {}", visible(f));
    }
    for (what, ids) in [
        ("added", &b.added),
        ("changed", &b.changed),
        ("removed", &b.removed),
    ] {
        if !ids.is_empty() {
            let _ = writeln!(
                out,
                "corpus since the baseline: {} scenario{} {what}: {}",
                ids.len(),
                if ids.len() == 1 { "" } else { "s" },
                list(ids)
            );
        }
    }
    if !b.digests {
        let _ = writeln!(
            out,
            "the baseline has no scenario digests (written before arbiter 0.2.0): changed scenarios cannot be told"
        );
    }
    for e in b.changelog.iter().filter(|e| e.is_ruling()) {
        let _ = writeln!(
            out,
            "changed ruling since the baseline ({}): {}",
            visible(&e.version),
            visible(&e.text)
        );
    }
    let _ = writeln!(out, "{}", visible(&b.line()));
}

/// JUnit XML, written by `quick-junit`: one `testcase` per scenario. A
/// fail or an xpass is a `failure`; an error, a timeout or a crash an
/// `error` (its type says which); a skip is `skipped`; an xfail passes,
/// with a note in `system-out`. Every text is made [`visible`] first
/// (`quick-junit` would drop control characters silently).
pub fn junit(report: &Report) -> String {
    use quick_junit::{NonSuccessKind, TestCase, TestCaseStatus, TestSuite};
    let secs = |ms: u64| std::time::Duration::from_millis(ms);
    let total: u64 = report.cases.iter().map(|c| c.duration_ms).sum();
    let mut suite = TestSuite::new(visible(&report.implementation.name));
    suite.set_time(secs(total));
    suite.add_property(quick_junit::Property::new(
        "arbiter",
        visible(&report.arbiter).into_owned(),
    ));
    for c in &report.cases {
        let message = visible(c.message.as_deref().unwrap_or_default()).into_owned();
        let mut status = match c.status {
            Status::Pass | Status::Xfail => TestCaseStatus::success(),
            Status::Skip => TestCaseStatus::skipped(),
            Status::Fail | Status::Xpass => TestCaseStatus::non_success(NonSuccessKind::Failure),
            Status::Error | Status::Timeout | Status::Crash => {
                TestCaseStatus::non_success(NonSuccessKind::Error)
            }
        };
        if !matches!(c.status, Status::Pass | Status::Xfail) {
            status.set_message(message.as_str());
        }
        if c.status.is_failure() {
            status.set_type(c.status.as_str());
            let mut description = message.clone();
            for line in detail_lines(c) {
                description.push('\n');
                description.push_str(&line);
            }
            status.set_description(description);
        }
        let mut case = TestCase::new(visible(&c.id), status);
        case.set_classname(visible(c.id.split('/').next().unwrap_or_default()));
        case.set_time(secs(c.duration_ms));
        if c.status == Status::Xfail {
            case.set_system_out(format!("expected failure: {message}"));
        } else if c.status == Status::Pass && !message.is_empty() {
            case.set_system_out(message.as_str());
        }
        if c.status.is_failure()
            && let Some(err) = c.deciding().and_then(|p| p.stderr.as_deref())
        {
            let lines: Vec<_> = visible_lines(err).collect();
            case.set_system_err(lines.join("\n"));
        }
        suite.add_test_case(case);
    }
    for p in &report.problems {
        let mut status = TestCaseStatus::non_success(NonSuccessKind::Failure);
        status
            .set_type("problem")
            .set_message(visible(p))
            .set_description(visible(p));
        let mut case = TestCase::new("run", status);
        case.set_classname("run");
        suite.add_test_case(case);
    }
    let mut out = quick_junit::Report::new("arbiter conform");
    out.set_time(secs(total)).add_test_suite(suite);
    out.to_string()
        .unwrap_or_else(|e| format!("<!-- the JUnit report could not be written: {e} -->\n"))
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
        let message = visible(c.message.as_deref().unwrap_or_default()).into_owned();
        let clean = message.replace('#', " ");
        let id = visible(&c.id);
        match c.status {
            Status::Pass => {
                let _ = writeln!(out, "ok {n} - {id}");
                // A pass with declined profile runs says so, as a comment.
                if c.message.is_some() {
                    let _ = writeln!(out, "# {id}: {message}");
                }
            }
            Status::Skip => {
                let _ = writeln!(out, "ok {n} - {id} # SKIP {clean}");
            }
            Status::Xfail => {
                let _ = writeln!(out, "not ok {n} - {id} # TODO expected failure: {clean}");
            }
            _ => {
                let _ = writeln!(out, "not ok {n} - {id}");
                let _ = writeln!(out, "  ---\n  status: {}", c.status);
                // JSON's escapes are YAML's: control characters come out
                // visible, and a YAML reader gets the text exactly.
                let _ = writeln!(
                    out,
                    "  message: {}",
                    yaml_str(c.message.as_deref().unwrap_or_default())
                );
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
                let details = detail_lines(c);
                if !details.is_empty() {
                    let _ = writeln!(out, "  details:");
                    for line in details {
                        let _ = writeln!(out, "    - {}", yaml_str(&line));
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
            "not ok {} - run\n  ---\n  message: {}\n  ...",
            report.cases.len() + i + 1,
            yaml_str(p)
        );
    }
    let _ = writeln!(out, "# {}", report.closing_line());
    let _ = writeln!(out, "# standard: arbiter {}", visible(&report.arbiter));
    out
}
