//! The two-squares rule (TS-*) kept incrementally. Instead of the
//! reference's walk over the history, each player keeps the sequences the
//! rule can still continue, each a piece and the counts of the boundaries
//! its last move crossed; a move updates them in bounded time (at most
//! [`MAX_CROSSINGS`] boundaries per move, at most one open sequence per
//! piece).
//!
//! Every switch of [`TwoSquaresSwitches`] is honoured the way the reference
//! reads it: the scout readings (TS-5.1 boundaries, TS-5.2 end squares, the
//! span reading), whether another piece's move erases the count (TS-2.3),
//! whether the count belongs to the piece or to the squares (TS-2.1, AM-3),
//! and whether attacks count (TS-3.2).

use crate::games::stratego::game::TwoSquaresNote;
use crate::games::stratego::piece::Rank;
use crate::games::stratego::position::PieceId;
use crate::games::stratego::profile::{ScoutCounting, TwoSquaresSwitches};

use super::layout::{Layout, MAX_SIDE};
use super::more_squares::id_bit;

/// Most boundaries one move can cross (a scout along the longest side).
pub const MAX_CROSSINGS: usize = MAX_SIDE as usize - 1;

/// A boundary between two adjacent squares, or under `end-squares` the pair
/// of a scout's end squares (TS-5.2): the two square indices, the lower in
/// [`Square`](crate::games::stratego::square::Square) order first, so a
/// crossing in either direction is the same key (TS-3.1).
pub type Crossing = u16;

/// Builds the key of the unordered pair `a`, `b`, two squares on one file
/// or rank (every pair a move makes). On one rank the lower file comes
/// first in square order, on one file the lower rank, and in both cases
/// that is the lower index, so the order needs no table.
#[inline]
pub fn crossing(layout: &Layout, a: u8, b: u8) -> Crossing {
    let (lo, hi) = (a.min(b), a.max(b));
    debug_assert!(
        layout.order[lo as usize] <= layout.order[hi as usize],
        "a crossing joins two squares of one line"
    );
    (lo as u16) << 8 | hi as u16
}

/// The two squares of a crossing, lower first.
pub fn squares_of(c: Crossing) -> (u8, u8) {
    ((c >> 8) as u8, c as u8)
}

/// The crossings one move makes, in travel order.
#[derive(Clone, Copy, Debug, Default)]
pub struct Crossings {
    len: u8,
    keys: [Crossing; MAX_CROSSINGS],
}

impl Crossings {
    /// The crossings of a move of a `rank` piece from `from` to `to` along a
    /// file or rank. TS-5.1 (and the span reading): a scout crosses every
    /// boundary of its path; TS-5.2 (`end-squares`): only its end squares
    /// count. A one-step move crosses one boundary under every reading.
    #[inline]
    pub fn of(layout: &Layout, rank: Rank, from: u8, to: u8, scouts: ScoutCounting) -> Self {
        let mut out = Crossings::default();
        if rank == Rank::Scout && scouts != ScoutCounting::EndSquares {
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

    /// The one crossing `c`.
    #[inline]
    pub fn single(c: Crossing) -> Self {
        let mut out = Crossings::default();
        out.keys[0] = c;
        out.len = 1;
        out
    }

    /// The keys, in travel order.
    #[inline]
    pub fn keys(&self) -> &[Crossing] {
        &self.keys[..self.len as usize]
    }

    #[inline]
    fn contains(&self, c: Crossing) -> bool {
        self.keys().contains(&c)
    }
}

/// One sequence (TS-2.1): the counts of the boundaries its last move
/// crossed, and under the span reading the crossings of the move that
/// started it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Sequence {
    made: Crossings,
    counts: [u32; MAX_CROSSINGS],
    span: Crossings,
    /// The highest of `counts` (kept, since every move and every listing
    /// asks for it).
    top: u32,
}

impl Sequence {
    /// The highest count among the last move's boundaries.
    #[inline]
    pub fn count(&self) -> u32 {
        self.top
    }

    #[inline]
    fn count_of(&self, c: Crossing) -> Option<u32> {
        self.made
            .keys()
            .iter()
            .position(|&k| k == c)
            .map(|i| self.counts[i])
    }

