//! Dame's own types: the [`Dame`] type, the note the rules make about an
//! action, and the outcome. The generic core's traits are implemented
//! where their code lives: [`Basics`](crate::rules::Basics) in `rules.rs`,
//! `Wire` in `wire.rs`, `ScenarioParts` in `scenario.rs`, `Presentation`
//! in `explain.rs`, `ActionSpace` in `action_space.rs`, `Workloads` in
//! `workload.rs`.

use super::board::{Kind, Side, Square};
use super::moves::Action;

crate::outcomes! {
    sides: Side { White => WhiteWins, Black => BlackWins },
    /// Why a game was won (DA-5).
    pub enum WinReason {
        /// DA-5.1: the loser has no stone left.
        AllCaptured => "DA-5.1",
        /// DA-5.2: the loser is to move and cannot (blocked in).
        NoLegalMove => "DA-5.2",
    }
    /// Why a game was drawn (AD-11; no draw in the seed).
    pub enum DrawReason {
        /// The profile's count of plies without progress ran out.
        NoProgress => "AD-11",
    }
    /// The state of the game.
    pub enum Outcome;
}

/// What the rules observe about one played action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// The action as written.
    pub action: String,
    /// Who played it.
    pub side: Side,
    /// The moving stone's kind before the move (`None` for a huff).
    pub kind: Option<Kind>,
    /// The squares of the stones captured, in the order jumped.
    pub captures: Vec<Square>,
    /// Whether the moving man became a Dame (DA-4.1).
    pub crowned: bool,
    /// For a huff, the square of the stone removed (DA-6).
    pub huffed: Option<Square>,
    /// After the action: the squares of the stones the side now to act may
    /// huff (empty unless the action overlooked a capture, DA-6.1).
    pub huffable: Vec<Square>,
    /// The state of the game after the action.
    pub outcome: Outcome,
}

impl Note {
    /// The note of `action` by `side` before anything is observed: each
    /// implementation fills in what its own rules saw.
    pub fn blank(action: &Action, side: Side) -> Note {
        Note::spelled(action.to_string(), side)
    }

    /// [`Note::blank`] for an action already spelled (the engine spells a
    /// listed move from its record, without building the [`Action`]).
    pub fn spelled(action: String, side: Side) -> Note {
        Note {
            action,
            side,
            kind: None,
            captures: Vec::new(),
            crowned: false,
            huffed: None,
            huffable: Vec::new(),
            outcome: Outcome::Ongoing,
        }
    }
}

/// The game Dame (`game: dame`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Dame;
