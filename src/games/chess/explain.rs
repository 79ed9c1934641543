//! Chess's lines of `arbiter show` and cells of `arbiter explain`: the
//! action, check, capture, the clock and the repetition count, so a rules
//! committee can follow a repetition ply by ply. The table is laid out as
//! a score sheet: the move number (from the setup's FEN), White's move,
//! Black's move.

use crate::rules::{Presentation, Scene, Seat, Sheet};

use super::action::Action;
use super::board::Color;
use super::game::{Chess, Note};
use super::position::Position;
use super::scenario::Expectations;

fn marks(n: &Note) -> String {
    let mut s = n.action.to_string();
    if n.capture {
        s.push_str(" x");
    }
    if n.check {
        s.push_str(" +");
    }
    s
}

impl Presentation for Chess {
    /// One line of `arbiter show`.
    fn describe(n: &Note) -> String {
        let mut s = format!("{} {}  [{}]", n.side, marks(n), Self::explain_state(n));
        if n.outcome.is_over() {
            s.push_str(&format!("  {}", n.outcome));
        }
        s
    }

    /// One cell: the action, then the scenario's expectation where it
    /// differs.
    fn explain_cell(n: &Note, exp: &Expectations) -> String {
        let mut s = match n.action {
            // A claim leaves the position as it was: the check (if any) is
            // the last move's, already marked there.
            Action::Claim(..) => n.action.to_string(),
            Action::Move(_) => marks(n),
        };
        if n.outcome.is_checkmate() {
            // A score sheet's mark for mate, in place of check's.
            s = s.trim_end_matches(" +").to_string();
            s.push_str(" #");
        }
        if exp.repetitions.is_some_and(|w| w != n.repetitions) {
            s.push_str(&format!(
                " (scenario expects {}x)",
                exp.repetitions.unwrap_or_default()
            ));
        }
        if exp.halfmove_clock.is_some_and(|w| w != n.halfmove_clock) {
            s.push_str(&format!(
                " (scenario expects clock {})",
                exp.halfmove_clock.unwrap_or_default()
            ));
        }
        s
    }

    /// The state column: repetitions, clock and open claims after the
    /// action.
    fn explain_state(n: &Note) -> String {
        let mut s = format!("{}x, clock {}", n.repetitions, n.halfmove_clock);
        if !n.claimable.is_empty() {
            let kinds: Vec<&str> = n.claimable.iter().map(|k| k.name()).collect();
            s.push_str(&format!(", may claim {}", kinds.join(" and ")));
        }
        s
    }

    /// The table's headings: a score sheet's move number, White, Black, and
    /// the repetition count, clock and claims after the move.
    const SHEET: Sheet = Sheet {
        turn: "move",
        sides: Some(["White", "Black"]),
        state: "after the move: repetitions, clock, claims",
    };

    /// The move numbers of the sheet start at the setup's FEN's.
    fn explain_first_turn(setup: &Position) -> usize {
        setup.fullmove as usize
    }

    /// White's moves in the first column, Black's in the second, whoever
    /// moves first (a sheet starting with Black leaves White's cell empty).
    fn explain_seat(side: &Color, _note: Option<&Note>) -> Option<Seat> {
        Some(Seat {
            column: match side {
                Color::White => 0,
                Color::Black => 1,
            },
            opens: false,
        })
    }

    fn picture(scene: &Scene<'_, Chess>) -> Option<String> {
        super::picture::svg(scene)
    }
}
