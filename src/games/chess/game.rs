//! Chess's own types: the [`Chess`] type, outcomes, and the note the rules
//! make about an action. The generic core's traits are implemented where
//! their code lives: [`Basics`](crate::rules::Basics) in `rules.rs`,
//! `Wire` in `wire.rs`, `ScenarioParts` in `scenario.rs`, `Presentation`
//! in `explain.rs`, `ActionSpace` in `action_space.rs`, `Workloads` in
//! `workload.rs`.

use super::action::{Action, ClaimKind};
use super::board::Color;

crate::outcomes! {
    sides: Color { White => WhiteWins, Black => BlackWins },
    /// Why a game was won.
    pub enum WinReason {
        /// CH-3.3: the loser's king is in check and no legal move meets it.
        Checkmate => "CH-3.3",
        /// CH-4 under `stalemate: win-for-stalemating`: the loser is stalemated.
        Stalemate => "CH-4.2",
    }
    /// Why a game was drawn.
    pub enum DrawReason {
        /// CH-4: the side to move has no legal move and is not in check.
        Stalemate => "CH-4.1",
        /// CH-5: neither side can mate with the material left.
        InsufficientMaterial => "CH-5.1",
        /// CH-6.4: a position stood for the third time (automatic, or claimed).
        ThreefoldRepetition => "CH-6.4",
        /// CH-6.5: a position stood for the fifth time.
        FivefoldRepetition => "CH-6.5",
        /// CH-8.2: fifty moves each without a pawn move or capture (claimed, or
        /// automatic after 100 plies).
        FiftyMoves => "CH-8.2",
        /// CH-8.3: seventy-five moves each without a pawn move or capture.
        SeventyFiveMoves => "CH-8.3",
        /// CH-7 under a `perpetual-checks` count: one side gave that many
        /// checks in a row.
        PerpetualCheck => "AM-7",
    }
    /// How the game stands.
    pub enum Outcome;
}

impl Outcome {
    /// Whether the game ended in checkmate.
    pub fn is_checkmate(self) -> bool {
        matches!(
            self,
            Outcome::WhiteWins(WinReason::Checkmate) | Outcome::BlackWins(WinReason::Checkmate)
        )
    }
}

/// What the rules note about one action, facts about the position after it
/// included (the generic core reads state fields from here).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// The action.
    pub action: Action,
    /// Who took it.
    pub side: Color,
    /// Whether the move captured (en passant included); `false` for a claim.
    pub capture: bool,
    /// Whether the side to move afterwards is in check.
    pub check: bool,
    /// The half-move clock afterwards (CH-8.1).
    pub halfmove_clock: u32,
    /// How many times the position afterwards has stood since the setup,
    /// this time included, under the profile's idea of a position (CH-6).
    pub repetitions: u32,
    /// Which claims the side to move afterwards could make about the
    /// position as it stands (CH-9), sorted; empty once the game is over.
    pub claimable: Vec<ClaimKind>,
    /// The game afterwards.
    pub outcome: Outcome,
}

/// The game of chess (`game: chess`), with the end-of-game rules of seed
/// 004 and the FIDE Laws.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Chess;
