//! Random games that hold the engine to the reference: the differential
//! comparison behind `tests/games/epaminondas.rs` and the
//! `epaminondas_differential` fuzz target, with a tally of what the games went
//! through (captures, splits, home-row entries, symmetry refusals). The
//! loop is the one comparator ([`Compare`]); this module gives it the
//! game's hooks.
//!
//! The setups are the two opening arrays, random sparse positions, and
//! positions made symmetric under one of the three maps and then disturbed
//! by one stone, so that moves restoring the symmetry (which the rule
//! refuses) come up often.

use crate::rules::compare::{Compare, Flow, Hooks, Options};
use crate::rules::{Game, Implementation, Verdict};

use super::board::{Side, Size, Square};
use super::engine::Engine;
use super::game::{Epaminondas, Note};
use super::moves::Move;
use super::profile::{Profile, SymmetryMap};
use super::reference::Reference;
use super::setup::Setup;
use super::verdict::RuleCode;

/// A small deterministic generator (SplitMix64).
pub use crate::rng::SplitMix;

/// What a batch of compared games went through.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games played.
    pub games: u64,
    /// Moves played on both.
    pub plies: u64,
    /// Moves that captured.
    pub captures: u64,
    /// Moves of a split phalanx (fewer stones than the line behind the front).
    pub splits: u64,
    /// Moves that brought a stone onto the opponent's home row.
    pub entries: u64,
    /// Moves refused by the symmetry rule alone, judged on both.
    pub symmetry_refusals: u64,
    /// Verdicts compared.
    pub verdicts: u64,
    /// Games that ended by the rules (not by the ply cap).
    pub finished: u64,
}

impl Tally {
    crate::rules::compare::tally_add!(
        games,
        plies,
        captures,
        splits,
        entries,
        symmetry_refusals,
        verdicts,
        finished,
    );
}

/// A random setup from `rng`: an opening array, a sparse position, or a
/// disturbed symmetric one (with the map it was made symmetric under).
pub fn random_setup(rng: &mut SplitMix) -> (Setup, Option<SymmetryMap>) {
    let size = if rng.pick_u64(2) == 0 {
        Size::Small
    } else {
        Size::Standard
    };
    match rng.pick_u64(5) {
        0 => (Setup::standard(size), None),
        1 | 2 => (sparse(rng, size), None),
        _ => {
            let map = [
                SymmetryMap::Mirror,
                SymmetryMap::RotateSwap,
                SymmetryMap::MidlineSwap,
            ][rng.pick_u64(3) as usize];
            (symmetric(rng, size, map), Some(map))
        }
    }
}

/// A random case: a setup and a profile; a disturbed symmetric setup is
/// mostly played under a profile whose symmetry rule uses its map.
pub fn random_case(rng: &mut SplitMix) -> (Setup, Profile) {
    let (setup, map) = random_setup(rng);
    let mut profile = random_profile(rng);
    if let Some(map) = map
        && rng.pick_u64(4) != 0
    {
        profile.symmetry.map = map;
        let spelled = serde_json::to_value(map).unwrap_or_default();
        profile.name = format!(
            "{}+symmetry.map={}",
            profile.name,
            spelled.as_str().unwrap_or_default()
        );
    }
    (setup, profile)
}

fn sparse(rng: &mut SplitMix, size: Size) -> Setup {
    let density = 8 + rng.pick_u64(30);
    let mut setup = Setup {
        size,
        white: Vec::new(),
        black: Vec::new(),
        to_move: if rng.pick_u64(2) == 0 {
            Side::White
        } else {
            Side::Black
        },
    };
    for sq in size.squares() {
        // Few stones on the home rows, or most games would start decided.
        if (sq.rank == 0 || sq.rank == size.ranks() - 1) && rng.pick_u64(4) != 0 {
            continue;
        }
        let roll = rng.pick_u64(100);
        if roll < density / 2 {
            setup.white.push(sq);
        } else if roll < density {
            setup.black.push(sq);
        }
    }
    setup
}

