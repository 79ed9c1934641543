//! The more-squares rule (MS-*) kept incrementally: each player's chase
//! (pending threats, whether it is on, which pieces have evaded, which
//! squares its threats found pieces on, when it opened) is stepped once per
//! ply, and the positions that count are Zobrist hashes, looked up in a hash
//! table instead of replaying and comparing boards as the reference does.
//!
//! Under the `since-last-fight` and `whole-game` windows a lookup is one
//! hash-table probe. The `current-chase` window starts at a different ply
//! for each player and moves with their chase, so it is scanned: a lookup
//! costs the length of the mover's current chase, which a non-chasing move
//! never pays.
//!
//! Under `position: chase-squares` a position is only the squares a
//! chasing move is about, a different set for each move, so no hash of the
//! whole board stands for it: every position of the window is kept square by
//! square ([`Snapshots`]) and compared on those squares. The readings in which
//! scouts threaten along their lines or other pieces threaten too play the
//! candidate on a copy of the position ([`State::move_threats`]); the ISF
//! reading needs neither.
//!
//! A 64-bit Zobrist hash can in principle collide, which would make the
//! engine see a repetition the reference does not; over a game of n
//! positions the chance is about n²/2⁶⁵ (below 10⁻¹¹ at 10,000 plies).

use crate::games::stratego::piece::{Color, Rank};
use crate::games::stratego::position::PieceId;
use crate::games::stratego::profile::{
    ChaseException, ChaseKeptBy, ChaseTarget, ChaseThreshold, MoreSquaresSwitches, PositionKey,
    PositionWindow, Prohibits, ScoutThreat, ThreatBy,
};

use super::first_seen::FirstSeen;
use super::layout::{DIRECTIONS, Layout, Mask, NO_SQUARE, bit};
use super::position::{Cell, Position, side};

/// A set of piece ids. Ids are setup indices, and a setup the engine
/// accepts has one square of at most 128 for each entry, so every id is
/// below 128 ([`Position::from_setup`](super::position::Position::from_setup)).
pub type IdSet = u128;

/// The bit of piece `id`.
#[inline]
pub fn id_bit(id: PieceId) -> IdSet {
    debug_assert!(id < 128, "piece ids of an accepted setup are below 128");
    bit(id as u8)
}

/// The opponent pieces a played move threatens (MS-2): their ids and
/// squares.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Threats {
    /// Ids of the threatened pieces.
    pub ids: IdSet,
    /// Their squares.
    pub squares: Mask,
}

/// One player's chase (MS-3, MS-4), as the reference's `Chase`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Chase {
    /// Pieces threatened by the player's latest move, awaiting the reply.
    pub pending: IdSet,
    /// MS-4.1: a threat was answered by an evasion and nothing broke it since.
    pub on: bool,
    /// Opponent pieces that have evaded during this chase (MS-5.1).
    pub evaded: IdSet,
    /// Squares on which the chase's threats found opponent pieces (MS-9.1).
    pub squares: Mask,
    /// Index of the ply that opened the chase (MS-6.4).
    pub opened: Option<usize>,
}

impl Chase {
    /// Whether the chase is off with no threat pending: the state of a
    /// game's start. A chase that opened has a threat pending, and one that
    /// is on says so, so this is exactly `Chase::default()`.
    #[inline]
    pub fn idle(&self) -> bool {
        self.pending == 0 && !self.on
    }

    /// MS-3.1, MS-3.2: a move of `piece` evades when the chaser's directly
    /// preceding move threatened that piece, and it does not attack (unless
    /// the profile lets an attack evade).
    #[inline]
    pub fn evaded_by(&self, piece: PieceId, attacked: bool, ms: &MoreSquaresSwitches) -> bool {
        (!attacked || ms.evade_by_attack) && self.pending & id_bit(piece) != 0
    }

    /// MS-4.1 (switch `kept-by`): do these threats keep the chase going?
    #[inline]
    pub fn kept_by(&self, threats: Threats, ms: &MoreSquaresSwitches) -> bool {
        match ms.kept_by {
            ChaseKeptBy::AnyThreat => threats.ids != 0,
            ChaseKeptBy::EvadedThreat => threats.ids & self.evaded != 0,
        }
    }

    fn open(&mut self, index: usize, threats: Threats) {
        *self = Chase {
            opened: Some(index),
            pending: threats.ids,
            squares: threats.squares,
            ..Chase::default()
        };
    }

