//! The engine's position: a byte per cell of the padded grid of
//! [`layout`](super::layout) (empty, White, Black, off the board), so that
//! walking a line is one load and one compare a square, beside a bit set of
//! each side's stones, so that a side's stones are found in order without
//! scanning the grid, and the home rows are counted by a mask.

use crate::games::epaminondas::board::{Side, Size, Square};

use super::layout::{Bits, STORED, index};

/// A cell without a stone.
pub const EMPTY: u8 = 0;
/// A guard cell, or a cell beyond the 8 × 8 board.
pub const OFF: u8 = 3;

/// The cell value of a side's stone: 1 White, 2 Black.
#[inline]
pub const fn stone(side: Side) -> u8 {
    side.index() as u8 + 1
}

/// A position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The board.
    pub size: Size,
    /// Each cell: [`EMPTY`], a [`stone`], or [`OFF`] (the cells past the
    /// grid too).
    pub cells: [u8; STORED],
    /// White's and Black's stones.
    pub stones: [Bits; 2],
    /// Who moves.
    pub to_move: Side,
}

/// The cells of one rank of a board.
const fn rank_mask(size: Size, rank: u8) -> Bits {
    let mut b = [0u64; 4];
    let mut f = 0;
    while f < size.files() {
        let i = index(Square::new(f, rank));
        b[i >> 6] |= 1 << (i & 63);
        f += 1;
    }
    Bits(b)
}

/// The row each side must reach, per board: `[size][side]`.
static TARGETS: [[Bits; 2]; 2] = [
    [
        rank_mask(Size::Standard, Size::Standard.ranks() - 1),
        rank_mask(Size::Standard, 0),
    ],
    [
        rank_mask(Size::Small, Size::Small.ranks() - 1),
        rank_mask(Size::Small, 0),
    ],
];

impl Position {
    /// An empty board of `size`, White to move.
    pub fn empty(size: Size) -> Self {
        let mut cells = [OFF; STORED];
        for sq in size.squares() {
            cells[index(sq)] = EMPTY;
        }
        Position {
            size,
            cells,
            stones: [Bits::EMPTY; 2],
            to_move: Side::White,
        }
    }

    /// Puts a stone of `side` on the empty cell `i`.
    #[inline]
    pub fn put(&mut self, i: usize, side: Side) {
        self.cells[i & 0xFF] = stone(side);
        self.stones[side.index()].set(i);
    }

    /// Takes the stone of `side` off cell `i`.
    #[inline]
    pub fn lift(&mut self, i: usize, side: Side) {
        self.cells[i & 0xFF] = EMPTY;
        self.stones[side.index()].clear(i);
    }

    /// What stands on cell `i` (any number: masked into the stored cells).
    #[inline]
    pub fn cell(&self, i: usize) -> u8 {
        self.cells[i & 0xFF]
    }

    /// The stone on cell `i`, if any.
    #[inline]
    pub fn at(&self, i: usize) -> Option<Side> {
        match self.cell(i) {
            1 => Some(Side::White),
            2 => Some(Side::Black),
            _ => None,
        }
    }

    /// The rank (0-based) of the row `side` must reach.
    #[inline]
    pub fn target_rank(&self, side: Side) -> u8 {
        match side {
            Side::White => self.size.ranks() - 1,
            Side::Black => 0,
        }
    }

    /// Stones of `side` on the row it must reach.
    #[inline]
    pub fn crossed(&self, side: Side) -> u32 {
        let board = match self.size {
            Size::Standard => 0,
            Size::Small => 1,
        };
        self.stones[side.index()].count_in(&TARGETS[board][side.index()])
    }
}