fn symmetric(rng: &mut SplitMix, size: Size, map: SymmetryMap) -> Setup {
    let (w, h) = (size.files(), size.ranks());
    let mut grid = vec![None; w as usize * h as usize];
    let at = |sq: Square| index(size, sq);
    let image = |sq: Square| image(size, map, sq);
    let put = |grid: &mut Vec<Option<Side>>, sq: Square, side: Option<Side>| {
        let (img, swap) = image(sq);
        grid[at(sq)] = side;
        grid[at(img)] = side.map(|s| if swap { s.opponent() } else { s });
    };
    // The middle ranks at random; the home rows stay empty, so that no
    // side leads before the disturbance.
    let density = 10 + rng.pick_u64(25);
    for sq in size.squares() {
        if sq.rank == 0 || sq.rank == h - 1 || grid[at(sq)].is_some() {
            continue;
        }
        let roll = rng.pick_u64(100);
        let side = if roll < density / 2 {
            Some(Side::White)
        } else if roll < density {
            Some(Side::Black)
        } else {
            None
        };
        put(&mut grid, sq, side);
    }
    // One crossing of the mover and its image (under the mirror, with a
    // mirrored pair of the opponent's crossings so that nobody leads), then
    // the mover's crossing stone moved one rank back: moving it forward
    // again restores the symmetry and is an entry.
    let mover = if rng.pick_u64(2) == 0 {
        Side::White
    } else {
        Side::Black
    };
    let (t, back) = match mover {
        Side::White => (h - 1, h - 2),
        Side::Black => (0, 1),
    };
    let file = rng.pick_u64(w as u64) as u8;
    put(&mut grid, Square::new(file, t), Some(mover));
    if map == SymmetryMap::Mirror {
        let other = (file + 1 + rng.pick_u64(w as u64 - 1) as u8) % w;
        let opp_row = h - 1 - t;
        put(
            &mut grid,
            Square::new(other, opp_row),
            Some(mover.opponent()),
        );
    }
    if grid[at(Square::new(file, back))].is_none() {
        grid[at(Square::new(file, back))] = Some(mover);
        grid[at(Square::new(file, t))] = None;
    }
    setup_of(size, &grid, mover)
}

/// The setup of a grid of `size` (rank by rank, [`index`]) with `to_move`.
pub(crate) fn setup_of(size: Size, grid: &[Option<Side>], to_move: Side) -> Setup {
    let mut setup = Setup {
        size,
        white: Vec::new(),
        black: Vec::new(),
        to_move,
    };
    for sq in size.squares() {
        match grid[index(size, sq)] {
            Some(Side::White) => setup.white.push(sq),
            Some(Side::Black) => setup.black.push(sq),
            None => {}
        }
    }
    setup
}

/// Where `sq` is in a grid of `size`, rank by rank.
pub(crate) fn index(size: Size, sq: Square) -> usize {
    usize::from(sq.rank) * usize::from(size.files()) + usize::from(sq.file)
}

/// The image of `sq` under `map` (the mirror for `None`), and whether the
/// map swaps the colours (EP-6.1).
pub fn image(size: Size, map: SymmetryMap, sq: Square) -> (Square, bool) {
    let (w, h) = (size.files(), size.ranks());
    match map {
        SymmetryMap::Mirror | SymmetryMap::None => (Square::new(w - 1 - sq.file, sq.rank), false),
        SymmetryMap::RotateSwap => (Square::new(w - 1 - sq.file, h - 1 - sq.rank), true),
        SymmetryMap::MidlineSwap => (Square::new(sq.file, h - 1 - sq.rank), true),
    }
}

/// The switch changes a random profile makes, one at a time (the first:
/// none).
pub const OVERRIDES: [&str; 13] = [
    "",
    "+phalanx.split=whole-line",
    "+phalanx.range=whole-line",
    "+phalanx.strength=whole-line",
    "+capture.enemy-line=to-edge",
    "+capture.stronger=or-equal",
    "+capture.removes=front-stone",
    "+end.win-check=immediate",
    "+end.no-moves=draw",
    "+symmetry.scope=every-move",
    "+symmetry.scope=answering-incursion",
    "+end.order=no-moves-first",
    "+end.order=lead-first",
];