    /// The sequence after a move making `made` that may continue `current`
    /// (TS-2.2, TS-2.3, TS-3.1), and whether it starts a new one.
    #[inline]
    fn step(
        current: Option<&Sequence>,
        made: &Crossings,
        scouts: ScoutCounting,
    ) -> (Sequence, bool) {
        let mut next = Sequence {
            made: *made,
            counts: [0; MAX_CROSSINGS],
            span: *made,
            top: 0,
        };
        let n = made.len as usize;
        if scouts == ScoutCounting::Span {
            // The span reading: the move continues when all its crossings
            // lie in the span of the sequence's first move, and the whole
            // sequence counts one more.
            let continuing = current.filter(|s| made.keys().iter().all(|&c| s.span.contains(c)));
            let count = continuing.map_or(0, Sequence::count).saturating_add(1);
            if let Some(s) = continuing {
                next.span = s.span;
            }
            next.counts[..n].fill(count);
            next.top = if n == 0 { 0 } else { count };
            return (next, continuing.is_none());
        }
        let continuing = current.filter(|s| made.keys().iter().any(|&c| s.count_of(c).is_some()));
        for (k, &c) in made.keys().iter().enumerate() {
            let before = continuing.and_then(|s| s.count_of(c)).unwrap_or(0);
            next.counts[k] = before.saturating_add(1);
            next.top = next.top.max(next.counts[k]);
        }
        (next, continuing.is_none())
    }

    /// Makes this the sequence of a move that crossed the one boundary `c`
    /// and counts `count` there (the span reading is not in force, so the
    /// span is the move's own crossing). Only the entries the record reads
    /// are written.
    #[inline]
    fn set_single(&mut self, c: Crossing, count: u32) {
        self.made.len = 1;
        self.made.keys[0] = c;
        self.counts[0] = count;
        self.span.len = 1;
        self.span.keys[0] = c;
        self.top = count;
    }

    /// Each crossing of the last move with its count, in travel order.
    pub fn crossings(&self) -> impl Iterator<Item = (Crossing, u32)> + '_ {
        self.made.keys().iter().copied().zip(self.counts)
    }
}

/// A move the rule counts, as far as the rule is concerned.
#[derive(Clone, Copy, Debug)]
pub struct Counted {
    /// The sequence the move would leave its piece with, or `None` for an
    /// attack exempt from the rule (`attacks-count: false`).
    pub next: Option<Sequence>,
    /// The note the move carries.
    pub note: (bool, u32),
}

/// One player's open sequences: with `other-piece-erases` (ISF) at most the
/// one of the player's last move, otherwise one per piece, kept in the order
/// they were last extended.
///
/// Which pieces have an open sequence, and which of those are near the
/// limit, are kept as id sets, so that closing a sequence is a bit cleared
/// (the record itself stays, unread) and the pieces the rule may restrict
/// are known without a look at the records. Ids are setup indices, below
/// 128 for every setup the engine accepts.
#[derive(Debug)]
pub struct Player {
    /// `seq[id]`: the sequence of piece `id`, read only while `id` is in
    /// `live`.
    seq: Vec<Sequence>,
    /// Piece ids with an open sequence.
    live: u128,
    /// Pieces of `live` whose every move needs a look: their highest
    /// count plus one passes the limit ([`Player::is_near`]). Kept only when
    /// counts belong to the piece; otherwise the last sequence decides.
    near: u128,
    /// Piece ids with an open sequence, oldest first.
    open: Vec<PieceId>,
}

impl Clone for Player {
    fn clone(&self) -> Self {
        Player {
            seq: self.seq.clone(),
            live: self.live,
            near: self.near,
            open: self.open.clone(),
        }
    }

    /// Reuses this player's vectors.
    fn clone_from(&mut self, other: &Self) {
        self.seq.clone_from(&other.seq);
        self.live = other.live;
        self.near = other.near;
        self.open.clone_from(&other.open);
    }
}

impl Player {
    /// No sequence yet, for a game whose setup has `pieces` pieces.
    pub fn new(pieces: usize) -> Self {
        Player {
            seq: vec![Sequence::default(); pieces],
            live: 0,
            near: 0,
            open: Vec::with_capacity(pieces),
        }
    }

    /// The open sequence of `piece`, if any.
    #[inline]
    fn of(&self, piece: PieceId) -> Option<&Sequence> {
        (self.live & id_bit(piece) != 0).then(|| &self.seq[piece as usize])
    }