    /// Steps the chase of `owner` through ply `index`: a move of `mover`'s
    /// piece `piece` that attacked or not and made `threats`.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub fn step(
        &mut self,
        owner: Color,
        index: usize,
        mover: Color,
        piece: PieceId,
        attacked: bool,
        threats: Threats,
        ms: &MoreSquaresSwitches,
    ) {
        if ms.fight_ends_chase && attacked {
            // MS-4.4 (`fight-ends-chase`): the fight ends both chases; the
            // attacker's threats may open a new one.
            *self = Chase::default();
            if mover == owner && threats.ids != 0 {
                self.open(index, threats);
            }
            return;
        }
        if mover == owner {
            if threats.ids == 0 {
                // MS-4.2: a move of the chaser that threatens nothing ends it.
                *self = Chase::default();
            } else if self.on && self.kept_by(threats, ms) {
                // MS-4.1: a threat while the chase is on keeps it going.
                self.pending = threats.ids;
                self.squares |= threats.squares;
            } else {
                // MS-4.1: a threat outside a chase may open one.
                self.open(index, threats);
            }
        } else if self.evaded_by(piece, attacked, ms) {
            self.on = true;
            self.evaded |= id_bit(piece);
            self.pending = 0;
        } else {
            // MS-4.2: one reply that does not evade ends the chase.
            *self = Chase::default();
        }
    }
}

/// Random keys for positions (MS-6.1, MS-6.2).
///
/// A piece keeps its colour, rank and id for the whole game, so the key of
/// a piece on a square is looked up by its id under every notion of a
/// position: under `ranks` (and `chase-squares`) the pieces of one colour
/// and rank share their keys, under `pieces` each has its own. One table
/// read a key, with no branch on the notion.
#[derive(Clone, Debug)]
pub struct Zobrist {
    /// `table[id * squares + sq]`: the key of piece `id` on square `sq`.
    /// Shared between clones of a game: the keys never change.
    table: std::sync::Arc<[u64]>,
    /// Squares of the board: the length of one piece's row of keys.
    squares: usize,
    side_to_move: u64,
}

impl Zobrist {
    /// Keys for a board of `layout` whose setup placed `pieces` entries,
    /// each standing in `pos` (the start position), under the profile's
    /// notion of a position. Fixed seed: hashes are reproducible.
    pub fn new(layout: &Layout, pos: &Position, pieces: usize, ms: &MoreSquaresSwitches) -> Self {
        let stride = match ms.position {
            // Under `chase-squares` a position is a few squares, compared
            // square by square ([`Squares`]); the whole-board hashes by rank
            // only steer the random games of the differential driver.
            PositionKey::Ranks | PositionKey::ChaseSquares => 2 * 12,
            PositionKey::Pieces => pieces.max(1),
        };
        // SplitMix64 from a fixed seed: well-spread 64-bit keys, the same
        // in every run, one for each square and code of what stands there.
        let mut state: u64 = 0x5EED_0FA4_B17E_2500;
        let mut next = || crate::rng::splitmix64(&mut state);
        let squares = layout.len as usize;
        let by_code: Vec<u64> = (0..squares * stride).map(|_| next()).collect();
        let side_to_move = if ms.side_to_move { next() } else { 0 };
        // Each id's code: its colour and rank, or the id itself. Every
        // entry of an accepted setup stands on the board at the start.
        let mut code = vec![0; pieces];
        for c in pos.cells[..squares].iter().flatten() {
            code[c.id as usize] = match ms.position {
                PositionKey::Ranks | PositionKey::ChaseSquares => {
                    side(c.color) * 12 + c.rank as usize
                }
                PositionKey::Pieces => c.id as usize,
            };
        }
        let table = code
            .iter()
            .flat_map(|&k| (0..squares).map(move |sq| (sq, k)))
            .map(|(sq, k)| by_code[sq * stride + k])
            .collect();
        Zobrist {
            table,
            squares,
            side_to_move,
        }
    }

    /// The key of `cell` standing on square `sq`.
    #[inline]
    pub fn of(&self, sq: u8, cell: Cell) -> u64 {
        self.table[cell.id as usize * self.squares + sq as usize]
    }

    /// What flips when the turn passes (0 when the side to move is not
    /// part of a position).
    #[inline]
    pub fn turn(&self) -> u64 {
        self.side_to_move
    }

    /// The hash of a whole position, `to_move` to play.
    pub fn position(&self, pos: &Position, layout: &Layout, to_move: Color) -> u64 {
        let mut h = if to_move == Color::Blue {
            self.side_to_move
        } else {
            0
        };
        for i in 0..layout.len {
            if let Some(c) = pos.cells[i as usize] {
                h ^= self.of(i, c);
            }
        }
        h
    }
}

