//! Move generation on bitboards: steps by shifting, captures by a
//! depth-first search over jumps that keeps the path on a small stack.

use super::super::board::{Side, Square};
use super::super::profile::{Crowning, Landing, Profile, Range, Reach, Removal};
use super::bits::{DIRECTIONS, RANK_1, RANK_8, shift, singles, square};

/// A capture as the engine finds it.
#[derive(Clone, Debug)]
pub struct Chain {
    /// Start square, then each landing square.
    pub path: Vec<Square>,
    /// Taken stones, in order.
    pub captured: Vec<Square>,
    /// Whether the moving man ends the move a Dame.
    pub crowned: bool,
    /// Whether no further jump is open at the end.
    pub complete: bool,
}

/// The stones as seen by the side to move.
#[derive(Clone, Copy, Debug)]
pub struct Sides {
    /// The mover's stones.
    pub own: u64,
    /// The opponent's stones.
    pub enemy: u64,
    /// All Damen, both sides.
    pub dames: u64,
    /// The mover.
    pub side: Side,
}

impl Sides {
    fn forward(&self) -> [usize; 2] {
        match self.side {
            Side::White => [0, 1],
            Side::Black => [2, 3],
        }
    }

    /// The row where the mover's men are crowned.
    pub fn crown_row(&self) -> u64 {
        match self.side {
            Side::White => RANK_8,
            Side::Black => RANK_1,
        }
    }
}

/// The jumps from `at` for a stone that is a Dame or not, with `taken`
/// already jumped and `origin` left empty; appends (over, to) pairs.
pub fn jumps_from(
    p: &Profile,
    s: &Sides,
    origin: u64,
    at: u64,
    dame: bool,
    taken: u64,
    out: &mut Vec<(u64, u64)>,
) {
    let mut occ = (s.own | s.enemy) & !origin;
    if p.removal == Removal::AtOnce {
        occ &= !taken;
    }
    let prey = s.enemy & !taken;
    let flying = dame && p.dame.range == Range::Flying;
    for d in DIRECTIONS {
        if !dame && !p.men_capture_backward && !s.forward().contains(&d) {
            continue;
        }
        let mut over = shift(at, d);
        if flying && p.dame.reach == Reach::Distance {
            while over != 0 && over & occ == 0 {
                over = shift(over, d);
            }
        }
        if over & prey == 0 {
            continue;
        }
        let mut to = shift(over, d);
        while to != 0 && to & occ == 0 {
            out.push((over, to));
            if !(flying && p.dame.landing == Landing::AnyBeyond) {
                break;
            }
            to = shift(to, d);
        }
    }
}

/// Every capture (each prefix included) of the mover's stones.
pub fn chains(p: &Profile, s: &Sides) -> Vec<Chain> {
    let mut out = Vec::new();
    for from in singles(s.own) {
        let mut path = vec![square(from)];
        let mut captured = Vec::new();
        search(
            p,
            s,
            from,
            from,
            s.dames & from != 0,
            0,
            &mut path,
            &mut captured,
            &mut out,
        );
    }
    out
}

#[allow(clippy::too_many_arguments)]
fn search(
    p: &Profile,
    s: &Sides,
    origin: u64,
    at: u64,
    dame: bool,
    taken: u64,
    path: &mut Vec<Square>,
    captured: &mut Vec<Square>,
    out: &mut Vec<Chain>,
) {
    let was_man = s.dames & origin == 0;
    let mut js = Vec::new();
    jumps_from(p, s, origin, at, dame, taken, &mut js);
    for (over, to) in js {
        path.push(square(to));
        captured.push(square(over));
        let on_crown = was_man && to & s.crown_row() != 0;
        let (next_dame, stop) = if !dame && on_crown {
            match p.crowning {
                Crowning::EndsMove => (true, true),
                Crowning::ContinuesAsDame => (true, false),
                Crowning::PassesThrough => (false, false),
            }
        } else {
            (dame, false)
        };
        let taken2 = taken | over;
        let mut next = Vec::new();
        if !stop {
            jumps_from(p, s, origin, to, next_dame, taken2, &mut next);
        }
        out.push(Chain {
            path: path.clone(),
            captured: captured.clone(),
            crowned: was_man && (next_dame || on_crown),
            complete: next.is_empty(),
        });
        if !next.is_empty() {
            search(p, s, origin, to, next_dame, taken2, path, captured, out);
        }
        path.pop();
        captured.pop();
    }
}

/// Every move without capture: (from, to) pairs.
pub fn steps(p: &Profile, s: &Sides) -> Vec<(Square, Square)> {
    let occ = s.own | s.enemy;
    let mut out = Vec::new();
    for from in singles(s.own) {
        let dame = s.dames & from != 0;
        let fwd = s.forward();
        let dirs: &[usize] = if dame { &DIRECTIONS } else { &fwd };
        for &d in dirs {
            let mut to = shift(from, d);
            while to != 0 && to & occ == 0 {
                out.push((square(from), square(to)));
                if !(dame && p.dame.range == Range::Flying) {
                    break;
                }
                to = shift(to, d);
            }
        }
    }
    out
}
