//! SplitMix64, the one small seedable generator behind every random game,
//! benchmark workload and Zobrist table in the crate. Each user keeps its
//! own state type and its own way of drawing a number below `n` (those
//! draws decide which games the fixed-seed tests and fuzz seeds replay, so
//! they stay as they are); the mixing step is written only here.

/// Advances `state` and returns the next 64 random bits (SplitMix64:
/// Steele, Lea and Flood, "Fast splittable pseudorandom number
/// generators", 2014, with the constants of Vigna's reference code).
#[inline]
pub fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A SplitMix64 stream from a seed: the one generator type behind every
/// game's random games, benchmark workloads and battery (each game's
/// workload re-exports it under the name its code uses). The ways of
/// drawing below `n` are those the games' fixed-seed tests and fuzz seeds
/// were recorded with, so they replay unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SplitMix(pub u64);

impl SplitMix {
    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        splitmix64(&mut self.0)
    }

    /// The low 32 bits of the next draw.
    #[inline]
    pub fn next_u32(&mut self) -> u32 {
        self.next_u64() as u32
    }

    /// A number below `n` (`n` > 0), from all 64 bits. (Not `below`: the
    /// games' choice-source traits have a `below` of their own, drawn from
    /// 32 bits, which an inherent method of that name would shadow.)
    #[inline]
    pub fn pick(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// A number below `n` (`n` > 0), from all 64 bits, as a `u64`.
    #[inline]
    pub fn pick_u64(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
}

#[cfg(test)]
mod tests {
    use super::splitmix64;

    /// The first outputs from seed 0 in Vigna's reference implementation
    /// (splitmix64.c) and in Java's `SplittableRandom`.
    #[test]
    fn matches_the_reference_sequence() {
        let mut s = 0u64;
        assert_eq!(splitmix64(&mut s), 0xE220_A839_7B1D_CDAF);
        assert_eq!(splitmix64(&mut s), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(splitmix64(&mut s), 0x06C4_5D18_8009_454F);
    }
}