/// The positions of the game so far, as hashes, and the first index at
/// which each stood within the window the profile counts (MS-6.3).
///
/// Under `since-last-fight` and `whole-game` the window's positions go
/// into the first-seen table only while a lookup may come
/// ([`History::catch_up`], called by [`State::record`] while a chase is
/// on), or once [`TAIL`] of them wait: a lookup needs the mover's chase on
/// (or a profile that looks at every move), so most positions of a game
/// are never looked up, and under `since-last-fight` a fight empties the
/// window before most of them would have been put in. A lookup asks the
/// table for the positions before `indexed` and scans the ones after it,
/// so it finds the same first index however the table was filled.
#[derive(Debug)]
pub struct History {
    /// `hashes[j]`: the position before ply `j`; the last is the current one.
    hashes: Vec<u64>,
    /// First index of each hash of the window before `indexed` (unused for
    /// `current-chase`, whose window moves with each player's chase).
    first: FirstSeen,
    /// The positions of the window from this index on are not in `first`
    /// yet; there are fewer than [`TAIL`] of them.
    indexed: usize,
    /// Index of the first position after the last fight.
    since_fight: usize,
    window: PositionWindow,
}

/// Most positions of the window left out of the first-seen table: a lookup
/// made while no chase is on (the differential driver's steering, the
/// search key) scans at most this many hashes besides its probe.
const TAIL: usize = 256;

impl Clone for History {
    fn clone(&self) -> Self {
        History {
            hashes: self.hashes.clone(),
            first: self.first.clone(),
            indexed: self.indexed,
            since_fight: self.since_fight,
            window: self.window,
        }
    }

    /// Reuses this history's room (see [`EngineGame::clone_from`](super::game::EngineGame)).
    /// The first-seen table holds the positions of the window (every
    /// position under `whole-game`, those since the last fight under
    /// `since-last-fight`, none under `current-chase`) up to the last
    /// [`TAIL`], so it is emptied and refilled from `other`'s positions,
    /// which costs the window's length rather than the table's size
    /// (nothing when a playout restarts from its setup).
    fn clone_from(&mut self, other: &Self) {
        self.hashes.clone_from(&other.hashes);
        self.since_fight = other.since_fight;
        self.window = other.window;
        self.first.clear();
        self.indexed = match self.window {
            PositionWindow::CurrentChase => self.hashes.len(),
            PositionWindow::SinceLastFight => self.since_fight,
            PositionWindow::WholeGame => 0,
        };
        self.catch_up_when_long();
    }
}

impl History {
    /// A history holding the start position.
    pub fn new(start: u64, window: PositionWindow) -> Self {
        let mut h = History {
            // Room for a thousand positions, so that the first thousand
            // plies never allocate (tests/hot_path_alloc.rs).
            hashes: Vec::with_capacity(1024),
            first: FirstSeen::with_capacity(1024),
            indexed: 0,
            since_fight: 0,
            window,
        };
        h.push(start, false);
        h
    }

    /// Records the position after a ply; `fought`: the ply was an attack.
    #[inline(always)]
    pub fn push(&mut self, hash: u64, fought: bool) {
        let n = self.hashes.len();
        self.hashes.push(hash);
        if fought {
            self.since_fight = n;
            if self.window == PositionWindow::SinceLastFight {
                self.first.clear();
                self.indexed = n;
            }
        }
        self.catch_up_when_long();
    }

    /// Puts the positions after `indexed` into the first-seen table once
    /// there are [`TAIL`] of them (never under `current-chase`, which does
    /// not use the table).
    #[inline(always)]
    fn catch_up_when_long(&mut self) {
        if self.hashes.len() - self.indexed >= TAIL && self.window != PositionWindow::CurrentChase {
            self.fill();
        }
    }

    /// Puts every position after `indexed` into the first-seen table (not
    /// under `current-chase`, which does not use it).
    #[inline(always)]
    pub fn catch_up(&mut self) {
        if self.indexed < self.hashes.len() && self.window != PositionWindow::CurrentChase {
            self.fill();
        }
    }

    /// The body of [`History::catch_up`], out of line: the positions after
    /// `indexed`, in order, so that each keeps its first index.
    #[inline(never)]
    fn fill(&mut self) {
        for (j, &h) in self.hashes.iter().enumerate().skip(self.indexed) {
            self.first.insert_first(h, j);
        }
        self.indexed = self.hashes.len();
    }

