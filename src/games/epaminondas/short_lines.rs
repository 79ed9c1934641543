//! The `epaminondas_short` fuzz target's property: a position built from
//! the fuzzer's bytes, then a short line of moves on the reference and the
//! engine, compared at every ply.
//!
//! `epaminondas_differential` plays games of up to 40 plies, most from
//! crowded boards, a few per second: the reference finds the legal moves
//! by judging every candidate on a copy of the board. Here one input
//! costs a bounded amount of reference work: at most [`MAX_PLIES`] plies
//! (fewer, [`MAX_CROWDED_PLIES`], from a board of more than
//! [`CROWDED`] stones), from a position the bytes build directly.
//!
//! The bytes are read with [`arbitrary::Unstructured`] (an input that runs
//! out reads as zeros, so every input is a case):
//!
//! 1. the rules: a named profile, one switch change from the list the
//!    random games use ([`OVERRIDES`]), and the symmetry map (kept, none,
//!    or one of the three);
//! 2. the board size;
//! 3. a start, one of three:
//!    - *scattered*: up to [`MAX_STONES`] stones a side, each on a square
//!      the bytes name (a square already taken is skipped), and the side
//!      to move;
//!    - *symmetric*: up to [`MAX_STONES`] pairs, each a stone and its
//!      image under the profile's map (the mirror when it has none), then
//!      one of them moved a square, so that moving it back restores the
//!      symmetry the rule forbids;
//!    - *played*: the opening array and up to 31 moves the bytes pick,
//!      played on the engine alone; the line starts where it stopped.
//! 4. the line: per ply a byte picks the move (among the legal ones, or
//!    the fuzzer's own candidate when that is legal), and a few bytes make
//!    that candidate (a front stone or any square, any landing square
//!    within seven, any count the protocol reads).
//!
//! Why the built positions can be trusted: any placement of stones on
//! distinct squares of the board, with either side to move, is a setup
//! the rules accept ([`Setup::validate`], EP-1.1, EP-1.6; a setup already
//! won or blocked is judged at once, EP-5), and it is what a scenario or
//! a protocol request may start from. The *played* start needs no trust
//! in the engine: whatever it played, the board it reached is again such
//! a placement, and only the line after it is compared.
//!
//! At every ply both must agree on the outcome, the side to move, the
//! position, the sorted legal moves, the whole verdict (rule, clause,
//! explanation) on every candidate and on every move the symmetry rule
//! alone refuses, and the whole note of the move played.

use arbitrary::Unstructured;

use crate::rules::compare::{Compare, Flow, Hooks, Options, byte, engine_prefix};
use crate::rules::{Implementation, Verdict};

use super::board::{Side, Size, Square};
use super::engine::Engine;
use super::game::{Epaminondas, Note};
use super::moves::Move;
use super::profile::{Profile, SymmetryMap};
use super::reference::Reference;
use super::setup::Setup;
use super::verdict::RuleCode;
use super::workload::{OVERRIDES, Tally, Unrestricted, image, index, setup_of};

/// The longest line compared after the start.
pub const MAX_PLIES: usize = 12;

/// The longest line from a crowded board.
pub const MAX_CROWDED_PLIES: usize = 4;

/// More stones than this make a board crowded.
pub const CROWDED: usize = 24;

/// The most stones a side gets in a scattered start (pairs in a symmetric
/// one).
pub const MAX_STONES: usize = 12;

/// The longest prefix the engine plays for a *played* start.
pub const MAX_PREFIX: usize = 31;

/// Where the line starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartKind {
    /// Stones on squares the bytes name.
    Scattered,
    /// A symmetric position disturbed by one stone.
    Symmetric,
    /// The engine's position after a prefix from the opening array.
    Played,
}

/// A case: the setup, the profile, and how the setup was made.
#[derive(Clone, Debug)]
pub struct Case {
    /// The position the line starts from.
    pub setup: Setup,
    /// The rules.
    pub profile: Profile,
    /// How the setup was made.
    pub kind: StartKind,
}

fn side(b: u8) -> Side {
    if b.is_multiple_of(2) {
        Side::White
    } else {
        Side::Black
    }
}

/// The profile: a named one, a switch change, a symmetry map.
fn profile(u: &mut Unstructured) -> Profile {
    let base = Profile::NAMES[usize::from(byte(u)) % Profile::NAMES.len()];
    let o = OVERRIDES[usize::from(byte(u)) % OVERRIDES.len()];
    let map = ["", "none", "mirror", "rotate-swap", "midline-swap"][usize::from(byte(u)) % 5];
    let name = if map.is_empty() {
        format!("{base}{o}")
    } else {
        format!("{base}{o}+symmetry.map={map}")
    };
    Profile::parse(&name).expect("a named profile with one switch changed")
}

