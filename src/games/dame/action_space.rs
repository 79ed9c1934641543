//! Dame's integer action space (what the Python package and other learning
//! front ends play through, `docs/python.md`).

use crate::rules::ActionSpace;

use super::board::Square;
use super::game::Dame;
use super::moves::Action;

impl ActionSpace for Dame {
    /// Squares numbered among the 32 dark ones (`index / 2`). A step is
    /// one index, `from × 32 + to`; a capture is one index per jump,
    /// `1024 + from × 32 + landing`, taken in the order of the series (two
    /// routes of one stone are two step sequences, as DA-3.5 makes them two
    /// actions); a huff is `2048 + square`. Under `seed-004` a series may
    /// stop early, so a capture's jumps may begin a longer one's: the
    /// session's "stop" index tells them apart (`docs/python.md`).
    const STEP_COUNT: usize = 2 * 32 * 32 + 32;

    const MULTI_STEP: bool = true;

    fn action_steps(action: &Action) -> Option<Vec<usize>> {
        let d = |s: &Square| s.index() / 2;
        match action {
            Action::Step { from, to } => Some(vec![d(from) * 32 + d(to)]),
            Action::Capture(path) if path.len() >= 2 => Some(
                path.windows(2)
                    .map(|hop| 1024 + d(&hop[0]) * 32 + d(&hop[1]))
                    .collect(),
            ),
            Action::Capture(_) => None,
            Action::Huff(s) => Some(vec![2048 + d(s)]),
        }
    }
}