    /// The distinct positions of the window under `since-last-fight` and
    /// `whole-game`: those of the first-seen table, then those of the
    /// unindexed tail that are neither in the table nor earlier in the
    /// tail.
    fn window_keys(&self) -> impl Iterator<Item = u64> + '_ {
        let tail = &self.hashes[self.indexed..];
        self.first.keys().chain(
            tail.iter()
                .enumerate()
                .filter(|&(k, &h)| self.first.get(h).is_none() && !tail[..k].contains(&h))
                .map(|(_, &h)| h),
        )
    }

    /// MS-6.3, MS-6.4: the first index that counts for a player whose chase
    /// opened at ply `opened`.
    #[inline]
    pub fn window_start(&self, opened: Option<usize>) -> usize {
        match self.window {
            PositionWindow::SinceLastFight => self.since_fight,
            PositionWindow::WholeGame => 0,
            PositionWindow::CurrentChase => opened.unwrap_or(self.hashes.len() - 1),
        }
    }

    /// The first index of the window at which `hash` stood, if it did.
    #[inline]
    pub fn seen(&self, hash: u64, opened: Option<usize>) -> Option<usize> {
        match self.window {
            PositionWindow::SinceLastFight | PositionWindow::WholeGame => {
                self.first.get(hash).or_else(|| {
                    self.hashes[self.indexed..]
                        .iter()
                        .position(|&h| h == hash)
                        .map(|k| self.indexed + k)
                })
            }
            PositionWindow::CurrentChase => {
                let from = self.window_start(opened);
                self.hashes[from..]
                    .iter()
                    .position(|&h| h == hash)
                    .map(|k| from + k)
            }
        }
    }
}

/// The seed tables' name of ply `n` (1-based): `2a`, `2b`, …
pub fn ply_label(n: usize) -> String {
    format!("{}{}", n.div_ceil(2), if n % 2 == 1 { "a" } else { "b" })
}

/// How the explanation names the position first seen at index `j`.
pub fn describe_position(j: usize) -> String {
    if j == 0 {
        "the start position".to_string()
    } else {
        format!("the position after ply {j} ({})", ply_label(j))
    }
}

/// What the rule noted about a played move, without allocation; the trait
/// turns it into a [`ChaseNote`](crate::games::stratego::game::ChaseNote).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChaseFacts {
    /// The pieces the move threatens (MS-2).
    pub threats: Threats,
    /// Whether it evades the opponent's last threat (MS-3).
    pub evades: bool,
    /// Whether it keeps the mover's chase going (MS-4.1).
    pub continues: bool,
    /// Whether it is a chasing move (MS-5).
    pub chasing_move: bool,
    /// Distinct squares the mover's chase has threatened (MS-9.1).
    pub squares: u32,
    /// The earlier position it recreates under the exception (MS-8).
    pub repeats: Option<usize>,
}

/// MS-2.1, MS-2.2: the opponent pieces that `cell`, standing on `at` in
/// `pos`, threatens: the ones next to it, and under `scout-threat: in-line`
/// for a scout the first piece along each line when it is an opponent's
/// (empty squares in between, no lake).
#[inline]
fn threatened_from(pos: &Position, layout: &Layout, at: u8, cell: Cell, in_line: bool) -> Threats {
    let scan = in_line && cell.rank == Rank::Scout;
    let mut t = Threats::default();
    for d in 0..DIRECTIONS {
        let mut sq = layout.step[at as usize][d];
        while sq != NO_SQUARE {
            if let Some(q) = pos.cells[sq as usize] {
                if q.color != cell.color {
                    t.ids |= id_bit(q.id);
                    t.squares |= bit(sq);
                }
                break;
            }
            if !scan {
                break;
            }
            sq = layout.step[sq as usize][d];
        }
    }
    t
}

/// Every position of the game, one code per square, kept only under
/// `position: chase-squares`: there a position is just the squares a
/// chasing move is about (its end square and the squares it threatens), a
/// different set for every move, so no whole-board hash can stand for it and
/// the squares are compared one by one with each position of the window.
#[derive(Clone, Debug)]
pub struct Snapshots {
    codes: Vec<u8>,
    stride: usize,
}

impl Snapshots {
    fn new(layout: &Layout) -> Self {
        let stride = layout.len as usize;
        Snapshots {
            codes: Vec::with_capacity(1024 * stride),
            stride,
        }
    }

    /// MS-6.1 under `chase-squares`: what stands on a square, colour and
    /// rank (0: nothing).
    #[inline]
    fn code(cell: Option<Cell>) -> u8 {
        cell.map_or(0, |c| 1 + (side(c.color) * 12 + c.rank as usize) as u8)
    }

    fn push(&mut self, pos: &Position) {
        let cells = &pos.cells[..self.stride];
        self.codes.extend(cells.iter().map(|&c| Self::code(c)));
    }

    /// Positions recorded.
    fn len(&self) -> usize {
        self.codes.len() / self.stride
    }

    /// Whether position `j` holds what `after` holds on every square of
    /// `focus`.
    fn agrees(&self, j: usize, after: &Position, focus: Mask) -> bool {
        let row = &self.codes[j * self.stride..(j + 1) * self.stride];
        let mut m = focus;
        while m != 0 {
            let sq = m.trailing_zeros() as usize;
            m &= m - 1;
            if row[sq] != Self::code(after.cells[sq]) {
                return false;
            }
        }
        true
    }
}

