//! Dame's rule codes: the stable names of the rules an action can break,
//! in the order the reference checks them (`spec/dame/protocol.md`).

use std::fmt;

use serde::{Deserialize, Serialize};

/// Stable code of the rule an action breaks. Never rename one.
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
    /// DA-5.3: the game is over.
    #[serde(rename = "play.game-over")]
    GameOver,
    /// DA-2.1: no stone stands on the starting square.
    #[serde(rename = "play.no-piece")]
    NoPiece,
    /// DA-2.1: the stone belongs to the opponent.
    #[serde(rename = "play.opponent-piece")]
    OpponentPiece,
    /// DA-2.1: the squares are not on one diagonal.
    #[serde(rename = "play.not-diagonal")]
    NotDiagonal,
    /// DA-2.1, AD-13: a man moving, or where forbidden capturing, backward.
    #[serde(rename = "play.backward")]
    Backward,
    /// DA-2.2: the target square is occupied.
    #[serde(rename = "play.occupied")]
    Occupied,
    /// DA-2.1, DA-3.1, DA-4.2: further than the stone may go.
    #[serde(rename = "play.too-far")]
    TooFar,
    /// DA-4.2: a Dame's step passes over a stone.
    #[serde(rename = "play.blocked")]
    Blocked,
    /// DA-3.1: a jump over no stone.
    #[serde(rename = "capture.nothing")]
    CaptureNothing,
    /// DA-3.3: a jump over an own stone.
    #[serde(rename = "capture.own-piece")]
    CaptureOwnPiece,
    /// DA-3.1: a jump over more than one stone.
    #[serde(rename = "capture.several")]
    CaptureSeveral,
    /// DA-3.4: a stone jumped a second time in one move.
    #[serde(rename = "capture.twice")]
    CaptureTwice,
    /// AD-7: a capture that goes on after the man was crowned, where
    /// crowning ends the move.
    #[serde(rename = "capture.after-crowning")]
    AfterCrowning,
    /// AD-1: a move without capture while a capture is compulsory.
    #[serde(rename = "capture.compulsory")]
    Compulsory,
    /// AD-1: a capture that stops while it could go on, where it must not.
    #[serde(rename = "capture.unfinished")]
    Unfinished,
    /// AD-8: a capture that takes fewer stones than another would.
    #[serde(rename = "capture.majority")]
    Majority,
    /// DA-6: no huff is open, or not on that square.
    #[serde(rename = "huff.not-available")]
    HuffNotAvailable,
}

impl RuleCode {
    /// The code as written in scenarios and on the wire.
    pub fn as_str(self) -> &'static str {
        match self {
            RuleCode::GameOver => "play.game-over",
            RuleCode::NoPiece => "play.no-piece",
            RuleCode::OpponentPiece => "play.opponent-piece",
            RuleCode::NotDiagonal => "play.not-diagonal",
            RuleCode::Backward => "play.backward",
            RuleCode::Occupied => "play.occupied",
            RuleCode::TooFar => "play.too-far",
            RuleCode::Blocked => "play.blocked",
            RuleCode::CaptureNothing => "capture.nothing",
            RuleCode::CaptureOwnPiece => "capture.own-piece",
            RuleCode::CaptureSeveral => "capture.several",
            RuleCode::CaptureTwice => "capture.twice",
            RuleCode::AfterCrowning => "capture.after-crowning",
            RuleCode::Compulsory => "capture.compulsory",
            RuleCode::Unfinished => "capture.unfinished",
            RuleCode::Majority => "capture.majority",
            RuleCode::HuffNotAvailable => "huff.not-available",
        }
    }

    /// The spec clause that decides the rule.
    pub fn clause(self) -> &'static str {
        match self {
            RuleCode::GameOver => "DA-5.3",
            RuleCode::NoPiece | RuleCode::OpponentPiece | RuleCode::NotDiagonal => "DA-2.1",
            RuleCode::Backward => "DA-2.1",
            RuleCode::Occupied => "DA-2.2",
            RuleCode::TooFar => "DA-2.1",
            RuleCode::Blocked => "DA-4.2",
            RuleCode::CaptureNothing | RuleCode::CaptureSeveral => "DA-3.1",
            RuleCode::CaptureOwnPiece => "DA-3.3",
            RuleCode::CaptureTwice => "DA-3.4",
            RuleCode::AfterCrowning => "AD-7",
            RuleCode::Compulsory | RuleCode::Unfinished => "AD-1",
            RuleCode::Majority => "AD-8",
            RuleCode::HuffNotAvailable => "DA-6.2",
        }
    }
}

impl fmt::Display for RuleCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
