//! The engine's position as a few words (stones, Damen, the side to move,
//! the stones open to a huff, the plies without progress), how a listed
//! move changes it, and the outcome it stands at. Copying it is what perft
//! does at every node, so it holds no profile and nothing on the heap.

use super::super::board::Side;
use super::super::game::{DrawReason, Outcome, WinReason};
use super::super::profile::{CaptureRule, HuffTarget, Profile};
use super::movegen::{Sides, capturers};
use super::mv::{Mv, MvKind};

/// One position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pos {
    /// White's and Black's stones.
    pub stones: [u64; 2],
    /// The Damen of both sides.
    pub dames: u64,
    /// Who acts next.
    pub to_move: Side,
    /// The opponent's stones the side to move may huff (DA-6).
    pub huffable: u64,
    /// Plies in a row without a capture, a huff or a man's move (AD-11).
    pub quiet: u32,
}

/// The index of `side` in [`Pos::stones`].
#[inline]
pub fn idx(side: Side) -> usize {
    usize::from(side == Side::Black)
}

impl Pos {
    /// The stones as the side to move sees them.
    #[inline]
    pub fn sides(&self) -> Sides {
        self.sides_as(self.to_move)
    }

    /// The stones as `side`, the side to move, sees them: with `side` a
    /// constant where this is inlined, every test of the mover's side in
    /// the move generation is decided at compile time.
    #[inline(always)]
    pub fn sides_as(&self, side: Side) -> Sides {
        Sides {
            own: self.stones[idx(side)],
            enemy: self.stones[idx(side.other())],
            dames: self.dames,
            side,
        }
    }

    /// Plays `m`, a move listed for this position under `p`.
    #[inline(always)]
    pub fn play(&mut self, p: &Profile, m: &Mv) {
        self.play_as(p, m, self.to_move);
    }

    /// [`Pos::play`] with the side to move given (`side` must be
    /// `self.to_move`), for a caller that knows it as a constant.
    #[inline(always)]
    pub fn play_as(&mut self, p: &Profile, m: &Mv, side: Side) {
        let me = idx(side);
        let (f, t) = (1u64 << m.from, 1u64 << m.to);
        let mut next_huffable = 0u64;
        match m.kind {
            MvKind::Huff => {
                self.stones[1 - me] &= !f;
                self.dames &= !f;
                self.huffable = 0;
                self.quiet = 0;
                if p.huff.costs_turn {
                    self.to_move = side.other();
                }
                return;
            }
            MvKind::Step => {
                let s = self.sides_as(side);
                let dame = self.dames & f != 0;
                // Which stones had a capture open before the move (only
                // huffing asks).
                let could = if p.capture == CaptureRule::Huffing {
                    capturers(p, &s)
                } else {
                    0
                };
                self.stones[me] = (self.stones[me] & !f) | t;
                if dame {
                    self.dames = (self.dames & !f) | t;
                    self.quiet += 1;
                } else {
                    // AD-11: a man's move counts as progress only where the
                    // profile says so.
                    self.quiet = if p.draw.man_move_resets {
                        0
                    } else {
                        self.quiet + 1
                    };
                    if t & s.crown_row() != 0 {
                        self.dames |= t;
                    }
                }
                if could != 0 && (!dame || p.huff.dame_moves) {
                    next_huffable = match p.huff.target {
                        HuffTarget::CouldHaveCaptured => {
                            if could & f != 0 {
                                (could & !f) | t
                            } else {
                                could
                            }
                        }
                        HuffTarget::Moved => t,
                    };
                }
            }
            MvKind::Capture => {
                let dame = self.dames & f != 0;
                self.stones[1 - me] &= !m.taken;
                self.dames &= !m.taken;
                self.stones[me] = (self.stones[me] & !f) | t;
                if dame || m.crowned {
                    self.dames = (self.dames & !f) | t;
                }
                self.quiet = 0;
                if !m.complete && p.huff.partial {
                    next_huffable = t;
                }
            }
        }
        self.to_move = side.other();
        self.huffable = if p.capture == CaptureRule::Huffing {
            next_huffable
        } else {
            0
        };
    }

    /// The state of the game (DA-5, AD-11) given how many actions the side
    /// to move has (`actions`) and how many of them are not huffs
    /// (`moves`). The faults of the kill matrix change the order of the
    /// tests.
    pub fn outcome(&self, p: &Profile, actions: usize, moves: usize) -> Outcome {
        let f = &p.faults;
        let (mover, waiting) = (self.to_move, self.to_move.other());
        if f.no_moves_before_all_captured && actions == 0 {
            return Outcome::win(waiting, WinReason::NoLegalMove);
        }
        if self.stones[idx(mover)] == 0 {
            return Outcome::win(waiting, WinReason::AllCaptured);
        }
        if self.stones[idx(waiting)] == 0 && !f.all_captured_only_for_side_to_move {
            return Outcome::win(mover, WinReason::AllCaptured);
        }
        let n = p.draw.no_progress_plies;
        if n > 0 && self.quiet >= n {
            return Outcome::Draw(DrawReason::NoProgress);
        }
        let shut_in = if f.shut_in_before_huff {
            moves == 0
        } else {
            actions == 0
        };
        if shut_in {
            return Outcome::win(waiting, WinReason::NoLegalMove);
        }
        Outcome::Ongoing
    }
}
