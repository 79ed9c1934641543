//! Perft on the engine: copies of the compact position, one reused move
//! list a ply, and the last ply counted without listing it (bulk
//! counting). Every node is judged for the end of the game as `play`
//! judges it, so a finished game counts no leaves.

use super::super::profile::Profile;
use super::list::{MoveList, count};
use super::position::Pos;

/// Leaf nodes `depth` plies below `pos` under `p`.
pub fn perft(p: &Profile, pos: &Pos, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut lists: Vec<MoveList> = (1..depth).map(|_| MoveList::default()).collect();
    node(p, pos, depth, &mut lists)
}

/// `depth` ≥ 1; `lists` holds one list for each ply above the last.
fn node(p: &Profile, pos: &Pos, depth: u32, lists: &mut [MoveList]) -> u64 {
    if depth == 1 {
        let (actions, moves) = count(p, pos);
        return if pos.outcome(p, actions, moves).is_over() {
            0
        } else {
            actions as u64
        };
    }
    let Some((list, deeper)) = lists.split_last_mut() else {
        return 0;
    };
    list.fill(p, pos, false);
    let actions = list.mvs.len();
    if pos.outcome(p, actions, actions - list.huffs).is_over() {
        return 0;
    }
    let mut n = 0;
    for m in &list.mvs {
        let mut child = *pos;
        child.play(p, m);
        n += node(p, &child, depth - 1, deeper);
    }
    n
}
