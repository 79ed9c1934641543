//! Perft: the number of move sequences of a given length, the published
//! yardstick of move generators (English checkers: OEIS A133046).

use super::RefGame;

/// The number of leaf nodes `depth` plies below `game` (captures by
/// different paths counted apart, since the path is part of the action).
pub fn perft(game: &RefGame, depth: u32) -> u64 {
    let moves = game.legal();
    if depth == 1 {
        return moves.len() as u64;
    }
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    for m in moves {
        let mut child = game.clone();
        child.apply(&m);
        n += perft(&child, depth - 1);
    }
    n
}
