//! The board's shape as lookup tables and bit masks.
//!
//! The engine keeps the rules' promise of RP-1.5: it never assumes 10×10 or
//! the standard lakes. A [`Layout`] is computed once per game from the
//! [`Geometry`]; squares are dense indices (`rank * files + file`, as in
//! [`Geometry::index`]) and sets of squares are `u128` masks, so any board
//! of at most 128 squares and at most [`MAX_SIDE`] squares a side fits.

use crate::games::stratego::geometry::Geometry;
use crate::games::stratego::square::Square;

/// A set of squares, one bit per dense index.
pub type Mask = u128;

/// "No square": off the board, or a lake, in [`Layout::step`].
pub const NO_SQUARE: u8 = u8::MAX;

/// Longest side the engine handles. A scout's path then crosses at most
/// `MAX_SIDE - 1` boundaries, which bounds the fixed-size two-squares state.
pub const MAX_SIDE: u8 = 16;

/// The four directions of RP-3.2, in the order of [`Layout::step`].
pub const DIRECTIONS: usize = 4;

/// The single bit of square index `i` (below 128): a table read, which
/// costs less than a variable shift of a two-word integer.
#[inline]
pub const fn bit(i: u8) -> Mask {
    debug_assert!(i < 128, "square indices are below 128");
    BITS[(i & 127) as usize]
}

/// `BITS[i]`: the mask of square `i` alone.
const BITS: [Mask; 128] = {
    let mut t = [0; 128];
    let mut i = 0;
    while i < 128 {
        t[i] = 1u128 << i;
        i += 1;
    }
    t
};

/// Lookup tables for one geometry.
#[derive(Clone, Debug)]
pub struct Layout {
    /// Number of files.
    pub files: u8,
    /// Number of ranks.
    pub ranks: u8,
    /// Number of squares (`files * ranks`).
    pub len: u8,
    /// Every square of the board.
    pub on_board: Mask,
    /// The lakes (RP-1.2).
    pub lakes: Mask,
    /// The squares a piece may stand on: the board without its lakes.
    pub squares: Mask,
    /// Squares of the first file (A), for shifts that must not wrap.
    pub first_file: Mask,
    /// Squares of the last file, likewise.
    pub last_file: Mask,
    /// `step[i][d]`: the neighbour of square `i` in direction `d` (north,
    /// south, east, west), or [`NO_SQUARE`] when that is off the board or a
    /// lake. Walking these is how moves are generated.
    pub step: Vec<[u8; DIRECTIONS]>,
    /// `near[i]`: the squares of `step[i]` as a mask (a non-scout's
    /// possible targets before looking at pieces).
    pub near: Vec<Mask>,
    /// `ray[d][i]`: the squares a scout on `i` passes in direction `d` on an
    /// empty board, up to the board's edge or the first lake (RP-3.3,
    /// RP-3.5). Directions 0 and 2 run towards higher indices, 1 and 3
    /// towards lower ones. (The move list finds scouts' lines by shifting
    /// masks instead; the test driver orders moves by these rays.)
    pub ray: [Vec<Mask>; DIRECTIONS],
    /// `order[i]`: the rank of square `i` in [`Square`]'s ordering (file
    /// first, then rank), so moves can be sorted the way the trait asks
    /// and boundaries named the way the reference names them.
    pub order: Vec<u8>,
}

impl Layout {
    /// Tables for `g`, or `None` when the board is too big for `u128` masks
    /// (the engine then refuses the game; see [`super::StartError`]).
    pub fn new(g: &Geometry) -> Option<Layout> {
        let len = g.files as usize * g.ranks as usize;
        if len == 0 || len > 128 || g.files > MAX_SIDE || g.ranks > MAX_SIDE {
            return None;
        }
        let files = g.files;
        let mut lakes: Mask = 0;
        for &sq in &g.lakes {
            if g.contains(sq) {
                lakes |= bit(g.index(sq) as u8);
            }
        }
        let on_board = if len == 128 {
            Mask::MAX
        } else {
            (1u128 << len) - 1
        };
        let (mut first_file, mut last_file) = (0, 0);
        let mut step = vec![[NO_SQUARE; DIRECTIONS]; len];
        for i in 0..len as u8 {
            let (f, r) = (i % files, i / files);
            if f == 0 {
                first_file |= bit(i);
            }
            if f == files - 1 {
                last_file |= bit(i);
            }
            let cands = [
                (r + 1 < g.ranks).then(|| i + files),
                (r > 0).then(|| i - files),
                (f + 1 < files).then(|| i + 1),
                (f > 0).then(|| i - 1),
            ];
            for (d, c) in cands.into_iter().enumerate() {
                if let Some(n) = c
                    && lakes & bit(n) == 0
                {
                    step[i as usize][d] = n;
                }
            }
        }
        let near = step
            .iter()
            .map(|dirs| {
                dirs.iter()
                    .filter(|&&n| n != NO_SQUARE)
                    .fold(0, |m, &n| m | bit(n))
            })
            .collect();
        let ray = std::array::from_fn(|d| {
            (0..len)
                .map(|i| {
                    let mut m: Mask = 0;
                    let mut to = step[i][d];
                    while to != NO_SQUARE {
                        m |= bit(to);
                        to = step[to as usize][d];
                    }
                    m
                })
                .collect()
        });
        let mut by_square: Vec<u8> = (0..len as u8).collect();
        by_square.sort_by_key(|&i| (i % files, i / files));
        let mut order = vec![0u8; len];
        for (k, &i) in by_square.iter().enumerate() {
            order[i as usize] = k as u8;
        }
        Some(Layout {
            files,
            ranks: g.ranks,
            len: len as u8,
            on_board,
            lakes,
            squares: on_board & !lakes,
            first_file,
            last_file,
            step,
            near,
            ray,
            order,
        })
    }