/// A random profile: a named one, sometimes with one switch changed.
pub fn random_profile(rng: &mut SplitMix) -> Profile {
    let base = Profile::NAMES[rng.pick_u64(Profile::NAMES.len() as u64) as usize];
    let o = if rng.pick_u64(2) == 0 {
        ""
    } else {
        OVERRIDES[rng.pick_u64(OVERRIDES.len() as u64) as usize]
    };
    Profile::parse(&format!("{base}{o}")).expect("a valid profile")
}

/// A random move spelling near the stones, legal or not.
pub(super) fn random_candidate(rng: &mut SplitMix, size: Size, stones: &[Square]) -> Move {
    let front = if !stones.is_empty() && rng.pick_u64(4) != 0 {
        stones[rng.pick_u64(stones.len() as u64) as usize]
    } else {
        Square::new(rng.pick_u64(15) as u8, rng.pick_u64(13) as u8)
    };
    let df = rng.pick_u64(9) as i16 - 4;
    let dr = rng.pick_u64(9) as i16 - 4;
    let f = (front.file as i16 + df).clamp(0, size.files() as i16);
    let r = (front.rank as i16 + dr).clamp(0, size.ranks() as i16);
    Move {
        front,
        to: Square::new(f as u8, r as u8),
        count: 1 + rng.pick_u64(5) as u8,
    }
}

/// The hooks of a whole random game ([`compare_game`]): eight random
/// spellings near the setup's stones judged at every ply, the moves the
/// symmetry rule alone refuses judged too, every choice from the seed.
struct Whole<'r> {
    rng: &'r mut SplitMix,
    tally: Tally,
    size: Size,
    /// The setup's stones, near which the candidates are spelled.
    stones: Vec<Square>,
    /// The same game without the symmetry rule, on the reference.
    unrestricted: Unrestricted,
}

impl Hooks<Epaminondas> for Whole<'_> {
    fn candidates(&mut self, _c: &Compare<Epaminondas>, _legal: &[Move]) -> Vec<Move> {
        (0..8)
            .map(|_| random_candidate(self.rng, self.size, &self.stones))
            .collect()
    }

    fn judged(&mut self, _c: &Compare<Epaminondas>, verdicts: &[Verdict<Epaminondas>]) {
        self.tally.verdicts += verdicts.len() as u64;
    }

    fn check(&mut self, c: &Compare<Epaminondas>, _legal: &[Move]) -> Result<Flow, String> {
        if c.reference().outcome().is_over() {
            self.tally.finished += 1;
            return Ok(Flow::Stop);
        }
        // Moves the symmetry rule alone refuses, judged on both.
        for m in self.unrestricted.moves() {
            if c.reference().judge(&m).rule() == Some(RuleCode::Symmetry) {
                self.tally.symmetry_refusals += 1;
                c.same_verdict(&m)?;
            }
        }
        Ok(Flow::Go)
    }

    fn pick(&mut self, c: &Compare<Epaminondas>, legal: &[Move]) -> Option<Move> {
        let m = legal[self.rng.pick_u64(legal.len() as u64) as usize];
        // A split: a stone of the mover's stays behind the moving ones.
        if let (Some((dir, _)), Some(board)) = (m.line(), c.reference().position()) {
            let mover = c.reference().side_to_move();
            let own = match mover {
                Side::White => &board.white,
                Side::Black => &board.black,
            };
            let mut tail = Some(m.front);
            for _ in 0..m.count {
                tail = tail.and_then(|t| board.size.step(t, dir.back()));
            }
            if tail.is_some_and(|t| own.contains(&t)) {
                self.tally.splits += 1;
            }
        }
        Some(m)
    }

    fn played(&mut self, c: &Compare<Epaminondas>, note: &Note) -> Result<Flow, String> {
        let m = c.last_played()?;
        count_note(note, &mut self.tally);
        self.unrestricted.follow(m)?;
        self.tally.plies += 1;
        Ok(Flow::Go)
    }

    fn refused(&mut self, refusals: &[String]) -> Result<(), String> {
        Err(format!("both refuse the setup: {refusals:?}"))
    }
}

