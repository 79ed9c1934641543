//! The setup of a backgammon game: the checkers, the cube, whose turn it
//! is and what comes next (BG-1, BG-2), as both implementations start from
//! it.

use super::board::{Player, Position, Roll};
use super::game::Cube;

/// A starting position with everything around it (BG-1, BG-2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The checkers.
    pub position: Position,
    /// The cube.
    pub cube: Cube,
    /// The player whose turn it is (after the opening roll: its winner).
    pub to_move: Player,
    /// A roll already made, for `to_move` to play.
    pub dice: Option<Roll>,
    /// Whether the game starts with the opening roll (BG-2.3).
    pub opening: bool,
    /// Whether the player on turn has chosen to roll: the dice roll next.
    pub roll_next: bool,
}

impl Setup {
    /// The usual start: standard position, opening roll to come.
    pub fn standard() -> Self {
        Setup {
            position: Position::standard(),
            cube: Cube::CENTRED,
            to_move: Player::White,
            dice: None,
            opening: true,
            roll_next: false,
        }
    }
}
