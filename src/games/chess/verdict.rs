//! Rule codes: the stable names of the rules an action can break
//! (`spec/chess/protocol.md`). A verdict names the first one broken, in the
//! order of this list (CH-2.8).

use std::fmt;

use serde::{Deserialize, Serialize};

/// The rule an action breaks. Never rename one.
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
    /// CH-10.3: the game is over.
    #[serde(rename = "play.game-over")]
    GameOver,
    /// CH-2.1: no piece stands on the starting square.
    #[serde(rename = "play.no-piece")]
    NoPiece,
    /// CH-2.1: the piece belongs to the opponent.
    #[serde(rename = "play.opponent-piece")]
    OpponentPiece,
    /// CH-2.1: a piece of the mover stands on the target square.
    #[serde(rename = "play.own-piece")]
    OwnPiece,
    /// CH-2.6: a castling move whose conditions are not met.
    #[serde(rename = "play.castling")]
    Castling,
    /// CH-2.2 to CH-2.5: the piece does not move that way.
    #[serde(rename = "play.not-a-move")]
    NotAMove,
    /// CH-2.2, CH-2.4: a piece stands in the way.
    #[serde(rename = "play.blocked")]
    Blocked,
    /// CH-2.5: a promotion letter missing, not allowed, or on a move that
    /// promotes nothing.
    #[serde(rename = "play.promotion")]
    Promotion,
    /// CH-2.7: the move leaves the mover's king attacked.
    #[serde(rename = "play.in-check")]
    InCheck,
    /// CH-9: the claim is not valid here (or the profile has no such claim).
    #[serde(rename = "claim.not-available")]
    ClaimNotAvailable,
}

impl RuleCode {
    /// Every code, in the order a verdict looks for them.
    pub const ALL: [RuleCode; 10] = [
        RuleCode::GameOver,
        RuleCode::NoPiece,
        RuleCode::OpponentPiece,
        RuleCode::OwnPiece,
        RuleCode::Castling,
        RuleCode::NotAMove,
        RuleCode::Blocked,
        RuleCode::Promotion,
        RuleCode::InCheck,
        RuleCode::ClaimNotAvailable,
    ];

    /// The code as written in scenarios and on the wire.
    pub const fn as_str(self) -> &'static str {
        match self {
            RuleCode::GameOver => "play.game-over",
            RuleCode::NoPiece => "play.no-piece",
            RuleCode::OpponentPiece => "play.opponent-piece",
            RuleCode::OwnPiece => "play.own-piece",
            RuleCode::Castling => "play.castling",
            RuleCode::NotAMove => "play.not-a-move",
            RuleCode::Blocked => "play.blocked",
            RuleCode::Promotion => "play.promotion",
            RuleCode::InCheck => "play.in-check",
            RuleCode::ClaimNotAvailable => "claim.not-available",
        }
    }
}

impl fmt::Display for RuleCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
