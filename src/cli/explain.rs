//! `arbiter explain`: a per-move table laid out like the seed pages' tables
//! ("Zug / Marschall / Kapitän / Zählweise der Zwei-Feld-Regel"), so a rules
//! committee can read it side by side with the page.

use std::path::Path;
use std::process::ExitCode;

use arbiter::games::stratego::game::{Chasers, PlyReport};
use arbiter::games::stratego::reference::more_squares::ply_label;
use arbiter::scenario::format::{Legality, SequenceMark};
use arbiter::scenario::load::ScenarioMove;

/// One cell of the table: a move and what the rules say about it.
fn cell(m: &ScenarioMove, r: &PlyReport, profile: &str) -> String {
    let exp = m.expectations(profile);
    let mut s = r.mv.clone();
    if let Some(n) = &r.two_squares {
        let mark = if n.starts { "start" } else { "continue" };
        s.push_str(&format!("  {mark} {}x", n.count));
        let want_mark = exp
            .sequence
            .map(|w| matches!(w, SequenceMark::Start) == n.starts);
        if exp.two_squares.is_some_and(|w| w != n.count) || want_mark == Some(false) {
            s.push_str(&format!(
                " (scenario expects {}{})",
                exp.sequence
                    .map_or(String::new(), |w| format!("{w:?} ").to_lowercase()),
                exp.two_squares.map_or(String::new(), |w| format!("{w}x"))
            ));
        }
    }
    if let Some((rank, result)) = r.combat {
        s.push_str(&format!("  attacks {rank}: {result:?}"));
    }
    if let Some(c) = &r.chase {
        // The seed tables' "MFR / ununterbr. Verfolg. >2 Felder" mark.
        if c.mark {
            s.push_str("  MFR");
        }
        if c.chasing_move {
            s.push_str("  chasing");
        }
        if let Some(j) = c.repeats {
            s.push_str(&format!(" (repeats {}: exception)", ply_label(j)));
        }
        if exp.chase.is_some_and(|w| w != c.mark) {
            s.push_str(&format!(
                " (scenario expects MFR mark {})",
                exp.chase.unwrap_or_default()
            ));
        }
    }
    s
}

/// The chase state after a ply: who is chasing and which pieces have evaded.
fn chase_state(r: &PlyReport) -> String {
    let Some(c) = &r.chase else {
        return String::new();
    };
    let who = match c.chasers {
        Chasers::None => return "no chase".to_string(),
        Chasers::Red => "red chasing",
        Chasers::Blue => "blue chasing",
        Chasers::Both => "both chasing",
    };
    if c.evaded.is_empty() {
        who.to_string()
    } else {
        format!("{who}; evaded: {}", c.evaded.join(" "))
    }
}

/// Prints the table for one scenario under one profile.
pub fn explain(path: &Path, profile: Option<&str>) -> ExitCode {
    let (s, profile, mut game) = match super::open(path, profile) {
        Ok(x) => x,
        Err(code) => return code,
    };
    println!("{} — {}", s.id, s.title);
    println!("source: {}", s.source);
    println!(
        "profile: {} (two-squares limit {}, more-squares {})\n",
        profile.name,
        profile.two_squares.limit,
        if profile.more_squares.enabled {
            "on"
        } else {
            "off"
        }
    );
    let first = game.side_to_move();
    let w = 44;
    let line = |a: &str, b: &str, c: &str, d: &str| {
        let text = format!("{a:<5} {b:<w$} {c:<w$} {d}");
        println!("{}", text.trim_end());
    };
    let chase_on = profile.more_squares.enabled;
    line(
        "turn",
        first.name(),
        first.opponent().name(),
        if chase_on { "chase after the turn" } else { "" },
    );
    let mut row: Vec<String> = Vec::new();
    let mut state = String::new();
    let mut status = ExitCode::SUCCESS;
    let mut stopped = false;
    for (i, m) in s.moves.iter().enumerate() {
        let exp = m.expectations(&profile.name);
        let text = if exp.expect == Some(Legality::Illegal) {
            stopped = true;
            format!("{}  {}", m.mv, game.judge(m.mv))
        } else {
            match game.play(m.mv) {
                Ok(r) => {
                    state = chase_state(&r);
                    cell(m, &r, &profile.name)
                }
                Err(ill) => {
                    status = ExitCode::FAILURE;
                    stopped = true;
                    format!("{}  {ill}", m.mv)
                }
            }
        };
        row.push(text);
        if row.len() == 2 || stopped || i + 1 == s.moves.len() {
            let turn = i / 2 + 1;
            let second = row.get(1).map_or("", |s| s.as_str());
            line(&turn.to_string(), &row[0], second, &state);
            row.clear();
        }
        if stopped {
            break;
        }
    }
    if !stopped {
        println!("\nafter the last move: {}", game.outcome());
        if !s.probes.is_empty() {
            println!("{} to move; probes:", game.side_to_move());
            for p in &s.probes {
                println!("  {:<8} {}", p.mv, game.judge(p.mv));
            }
        }
    }
    status
}
