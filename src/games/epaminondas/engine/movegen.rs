//! The engine's move generator. For each stone of the side to move and each
//! direction it reads the line once: the own stones behind it (the line a
//! moving part is taken from), the empty squares ahead, and the enemy line
//! met, if any. From that summary (a [`Ray`]) the legal counts at each
//! distance form one interval, so no candidate is built and refused: a move
//! is only built as a position when the symmetry rule restricts it.
//!
//! The moves come out in the order of the legal list (front square, then
//! landing square, then count), so the list needs no sort: stones are
//! walked in cell order, and a stone's landing squares in cell order, which
//! on the file-major grid is west to east, south to north (see
//! [`layout`](super::layout)).

use crate::games::epaminondas::board::Side;
use crate::games::epaminondas::moves::Move;
use crate::games::epaminondas::profile::{SymmetryMap, SymmetryScope};

use super::Rules;
use super::layout::{RANK_STEP, STEPS, square};
use super::position::{EMPTY, OFF, Position, stone};
use super::symmetry::symmetric;

/// A legal move as the generator (or the judge) found it: the cells and
/// numbers needed to spell it and to play it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found {
    /// The front stone's cell (every cell of the grid is below 256, so a
    /// byte: the whole move fits a register).
    pub front: u8,
    /// The direction, an index into `STEPS` and `Dir::ALL`.
    pub dir: u8,
    /// Squares travelled.
    pub distance: u8,
    /// Stones moving.
    pub count: u8,
    /// Whether the front stone lands on an enemy stone.
    pub capture: bool,
}

impl Found {
    /// The landing cell.
    #[inline]
    pub fn to(&self) -> usize {
        (self.front as isize + STEPS[self.dir as usize] * self.distance as isize) as usize
    }

    /// The move as the protocol spells it.
    #[inline]
    pub fn mv(&self) -> Move {
        Move {
            front: square(self.front as usize),
            to: square(self.to()),
            count: self.count,
        }
    }
}

/// What one direction offers a stone: how far it can go, and from which
/// count on at each distance.
#[derive(Clone, Copy, Debug, Default)]
struct Ray {
    /// The furthest legal distance; 0 when the stone cannot move this way
    /// (an own stone or the edge right ahead: it is not a front stone).
    reach: u8,
    /// Own stones in the unbroken line from the stone backwards, itself
    /// included: the most stones that can move.
    line: u8,
    /// Empty squares ahead, counted up to `line`.
    empty: u8,
    /// The fewest moving stones that capture at distance `empty + 1`.
    need: u8,
}

/// Where the generator puts the legal moves. It hands them over a block at
/// a time: one front stone, direction and distance, every count from
/// `found.count` to `last` (the counts of a block are consecutive).
pub trait Sink {
    /// The moves `found` with counts `found.count..=last`; `false` stops
    /// the generator.
    fn block(&mut self, found: Found, last: u8) -> bool;
}

/// The legal list: each block spelt as moves. The sink owns the list, so
/// that a push reaches its length and capacity through one pointer, not
/// two.
pub struct List(pub Vec<Move>);

impl Sink for List {
    #[inline]
    fn block(&mut self, found: Found, last: u8) -> bool {
        let (front, to) = (square(found.front as usize), square(found.to()));
        // A counted loop, not a `RangeInclusive` (whose end flag costs a
        // test a move); a block is never empty, but an empty one is handled.
        let mut count = found.count;
        while count <= last {
            self.0.push(Move { front, to, count });
            if count == last {
                break;
            }
            count += 1;
        }
        true
    }
}

/// A count of the legal moves.
pub struct Count(pub u64);

impl Sink for Count {
    #[inline]
    fn block(&mut self, found: Found, last: u8) -> bool {
        self.0 += u64::from(last - found.count) + 1;
        true
    }
}

/// Stops at the first legal move.
pub struct Any;

impl Sink for Any {
    #[inline]
    fn block(&mut self, _: Found, _: u8) -> bool {
        false
    }
}

/// Each legal move, one at a time, to a closure (`false` stops).
pub struct Each<F>(pub F);

impl<F: FnMut(Found) -> bool> Sink for Each<F> {
    #[inline]
    fn block(&mut self, found: Found, last: u8) -> bool {
        (found.count..=last).all(|count| (self.0)(Found { count, ..found }))
    }
}

/// The directions as indices into `STEPS`: the west side of a stone, in
/// the order their squares at one distance come (south to north), south,
/// north, and the east side (south to north).
const SW: usize = 5;
const W: usize = 6;
const NW: usize = 7;
const SOUTH: usize = 4;
const NORTH: usize = 0;
const SE: usize = 3;
const E: usize = 2;
const NE: usize = 1;

/// Which moves of a position the symmetry rule restricts.
#[derive(Clone, Copy)]
struct Restriction {
    /// Every move (the scope's condition holds for the position).
    every: bool,
    /// Moves whose front stone lands on the row the side must reach from
    /// off it (`symmetry.scope=home-row-entries`).
    entries: bool,
}

