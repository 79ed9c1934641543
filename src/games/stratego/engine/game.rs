//! A game in the engine: the position, whose turn it is, and the
//! incremental state of each anti-repetition rule, all updated per move in
//! constant time and without heap allocation.

use std::sync::Arc;

use crate::games::stratego::army::Army;
use crate::games::stratego::combat::CombatResult;
use crate::games::stratego::game::{
    ChaseNote, Chasers, DrawReason, Outcome, PlyReport, Stratego, WinReason,
};
use crate::games::stratego::geometry::Geometry;
use crate::games::stratego::moves::Move;
use crate::games::stratego::piece::{Color, Rank};
use crate::games::stratego::position::{Board, PieceId, Setup};
use crate::games::stratego::profile::{
    ChaseException, MoreSquaresSwitches, Profile, ScoutCounting, ThreatBy, TwoSquaresSwitches,
};
use crate::games::stratego::verdict::{Illegal, RuleCode, ordinal};
use crate::rules::Game;

use super::StartError;
use super::layout::{self, Layout, NO_SQUARE, bit};
use super::more_squares::{self, Candidate, ChaseFacts, id_bit};
use super::position::{Cell, Position, side};
use super::rules;
use super::two_squares::{self, Crossings, Player, squares_of};

/// A move as two square indices of the game's [`Layout`]: the hot-path form
/// of [`Move`]. Laid out as its two bytes in field order on a two-byte
/// boundary, so the move list writes a move as one 16-bit word
/// ([`Sink::targets_64`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(C, align(2))]
pub struct FastMove {
    /// Start square index.
    pub from: u8,
    /// End square index.
    pub to: u8,
}

/// What a played move did, without allocation: the hot-path form of
/// [`PlyReport`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FastReport {
    /// Who moved.
    pub color: Color,
    /// The rank of the moving piece.
    pub rank: Rank,
    /// The attacked rank and the result, when the move attacked.
    pub combat: Option<(Rank, CombatResult)>,
    /// Whether the move started a new two-squares sequence, and its count
    /// (computed whether or not the rule is enabled).
    pub two_squares: (bool, u32),
    /// What the more-squares rule noted (when it is enabled).
    pub chase: Option<ChaseFacts>,
    /// The game state after the move.
    pub outcome: Outcome,
}

/// The move list being written: the spare room of the caller's buffer,
/// reserved up front for the most moves a position can have, and how many
/// are written. Writing through the room instead of `Vec::push` keeps the
/// count in a register (a push must reload the vector's length after every
/// store, as the stored bytes could alias it).
///
/// The bulk writes of [`Sink::targets_64`] go without a bound check: the
/// listing writes each pair of end square and arrival direction at most
/// once (see [`ROOM`]), so the count never passes the room. That is the
/// one argument the `unsafe` below rests on; debug builds (every test)
/// check it at each write as well.
struct Sink<'a> {
    spare: &'a mut [std::mem::MaybeUninit<FastMove>; ROOM],
    len: usize,
}

/// The most legal moves a position can have on a board of at most 128
/// squares: a move is its end square and the direction it arrives from,
/// and along one direction only the nearest own piece can arrive (a
/// scout's line stops at the first own piece, so a farther scout on the
/// same line never reaches the squares beyond it), so at most four moves
/// end on a square. The listing of [`EngineGame::list_into`] keeps to
/// this: each direction's one-step set and each round of the scouts'
/// lines hold distinct end squares of distinct lengths, the moves onto
/// suspect squares are taken out of those sets before they are written,
/// and the pieces looked at one by one are left out of both.
const ROOM: usize = 4 * 128;

impl<'a> Sink<'a> {
    /// Clears `buf` and opens its room for writing.
    #[inline]
    fn open(buf: &'a mut Vec<FastMove>) -> Self {
        buf.clear();
        buf.reserve(ROOM);
        let spare = (&mut buf.spare_capacity_mut()[..ROOM])
            .try_into()
            .expect("the room was reserved");
        Sink { spare, len: 0 }
    }

    /// The moves written, checked against the room (a count past it would
    /// mean moves written over each other, a bug in the listing).
    #[inline]
    fn written(&self) -> usize {
        assert!(
            self.len <= ROOM,
            "more moves listed than a position can have"
        );
        self.len
    }

    /// Pushes a move to every square of `targets` from the square `delta`
    /// indices back. The mask is read as two 64-bit halves, so each bit
    /// costs one 64-bit scan (and on boards of at most 64 squares the upper
    /// half is always empty).
    #[inline(always)]
    fn targets(&mut self, targets: layout::Mask, delta: i16) {
        self.targets_64(targets as u64, 0, delta);
        self.targets_64((targets >> 64) as u64, 64, delta);
    }

    /// [`Sink::targets`] for a board of at most 64 squares.
    #[inline(always)]
    fn targets_low(&mut self, targets: u64, delta: i16) {
        self.targets_64(targets, 0, delta);
    }

    /// [`Sink::targets`] for one 64-bit word whose bit 0 is square `base`.
    ///
    /// Each move is stored as one 16-bit word: on a little-endian machine
    /// the first byte (`from`) is the low one, and `to * 257 - delta`
    /// ([`DOUBLED`] less `delta`) is `to` in the high byte over
    /// `to - delta` in the low one (both are square indices below 128, so
    /// the low byte never borrows from or carries into the high one).
    #[inline(always)]
    fn targets_64(&mut self, word: u64, base: u8, delta: i16) {
        let mut m = word;
        let start = self.spare.as_mut_ptr().cast::<FastMove>();
        while m != 0 {
            let to = base as usize + m.trailing_zeros() as usize;
            m &= m - 1;
            debug_assert!(
                self.len < ROOM,
                "more moves listed than a position can have"
            );
            #[cfg(target_endian = "little")]
            let packed = DOUBLED[to].wrapping_sub(delta as u16);
            #[cfg(not(target_endian = "little"))]
            let packed = u16::from_ne_bytes([(to as i16 - delta) as u8, to as u8]);
            // SAFETY: `len` is below `ROOM` (the argument of `ROOM`: the
            // listing writes at most `ROOM` moves), so the slot is inside
            // the spare room; `FastMove` is `repr(C, align(2))` with two
            // `u8` fields, so a slot is an aligned `u16` whose bytes in
            // memory order are `from`, `to`, which `packed` holds; any two
            // bytes are a valid `FastMove`.
            unsafe { start.add(self.len).cast::<u16>().write(packed) };
            self.len += 1;
        }
    }
}

