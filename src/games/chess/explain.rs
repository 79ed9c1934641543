//! Chess's lines of `arbiter show` and cells of `arbiter explain`: the
//! action, check, capture, the clock and the repetition count, so a rules
//! committee can follow a repetition ply by ply.

use super::game::Note;
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

/// One cell: the action, then the scenario's expectation where it differs.
pub fn cell(n: &Note, exp: &Expectations) -> String {
    let mut s = marks(n);
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
