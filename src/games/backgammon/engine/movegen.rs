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
}

const NO_STEP: Step = Step {
    from: 0,
    to: 0,
    hit: false,
};

/// The rule switches the generator reads, copied out of [`Faults`] once a
/// roll.
#[derive(Clone, Copy, Debug)]
struct Switches {
    move_while_on_bar: bool,
    land_on_point: bool,
    bear_off_once_started: bool,
    bear_off_not_home: bool,
    bear_off_any_higher: bool,
    not_maximal: bool,
}

impl Switches {
    fn of(f: &Faults) -> Self {
        Switches {
            move_while_on_bar: f.move_while_on_bar,
            land_on_point: f.land_on_point,
            bear_off_once_started: f.bear_off_once_started,
            bear_off_not_home: f.bear_off_not_home,
            bear_off_any_higher: f.bear_off_any_higher,
            not_maximal: f.not_maximal,
        }
    }
}

/// The weight of one checker on point `p` (0 off, 25 the bar) in a play's
/// code: one hexadecimal digit a point.
const fn weight(p: u8) -> u128 {
    1 << (4 * p as u32)
}

/// The code of "nothing moved yet": every point's digit at 4, so that a
/// change of −4 to +4 checkers (a play has at most four steps) keeps the
/// digit within 0..=8 and never borrows from its neighbour.
const UNMOVED: u128 = {
    let mut c = 0u128;
    let mut p = 0;
    while p < 26 {
        c += 4 * weight(p);
        p += 1;
    }
    c
};

/// [`weight`] of every point, looked up (a shift of 128 bits by a
/// variable amount costs several instructions).
const WEIGHTS: [u128; 26] = {
    let mut w = [0u128; 26];
    let mut p = 0;
    while p < 26 {
        w[p] = weight(p as u8);
        p += 1;
    }
    w
};

/// The bit of a hit on point `to` (1..=24), above the 26 digits, looked
/// up by point.
const HIT_BITS: [u128; 25] = {
    let mut h = [0u128; 25];
    let mut t = 1;
    while t < 25 {
        h[t] = 1 << (103 + t as u32);
        t += 1;
    }
    h
};

/// A route being walked: the board it reached, the mover's occupied points
/// as bits (1..=25), the steps so far and the play's exact code.
///
/// The code identifies the resulting board among the plays of one roll:
/// the mover's change on each point as a digit (−4..=+4, offset by 4) and
/// the points where it hit as bits. Two routes leave one board exactly
/// when their codes are equal (the opponent's side changes only by the
/// hits), so a table of codes finds a repeated board without comparing
/// boards.
#[derive(Debug)]
struct Walk {
    board: Board,
    occupied: u32,
    code: u128,
    steps: [Step; 4],
    dice: [u8; 4],
    n: usize,
    /// The steps' packed key in the order walked ([`packed_key`]).
    key: u64,
    sw: Switches,
}

