//! The types of an Epaminondas game: the [`Epaminondas`] type itself, the
//! outcome, the crossings, and the note the rules make about a played move.
//! Its trait impls stand in the files that hold their code (`rules.rs`,
//! `wire.rs`, `scenario.rs`, `explain.rs`, `action_space.rs`,
//! `workload.rs`); this file imports nothing above the board and the move,
//! so every file of the game can depend on it.

use serde::{Deserialize, Serialize};

use super::board::{Dir, Side, Square};
use super::moves::Move;

crate::outcomes! {
    sides: Side { White => WhiteWins, Black => BlackWins },
    /// Why a game was won (EP-5).
    pub enum WinReason {
        /// EP-5.2: more stones on the opponent's home row than the opponent has
        /// on the winner's, after the opponent's move.
        Crossing => "EP-5.2",
        /// EP-5.3: the loser had no legal move (or no stone) on their turn.
        NoLegalMove => "EP-5.3",
    }
    /// Why a game was drawn (only under `end.no-moves=draw`).
    pub enum DrawReason {
        /// The side to move had no legal move.
        NoLegalMove => "AE-5",
    }
    /// Whether the game goes on, and if not, how it ended.
    pub enum Outcome;
}

/// How many stones each side has on the opponent's home row (EP-5.1).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct Crossings {
    /// White stones on Black's home row.
    pub white: u32,
    /// Black stones on White's home row.
    pub black: u32,
}

impl Crossings {
    /// The count of `side`.
    pub fn of(self, side: Side) -> u32 {
        match side {
            Side::White => self.white,
            Side::Black => self.black,
        }
    }

    /// The side with more crossings, if any ("who is winning").
    pub fn leader(self) -> Option<Side> {
        match self.white.cmp(&self.black) {
            std::cmp::Ordering::Greater => Some(Side::White),
            std::cmp::Ordering::Less => Some(Side::Black),
            std::cmp::Ordering::Equal => None,
        }
    }
}

/// What the rules observe about one played move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// The move.
    pub mv: Move,
    /// Who played it.
    pub side: Side,
    /// The direction of travel.
    pub dir: Dir,
    /// How many stones moved (EP-3.3).
    pub count: u8,
    /// How many squares they moved.
    pub distance: u8,
    /// The enemy stones removed, from the contacted stone outwards (EP-4.3).
    pub captures: Vec<Square>,
    /// Whether a moving stone came onto the opponent's home row (EP-6.2).
    pub enters_home_row: bool,
    /// Crossings after the move (EP-5.1).
    pub crossings: Crossings,
    /// The game state after the move.
    pub outcome: Outcome,
}

/// The game Epaminondas (`game: epaminondas`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Epaminondas;
