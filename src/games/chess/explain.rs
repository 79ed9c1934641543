//! Chess's lines of `arbiter show` and cells of `arbiter explain`: the
//! action, check, capture, the clock and the repetition count, so a rules
//! committee can follow a repetition ply by ply. The table is laid out as
//! a score sheet: the move number (from the setup's FEN), White's move,
//! Black's move.

use crate::rules::{Seat, Sheet};

use super::board::Color;
use super::game::{Note, Outcome, WinReason};
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

/// The table's headings: a score sheet's move number, White, Black, and
/// the repetition count, clock and claims after the move.
pub const SHEET: Sheet = Sheet {
    turn: "move",
    sides: Some(["White", "Black"]),
    state: "after the move: repetitions, clock, claims",
};

/// White's moves in the first column, Black's in the second, whoever
/// moves first (a sheet starting with Black leaves White's cell empty).
pub fn seat(side: Color) -> Seat {
    Seat {
        column: match side {
            Color::White => 0,
            Color::Black => 1,
        },
        opens: false,
    }
}

/// Whether the game ended in checkmate with the noted action.
pub fn mates(n: &Note) -> bool {
    matches!(
        n.outcome,
        Outcome::WhiteWins(WinReason::Checkmate) | Outcome::BlackWins(WinReason::Checkmate)
    )
}

/// One cell: the action, then the scenario's expectation where it differs.
pub fn cell(n: &Note, exp: &Expectations) -> String {
    let mut s = match n.action {
        // A claim leaves the position as it was: the check (if any) is
        // the last move's, already marked there.
        super::action::Action::Claim(..) => n.action.to_string(),
        super::action::Action::Move(_) => marks(n),
    };
    if mates(n) {
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

/// The state column: repetitions, clock and open claims after the action.
pub fn state(n: &Note) -> String {
    let mut s = format!("{}x, clock {}", n.repetitions, n.halfmove_clock);
    if !n.claimable.is_empty() {
        let kinds: Vec<&str> = n.claimable.iter().map(|k| k.name()).collect();
        s.push_str(&format!(", may claim {}", kinds.join(" and ")));
    }
    s
}

/// One line of `arbiter show`.
pub fn describe(n: &Note) -> String {
    let mut s = format!("{} {}  [{}]", n.side, marks(n), state(n));
    if n.outcome.is_over() {
        s.push_str(&format!("  {}", n.outcome));
    }
    s
}