/// A square of `size` from one byte.
fn square(size: Size, b: u8) -> Square {
    let n = size.files() * size.ranks();
    let i = b % n;
    Square::new(i % size.files(), i / size.files())
}

/// Reads the rules and the start from the front of the input.
pub fn read_case(u: &mut Unstructured) -> Case {
    let profile = profile(u);
    let size = if byte(u).is_multiple_of(2) {
        Size::Small
    } else {
        Size::Standard
    };
    let (kind, setup) = match byte(u) % 3 {
        0 => (StartKind::Scattered, scattered(u, size)),
        1 => (
            StartKind::Symmetric,
            symmetric(u, size, profile.symmetry.map),
        ),
        _ => (StartKind::Played, played(u, size, &profile)),
    };
    Case {
        setup,
        profile,
        kind,
    }
}

/// Up to [`MAX_STONES`] stones a side on the squares the bytes name.
fn scattered(u: &mut Unstructured, size: Size) -> Setup {
    let mut grid = vec![None; usize::from(size.files()) * usize::from(size.ranks())];
    for s in [Side::White, Side::Black] {
        for _ in 0..usize::from(byte(u)) % (MAX_STONES + 1) {
            let sq = square(size, byte(u));
            grid[index(size, sq)].get_or_insert(s);
        }
    }
    setup_of(size, &grid, side(byte(u)))
}

/// Up to [`MAX_STONES`] stones, each with its image under `map` (the
/// mirror for none; no square is its own image on either board, both
/// sides of even length); then one stone moved a square in one of the
/// eight directions, if that square is free.
fn symmetric(u: &mut Unstructured, size: Size, map: SymmetryMap) -> Setup {
    let mut grid = vec![None; usize::from(size.files()) * usize::from(size.ranks())];
    let mut placed = Vec::new();
    for _ in 0..usize::from(byte(u)) % (MAX_STONES + 1) {
        let (sq, s) = (square(size, byte(u)), side(byte(u)));
        let (img, swap) = image(size, map, sq);
        if grid[index(size, sq)].is_some() || grid[index(size, img)].is_some() {
            continue;
        }
        grid[index(size, sq)] = Some(s);
        grid[index(size, img)] = Some(if swap { s.opponent() } else { s });
        placed.extend([sq, img]);
    }
    let (k, d) = (usize::from(byte(u)), byte(u));
    if let Some(&from) = placed.get(k % placed.len().max(1)) {
        let dir = super::board::Dir::ALL[usize::from(d) % 8];
        if let Some(to) = size.step(from, dir)
            && grid[index(size, to)].is_none()
        {
            grid[index(size, to)] = grid[index(size, from)].take();
        }
    }
    setup_of(size, &grid, side(byte(u)))
}

/// The opening array and up to [`MAX_PREFIX`] moves the bytes pick, on
/// the engine ([`engine_prefix`]); the board before the game would end.
fn played(u: &mut Unstructured, size: Size, profile: &Profile) -> Setup {
    let start = Setup::standard(size);
    match Engine.start(&start, profile) {
        Ok(mut g) => engine_prefix(&mut *g, start, u, MAX_PREFIX),
        Err(_) => start,
    }
}

/// The fuzzer's own candidate: a front stone of either side (or any
/// square, on the board or not), a landing square up to seven files and
/// ranks away, and a count from 1 to 14 (what the protocol reads).
fn candidate(u: &mut Unstructured, stones: &[Square]) -> Move {
    let (a, b, c, d) = (byte(u), byte(u), byte(u), byte(u));
    let front = if a < 0xc0 && !stones.is_empty() {
        stones[usize::from(b) % stones.len()]
    } else {
        Square::new(b % 16, (b / 16) % 16)
    };
    let df = i16::from(c % 15) - 7;
    let dr = i16::from(c / 15 % 15) - 7;
    let f = (i16::from(front.file) + df).clamp(0, 25) as u8;
    let r = (i16::from(front.rank) + dr).clamp(0, 25) as u8;
    Move {
        front,
        to: Square::new(f, r),
        count: 1 + d % 14,
    }
}