    /// The square of index `i`.
    #[inline]
    pub fn square(&self, i: u8) -> Square {
        Square::new(i % self.files, i / self.files)
    }

    /// The index of an on-board square, or `None`.
    #[inline]
    pub fn index(&self, sq: Square) -> Option<u8> {
        (sq.file < self.files && sq.rank < self.ranks).then(|| sq.rank * self.files + sq.file)
    }

    /// Squares one orthogonal step from any square of `m`, on the board and
    /// not lakes: the bitboard form of [`Layout::step`].
    #[inline]
    pub fn neighbours(&self, m: Mask) -> Mask {
        let f = self.files as u32;
        if self.len <= 64 {
            // One machine word does it on the small boards (the 8×8 game).
            let (m, last, first) = (m as u64, self.last_file as u64, self.first_file as u64);
            let near = (m << f) | (m >> f) | ((m & !last) << 1) | ((m & !first) >> 1);
            return Mask::from(near) & self.on_board & !self.lakes;
        }
        let n = m << f;
        let s = m >> f;
        let e = (m & !self.last_file) << 1;
        let w = (m & !self.first_file) >> 1;
        (n | s | e | w) & self.on_board & !self.lakes
    }

    /// The signed index step from `from` towards `to` when both lie on one
    /// file or rank (and differ), else `None`.
    #[inline]
    pub fn direction(&self, from: u8, to: u8) -> Option<i16> {
        let (ff, fr) = (from % self.files, from / self.files);
        let (tf, tr) = (to % self.files, to / self.files);
        if from == to {
            None
        } else if ff == tf {
            Some(if tr > fr {
                self.files as i16
            } else {
                -(self.files as i16)
            })
        } else if fr == tr {
            Some(if tf > ff { 1 } else { -1 })
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_match_every_named_geometry() {
        for (g, lakes, squares) in [
            (Geometry::standard(), 8, 100),
            (Geometry::quick_8x8(), 4, 64),
        ] {
            tables_match(&g, lakes, squares);
        }
        let custom = Geometry::custom(16, 8, vec![Square::new(15, 7)]).unwrap();
        tables_match(&custom, 1, 128);
    }

    fn tables_match(g: &Geometry, lakes: u32, squares: u32) {
        let l = Layout::new(g).unwrap();
        assert_eq!(l.lakes.count_ones(), lakes);
        assert_eq!(l.on_board.count_ones(), squares);
        for sq in g.squares() {
            let i = l.index(sq).unwrap();
            assert_eq!(l.square(i), sq);
            let mut from_table: Vec<Square> = l.step[i as usize]
                .iter()
                .filter(|&&n| n != NO_SQUARE)
                .map(|&n| l.square(n))
                .collect();
            let mut from_geometry: Vec<Square> = g
                .neighbours(sq)
                .into_iter()
                .filter(|n| !g.is_lake(*n))
                .collect();
            from_table.sort();
            from_geometry.sort();
            assert_eq!(from_table, from_geometry, "neighbours of {sq}");
            let mask = l.neighbours(bit(i));
            assert_eq!(mask.count_ones() as usize, from_geometry.len());
        }
    }

    #[test]
    fn order_follows_square_ordering() {
        for g in [Geometry::standard(), Geometry::quick_8x8()] {
            let l = Layout::new(&g).unwrap();
            for a in 0..l.len {
                for b in 0..l.len {
                    assert_eq!(
                        l.order[a as usize].cmp(&l.order[b as usize]),
                        l.square(a).cmp(&l.square(b))
                    );
                }
            }
        }
    }

    #[test]
    fn oversized_boards_are_refused() {
        let mut g = Geometry::standard();
        g.files = 13;
        assert!(Layout::new(&g).is_none());
    }
}
