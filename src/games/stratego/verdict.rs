//! Verdicts: legal, or illegal with the rule, the clause and a reason a
//! person can read.

use std::fmt;

use serde::{Deserialize, Serialize};

crate::rule_codes! {
    /// Stable code of the rule a move breaks. Scenario files and third-party
    /// reports use these spellings; never rename one.
    pub enum RuleCode {
        /// RP-6.5: the game is already over (a flag was captured).
        GameOver = "play.game-over",
        /// RP-1.1: a square of the move is not on the board.
        OffBoard = "play.off-board",
        /// RP-3.1: there is no piece on the starting square.
        EmptySquare = "play.empty-square",
        /// RP-3.1: the piece belongs to the opponent.
        OpponentPiece = "play.opponent-piece",
        /// RP-3.4: bombs and flags never move.
        Immovable = "play.immovable",
        /// RP-3.2 / RP-3.3: not one orthogonal step (or, for a scout, not a straight line).
        NotAStep = "play.not-a-step",
        /// RP-3.5: the move enters or crosses a lake.
        Lake = "play.lake",
        /// RP-3.3: a scout's path is blocked by a piece.
        Blocked = "play.blocked",
        /// RP-3.5: the target holds one of the mover's own pieces.
        OwnPiece = "play.own-piece",
        /// TS: the two-squares rule (ISF article 10).
        TwoSquares = "two-squares",
        /// MS: the more-squares rule (ISF article 11).
        MoreSquares = "more-squares",
    }
}

/// Why a move is illegal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Illegal {
    /// Which rule forbids it.
    pub rule: RuleCode,
    /// The spec clause that decides it (e.g. `TS-4.1`).
    pub clause: String,
    /// A sentence for people: what is wrong with this move here.
    pub explanation: String,
}

impl Illegal {
    /// The generic form, which carries the rejected move.
    pub fn of(
        self,
        mv: crate::games::stratego::moves::Move,
    ) -> crate::rules::Illegal<super::game::Stratego> {
        crate::rules::Illegal {
            action: mv,
            rule: self.rule,
            clause: self.clause,
            explanation: self.explanation,
        }
    }

    /// Builds an illegality.
    pub fn new(rule: RuleCode, clause: &str, explanation: impl Into<String>) -> Self {
        Illegal {
            rule,
            clause: clause.to_string(),
            explanation: explanation.into(),
        }
    }
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "illegal ({}, {}): {}",
            self.rule, self.clause, self.explanation
        )
    }
}

/// The answer to "may the side to move play this move now?".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The move may be played.
    Legal,
    /// The move may not be played, and why.
    Illegal(Illegal),
}

impl Verdict {
    /// Whether the move may be played.
    pub fn is_legal(&self) -> bool {
        matches!(self, Verdict::Legal)
    }

    /// The rule broken, if any.
    pub fn rule(&self) -> Option<RuleCode> {
        match self {
            Verdict::Legal => None,
            Verdict::Illegal(i) => Some(i.rule),
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Legal => f.write_str("legal"),
            Verdict::Illegal(i) => i.fmt(f),
        }
    }
}
/// `1st`, `2nd`, … for verdict explanations. Wording, not rule logic: it
/// lives here so that both implementations' explanations read the same.
pub(crate) fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, r) if r != 11 => "st",
        (2, r) if r != 12 => "nd",
        (3, r) if r != 13 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}