/// `DOUBLED[i]`: `i * 257`, the square index in both bytes of a word. Long
/// enough for every index a 64-bit word at base 64 can give (up to 128),
/// so the read needs no bound check.
const DOUBLED: [u16; 192] = {
    let mut t = [0; 192];
    let mut i = 0;
    while i < 192 {
        t[i] = (i as u16) * 257;
        i += 1;
    }
    t
};

/// A game in progress in the engine.
#[derive(Debug)]
pub struct EngineGame {
    /// Board tables, geometry and profile never change during a game; they
    /// are shared, so that cloning a game (to start many playouts from one
    /// position) copies only what moves.
    layout: Arc<Layout>,
    geometry: Arc<Geometry>,
    profile: Arc<Profile>,
    /// The army of the setup, which no move changes; kept only to write
    /// the position as a setup again.
    army: Army,
    pos: Position,
    to_move: Color,
    ply: usize,
    /// Each player's open two-squares sequences (index by colour).
    sequences: [Player; 2],
    /// The more-squares rule's state, when the profile enables the rule.
    chase: Option<more_squares::State>,
    /// RP-6.1: who captured a flag, once someone has.
    flag_captured_by: Option<Color>,
    /// The outcome of the current position, kept up to date by every move
    /// but [`EngineGame::advance`], which leaves it to be computed when
    /// asked (`None`).
    outcome: Option<Outcome>,
    /// [`EngineGame::checked_pieces`] of the current position, computed
    /// once per move: the outcome and the move list both need it.
    checked: Checks,
    /// The two-squares limit when the profile's switches are the usual
    /// ones ([`usual`]): then a played move reads them as constants, the
    /// limit from here (one word with the flag, no look into the profile).
    usual: Option<u32>,
}

/// The switches a move is played under when the profile's are those of
/// the named profiles `isf` and `modern-3` (the more-squares rule's ISF
/// reading, the two-squares rule's ISF switches with any limit): the same
/// values, but as constants, so that the compiler drops every test of a
/// switch on the path of a played move. `None` for any other profile,
/// whose switches are read as they are.
fn usual(profile: &Profile) -> Option<(MoreSquaresSwitches, TwoSquaresSwitches)> {
    let ms = MoreSquaresSwitches::isf();
    let ts = TwoSquaresSwitches {
        limit: profile.two_squares.limit,
        ..Profile::isf().two_squares
    };
    (profile.more_squares == ms && profile.two_squares == ts).then_some((ms, ts))
}

/// [`usual`]'s switches built from constants and the limit alone, for the
/// hot path (the comparison is made once, at the start of the game).
#[inline(always)]
fn usual_switches(limit: u32) -> (MoreSquaresSwitches, TwoSquaresSwitches) {
    (
        MoreSquaresSwitches::isf(),
        TwoSquaresSwitches {
            enabled: true,
            limit,
            scouts: ScoutCounting::Boundaries,
            other_piece_erases: true,
            per_piece: true,
            attacks_count: true,
        },
    )
}

impl Clone for EngineGame {
    fn clone(&self) -> Self {
        EngineGame {
            layout: self.layout.clone(),
            geometry: self.geometry.clone(),
            profile: self.profile.clone(),
            army: self.army,
            pos: self.pos.clone(),
            to_move: self.to_move,
            ply: self.ply,
            sequences: self.sequences.clone(),
            chase: self.chase.clone(),
            flag_captured_by: self.flag_captured_by,
            outcome: self.outcome,
            checked: self.checked,
            usual: self.usual,
        }
    }

    /// Copies `other` into this game's room: the sequences, the position
    /// history and its first-seen table keep their allocations, so many
    /// playouts restarted from one position allocate nothing after the
    /// first (the square-by-square snapshots of `position: chase-squares`
    /// are copied whole).
    fn clone_from(&mut self, other: &Self) {
        self.layout.clone_from(&other.layout);
        self.geometry.clone_from(&other.geometry);
        self.profile.clone_from(&other.profile);
        self.pos.clone_from(&other.pos);
        self.army = other.army;
        self.to_move = other.to_move;
        self.ply = other.ply;
        self.sequences.clone_from(&other.sequences);
        self.chase.clone_from(&other.chase);
        self.flag_captured_by = other.flag_captured_by;
        self.outcome = other.outcome;
        self.checked = other.checked;
        self.usual = other.usual;
    }
}

/// Which moves of the side to move the anti-repetition rules may refuse,
/// so that they need a look one by one ([`EngineGame::checked_pieces`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Checks {
    /// The two-squares rule may refuse a move of any piece (a limit of 0,
    /// or counts that belong to the squares with the last sequence near
    /// the limit): every move is looked at.
    all: bool,
    /// The pieces (ids) whose two-squares sequence is near the limit:
    /// each of their moves is looked at.
    ids: u128,
    /// The mover's chase is on (or the profile looks at every move), so
    /// the more-squares rule may refuse a move of any piece: each move onto
    /// a square of [`more_squares::State::suspects`] is looked at.
    chase: bool,
}

impl EngineGame {
    /// A game at the position of `setup`, checked by the engine itself
    /// ([`Position::from_setup`]).
    pub fn from_setup(setup: &Setup, profile: &Profile) -> Result<Self, StartError> {
        let board = &setup.geometry;
        let layout = Layout::new(board).ok_or(StartError::TooBig {
            files: board.files,
            ranks: board.ranks,
        })?;
        let pos = Position::from_setup(&setup.pieces, &setup.army, &layout)?;
        // Ids are setup indices, so there are as many as entries.
        let ids = setup.pieces.len();
        let chase = profile.more_squares.enabled.then(|| {
            more_squares::State::new(&layout, &pos, setup.to_move, ids, &profile.more_squares)
        });
        let mut g = EngineGame {
            geometry: Arc::new(setup.geometry.clone()),
            profile: Arc::new(profile.clone()),
            army: setup.army,
            pos,
            to_move: setup.to_move,
            ply: 0,
            sequences: [Player::new(ids), Player::new(ids)],
            chase,
            flag_captured_by: None,
            outcome: None,
            checked: Checks::default(),
            usual: usual(profile).map(|(_, ts)| ts.limit),
            layout: Arc::new(layout),
        };
        g.checked = g.checked_pieces();
        g.outcome = Some(g.compute_outcome());
        Ok(g)
    }

