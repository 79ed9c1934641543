//! Rule codes: the stable names of the rules a move can break, each with
//! the clause of `spec/epaminondas/rules.md` that decides it. When several
//! are broken, the first in [`RuleCode::ALL`] order is named (EP-7.1).

use std::fmt;

use serde::{Deserialize, Serialize};

use super::game::Epaminondas;
use super::moves::Move;

/// Stable code of the rule a move breaks. Never rename one.
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
    /// EP-5.4: the game is over.
    #[serde(rename = "play.game-over")]
    GameOver,
    /// EP-1.1: a square of the move is not on this board.
    #[serde(rename = "play.off-board")]
    OffBoard,
    /// EP-2.2: no stone on the front square.
    #[serde(rename = "play.no-stone")]
    NoStone,
    /// EP-2.2: the front stone is the opponent's.
    #[serde(rename = "play.opponent-stone")]
    OpponentStone,
    /// EP-3.2: the landing square is not on an orthogonal or diagonal line
    /// from the front stone.
    #[serde(rename = "play.not-a-line")]
    NotALine,
    /// EP-3.3: the count does not match own stones in an unbroken line
    /// behind the front stone (or, without splitting, the whole line).
    #[serde(rename = "phalanx.count")]
    Count,
    /// EP-3.2, EP-3.3: further than the moving stones may go.
    #[serde(rename = "phalanx.too-far")]
    TooFar,
    /// EP-3.4: onto or over an own stone.
    #[serde(rename = "phalanx.own-stone")]
    OwnStone,
    /// EP-4.1: on past the first enemy stone.
    #[serde(rename = "phalanx.blocked")]
    Blocked,
    /// EP-4.2: the enemy line is not shorter than the moving phalanx.
    #[serde(rename = "capture.too-weak")]
    TooWeak,
    /// EP-6.2: the move would leave the forbidden symmetry.
    #[serde(rename = "symmetry")]
    Symmetry,
}

impl RuleCode {
    /// Every code, in the order they are checked.
    pub const ALL: [RuleCode; 11] = [
        RuleCode::GameOver,
        RuleCode::OffBoard,
        RuleCode::NoStone,
        RuleCode::OpponentStone,
        RuleCode::NotALine,
        RuleCode::Count,
        RuleCode::TooFar,
        RuleCode::OwnStone,
        RuleCode::Blocked,
        RuleCode::TooWeak,
        RuleCode::Symmetry,
    ];

    /// The code as written in scenarios and on the wire.
    pub fn as_str(self) -> &'static str {
        match self {
            RuleCode::GameOver => "play.game-over",
            RuleCode::OffBoard => "play.off-board",
            RuleCode::NoStone => "play.no-stone",
            RuleCode::OpponentStone => "play.opponent-stone",
            RuleCode::NotALine => "play.not-a-line",
            RuleCode::Count => "phalanx.count",
            RuleCode::TooFar => "phalanx.too-far",
            RuleCode::OwnStone => "phalanx.own-stone",
            RuleCode::Blocked => "phalanx.blocked",
            RuleCode::TooWeak => "capture.too-weak",
            RuleCode::Symmetry => "symmetry",
        }
    }

    /// The clause that decides it.
    pub fn clause(self) -> &'static str {
        match self {
            RuleCode::GameOver => "EP-5.4",
            RuleCode::OffBoard => "EP-1.1",
            RuleCode::NoStone | RuleCode::OpponentStone => "EP-2.2",
            RuleCode::NotALine => "EP-3.2",
            RuleCode::Count => "EP-3.3",
            RuleCode::TooFar => "EP-3.2",
            RuleCode::OwnStone => "EP-3.4",
            RuleCode::Blocked => "EP-4.1",
            RuleCode::TooWeak => "EP-4.2",
            RuleCode::Symmetry => "EP-6.2",
        }
    }

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

impl fmt::Display for RuleCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
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
