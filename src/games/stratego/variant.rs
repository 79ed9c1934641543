//! The named variants: a board and an army that are played together
//! (RP-1.6, RP-2.4). Scenarios and the protocol name the board and the
//! army separately; a variant is the usual pairing, used by the random
//! games of [`workload`](super::workload) and by the docs.

use std::fmt;

use super::army::Army;
use super::geometry::Geometry;

/// A board and its army.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// The ISF game: the standard 10×10 board, 40 pieces a side.
    Standard,
    /// Barrage: the standard board, 8 pieces a side.
    Barrage,
    /// The 8×8 quick game: lakes C4 C5 F4 F5, 10 pieces a side.
    Quick8x8,
}

impl Variant {
    /// Every variant, the standard game first.
    pub const ALL: [Variant; 3] = [Variant::Standard, Variant::Barrage, Variant::Quick8x8];

    /// The name used in docs and test output.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Standard => "standard",
            Variant::Barrage => "barrage",
            Variant::Quick8x8 => "quick-8x8",
        }
    }

    /// The board.
    pub fn geometry(self) -> Geometry {
        match self {
            Variant::Standard | Variant::Barrage => Geometry::standard(),
            Variant::Quick8x8 => Geometry::quick_8x8(),
        }
    }

    /// The army.
    pub fn army(self) -> Army {
        match self {
            Variant::Standard => Army::STANDARD,
            Variant::Barrage => Army::BARRAGE,
            Variant::Quick8x8 => Army::QUICK,
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each army fits its board's home zone (RP-1.3): a full setup can be
    /// placed without leaving a player's home ranks.
    #[test]
    fn every_army_fits_its_home_ranks() {
        for v in Variant::ALL {
            let g = v.geometry();
            let home = g.files as u32 * g.home_ranks as u32;
            assert!(v.army().total() <= home, "{v}");
        }
        assert_eq!(Variant::Quick8x8.geometry().files as u32 * 3, 24);
    }

    /// A board named without an army gets the army of its usual variant.
    #[test]
    fn boards_default_to_their_variants_army() {
        assert_eq!(Army::default_for(&Geometry::standard()), Army::STANDARD);
        assert_eq!(Army::default_for(&Geometry::quick_8x8()), Army::QUICK);
    }
}