    /// The board tables.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// A 128-bit key of everything the rules can still read of this game:
    /// the pieces (with their setup ids) on their squares, the side to
    /// move, who captured a flag, each player's open two-squares sequences
    /// and the more-squares state ([`more_squares::State::feed`]). Two
    /// games with equal keys have the same legal moves and outcomes from
    /// here on, whatever lines led to them; the ply number is left out, as
    /// no rule reads it. `arbiter prove` keys its transposition table on it.
    /// Like any hash it can collide (about n²/2¹²⁹ for n states).
    pub fn state_key(&self) -> u128 {
        use std::hash::Hasher;
        let mut h = std::hash::DefaultHasher::new();
        for c in &self.pos.cells[..self.layout.len as usize] {
            match c {
                None => h.write_u8(0),
                Some(c) => {
                    h.write_u8(1 + side(c.color) as u8);
                    h.write_u16(c.id);
                    h.write_u8(c.rank as u8);
                }
            }
        }
        h.write_u8(side(self.to_move) as u8);
        h.write_u8(match self.flag_captured_by {
            None => 0,
            Some(c) => 1 + side(c) as u8,
        });
        for p in &self.sequences {
            p.feed(&mut h);
        }
        if let Some(chase) = &self.chase {
            chase.feed(&mut h);
        }
        let low = h.finish();
        h.write_u8(0xA5);
        (u128::from(h.finish()) << 64) | u128::from(low)
    }

    /// Gives back the room a game reserves for a long history, so that
    /// copies are cheap (the solver copies the game at every node).
    pub fn compact(&mut self) {
        if let Some(chase) = self.chase.as_mut() {
            chase.compact();
        }
    }

    /// The position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The profile in force.
    pub fn profile(&self) -> &Profile {
        &self.profile
    }

    /// Whose turn it is.
    #[inline]
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The outcome of the current position.
    #[inline]
    pub fn current_outcome(&self) -> Outcome {
        match self.outcome {
            Some(o) => o,
            None => self.compute_outcome(),
        }
    }

    /// RP-6.1: whether a flag has been captured (the game is then over).
    #[inline]
    pub fn flag_captured(&self) -> bool {
        self.flag_captured_by.is_some()
    }

    /// The index form of a [`Move`], if both squares are on the board.
    pub fn fast(&self, mv: Move) -> Option<FastMove> {
        Some(FastMove {
            from: self.layout.index(mv.from)?,
            to: self.layout.index(mv.to)?,
        })
    }

    /// The square form of a [`FastMove`].
    pub fn slow(&self, mv: FastMove) -> Move {
        Move::new(self.layout.square(mv.from), self.layout.square(mv.to))
    }

    /// Calls `f` with every move the rules of play allow `color` (RP-3),
    /// until it returns `true`; returns whether it did.
    #[inline]
    fn any_pseudo_legal(&self, color: Color, mut f: impl FnMut(u8, u8, Cell) -> bool) -> bool {
        let mut pieces = self.pos.movable[side(color)];
        while pieces != 0 {
            let from = pieces.trailing_zeros() as u8;
            pieces &= pieces - 1;
            let cell = self.pos.cells[from as usize].expect("mask and cells agree");
            if self.any_pseudo_legal_from(from, cell, |to| f(from, to, cell)) {
                return true;
            }
        }
        false
    }

    /// Calls `f` with every square the movable piece `cell` on `from` may
    /// move to by the rules of play, until it returns `true`. Each ray stops
    /// at the board's edge, a lake, an own piece, or (after it) an enemy;
    /// only scouts go further than one step (RP-3.2, RP-3.3, RP-3.5).
    #[inline]
    fn any_pseudo_legal_from(&self, from: u8, cell: Cell, mut f: impl FnMut(u8) -> bool) -> bool {
        let s = side(cell.color);
        let own = self.pos.occupied[s];
        if cell.rank != Rank::Scout {
            let mut targets = self.layout.near[from as usize] & !own;
            while targets != 0 {
                let to = targets.trailing_zeros() as u8;
                targets &= targets - 1;
                if f(to) {
                    return true;
                }
            }
            return false;
        }
        let enemy = self.pos.occupied[1 - s];
        for d in 0..4 {
            let mut to = self.layout.step[from as usize][d];
            while to != NO_SQUARE {
                let b = bit(to);
                if own & b != 0 {
                    break;
                }
                if f(to) {
                    return true;
                }
                if enemy & b != 0 {
                    break;
                }
                to = self.layout.step[to as usize][d];
            }
        }
        false
    }

    /// RP-6.3: whether `color` has any piece the rules of play let move. A
    /// piece can move at all exactly when a neighbouring square is on the
    /// board, not a lake and not held by its own side (a scout's longer
    /// moves pass over that square first).
    #[inline]
    pub fn can_move_at_all(&self, color: Color) -> bool {
        let s = side(color);
        self.layout.neighbours(self.pos.movable[s]) & !self.pos.occupied[s] != 0
    }

    /// The crossings of a move, under the profile's scout reading.
    #[inline]
    fn crossings(&self, rank: Rank, from: u8, to: u8) -> Crossings {
        Crossings::of(
            &self.layout,
            rank,
            from,
            to,
            self.profile.two_squares.scouts,
        )
    }

    /// Whether a move of `cell` to `to` attacks.
    #[inline]
    fn attacks(&self, cell: Cell, to: u8) -> bool {
        self.pos.occupied[1 - side(cell.color)] & bit(to) != 0
    }

    /// TS-4.1: does the two-squares rule let the side to move play this
    /// move of `cell`? A move with no sequence to continue counts 1 without
    /// looking at its crossings.
    #[inline]
    fn two_squares_allows(&self, cell: Cell, from: u8, to: u8) -> bool {
        self.two_squares_allows_under(cell, from, to, &self.profile.two_squares)
    }

    /// [`EngineGame::two_squares_allows`] under the switches `ts` (the
    /// profile's, or [`usual_switches`] equal to them).
    #[inline(always)]
    fn two_squares_allows_under(
        &self,
        cell: Cell,
        from: u8,
        to: u8,
        ts: &TwoSquaresSwitches,
    ) -> bool {
        if !ts.enabled {
            return true;
        }
        let count = self.sequences[side(cell.color)].count(
            cell.id,
            || Crossings::of(&self.layout, cell.rank, from, to, ts.scouts),
            self.attacks(cell, to),
            ts,
        );
        count <= ts.limit
    }

    /// Whether a move the rules of play allow is also allowed by the
    /// anti-repetition rules of the profile.
    #[inline]
    fn repetition_allows(&self, cell: Cell, from: u8, to: u8) -> bool {
        self.repetition_allows_under(
            cell,
            from,
            to,
            &self.profile.more_squares,
            &self.profile.two_squares,
        )
    }

    /// [`EngineGame::repetition_allows`] under the switches `ms` and `ts`
    /// (the profile's, or [`usual_switches`] equal to them).
    #[inline(always)]
    fn repetition_allows_under(
        &self,
        cell: Cell,
        from: u8,
        to: u8,
        ms: &MoreSquaresSwitches,
        ts: &TwoSquaresSwitches,
    ) -> bool {
        if !self.two_squares_allows_under(cell, from, to, ts) {
            // A move the exception lets through is one the more-squares
            // rule allows.
            return self.exception_overrides_under(cell, from, to, ms);
        }
        self.more_squares_allows_under(cell, from, to, ms)
    }

