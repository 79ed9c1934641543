//! `arbiter profiles`: every built-in profile of every game, switch by
//! switch, with the clause and ambiguity entry behind each switch, so that
//! an adapter's author can see what a profile name means on the wire
//! without reading the code.

use std::process::ExitCode;

use serde_json::{Value, json};

/// How to print.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// A table per game.
    Text,
    /// One JSON object: `{"games": [...]}`.
    Json,
}

/// A JSON value as a table cell: strings without quotes.
fn cell(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Array(items) => items.iter().map(cell).collect::<Vec<_>>().join(" | "),
        other => other.to_string(),
    }
}

/// One game as a text table: a row per switch, a column per profile.
fn text(game: &Value) -> String {
    let profiles: Vec<String> = game["profiles"]
        .as_array()
        .map(|a| a.iter().map(cell).collect())
        .unwrap_or_default();
    let mut rows = vec![{
        let mut h = vec!["switch".to_string()];
        h.extend(profiles.iter().cloned());
        h.extend(["clause", "ambiguity", "allowed"].map(String::from));
        h
    }];
    let empty = Vec::new();
    let switches = game["switches"].as_array().unwrap_or(&empty);
    for s in switches {
        let mut r = vec![cell(&s["switch"])];
        r.extend(profiles.iter().map(|p| cell(&s["values"][p])));
        for k in ["clause", "ambiguity", "allowed"] {
            r.push(match &s[k] {
                Value::Null => "-".to_string(),
                v => cell(v),
            });
        }
        rows.push(r);
    }
    let widths: Vec<usize> = (0..rows[0].len())
        .map(|i| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = format!(
        "{} (default profile: {})\n",
        cell(&game["game"]),
        cell(&game["default"])
    );
    for r in &rows {
        let line: Vec<String> = r
            .iter()
            .zip(&widths)
            .map(|(c, w)| format!("{c:<w$}"))
            .collect();
        out.push_str(&format!("  {}\n", line.join("  ").trim_end()));
    }
    out.push_str("\n  what each switch decides:\n");
    for s in switches {
        out.push_str(&format!(
            "  {}: {}\n",
            cell(&s["switch"]),
            match &s["description"] {
                Value::Null => "-".to_string(),
                v => cell(v),
            }
        ));
    }
    out
}

/// Prints the profiles of `game`, or of every game.
pub fn profiles(game: Option<&str>, format: Format) -> ExitCode {
    let games = match game {
        Some(g) => match super::find_game(g) {
            Ok(entry) => vec![entry],
            Err(code) => return code,
        },
        None => arbiter::games::all(),
    };
    let described: Vec<Value> = games.iter().map(|g| (g.profiles)()).collect();
    match format {
        Format::Json => println!(
            "{}",
            serde_json::to_string_pretty(&json!({ "games": described })).unwrap_or_default()
        ),
        Format::Text => {
            let tables: Vec<String> = described.iter().map(text).collect();
            print!("{}", tables.join("\n"));
        }
    }
    ExitCode::SUCCESS
}
