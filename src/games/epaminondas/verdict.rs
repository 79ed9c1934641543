//! Rule codes: the stable names of the rules a move can break, each with
//! the clause of `spec/epaminondas/rules.md` that decides it. When several
//! are broken, the first in [`RuleCode::ALL`] order is named (EP-7.1).

use super::game::Epaminondas;
use super::moves::Move;

crate::rule_codes! {
    /// Stable code of the rule a move breaks. Never rename one.
    pub enum RuleCode {
        /// EP-5.4: the game is over.
        GameOver = "play.game-over" @ "EP-5.4",
        /// EP-1.1: a square of the move is not on this board.
        OffBoard = "play.off-board" @ "EP-1.1",
        /// EP-2.2: no stone on the front square.
        NoStone = "play.no-stone" @ "EP-2.2",
        /// EP-2.2: the front stone is the opponent's.
        OpponentStone = "play.opponent-stone" @ "EP-2.2",
        /// EP-3.2: the landing square is not on an orthogonal or diagonal line
        /// from the front stone.
        NotALine = "play.not-a-line" @ "EP-3.2",
        /// EP-3.3: the count does not match own stones in an unbroken line
        /// behind the front stone (or, without splitting, the whole line).
        Count = "phalanx.count" @ "EP-3.3",
        /// EP-3.2, EP-3.3: further than the moving stones may go.
        TooFar = "phalanx.too-far" @ "EP-3.2",
        /// EP-3.4: onto or over an own stone.
        OwnStone = "phalanx.own-stone" @ "EP-3.4",
        /// EP-4.1: on past the first enemy stone.
        Blocked = "phalanx.blocked" @ "EP-4.1",
        /// EP-4.2: the enemy line is not shorter than the moving phalanx.
        TooWeak = "capture.too-weak" @ "EP-4.2",
        /// EP-6.2: the move would leave the forbidden symmetry.
        Symmetry = "symmetry" @ "EP-6.2",
    }
}

impl RuleCode {
    /// The generic verdict for `mv`, with a sentence for people.
    pub fn illegal(self, mv: Move, explanation: String) -> crate::rules::Illegal<Epaminondas> {
        crate::rules::Illegal {
            action: mv,
            rule: self,
            clause: self.clause().to_string(),
            explanation,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serde_spelling_is_as_str() {
        for c in RuleCode::ALL {
            assert_eq!(serde_json::to_value(c).unwrap(), c.as_str());
        }
    }
}

/// The sentences of illegal verdicts, one per rule, filled in with the facts
/// each implementation finds on its own. Wording only: no rule is decided
/// here, so the reference and the engine can share it and still give the
/// same messages (the kill matrix compares them).
pub mod say {
    use crate::games::epaminondas::board::{Dir, Side, Size, Square};
    use crate::games::epaminondas::profile::SymmetryMap;

    /// `play.off-board`.
    pub fn off_board(sq: Square, size: Size) -> String {
        format!("{sq} is not on the {size} board")
    }

    /// `play.no-stone`.
    pub fn no_stone(sq: Square) -> String {
        format!("there is no stone on {sq}")
    }

    /// `play.opponent-stone`.
    pub fn opponent_stone(sq: Square, owner: Side, to_move: Side) -> String {
        format!("the stone on {sq} is {owner}'s, and {to_move} is to move")
    }

    /// `play.not-a-line`.
    pub fn not_a_line(front: Square, to: Square) -> String {
        format!("{to} is not on an orthogonal or diagonal line from {front}")
    }

    /// `phalanx.count` when the line is shorter than the count.
    pub fn count_short(count: u8, line: u8, side: Side, front: Square, dir: Dir) -> String {
        format!(
            "{count} stones are to move, but only {line} of {side}'s stones stand in an unbroken line behind {front} (going {})",
            dir.name()
        )
    }

    /// `phalanx.count` when splitting is not allowed.
    pub fn count_split(count: u8, line: u8, front: Square, dir: Dir) -> String {
        format!(
            "the line behind {front} (going {}) has {line} stones and may not be split, but the move names {count}",
            dir.name()
        )
    }

    /// `phalanx.too-far`.
    pub fn too_far(distance: u8, range: u8) -> String {
        format!(
            "{distance} squares is further than {range} stone{} may move",
            if range == 1 { "" } else { "s" }
        )
    }

    /// `phalanx.own-stone`.
    pub fn own_stone(side: Side, at: Square) -> String {
        format!("{side}'s own stone on {at} is in the way")
    }

    /// `phalanx.blocked`.
    pub fn blocked(at: Square) -> String {
        format!("the front stone reaches the enemy stone on {at} and must stop there")
    }

    /// `capture.too-weak`.
    pub fn too_weak(enemy: usize, contact: Square, strength: usize) -> String {
        format!(
            "{enemy} enemy stone{} in line from {contact} against {strength} moving: the moving phalanx must be larger",
            if enemy == 1 { "" } else { "s" }
        )
    }

    /// `symmetry`.
    pub fn symmetry(map: SymmetryMap) -> String {
        format!(
            "the position after the move would be symmetric ({})",
            match map {
                SymmetryMap::Mirror => "left-right mirror, same colours",
                SymmetryMap::RotateSwap => "180° turn, colours swapped",
                SymmetryMap::MidlineSwap => "mirror across the middle line, colours swapped",
                SymmetryMap::None => "no symmetry rule",
            }
        )
    }

    /// `play.game-over`.
    pub fn game_over(outcome: impl std::fmt::Display) -> String {
        format!("the game is over ({outcome})")
    }
}