    /// MS-7.1: does the more-squares rule let the side to move play this?
    /// Only a chasing move (the mover's chase is on and the move threatens
    /// again) is looked up among the earlier positions.
    #[inline(always)]
    fn more_squares_allows_under(
        &self,
        cell: Cell,
        from: u8,
        to: u8,
        ms: &MoreSquaresSwitches,
    ) -> bool {
        self.chase.as_ref().is_none_or(|st| {
            let c = self.candidate(cell, from, to);
            !st.may_refuse(&c, ms) || st.refuses(c, ms).is_none()
        })
    }

    /// The profile's switches, as constants under the usual ones
    /// ([`usual`]; `USUAL` must be [`EngineGame::usual`]).
    #[inline(always)]
    fn switches<const USUAL: bool>(&self) -> (MoreSquaresSwitches, TwoSquaresSwitches) {
        debug_assert_eq!(USUAL, self.usual.is_some());
        if USUAL {
            usual_switches(self.profile.two_squares.limit)
        } else {
            (
                self.profile.more_squares.clone(),
                self.profile.two_squares.clone(),
            )
        }
    }

    /// The more-squares rule's view of a move of `cell` from `from` to `to`
    /// now.
    #[inline]
    fn candidate(&self, cell: Cell, from: u8, to: u8) -> Candidate<'_> {
        Candidate {
            pos: &self.pos,
            layout: &self.layout,
            index: self.ply,
            cell,
            from,
            to,
        }
    }

    /// Whether playing `mv` would recreate a position that counts for the
    /// mover's window, chasing or not (for steering random games into
    /// repetitions). Always false when the rule is off.
    pub fn repeats_position(&self, mv: FastMove) -> bool {
        match (&self.chase, self.pos.cells[mv.from as usize]) {
            (Some(st), Some(cell)) => st.repeats_any(&self.pos, cell, mv.from, mv.to),
            _ => false,
        }
    }

    /// Each player's chase (red, blue), when the more-squares rule is on.
    pub fn chases(&self) -> Option<[more_squares::Chase; 2]> {
        self.chase.as_ref().map(|st| st.chases)
    }

    /// Every legal move of the side to move, in no particular order, into
    /// `buf` (cleared first). Allocates only if `buf` must grow.
    ///
    /// All pieces' one-step moves come as one bit set per direction and
    /// the scouts' longer moves as one set per direction and length (all
    /// scouts at once); only the pieces and end squares the
    /// anti-repetition rules may restrict ([`EngineGame::checked_pieces`],
    /// [`more_squares::State::suspects`]) are looked at move by move.
    ///
    /// Always inlined: a playout's loop calls it once a ply, and the call
    /// itself (saving and restoring the registers the listing uses) cost
    /// about 15 instructions a ply of the 8×8 game's 700.
    #[inline(always)]
    pub fn legal_moves_into(&self, buf: &mut Vec<FastMove>) {
        if self.flag_captured_by.is_some() {
            buf.clear();
            return;
        }
        let mut sink = Sink::open(buf);
        self.list_into(&mut sink);
        let written = sink.written();
        // SAFETY: the sink wrote the first `written` slots of the spare
        // room (each `push` writes slot `len`, then counts it; `written`
        // checked that no count wrapped past the room), and `reserve` made
        // the room at least `ROOM` long.
        unsafe { buf.set_len(written) };
    }

    /// The body of [`EngineGame::legal_moves_into`], writing into `sink`.
    #[inline(always)]
    #[allow(clippy::unnecessary_cast)] // the same code for one-word and two-word masks
    fn list_into(&self, sink: &mut Sink) {
        let me = side(self.to_move);
        let Checks {
            all: all_checked,
            ids: checked,
            chase,
        } = self.checked;
        let movable = self.pos.movable[me];
        // The pieces whose every move needs a look (rare: a chase of the
        // mover's on, or a sequence at the limit), as squares, and the one
        // piece refused a single step ([`EngineGame::checked_squares`]).
        let (slow, near_step) = if all_checked {
            (movable, None)
        } else if checked != 0 {
            self.checked_squares(checked, movable)
        } else {
            (0, None)
        };
        let layout = &*self.layout;
        // The end squares on which the more-squares rule may refuse a move
        // of a free piece (none while the mover's chase is off).
        let suspects = match &self.chase {
            Some(st) if chase => {
                st.suspects(&self.pos, layout, self.to_move, &self.profile.more_squares)
            }
            _ => 0,
        };
        let f = layout.files as u32;
        // Every free piece's one-step moves, all pieces at once per
        // direction (each target bit is one move); then the scouts' longer
        // moves, all scouts at once, one step further per round along the
        // squares that are still empty, so each round's bits are the moves
        // of exactly that length (RP-3.3: a line stops at a lake, the edge,
        // an own piece, or on the first enemy). Boards of at most 64 squares
        // (the 8×8 game) do this in one-word masks, cut to their low word
        // before any arithmetic, so no two-word operation is left on the
        // path.
        macro_rules! listing {
            ($word:ty, $push:ident, $chase:literal, $scouts:literal, $files:expr) => {{
                // The file count as a constant where the board is known
                // (a shift of a two-word mask by a constant is two
                // instructions, by a variable five).
                let f: u32 = $files;
                let w = |m: layout::Mask| m as $word;
                let own = w(self.pos.occupied[me]);
                // Squares a move may end on: on the board, not a lake, not
                // the mover's own.
                let open = w(layout.squares) & !own;
                // Squares a scout's line passes on: open and not the
                // opponent's.
                let empty = open & !w(self.pos.occupied[1 - me]);
                let free = w(movable) & !w(slow);
                let scouts = free & w(self.pos.scouts[me]);
                let [suspects, first_file, last_file] =
                    [suspects, layout.first_file, layout.last_file].map(w);
                // A free piece cannot break the two-squares limit, so a
                // move of one needs a look only when it ends on a suspect
                // square (never while the mover's chase is off: `$chase`
                // is false, and the test is compiled out).
                let emit = |sink: &mut Sink, targets: $word, delta: i16| {
                    if $chase {
                        sink.$push(targets & !suspects, delta);
                        if targets & suspects != 0 {
                            let tail = &mut sink.spare[sink.len..];
                            let targets = (targets & suspects) as layout::Mask;
                            sink.len += if self.usual.is_some() {
                                self.push_checked::<true>(tail, targets, delta)
                            } else {
                                self.push_checked::<false>(tail, targets, delta)
                            };
                        }
                    } else {
                        sink.$push(targets, delta);
                    }
                };
                macro_rules! direction {
                    ($shift:expr, $delta:expr) => {{
                        let shift = $shift;
                        let delta: i16 = $delta;
                        emit(sink, shift(free) & open, delta);
                        // Compiled out when the mover has no scout.
                        if $scouts {
                            let mut line = shift(scouts) & empty;
                            let mut reach = delta;
                            while line != 0 {
                                line = shift(line) & open;
                                reach += delta;
                                emit(sink, line, reach);
                                line &= empty;
                            }
                        }
                    }};
                }
                direction!(|m: $word| m << f, f as i16);
                direction!(|m: $word| m >> f, -(f as i16));
                direction!(|m: $word| (m & !last_file) << 1, 1);
                direction!(|m: $word| (m & !first_file) >> 1, -1);
            }};
        }
        // On the small boards a side without scouts (most of a game's
        // later plies) skips the scouts' rounds altogether.
        let small = layout.len <= 64;
        let no_scouts = small && self.pos.scouts[me] as u64 == 0;
        match (small, suspects != 0, no_scouts, f) {
            (true, false, true, _) => listing!(u64, targets_low, false, false, f),
            (true, false, false, _) => listing!(u64, targets_low, false, true, f),
            (true, true, _, _) => listing!(u64, targets_low, true, true, f),
            (false, false, _, 10) => listing!(u128, targets, false, true, 10),
            (false, true, _, 10) => listing!(u128, targets, true, true, 10),
            (false, false, _, _) => listing!(u128, targets, false, true, f),
            (false, true, _, _) => listing!(u128, targets, true, true, f),
        }
        if slow != 0 {
            let tail = &mut sink.spare[sink.len..];
            sink.len += if let Some((from, back, cell)) = near_step {
                self.push_near_step(tail, from, back, cell)
            } else if self.usual.is_some() {
                self.push_slow::<true>(tail, slow)
            } else {
                self.push_slow::<false>(tail, slow)
            };
        }
    }

    /// Pushes each move to a square of `targets` from the square `delta`
    /// indices back that the more-squares rule allows (the moves of free
    /// pieces onto suspect squares; kept out of line, as most plies have
    /// none).
    ///
    /// The moves go into `tail`, the sink's room after what it holds, and
    /// their number is returned: the sink itself is never handed out of
    /// line, so its count can stay in a register.
    #[inline(never)]
    fn push_checked<const USUAL: bool>(
        &self,
        tail: &mut [std::mem::MaybeUninit<FastMove>],
        targets: layout::Mask,
        delta: i16,
    ) -> usize {
        let (ms, _) = self.switches::<USUAL>();
        let mut n = 0;
        let mut m = targets;
        while m != 0 {
            let to = m.trailing_zeros() as u8;
            m &= m - 1;
            let from = (to as i16 - delta) as u8;
            let Some(cell) = self.pos.cells[from as usize] else {
                unreachable!("a target comes from a piece")
            };
            if self.more_squares_allows_under(cell, from, to, &ms) {
                tail[n].write(FastMove { from, to });
                n += 1;
            }
        }
        n
    }

    /// The squares of the pieces of `movable` (the side to move's) whose
    /// ids are in `checked` (near the two-squares limit), and, under the
    /// usual switches, the one such piece refused a single step
    /// ([`Player::near_single`], [`EngineGame::near_step`]): its moves are
    /// then listed from its neighbours without that one
    /// ([`EngineGame::push_near_step`]) instead of looked at move by move.
    /// Out of line: most plies have no such piece.
    #[inline(never)]
    fn checked_squares(
        &self,
        checked: u128,
        movable: layout::Mask,
    ) -> (layout::Mask, Option<(u8, u8, Cell)>) {
        if self.usual.is_some()
            && let Some((id, c)) = self.sequences[side(self.to_move)].near_single()
            && let Some(step) = self.near_step(id, c)
        {
            return (bit(step.0), Some(step));
        }
        let mut slow = 0;
        let mut m = movable;
        while m != 0 {
            let sq = m.trailing_zeros() as u8;
            m &= m - 1;
            if let Some(cell) = self.pos.cells[sq as usize]
                && checked & id_bit(cell.id) != 0
            {
                slow |= bit(sq);
            }
        }
        (slow, None)
    }

    /// The square of piece `id` (of the side to move), which is near the
    /// two-squares limit after a last move across the one boundary `c`,
    /// and the square back across `c`, with the piece: `None` when the
    /// piece is a scout (its longer moves cross more than one boundary)
    /// or no longer on the board. A piece with an open sequence that is
    /// still on the board stands on one end of its last move.
    #[inline]
    fn near_step(&self, id: PieceId, c: two_squares::Crossing) -> Option<(u8, u8, Cell)> {
        let (a, b) = squares_of(c);
        [(a, b), (b, a)].into_iter().find_map(|(from, back)| {
            self.pos.cells[from as usize]
                .filter(|cell| cell.id == id && cell.rank != Rank::Scout)
                .map(|cell| (from, back, cell))
        })
    }

    /// Writes into `tail` the legal moves of the piece `cell` on `from`
    /// that [`EngineGame::near_step`] found, under the usual switches: its
    /// steps onto a neighbour not its own's, but the one to `back`, which
    /// the two-squares rule refuses (under the usual switches no
    /// exception overrides it), each looked at by the more-squares rule,
    /// in the order [`EngineGame::push_slow`] lists them. Returns their
    /// number.
    #[inline(never)]
    fn push_near_step(
        &self,
        tail: &mut [std::mem::MaybeUninit<FastMove>],
        from: u8,
        back: u8,
        cell: Cell,
    ) -> usize {
        let (ms, ts) = self.switches::<true>();
        debug_assert!(!ms.exception_overrides_two_squares && ts.limit > 0);
        let own = self.pos.occupied[side(cell.color)];
        let mut n = 0;
        let mut m = self.layout.near[from as usize] & !own & !bit(back);
        while m != 0 {
            let to = m.trailing_zeros() as u8;
            m &= m - 1;
            debug_assert!(self.two_squares_allows_under(cell, from, to, &ts));
            if self.more_squares_allows_under(cell, from, to, &ms) {
                tail[n].write(FastMove { from, to });
                n += 1;
            }
        }
        debug_assert!(
            own & bit(back) != 0 || !self.two_squares_allows_under(cell, from, back, &ts),
            "the step back is the one the rule refuses"
        );
        n
    }

    /// Writes into `tail` every legal move of the pieces on the squares of
    /// `slow` (each looked at move by move), and returns their number.
    #[inline(never)]
    fn push_slow<const USUAL: bool>(
        &self,
        tail: &mut [std::mem::MaybeUninit<FastMove>],
        slow: layout::Mask,
    ) -> usize {
        let (ms, ts) = self.switches::<USUAL>();
        let mut n = 0;
        let mut left = slow;
        while left != 0 {
            let from = left.trailing_zeros() as u8;
            left &= left - 1;
            let Some(cell) = self.pos.cells[from as usize] else {
                unreachable!("mask and cells agree")
            };
            self.any_pseudo_legal_from(from, cell, |to| {
                if self.repetition_allows_under(cell, from, to, &ms, &ts) {
                    tail[n].write(FastMove { from, to });
                    n += 1;
                }
                false
            });
        }
        n
    }

    /// Which moves of the side to move the anti-repetition rules may
    /// refuse. While the mover's chase is off, the more-squares rule
    /// refuses nothing ([`more_squares::State::quiet`]); a piece whose
    /// two-squares sequence is not near the limit cannot break it
    /// ([`Player::restricted`]).
    #[inline]
    fn checked_pieces(&self) -> Checks {
        self.checked_under(&self.profile.more_squares, &self.profile.two_squares)
    }

    /// [`EngineGame::checked_pieces`] under the switches `ms` and `ts`
    /// (the profile's, or [`usual_switches`] equal to them).
    #[inline(always)]
    fn checked_under(&self, ms: &MoreSquaresSwitches, ts: &TwoSquaresSwitches) -> Checks {
        let chase = !self
            .chase
            .as_ref()
            .is_none_or(|st| st.quiet(self.to_move, ms));
        let (all, ids) = self.sequences[side(self.to_move)].restricted(ts);
        Checks { all, ids, chase }
    }

    /// Whether the side to move has a legal move (stops at the first).
    /// When no piece needs a look ([`EngineGame::checked_pieces`]), any
    /// step onto a square that is free or the opponent's is one.
    #[inline]
    pub fn has_legal_move(&self) -> bool {
        if self.flag_captured_by.is_some() {
            return false;
        }
        if self.checked == Checks::default() {
            return self.can_move_at_all(self.to_move);
        }
        if let (
            Some(st),
            Checks {
                all: false,
                ids: 0,
                chase: true,
            },
        ) = (&self.chase, self.checked)
        {
            // Only the more-squares rule may refuse, and only moves onto
            // suspect squares: a step onto any other open square is legal.
            let s = side(self.to_move);
            let suspects = st.suspects(
                &self.pos,
                &self.layout,
                self.to_move,
                &self.profile.more_squares,
            );
            if self.layout.neighbours(self.pos.movable[s]) & !self.pos.occupied[s] & !suspects != 0
            {
                return true;
            }
        }
        self.any_pseudo_legal(self.to_move, |from, to, cell| {
            self.repetition_allows(cell, from, to)
        })
    }

    /// Whether `mv` is legal now.
    #[inline]
    pub fn is_legal(&self, mv: FastMove) -> bool {
        if self.flag_captured_by.is_some() {
            return false;
        }
        match self.pos.cells.get(mv.from as usize).copied().flatten() {
            Some(cell) if cell.color == self.to_move && cell.rank.is_movable() => {
                self.any_pseudo_legal_from(mv.from, cell, |to| to == mv.to)
                    && self.repetition_allows(cell, mv.from, mv.to)
            }
            _ => false,
        }
    }

    /// RP-6: the outcome of the current position.
    fn compute_outcome(&self) -> Outcome {
        if let Some(winner) = self.flag_captured_by {
            // RP-6.4: the flag first; the fault `no-moves-before-flag` asks
            // RP-6.2 and RP-6.3 first.
            let me = self.to_move;
            if self.profile.faults.no_moves_before_flag && !self.can_move_at_all(me) {
                if !self.can_move_at_all(me.opponent()) {
                    return Outcome::Draw(DrawReason::NeitherCanMove);
                }
                return Outcome::win(me.opponent(), WinReason::NoLegalMove);
            }
            return Outcome::win(winner, WinReason::FlagCaptured);
        }
        if self.has_legal_move() {
            return Outcome::Ongoing;
        }
        let me = self.to_move;
        let me_immobile =
            self.profile.faults.draw_if_opponent_immobile || !self.can_move_at_all(me);
        if !self.profile.faults.no_draw && me_immobile && !self.can_move_at_all(me.opponent()) {
            return Outcome::Draw(DrawReason::NeitherCanMove);
        }
        Outcome::win(me.opponent(), WinReason::NoLegalMove)
    }

    /// Plays a move that is legal now (check with [`EngineGame::is_legal`]
    /// or take it from [`EngineGame::legal_moves_into`]), and says what it
    /// did.
    #[inline(never)]
    pub fn play_legal(&mut self, mv: FastMove) -> FastReport {
        self.play_inner::<true>(mv)
    }

    /// [`EngineGame::play_legal`] for a caller that does not read the
    /// report (playouts, searches): the same state change, without the
    /// facts only the report carries (the more-squares notes) and without
    /// the outcome, which [`EngineGame::current_outcome`] computes when
    /// asked. A playout learns the end from [`EngineGame::flag_captured`]
    /// and an empty move list instead. Inlined into the caller's loop
    /// where the compiler sees fit (in the playouts it does, which saves
    /// the call's register saves and restores).
    #[inline]
    pub fn advance(&mut self, mv: FastMove) {
        let _ = self.play_inner::<false>(mv);
    }

    /// The body of [`EngineGame::play_legal`] (`REPORT`) and
    /// [`EngineGame::advance`].
    ///
    /// Under the usual switches ([`usual`]) the move is played with them
    /// as constants; under any other profile with the profile's own (a
    /// copy, as the game is borrowed to be changed). Both run the one body,
    /// [`EngineGame::play_under`].
    #[inline(always)]
    fn play_inner<const REPORT: bool>(&mut self, mv: FastMove) -> FastReport {
        if let Some(limit) = self.usual {
            let (ms, ts) = usual_switches(limit);
            self.play_under::<REPORT>(mv, &ms, &ts)
        } else {
            let ms = self.profile.more_squares.clone();
            let ts = self.profile.two_squares.clone();
            self.play_under::<REPORT>(mv, &ms, &ts)
        }
    }

    /// [`EngineGame::play_inner`] under the switches `ms` and `ts`, equal
    /// to the profile's.
    #[inline(always)]
    fn play_under<const REPORT: bool>(
        &mut self,
        mv: FastMove,
        ms: &MoreSquaresSwitches,
        ts: &TwoSquaresSwitches,
    ) -> FastReport {
        debug_assert!(self.is_legal(mv), "play_legal needs a legal move");
        debug_assert!(*ms == self.profile.more_squares && *ts == self.profile.two_squares);
        let cell = self.pos.cells[mv.from as usize].expect("a legal move has a mover");
        // A legal move never ends on an own piece, so an occupied end
        // square is an attack.
        let attack = self.pos.cells[mv.to as usize].is_some();
        let player = &mut self.sequences[side(cell.color)];
        // A piece other than a scout crosses exactly one boundary.
        let counted = if cell.rank == Rank::Scout {
            let made = Crossings::of(&self.layout, cell.rank, mv.from, mv.to, ts.scouts);
            player.play(cell.id, &made, attack, ts)
        } else {
            let c = two_squares::crossing(&self.layout, mv.from, mv.to);
            player.play_single(cell.id, c, attack, ts)
        };
        let candidate = Candidate {
            pos: &self.pos,
            layout: &self.layout,
            index: self.ply,
            cell,
            from: mv.from,
            to: mv.to,
        };
        let chase = self
            .chase
            .as_mut()
            .map(|st| st.record::<REPORT>(candidate, ms));
        let applied = self.pos.apply(mv.from, mv.to);
        let combat = applied.combat.map(|(def, result)| (def.rank, result));
        if let Some((def, _)) = applied.combat
            && def.rank == Rank::Flag
        {
            self.flag_captured_by = Some(cell.color);
        }
        self.to_move = self.to_move.opponent();
        self.ply += 1;
        self.checked = self.checked_under(ms, ts);
        self.outcome = REPORT.then(|| self.compute_outcome());
        FastReport {
            color: cell.color,
            rank: cell.rank,
            combat,
            two_squares: counted,
            chase,
            outcome: self.outcome.unwrap_or(Outcome::Ongoing),
        }
    }

    /// The full verdict on `mv`, with the same rule, clause and explanation
    /// as the reference (RP-3.7 order), and on success the move's indices.
    fn verdict(&self, mv: Move) -> Result<(FastMove, Cell), Illegal> {
        if let Some(winner) = self.flag_captured_by {
            return Err(Illegal::new(
                RuleCode::GameOver,
                "RP-6.5",
                format!("the game is over: {winner} has captured the flag"),
            ));
        }
        let (from, to, cell) = rules::check(&self.layout, &self.pos, self.to_move, mv)?;
        self.two_squares_verdict(cell, from, to)?;
        self.more_squares_verdict(cell, from, to, mv)?;
        Ok((FastMove { from, to }, cell))
    }

    /// MS-7.1 with the reference's explanation.
    fn more_squares_verdict(&self, cell: Cell, from: u8, to: u8, mv: Move) -> Result<(), Illegal> {
        let Some(st) = &self.chase else {
            return Ok(());
        };
        let ms = &self.profile.more_squares;
        let Some(j) = st.refuses(self.candidate(cell, from, to), ms) else {
            return Ok(());
        };
        let me = cell.color;
        let why = match (ms.exception, st.last_own[side(me)]) {
            (ChaseException::None, _) => "this profile has no exception".to_string(),
            (ChaseException::Square, Some((_, last_from, _))) => format!(
                "{} is not the square {me}'s directly preceding move came from ({})",
                mv.to,
                self.layout.square(last_from)
            ),
            (ChaseException::PieceReturn, _) => format!(
                "the {} does not go back to where its own last move came from",
                cell.rank
            ),
            (_, Some((id, last_from, _))) if id == cell.id => format!(
                "the {} came to {} from {}, not from {}",
                cell.rank,
                mv.from,
                self.layout.square(last_from),
                mv.to
            ),
            _ => format!(
                "the {} did not move on {me}'s directly preceding turn",
                cell.rank
            ),
        };
        let chasing = st.classify(self.candidate(cell, from, to), ms).chasing;
        let who = if chasing {
            format!("{me} is chasing, and")
        } else {
            "this profile forbids every repeating move, and".to_string()
        };
        Err(Illegal::new(
            RuleCode::MoreSquares,
            "MS-7.1",
            format!(
                "{who} {} {} would recreate {}; the exception (MS-8) does not apply: {why} ({})",
                cell.rank,
                mv,
                more_squares::describe_position(j),
                self.profile.name
            ),
        ))
    }

    /// The trait's form of the more-squares facts of the move just played
    /// to `to` by `mover`: squares as names, the pieces that have evaded
    /// in a chase that is on (the mover's and the opponent's), sorted as
    /// the reference sorts them.
    fn chase_note(&self, facts: ChaseFacts, to: u8) -> ChaseNote {
        let chases = self.chases().expect("the rule is on");
        let name = |sq: u8| self.layout.square(sq).to_string();
        let threatens = self
            .threat_order(facts.threats.squares, to)
            .into_iter()
            .map(name)
            .collect();
        let mut evaded = Vec::new();
        for c in chases.iter().filter(|c| c.on) {
            for i in 0..self.layout.len {
                if let Some(p) = self.pos.cells[i as usize]
                    && c.evaded & id_bit(p.id) != 0
                {
                    evaded.push(name(i));
                }
            }
        }
        evaded.sort();
        ChaseNote {
            chasers: Chasers::from_flags(chases[0].on, chases[1].on),
            threatens,
            evades: facts.evades,
            continues: facts.continues,
            chasing_move: facts.chasing_move,
            evaded,
            squares: facts.squares,
            mark: facts.continues && facts.squares > 2,
            repeats: facts.repeats,
        }
    }

    /// The threatened squares of a move that ended on `to`, in the
    /// reference's order: by direction from `to` (north, south, east, west)
    /// when only the mover threatens, since each line holds at most one of
    /// its threats; in square order when other pieces threaten too.
    fn threat_order(&self, squares: layout::Mask, to: u8) -> Vec<u8> {
        let mut out = Vec::new();
        if self.profile.more_squares.threat_by == ThreatBy::Mover {
            for d in 0..layout::DIRECTIONS {
                let mut sq = self.layout.step[to as usize][d];
                while sq != NO_SQUARE {
                    if squares & bit(sq) != 0 {
                        out.push(sq);
                    }
                    sq = self.layout.step[sq as usize][d];
                }
            }
        } else {
            out.extend((0..self.layout.len).filter(|&sq| squares & bit(sq) != 0));
            out.sort_by_key(|&sq| self.layout.order[sq as usize]);
        }
        out
    }

    /// MS-1.2, bug switch `exception-overrides-two-squares`: a move the
    /// more-squares exception covers (a repeating move MS-7 looks at, let
    /// through by MS-8) skips the two-squares rule. Never under the named
    /// profiles, where the switch is off.
    #[inline]
    fn exception_overrides(&self, cell: Cell, from: u8, to: u8) -> bool {
        self.exception_overrides_under(cell, from, to, &self.profile.more_squares)
    }

    /// [`EngineGame::exception_overrides`] under the switches `ms`.
    #[inline(always)]
    fn exception_overrides_under(
        &self,
        cell: Cell,
        from: u8,
        to: u8,
        ms: &MoreSquaresSwitches,
    ) -> bool {
        ms.exception_overrides_two_squares
            && self.chase.as_ref().is_some_and(|st| {
                st.recreates(self.candidate(cell, from, to), ms).is_some()
                    && st.excepted(cell, from, to, ms)
            })
    }

    /// TS-4.1, TS-5.1 or TS-5.2 with the reference's explanation.
    fn two_squares_verdict(&self, cell: Cell, from: u8, to: u8) -> Result<(), Illegal> {
        let ts = &self.profile.two_squares;
        if !ts.enabled
            || self.two_squares_allows(cell, from, to)
            || self.exception_overrides(cell, from, to)
        {
            return Ok(());
        }
        let made = self.crossings(cell.rank, from, to);
        let counted =
            self.sequences[side(cell.color)].peek(cell.id, &made, self.attacks(cell, to), ts);
        let next = counted.next.expect("an exempt attack is never refused");
        let worst: Vec<String> = next
            .crossings()
            .filter(|&(_, n)| n > ts.limit)
            .map(|(c, _)| {
                let (a, b) = squares_of(c);
                format!("{}|{}", self.layout.square(a), self.layout.square(b))
            })
            .collect();
        let scout_reading = (cell.rank == Rank::Scout).then_some(ts.scouts);
        let what = match scout_reading {
            // TS-5.2: the pair of end squares stands in for a boundary line.
            Some(ScoutCounting::EndSquares) => format!(
                "move between {} again",
                worst.join(", ").replace('|', " and ")
            ),
            _ => format!("cross {} again", worst.join(", ")),
        };
        let clause = match scout_reading {
            None => "TS-4.1",
            Some(ScoutCounting::Boundaries | ScoutCounting::Span) => "TS-5.1",
            Some(ScoutCounting::EndSquares) => "TS-5.2",
        };
        Err(Illegal::new(
            RuleCode::TwoSquares,
            clause,
            format!(
                "the {} would {what}, for the {} time non-stop; at most {} times are allowed ({})",
                cell.rank,
                ordinal(counted.note.1),
                ts.limit,
                self.profile.name
            ),
        ))
    }
}

