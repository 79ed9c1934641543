//! Dame's lines of `arbiter show` and cells of `arbiter explain`. The
//! table is laid out as a draughts score sheet: the move number, White's
//! move, Black's move, each written with its path (`c3xe5xg7` for a
//! capture) and the stones it took; a huff and the move after it share
//! their side's cell, as they are one turn (DA-6.2, AD-3).

use crate::rules::{Presentation, Scene, Seat, Sheet};

use super::board::{Side, Square};
use super::game::{Dame, Note, Outcome};
use super::scenario::Expectations;

fn squares(v: &[Square]) -> String {
    v.iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

impl Presentation for Dame {
    /// One line of `arbiter show`.
    fn describe(n: &Note) -> String {
        let mut line = match (n.kind, n.huffed) {
            (_, Some(sq)) => format!("{} huffs the stone on {sq}", n.side),
            (Some(k), None) => format!("{} {k} {}", n.side, n.action),
            (None, None) => format!("{} {}", n.side, n.action),
        };
        if !n.captures.is_empty() {
            line.push_str(&format!(" takes {}", squares(&n.captures)));
        }
        if n.crowned {
            line.push_str(", crowned");
        }
        if !n.huffable.is_empty() {
            line.push_str(&format!(
                "  [overlooked a capture: {} may huff {}]",
                n.side.other(),
                squares(&n.huffable)
            ));
        }
        line
    }

    /// One cell: the action and what it did, with the scenario's
    /// expectation where it differs.
    fn explain_cell(n: &Note, exp: &Expectations) -> String {
        let mut s = n.action.clone();
        if !n.captures.is_empty() {
            s.push_str(&format!("  takes {}", squares(&n.captures)));
        }
        if n.crowned {
            s.push_str("  crowned");
        }
        if !n.huffable.is_empty() {
            s.push_str(&format!("  huffable {}", squares(&n.huffable)));
        }
        if exp.crowned.is_some_and(|c| c != n.crowned) {
            s.push_str(&format!(" (scenario expects crowned {})", !n.crowned));
        }
        s
    }

    /// The huffing state after an action.
    fn explain_state(n: &Note) -> String {
        if n.huffable.is_empty() {
            String::new()
        } else {
            format!("{} may huff {}", n.side.other(), squares(&n.huffable))
        }
    }

    /// The table's headings.
    const SHEET: Sheet = Sheet {
        turn: "move",
        sides: Some(["White", "Black"]),
        state: "after the move: huffing",
    };

    /// White's actions in the first column, Black's in the second; a huff
    /// opens its cell for the move that follows it in the same turn.
    fn explain_seat(side: &Side, note: Option<&Note>) -> Option<Seat> {
        Some(Seat {
            column: match side {
                Side::White => 0,
                Side::Black => 1,
            },
            opens: note.is_some_and(|n| n.huffed.is_some() && n.outcome == Outcome::Ongoing),
        })
    }

    fn picture(scene: &Scene<'_, Dame>) -> Option<String> {
        super::picture::svg(scene)
    }
}
