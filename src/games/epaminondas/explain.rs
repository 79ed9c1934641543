//! Epaminondas's presentation: its lines of `arbiter show`, its cells of
//! `arbiter explain` and (drawn by `picture.rs`) its pictures. The table is laid out as a move list of the game: the move number,
//! White's move and Black's, each the phalanx move as the protocol writes
//! it (front stone, landing square, `/count`) with its count of stones,
//! direction and distance spelled out and the stones it captured.

use crate::rules::{Presentation, Scene, Seat, Sheet};

use super::board::Side;
use super::game::{Epaminondas, Note};
use super::scenario::Expectations;

impl Presentation for Epaminondas {
    /// One line of `arbiter show`: who moved how many stones where, what was
    /// captured, and the crossings after the move.
    fn describe(n: &Note) -> String {
        let mut s = format!(
            "{} {}: {} stone{} {} {}",
            n.side,
            n.mv,
            n.count,
            if n.count == 1 { "" } else { "s" },
            n.dir.name(),
            n.distance
        );
        if !n.captures.is_empty() {
            let c: Vec<String> = n.captures.iter().map(|s| s.to_string()).collect();
            s.push_str(&format!(", captures {}", c.join(" ")));
        }
        s.push_str(&format!(
            "  [crossings white {} black {}]",
            n.crossings.white, n.crossings.black
        ));
        s
    }

    /// The table's headings.
    const SHEET: Sheet = Sheet {
        turn: "move",
        sides: Some(["White", "Black"]),
        state: "after the move: stones on the opponent's home row",
    };

    /// White's moves in the first column, Black's in the second.
    fn explain_seat(side: &Side, _note: Option<&Note>) -> Option<Seat> {
        Some(Seat {
            column: side.index(),
            opens: false,
        })
    }

    /// One cell of `arbiter explain`: the move, its captures, and the
    /// scenario's expected captures where they differ.
    fn explain_cell(n: &Note, exp: &Expectations) -> String {
        let stones = if n.count == 1 { "stone" } else { "stones" };
        let squares = if n.distance == 1 { "square" } else { "squares" };
        let mut s = format!(
            "{} ({} {stones}, {} {squares} {})",
            n.mv,
            n.count,
            n.distance,
            n.dir.name()
        );
        if !n.captures.is_empty() {
            let c: Vec<String> = n.captures.iter().map(|s| s.to_string()).collect();
            s.push_str(&format!(", takes {}", c.join(" ")));
        }
        if let Some(want) = &exp.captures {
            let mut w = want.clone();
            w.sort();
            let mut got: Vec<String> = n.captures.iter().map(|s| s.to_string()).collect();
            got.sort();
            if w != got {
                s.push_str(&format!(" (scenario expects captures [{}])", w.join(",")));
            }
        }
        s
    }

    /// The state column: crossings and who leads.
    fn explain_state(n: &Note) -> String {
        let lead = match n.crossings.leader() {
            Some(side) => format!("{side} leads"),
            None => "level".into(),
        };
        format!(
            "crossings {}–{}, {lead}",
            n.crossings.white, n.crossings.black
        )
    }

    /// The board with the move played, or the refused move (`picture.rs`).
    fn picture(scene: &Scene<'_, Self>) -> Option<String> {
        super::picture::svg(scene)
    }
}
