//! Stratego's own types as a game of the generic core: the [`Stratego`]
//! type, the outcome of a game and the notes the rules make about a played
//! move. Nothing here knows an implementation or a use of these types: the
//! traits of [`crate::rules`] are implemented beside the code they describe
//! (`rules.rs`: names and implementations; `wire.rs`, `scenario.rs`,
//! `explain.rs`, `moves.rs`, `workload/`), and the reference interpreter and
//! the engine implement [`Implementation<Stratego>`](crate::rules::Implementation).

use serde::{Deserialize, Serialize};

use super::combat::CombatResult;
use super::piece::{Color, Rank};

crate::outcomes! {
    sides: Color { Red => RedWins, Blue => BlueWins },
    /// Why a game was won (RP-6).
    pub enum WinReason {
        /// RP-6.1: the loser's flag was captured.
        FlagCaptured => "RP-6.1",
        /// RP-6.2: the loser had no legal move on their turn.
        NoLegalMove => "RP-6.2",
    }
    /// Why a game was drawn (RP-6).
    pub enum DrawReason {
        /// RP-6.3: neither player has a piece that can move.
        NeitherCanMove => "RP-6.3",
    }
    /// The state of the game after a ply (or at the start).
    pub enum Outcome;
}

/// What the two-squares rule says about a played move (TS-3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TwoSquaresNote {
    /// Whether the move began a new sequence (`false`: it continued one).
    pub starts: bool,
    /// The count after the move: how many times non-stop the most-crossed
    /// boundary of this move has now been crossed.
    pub count: u32,
}

/// Which players are conducting a continuous chase (MS-4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Chasers {
    /// Nobody.
    None,
    /// Red chases blue.
    Red,
    /// Blue chases red.
    Blue,
    /// Both at once (MS-4.5).
    Both,
}

impl Chasers {
    /// From whether each player is chasing.
    pub fn from_flags(red: bool, blue: bool) -> Self {
        match (red, blue) {
            (false, false) => Chasers::None,
            (true, false) => Chasers::Red,
            (false, true) => Chasers::Blue,
            (true, true) => Chasers::Both,
        }
    }
}

impl std::fmt::Display for Chasers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Chasers::None => "none",
            Chasers::Red => "red",
            Chasers::Blue => "blue",
            Chasers::Both => "both",
        })
    }
}

/// What the more-squares rule says about a played move (MS-2 to MS-9).
/// Squares are those after the move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChaseNote {
    /// Who is conducting a continuous chase once the move is played (MS-4).
    pub chasers: Chasers,
    /// Squares of the opponent pieces the move threatens (MS-2).
    pub threatens: Vec<String>,
    /// Whether the move evades the opponent's last threat (MS-3).
    pub evades: bool,
    /// Whether the move is a threat made while the mover's chase is on, so
    /// that it keeps the chase going (MS-4.1).
    pub continues: bool,
    /// Whether the move is a chasing move under the profile's reading (MS-5).
    pub chasing_move: bool,
    /// Squares of the pieces that have evaded in a chase that is on after
    /// the move, the mover's and the opponent's (MS-4).
    pub evaded: Vec<String>,
    /// How many distinct squares the threats of the mover's current chase
    /// have found opponent pieces on, this move included (MS-9.1).
    pub squares: u32,
    /// The seed tables' mark "ununterbr. Verfolg. >2 Felder": the move keeps
    /// a chase going whose threats have covered more than two squares (MS-9.1).
    pub mark: bool,
    /// When the move is a chasing move that recreates an earlier position
    /// and is allowed only by the exception (MS-8): the ply after which that
    /// position first stood (0: the start).
    pub repeats: Option<usize>,
}

/// Everything observable about one played move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlyReport {
    /// The move.
    pub mv: String,
    /// Who played it.
    pub color: Color,
    /// The rank of the moving piece.
    pub rank: Rank,
    /// The rank of the attacked piece and the result, if the move attacked.
    pub combat: Option<(Rank, CombatResult)>,
    /// Two-squares bookkeeping (present when the rule is enabled).
    pub two_squares: Option<TwoSquaresNote>,
    /// More-squares bookkeeping (present when the rule is enabled).
    pub chase: Option<ChaseNote>,
    /// The game state after the move.
    pub outcome: Outcome,
}

/// The game Stratego (`game: stratego`), with the two-squares and
/// more-squares rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stratego;
