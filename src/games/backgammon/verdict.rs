//! Rule codes: the stable names of the rules an action can break, each
//! with the clause of `spec/backgammon/rules.md` that decides it.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Stable code of the rule an action breaks; never rename one.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
pub enum RuleCode {
    /// BG-2.6: the game is over.
    #[serde(rename = "play.game-over")]
    GameOver,
    /// BG-2.1: this kind of action is not what the game waits for now (a
    /// play while the dice are to roll, a take without an offer, …).
    #[serde(rename = "turn.wrong-action")]
    WrongAction,
    /// BG-2.3: equal dice at the opening are rolled again.
    #[serde(rename = "roll.tie")]
    OpeningTie,
    /// BG-3.1: the steps do not match the dice.
    #[serde(rename = "play.dice")]
    Dice,
    /// BG-3.1: no checker of the mover stands on a start point.
    #[serde(rename = "play.no-checker")]
    NoChecker,
    /// BG-4.2: a step ends on a point held by two or more opponents.
    #[serde(rename = "play.blocked")]
    Blocked,
    /// BG-5.2: a checker is on the bar and another one moved.
    #[serde(rename = "play.bar-first")]
    BarFirst,
    /// BG-6.1: bearing off while a checker is outside the home board.
    #[serde(rename = "play.bear-off-not-home")]
    BearOffNotHome,
    /// BG-6.4: a larger number bears off while a checker stands farther back.
    #[serde(rename = "play.bear-off-higher")]
    BearOffHigher,
    /// BG-3.5: more dice could be played (or a pass while a checker can move).
    #[serde(rename = "play.not-maximal")]
    NotMaximal,
    /// BG-3.6: only one die can be played and it must be the larger.
    #[serde(rename = "play.larger-die")]
    LargerDie,
    /// BG-8.1: the profile has no cube.
    #[serde(rename = "cube.disabled")]
    CubeDisabled,
    /// BG-8.2: the opponent owns the cube.
    #[serde(rename = "cube.not-yours")]
    CubeNotYours,
    /// BG-8.3: the cube is at its cap.
    #[serde(rename = "cube.at-cap")]
    CubeAtCap,
    /// BG-9.6: the profile has no resign action.
    #[serde(rename = "resign.disabled")]
    ResignDisabled,
}

impl RuleCode {
    /// The code as written in scenarios and on the wire.
    pub fn as_str(self) -> &'static str {
        match self {
            RuleCode::GameOver => "play.game-over",
            RuleCode::WrongAction => "turn.wrong-action",
            RuleCode::OpeningTie => "roll.tie",
            RuleCode::Dice => "play.dice",
            RuleCode::NoChecker => "play.no-checker",
            RuleCode::Blocked => "play.blocked",
            RuleCode::BarFirst => "play.bar-first",
            RuleCode::BearOffNotHome => "play.bear-off-not-home",
            RuleCode::BearOffHigher => "play.bear-off-higher",
            RuleCode::NotMaximal => "play.not-maximal",
            RuleCode::LargerDie => "play.larger-die",
            RuleCode::CubeDisabled => "cube.disabled",
            RuleCode::CubeNotYours => "cube.not-yours",
            RuleCode::CubeAtCap => "cube.at-cap",
            RuleCode::ResignDisabled => "resign.disabled",
        }
    }
}

impl fmt::Display for RuleCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
