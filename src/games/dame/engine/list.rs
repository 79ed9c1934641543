//! The legal moves of one position as compact records, and their count
//! without records. A capture's path and taken stones live in one shared
//! byte pool, written only when the list is asked to keep paths (the
//! `Game` path, which spells actions); perft plays from records alone and
//! counts the last ply without any.

use std::cmp::Ordering;

use super::super::moves::Action;
use super::super::profile::{CaptureRule, Majority, Profile};
use super::bits::singles;
use super::movegen::{Sides, Sink, capturers, captures, count_steps, sq, steps, steps_sorted};
use super::mv::{Mv, MvKind};
use super::position::Pos;

/// The moves of one position; its buffers are reused from position to
/// position.
#[derive(Clone, Debug, Default)]
pub struct MoveList {
    /// The moves, sorted as their actions sort when paths are kept: steps,
    /// captures, huffs.
    pub mvs: Vec<Mv>,
    /// Paths and taken stones of captures.
    pool: Vec<u8>,
    /// How many of the moves are huffs.
    pub huffs: usize,
    /// The most stones a legal capture takes (0: none).
    pub most: usize,
}

/// Keeps the chains the profile allows (AD-1: only finished ones when
/// compulsory; AD-8: only the longest under the majority rule).
struct Keep<'a> {
    list: &'a mut MoveList,
    /// Where the captures start in the list (the steps before them stay).
    base: usize,
    compulsory: bool,
    maximum: bool,
    paths: bool,
}

impl Sink for Keep<'_> {
    #[inline]
    fn chain(&mut self, path: &[u8], captured: &[u8], taken: u64, crowned: bool, complete: bool) {
        if self.compulsory && !complete {
            return;
        }
        let n = captured.len();
        if self.maximum && n < self.list.most {
            return;
        }
        if self.maximum && n > self.list.most {
            self.list.mvs.truncate(self.base);
            self.list.pool.clear();
        }
        self.list.most = self.list.most.max(n);
        let at = self.list.pool.len() as u32;
        if self.paths {
            self.list.pool.extend_from_slice(path);
            self.list.pool.extend_from_slice(captured);
        }
        self.list.mvs.push(Mv {
            kind: MvKind::Capture,
            from: path[0],
            to: path[n],
            taken,
            crowned,
            complete,
            jumps: n as u8,
            at,
        });
    }
}

/// Counts the chains [`Keep`] would keep.
struct Count {
    compulsory: bool,
    maximum: bool,
    n: usize,
    most: usize,
}

impl Sink for Count {
    #[inline]
    fn chain(&mut self, _: &[u8], captured: &[u8], _: u64, _: bool, complete: bool) {
        if self.compulsory && !complete {
            return;
        }
        let n = captured.len();
        if self.maximum {
            if n < self.most {
                return;
            }
            if n > self.most {
                self.most = n;
                self.n = 0;
            }
        }
        self.n += 1;
    }
}

/// How many actions the side to move has at `pos` under `p`, and how many
/// of them are not huffs (the outcome needs both).
pub fn count(p: &Profile, pos: &Pos) -> (usize, usize) {
    let s = pos.sides();
    let huffs = if p.capture == CaptureRule::Huffing {
        pos.huffable.count_ones() as usize
    } else {
        0
    };
    let from = capturers(p, &s);
    let caps = if from == 0 {
        0
    } else {
        let mut c = Count {
            compulsory: p.capture == CaptureRule::Compulsory,
            maximum: p.majority == Majority::Maximum,
            n: 0,
            most: 0,
        };
        captures(p, &s, from, &mut c);
        c.n
    };
    let steps = if p.capture != CaptureRule::Compulsory || caps == 0 {
        count_steps(p, &s) as usize
    } else {
        0
    };
    (caps + steps + huffs, caps + steps)
}