impl Rules {
    /// Whether `enemy` stones beat a moving part of `strength` stones
    /// (EP-4.2: fewer, or under `capture.stronger=or-equal` as many).
    #[inline]
    pub(super) fn beaten(&self, enemy: u8, strength: u8) -> bool {
        if self.or_equal {
            enemy <= strength
        } else {
            enemy < strength
        }
    }

    /// The enemy stones that count against a capture on the enemy-held
    /// cell `contact`, moving by `step` (EP-4.2, AE-2).
    #[inline]
    pub(super) fn enemy_count(&self, pos: &Position, contact: usize, step: isize) -> u8 {
        let enemy = stone(pos.to_move.opponent());
        let mut n = 0;
        let mut at = contact as isize;
        loop {
            let c = pos.cell(at as usize);
            if c == enemy {
                n += 1;
            } else if c == OFF || !self.to_edge {
                return n;
            }
            at += step;
        }
    }

    /// Own stones in line from `front` backwards against `step`, `front`
    /// included.
    #[inline]
    pub(super) fn line_behind(pos: &Position, front: usize, step: isize) -> u8 {
        let own = pos.cell(front);
        let mut n = 1;
        let mut at = front as isize - step;
        while pos.cell(at as usize) == own {
            n += 1;
            at -= step;
        }
        n
    }

    /// The two rays of the axis through `front` along `step` and against
    /// it. Both read the stone's two neighbours on the axis: a direction is
    /// open only when the square ahead is neither own nor off the board,
    /// and the own line behind a stone is longer than the stone itself only
    /// when the square ahead the other way is own, that is when the other
    /// direction is closed. So an axis reads its own line once at most, and
    /// a lone stone's line is 1 without a walk.
    #[inline(always)]
    fn axis(&self, pos: &Position, front: usize, step: isize, own: u8, enemy: u8) -> (Ray, Ray) {
        let ahead = pos.cell((front as isize + step) as usize);
        let behind = pos.cell((front as isize - step) as usize);
        let forward = if ahead == own || ahead == OFF {
            Ray::default()
        } else {
            let line = if behind == own {
                Self::line_behind(pos, front, step)
            } else {
                1
            };
            self.open_ray(pos, front, step, ahead, line, enemy)
        };
        let backward = if behind == own || behind == OFF {
            Ray::default()
        } else {
            let line = if ahead == own {
                Self::line_behind(pos, front, -step)
            } else {
                1
            };
            self.open_ray(pos, front, -step, behind, line, enemy)
        };
        (forward, backward)
    }

    /// The ray of an open direction: `ahead` (empty or enemy) is the square
    /// next to `front` along `step`, `line` the own stones from `front`
    /// backwards.
    #[inline(always)]
    fn open_ray(
        &self,
        pos: &Position,
        front: usize,
        step: isize,
        ahead: u8,
        line: u8,
        enemy: u8,
    ) -> Ray {
        // The empty squares ahead, counted up to `line`, and the square
        // after them.
        let mut empty = 0u8;
        let mut next = front as isize + step;
        let mut cell = ahead;
        while cell == EMPTY && empty < line {
            empty += 1;
            next += step;
            cell = pos.cell(next as usize);
        }
        let mut ray = Ray {
            reach: empty,
            line,
            empty,
            need: 0,
        };
        if empty < line && cell == enemy {
            let n = self.enemy_count(pos, next as usize, step);
            if self.beaten(n, line) {
                ray.reach = empty + 1;
                if !self.strength_whole {
                    ray.need = if self.or_equal { n } else { n + 1 };
                }
            }
        }
        ray
    }

    /// The rays of the stone on `front` in the eight directions, in the
    /// order of `STEPS`, each axis read with its step a constant.
    #[inline(always)]
    fn rays(&self, pos: &Position, front: usize, own: u8, enemy: u8) -> [Ray; 8] {
        let (n, s) = self.axis(pos, front, STEPS[0], own, enemy);
        let (ne, sw) = self.axis(pos, front, STEPS[1], own, enemy);
        let (e, w) = self.axis(pos, front, STEPS[2], own, enemy);
        let (se, nw) = self.axis(pos, front, STEPS[3], own, enemy);
        [n, ne, e, se, s, sw, w, nw]
    }

    /// The counts that may move `distance` squares along `ray`: the first
    /// and the last. `PART` is true only when a front part may move and
    /// goes as far as its own stones (`phalanx.split=front-part`,
    /// `phalanx.range=moving-stones`, the seed's switches), so that the
    /// first count is the distance without reading either switch.
    #[inline(always)]
    fn counts<const PART: bool>(&self, ray: &Ray, distance: u8) -> (u8, u8) {
        let mut lo = if PART {
            distance
        } else {
            let mut lo = if self.split { 1 } else { ray.line };
            if !self.range_whole {
                lo = lo.max(distance);
            }
            lo
        };
        if distance > ray.empty {
            lo = lo.max(ray.need);
        }
        (lo, ray.line)
    }