/// Candidates near a legal move: one stone more, one square farther.
fn near_legal(legal: &[Move], k: usize) -> Vec<Move> {
    let Some(&m) = legal.get(k % legal.len().max(1)) else {
        return Vec::new();
    };
    let mut out = vec![Move {
        count: m.count + 1,
        ..m
    }];
    if let Some((dir, _)) = m.line() {
        let f = i16::from(m.to.file) + i16::from(dir.df);
        let r = i16::from(m.to.rank) + i16::from(dir.dr);
        if (0..26).contains(&f) && (0..26).contains(&r) {
            out.push(Move {
                to: Square::new(f as u8, r as u8),
                ..m
            });
        }
    }
    out
}

/// The hooks of a short line ([`compare_line`]): per ply a choice byte,
/// the input's own candidate and those [`near_legal`], every verdict
/// compared whole; the moves the symmetry rule alone refuses judged too.
struct Line<'u, 'd, 't> {
    u: &'u mut Unstructured<'d>,
    tally: &'t mut Tally,
    /// The same game without the symmetry rule, on the engine: its legal
    /// moves that the profile refuses are the symmetry refusals, whose
    /// verdicts both must give alike. (The legal lists, compared in full,
    /// already hold every move either implementation refuses; the engine
    /// only names the candidates, which keeps the reference to one
    /// enumeration a ply.)
    unrestricted: Unrestricted,
    size: Size,
    /// This ply's choice byte.
    choice: u8,
    /// This ply's own candidate, and whether it is legal.
    own: Option<(Move, bool)>,
    /// The position before this ply's move.
    before: Option<Setup>,
}

impl Hooks<Epaminondas> for Line<'_, '_, '_> {
    fn go_on(&mut self, _c: &Compare<Epaminondas>) -> bool {
        !self.u.is_empty()
    }

    fn candidates(&mut self, c: &Compare<Epaminondas>, legal: &[Move]) -> Vec<Move> {
        self.choice = byte(self.u);
        let board = c
            .reference()
            .position()
            .expect("the reference tells its position");
        let on_board: Vec<Square> = board.white.iter().chain(&board.black).copied().collect();
        let own = candidate(self.u, &on_board);
        self.before = Some(board);
        self.own = Some((own, false));
        std::iter::once(own)
            .chain(near_legal(legal, usize::from(self.choice)))
            .collect()
    }

    fn judged(&mut self, _c: &Compare<Epaminondas>, verdicts: &[Verdict<Epaminondas>]) {
        self.tally.verdicts += verdicts.len() as u64;
        if let (Some(own), Some(v)) = (&mut self.own, verdicts.first()) {
            own.1 = v.is_legal();
        }
    }

    fn check(&mut self, c: &Compare<Epaminondas>, legal: &[Move]) -> Result<Flow, String> {
        if c.reference().outcome().is_over() {
            self.tally.finished += 1;
            return Ok(Flow::Stop);
        }
        for m in self.unrestricted.moves() {
            if legal.binary_search(&m).is_ok() {
                continue;
            }
            let v = c.same_verdict(&m)?;
            self.tally.symmetry_refusals += u64::from(v.rule() == Some(RuleCode::Symmetry));
        }
        Ok(Flow::Go)
    }

    fn pick(&mut self, _c: &Compare<Epaminondas>, legal: &[Move]) -> Option<Move> {
        Some(match self.own.take() {
            Some((own, true)) if self.choice >= 0xc0 => own,
            _ => legal[usize::from(self.choice) % legal.len()],
        })
    }

    fn played(&mut self, c: &Compare<Epaminondas>, note: &Note) -> Result<Flow, String> {
        let m = c.last_played()?;
        if !note.captures.is_empty() {
            self.tally.captures += 1;
        }
        if note.enters_home_row {
            self.tally.entries += 1;
        }
        if let Some(before) = &self.before {
            self.tally.splits += u64::from(note.count < line_len(before, self.size, note));
        }
        self.unrestricted.follow(m)?;
        self.tally.plies += 1;
        Ok(Flow::Go)
    }

    fn refused(&mut self, _refusals: &[String]) -> Result<(), String> {
        // Any placement is a setup both accept: both refusing is a
        // difference too.
        Err("both refuse the setup".into())
    }
}

/// Plays the line the rest of the input picks from `case` on both
/// implementations ([`Compare`]); `Err` says where they first differ, with
/// the moves played so far.
pub fn compare_line(case: &Case, u: &mut Unstructured, tally: &mut Tally) -> Result<(), String> {
    let (setup, profile) = (&case.setup, &case.profile);
    let at = |e: String| format!("{e}\n  from {setup:?} under {}", profile.name);
    let stones = setup.white.len() + setup.black.len();
    let plies = if stones > CROWDED {
        MAX_CROWDED_PLIES
    } else {
        MAX_PLIES
    };
    let mut hooks = Line {
        u,
        tally,
        unrestricted: Unrestricted::start(&Engine, setup, profile).map_err(at)?,
        size: setup.size,
        choice: 0,
        own: None,
        before: None,
    };
    let imps: [&dyn Implementation<Epaminondas>; 2] = [&Reference, &Engine];
    let mut both = Compare::start(&imps, setup, profile, Options::plies(plies), &mut hooks)
        .map_err(at)?
        .ok_or_else(|| at("both refuse".into()))?;
    hooks.tally.games += 1;
    both.run(&mut hooks).map_err(at)
}

