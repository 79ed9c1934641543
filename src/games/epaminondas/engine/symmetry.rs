//! The engine's symmetry test (EP-6.1): the stones compared a file at a
//! time, each file read as a word of rank bits from the bit sets. The
//! left-right mirror pairs file `f` with file `w − 1 − f`; the swaps compare
//! White's file with Black's, the ranks turned over.

use crate::games::epaminondas::board::Size;
use crate::games::epaminondas::profile::SymmetryMap;

use super::layout::Bits;

/// Whether the stones `[white, black]` on `size` have the symmetry of
/// `map` (never, for `SymmetryMap::None`).
pub fn symmetric(stones: &[Bits; 2], size: Size, map: SymmetryMap) -> bool {
    let w = size.files() as usize;
    let h = size.ranks() as usize;
    let turn = |file: u16| file.reverse_bits() >> (16 - h);
    let [white, black] = stones;
    match map {
        SymmetryMap::None => false,
        SymmetryMap::Mirror => (0..w / 2).all(|f| {
            white.file_bits(f, h) == white.file_bits(w - 1 - f, h)
                && black.file_bits(f, h) == black.file_bits(w - 1 - f, h)
        }),
        SymmetryMap::RotateSwap => {
            (0..w).all(|f| white.file_bits(f, h) == turn(black.file_bits(w - 1 - f, h)))
        }
        SymmetryMap::MidlineSwap => {
            (0..w).all(|f| white.file_bits(f, h) == turn(black.file_bits(f, h)))
        }
    }
}
