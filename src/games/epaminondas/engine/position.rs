//! The engine's position: two bit sets of stones on the padded layout of
//! [`bits`](super::bits), the board's mask, and the side to move. Moves are
//! index offsets; a capture line is read bit by bit along one offset.

use crate::games::epaminondas::board::{Side, Size, Square};

use super::bits::{Bits, SPAN, STRIDE};

/// The offset of one step in each of the eight directions, in the order
/// N, NE, E, SE, S, SW, W, NW.
pub const STEPS: [isize; 8] = [
    STRIDE as isize,
    STRIDE as isize + 1,
    1,
    1 - STRIDE as isize,
    -(STRIDE as isize),
    -(STRIDE as isize) - 1,
    -1,
    STRIDE as isize - 1,
];

/// A position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The board.
    pub size: Size,
    /// The squares of the board.
    pub valid: Bits,
    /// White's and Black's stones.
    pub stones: [Bits; 2],
    /// Who moves.
    pub to_move: Side,
}

/// The bit of a square.
#[inline]
pub fn index(sq: Square) -> usize {
    sq.rank as usize * STRIDE + sq.file as usize
}

/// The square of a bit.
#[inline]
pub fn square(i: usize) -> Square {
    Square::new((i % STRIDE) as u8, (i / STRIDE) as u8)
}

impl Position {
    /// An empty board of `size`, White to move.
    pub fn empty(size: Size) -> Self {
        let mut valid = Bits::EMPTY;
        for r in 0..size.ranks() as usize {
            for f in 0..size.files() as usize {
                valid.set(r * STRIDE + f);
            }
        }
        Position {
            size,
            valid,
            stones: [Bits::EMPTY; 2],
            to_move: Side::White,
        }
    }

    /// One step from `i` by `step`, if it lands on the board.
    #[inline]
    pub fn step(&self, i: usize, step: isize) -> Option<usize> {
        let j = i as isize + step;
        (j >= 0 && (j as usize) < SPAN && self.valid.test(j as usize)).then_some(j as usize)
    }

    /// 0 empty, 1 White, 2 Black.
    #[inline]
    pub fn at(&self, i: usize) -> Option<Side> {
        if self.stones[0].test(i) {
            Some(Side::White)
        } else if self.stones[1].test(i) {
            Some(Side::Black)
        } else {
            None
        }
    }

    /// The rank (0-based) of the row `side` must reach.
    #[inline]
    pub fn target_rank(&self, side: Side) -> usize {
        match side {
            Side::White => self.size.ranks() as usize - 1,
            Side::Black => 0,
        }
    }

    /// Stones of `side` on the row it must reach.
    #[inline]
    pub fn crossed(&self, side: Side) -> u32 {
        let w = self.size.files() as usize;
        self.stones[side.index()]
            .row(self.target_rank(side), w)
            .count_ones()
    }
}