/// How many stones of the mover stand in line from the note's front stone
/// backwards, before the move.
fn line_len(before: &Setup, size: Size, note: &super::game::Note) -> u8 {
    let own = match note.side {
        Side::White => &before.white,
        Side::Black => &before.black,
    };
    let mut n = 0;
    let mut at = Some(note.mv.front);
    while let Some(sq) = at.filter(|sq| own.contains(sq)) {
        n += 1;
        at = size.step(sq, note.dir.back());
    }
    n
}

/// The fuzz property (`fuzz/fuzz_targets/epaminondas_short.rs`): a case
/// and a line from `data`, compared on both implementations. Panics on a
/// difference; returns what the line went through.
pub fn check_short(data: &[u8]) -> Tally {
    let mut u = Unstructured::new(data);
    let case = read_case(&mut u);
    let mut tally = Tally::default();
    if let Err(e) = compare_line(&case, &mut u, &mut tally) {
        panic!("{e}");
    }
    tally
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix;

    /// Random inputs reach what the target exists for: captures, splits,
    /// home-row entries, symmetry refusals, finished games.
    #[test]
    fn random_lines_agree_and_reach_the_rules() {
        let mut rng = SplitMix(29);
        let mut tally = Tally::default();
        let mut kinds = [0; 3];
        for _ in 0..240 {
            let len = 8 + rng.pick(150);
            let data: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
            kinds[read_case(&mut Unstructured::new(&data)).kind as usize] += 1;
            tally.add(&check_short(&data));
        }
        println!("{kinds:?} {tally:#?}");
        assert!(kinds.iter().all(|&k| k > 50), "{kinds:?}");
        assert_reaches_the_rules(&tally);
    }

    /// Every rule the short games are to reach was reached at least once.
    fn assert_reaches_the_rules(tally: &Tally) {
        assert!(tally.captures > 0, "{tally:?}");
        assert!(tally.splits > 0, "{tally:?}");
        assert!(tally.entries > 0, "{tally:?}");
        assert!(tally.symmetry_refusals > 0, "{tally:?}");
        assert!(tally.finished > 0, "{tally:?}");
    }

    /// The symmetric start is symmetric but for the one stone moved.
    #[test]
    fn a_symmetric_start_differs_from_its_image_by_one_stone() {
        // seed-003 (mirror), no change, map kept; 8x8; symmetric; three
        // pairs (b2 and g2 white, e3 and d3 black, c5 and f5 white);
        // then b2 moved a square (all its neighbours are free).
        let data = [0, 0, 0, 0, 1, 3, 9, 0, 20, 1, 34, 0, 0, 2, 0];
        let case = read_case(&mut Unstructured::new(&data));
        assert_eq!(case.kind, StartKind::Symmetric);
        let s = &case.setup;
        assert_eq!(s.white.len() + s.black.len(), 6);
        let board = s.validate().unwrap();
        let off_image = s
            .size
            .squares()
            .filter(|&sq| {
                let (img, _) = image(s.size, SymmetryMap::Mirror, sq);
                board.get(sq) != board.get(img)
            })
            .count();
        // The moved stone's old and new squares and their images.
        assert_eq!(off_image, 4, "{s:?}");
    }

    /// The committed seeds (`fuzz/corpus/epaminondas_short/`, each named
    /// for its start) reach, between them, captures, splits, home-row
    /// entries, symmetry refusals and a finished game.
    #[test]
    fn the_seed_corpus_reaches_the_rules() {
        let mut tally = Tally::default();
        for data in crate::rules::compare::seed_corpus("epaminondas_short") {
            tally.add(&check_short(&data));
        }
        println!("{tally:#?}");
        assert_reaches_the_rules(&tally);
    }

    #[test]
    fn an_empty_input_is_an_empty_small_board() {
        let case = read_case(&mut Unstructured::new(&[]));
        assert_eq!(case.kind, StartKind::Scattered);
        assert!(case.setup.white.is_empty() && case.setup.black.is_empty());
        check_short(&[]);
    }
}
