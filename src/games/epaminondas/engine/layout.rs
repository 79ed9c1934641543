//! The engine's board layout: one padded grid for both boards, numbered
//! file by file. Square `(file, rank)` is cell
//! `(file + 1) * HEIGHT + rank + 1`: a guard column on each side of the 14
//! files and a guard cell below and above the 12 ranks, so a step off any
//! edge lands on a guard cell (marked off the board) and never leaves the
//! grid.
//!
//! File-major numbering is chosen for the move order: the legal list is
//! sorted by front square and then landing square, both by file first and
//! rank second (`Square`'s order), which is exactly increasing cell order.
//! So walking a side's stones in cell order, and each stone's landing
//! squares in cell order, yields the list already sorted.

use crate::games::epaminondas::board::Square;

/// Cells per file: 12 ranks and the two guards.
pub const HEIGHT: usize = 14;
/// Cells in the grid: 14 files and the two guard columns.
pub const CELLS: usize = 16 * HEIGHT;
/// Cells stored: the grid rounded up to 256, so that a cell number masked
/// with `0xFF` indexes the arrays without a bounds check.
pub const STORED: usize = 256;

/// The cell offset of one step in each of the eight directions, in the
/// order of `Dir::ALL`: N, NE, E, SE, S, SW, W, NW.
pub const STEPS: [isize; 8] = [
    1,
    HEIGHT as isize + 1,
    HEIGHT as isize,
    HEIGHT as isize - 1,
    -1,
    -(HEIGHT as isize) - 1,
    -(HEIGHT as isize),
    -(HEIGHT as isize) + 1,
];

/// The rank step (−1, 0, 1) of each direction of [`STEPS`].
pub const RANK_STEP: [i8; 8] = [1, 1, 0, -1, -1, -1, 0, 1];

/// The cell of a square (its file and rank must be below 14 and 12).
#[inline]
pub const fn index(sq: Square) -> usize {
    (sq.file as usize + 1) * HEIGHT + sq.rank as usize + 1
}

/// The square of every cell (guard cells map to a square off the board,
/// never asked for).
static SQUARES: [Square; STORED] = {
    let mut t = [Square::new(0, 0); STORED];
    let mut i = 0;
    while i < STORED {
        let f = i / HEIGHT;
        let r = i % HEIGHT;
        t[i] = Square::new(f.wrapping_sub(1) as u8, r.wrapping_sub(1) as u8);
        i += 1;
    }
    t
};

/// The square of a cell.
#[inline]
pub fn square(i: usize) -> Square {
    SQUARES[i & 0xFF]
}

/// A set of cells, 256 bits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bits(pub [u64; 4]);

impl Bits {
    /// No cell.
    pub const EMPTY: Bits = Bits([0; 4]);

    /// Whether cell `i` is in the set.
    #[inline]
    pub fn test(&self, i: usize) -> bool {
        (self.0[i >> 6] >> (i & 63)) & 1 == 1
    }

    /// Adds cell `i`.
    #[inline]
    pub fn set(&mut self, i: usize) {
        self.0[i >> 6] |= 1 << (i & 63);
    }

    /// Removes cell `i`.
    #[inline]
    pub fn clear(&mut self, i: usize) {
        self.0[i >> 6] &= !(1 << (i & 63));
    }

    /// How many cells of `mask` are in the set.
    #[inline]
    pub fn count_in(&self, mask: &Bits) -> u32 {
        (0..4).map(|w| (self.0[w] & mask.0[w]).count_ones()).sum()
    }

    /// The `ranks` cells of file `file` as bits, rank 1 in bit 0.
    #[inline]
    pub fn file_bits(&self, file: usize, ranks: usize) -> u16 {
        let start = (file + 1) * HEIGHT + 1;
        let (w, off) = (start >> 6, start & 63);
        let mut v = (self.0[w] as u128) >> off;
        if w + 1 < 4 {
            v |= (self.0[w + 1] as u128) << (64 - off);
        }
        (v & ((1u128 << ranks) - 1)) as u16
    }

    /// The cells in the set, in increasing order.
    #[inline]
    pub fn ones(self) -> Ones {
        Ones {
            words: self.0,
            w: 0,
        }
    }
}

/// The iterator of [`Bits::ones`].
pub struct Ones {
    words: [u64; 4],
    w: usize,
}

impl Iterator for Ones {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.w < 4 {
            let word = self.words[self.w];
            if word != 0 {
                self.words[self.w] = word & (word - 1);
                return Some(self.w * 64 + word.trailing_zeros() as usize);
            }
            self.w += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_follow_the_order_of_squares() {
        let mut last = None;
        for f in 0..14 {
            for r in 0..12 {
                let sq = Square::new(f, r);
                let i = index(sq);
                assert_eq!(square(i), sq);
                assert!(last.is_none_or(|l| l < i), "{sq}");
                last = Some(i);
                for s in STEPS {
                    let j = i as isize + s;
                    assert!((0..CELLS as isize).contains(&j));
                }
            }
        }
    }

    #[test]
    fn files_across_word_boundaries() {
        let mut b = Bits::EMPTY;
        for f in 0..14 {
            b.set(index(Square::new(f, 0)));
            b.set(index(Square::new(f, 11)));
        }
        b.set(index(Square::new(3, 5)));
        for f in 0..14 {
            let expect = if f == 3 { 0x821 } else { 0x801 };
            assert_eq!(b.file_bits(f, 12), expect, "file {f}");
            assert_eq!(b.file_bits(f, 8), expect & 0xFF, "file {f}");
        }
        assert_eq!(b.ones().count(), 29);
        b.clear(index(Square::new(3, 5)));
        assert!(!b.test(index(Square::new(3, 5))));
        let mut all = Bits::EMPTY;
        (0..CELLS).for_each(|i| all.set(i));
        assert_eq!(b.count_in(&all), 28);
    }
}
