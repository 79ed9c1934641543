//! `arbiter matrix`: scenarios × implementations from JSON reports.

use arbiter::explain::Explain;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use arbiter::harness::matrix::{Matrix, Row, build, html, markdown};
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

/// Writes an `arbiter explain --html` page for every row whose scenario
/// file loads into `dir`, and returns each row's link, relative to where
/// the matrix page is written when `dir` lies under it.
fn explain_pages(
    m: &Matrix,
    dir: &Path,
    page: Option<&PathBuf>,
) -> Result<HashMap<(String, String), String>, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let base = page.and_then(|p| p.parent()).unwrap_or(Path::new(""));
    let mut links = HashMap::new();
    for row in &m.rows {
        let Ok(s) = arbiter::scenario::any::load(Path::new(&row.path)) else {
            continue;
        };
        let Ok(html) = s.explain_html(None) else {
            continue;
        };
        let name: String = format!("{}-{}", row.game, row.id)
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        let file = dir.join(format!("{name}.html"));
        std::fs::write(&file, html).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
        let link = file.strip_prefix(base).unwrap_or(&file);
        links.insert(
            (row.game.clone(), row.id.clone()),
            link.display().to_string(),
        );
    }
    Ok(links)
}

/// Prints (or writes) the matrix of the given reports.
pub fn matrix(
    reports: &[PathBuf],
    as_html: bool,
    output: Option<&PathBuf>,
    explain_dir: Option<&PathBuf>,
) -> ExitCode {
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
    let links = match explain_dir {
        None => HashMap::new(),
        Some(dir) => match explain_pages(&m, dir, output) {
            Ok(l) => l,
            Err(e) => {
                eprintln!("arbiter: {e}");
                return ExitCode::from(2);
            }
        },
    };
    let link = |row: &Row| links.get(&(row.game.clone(), row.id.clone())).cloned();
    let text = if as_html {
        html(&m, &link)
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