    /// The sequence a move of `piece` could continue: its own (TS-2.1) or,
    /// when counts belong to squares (AM-3), the last one extended.
    #[inline]
    fn current(&self, piece: PieceId, ts: &TwoSquaresSwitches) -> Option<&Sequence> {
        if ts.per_piece {
            self.of(piece)
        } else {
            self.open.last().and_then(|&p| self.of(p))
        }
    }

    /// Whether a sequence with this highest count leaves its piece's next
    /// move able to break the limit. A move counts at most one more than
    /// the highest count of the sequence it continues (each crossing one
    /// more than before, or the span's count plus one), and 1 when it
    /// continues nothing (0 for an exempt attack); so while that highest
    /// count plus one stays within the limit, the rule refuses none of the
    /// piece's moves and they need no look at their crossings.
    #[inline]
    fn is_near(top: u32, ts: &TwoSquaresSwitches) -> bool {
        top.saturating_add(1) > ts.limit
    }

    /// The pieces whose moves the rule may refuse now (an open sequence
    /// [`Player::is_near`] the limit): `(every piece, ids)`. Only pieces with an open sequence near
    /// the limit are in `ids` (at most one under `other-piece-erases`);
    /// when counts belong to the squares (AM-3) the last sequence decides
    /// for every piece at once, and a limit of 0 refuses every move.
    #[inline]
    pub fn restricted(&self, ts: &TwoSquaresSwitches) -> (bool, u128) {
        if !ts.enabled {
            return (false, 0);
        }
        if ts.limit == 0 {
            return (true, 0);
        }
        if !ts.per_piece {
            let near = self
                .open
                .last()
                .and_then(|&p| self.of(p))
                .is_some_and(|s| Self::is_near(s.count(), ts));
            return (near, 0);
        }
        (false, self.near)
    }

    /// The one piece near the limit ([`Player::is_near`]) and the one
    /// boundary its last move crossed, when exactly one piece is near and
    /// its last move crossed one boundary (every move but a scout's longer
    /// ones). Under counts per piece that count attacks, with the scouts'
    /// boundaries read as boundaries, such a piece's moves that cross
    /// another boundary count 1, and a move back across this one counts one
    /// past its count: the rule refuses that move and no other, so the
    /// listing can treat the piece as free but for that one step.
    #[inline]
    pub fn near_single(&self) -> Option<(PieceId, Crossing)> {
        if self.near == 0 || self.near & (self.near - 1) != 0 {
            return None;
        }
        let id = self.near.trailing_zeros() as PieceId;
        let s = &self.seq[id as usize];
        (s.made.len == 1).then(|| (id, s.made.keys[0]))
    }

    /// What a move of `piece` making `made` would do (`attack`: whether it
    /// attacks).
    #[inline]
    pub fn peek(
        &self,
        piece: PieceId,
        made: &Crossings,
        attack: bool,
        ts: &TwoSquaresSwitches,
    ) -> Counted {
        if attack && !ts.attacks_count {
            return Counted {
                next: None,
                note: (true, 0),
            };
        }
        let (next, starts) = Sequence::step(self.current(piece, ts), made, ts.scouts);
        Counted {
            note: (starts, next.count()),
            next: Some(next),
        }
    }

    /// The count a move of `piece` would reach, without building the
    /// explanation: the legality hot path. A piece with nothing to continue
    /// counts 1 at once.
    #[inline]
    pub fn count(
        &self,
        piece: PieceId,
        made: impl FnOnce() -> Crossings,
        attack: bool,
        ts: &TwoSquaresSwitches,
    ) -> u32 {
        if attack && !ts.attacks_count {
            return 0;
        }
        match self.current(piece, ts) {
            None => 1,
            Some(cur) => {
                let made = made();
                if made.len == 1 && ts.scouts != ScoutCounting::Span {
                    // One crossing: [`Sequence::step`] continues the
                    // sequence exactly when the crossing is among its
                    // last move's, and counts one more there, or 1.
                    cur.count_of(made.keys[0]).unwrap_or(0).saturating_add(1)
                } else {
                    Sequence::step(Some(cur), &made, ts.scouts).0.count()
                }
            }
        }
    }

    /// Closes the sequences a move of `piece` ends (TS-2.3, TS-2.4): every
    /// open one under `other-piece-erases`, else the piece's own, which
    /// the move replaces.
    #[inline]
    fn close_for(&mut self, piece: PieceId, ts: &TwoSquaresSwitches) {
        if ts.other_piece_erases {
            self.open.clear();
            self.live = 0;
            self.near = 0;
        } else if self.live & id_bit(piece) != 0 {
            self.live &= !id_bit(piece);
            self.near &= !id_bit(piece);
            self.open.retain(|&p| p != piece);
        }
    }

