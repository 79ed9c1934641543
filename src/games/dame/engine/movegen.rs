//! Move generation on bitboards, without allocating: steps by shifting
//! whole sets of stones, captures by a depth-first search that keeps the
//! path and the taken stones on fixed arrays and hands every chain it
//! finds to a [`Sink`] (which counts it, keeps it, or both). Whether any
//! capture is open at all is answered by shifts alone for every stone that
//! is not a flying Dame, so the common position without a capture never
//! starts the search.

use super::super::board::{Side, Square};
use super::super::profile::{Crowning, Landing, Profile, Range, Reach, Removal};
use super::bits::{DARK, DIRECTIONS, RANK_1, RANK_8, nth_set_bit, shift, singles};

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
    pub(super) fn empty(&self) -> u64 {
        !(self.own | self.enemy)
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
#[inline]
pub fn capturers(p: &Profile, s: &Sides) -> u64 {
    let [m0, m1, m2, m3] = short_jumpers(p, s);
    let empty = s.empty();
    let e = s.enemy;
    let mut found = m0 & sh::<3>(sh::<3>(empty) & e)
        | m1 & sh::<2>(sh::<2>(empty) & e)
        | m2 & sh::<1>(sh::<1>(empty) & e)
        | m3 & sh::<0>(sh::<0>(empty) & e);
    if p.dame.range == Range::Flying {
        for b in singles(s.own & s.dames) {
            if flying_jump_open(p, s, b) {
                found |= b;
            }
        }
    }
    found
}

/// The mover's stones that capture one square at a time in each of the
/// four directions: men (forward, or every way when men capture
/// backward) and Damen that do not fly.
#[inline(always)]
pub(super) fn short_jumpers(p: &Profile, s: &Sides) -> [u64; 4] {
    let men = s.own & !s.dames;
    let dames = if p.dame.range == Range::Flying {
        0
    } else {
        s.own & s.dames
    };
    let ahead = men | dames;
    let behind = if p.men_capture_backward { ahead } else { dames };
    match s.side {
        Side::White => [ahead, ahead, behind, behind],
        Side::Black => [behind, behind, ahead, ahead],
    }
}

/// The mover's stones that step one square in each of the four
/// directions: men forward, and Damen every way unless they fly (a flying
/// Dame's moves are rays, listed apart).
#[inline(always)]
fn short_steppers(p: &Profile, s: &Sides) -> [u64; 4] {
    let men = s.own & !s.dames;
    let short = if p.dame.range == Range::Flying {
        0
    } else {
        s.own & s.dames
    };
    let (ahead, behind) = (men | short, short);
    match s.side {
        Side::White => [ahead, ahead, behind, behind],
        Side::Black => [behind, behind, ahead, ahead],
    }
}

/// One step in the constant direction `D` (see [`shift`]).
#[inline(always)]
pub(super) fn sh<const D: usize>(b: u64) -> u64 {
    shift(b, D)
}

/// Whether the flying Dame on `b` has a jump open, nothing taken yet.
fn flying_jump_open(p: &Profile, s: &Sides, b: u64) -> bool {
    let occ = (s.own | s.enemy) & !b;
    DIRECTIONS.into_iter().any(|d| {
        let mut over = shift(b, d);
        if p.dame.reach == Reach::Distance {
            while over != 0 && over & occ == 0 {
                over = shift(over, d);
            }
        }
        let to = shift(over, d);
        over & s.enemy != 0 && to != 0 && to & occ == 0
    })
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
/// The jumps are those of [`jumps_into`], each followed down before the
/// next is looked for.
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
    let mut occ = (s.own | s.enemy) & !origin;
    if p.removal == Removal::AtOnce {
        occ &= !taken;
    }
    let at_node = Node {
        origin,
        free: !occ,
        prey: s.enemy & !taken,
        dame,
        taken,
        len,
    };
    if dame && p.dame.range == Range::Flying {
        return search_flying(p, s, &at_node, at, occ, trail, sink);
    }
    // A stone that moves one square: each direction at most one jump.
    let all_ways = dame || p.men_capture_backward;
    let (fwd, back) = match s.side {
        Side::White => (true, all_ways),
        Side::Black => (all_ways, true),
    };
    let mut any = false;
    if fwd {
        any |= jump(p, s, &at_node, sh::<0>(at), sh::<0>, trail, sink);
        any |= jump(p, s, &at_node, sh::<1>(at), sh::<1>, trail, sink);
    }
    if back {
        any |= jump(p, s, &at_node, sh::<2>(at), sh::<2>, trail, sink);
        any |= jump(p, s, &at_node, sh::<3>(at), sh::<3>, trail, sink);
    }
    any
}

/// What a search node knows: the moving stone's start, the free squares
/// and the stones still to take as it sees them, whether it moves as a
/// Dame, what it has taken, and how many jumps it made plus one.
struct Node {
    origin: u64,
    free: u64,
    prey: u64,
    dame: bool,
    taken: u64,
    len: usize,
}

/// The one jump of a stone that moves one square over `over` (the next
/// square in direction `step`), if a stone to take stands there and the
/// square behind it is free; followed down.
#[inline(always)]
fn jump<S: Sink>(
    p: &Profile,
    s: &Sides,
    n: &Node,
    over: u64,
    step: fn(u64) -> u64,
    trail: &mut Trail,
    sink: &mut S,
) -> bool {
    if over & n.prey == 0 {
        return false;
    }
    let to = step(over) & n.free;
    if to == 0 {
        return false;
    }
    land(p, s, n, over, to, trail, sink);
    true
}

/// A flying Dame's jumps (AD-5, AD-6), in [`jumps_into`]'s order.
fn search_flying<S: Sink>(
    p: &Profile,
    s: &Sides,
    n: &Node,
    at: u64,
    occ: u64,
    trail: &mut Trail,
    sink: &mut S,
) -> bool {
    let distance = p.dame.reach == Reach::Distance;
    let beyond = p.dame.landing == Landing::AnyBeyond;
    let mut any = false;
    for d in DIRECTIONS {
        let mut over = shift(at, d);
        if distance {
            while over != 0 && over & occ == 0 {
                over = shift(over, d);
            }
        }
        if over & n.prey == 0 {
            continue;
        }
        let mut to = shift(over, d);
        while to != 0 && to & occ == 0 {
            any = true;
            land(p, s, n, over, to, trail, sink);
            if !beyond {
                break;
            }
            to = shift(to, d);
        }
    }
    any
}

/// The jump over `over` to `to` from node `n`: recorded on the trail,
/// followed down, then handed to the sink with whether it could go on.
#[inline(always)]
fn land<S: Sink>(
    p: &Profile,
    s: &Sides,
    n: &Node,
    over: u64,
    to: u64,
    trail: &mut Trail,
    sink: &mut S,
) {
    let len = n.len;
    trail.path[len] = to.trailing_zeros() as u8;
    trail.captured[len - 1] = over.trailing_zeros() as u8;
    let was_man = s.dames & n.origin == 0;
    let on_crown = was_man && to & s.crown_row() != 0;
    let (next_dame, stop) = if !n.dame && on_crown {
        match p.crowning {
            Crowning::EndsMove => (true, true),
            Crowning::ContinuesAsDame => (true, false),
            Crowning::PassesThrough => (false, false),
        }
    } else {
        (n.dame, false)
    };
    let taken = n.taken | over;
    let more = !stop && search(p, s, n.origin, to, next_dame, taken, len + 1, trail, sink);
    sink.chain(
        &trail.path[..=len],
        &trail.captured[..len],
        taken,
        was_man && (next_dame || on_crown),
        !more,
    );
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

/// Every move without capture in the order their actions sort: by start
/// square, then by target square (each stone's targets gathered as one
/// set of bits, read lowest first).
pub fn steps_sorted(p: &Profile, s: &Sides, mut each: impl FnMut(u64, u64)) {
    let empty = s.empty();
    for from in singles(s.own) {
        for to in singles(step_targets(p, s, from, empty)) {
            each(from, to);
        }
    }
}

/// The free squares the stone on `from` (a single bit of the mover's)
/// reaches without capture: a man one square forward, a short Dame one
/// square each way, a flying Dame along each diagonal up to the first
/// stone.
#[inline(always)]
fn step_targets(p: &Profile, s: &Sides, from: u64, empty: u64) -> u64 {
    let dame = s.dames & from != 0;
    if dame && p.dame.range == Range::Flying {
        ray::<0>(from, empty)
            | ray::<1>(from, empty)
            | ray::<2>(from, empty)
            | ray::<3>(from, empty)
    } else {
        let white = s.side == Side::White;
        let mut t = 0;
        if dame || white {
            t |= sh::<0>(from) | sh::<1>(from);
        }
        if dame || !white {
            t |= sh::<2>(from) | sh::<3>(from);
        }
        t & empty
    }
}

/// The moves without capture of one position as sets of start squares:
/// for the stones that move one square (men forward, Damen that do not
/// fly every way), one set a direction; the flying Damen apart. Counting
/// them is four population counts, and the `i`-th in action order is found
/// by walking only the stones that can move, each stone's directions read
/// as four bits, without listing a move.
pub struct StepSets {
    /// The stones that can step in each direction (see [`shift`]).
    from: [u64; 4],
    /// The mover's flying Damen.
    flying: u64,
    /// The free squares.
    empty: u64,
}

/// For four bits (bit 0 for direction 3, bit 1 for 2, bit 2 for 1, bit 3
/// for 0: the order of the target squares, lowest first), how many are set.
pub(super) const POP4: [u32; 16] = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];

/// For four bits as in [`POP4`] and an index below their count, the
/// rotation that takes a stone to its target in the direction of that set
/// bit: 55 (64 − 9) for south-west, 57 (64 − 7) for south-east, 7 for
/// north-west and 9 for north-east. A rotation is the shift, as the target
/// is on the board.
pub(super) const ROTATION: [[u8; 4]; 16] = {
    let rot = [55u8, 57, 7, 9];
    let mut t = [[0u8; 4]; 16];
    let mut m = 0;
    while m < 16 {
        let mut k = 0;
        let mut bit = 0;
        while bit < 4 {
            if m & (1 << bit) != 0 {
                t[m][k] = rot[bit];
                k += 1;
            }
            bit += 1;
        }
        m += 1;
    }
    t
};

impl StepSets {
    /// The moves without capture of the side to move.
    #[inline]
    pub fn new(p: &Profile, s: &Sides) -> StepSets {
        let empty = s.empty();
        let dames = s.own & s.dames;
        let flying = p.dame.range == Range::Flying;
        let [m0, m1, m2, m3] = short_steppers(p, s);
        StepSets {
            from: [
                m0 & sh::<3>(empty),
                m1 & sh::<2>(empty),
                m2 & sh::<1>(empty),
                m3 & sh::<0>(empty),
            ],
            flying: if flying { dames } else { 0 },
            empty,
        }
    }

    /// How many moves without capture there are ([`count_steps`]).
    #[inline]
    pub fn count(&self) -> u32 {
        let [a, b, c, d] = self.from;
        let mut n = a.count_ones() + b.count_ones() + c.count_ones() + d.count_ones();
        for f in singles(self.flying) {
            n += self.flying_targets(f).count_ones();
        }
        n
    }

    fn flying_targets(&self, from: u64) -> u64 {
        let e = self.empty;
        ray::<0>(from, e) | ray::<1>(from, e) | ray::<2>(from, e) | ray::<3>(from, e)
    }

    /// The `i`-th move in [`steps_sorted`]'s order (by start square, then
    /// target square), as (from, to) bits; `i` must be below
    /// [`StepSets::count`].
    #[inline(always)]
    pub fn nth(&self, mut i: u32) -> (u64, u64) {
        let [f0, f1, f2, f3] = self.from;
        // When the side's stones step only forward, or only backward (men
        // alone, or Damen that all face one way), each stone has two ways
        // at most, and a stone on the dark square `x` that steps south-west
        // or north-west is set at `x`, one that steps south-east or
        // north-east at `x + 1` (a light square: those never start on file
        // h). The set bits then stand in action order, and the `i`-th is
        // found by population counts without walking the stones.
        let (back, ahead) = (f3 | f2 << 1, f1 | f0 << 1);
        if self.flying == 0 && (back == 0 || ahead == 0) {
            let x = nth_set_bit(back | ahead, i);
            let light = (!DARK >> x) & 1;
            let from = 1u64 << (x - light as u32);
            // South-west is 9 down, south-east 7; north-west 7 up,
            // north-east 9.
            let to = if back == 0 {
                from << (7 + 2 * light)
            } else {
                from >> (9 - 2 * light)
            };
            return (from, to);
        }
        let mut movers = f0 | f1 | f2 | f3 | self.flying;
        while movers != 0 {
            let from = movers & movers.wrapping_neg();
            movers ^= from;
            if from & self.flying != 0 {
                let targets = self.flying_targets(from);
                let n = targets.count_ones();
                if i < n {
                    let mut t = targets;
                    for _ in 0..i {
                        t &= t - 1;
                    }
                    return (from, t & t.wrapping_neg());
                }
                i -= n;
                continue;
            }
            let k = from.trailing_zeros();
            let ways = ((f3 >> k) & 1)
                | ((f2 >> k) & 1) << 1
                | ((f1 >> k) & 1) << 2
                | ((f0 >> k) & 1) << 3;
            let n = POP4[ways as usize];
            if i < n {
                let r = ROTATION[ways as usize][i as usize];
                return (from, from.rotate_left(u32::from(r)));
            }
            i -= n;
        }
        unreachable!("a step index below the count of steps")
    }
}

/// The free squares from `from` in direction `D` up to the first stone or
/// the edge.
#[inline(always)]
fn ray<const D: usize>(from: u64, empty: u64) -> u64 {
    let mut out = 0;
    let mut to = sh::<D>(from) & empty;
    while to != 0 {
        out |= to;
        to = sh::<D>(to) & empty;
    }
    out
}

/// How many moves without capture the mover has.
pub fn count_steps(p: &Profile, s: &Sides) -> u32 {
    let empty = s.empty();
    let dames = s.own & s.dames;
    let flying = p.dame.range == Range::Flying;
    let [m0, m1, m2, m3] = short_steppers(p, s);
    let mut n = 0;
    if m0 | m1 != 0 {
        n += (sh::<0>(m0) & empty).count_ones() + (sh::<1>(m1) & empty).count_ones();
    }
    if m2 | m3 != 0 {
        n += (sh::<2>(m2) & empty).count_ones() + (sh::<3>(m3) & empty).count_ones();
    }
    if flying && dames != 0 {
        for d in DIRECTIONS {
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