/// The rule's whole incremental state for one game.
#[derive(Debug)]
pub struct State {
    zobrist: Zobrist,
    history: History,
    /// Hash of the current position.
    hash: u64,
    /// Each player's chase (index by colour).
    pub chases: [Chase; 2],
    /// Each player's last move: piece, from, to (MS-8).
    pub last_own: [Option<(PieceId, u8, u8)>; 2],
    /// Each piece's own last move: from, to (exception `piece-return`;
    /// kept only under that exception, the one reading that asks).
    last_of: Vec<Option<(u8, u8)>>,
    /// The positions square by square, under `position: chase-squares` only.
    snapshots: Option<Snapshots>,
}

impl Clone for State {
    fn clone(&self) -> Self {
        State {
            zobrist: self.zobrist.clone(),
            history: self.history.clone(),
            hash: self.hash,
            chases: self.chases,
            last_own: self.last_own,
            last_of: self.last_of.clone(),
            snapshots: self.snapshots.clone(),
        }
    }

    /// Reuses this state's room: the history's tables and vectors keep
    /// their allocations.
    fn clone_from(&mut self, other: &Self) {
        self.zobrist.clone_from(&other.zobrist);
        self.history.clone_from(&other.history);
        self.hash = other.hash;
        self.chases = other.chases;
        self.last_own = other.last_own;
        self.last_of.clone_from(&other.last_of);
        self.snapshots.clone_from(&other.snapshots);
    }
}

/// A move the rule is asked about, before it is played: the position and
/// board tables it is played on, its ply index, the moving piece and its
/// start and end squares. Every question the rule answers needs all six.
#[derive(Clone, Copy, Debug)]
pub struct Candidate<'a> {
    /// The position before the move.
    pub pos: &'a Position,
    /// The board tables.
    pub layout: &'a Layout,
    /// Index of the ply the move would be.
    pub index: usize,
    /// The moving piece.
    pub cell: Cell,
    /// Start square index.
    pub from: u8,
    /// End square index.
    pub to: u8,
}

/// What the rule looks at in a candidate move.
#[derive(Clone, Copy, Debug)]
pub struct Classified {
    /// The pieces it threatens.
    pub threats: Threats,
    /// Whether it attacks.
    pub attacked: bool,
    /// Whether it keeps the mover's chase going (MS-4.1).
    pub continues: bool,
    /// Whether it is a chasing move (MS-5).
    pub chasing: bool,
    /// Whether the prohibition (MS-7) looks at it.
    pub subject: bool,
}

impl State {
    /// The state at the start of a game.
    pub fn new(
        layout: &Layout,
        pos: &Position,
        to_move: Color,
        pieces: usize,
        ms: &MoreSquaresSwitches,
    ) -> Self {
        let zobrist = Zobrist::new(layout, pos, pieces, ms);
        let hash = zobrist.position(pos, layout, to_move);
        let snapshots = (ms.position == PositionKey::ChaseSquares).then(|| {
            let mut s = Snapshots::new(layout);
            s.push(pos);
            s
        });
        State {
            history: History::new(hash, ms.window),
            zobrist,
            hash,
            chases: [Chase::default(); 2],
            last_own: [None; 2],
            last_of: vec![None; pieces],
            snapshots,
        }
    }

    /// The hash of the position after `cell` moves from `from` to `to`.
    #[inline(always)]
    pub fn hash_after(&self, pos: &Position, cell: Cell, from: u8, to: u8) -> u64 {
        let z = &self.zobrist;
        let mut h = self.hash ^ z.turn() ^ z.of(from, cell);
        match pos.cells[to as usize] {
            None => h ^= z.of(to, cell),
            Some(def) => {
                use crate::games::stratego::combat::{CombatResult, resolve};
                match resolve(cell.rank, def.rank) {
                    CombatResult::AttackerWins => h ^= z.of(to, def) ^ z.of(to, cell),
                    CombatResult::DefenderWins => {}
                    CombatResult::BothRemoved => h ^= z.of(to, def),
                }
            }
        }
        h
    }

    /// MS-2: the opponent pieces next to `to` once `cell` has moved there,
    /// if it survives (a piece that lost its attack threatens nothing).
    #[inline(always)]
    pub fn threats_after(pos: &Position, layout: &Layout, cell: Cell, to: u8) -> Threats {
        if let Some(def) = pos.cells[to as usize] {
            use crate::games::stratego::combat::{CombatResult, resolve};
            if resolve(cell.rank, def.rank) != CombatResult::AttackerWins {
                return Threats::default();
            }
        }
        let squares = layout.near[to as usize] & pos.occupied[1 - side(cell.color)];
        let mut ids = 0;
        let mut m = squares;
        while m != 0 {
            let sq = m.trailing_zeros() as usize;
            m &= m - 1;
            ids |= id_bit(pos.cells[sq].expect("occupied").id);
        }
        Threats { ids, squares }
    }

