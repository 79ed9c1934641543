//! The engine's move generator: a compact board seen from the mover, the
//! legal plays of a roll as distinct resulting positions, written into a
//! reused buffer (no allocation once the buffer has grown).
//!
//! Written apart from the reference (`reference/plays.rs`): the two share
//! the position type and the spelling, never the rules. The two faults that
//! let a checker stop on a closed point in transit are not played here: the
//! engine refuses profiles with them (`Engine::supports`).

use crate::games::backgammon::board::{BAR, OFF, Player, Position, Step};
use crate::games::backgammon::profile::Faults;

/// The board from the mover's side: `me[p]` and `them[p]` are checkers on
/// each side's own point `p` (1..=24), index 25 the bar, index 0 off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    /// The mover's checkers.
    pub me: [u8; 26],
    /// The opponent's checkers, in the opponent's numbers.
    pub them: [u8; 26],
}

impl Board {
    /// The board of `pos` seen by `mover`.
    pub fn of(pos: &Position, mover: Player) -> Self {
        let mut b = Board {
            me: [0; 26],
            them: [0; 26],
        };
        for (side, arr) in [(mover, &mut b.me), (mover.other(), &mut b.them)] {
            let i = side.index();
            arr[1..25].copy_from_slice(&pos.points[i][1..25]);
            arr[25] = pos.bar[i];
            arr[0] = pos.off[i];
        }
        b
    }

    /// Back to a position, `mover` being the side `me` belongs to.
    pub fn position(&self, mover: Player) -> Position {
        let mut pos = Position::empty();
        for (side, arr) in [(mover, &self.me), (mover.other(), &self.them)] {
            let i = side.index();
            pos.points[i][1..25].copy_from_slice(&arr[1..25]);
            pos.bar[i] = arr[25];
            pos.off[i] = arr[0];
        }
        pos
    }

    /// The mover's pip count: the distance its checkers still travel, a
    /// checker on the bar (index 25) being 25 pips from home.
    pub fn pip_count(&self) -> u32 {
        Self::pips_of(&self.me)
    }

    /// The opponent's pip count, in the opponent's own numbers.
    pub fn opponent_pip_count(&self) -> u32 {
        Self::pips_of(&self.them)
    }

    fn pips_of(side: &[u8; 26]) -> u32 {
        side.iter()
            .enumerate()
            .skip(1)
            .fold(0, |sum, (point, &n)| sum + point as u32 * u32::from(n))
    }

    /// The highest point (or the bar, 25) where the mover has a checker.
    #[inline]
    fn highest(&self) -> u8 {
        (1..=25u8)
            .rev()
            .find(|&p| self.me[p as usize] > 0)
            .unwrap_or(0)
    }

    /// One step of `die` from `from`, if legal: the step, and whether it
    /// hit. Changes `self` only when it returns `Some`.
    #[inline]
    fn try_step(&mut self, from: u8, die: u8, f: &Faults) -> Option<Step> {
        let fi = from as usize;
        if self.me[fi] == 0 {
            return None;
        }
        if from != BAR && self.me[25] > 0 && !f.move_while_on_bar {
            return None;
        }
        if from > die {
            let to = from - die;
            let opp = 25 - to as usize;
            if self.them[opp] >= 2 && !f.land_on_point {
                return None;
            }
            let hit = self.them[opp] == 1;
            if hit {
                self.them[opp] = 0;
                self.them[25] += 1;
            }
            self.me[fi] -= 1;
            self.me[to as usize] += 1;
            return Some(Step { from, to, hit });
        }
        // Bearing off: everything home (or the fault's shortcut).
        let high = self.highest();
        let home = self.me[25] == 0 && (high <= 6 || (f.bear_off_once_started && self.me[0] > 0));
        if !(home || f.bear_off_not_home) {
            return None;
        }
        if from < die && !f.bear_off_any_higher && high > from {
            return None;
        }
        self.me[fi] -= 1;
        self.me[0] += 1;
        Some(Step {
            from,
            to: OFF,
            hit: false,
        })
    }
}

/// One play found: the resulting board, its least route key's steps, and
/// the dice that route used.
#[derive(Clone, Copy, Debug)]
pub struct Found {
    /// The board after the play.
    pub after: Board,
    /// Steps, sorted from the highest start (`n` of them used).
    pub steps: [Step; 4],
    /// The dice of those steps.
    pub dice: [u8; 4],
    /// How many steps.
    pub n: u8,
}

impl Found {
    /// The steps in use.
    pub fn steps(&self) -> &[Step] {
        &self.steps[..usize::from(self.n)]
    }

    fn key(&self) -> [(u8, u8); 4] {
        let mut k = [(0u8, 0u8); 4];
        for (slot, s) in k.iter_mut().zip(self.steps()) {
            *slot = (s.from, s.to);
        }
        k
    }
}

const NO_STEP: Step = Step {
    from: 0,
    to: 0,
    hit: false,
};

/// The generator and its buffers.
#[derive(Default)]
pub struct MoveGen {
    raw: Vec<Found>,
    /// The legal plays of the last `generate`, one per resulting board.
    pub plays: Vec<Found>,
}