impl EngineGame {
    /// The current board.
    pub fn board(&self) -> Board {
        let mut b = Board::empty(Geometry::clone(&self.geometry), self.to_move);
        self.pos.to_board(&mut b, &self.layout);
        b
    }

    /// Every legal move of the side to move, sorted like the reference's.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut buf = Vec::with_capacity(64);
        self.legal_moves_into(&mut buf);
        let order = &self.layout.order;
        buf.sort_unstable_by_key(|m| (order[m.from as usize], order[m.to as usize]));
        buf.into_iter().map(|m| self.slow(m)).collect()
    }
}

impl Game<Stratego> for EngineGame {
    fn render(&self) -> String {
        self.board().to_string()
    }

    fn side_to_move(&self) -> Color {
        self.to_move
    }

    fn outcome(&self) -> Outcome {
        self.current_outcome()
    }

    fn judge(&self, mv: &Move) -> crate::rules::Verdict<Stratego> {
        match self.verdict(*mv) {
            Ok(_) => crate::rules::Verdict::Legal,
            Err(i) => crate::rules::Verdict::Illegal(i.of(*mv)),
        }
    }

    fn legal_actions(&self) -> Vec<Move> {
        self.legal_moves()
    }

    fn play(&mut self, mv: &Move) -> Result<PlyReport, crate::rules::Illegal<Stratego>> {
        let mv = *mv;
        let (fast, _) = self.verdict(mv).map_err(|i| i.of(mv))?;
        let r = self.play_legal(fast);
        Ok(PlyReport {
            mv: mv.to_string(),
            color: r.color,
            rank: r.rank,
            combat: r.combat,
            two_squares: self
                .profile
                .two_squares
                .enabled
                .then(|| two_squares::note(r.two_squares)),
            chase: r.chase.map(|f| self.chase_note(f, fast.to)),
            outcome: r.outcome,
        })
    }

