//! The types of a backgammon game in progress: the [`Backgammon`] type
//! itself, the cube, the outcome, and the note the rules make about an
//! action. Its trait impls stand in the files that hold their code
//! (`rules.rs`, `wire.rs`, `scenario.rs`, `explain.rs`, `action_space.rs`,
//! `workload.rs`); this file imports nothing above the board, so every file
//! of the game can depend on it.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::board::{Action, Player, Position, Roll, Side};

/// The doubling cube: its value and who owns it (`None`: centred).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Cube {
    /// 1, 2, 4, … (1 before any double).
    pub value: u32,
    /// Who may double next; absent or `null` while the cube is centred.
    #[serde(default)]
    pub owner: Option<Player>,
}

impl Cube {
    /// The cube at the start of a game: centred at 1.
    pub const CENTRED: Cube = Cube {
        value: 1,
        owner: None,
    };

    /// The largest value a cube may show under any profile (BG-8.8): 2^30,
    /// the largest power of two whose backgammon (three times the cube)
    /// still fits the 32-bit `points` of a win.
    pub const LARGEST: u32 = 1 << 30;

    /// Whether a setup may start with this cube (BG-8.8): the value is a
    /// power of two from 1 to [`Cube::LARGEST`]. What the scenario loader
    /// and the protocol reader both refuse; the implementations check it
    /// again, each in its own words.
    pub fn check(&self) -> Result<(), String> {
        let v = self.value;
        if v == 0 || !v.is_power_of_two() || v > Cube::LARGEST {
            return Err(format!(
                "a cube shows a power of two from 1 to {} (1, 2, 4, …; BG-8.8), not {v}",
                Cube::LARGEST
            ));
        }
        Ok(())
    }
}

impl fmt::Display for Cube {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.owner {
            None => write!(f, "{} centred", self.value),
            Some(p) => write!(f, "{} {p}", self.value),
        }
    }
}

/// How a game was won (BG-7, BG-8.5, BG-9.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum WinBy {
    /// The loser had borne off at least one checker.
    Single,
    /// The loser had borne off none.
    Gammon,
    /// None borne off, and a checker on the bar or in the winner's home.
    Backgammon,
    /// The loser refused a double.
    Drop,
    /// The loser resigned.
    Resign,
}

/// A win: how, and the points, already multiplied by the cube.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Win {
    /// How.
    pub by: WinBy,
    /// Points: the game's value times the cube.
    pub points: u32,
}

/// Whether the game goes on; there are no draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// The game goes on.
    Ongoing,
    /// White has won.
    WhiteWins(Win),
    /// Black has won.
    BlackWins(Win),
}

impl Outcome {
    /// A win for `p`.
    pub fn win(p: Player, by: WinBy, points: u32) -> Self {
        let w = Win { by, points };
        match p {
            Player::White => Outcome::WhiteWins(w),
            Player::Black => Outcome::BlackWins(w),
        }
    }

    /// Whether the game has ended.
    pub fn is_over(self) -> bool {
        self != Outcome::Ongoing
    }

    /// The clause that ended the game; `None` while it goes on.
    pub fn clause(self) -> Option<&'static str> {
        match self {
            Outcome::Ongoing => None,
            Outcome::WhiteWins(w) | Outcome::BlackWins(w) => Some(match w.by {
                WinBy::Single | WinBy::Gammon => "BG-7.2",
                WinBy::Backgammon => "BG-7.3",
                WinBy::Drop => "BG-8.5",
                WinBy::Resign => "BG-9.1",
            }),
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = serde_json::to_string(self).unwrap_or_default();
        f.write_str(
            &s.replace(['"', '{', '}'], "")
                .replace(':', ": ")
                .replace(',', ", "),
        )
    }
}

/// What the rules noted about one action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// Who acted.
    pub side: Side,
    /// The action, in canonical spelling.
    pub action: Action,
    /// For a roll: the dice the player now plays (after an opening roll,
    /// both players' dice) and who plays them.
    pub roll: Option<(Roll, Player)>,
    /// For a roll: every legal play of it, canonical, sorted.
    pub plays: Option<Vec<Action>>,
    /// Points where the play hit a blot, in the mover's numbers.
    pub hits: Vec<u8>,
    /// Checkers the play brought in from the bar.
    pub entered: u8,
    /// Checkers the play bore off.
    pub borne_off: u8,
    /// Dice the play could not use (all of them for `pass`).
    pub unused: Vec<u8>,
    /// The cube after the action.
    pub cube: Cube,
    /// Pip counts after the action, white's first.
    pub pips: [u32; 2],
    /// Checkers on the bar after the action, white's first.
    pub bar: [u8; 2],
    /// Checkers borne off after the action, white's first.
    pub off: [u8; 2],
    /// The game after the action.
    pub outcome: Outcome,
    /// The checkers after the action (what `explain --html` draws; the
    /// differential tests compare it too).
    pub position: Position,
}

impl Note {
    /// The note of an action that moved no checker (or before the play's
    /// own observations are filled in): the state after it as the
    /// implementation computed it, the bar and borne-off counts read from
    /// `position`.
    pub fn quiet(
        side: Side,
        action: Action,
        position: Position,
        cube: Cube,
        pips: [u32; 2],
        outcome: Outcome,
    ) -> Note {
        Note {
            side,
            action,
            roll: None,
            plays: None,
            hits: Vec::new(),
            entered: 0,
            borne_off: 0,
            unused: Vec::new(),
            cube,
            pips,
            bar: position.bar,
            off: position.off,
            outcome,
            position,
        }
    }
}

/// The game backgammon (`game: backgammon`) with the doubling cube.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Backgammon;
