//! Move generation on bitboards, without allocating: steps by shifting
//! whole sets of stones, captures by a depth-first search that keeps the
//! path and the taken stones on fixed arrays and hands every chain it
//! finds to a [`Sink`] (which counts it, keeps it, or both). Whether any
//! capture is open at all is answered by shifts alone for every stone that
//! is not a flying Dame, so the common position without a capture never
//! starts the search.

use super::super::board::{Side, Square};
use super::super::profile::{Crowning, Landing, Profile, Range, Reach, Removal};
use super::bits::{DIRECTIONS, RANK_1, RANK_8, shift, singles};

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

/// The direction opposite `d` (north-east and south-west, north-west and
/// south-east).
#[inline]
pub fn opposite(d: usize) -> usize {
    3 - d
}

impl Sides {
    /// Whether `d` is forward for the mover (White's 0 and 1, Black's 2
    /// and 3).
    #[inline]
    pub fn is_forward(&self, d: usize) -> bool {
        match self.side {
            Side::White => d < 2,
            Side::Black => d >= 2,
        }
    }

    /// The row where the mover's men are crowned.
    #[inline]
    pub fn crown_row(&self) -> u64 {
        match self.side {
            Side::White => RANK_8,
            Side::Black => RANK_1,
        }
    }

    /// The free squares.
    #[inline]
    fn empty(&self) -> u64 {
        !(self.own | self.enemy)
    }

    /// The mover's stones that move one square at a time in direction `d`
    /// when capturing: men (forward, or every way when `back`) and Damen
    /// that do not fly.
    #[inline]
    fn short_jumpers(&self, p: &Profile, d: usize) -> u64 {
        let men = self.own & !self.dames;
        let men = if p.men_capture_backward || self.is_forward(d) {
            men
        } else {
            0
        };
        let dames = if p.dame.range == Range::Flying {
            0
        } else {
            self.own & self.dames
        };
        men | dames
    }
}

/// The jumps open from one square: (taken stone, landing square) bits. A
/// flying Dame landing anywhere beyond has at most six landings in each of
/// four directions.
pub struct Jumps {
    len: usize,
    items: [(u64, u64); 24],
}

impl Jumps {
    fn new() -> Jumps {
        Jumps {
            len: 0,
            items: [(0, 0); 24],
        }
    }

    #[inline]
    fn push(&mut self, j: (u64, u64)) {
        self.items[self.len] = j;
        self.len += 1;
    }

    /// The jumps found.
    pub fn as_slice(&self) -> &[(u64, u64)] {
        &self.items[..self.len]
    }
}