impl Walk {
    fn new(board: &Board, sw: Switches) -> Self {
        // Eight points at a time: a byte's top bit set when the byte is not
        // zero, the eight top bits gathered by one multiplication.
        let mut occupied = 0u32;
        for (i, chunk) in board.me.chunks(8).enumerate() {
            let mut bytes = [0u8; 8];
            bytes[..chunk.len()].copy_from_slice(chunk);
            let x = u64::from_le_bytes(bytes);
            const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
            let top = (((x & LOW7) + LOW7) | x) & !LOW7;
            let gathered = ((top >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32;
            occupied |= gathered << (8 * i);
        }
        // Off (index 0) is not a point a checker moves from.
        occupied &= !1;
        debug_assert!((0..26).all(|p| (occupied >> p & 1 == 1) == (p > 0 && board.me[p] > 0)));
        Walk {
            board: *board,
            occupied,
            code: UNMOVED,
            steps: [NO_STEP; 4],
            dice: [0; 4],
            n: 0,
            key: 0,
            sw,
        }
    }

    /// The points a checker may start from, as bits: the bar alone while a
    /// checker stands on it (BG-5.2), else every occupied point.
    #[inline]
    fn movable(&self) -> u32 {
        if self.board.me[25] > 0 && !self.sw.move_while_on_bar {
            self.occupied & (1 << 25)
        } else {
            self.occupied
        }
    }

    /// Plays one step of `die` from `from` (a point in [`Self::movable`])
    /// and pushes it with its die, if legal; returns whether it did.
    #[inline(always)]
    fn step(&mut self, from: u8, die: u8) -> bool {
        let fi = usize::from(from);
        let (to, hit) = if from > die {
            let to = from - die;
            let opp = 25 - usize::from(to);
            let them = self.board.them[opp];
            if them >= 2 && !self.sw.land_on_point {
                return false;
            }
            let hit = them == 1;
            if hit {
                self.board.them[opp] = 0;
                self.board.them[25] += 1;
                self.code |= HIT_BITS[usize::from(to)];
            }
            self.board.me[usize::from(to)] += 1;
            self.occupied |= 1 << to;
            (to, hit)
        } else {
            // Bearing off (BG-6): everything home, and a larger die only
            // from the highest point.
            let high = 31 - self.occupied.leading_zeros() as u8;
            let home = self.board.me[25] == 0
                && (high <= 6 || (self.sw.bear_off_once_started && self.board.me[0] > 0));
            if !(home || self.sw.bear_off_not_home) {
                return false;
            }
            if from < die && !self.sw.bear_off_any_higher && high > from {
                return false;
            }
            self.board.me[0] += 1;
            (OFF, false)
        };
        self.board.me[fi] -= 1;
        if self.board.me[fi] == 0 {
            self.occupied &= !(1 << from);
        }
        self.code = self.code - WEIGHTS[fi] + WEIGHTS[usize::from(to)];
        let k = self.n & 3;
        self.steps[k] = Step { from, to, hit };
        self.dice[k] = die;
        self.key |= step_key(from, to) << key_shift(k);
        self.n += 1;
        true
    }

    /// Takes back the last step.
    #[inline(always)]
    fn undo(&mut self) {
        self.n -= 1;
        let k = self.n & 3;
        self.key &= !(0x3ff << key_shift(k));
        let Step { from, to, hit } = self.steps[k];
        // Blank, so that a play copies the arrays whole.
        self.steps[k] = NO_STEP;
        self.dice[k] = 0;
        let ti = usize::from(to);
        self.code = self.code + WEIGHTS[usize::from(from)] - WEIGHTS[ti];
        self.board.me[usize::from(from)] += 1;
        self.occupied |= 1 << from;
        self.board.me[ti] -= 1;
        if to != OFF && self.board.me[ti] == 0 {
            self.occupied &= !(1 << to);
        }
        if hit {
            self.board.them[25 - ti] = 1;
            self.board.them[25] -= 1;
            self.code &= !HIT_BITS[ti];
        }
    }
}

impl Walk {
    /// The play of the route walked, its steps sorted (`swap`: the two
    /// steps change places); the steps past the last are blank
    /// ([`Self::undo`] blanks them).
    #[inline]
    fn found(&self, swap: bool) -> Found {
        let mut r = Found {
            after: self.board,
            steps: self.steps,
            dice: self.dice,
            n: self.n as u8,
        };
        if swap {
            r.steps.swap(0, 1);
            r.dice.swap(0, 1);
        }
        r
    }

    /// The key of a two-step route sorted, and whether sorting swapped it.
    #[inline]
    fn pair_key(&self) -> (u64, bool) {
        let a = self.key >> key_shift(0);
        let b = (self.key >> key_shift(1)) & 0x3ff;
        if a < b {
            (b << key_shift(0) | a << key_shift(1), true)
        } else {
            (self.key, false)
        }
    }
}

/// A step's ten bits in a packed key.
#[inline]
fn step_key(from: u8, to: u8) -> u64 {
    u64::from(from) << 5 | u64::from(to)
}

/// Where the `k`-th step's bits sit in a packed key: the first highest.
#[inline]
fn key_shift(k: usize) -> u32 {
    30 - 10 * k as u32
}

/// The highest point of a set of points as bits (not empty).
#[inline]
fn top(bits: u32) -> u8 {
    31 - bits.leading_zeros() as u8
}

/// The points up to `p`, as bits.
#[inline]
fn up_to(p: u8) -> u32 {
    (2u32 << p) - 1
}

/// The packed order key of sorted steps: each step's start and end in ten
/// bits, the first step highest, so that packed keys compare as the
/// step lists do (a missing step is (0, 0), as in the lists' padding).
#[inline]
fn packed_key(steps: &[Step]) -> u64 {
    let mut k = 0u64;
    for i in 0..4 {
        k <<= 10;
        if let Some(s) = steps.get(i) {
            k |= step_key(s.from, s.to);
        }
    }
    k
}

/// One slot of the code table: the generation it was written in, and the
/// play it points to.
#[derive(Clone, Copy, Default)]
struct Slot {
    stamp: u32,
    play: u32,
}

/// The generator and its buffers.
#[derive(Default)]
pub struct MoveGen {
    /// The legal plays of the last `generate`, one per resulting board.
    pub plays: Vec<Found>,
    /// Beside each play: its code and its packed key.
    codes: Vec<(u128, u64)>,
    /// Open addressing on the codes, `Slot::stamp` telling the slots of
    /// this roll from stale ones (nothing to clear between rolls).
    table: Vec<Slot>,
    stamp: u32,
    /// The most dice any route used so far.
    most: usize,
}

impl MoveGen {
    /// Fills `self.plays` with the legal plays of dice `hi`, `lo` for the
    /// mover of `board`.
    ///
    /// Every route of the dice is walked (two orders of two different
    /// dice; a double's steps from non-increasing starts, without
    /// recursion); a route is kept when it uses the most dice (BG-3.5),
    /// and one play is kept per resulting board, the route with the least
    /// key giving its spelling. When only one die can be played, the
    /// larger must be (BG-3.6).
    pub fn generate(&mut self, board: &Board, hi: u8, lo: u8, f: &Faults) {
        let sw = Switches::of(f);
        self.plays.clear();
        self.codes.clear();
        self.most = 0;
        self.next_stamp();
        let mut w = Walk::new(board, sw);
        if hi == lo {
            let times = if f.doubles_twice { 2 } else { 4 };
            self.doubles(&mut w, hi, times);
        } else {
            self.pair(&mut w, hi, lo, false);
            self.pair(&mut w, lo, hi, true);
        }
        // Only a play whose code has a hit bit has hit marks to set.
        for (p, (code, _)) in self.plays.iter_mut().zip(&self.codes) {
            if *code >> 104 != 0 {
                mark_hits(p);
            }
        }
        // The hi-first routes come first, so a board that one die of
        // either size reaches is credited to the larger.
        if hi != lo && self.most == 1 && !f.either_die && self.plays.iter().any(|p| p.dice[0] == hi)
        {
            self.plays.retain(|p| p.dice[0] == hi);
        }
    }

    /// Two different dice in the order given. In the `second_pass`
    /// (smaller die first) a route of two checkers that neither enters nor
    /// bears off, where the second checker did not arrive with the first
    /// step, is skipped: the same two steps, larger die first, were legal
    /// on the first pass (the starts were occupied, the ends are not
    /// closed, no bar or home-board condition to change) and left the
    /// same board with the same key, which that pass kept.
    fn pair(&mut self, w: &mut Walk, first: u8, second: u8, second_pass: bool) {
        // Without the two faults below, a first-pass route of two
        // checkers that neither enters nor bears off, where neither
        // checker starts on the other's end, leaves a board no other route
        // leaves: its change of the mover's side takes one checker off
        // each start and puts one on each end, and with two different
        // dice only these two steps give that change (the reversed order,
        // the only other route of the same steps, is skipped in the second
        // pass). Such a route is a new play without a look in the table.
        let direct = !second_pass && !w.sw.not_maximal && !w.sw.move_while_on_bar;
        let mut starts = w.movable();
        while starts != 0 {
            let from = top(starts);
            starts &= !(1 << from);
            if !w.step(from, first) {
                continue;
            }
            let mut any_second = false;
            let to = w.steps[0].to;
            let plain = second_pass && from != BAR && to != OFF;
            let simple = direct && from != BAR && to != OFF;
            let mut starts2 = w.movable();
            while starts2 != 0 {
                let from2 = top(starts2);
                starts2 &= !(1 << from2);
                if w.step(from2, second) {
                    any_second = true;
                    let seen = plain && from2 != BAR && from2 != to && w.steps[1].to != OFF;
                    if !seen {
                        let (key, swap) = w.pair_key();
                        let to2 = w.steps[1].to;
                        if simple && from2 != to && to2 != OFF && to2 != from {
                            debug_assert_ne!(from2, BAR);
                            self.push_unique(w, key, swap);
                        } else {
                            self.record(w, key, swap);
                        }
                    }
                    w.undo();
                }
            }
            if !any_second || w.sw.not_maximal {
                self.record(w, w.key, false);
            }
            w.undo();
        }
    }

    /// A double: up to `times` steps of `d`, each from the start of the one
    /// before or lower (each set of steps walked once), depth first with a
    /// stack of untried starts per level.
    ///
    /// Without the fault `not_maximal`, every play has the same number of
    /// steps, and a route whose steps each move a checker exactly `d`
    /// points (no checker borne off from below `d`) is a new play without
    /// a look in the table: the change of the mover's side is the set of
    /// starts shifted by `d` less the set itself, which gives the set back,
    /// and each set is walked once; a route that bears off from below `d`
    /// moves fewer pips, so its board differs too. The starts never rise,
    /// so such a step, if any, is the last.
    fn doubles(&mut self, w: &mut Walk, d: u8, times: usize) {
        let direct = !w.sw.not_maximal;
        let mut untried = [0u32; 4];
        let mut moved = [false; 4];
        untried[0] = w.movable();
        let mut level = 0;
        loop {
            if untried[level] != 0 {
                let from = top(untried[level]);
                untried[level] &= !(1 << from);
                if !w.step(from, d) {
                    continue;
                }
                moved[level] = true;
                if level + 1 < times {
                    level += 1;
                    untried[level] = w.movable() & up_to(from);
                    moved[level] = false;
                } else {
                    if direct && from >= d {
                        self.push_unique(w, w.key, false);
                    } else {
                        self.record(w, w.key, false);
                    }
                    w.undo();
                }
                continue;
            }
            // Every start of this level tried: the route that stops here
            // counts when nothing more moved (or, under `not_maximal`,
            // always).
            if !moved[level] || (w.sw.not_maximal && level > 0) {
                if direct && level > 0 && w.steps[level - 1].from >= d {
                    self.push_unique(w, w.key, false);
                } else {
                    self.record(w, w.key, false);
                }
            }
            if level == 0 {
                break;
            }
            level -= 1;
            w.undo();
        }
    }

    /// Keeps the route `w` has walked: a new board becomes a play; a board
    /// found before keeps the route with the least key. `key` is the
    /// route's packed key ([`packed_key`] of its sorted steps), `swap`
    /// whether its two steps are out of that order (a double's steps come
    /// sorted: starts never rise, and one die's end rises with its start).
    #[inline]
    fn record(&mut self, w: &Walk, key: u64, swap: bool) {
        let n = w.n;
        if n == 0 {
            return;
        }
        debug_assert_eq!(key, packed_key(w.found(swap).steps()), "{w:?}");
        if w.sw.not_maximal {
            self.most = self.most.max(n);
        } else if !self.admits_length(n) {
            return;
        }
        if self.codes.len() * 2 >= self.table.len() {
            self.grow();
        }
        let mask = self.table.len() - 1;
        let mut i = slot_of(w.code, mask);
        loop {
            let s = self.table[i];
            if s.stamp != self.stamp {
                debug_assert!(
                    self.codes.iter().all(|&(c, _)| c != w.code),
                    "a board found twice: {w:?}"
                );
                self.table[i] = Slot {
                    stamp: self.stamp,
                    play: self.plays.len() as u32,
                };
                self.plays.push(w.found(swap));
                self.codes.push((w.code, key));
                return;
            }
            let k = s.play as usize;
            if self.codes[k].0 == w.code {
                if key < self.codes[k].1 {
                    self.plays[k] = w.found(swap);
                    self.codes[k].1 = key;
                }
                return;
            }
            i = (i + 1) & mask;
        }
    }

    /// Keeps the route `w` has walked, known to leave a board that no
    /// other route of this roll leaves (see the callers): a new play,
    /// without a look in the table. `key` and `swap` as for
    /// [`Self::record`]; never under the fault `not_maximal`.
    #[inline]
    fn push_unique(&mut self, w: &Walk, key: u64, swap: bool) {
        let n = w.n;
        debug_assert!(!w.sw.not_maximal);
        debug_assert_eq!(key, packed_key(w.found(swap).steps()), "{w:?}");
        if !self.admits_length(n) {
            return;
        }
        debug_assert!(
            self.codes.iter().all(|&(c, _)| c != w.code),
            "a board found twice: {w:?}"
        );
        self.plays.push(w.found(swap));
        self.codes.push((w.code, key));
    }

    /// Whether a route of `n` dice may stand beside the plays kept so far:
    /// only routes that use the most dice are plays (BG-3.5), so a shorter
    /// one is dropped and a longer one drops those kept before it.
    #[inline]
    fn admits_length(&mut self, n: usize) -> bool {
        if n < self.most {
            return false;
        }
        if n > self.most {
            self.plays.clear();
            self.codes.clear();
            self.next_stamp();
            self.most = n;
        }
        true
    }

    /// A fresh generation of the table: every slot stale.
    fn next_stamp(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.table.fill(Slot::default());
            self.stamp = 1;
        }
    }

    /// Doubles the table (at least 64 slots) and puts the plays back.
    fn grow(&mut self) {
        let len = (self.table.len() * 2).max(64);
        self.table = vec![Slot::default(); len];
        self.stamp = 1;
        let mask = len - 1;
        for (k, (code, _)) in self.codes.iter().enumerate() {
            let mut i = slot_of(*code, mask);
            while self.table[i].stamp == self.stamp {
                i = (i + 1) & mask;
            }
            self.table[i] = Slot {
                stamp: self.stamp,
                play: k as u32,
            };
        }
    }
}

/// A code's first slot in a table of `mask + 1` slots.
#[inline]
fn slot_of(code: u128, mask: usize) -> usize {
    let h = (code as u64 ^ (code >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (h >> 40) as usize & mask
}

/// The hit marks of the canonical spelling: on the first step, in order,
/// ending on each point where the play hit.
fn mark_hits(r: &mut Found) {
    let n = usize::from(r.n);
    if !r.steps[..n].iter().any(|s| s.hit) {
        return;
    }
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

#[cfg(test)]
mod literal;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix;

    /// A board of 15 checkers a side spread by `rng`: `home` keeps the
    /// mover's checkers in its home board or off (bearing off), `bar`
    /// puts some on the bar; the opponent never shares a point with it.
    fn random_board(rng: &mut SplitMix, home: bool, bar: bool) -> Board {
        let mut b = Board {
            me: [0; 26],
            them: [0; 26],
        };
        let mut left = 15;
        while left > 0 {
            let r = rng.next_u64();
            let p = if bar && r.is_multiple_of(7) {
                25
            } else if r.is_multiple_of(11) {
                0
            } else if home {
                1 + (r >> 8) % 6
            } else {
                1 + (r >> 8) % 24
            } as usize;
            b.me[p] += 1;
            left -= 1;
        }
        let mut left = 15;
        while left > 0 {
            let r = rng.next_u64();
            let q = if r.is_multiple_of(9) {
                25
            } else if r.is_multiple_of(13) {
                0
            } else {
                1 + (r >> 8) % 24
            } as usize;
            if (1..=24).contains(&q) && b.me[25 - q] > 0 {
                continue;
            }
            b.them[q] += 1;
            left -= 1;
        }
        b
    }

    fn fault_set(k: u64) -> Faults {
        let mut f = Faults::default();
        let bits = if k < 9 {
            if k == 0 { 0 } else { 1 << (k - 1) }
        } else {
            k
        };
        f.either_die = bits & 1 != 0;
        f.not_maximal = bits & 2 != 0;
        f.doubles_twice = bits & 4 != 0;
        f.move_while_on_bar = bits & 8 != 0;
        f.land_on_point = bits & 16 != 0;
        f.bear_off_any_higher = bits & 32 != 0;
        f.bear_off_not_home = bits & 64 != 0;
        f.bear_off_once_started = bits & 128 != 0;
        f
    }

    type Listed = (Board, Vec<Step>, Vec<u8>);

    fn listed(plays: &[Found]) -> Vec<Listed> {
        let mut v: Vec<Listed> = plays
            .iter()
            .map(|p| {
                (
                    p.after,
                    p.steps().to_vec(),
                    p.dice[..usize::from(p.n)].to_vec(),
                )
            })
            .collect();
        v.sort();
        v
    }

    /// The generator lists, for every roll, the very plays of the literal
    /// one (`literal.rs`): the same boards, spellings, hit marks and dice,
    /// on random boards (spread, bearing off, on the bar, and positions of
    /// random games) under no fault, each fault alone and random sets.
    #[test]
    fn plays_equal_the_literal_generators() {
        let mut rng = SplitMix(30);
        let mut mg = MoveGen::default();
        let mut boards = Vec::new();
        for i in 0..600 {
            boards.push(random_board(&mut rng, i % 3 == 1, i % 4 == 2));
        }
        // Random games from the start, both sides by the generator.
        for g in 0..16u64 {
            let mut b = Board::of(
                &crate::games::backgammon::board::Position::standard(),
                crate::games::backgammon::board::Player::White,
            );
            for _ in 0..150 {
                let hi = 1 + (rng.next_u64() % 6) as u8;
                let lo = 1 + (rng.next_u64() % u64::from(hi)) as u8;
                mg.generate(&b, hi, lo, &Faults::default());
                if mg.plays.iter().any(|p| p.after.me[0] == 15) {
                    break;
                }
                if !mg.plays.is_empty() {
                    b = mg.plays[(rng.next_u64() % mg.plays.len() as u64) as usize].after;
                }
                b = Board {
                    me: b.them,
                    them: b.me,
                };
                if g % 2 == 0 {
                    boards.push(b);
                }
            }
        }
        let mut compared = 0u64;
        for (i, b) in boards.iter().enumerate() {
            let sets = [0, 1 + (i as u64 % 8), rng.next_u64() % 256];
            for k in sets {
                let f = fault_set(k);
                for hi in 1..=6u8 {
                    for lo in 1..=hi {
                        mg.generate(b, hi, lo, &f);
                        let old = literal::generate(b, hi, lo, &f);
                        assert_eq!(
                            listed(&mg.plays),
                            listed(&old),
                            "board {b:?}, roll {hi}-{lo}, faults {f:?}"
                        );
                        compared += old.len() as u64;
                    }
                }
            }
        }
        assert!(compared > 50_000, "only {compared} plays compared");
    }
}