    /// MS-2.1 to MS-2.4 under every `scout-threat` and `threat-by`
    /// reading: the opponent pieces the move of `cell` from `from` to `to`
    /// threatens. The ISF reading (adjacent, mover only) needs no board
    /// after the move ([`State::threats_after`]); the others look at a copy
    /// of the position with the move played. Under `discovered` each other
    /// piece of the mover adds the threats it makes after the move and did
    /// not make before; under `any-piece`, all it makes after the move.
    #[inline(always)]
    pub fn move_threats(c: Candidate, ms: &MoreSquaresSwitches) -> Threats {
        if ms.scout_threat == ScoutThreat::Adjacent && ms.threat_by == ThreatBy::Mover {
            return Self::threats_after(c.pos, c.layout, c.cell, c.to);
        }
        Self::threats_on_copy(c, ms)
    }

    /// [`State::move_threats`] under the readings that look at the board
    /// after the move (kept out of line: the ISF reading never comes here).
    #[inline(never)]
    fn threats_on_copy(c: Candidate, ms: &MoreSquaresSwitches) -> Threats {
        let Candidate {
            pos,
            layout,
            cell,
            from,
            to,
            ..
        } = c;
        let in_line = ms.scout_threat == ScoutThreat::InLine;
        let mut after = pos.clone();
        after.apply(from, to);
        let mut t = match after.cells[to as usize] {
            Some(c) if c.id == cell.id => threatened_from(&after, layout, to, c, in_line),
            _ => Threats::default(),
        };
        if ms.threat_by == ThreatBy::Mover {
            return t;
        }
        let mut others = after.occupied[side(cell.color)];
        while others != 0 {
            let sq = others.trailing_zeros() as u8;
            others &= others - 1;
            let other = after.cells[sq as usize].expect("mask and cells agree");
            if other.id == cell.id {
                continue;
            }
            let now = threatened_from(&after, layout, sq, other, in_line);
            let new = match ms.threat_by {
                ThreatBy::AnyPiece | ThreatBy::Mover => now,
                // Opponent pieces do not move on this ply, so a piece
                // threatened before and after stands on the same square.
                ThreatBy::Discovered => {
                    let before = threatened_from(pos, layout, sq, other, in_line);
                    Threats {
                        ids: now.ids & !before.ids,
                        squares: now.squares & !before.squares,
                    }
                }
            };
            t.ids |= new.ids;
            t.squares |= new.squares;
        }
        t
    }

    /// What the rule looks at in a candidate move of `cell` from `from` to
    /// `to`, before it is played (MS-4.1, MS-5, MS-7.2): whether it keeps
    /// the mover's chase going, whether it is a chasing move, and whether
    /// the prohibition applies to it.
    #[inline(always)]
    pub fn classify(&self, c: Candidate, ms: &MoreSquaresSwitches) -> Classified {
        let Candidate {
            pos,
            index,
            cell,
            to,
            ..
        } = c;
        let mine = &self.chases[side(cell.color)];
        let attacked = pos.cells[to as usize].is_some();
        let threats = Self::move_threats(c, ms);
        let fight_ends = ms.fight_ends_chase && attacked;
        let continues = mine.on && !fight_ends && mine.kept_by(threats, ms);
        let chasing = continues
            && match ms.target {
                ChaseTarget::Evaded => threats.ids & mine.evaded != 0,
                ChaseTarget::Any => true,
            };
        let subject = match ms.prohibits {
            Prohibits::ChasingMoves => chasing,
            Prohibits::EveryMove => true,
        } && match ms.threshold {
            ChaseThreshold::None => true,
            ChaseThreshold::MoreThanTwoSquares => {
                let mut after = *mine;
                after.step(
                    cell.color, index, cell.color, cell.id, attacked, threats, ms,
                );
                after.squares.count_ones() > 2
            }
        };
        Classified {
            threats,
            attacked,
            continues,
            chasing,
            subject,
        }
    }

    /// Whether the rule may refuse the move of `cell` to `to` at all, by
    /// a look at the board alone (a filter before [`State::refuses`]).
    /// Under the ISF threat reading (adjacent squares, the mover only) a
    /// move threatens exactly the opponent pieces next to its end square,
    /// and one that threatens nothing neither keeps a chase going nor
    /// chases (MS-4.1, MS-5); when only chasing moves are looked at, such a
    /// move is never refused. Every other reading answers `true`.
    #[inline]
    pub fn may_refuse(&self, c: &Candidate, ms: &MoreSquaresSwitches) -> bool {
        !(ms.prohibits == Prohibits::ChasingMoves
            && ms.scout_threat == ScoutThreat::Adjacent
            && ms.threat_by == ThreatBy::Mover
            && c.layout.near[c.to as usize] & c.pos.occupied[1 - side(c.cell.color)] == 0)
    }

