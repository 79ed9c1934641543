//! A starting position as both implementations take it: the board size,
//! each side's stones, who moves first (EP-1). `Setup::standard` is the
//! page's opening array: two full rows in front of each player (EP-1.4).

use std::fmt;

use super::board::{Board, Side, Size, Square};

/// A starting position, not yet checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The board.
    pub size: Size,
    /// White's stones.
    pub white: Vec<Square>,
    /// Black's stones.
    pub black: Vec<Square>,
    /// Who moves first.
    pub to_move: Side,
}

/// Why a setup cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// A stone is off the board (the side, the index in its list, the square).
    OffBoard(Side, usize, Square),
    /// A square holds two stones (the side and index of the second).
    Twice(Side, usize, Square),
}

impl SetupError {
    /// Which entry is at fault: the side and the index in its list.
    pub fn entry(&self) -> (Side, usize) {
        match *self {
            SetupError::OffBoard(s, i, _) | SetupError::Twice(s, i, _) => (s, i),
        }
    }
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::OffBoard(side, _, sq) => {
                write!(f, "{side} stone on {sq} is off the board (EP-1.1)")
            }
            SetupError::Twice(side, _, sq) => write!(
                f,
                "{side} stone on {sq}: the square already holds a stone (EP-1.6)"
            ),
        }
    }
}

impl std::error::Error for SetupError {}

impl Setup {
    /// Whose stone stands on `sq`, if any (the setup's own lists, read as
    /// they are: for pictures and notations, not for the rules' hot path).
    pub fn side_on(&self, sq: Square) -> Option<Side> {
        if self.white.contains(&sq) {
            Some(Side::White)
        } else if self.black.contains(&sq) {
            Some(Side::Black)
        } else {
            None
        }
    }

    /// The opening array on `size` (EP-1.4): White fills ranks 1 and 2,
    /// Black the last two ranks; White moves first (EP-1.5).
    pub fn standard(size: Size) -> Setup {
        let rows = |ranks: [u8; 2]| -> Vec<Square> {
            ranks
                .iter()
                .flat_map(|&r| (0..size.files()).map(move |f| Square::new(f, r)))
                .collect()
        };
        let top = size.ranks() - 1;
        Setup {
            size,
            white: rows([0, 1]),
            black: rows([top - 1, top]),
            to_move: Side::White,
        }
    }

    /// The board, or the first stone that breaks EP-1.1 or EP-1.6.
    pub fn validate(&self) -> Result<Board, SetupError> {
        let mut board = Board::empty(self.size);
        for (side, list) in [(Side::White, &self.white), (Side::Black, &self.black)] {
            for (i, &sq) in list.iter().enumerate() {
                if !self.size.contains(sq) {
                    return Err(SetupError::OffBoard(side, i, sq));
                }
                if board.get(sq).is_some() {
                    return Err(SetupError::Twice(side, i, sq));
                }
                board.set(sq, Some(side));
            }
        }
        Ok(board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_opening_arrays() {
        let s = Setup::standard(Size::Standard);
        assert_eq!((s.white.len(), s.black.len()), (28, 28));
        let b = s.validate().unwrap();
        assert_eq!(b.get("n12".parse().unwrap()), Some(Side::Black));
        assert_eq!(b.get("a2".parse().unwrap()), Some(Side::White));
        assert_eq!(b.get("a3".parse().unwrap()), None);
        let s = Setup::standard(Size::Small);
        assert_eq!((s.white.len(), s.black.len()), (16, 16));
        assert_eq!(
            s.validate().unwrap().get("h7".parse().unwrap()),
            Some(Side::Black)
        );
    }

    #[test]
    fn bad_setups() {
        let mut s = Setup::standard(Size::Small);
        s.black.push("a1".parse().unwrap());
        assert_eq!(
            s.validate(),
            Err(SetupError::Twice(Side::Black, 16, "a1".parse().unwrap()))
        );
        let mut s = Setup::standard(Size::Small);
        s.white.push("i1".parse().unwrap());
        assert!(matches!(
            s.validate(),
            Err(SetupError::OffBoard(Side::White, 16, _))
        ));
    }
}