    /// Hands over the moves of `dir` at `distance`; `false` when stopped.
    #[inline(always)]
    fn block_at<const PART: bool>(
        &self,
        pos: &Position,
        found: Found,
        ray: &Ray,
        restricted: bool,
        out: &mut impl Sink,
    ) -> bool {
        let (lo, hi) = self.counts::<PART>(ray, found.distance);
        let found = Found {
            count: lo,
            capture: found.distance > ray.empty,
            ..found
        };
        if !restricted {
            return out.block(found, hi);
        }
        self.block_restricted(pos, found, hi, out)
    }

    /// The moves `found` with counts `found.count..=last`, each handed over
    /// unless it makes the forbidden symmetry; `false` when stopped. Out of
    /// line: the rare case, kept out of the eight inlined emitters.
    #[inline(never)]
    fn block_restricted(
        &self,
        pos: &Position,
        found: Found,
        last: u8,
        out: &mut impl Sink,
    ) -> bool {
        (found.count..=last).all(|count| {
            let one = Found { count, ..found };
            self.makes_symmetric(pos, one) || out.block(one, count)
        })
    }

    /// Hands over the moves of the stone on `front` in direction `dir` at
    /// `distance`, if it reaches that far; `false` when stopped. `entry` is
    /// the distance at which a move towards the target row enters it
    /// (0, never, unless the scope restricts entries); `toward` the rank
    /// step towards it. Called with `dir` a constant, so that the step and
    /// the rank step fold away.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn emit<const PART: bool>(
        &self,
        pos: &Position,
        front: usize,
        rays: &[Ray; 8],
        dir: usize,
        distance: u8,
        entry: u8,
        toward: i8,
        every: bool,
        out: &mut impl Sink,
    ) -> bool {
        let ray = &rays[dir];
        if distance > ray.reach {
            return true;
        }
        let restricted = every || (distance == entry && RANK_STEP[dir] == toward);
        let found = Found {
            front: front as u8,
            dir: dir as u8,
            distance,
            count: 0,
            capture: false,
        };
        self.block_at::<PART>(pos, found, ray, restricted, out)
    }

    /// Whether playing `found` leaves a position with the forbidden
    /// symmetry.
    pub(super) fn makes_symmetric(&self, pos: &Position, found: Found) -> bool {
        let mut after = pos.clone();
        self.play_on(&mut after, found, &mut [0; 16]);
        symmetric(&after.stones, pos.size, self.map)
    }

    fn restriction(&self, pos: &Position) -> Restriction {
        if self.map == SymmetryMap::None {
            return Restriction {
                every: false,
                entries: false,
            };
        }
        let side = pos.to_move;
        Restriction {
            every: match self.scope {
                SymmetryScope::HomeRowEntries => false,
                SymmetryScope::AnsweringIncursion => {
                    pos.crossed(side.opponent()) > pos.crossed(side)
                }
                SymmetryScope::EveryMove => true,
            },
            entries: self.scope == SymmetryScope::HomeRowEntries,
        }
    }

    /// Hands every legal move of the side to move to `out`, in the order
    /// of the legal list; `false` when `out` stopped it.
    pub fn generate(&self, pos: &Position, out: &mut impl Sink) -> bool {
        if self.split && !self.range_whole {
            self.generate_with::<true>(pos, out)
        } else {
            self.generate_with::<false>(pos, out)
        }
    }

    /// [`generate`](Self::generate), with the switches of
    /// [`counts`](Self::counts) folded in when `PART`.
    #[inline(always)]
    fn generate_with<const PART: bool>(&self, pos: &Position, out: &mut impl Sink) -> bool {
        let side: Side = pos.to_move;
        let (own, enemy) = (stone(side), stone(side.opponent()));
        let target = pos.target_rank(side) as i16;
        let toward: i8 = if side == Side::White { 1 } else { -1 };
        let restriction = self.restriction(pos);
        let every = restriction.every;
        for front in pos.stones[side.index()].ones() {
            let rays = self.rays(pos, front, own, enemy);
            let [n, ne, e, se, s, sw, w, nw] = rays.map(|r| r.reach);
            let west = sw.max(w).max(nw);
            let east = se.max(e).max(ne);
            if west | east | n | s == 0 {
                continue;
            }
            // The distance at which a move towards the target row enters it.
            let entry = if restriction.entries {
                ((target - square(front).rank as i16) * toward as i16) as u8
            } else {
                0
            };
            let emit = |dir: usize, distance: u8, out: &mut _| {
                self.emit::<PART>(pos, front, &rays, dir, distance, entry, toward, every, out)
            };
            // Landing cells in increasing order: the west side by distance
            // from the furthest (south-west before west before north-west
            // at each), south from the furthest, north and the east side
            // from the nearest.
            for d in (1..=west).rev() {
                if !(emit(SW, d, out) && emit(W, d, out) && emit(NW, d, out)) {
                    return false;
                }
            }
            for d in (1..=s).rev() {
                if !emit(SOUTH, d, out) {
                    return false;
                }
            }
            for d in 1..=n {
                if !emit(NORTH, d, out) {
                    return false;
                }
            }
            for d in 1..=east {
                if !(emit(SE, d, out) && emit(E, d, out) && emit(NE, d, out)) {
                    return false;
                }
            }
        }
        true
    }
}
