//! Move notation: `B2-B3`, or `B2xB3` for an attack (RP-3.6), and a move
//! as one index of Stratego's integer action space ([`ActionSpace`]).

use std::fmt;
use std::str::FromStr;

use crate::rules::ActionSpace;

use super::game::Stratego;
use super::square::{Square, SquareParseError};

/// A move from one square to another. Attacks are written the same way: the
/// board, not the notation, decides whether a move attacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Where the moving piece stands.
    pub from: Square,
    /// Where it goes (or whom it attacks).
    pub to: Square,
}

impl Move {
    /// A move between two squares.
    pub const fn new(from: Square, to: Square) -> Self {
        Move { from, to }
    }

    /// The same step played backwards.
    pub fn reversed(self) -> Move {
        Move::new(self.to, self.from)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

/// Why a move could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveParseError {
    /// No `-` or `x` between two squares.
    #[error("`{0}` is not a move: expected two squares joined by `-` or `x`, like `B2-B3`")]
    Shape(String),
    /// One side is not a square.
    #[error("in move `{text}`: {source}")]
    Square {
        /// The whole move text.
        text: String,
        /// The bad square.
        source: SquareParseError,
    },
}

impl FromStr for Move {
    type Err = MoveParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let (a, b) = t
            .split_once('-')
            .or_else(|| t.split_once('x'))
            .ok_or_else(|| MoveParseError::Shape(s.to_string()))?;
        let sq = |part: &str| {
            part.trim()
                .parse::<Square>()
                .map_err(|source| MoveParseError::Square {
                    text: s.to_string(),
                    source,
                })
        };
        Ok(Move::new(sq(a)?, sq(b)?))
    }
}

impl ActionSpace for Stratego {
    /// `from × 100 + to`, squares numbered `rank × 10 + file`: boards up
    /// to 10 × 10 (the standard board); a square beyond has no index.
    const ACTION_COUNT: usize = 100 * 100;

    fn action_index(action: &Move) -> Option<usize> {
        let sq = |s: Square| {
            (s.file < 10 && s.rank < 10).then(|| usize::from(s.rank) * 10 + usize::from(s.file))
        };
        Some(sq(action.from)? * 100 + sq(action.to)?)
    }

    fn action_at(index: usize) -> Option<Move> {
        let sq = |i: usize| Square {
            file: (i % 10) as u8,
            rank: (i / 10) as u8,
        };
        (index < Self::ACTION_COUNT).then(|| Move {
            from: sq(index / 100),
            to: sq(index % 100),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_dash_and_x() {
        let m: Move = "B2-B3".parse().unwrap();
        assert_eq!(m.to_string(), "B2-B3");
        assert_eq!("B2xB3".parse::<Move>().unwrap(), m);
        assert!("B2B3".parse::<Move>().is_err());
        assert!("B2-Z0".parse::<Move>().is_err());
    }
}