    /// The bit-set form of [`State::may_refuse`] for the pieces of
    /// `color`: the end squares on which a move may be refused. Under the
    /// ISF threat reading with only chasing moves looked at, the squares
    /// next to an opponent piece; under every other reading, the whole
    /// board.
    #[inline]
    pub fn suspects(
        &self,
        pos: &Position,
        layout: &Layout,
        color: Color,
        ms: &MoreSquaresSwitches,
    ) -> Mask {
        if ms.prohibits == Prohibits::ChasingMoves
            && ms.scout_threat == ScoutThreat::Adjacent
            && ms.threat_by == ThreatBy::Mover
        {
            layout.neighbours(pos.occupied[1 - side(color)])
        } else {
            layout.on_board
        }
    }

    /// Whether the rule can refuse nothing to `color` now: its chase is off
    /// and only chasing moves are looked at.
    #[inline]
    pub fn quiet(&self, color: Color, ms: &MoreSquaresSwitches) -> bool {
        ms.prohibits == Prohibits::ChasingMoves && !self.chases[side(color)].on
    }

    /// MS-8: is the move covered by the profile's exception?
    #[inline]
    pub fn excepted(&self, cell: Cell, from: u8, to: u8, ms: &MoreSquaresSwitches) -> bool {
        let me = side(cell.color);
        match ms.exception {
            // MS-8.1: the piece of the directly preceding turn goes back.
            ChaseException::Reversal => self.last_own[me] == Some((cell.id, to, from)),
            ChaseException::None => false,
            // Any piece onto the square the preceding move came from.
            ChaseException::Square => self.last_own[me].is_some_and(|l| l.1 == to),
            // The piece goes back along its own most recent move.
            ChaseException::PieceReturn => self.last_of[cell.id as usize] == Some((to, from)),
        }
    }

    /// The earlier position (index) a move the prohibition looks at would
    /// recreate, when it does (MS-7.1), whether or not the exception applies.
    #[inline]
    pub fn recreates(&self, c: Candidate, ms: &MoreSquaresSwitches) -> Option<usize> {
        if self.quiet(c.cell.color, ms) {
            return None;
        }
        let k = self.classify(c, ms);
        if !k.subject {
            return None;
        }
        self.seen_after(c, k.threats, ms)
    }

    /// MS-6, MS-7.1: the first index of the mover's window at which the
    /// position after the move of `cell` from `from` to `to` (making
    /// `threats`) stood, if it did.
    #[inline]
    fn seen_after(
        &self,
        c: Candidate,
        threats: Threats,
        ms: &MoreSquaresSwitches,
    ) -> Option<usize> {
        let Candidate {
            pos,
            cell,
            from,
            to,
            ..
        } = c;
        let opened = self.chases[side(cell.color)].opened;
        let Some(snaps) = &self.snapshots else {
            return self
                .history
                .seen(self.hash_after(pos, cell, from, to), opened);
        };
        // `chase-squares`: only the end square and the threatened squares
        // count (MS-6.1), and the side to move when the profile says so
        // (MS-6.2: positions an even number of plies apart have the same
        // side to move).
        let mut after = pos.clone();
        after.apply(from, to);
        let focus = threats.squares | bit(to);
        let n = snaps.len();
        (self.history.window_start(opened)..n)
            .find(|&j| (!ms.side_to_move || (n - j) % 2 == 0) && snaps.agrees(j, &after, focus))
    }

    /// MS-7.1 with MS-8: the index of the position a move would recreate
    /// when that makes it illegal.
    #[inline]
    pub fn refuses(&self, c: Candidate, ms: &MoreSquaresSwitches) -> Option<usize> {
        let j = self.recreates(c, ms)?;
        (!self.excepted(c.cell, c.from, c.to, ms)).then_some(j)
    }

    /// Whether the move's resulting position stood before within the
    /// mover's window, chasing or not (the chooser uses it to steer games
    /// into repetitions).
    pub fn repeats_any(&self, pos: &Position, cell: Cell, from: u8, to: u8) -> bool {
        let mine = &self.chases[side(cell.color)];
        self.history
            .seen(self.hash_after(pos, cell, from, to), mine.opened)
            .is_some()
    }

    /// Gives back the room reserved for a long game, so that a copy costs
    /// what the state holds (the solver copies a game at every node).
    pub fn compact(&mut self) {
        self.history.hashes.shrink_to_fit();
        self.history.first.shrink_to_fit();
        if let Some(s) = self.snapshots.as_mut() {
            s.codes.shrink_to_fit();
        }
    }