    /// Opens `piece`'s sequence as the one most recently extended, its
    /// record already written.
    #[inline]
    fn open_for(&mut self, piece: PieceId, ts: &TwoSquaresSwitches) {
        self.live |= id_bit(piece);
        if ts.per_piece && Self::is_near(self.seq[piece as usize].count(), ts) {
            self.near |= id_bit(piece);
        }
        self.open.push(piece);
    }

    /// Records a played move of `piece` (TS-2.3, TS-2.4).
    #[inline]
    pub fn record(&mut self, piece: PieceId, counted: Counted, ts: &TwoSquaresSwitches) {
        self.close_for(piece, ts);
        if let Some(next) = counted.next {
            self.seq[piece as usize] = next;
            self.open_for(piece, ts);
        }
    }

    /// [`Player::peek`] and [`Player::record`] at once, for the move being
    /// played: the move's note. A move that crosses one boundary (every
    /// move but a scout's longer ones, and every scout move under
    /// `end-squares`) writes its one count in place instead of building a
    /// whole record.
    #[inline(always)]
    pub fn play(
        &mut self,
        piece: PieceId,
        made: &Crossings,
        attack: bool,
        ts: &TwoSquaresSwitches,
    ) -> (bool, u32) {
        if made.len == 1 {
            return self.play_single(piece, made.keys[0], attack, ts);
        }
        let counted = self.peek(piece, made, attack, ts);
        self.record(piece, counted, ts);
        counted.note
    }

    /// [`Player::play`] for a move that crosses the one boundary `c` (every
    /// move of a piece other than a scout).
    #[inline(always)]
    pub fn play_single(
        &mut self,
        piece: PieceId,
        c: Crossing,
        attack: bool,
        ts: &TwoSquaresSwitches,
    ) -> (bool, u32) {
        if ts.scouts == ScoutCounting::Span || (attack && !ts.attacks_count) {
            let made = Crossings::single(c);
            let counted = self.peek(piece, &made, attack, ts);
            self.record(piece, counted, ts);
            return counted.note;
        }
        let before = self.current(piece, ts).and_then(|s| s.count_of(c));
        let count = before.unwrap_or(0).saturating_add(1);
        self.seq[piece as usize].set_single(c, count);
        // `close_for` and `open_for` with the count at hand and the
        // piece's bit read once.
        let b = id_bit(piece);
        let near = if ts.per_piece && Self::is_near(count, ts) {
            b
        } else {
            0
        };
        if ts.other_piece_erases {
            // TS-2.3: every other sequence closes, so the mover's is the
            // one open; the list's one slot (the previous mover's) is
            // overwritten instead of emptied and pushed to.
            self.live = b;
            self.near = near;
            match self.open.as_mut_slice() {
                [only] => *only = piece,
                _ => {
                    self.open.clear();
                    self.open.push(piece);
                }
            }
        } else {
            self.close_for(piece, ts);
            self.live |= b;
            self.near |= near;
            self.open.push(piece);
        }
        (before.is_none(), count)
    }
}

impl Sequence {
    /// Feeds what the rule reads of the sequence to `h` (the search key of
    /// [`EngineGame::state_key`](super::game::EngineGame::state_key)).
    pub fn feed<H: std::hash::Hasher>(&self, h: &mut H) {
        let made = self.made.keys();
        h.write_usize(made.len());
        for (k, c) in made.iter().zip(&self.counts) {
            h.write_u16(*k);
            h.write_u32(*c);
        }
        let span = self.span.keys();
        h.write_usize(span.len());
        for k in span {
            h.write_u16(*k);
        }
    }
}

impl Player {
    /// Feeds the player's open sequences, in the order they were extended,
    /// to `h`.
    pub fn feed<H: std::hash::Hasher>(&self, h: &mut H) {
        h.write_usize(self.open.len());
        for &p in &self.open {
            h.write_u16(p);
        }
        for (id, s) in self.seq.iter().enumerate() {
            if self.live & id_bit(id as PieceId) != 0 {
                h.write_usize(id);
                s.feed(h);
            }
        }
    }
}

/// The note as the trait reports it.
pub fn note((starts, count): (bool, u32)) -> TwoSquaresNote {
    TwoSquaresNote { starts, count }
}
