//! Actions (CH-9, `spec/chess/protocol.md`): a move in UCI long notation
//! (`e2e4`, `e7e8q`, castling as the king's two-square move `e1g1`), or a
//! draw claim by the side to move, about the position now
//! (`claim-threefold`, `claim-fifty`) or about the position the named move
//! would make (`claim-threefold:g1f3`, FIDE 9.2.1.1 and 9.3.1.1).

use schemars::JsonSchema;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::board::{Kind, Square};

/// A move as UCI writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct UciMove {
    /// Where the piece stands.
    pub from: Square,
    /// Where it goes (for castling, the king's square after the move).
    pub to: Square,
    /// The piece a pawn becomes on the last rank.
    pub promotion: Option<Kind>,
}

impl fmt::Display for UciMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(k) = self.promotion {
            write!(f, "{}", k.letter())?;
        }
        Ok(())
    }
}

impl FromStr for UciMove {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || {
            format!(
                "`{s}` is not a move: expected UCI long notation like e2e4, or e7e8q with the promotion piece"
            )
        };
        if !s.is_ascii() || !(4..=5).contains(&s.len()) {
            return Err(bad());
        }
        let from: Square = s[0..2].parse().map_err(|_| bad())?;
        let to: Square = s[2..4].parse().map_err(|_| bad())?;
        let promotion = match s[4..].chars().next() {
            None => None,
            Some(c) if c.is_ascii_lowercase() => Some(Kind::from_letter(c).ok_or_else(bad)?),
            Some(_) => return Err(bad()),
        };
        Ok(UciMove {
            from,
            to,
            promotion,
        })
    }
}

/// Which draw a claim is about.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum ClaimKind {
    /// Threefold repetition (CH-6.4, FIDE 9.2).
    Threefold,
    /// Fifty moves without a pawn move or capture (CH-8.2, FIDE 9.3).
    Fifty,
}

impl ClaimKind {
    /// `threefold` or `fifty`.
    pub const fn name(self) -> &'static str {
        match self {
            ClaimKind::Threefold => "threefold",
            ClaimKind::Fifty => "fifty",
        }
    }
}

impl fmt::Display for ClaimKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One ply: a move, or a draw claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// A move.
    Move(UciMove),
    /// A claim about the current position (`None`) or the position the move
    /// would make.
    Claim(ClaimKind, Option<UciMove>),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Move(m) => write!(f, "{m}"),
            Action::Claim(k, None) => write!(f, "claim-{k}"),
            Action::Claim(k, Some(m)) => write!(f, "claim-{k}:{m}"),
        }
    }
}

impl FromStr for Action {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let Some(rest) = s.strip_prefix("claim-") else {
            return s.parse().map(Action::Move);
        };
        let (kind, mv) = match rest.split_once(':') {
            Some((k, m)) => (k, Some(m.parse::<UciMove>()?)),
            None => (rest, None),
        };
        let kind = match kind {
            "threefold" => ClaimKind::Threefold,
            "fifty" => ClaimKind::Fifty,
            _ => {
                return Err(format!(
                    "`{s}` is not a claim: expected claim-threefold or claim-fifty, optionally with `:` and the intended move"
                ));
            }
        };
        Ok(Action::Claim(kind, mv))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_round_trip() {
        for s in [
            "e2e4",
            "e7e8q",
            "e1g1",
            "claim-threefold",
            "claim-fifty:g1f3",
            "claim-threefold:a7a8n",
        ] {
            assert_eq!(s.parse::<Action>().unwrap().to_string(), s);
        }
        for s in [
            "e2e",
            "e2e4Q",
            "e9e4",
            "claim-draw",
            "claim-fifty:",
            "e7e8x",
            "é2e4",
        ] {
            assert!(s.parse::<Action>().is_err(), "{s}");
        }
    }
}
