//! The positions of a game so far, kept for repetition (CH-6): each one's
//! key, how many times that key has stood up to it, and whether its side
//! to move stood in check (perpetual check, CH-7).
//!
//! Why the count needs no scan of the whole game: a key holds every
//! piece's square, so two positions with equal keys have the same pieces
//! and the same pawns. The number of pieces never grows, and without a
//! capture the pawns only advance or promote, so no position before a
//! capture or a pawn move can equal one after it. The count of a new
//! position is therefore found among the positions since the last
//! capture or pawn move (the *window*). The positions are found by a
//! 64-bit digest of their key: a map from each digest to the last position
//! that had it, and from each position to the one before it with the same
//! digest, so a count looks only at positions of that digest, however long
//! the window (a scan of the whole window made a game of n plies cost n²).

use std::collections::HashMap;

/// No position: the end of a chain of equal digests.
const NONE: u32 = u32::MAX;

/// What repetition compares (CH-6.1), from bitboards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Key {
    pub(super) pieces: [u64; 6],
    pub(super) white: u64,
    pub(super) side: u8,
    pub(super) castling: u8,
    pub(super) ep: u8,
}

impl Key {
    /// A digest of the key: equal keys have equal digests, so a differing
    /// digest rules a key out without comparing all of it.
    fn digest(&self) -> u64 {
        const K: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut h = u64::from(self.side) | u64::from(self.castling) << 8 | u64::from(self.ep) << 16;
        for w in self.pieces.iter().chain(std::iter::once(&self.white)) {
            h = (h.rotate_left(23) ^ w).wrapping_mul(K);
        }
        h ^ (h >> 29)
    }
}

/// One position of the game.
#[derive(Clone, Copy, Debug)]
struct Entry {
    key: Key,
    digest: u64,
    /// How many times this key has stood, this time included.
    count: u32,
    /// The highest `count` in the window up to this position.
    most: u32,
    /// The index of the window's first position.
    start: u32,
    /// Whether the side to move here is in check.
    checked: bool,
    /// The index of the last earlier position with the same digest, or
    /// [`NONE`].
    prev: u32,
}

/// The positions from the setup to now.
#[derive(Debug, Default)]
pub(super) struct History {
    entries: Vec<Entry>,
    /// Each digest of `entries` and the index of the last entry with it.
    last_of: HashMap<u64, u32>,
}

/// A copy keeps the room of the original (a derived clone would shrink it
/// to the game's length), so that a game started from a copy does not
/// allocate either.
impl Clone for History {
    fn clone(&self) -> Self {
        let mut entries = Vec::with_capacity(self.entries.capacity());
        entries.extend_from_slice(&self.entries);
        let mut last_of = HashMap::with_capacity(self.last_of.capacity());
        last_of.extend(self.last_of.iter().map(|(d, i)| (*d, *i)));
        History { entries, last_of }
    }
}

impl History {
    /// An empty history with room for `n` positions, so that a game of
    /// that length does not allocate again.
    pub(super) fn with_capacity(n: usize) -> Self {
        History {
            entries: Vec::with_capacity(n),
            last_of: HashMap::with_capacity(n),
        }
    }

    /// Adds the position just reached; `fresh` when a capture or a pawn
    /// move reached it (or it is the setup), which opens a new window.
    pub(super) fn push(&mut self, key: Key, fresh: bool, checked: bool) {
        let digest = key.digest();
        let index = self.entries.len() as u32;
        let (start, count, most) = match self.entries.last() {
            Some(last) if !fresh => {
                let count = self.stood_digest(&key, digest) + 1;
                (last.start, count, last.most.max(count))
            }
            _ => (index, 1, 1),
        };
        let prev = self.last_of.insert(digest, index).unwrap_or(NONE);
        self.entries.push(Entry {
            key,
            digest,
            count,
            most,
            start,
            checked,
            prev,
        });
    }

    /// Takes back the last position (perft's unmake).
    pub(super) fn pop(&mut self) {
        if let Some(e) = self.entries.pop() {
            if e.prev == NONE {
                self.last_of.remove(&e.digest);
            } else {
                self.last_of.insert(e.digest, e.prev);
            }
        }
    }

    fn last(&self) -> &Entry {
        self.entries.last().expect("the setup is always recorded")
    }

    /// How many times the current position has stood, this time included.
    pub(super) fn count(&self) -> u32 {
        self.last().count
    }

    /// The highest count of any position of the current window: no
    /// position a move without capture or pawn reaches can stand more
    /// than once more than this.
    pub(super) fn most(&self) -> u32 {
        self.last().most
    }

    /// How many times `key` has stood in the current window (0: never).
    /// A position reached from here by a move without capture or pawn can
    /// only equal positions of this window.
    pub(super) fn stood(&self, key: &Key) -> u32 {
        self.stood_digest(key, key.digest())
    }

    fn stood_digest(&self, key: &Key, digest: u64) -> u32 {
        let Some(last) = self.entries.last() else {
            return 0;
        };
        // The positions of this digest, most recent first, back to the
        // window's start.
        let mut i = self.last_of.get(&digest).copied().unwrap_or(NONE);
        while i != NONE && i >= last.start {
            let e = &self.entries[i as usize];
            if e.key == *key {
                return e.count;
            }
            i = e.prev;
        }
        0
    }

    /// Positions reached by the last mover's moves in which the other side
    /// stood in check, counted back from the last while unbroken: every
    /// other position, never the setup.
    pub(super) fn checks_in_a_row(&self) -> u32 {
        let n = self.entries.len();
        (0..n)
            .rev()
            .step_by(2)
            .take_while(|&i| i > 0 && self.entries[i].checked)
            .count() as u32
    }
}