impl MoveList {
    /// Lists the actions of `pos` under `p` (ignoring whether the game is
    /// over); with `paths`, keeps each capture's path and sorts the list as
    /// the actions sort.
    pub fn fill(&mut self, p: &Profile, pos: &Pos, paths: bool) {
        self.mvs.clear();
        self.pool.clear();
        self.most = 0;
        self.huffs = 0;
        let s: Sides = pos.sides();
        let from = capturers(p, &s);
        // Any jump open starts a chain, and every chain ends in a finished
        // one: under compulsory capture the steps are listed only when no
        // stone can jump.
        if p.capture != CaptureRule::Compulsory || from == 0 {
            let push = |mvs: &mut Vec<Mv>, f: u64, t: u64| {
                mvs.push(Mv::simple(
                    MvKind::Step,
                    f.trailing_zeros() as u8,
                    t.trailing_zeros() as u8,
                ));
            };
            if paths {
                steps_sorted(p, &s, |f, t| push(&mut self.mvs, f, t));
            } else {
                steps(p, &s, |f, t| push(&mut self.mvs, f, t));
            }
        }
        if from != 0 {
            self.push_captures(p, &s, from, paths);
        }
        if p.capture == CaptureRule::Huffing {
            // Lowest square first: already in order, after the rest.
            for b in singles(pos.huffable) {
                let at = b.trailing_zeros() as u8;
                self.mvs.push(Mv::simple(MvKind::Huff, at, at));
                self.huffs += 1;
            }
        }
    }

    /// Makes this list a copy of `other` in its own buffers (no
    /// allocation once they are as large).
    pub fn copy_from(&mut self, other: &MoveList) {
        self.mvs.clone_from(&other.mvs);
        self.pool.clone_from(&other.pool);
        self.huffs = other.huffs;
        self.most = other.most;
    }

    /// Lists only the captures of `s`'s stones among `from` (the stones
    /// [`capturers`] found, non-zero), paths kept and in action order: what
    /// the native random games ask for where a capture is open.
    pub fn fill_captures(&mut self, p: &Profile, s: &Sides, from: u64) {
        self.mvs.clear();
        self.pool.clear();
        self.most = 0;
        self.huffs = 0;
        self.push_captures(p, s, from, true);
    }

    /// Appends the captures the profile allows after the moves listed so
    /// far; with `paths`, sorted as their actions sort.
    fn push_captures(&mut self, p: &Profile, s: &Sides, from: u64, paths: bool) {
        let base = self.mvs.len();
        let mut keep = Keep {
            list: self,
            base,
            compulsory: p.capture == CaptureRule::Compulsory,
            maximum: p.majority == Majority::Maximum,
            paths,
        };
        captures(p, s, from, &mut keep);
        if paths {
            let pool = &self.pool;
            self.mvs[base..].sort_unstable_by(|a, b| order(pool, a, b));
        }
    }

    /// The path of a kept capture (start, then each landing).
    pub fn path(&self, m: &Mv) -> &[u8] {
        let at = m.at as usize;
        &self.pool[at..at + usize::from(m.jumps) + 1]
    }

    /// The stones a kept capture takes, in order.
    pub fn captured(&self, m: &Mv) -> &[u8] {
        let at = m.at as usize + usize::from(m.jumps) + 1;
        &self.pool[at..at + usize::from(m.jumps)]
    }

    /// The action of a listed move (paths kept).
    pub fn action(&self, m: &Mv) -> Action {
        match m.kind {
            MvKind::Step => Action::Step {
                from: sq(m.from),
                to: sq(m.to),
            },
            MvKind::Capture => Action::Capture(self.path(m).iter().map(|&i| sq(i)).collect()),
            MvKind::Huff => Action::Huff(sq(m.from)),
        }
    }

    /// Where `action` stands in the sorted list, if listed.
    pub fn find(&self, action: &Action) -> Option<usize> {
        self.mvs.binary_search_by(|m| self.against(m, action)).ok()
    }

    /// How the listed `m` sorts against `action`, as the actions would.
    fn against(&self, m: &Mv, action: &Action) -> Ordering {
        match action {
            Action::Step { from, to } => m
                .kind
                .cmp(&MvKind::Step)
                .then_with(|| (sq(m.from), sq(m.to)).cmp(&(*from, *to))),
            Action::Capture(path) => m.kind.cmp(&MvKind::Capture).then_with(|| {
                self.path(m)
                    .iter()
                    .map(|&i| sq(i))
                    .cmp(path.iter().copied())
            }),
            Action::Huff(s) => m.kind.cmp(&MvKind::Huff).then_with(|| sq(m.from).cmp(s)),
        }
    }
}

/// The order of the actions of two kept captures: by path.
fn order(pool: &[u8], a: &Mv, b: &Mv) -> Ordering {
    let pa = &pool[a.at as usize..a.at as usize + usize::from(a.jumps) + 1];
    let pb = &pool[b.at as usize..b.at as usize + usize::from(b.jumps) + 1];
    pa.cmp(pb)
}
