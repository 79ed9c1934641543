//! A set of squares as 192 bits: square `(file, rank)` is bit
//! `rank * STRIDE + file`. The stride is 15, one more than the widest
//! board, so that the spare column 14 (never a square) separates the ranks:
//! a step off the left or right edge lands on it, and every step is a plain
//! index offset checked against the board's mask.

/// Bits per rank: 14 files and one spare.
pub const STRIDE: usize = 15;
/// Bits in use: 12 ranks.
pub const SPAN: usize = 12 * STRIDE;

/// 192 bits, three words.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bits(pub [u64; 3]);

impl Bits {
    /// No square.
    pub const EMPTY: Bits = Bits([0; 3]);

    /// Whether bit `i` is set.
    #[inline]
    pub fn test(&self, i: usize) -> bool {
        (self.0[i >> 6] >> (i & 63)) & 1 == 1
    }

    /// Sets bit `i`.
    #[inline]
    pub fn set(&mut self, i: usize) {
        self.0[i >> 6] |= 1 << (i & 63);
    }

    /// Clears bit `i`.
    #[inline]
    pub fn clear(&mut self, i: usize) {
        self.0[i >> 6] &= !(1 << (i & 63));
    }

    /// How many bits are set.
    #[inline]
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// The intersection.
    #[inline]
    pub fn and(self, o: Bits) -> Bits {
        Bits([self.0[0] & o.0[0], self.0[1] & o.0[1], self.0[2] & o.0[2]])
    }

    /// The union.
    #[inline]
    pub fn or(self, o: Bits) -> Bits {
        Bits([self.0[0] | o.0[0], self.0[1] | o.0[1], self.0[2] | o.0[2]])
    }

    /// `width` bits of rank `r`, file `a` in bit 0.
    #[inline]
    pub fn row(&self, r: usize, width: usize) -> u16 {
        let start = r * STRIDE;
        let (w, off) = (start >> 6, start & 63);
        let mut v = self.0[w] >> off;
        if off + width > 64 && w + 1 < 3 {
            v |= self.0[w + 1] << (64 - off);
        }
        (v & ((1u64 << width) - 1)) as u16
    }

    /// The indices of the set bits, in increasing order.
    pub fn ones(self) -> impl Iterator<Item = usize> {
        (0..3).flat_map(move |w| {
            let mut word = self.0[w];
            std::iter::from_fn(move || {
                if word == 0 {
                    return None;
                }
                let b = word.trailing_zeros() as usize;
                word &= word - 1;
                Some(w * 64 + b)
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_across_word_boundaries() {
        let mut b = Bits::EMPTY;
        for f in 0..14 {
            b.set(4 * STRIDE + f); // rank 5 spans bits 60..74
        }
        b.set(11 * STRIDE + 13);
        assert_eq!(b.row(4, 14), 0x3FFF);
        assert_eq!(b.row(3, 14), 0);
        assert_eq!(b.row(11, 14), 1 << 13);
        assert_eq!(b.count(), 15);
        assert_eq!(b.ones().count(), 15);
        b.clear(4 * STRIDE + 3);
        assert!(!b.test(4 * STRIDE + 3));
        assert_eq!(b.row(4, 8), 0xF7);
    }
}
