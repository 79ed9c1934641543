//! A matrix of scenarios × implementations from several JSON reports: one
//! row per scenario, by name, with its status in every report and, where it
//! did not pass, the first departing ply and the reason. Nothing is
//! collapsed or cut, so a failing scenario can always be found by name.

use std::fmt::Write as _;

use super::escape::visible;
use super::report::{CaseReport, Report, SkipKind, Status};

/// One cell: a scenario's result in one report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    /// The scenario's status.
    pub status: Status,
    /// For a skip: why.
    pub skip: Option<SkipKind>,
    /// The first departing ply, for a failure.
    pub ply: Option<usize>,
    /// Why it did not simply pass (empty for a pass): the report's message,
    /// then the reference's reasons for the first departure.
    pub reason: String,
    /// How many departures the scenario showed in all its profiles.
    pub departures: usize,
}

impl Cell {
    fn of(c: &CaseReport) -> Cell {
        let first = c.deciding().and_then(|p| p.departure.as_ref());
        let mut reason = c.message.clone().unwrap_or_default();
        if let Some(d) = first {
            for r in &d.reasons {
                let _ = write!(reason, " — {r}");
            }
        }
        Cell {
            status: c.status,
            skip: c.skip,
            ply: first.map(|d| d.ply),
            reason,
            departures: c.profiles.iter().map(|p| p.departures().count()).sum(),
        }
    }

    /// The status as a word, with the kind of skip.
    pub fn label(&self) -> String {
        match (self.status, self.skip) {
            (Status::Skip, Some(SkipKind::Declined)) => "skip (declined)".into(),
            (Status::Skip, Some(SkipKind::NotWritten)) => "skip (not written)".into(),
            (Status::Skip, Some(SkipKind::NotSelected)) => "skip (not selected)".into(),
            (s, _) => s.as_str().into(),
        }
    }

    /// The label with the first ply and the count of departures.
    fn headline(&self) -> String {
        let mut s = self.label();
        if let Some(p) = self.ply {
            let _ = write!(s, " at ply {p}");
        }
        if self.departures > 1 {
            let _ = write!(s, " ({} departures)", self.departures);
        }
        s
    }

    /// The reason, when there is one (a pass has one only when some of its
    /// profile runs were declined).
    fn shown_reason(&self) -> Option<&str> {
        (!self.reason.is_empty()).then_some(self.reason.as_str())
    }

    /// The headline and the reason, on one line.
    pub fn text(&self) -> String {
        match self.shown_reason() {
            Some(r) => format!("{}: {r}", self.headline()),
            None => self.headline(),
        }
    }
}

/// One row: a scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The scenario's id.
    pub id: String,
    /// Its game.
    pub game: String,
    /// Its file, as the first report that has it gives it.
    pub path: String,
    /// One cell per column; `None` where a report has no such scenario.
    pub cells: Vec<Option<Cell>>,
}

/// The whole matrix.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Matrix {
    /// Column headings: one per report.
    pub columns: Vec<String>,
    /// Rows, one per scenario, by game and id.
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
    let mut keys: Vec<(String, String, String)> = reports
        .iter()
        .flat_map(|r| {
            r.cases
                .iter()
                .map(|c| (c.game.clone(), c.id.clone(), c.path.clone()))
        })
        .collect();
    keys.sort();
    keys.dedup_by(|a, b| a.0 == b.0 && a.1 == b.1);
    let rows = keys
        .into_iter()
        .map(|(game, id, path)| Row {
            cells: reports
                .iter()
                .map(|r| {
                    r.cases
                        .iter()
                        .find(|c| c.game == game && c.id == id)
                        .map(Cell::of)
                })
                .collect(),
            id,
            game,
            path,
        })
        .collect();
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

/// The scenario's name as rows show it: `game:id` when the matrix holds
/// several games, the bare id otherwise.
fn name(m: &Matrix, row: &Row) -> String {
    let games = m.rows.iter().any(|r| r.game != row.game);
    if games && !row.game.is_empty() {
        format!("{}:{}", row.game, row.id)
    } else {
        row.id.clone()
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
        let cells: Vec<String> = row
            .cells
            .iter()
            .map(|c| c.as_ref().map_or("—".to_string(), |c| md_escape(&c.text())))
            .collect();
        let _ = writeln!(
            out,
            "| {} | {} |",
            md_escape(&name(m, row)),
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
    crate::svg::esc(&visible(s))
}

/// The matrix as a static HTML page, one colour per status, the reason
/// under the status. `link` gives, for a row, the address of a page to link
/// the scenario's name to (an `arbiter explain --html` page), if any.
pub fn html(m: &Matrix, link: &dyn Fn(&Row) -> Option<String>) -> String {
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
.reason { font-size: 0.85em; max-width: 40em; }
</style>
</head>
<body>
<h1>arbiter conformance matrix</h1>
<p>One row per scenario. A cell that did not pass gives the first departing ply and the reason in the reference's words.</p>
<table>
<tr><th>scenario</th>"#,
    );
    for c in &m.columns {
        let _ = write!(out, "<th>{}</th>", html_escape(c));
    }
    out.push_str("</tr>\n");
    for row in &m.rows {
        let shown = html_escape(&name(m, row));
        match link(row) {
            Some(href) => {
                let _ = write!(
                    out,
                    "<tr><td><a href=\"{}\">{shown}</a></td>",
                    html_escape(&href)
                );
            }
            None => {
                let _ = write!(out, "<tr><td>{shown}</td>");
            }
        }
        for c in &row.cells {
            match c {
                None => out.push_str("<td class=\"none\">—</td>"),
                Some(c) => {
                    let _ = write!(
                        out,
                        "<td class=\"{}\">{}",
                        c.status.as_str(),
                        html_escape(&c.headline())
                    );
                    if let Some(r) = c.shown_reason() {
                        let _ = write!(out, "<div class=\"reason\">{}</div>", html_escape(r));
                    }
                    out.push_str("</td>");
                }
            }
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