/// The jumps from `at` for a stone that is a Dame or not, with `taken`
/// already jumped and `origin` left empty.
#[inline]
fn jumps_into(
    p: &Profile,
    s: &Sides,
    origin: u64,
    at: u64,
    dame: bool,
    taken: u64,
    out: &mut Jumps,
) {
    let mut occ = (s.own | s.enemy) & !origin;
    if p.removal == Removal::AtOnce {
        occ &= !taken;
    }
    let prey = s.enemy & !taken;
    let flying = dame && p.dame.range == Range::Flying;
    for d in DIRECTIONS {
        if !dame && !p.men_capture_backward && !s.is_forward(d) {
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

/// The jumps from `at` (as [`jumps_into`]), appended to `out` as (over, to)
/// pairs: for the judge, which explains a refused capture.
pub fn jumps_from(
    p: &Profile,
    s: &Sides,
    origin: u64,
    at: u64,
    dame: bool,
    taken: u64,
    out: &mut Vec<(u64, u64)>,
) {
    let mut js = Jumps::new();
    jumps_into(p, s, origin, at, dame, taken, &mut js);
    out.extend_from_slice(js.as_slice());
}

/// The mover's stones that have a jump open where they stand (DA-6.1's
/// "could have captured"): by shifts for every stone but a flying Dame,
/// stone by stone for those.
pub fn capturers(p: &Profile, s: &Sides) -> u64 {
    let empty = s.empty();
    let mut found = 0;
    for d in DIRECTIONS {
        let back = opposite(d);
        found |= s.short_jumpers(p, d) & shift(shift(empty, back) & s.enemy, back);
    }
    if p.dame.range == Range::Flying {
        let mut js = Jumps::new();
        for b in singles(s.own & s.dames) {
            js.len = 0;
            jumps_into(p, s, b, b, true, 0, &mut js);
            if js.len != 0 {
                found |= b;
            }
        }
    }
    found
}

/// What a capture search hands each chain to.
pub trait Sink {
    /// One capture: the path (start square, then each landing, as square
    /// indices), the taken stones in order (indices), their bits, whether
    /// the moving man ends it a Dame, and whether no further jump is open
    /// at its end (or crowning ended it, AD-7).
    fn chain(&mut self, path: &[u8], captured: &[u8], taken: u64, crowned: bool, complete: bool);
}

/// The most stones one capture can take plus one: a side has at most 31
/// opponents on the 32 dark squares.
const MAX_PATH: usize = 33;

/// The path and the taken stones of the chain being searched.
struct Trail {
    path: [u8; MAX_PATH],
    captured: [u8; MAX_PATH],
}

/// Every capture (each prefix included) of the mover's stones among
/// `from`, handed to `sink`; prefixes come after their extensions.
pub fn captures<S: Sink>(p: &Profile, s: &Sides, from: u64, sink: &mut S) {
    let mut trail = Trail {
        path: [0; MAX_PATH],
        captured: [0; MAX_PATH],
    };
    for b in singles(from & s.own) {
        trail.path[0] = b.trailing_zeros() as u8;
        search(p, s, b, b, s.dames & b != 0, 0, 1, &mut trail, sink);
    }
}

/// Depth-first from `at` after `len - 1` jumps; whether any jump was open.
#[allow(clippy::too_many_arguments)]
fn search<S: Sink>(
    p: &Profile,
    s: &Sides,
    origin: u64,
    at: u64,
    dame: bool,
    taken: u64,
    len: usize,
    trail: &mut Trail,
    sink: &mut S,
) -> bool {
    let was_man = s.dames & origin == 0;
    let mut js = Jumps::new();
    jumps_into(p, s, origin, at, dame, taken, &mut js);
    for &(over, to) in js.as_slice() {
        trail.path[len] = to.trailing_zeros() as u8;
        trail.captured[len - 1] = over.trailing_zeros() as u8;
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
        let more = !stop && search(p, s, origin, to, next_dame, taken2, len + 1, trail, sink);
        sink.chain(
            &trail.path[..=len],
            &trail.captured[..len],
            taken2,
            was_man && (next_dame || on_crown),
            !more,
        );
    }
    js.len != 0
}

/// Every move without capture of the stones among `from`, as (from, to)
/// bits.
pub fn steps(p: &Profile, s: &Sides, mut each: impl FnMut(u64, u64)) {
    let empty = s.empty();
    let men = s.own & !s.dames;
    let dames = s.own & s.dames;
    let flying = p.dame.range == Range::Flying;
    for d in DIRECTIONS {
        let back = opposite(d);
        let mut movers = if s.is_forward(d) { men } else { 0 };
        if !flying {
            movers |= dames;
        }
        for to in singles(shift(movers, d) & empty) {
            each(shift(to, back), to);
        }
        if flying {
            for from in singles(dames) {
                let mut to = shift(from, d);
                while to & empty != 0 {
                    each(from, to);
                    to = shift(to, d);
                }
            }
        }
    }
}

/// How many moves without capture the mover has.
pub fn count_steps(p: &Profile, s: &Sides) -> u32 {
    let empty = s.empty();
    let men = s.own & !s.dames;
    let dames = s.own & s.dames;
    let flying = p.dame.range == Range::Flying;
    let mut n = 0;
    for d in DIRECTIONS {
        let mut movers = if s.is_forward(d) { men } else { 0 };
        if !flying {
            movers |= dames;
        }
        n += (shift(movers, d) & empty).count_ones();
        if flying {
            // Rays of different Damen in one direction never share a
            // square: each stops at the first stone.
            let mut ray = shift(dames, d) & empty;
            while ray != 0 {
                n += ray.count_ones();
                ray = shift(ray, d) & empty;
            }
        }
    }
    n
}

/// The square with bit index `i`.
#[inline]
pub fn sq(i: u8) -> Square {
    Square::from_index(usize::from(i))
}
