//! Bitboards: bit `i` is the square with index `i` (`file + 8 * rank`), so
//! a diagonal step is a shift by 7 or 9 with the edge file masked off.

use super::super::board::Square;

/// Every square of file a.
pub const FILE_A: u64 = 0x0101_0101_0101_0101;
/// Every square of file h.
pub const FILE_H: u64 = FILE_A << 7;
/// Row 1.
pub const RANK_1: u64 = 0xFF;
/// Row 8.
pub const RANK_8: u64 = 0xFF << 56;

/// The four diagonal directions: north-east, north-west, south-east,
/// south-west. White's forward ones are 0 and 1, Black's 2 and 3.
pub const DIRECTIONS: [usize; 4] = [0, 1, 2, 3];

/// One step of every bit of `b` in direction `d`; bits that would leave the
/// board vanish.
#[inline]
pub fn shift(b: u64, d: usize) -> u64 {
    match d {
        0 => (b & !FILE_H) << 9,
        1 => (b & !FILE_A) << 7,
        2 => (b & !FILE_H) >> 7,
        _ => (b & !FILE_A) >> 9,
    }
}

/// The single bit of `sq`.
#[inline]
pub fn bit(sq: Square) -> u64 {
    1u64 << sq.index()
}

/// The square of the lowest set bit of `b` (non-zero).
#[inline]
pub fn square(b: u64) -> Square {
    Square::from_index(b.trailing_zeros() as usize)
}

/// The single bits of `b`, lowest first.
pub fn singles(mut b: u64) -> impl Iterator<Item = u64> {
    std::iter::from_fn(move || {
        (b != 0).then(|| {
            let low = b & b.wrapping_neg();
            b ^= low;
            low
        })
    })
}

/// The dark squares (a1 is dark): the only squares stones stand on.
pub const DARK: u64 = 0xAA55_AA55_AA55_AA55;

/// For a byte and an index below its count of set bits, the place of that
/// set bit (lowest first).
const SELECT_IN_BYTE: [[u8; 8]; 256] = {
    let mut t = [[0u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut k = 0;
        let mut bit = 0;
        while bit < 8 {
            if b & (1 << bit) != 0 {
                t[b][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    t
};

/// The index of the `i`-th lowest set bit of `w` (`i` below its count of
/// set bits): halves, quarters and eighths chosen by population counts
/// (no loop whose exit depends on `i`), the last eight bits by a table.
#[inline(always)]
pub fn nth_set_bit(w: u64, i: u32) -> u32 {
    let (mut w, mut i, mut at) = (w, i, 0);
    for half in [32u32, 16, 8] {
        let low = (w & ((1u64 << half) - 1)).count_ones();
        let up = i >= low;
        i -= if up { low } else { 0 };
        at += if up { half } else { 0 };
        w = if up { w >> half } else { w };
    }
    at + u32::from(SELECT_IN_BYTE[(w & 0xFF) as usize][(i & 7) as usize])
}

/// The direction from `a` to `b` and the bits strictly between them, when
/// both lie on one diagonal.
pub fn ray_between(a: Square, b: Square) -> Option<(usize, u32, u64)> {
    let df = b.file() - a.file();
    let dr = b.rank() - a.rank();
    if df == 0 || df.abs() != dr.abs() {
        return None;
    }
    let d = match (df > 0, dr > 0) {
        (true, true) => 0,
        (false, true) => 1,
        (true, false) => 2,
        (false, false) => 3,
    };
    let n = df.unsigned_abs() as u32;
    let mut between = 0;
    let mut s = shift(bit(a), d);
    for _ in 1..n {
        between |= s;
        s = shift(s, d);
    }
    Some((d, n, between))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_stay_on_the_board() {
        let h4 = bit("h4".parse().unwrap());
        assert_eq!(shift(h4, 0), 0);
        assert_eq!(shift(h4, 1), bit("g5".parse().unwrap()));
        let a1 = bit("a1".parse().unwrap());
        assert_eq!(shift(a1, 0), bit("b2".parse().unwrap()));
        assert_eq!(shift(a1, 2) | shift(a1, 3) | shift(a1, 1), 0);
        let h8 = bit("h8".parse().unwrap());
        assert_eq!(shift(h8, 0) | shift(h8, 1), 0);
        let (d, n, between) = ray_between("a1".parse().unwrap(), "d4".parse().unwrap()).unwrap();
        assert_eq!((d, n), (0, 3));
        assert_eq!(between.count_ones(), 2);
    }

    #[test]
    fn the_nth_set_bit_is_found_lowest_first() {
        for w in [
            1u64,
            0x8000_0000_0000_0001,
            DARK,
            u64::MAX,
            0x0010_2000_0400_0080,
        ] {
            let bits: Vec<u32> = singles(w).map(u64::trailing_zeros).collect();
            for (i, &b) in bits.iter().enumerate() {
                assert_eq!(nth_set_bit(w, i as u32), b, "bit {i} of {w:#x}");
            }
        }
        assert_eq!(DARK.count_ones(), 32);
        assert_ne!(DARK & bit("a1".parse().unwrap()), 0);
        assert_eq!(DARK & bit("b1".parse().unwrap()), 0);
        assert_ne!(DARK & bit("h8".parse().unwrap()), 0);
    }
}