    /// Feeds what the rule can still read of its state to `h`, the part of
    /// [`EngineGame::state_key`](super::game::EngineGame::state_key) that
    /// belongs to this rule: each chase (its opening ply only where the
    /// window starts there, as an offset from now), the last moves the
    /// exception (MS-8) compares, and the positions of the window. A
    /// position's index never decides a move's legality, only whether it
    /// stood in the window, so under `since-last-fight` and `whole-game`
    /// the window is fed as the set of its positions (an order-free sum of
    /// mixed hashes and their number); under `current-chase`, and square by
    /// square under `chase-squares`, it is fed in order from the earliest
    /// window start of the two players.
    pub fn feed<H: std::hash::Hasher>(&self, h: &mut H) {
        let n = self.history.hashes.len();
        let current = self.history.window == PositionWindow::CurrentChase;
        for c in &self.chases {
            h.write_u128(c.pending);
            h.write_u8(u8::from(c.on));
            h.write_u128(c.evaded);
            h.write_u128(c.squares);
            match c.opened {
                None => h.write_u8(0),
                Some(o) => {
                    h.write_u8(1);
                    if current {
                        h.write_usize(n - o);
                    }
                }
            }
        }
        for l in &self.last_own {
            match l {
                None => h.write_u8(0),
                Some((p, from, to)) => {
                    h.write_u8(1);
                    h.write_u16(*p);
                    h.write_u8(*from);
                    h.write_u8(*to);
                }
            }
        }
        for l in &self.last_of {
            match l {
                None => h.write_u8(0),
                Some((from, to)) => {
                    h.write_u8(1);
                    h.write_u8(*from);
                    h.write_u8(*to);
                }
            }
        }
        // Where each player's window starts matters only where a lookup
        // scans from it (`current-chase`, `chase-squares`).
        let starts = self.chases.map(|c| self.history.window_start(c.opened));
        let from = starts[0].min(starts[1]);
        if current || self.snapshots.is_some() {
            for s in starts {
                h.write_usize(n - s);
            }
        }
        if current {
            for x in &self.history.hashes[from..] {
                h.write_u64(*x);
            }
        } else {
            let (mut sum, mut len) = (0u64, 0usize);
            for x in self.history.window_keys() {
                let mut m = x;
                sum = sum.wrapping_add(crate::rng::splitmix64(&mut m));
                len += 1;
            }
            h.write_usize(len);
            h.write_u64(sum);
        }
        if let Some(snaps) = &self.snapshots {
            h.write(&snaps.codes[from * snaps.stride..]);
        }
    }

    /// Records a legal move before it is applied to its position.
    /// Returns what the rule notes about it; without `REPORT` only the
    /// state changes, and the notes that need a look of their own (the
    /// earlier position the move recreates, whether it evades) are left
    /// out.
    #[inline(always)]
    pub fn record<const REPORT: bool>(
        &mut self,
        c: Candidate,
        ms: &MoreSquaresSwitches,
    ) -> ChaseFacts {
        let Candidate {
            pos,
            index,
            cell,
            from,
            to,
            ..
        } = c;
        let me = side(cell.color);
        let k = self.classify(c, ms);
        let (attacked, threats) = (k.attacked, k.threats);
        let after = self.hash_after(pos, cell, from, to);
        let repeats = if REPORT && k.subject {
            self.seen_after(c, threats, ms)
        } else {
            None
        };
        debug_assert!(repeats.is_none() || self.excepted(cell, from, to, ms));
        let evades = REPORT && self.chases[1 - me].evaded_by(cell.id, attacked, ms);
        // With both chases off, a move that threatens nothing leaves them
        // off (MS-4.1, MS-4.2): most plies of a game skip the steps.
        debug_assert!(
            self.chases
                .iter()
                .all(|c| !c.idle() || *c == Chase::default())
        );
        // Whether a chase is on after the move (none is when both were
        // idle and the move threatens nothing).
        let mut chase_on = false;
        if threats.ids != 0 || !self.chases.iter().all(Chase::idle) {
            for owner in [Color::Red, Color::Blue] {
                self.chases[side(owner)]
                    .step(owner, index, cell.color, cell.id, attacked, threats, ms);
            }
            chase_on = self.chases.iter().any(|c| c.on);
        }
        self.last_own[me] = Some((cell.id, from, to));
        if ms.exception == ChaseException::PieceReturn {
            self.last_of[cell.id as usize] = Some((from, to));
        }
        self.hash = after;
        self.history.push(after, attacked);
        // The next lookups (a chasing candidate of either player, or every
        // candidate under `prohibits: every-move`) find the window in the
        // table without a scan.
        if chase_on || ms.prohibits == Prohibits::EveryMove {
            self.history.catch_up();
        }
        if let Some(snaps) = self.snapshots.as_mut() {
            let mut next = pos.clone();
            next.apply(from, to);
            snaps.push(&next);
        }
        ChaseFacts {
            threats,
            evades,
            continues: k.continues,
            chasing_move: k.chasing,
            squares: self.chases[me].squares.count_ones(),
            repeats,
        }
    }
}
