//! Why a draw claim is refused (CH-9), as a value: the game decides
//! whether a claim is valid without writing a word, and the words are
//! written only for a refusal actually returned (`judge`, `play`).

use crate::games::chess::action::ClaimKind;
use crate::games::chess::profile::Profile;
use crate::games::chess::verdict::RuleCode;

/// What bars a claim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum ClaimBar {
    /// The profile has an automatic rule (`"an automatic"`) or none
    /// (`"no"`) for this draw.
    NoClaimRule(&'static str),
    /// The profile takes no claim with an intended move.
    NoIntendedMove,
    /// The intended move is refused, with the move's own rule and words.
    Move(RuleCode, String),
    /// The position has not stood often enough (CH-6.4); `after`: the
    /// position after the intended move.
    Stood { count: u32, after: bool },
    /// The half-move clock is short of 100 (CH-8.2).
    Clock { clock: u32, after: bool },
    /// The intended move would mate or stalemate (CH-9.4).
    Ends(&'static str),
}

impl ClaimBar {
    /// The rule code and the explanation of the refusal.
    pub(super) fn explain(self, kind: ClaimKind, p: &Profile) -> (RuleCode, String) {
        let no = RuleCode::ClaimNotAvailable;
        let when = |after: bool| {
            if after {
                "after the intended move"
            } else {
                "now"
            }
        };
        match self {
            ClaimBar::NoClaimRule(how) => (
                no,
                format!(
                    "profile {} has {how} {kind} rule, so nothing is claimed",
                    p.name
                ),
            ),
            ClaimBar::NoIntendedMove => (
                no,
                format!("profile {} takes no claim with an intended move", p.name),
            ),
            ClaimBar::Move(code, why) => (code, why),
            ClaimBar::Stood { count, after } => (
                no,
                format!(
                    "the position {} has stood {count} time(s), not {} (CH-6.4)",
                    when(after),
                    p.occurrences
                ),
            ),
            ClaimBar::Clock { clock, after } => (
                no,
                format!(
                    "the half-move clock {} is {clock}, not 100 (CH-8.2)",
                    when(after)
                ),
            ),
            ClaimBar::Ends(end) => (
                no,
                format!(
                    "the intended move would end the game by {end}, which no claim overrides (CH-9.4)"
                ),
            ),
        }
    }
}
