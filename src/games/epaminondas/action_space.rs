//! Epaminondas's integer action space: every phalanx move numbered by its
//! front square, direction, distance and count (the Python package and
//! `AnyGame` choose actions by these numbers).

use crate::rules::ActionSpace;

use super::board::Square;
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

    fn action_at(index: usize) -> Option<Move> {
        if index >= Self::ACTION_COUNT {
            return None;
        }
        let count = index % 14 + 1;
        let distance = (index / 14) % 14 + 1;
        let d = (index / 14 / 14) % 8;
        let front = index / 14 / 14 / 8;
        // Back from the eight directions to the 3 × 3 grid, (0, 0) skipped.
        let d = if d >= 4 { d + 1 } else { d } as i64;
        let (df, dr) = (d / 3 - 1, d % 3 - 1);
        let (file, rank) = ((front % 14) as i64, (front / 14) as i64);
        let to = (file + df * distance as i64, rank + dr * distance as i64);
        if !(0..14).contains(&to.0) || !(0..14).contains(&to.1) {
            return None;
        }
        Some(Move {
            front: Square {
                file: file as u8,
                rank: rank as u8,
            },
            to: Square {
                file: to.0 as u8,
                rank: to.1 as u8,
            },
            count: count as u8,
        })
    }
}