    fn ply(&self) -> usize {
        self.ply
    }

    /// The engine's cells read back through its layout into a board, with
    /// the army it started from.
    fn position(&self) -> Option<Setup> {
        let board = self.board();
        Some(Setup {
            pieces: board.pieces().map(|(sq, p)| (sq, p.piece)).collect(),
            army: self.army,
            to_move: self.to_move,
            geometry: Geometry::clone(&self.geometry),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::stratego::variant::Variant;
    use crate::games::stratego::workload::driver::{
        Chooser, SplitMix, canonical_order, setup_and_profile_on,
    };

    impl EngineGame {
        /// The legal moves found move by move, every candidate through the
        /// anti-repetition checks: what the bit-set generator must equal.
        fn legal_moves_one_by_one(&self) -> Vec<FastMove> {
            let mut out = Vec::new();
            if self.flag_captured_by.is_some() {
                return out;
            }
            self.any_pseudo_legal(self.to_move, |from, to, cell| {
                if self.repetition_allows(cell, from, to) {
                    out.push(FastMove { from, to });
                }
                false
            });
            out
        }
    }

    /// On rule-seeking random games of every variant under random profiles,
    /// the fast generator lists exactly the moves the move-by-move path
    /// allows, in the order the move-by-move path finds them once put in
    /// [`canonical_order`], and `has_legal_move` agrees with the list.
    #[test]
    fn the_bit_set_generator_lists_what_the_move_by_move_path_allows() {
        let mut buf = Vec::new();
        let mut checked = 0;
        for seed in 0..120u64 {
            let mut src = SplitMix(seed);
            let variant = Variant::ALL[seed as usize % 3];
            let (setup, profile, bias) = setup_and_profile_on(&mut src, variant);
            let Ok(mut g) = EngineGame::from_setup(&setup, &profile) else {
                continue;
            };
            let mut chooser = Chooser::new(bias);
            for _ in 0..300 {
                g.legal_moves_into(&mut buf);
                let slow = g.legal_moves_one_by_one();
                canonical_order(&g, &mut buf);
                assert_eq!(buf, slow, "seed {seed}, ply {}", g.ply);
                assert_eq!(g.has_legal_move(), !slow.is_empty(), "seed {seed}");
                checked += 1;
                let Some(mv) = chooser.choose(&g, &buf, &mut src) else {
                    break;
                };
                chooser.played(g.to_move(), mv);
                g.play_legal(mv);
            }
        }
        assert!(checked > 10_000, "{checked} positions");
    }
}
