//! Epaminondas's integer action space: every phalanx move numbered by its
//! front square, direction, distance and count (the Python package and
//! `AnyGame` choose actions by these numbers).

use crate::rules::ActionSpace;

use super::game::Epaminondas;
use super::moves::Move;

impl ActionSpace for Epaminondas {
    /// `((front × 8 + direction) × 14 + distance − 1) × 14 + count − 1`,
    /// squares numbered `rank × 14 + file` (both boards, 14 × 12 and
    /// 8 × 8, fit), directions numbered by their step in file and rank.
    const ACTION_COUNT: usize = 14 * 12 * 8 * 14 * 14;

    fn action_index(action: &Move) -> Option<usize> {
        let (dir, distance) = action.line()?;
        let (distance, count) = (usize::from(distance), usize::from(action.count));
        if !(1..=14).contains(&distance) || !(1..=14).contains(&count) {
            return None;
        }
        let d = ((dir.df + 1) * 3 + (dir.dr + 1)) as usize;
        // (0, 0) is no direction: the eight others, numbered 0 to 7.
        let d = if d > 4 { d - 1 } else { d };
        let front = usize::from(action.front.rank) * 14 + usize::from(action.front.file);
        Some(((front * 8 + d) * 14 + distance - 1) * 14 + count - 1)
    }
}