/// The compared game played again without the symmetry rule (EP-6), on
/// one implementation: its legal moves that the profile refuses are the
/// symmetry refusals, and every move legal with the rule must be legal
/// without it.
pub(crate) struct Unrestricted {
    game: Box<dyn Game<Epaminondas>>,
    /// Whether the profile has a symmetry rule.
    symmetry: bool,
}

impl Unrestricted {
    /// The game from `setup` under `profile` with the symmetry rule off,
    /// on `imp`.
    pub(crate) fn start(
        imp: &dyn Implementation<Epaminondas>,
        setup: &Setup,
        profile: &Profile,
    ) -> Result<Unrestricted, String> {
        let mut free = profile.clone();
        free.symmetry.map = SymmetryMap::None;
        Ok(Unrestricted {
            game: imp.start(setup, &free)?,
            symmetry: profile.symmetry.map != SymmetryMap::None,
        })
    }

    /// The moves legal without the symmetry rule, where the profile has one
    /// and the game goes on (none otherwise): the moves whose verdicts the
    /// symmetry rule may change.
    pub(crate) fn moves(&self) -> Vec<Move> {
        if self.symmetry && !self.game.outcome().is_over() {
            self.game.legal_actions()
        } else {
            Vec::new()
        }
    }

    /// Plays `m`, legal with the symmetry rule: an error when it is not
    /// legal without.
    pub(crate) fn follow(&mut self, m: &Move) -> Result<(), String> {
        self.game
            .play(m)
            .map(|_| ())
            .map_err(|i| format!("{m} legal with the symmetry rule but not without it: {i}"))
    }
}

/// Plays one random game from `setup` under `profile` on the reference and
/// the engine ([`Compare`]): at every ply the outcome, the side to move,
/// the position, the legal moves, the verdicts on random and
/// symmetry-refused candidates, and the note of the move played; at most
/// `max_plies + 1` moves. `Err` says where they first differ.
pub fn compare_game(
    setup: &Setup,
    profile: &Profile,
    rng: &mut SplitMix,
    max_plies: usize,
) -> Result<Tally, String> {
    let at = |e: String| format!("{e}\n  from {setup:?} under {}", profile.name);
    let mut hooks = Whole {
        rng,
        tally: Tally {
            games: 1,
            ..Tally::default()
        },
        size: setup.size,
        stones: setup.white.iter().chain(&setup.black).copied().collect(),
        unrestricted: Unrestricted::start(&Reference, setup, profile).map_err(at)?,
    };
    let imps: [&dyn Implementation<Epaminondas>; 2] = [&Reference, &Engine];
    let options = Options::plies(max_plies + 1);
    if let Some(mut both) =
        Compare::start(&imps, setup, profile, options, &mut hooks).map_err(at)?
    {
        both.run(&mut hooks).map_err(at)?;
    }
    Ok(hooks.tally)
}

fn count_note(n: &Note, tally: &mut Tally) {
    if !n.captures.is_empty() {
        tally.captures += 1;
    }
    if n.enters_home_row {
        tally.entries += 1;
    }
}

/// The fuzz property: a setup, a profile and a game drawn from the first
/// 32 bytes, as long as byte 33 says (0 to 255 plies; 40 without it),
/// compared on both implementations; panics on a difference.
pub fn check_differential(bytes: &[u8]) -> Tally {
    let mut seed = 0xE9A3_u64;
    for &b in bytes.iter().take(32) {
        seed = seed.rotate_left(8) ^ b as u64;
    }
    let mut rng = SplitMix(seed);
    let (setup, profile) = random_case(&mut rng);
    let plies = bytes.get(32).map_or(40, |&n| usize::from(n));
    match compare_game(&setup, &profile, &mut rng, plies) {
        Ok(t) => t,
        Err(e) => panic!("{e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::epaminondas::profile::SymmetryScope;
    use crate::rules::Workloads;

    #[test]
    fn scope_is_unobservable_without_a_map() {
        let a = Profile::abstractplay();
        let mut b = a.clone();
        b.symmetry.scope = SymmetryScope::EveryMove;
        assert!(Epaminondas::observably_equal(&a, &b));
        assert!(!Epaminondas::observably_equal(
            &Profile::seed_003(),
            &Profile::midline()
        ));
    }
}