impl MoveGen {
    /// Fills `self.plays` with the legal plays of dice `hi`, `lo` for the
    /// mover of `board`.
    pub fn generate(&mut self, board: &Board, hi: u8, lo: u8, f: &Faults) {
        self.raw.clear();
        self.plays.clear();
        let mut cur = Found {
            after: *board,
            steps: [NO_STEP; 4],
            dice: [0; 4],
            n: 0,
        };
        if hi == lo {
            let times = if f.doubles_twice { 2 } else { 4 };
            self.doubles(&mut cur, hi, times, 25, f);
        } else {
            self.pair(&mut cur, [hi, lo], f);
            self.pair(&mut cur, [lo, hi], f);
        }
        let most = self.raw.iter().map(|r| r.n).max().unwrap_or(0);
        let high_alone =
            most == 1 && hi != lo && self.raw.iter().any(|r| r.n == 1 && r.dice[0] == hi);
        let raw = std::mem::take(&mut self.raw);
        for r in &raw {
            if r.n == 0 || (!f.not_maximal && r.n < most) {
                continue;
            }
            if high_alone && !f.either_die && r.dice[0] != hi {
                continue;
            }
            let mut r = *r;
            sort_steps(&mut r);
            match self.plays.iter_mut().find(|p| p.after == r.after) {
                Some(p) => {
                    if r.key() < p.key() {
                        *p = r;
                    }
                }
                None => self.plays.push(r),
            }
        }
        self.raw = raw;
        for p in &mut self.plays {
            mark_hits(p);
        }
    }

    /// Two different dice in the order given.
    fn pair(&mut self, cur: &mut Found, dice: [u8; 2], f: &Faults) {
        let mut moved = false;
        for from in (1..=25u8).rev() {
            let mut b = cur.after;
            let Some(s) = b.try_step(from, dice[0], f) else {
                continue;
            };
            moved = true;
            let mut any_second = false;
            for from2 in (1..=25u8).rev() {
                let mut b2 = b;
                if let Some(s2) = b2.try_step(from2, dice[1], f) {
                    any_second = true;
                    self.push(cur, &[(s, dice[0]), (s2, dice[1])], b2);
                }
            }
            if !any_second || f.not_maximal {
                self.push(cur, &[(s, dice[0])], b);
            }
        }
        if !moved {
            self.push(cur, &[], cur.after);
        }
    }

    /// A double: up to `left` more steps, each from `max_from` or lower.
    fn doubles(&mut self, cur: &mut Found, d: u8, left: u8, max_from: u8, f: &Faults) {
        let mut moved = false;
        if left > 0 {
            for from in (1..=max_from).rev() {
                let mut b = cur.after;
                if let Some(s) = b.try_step(from, d, f) {
                    moved = true;
                    let saved = *cur;
                    let k = usize::from(cur.n);
                    cur.steps[k] = s;
                    cur.dice[k] = d;
                    cur.n += 1;
                    cur.after = b;
                    self.doubles(cur, d, left - 1, from, f);
                    *cur = saved;
                }
            }
        }
        if !moved || (f.not_maximal && cur.n > 0) {
            self.raw.push(*cur);
        }
    }

    fn push(&mut self, cur: &Found, steps: &[(Step, u8)], after: Board) {
        let mut r = *cur;
        for (k, (s, d)) in steps.iter().enumerate() {
            r.steps[k] = *s;
            r.dice[k] = *d;
        }
        r.n = steps.len() as u8;
        r.after = after;
        self.raw.push(r);
    }
}

/// Sorts a play's steps from the highest start, then the highest end,
/// keeping each step's die with it.
fn sort_steps(r: &mut Found) {
    let n = usize::from(r.n);
    let mut pairs = [(NO_STEP, 0u8); 4];
    for (k, slot) in pairs.iter_mut().enumerate().take(n) {
        *slot = (r.steps[k], r.dice[k]);
    }
    pairs[..n].sort_by_key(|p| std::cmp::Reverse((p.0.from, p.0.to)));
    for (k, (s, d)) in pairs.iter().enumerate().take(n) {
        r.steps[k] = *s;
        r.dice[k] = *d;
    }
}

/// The hit marks of the canonical spelling: on the first step, in order,
/// ending on each point where the play hit.
fn mark_hits(r: &mut Found) {
    let n = usize::from(r.n);
    let mut hit_points = [0u8; 4];
    let mut h = 0;
    for s in &r.steps[..n] {
        if s.hit && !hit_points[..h].contains(&s.to) {
            hit_points[h] = s.to;
            h += 1;
        }
    }
    let mut marked = [0u8; 4];
    let mut m = 0;
    for s in &mut r.steps[..n] {
        s.hit = hit_points[..h].contains(&s.to) && !marked[..m].contains(&s.to);
        if s.hit {
            marked[m] = s.to;
            m += 1;
        }
    }
}

/// Perft over the engine: the anchors' definition (see the reference's).
pub fn perft(board: &Board, depth: u32, gens: &mut Vec<MoveGen>) -> u64 {
    if depth == 0 {
        return 1;
    }
    let level = depth as usize;
    while gens.len() <= level {
        gens.push(MoveGen::default());
    }
    let f = Faults::default();
    let mut n = 0;
    for hi in 1..=6u8 {
        for lo in 1..=hi {
            let mut g = std::mem::take(&mut gens[level]);
            g.generate(board, hi, lo, &f);
            if g.plays.is_empty() {
                let flipped = Board {
                    me: board.them,
                    them: board.me,
                };
                n += perft(&flipped, depth - 1, gens);
            } else if depth == 1 {
                n += g.plays.len() as u64;
            } else {
                for p in &g.plays {
                    let flipped = Board {
                        me: p.after.them,
                        them: p.after.me,
                    };
                    n += perft(&flipped, depth - 1, gens);
                }
            }
            gens[level] = g;
        }
    }
    n
}
