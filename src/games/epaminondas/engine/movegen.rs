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
    /// The front stone's cell.
    pub front: usize,
    /// The direction, an index into `STEPS` and `Dir::ALL`.
    pub dir: usize,
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
        (self.front as isize + STEPS[self.dir] * self.distance as isize) as usize
    }

    /// The move as the protocol spells it.
    #[inline]
    pub fn mv(&self) -> Move {
        Move {
            front: square(self.front),
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
    /// The distance at which a move enters the row the side must reach and
    /// so falls under the symmetry rule (0: none).
    entry: u8,
}

/// Where the legal list is emitted to: `false` stops the generator.
pub trait Emit {
    /// One legal move.
    fn emit(&mut self, found: Found) -> bool;
}

impl<F: FnMut(Found) -> bool> Emit for F {
    #[inline]
    fn emit(&mut self, found: Found) -> bool {
        self(found)
    }
}

/// The directions on the west side of a stone, in the order their squares
/// at one distance come (south to north), then south, north, and the east
/// side.
const WEST: [usize; 3] = [5, 6, 7];
const SOUTH: usize = 4;
const NORTH: usize = 0;
const EAST: [usize; 3] = [3, 2, 1];

/// Whether moves are restricted by the symmetry rule, for one position.
#[derive(Clone, Copy)]
struct Restriction {
    /// Every move is (the scope's condition holds for the position).
    every: bool,
    /// Moves entering the target row are.
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
            let c = pos.cells[at as usize];
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
        let own = pos.cells[front];
        let mut n = 1;
        let mut at = front as isize - step;
        while pos.cells[at as usize] == own {
            n += 1;
            at -= step;
        }
        n
    }

    #[inline]
    fn ray(&self, pos: &Position, front: usize, dir: usize, target: u8) -> Ray {
        let step = STEPS[dir];
        let own = pos.cells[front];
        let ahead = pos.cells[(front as isize + step) as usize];
        if ahead == own || ahead == OFF {
            return Ray::default();
        }
        let line = Self::line_behind(pos, front, step);
        let mut empty = 0;
        let mut at = front as isize + step;
        while empty < line && pos.cells[at as usize] == EMPTY {
            empty += 1;
            at += step;
        }
        let mut ray = Ray {
            reach: empty,
            line,
            empty,
            need: 0,
            entry: 0,
        };
        if empty < line && pos.cells[at as usize] == stone(pos.to_move.opponent()) {
            let n = self.enemy_count(pos, at as usize, step);
            if self.beaten(n, line) {
                ray.reach = empty + 1;
                if !self.strength_whole {
                    ray.need = if self.or_equal { n } else { n + 1 };
                }
            }
        }
        let dr = RANK_STEP[dir];
        if dr != 0 {
            let rank = square(front).rank as i16;
            let d = (target as i16 - rank) * dr as i16;
            if d > 0 && d <= ray.reach as i16 {
                ray.entry = d as u8;
            }
        }
        ray
    }

    /// The counts that may move `distance` squares along `ray`.
    #[inline]
    fn counts(&self, ray: &Ray, distance: u8) -> (u8, u8) {
        let mut lo = if self.split { 1 } else { ray.line };
        if !self.range_whole {
            lo = lo.max(distance);
        }
        if distance > ray.empty {
            lo = lo.max(ray.need);
        }
        (lo, ray.line)
    }

    /// Emits the moves of `dir` at `distance`; `false` when stopped.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn emit_at(
        &self,
        pos: &Position,
        front: usize,
        dir: usize,
        distance: u8,
        ray: &Ray,
        restriction: Restriction,
        out: &mut impl Emit,
    ) -> bool {
        let (lo, hi) = self.counts(ray, distance);
        let restricted = restriction.every || (restriction.entries && distance == ray.entry);
        for count in lo..=hi {
            let found = Found {
                front,
                dir,
                distance,
                count,
                capture: distance > ray.empty,
            };
            if restricted && self.makes_symmetric(pos, found) {
                continue;
            }
            if !out.emit(found) {
                return false;
            }
        }
        true
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

    /// Emits every legal move of the side to move, in the order of the
    /// legal list; `false` when `out` stopped it.
    pub fn generate(&self, pos: &Position, out: &mut impl Emit) -> bool {
        let side: Side = pos.to_move;
        let target = pos.target_rank(side);
        let restriction = self.restriction(pos);
        for front in pos.stones[side.index()].ones() {
            let mut rays = [Ray::default(); 8];
            for (dir, ray) in rays.iter_mut().enumerate() {
                *ray = self.ray(pos, front, dir, target);
            }
            let mut emit = |dir: usize, d: u8| {
                d > rays[dir].reach
                    || self.emit_at(pos, front, dir, d, &rays[dir], restriction, out)
            };
            let west = WEST.iter().map(|&k| rays[k].reach).max().unwrap_or(0);
            for d in (1..=west).rev() {
                for k in WEST {
                    if !emit(k, d) {
                        return false;
                    }
                }
            }
            for d in (1..=rays[SOUTH].reach).rev() {
                if !emit(SOUTH, d) {
                    return false;
                }
            }
            for d in 1..=rays[NORTH].reach {
                if !emit(NORTH, d) {
                    return false;
                }
            }
            let east = EAST.iter().map(|&k| rays[k].reach).max().unwrap_or(0);
            for d in 1..=east {
                for k in EAST {
                    if !emit(k, d) {
                        return false;
                    }
                }
            }
        }
        true
    }
}
