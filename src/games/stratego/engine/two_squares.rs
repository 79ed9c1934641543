//! The two-squares rule (TS-*) kept incrementally: each player's current
//! sequence is a piece and the counts of the boundaries its last move
//! crossed, updated in constant time per move (at most [`MAX_CROSSINGS`]
//! boundaries per move), instead of the reference's walk over the history.

use crate::games::stratego::game::TwoSquaresNote;
use crate::games::stratego::piece::Rank;
use crate::games::stratego::position::PieceId;
use crate::games::stratego::profile::ScoutCounting;

use super::layout::{Layout, MAX_SIDE};

/// Most boundaries one move can cross (a scout along the longest side).
pub const MAX_CROSSINGS: usize = MAX_SIDE as usize - 1;

/// A boundary between two adjacent squares, or under `end-squares` the pair
/// of a scout's end squares (TS-5.2): the two square indices, the lower in
/// [`Square`](crate::games::stratego::square::Square) order first, so a
/// crossing in either direction is the same key (TS-3.1).
pub type Crossing = u16;

/// Builds the key of the unordered pair `a`, `b`.
#[inline]
pub fn crossing(layout: &Layout, a: u8, b: u8) -> Crossing {
    let (lo, hi) = if layout.order[a as usize] <= layout.order[b as usize] {
        (a, b)
    } else {
        (b, a)
    };
    (lo as u16) << 8 | hi as u16
}

/// The two squares of a crossing, lower first.
pub fn squares_of(c: Crossing) -> (u8, u8) {
    ((c >> 8) as u8, c as u8)
}

/// The crossings one move makes, in travel order.
#[derive(Clone, Copy, Debug)]
pub struct Crossings {
    len: u8,
    keys: [Crossing; MAX_CROSSINGS],
}

impl Crossings {
    /// The crossings of a move of a `rank` piece from `from` to `to` along a
    /// file or rank. TS-5.1: a scout crosses every boundary of its path;
    /// TS-5.2 (`end-squares`): only its end squares count. A one-step move
    /// crosses one boundary under either reading.
    #[inline]
    pub fn of(layout: &Layout, rank: Rank, from: u8, to: u8, scouts: ScoutCounting) -> Self {
        let mut out = Crossings {
            len: 0,
            keys: [0; MAX_CROSSINGS],
        };
        if rank == Rank::Scout && scouts == ScoutCounting::Boundaries {
            let d = layout
                .direction(from, to)
                .expect("a played move runs along a line");
            let mut a = from;
            while a != to {
                let b = (a as i16 + d) as u8;
                out.keys[out.len as usize] = crossing(layout, a, b);
                out.len += 1;
                a = b;
            }
        } else {
            out.keys[0] = crossing(layout, from, to);
            out.len = 1;
        }
        out
    }

    /// The keys, in travel order.
    #[inline]
    pub fn keys(&self) -> &[Crossing] {
        &self.keys[..self.len as usize]
    }
}

/// One player's current sequence (TS-2.1): the piece and the count of each
/// boundary its last move crossed.
#[derive(Clone, Copy, Debug)]
pub struct Sequence {
    piece: Option<PieceId>,
    len: u8,
    keys: [Crossing; MAX_CROSSINGS],
    counts: [u32; MAX_CROSSINGS],
}

impl Default for Sequence {
    fn default() -> Self {
        Sequence {
            piece: None,
            len: 0,
            keys: [0; MAX_CROSSINGS],
            counts: [0; MAX_CROSSINGS],
        }
    }
}

impl Sequence {
    /// The piece whose sequence this is, if the player has moved.
    #[inline]
    pub fn piece(&self) -> Option<PieceId> {
        self.piece
    }

    #[inline]
    fn count_of(&self, c: Crossing) -> Option<u32> {
        self.keys[..self.len as usize]
            .iter()
            .position(|&k| k == c)
            .map(|i| self.counts[i])
    }

    /// TS-2.2: does a move of `piece` making `made` continue this sequence?
    #[inline]
    fn continued_by(&self, piece: PieceId, made: &Crossings) -> bool {
        self.piece == Some(piece) && made.keys().iter().any(|&c| self.count_of(c).is_some())
    }

    /// The count each crossing of `made` would reach (TS-3.1), in travel
    /// order, and whether the move starts a new sequence (TS-2.3).
    #[inline]
    pub fn counts_after(&self, piece: PieceId, made: &Crossings) -> (bool, [u32; MAX_CROSSINGS]) {
        let continuing = self.continued_by(piece, made);
        let mut out = [0u32; MAX_CROSSINGS];
        for (o, &c) in out.iter_mut().zip(made.keys()) {
            let before = if continuing {
                self.count_of(c).unwrap_or(0)
            } else {
                0
            };
            *o = before.saturating_add(1);
        }
        (!continuing, out)
    }

    /// What the rule would note for the move, without playing it.
    #[inline]
    pub fn note(&self, piece: PieceId, made: &Crossings) -> (bool, u32) {
        let (starts, counts) = self.counts_after(piece, made);
        (
            starts,
            counts[..made.len as usize]
                .iter()
                .copied()
                .max()
                .unwrap_or(0),
        )
    }

    /// Plays the move into the sequence and returns its note.
    #[inline]
    pub fn step(&mut self, piece: PieceId, made: &Crossings) -> TwoSquaresNote {
        let (starts, counts) = self.counts_after(piece, made);
        let n = made.len as usize;
        self.piece = Some(piece);
        self.len = made.len;
        self.keys[..n].copy_from_slice(made.keys());
        self.counts[..n].copy_from_slice(&counts[..n]);
        TwoSquaresNote {
            starts,
            count: counts[..n].iter().copied().max().unwrap_or(0),
        }
    }
}
