//! A matrix of scenarios × implementations from several JSON reports. Rows
//! whose statuses are the same in every column are collapsed into one, so the
//! places where implementations differ stand out.

use std::fmt::Write as _;

use super::escape::visible;
use super::report::{Report, Status};

/// One row: the scenarios that share these cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// Scenario ids, in order.
    pub ids: Vec<String>,
    /// One cell per column; `None` where a report has no such scenario.
    pub cells: Vec<Option<Status>>,
}

/// The whole matrix.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Matrix {
    /// Column headings: one per report.
    pub columns: Vec<String>,
    /// Rows, collapsed.
    pub rows: Vec<Row>,
    /// Per column: passed, failed, skipped (as in the report's closing line).
    pub totals: Vec<(usize, usize, usize)>,
}

/// Builds the matrix. Columns are named after the implementation (and the
/// profile, when the run selected one); a repeated name gets a number.
pub fn build(reports: &[Report]) -> Matrix {
    let mut columns: Vec<String> = Vec::new();
    for r in reports {
        let mut name = r.implementation.name.clone();
        if let Some(p) = &r.profile {
            name = format!("{name} ({p})");
        }
        let base = name.clone();
        let mut n = 2;
        while columns.contains(&name) {
            name = format!("{base} #{n}");
            n += 1;
        }
        columns.push(name);
    }
    let mut ids: Vec<String> = reports
        .iter()
        .flat_map(|r| r.cases.iter().map(|c| c.id.clone()))
        .collect();
    ids.sort();
    ids.dedup();
    let mut rows: Vec<Row> = Vec::new();
    for id in ids {
        let cells: Vec<Option<Status>> = reports
            .iter()
            .map(|r| r.cases.iter().find(|c| c.id == id).map(|c| c.status))
            .collect();
        match rows.iter_mut().find(|row| row.cells == cells) {
            Some(row) => row.ids.push(id),
            None => rows.push(Row {
                ids: vec![id],
                cells,
            }),
        }
    }
    let totals = reports
        .iter()
        .map(|r| (r.summary.passed(), r.summary.failed(), r.summary.skipped()))
        .collect();
    Matrix {
        columns,
        rows,
        totals,
    }
}

fn cell(c: Option<Status>) -> &'static str {
    c.map_or("—", |s| s.as_str())
}

/// A short label for a collapsed row.
fn label(ids: &[String]) -> String {
    match ids {
        [one] => one.clone(),
        many => {
            let shown: Vec<&str> = many.iter().take(3).map(String::as_str).collect();
            let rest = many.len() - shown.len();
            let mut s = format!("{} scenarios: {}", many.len(), shown.join(", "));
            if rest > 0 {
                let _ = write!(s, " and {rest} more");
            }
            s
        }
    }
}

fn md_escape(s: &str) -> String {
    visible(s).replace('|', "\\|")
}

/// The matrix as a Markdown table.
pub fn markdown(m: &Matrix) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "| scenario | {} |",
        m.columns
            .iter()
            .map(|c| md_escape(c))
            .collect::<Vec<_>>()
            .join(" | ")
    );
    let _ = writeln!(out, "|---|{}", "---|".repeat(m.columns.len()));
    for row in &m.rows {
        let cells: Vec<&str> = row.cells.iter().map(|c| cell(*c)).collect();
        let _ = writeln!(
            out,
            "| {} | {} |",
            md_escape(&label(&row.ids)),
            cells.join(" | ")
        );
    }
    let totals: Vec<String> = m
        .totals
        .iter()
        .map(|(p, f, s)| format!("{p} passed, {f} failed, {s} skipped"))
        .collect();
    let _ = writeln!(out, "| **total** | {} |", totals.join(" | "));
    out
}

fn html_escape(s: &str) -> String {
    visible(s)
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The matrix as a static HTML page, one colour per status; a collapsed row
/// lists its scenarios in a `<details>` element.
pub fn html(m: &Matrix) -> String {
    let mut out = String::new();
    out.push_str(
        r#"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>arbiter conformance matrix</title>
<style>
body { font-family: sans-serif; margin: 2em; }
table { border-collapse: collapse; }
th, td { border: 1px solid #999; padding: 0.3em 0.6em; text-align: left; vertical-align: top; }
td.pass { background: #b7e4b7; } td.xfail { background: #e4e4b7; }
td.fail, td.xpass { background: #f0a0a0; } td.error { background: #f0c080; }
td.timeout { background: #d0b0f0; } td.crash { background: #c06060; color: white; }
td.skip, td.none { background: #e8e8e8; }
</style>
</head>
<body>
<h1>arbiter conformance matrix</h1>
<p>Rows whose statuses agree in every column are collapsed.</p>
<table>
<tr><th>scenario</th>"#,
    );
    for c in &m.columns {
        let _ = write!(out, "<th>{}</th>", html_escape(c));
    }
    out.push_str("</tr>\n");
    for row in &m.rows {
        out.push_str("<tr><td>");
        if row.ids.len() == 1 {
            out.push_str(&html_escape(&row.ids[0]));
        } else {
            let _ = write!(
                out,
                "<details><summary>{} scenarios</summary>{}</details>",
                row.ids.len(),
                row.ids
                    .iter()
                    .map(|i| html_escape(i))
                    .collect::<Vec<_>>()
                    .join("<br>")
            );
        }
        out.push_str("</td>");
        for c in &row.cells {
            let class = c.map_or("none", |s| s.as_str());
            let _ = write!(out, "<td class=\"{class}\">{}</td>", cell(*c));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("<tr><th>total</th>");
    for (p, f, s) in &m.totals {
        let _ = write!(out, "<th>{p} passed, {f} failed, {s} skipped</th>");
    }
    out.push_str("</tr>\n</table>\n</body>\n</html>\n");
    out
}
