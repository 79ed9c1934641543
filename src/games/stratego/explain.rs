//! How Stratego is shown ([`Presentation`]): `arbiter show`'s lines,
//! `explain --html`'s pictures (drawn by [`picture`]), and the cells of
//! `arbiter explain`, laid out like the seed pages' tables ("Zug /
//! Marschall / Kapitän / Zählweise der Zwei-Feld-Regel"), so a rules
//! committee can read them side by side with the page.

use crate::rules::{Presentation, Scene};

use super::game::{Chasers, PlyReport, Stratego};
use super::picture;
use super::reference::more_squares::ply_label;
use super::scenario::{Expectations, SequenceMark};

impl Presentation for Stratego {
    /// One line of `arbiter show`: who moved what, the fight and the count.
    fn describe(r: &PlyReport) -> String {
        let mut line = format!("{} {} {}", r.color, r.rank, r.mv);
        if let Some((rank, result)) = r.combat {
            line.push_str(&format!(" attacks {rank}: {}", result));
        }
        if let Some(n) = &r.two_squares {
            line.push_str(&format!(
                "  [two-squares {}x, {}]",
                n.count,
                if n.starts { "start" } else { "continue" }
            ));
        }
        line
    }

    /// One cell of the table: a move and what the rules say about it, with the
    /// scenario's expectation where it differs.
    fn explain_cell(r: &PlyReport, exp: &Expectations) -> String {
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
    fn explain_state(r: &PlyReport) -> String {
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

    /// `explain --html`: the position reached, drawn by [`picture`]; a
    /// refused move is not drawn.
    fn picture(scene: &Scene<'_, Self>) -> Option<String> {
        if scene.refused.is_some() {
            return None;
        }
        picture::svg(scene.setup, scene.played, scene.note())
    }
}
