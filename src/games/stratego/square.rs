//! Squares and their names (`A1` … `J10`).
//!
//! A square is geometry-free (file and rank from 0); whether it lies on a
//! given board is a question for [`Geometry`](super::geometry::Geometry), so
//! an 8×8 variant can reuse the type unchanged.

use std::fmt;
use std::str::FromStr;

/// A square by file (0 = `A`) and rank (0 = rank `1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    /// 0-based file: 0 is `A`.
    pub file: u8,
    /// 0-based rank: 0 is rank `1`.
    pub rank: u8,
}

impl Square {
    /// The square at `file`, `rank` (both 0-based).
    pub const fn new(file: u8, rank: u8) -> Self {
        Square { file, rank }
    }

    /// Manhattan distance; 1 for orthogonal neighbours.
    pub fn distance(self, other: Square) -> u32 {
        self.file.abs_diff(other.file) as u32 + self.rank.abs_diff(other.rank) as u32
    }

    /// Whether `other` is one orthogonal step away (RP-3.1).
    pub fn is_adjacent(self, other: Square) -> bool {
        self.distance(other) == 1
    }

    /// The squares strictly between `self` and `to` on a straight line, in
    /// travel order; `None` when the two do not share a file or a rank.
    pub fn between(self, to: Square) -> Option<Vec<Square>> {
        if self == to {
            return None;
        }
        if self.file == to.file {
            let step: i16 = if to.rank > self.rank { 1 } else { -1 };
            let mut out = Vec::new();
            let mut r = self.rank as i16 + step;
            while r != to.rank as i16 {
                out.push(Square::new(self.file, r as u8));
                r += step;
            }
            Some(out)
        } else if self.rank == to.rank {
            let step: i16 = if to.file > self.file { 1 } else { -1 };
            let mut out = Vec::new();
            let mut f = self.file as i16 + step;
            while f != to.file as i16 {
                out.push(Square::new(f as u8, self.rank));
                f += step;
            }
            Some(out)
        } else {
            None
        }
    }

    /// The path of a straight move: `self`, every square stepped over, `to`.
    pub fn line_to(self, to: Square) -> Option<Vec<Square>> {
        let mut path = vec![self];
        path.extend(self.between(to)?);
        path.push(to);
        Some(path)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'A' + self.file) as char, self.rank as u32 + 1)
    }
}

/// Why a square name could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{text}` is not a square name: expected a file letter A–Z then a rank number from 1, like `B3`"
)]
pub struct SquareParseError {
    /// The text that was given.
    pub text: String,
}

impl FromStr for Square {
    type Err = SquareParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || SquareParseError {
            text: s.to_string(),
        };
        let mut chars = s.chars();
        let file = chars.next().ok_or_else(err)?;
        if !file.is_ascii_uppercase() {
            return Err(err());
        }
        let rest = chars.as_str();
        if rest.is_empty() || !rest.bytes().all(|b| b.is_ascii_digit()) || rest.starts_with('0') {
            return Err(err());
        }
        let rank: u32 = rest.parse().map_err(|_| err())?;
        if rank == 0 || rank > 26 {
            return Err(err());
        }
        Ok(Square::new(file as u8 - b'A', (rank - 1) as u8))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case("A1", 0, 0)]
    #[case("B3", 1, 2)]
    #[case("J10", 9, 9)]
    fn parses_names(#[case] text: &str, #[case] file: u8, #[case] rank: u8) {
        let sq: Square = text.parse().unwrap();
        assert_eq!(sq, Square::new(file, rank));
        assert_eq!(sq.to_string(), text);
    }

    #[rstest]
    #[case("")]
    #[case("a1")]
    #[case("A")]
    #[case("A0")]
    #[case("A01")]
    #[case("1A")]
    #[case("A1x")]
    fn rejects_bad_names(#[case] text: &str) {
        assert!(text.parse::<Square>().is_err());
    }

    #[test]
    fn between_walks_in_travel_order() {
        let e3: Square = "E3".parse().unwrap();
        let a3: Square = "A3".parse().unwrap();
        let names: Vec<String> = e3
            .between(a3)
            .unwrap()
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(names, ["D3", "C3", "B3"]);
        assert!(e3.between("D4".parse().unwrap()).is_none());
    }
}
