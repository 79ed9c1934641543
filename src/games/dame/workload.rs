//! Random games that drive the reference and the engine side by side: the
//! differential comparison (tests, fuzzing) and the perft workload.
//!
//! Every choice comes from a [`Choices`] source: a seeded generator in
//! `cargo test`, the fuzzer's bytes in the fuzz target, so a failing input
//! replays exactly.

pub mod short;

use crate::rules::Game;

use super::board::{Kind, Setup, Side, Square, Stone};
use super::engine::EngineGame;
use super::moves::Action;
use super::mutants::ALL;
use super::profile::Profile;
use super::reference::RefGame;

/// Where choices come from.
pub trait Choices {
    /// A number below `n` (n > 0).
    fn below(&mut self, n: usize) -> usize;
}

/// A seeded generator: the crate's SplitMix64 stream.
pub use crate::rng::SplitMix as Seeded;

impl Choices for Seeded {
    fn below(&mut self, n: usize) -> usize {
        self.pick(n)
    }
}

/// The fuzzer's bytes, one per choice; once they run out, a generator
/// seeded from them, so that a long game does not end in a run of "the
/// first legal action".
pub struct Bytes<'a> {
    bytes: &'a [u8],
    rest: Seeded,
}

impl<'a> Bytes<'a> {
    /// Choices from `bytes`.
    pub fn new(bytes: &'a [u8]) -> Self {
        // FNV-1a of the input: the seed of what comes after it.
        let seed = bytes.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(*b)).wrapping_mul(0x100_0000_01b3)
        });
        Bytes {
            bytes,
            rest: Seeded(seed),
        }
    }
}

impl Choices for Bytes<'_> {
    fn below(&mut self, n: usize) -> usize {
        match self.bytes.split_first() {
            Some((b, rest)) => {
                self.bytes = rest;
                usize::from(*b) % n
            }
            None => self.rest.pick(n),
        }
    }
}

/// What a run exercised.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Games played.
    pub games: u64,
    /// Plies played.
    pub plies: u64,
    /// Captures of one stone.
    pub captures: u64,
    /// Captures of two stones or more.
    pub multi_captures: u64,
    /// Moves that crowned a man.
    pub crownings: u64,
    /// Moves that overlooked a capture (left stones huffable).
    pub overlooked: u64,
    /// Huffs played.
    pub huffs: u64,
    /// Illegal candidates judged alike, by rule.
    pub refusals: u64,
    /// Games ended by a win or a draw.
    pub ended: u64,
}

impl std::fmt::Display for Tally {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} games, {} plies: {} single captures, {} multi-captures, {} crownings, {} overlooked captures, {} huffs, {} refusals compared, {} games ended",
            self.games,
            self.plies,
            self.captures,
            self.multi_captures,
            self.crownings,
            self.overlooked,
            self.huffs,
            self.refusals,
            self.ended
        )
    }
}

/// A profile: a named one, with each mutant's switch change applied or not.
pub fn random_profile(c: &mut dyn Choices) -> Profile {
    let mut p = Profile::parse(Profile::NAMES[c.below(Profile::NAMES.len())]).expect("named");
    for m in ALL {
        if c.below(4) == 0 {
            (m.apply)(&mut p);
        }
    }
    p.name = "random".into();
    p
}

/// A setup: the start, or a few stones of each side scattered (Damen
/// among them), with either side to move.
pub fn random_setup(c: &mut dyn Choices) -> Setup {
    if c.below(4) == 0 {
        let mut s = Setup::start();
        s.to_move = [None, Some(Side::White), Some(Side::Black)][c.below(3)];
        return s;
    }
    let dark: Vec<Square> = Square::all().filter(|s| s.is_dark()).collect();
    let mut used = [false; 64];
    let mut stones = Vec::new();
    for side in [Side::White, Side::Black] {
        for _ in 0..1 + c.below(9) {
            let sq = dark[c.below(dark.len())];
            if used[sq.index()] {
                continue;
            }
            used[sq.index()] = true;
            let kind = if sq.rank() == side.crowning_rank() || c.below(3) == 0 {
                Kind::Dame
            } else {
                Kind::Man
            };
            stones.push((sq, Stone { side, kind }));
        }
    }
    Setup {
        stones,
        to_move: Some([Side::White, Side::Black][c.below(2)]),
    }
}

/// Illegal-looking candidates around the position: steps and jumps from
/// each of a few squares, one square longer paths than legal ones, huffs.
fn candidates(c: &mut dyn Choices, legal: &[Action]) -> Vec<Action> {
    let dark: Vec<Square> = Square::all().filter(|s| s.is_dark()).collect();
    let mut out = Vec::new();
    for _ in 0..6 {
        let a = dark[c.below(dark.len())];
        let b = dark[c.below(dark.len())];
        out.push(Action::Step { from: a, to: b });
        out.push(Action::Capture(vec![a, b]));
        out.push(Action::Huff(a));
    }
    for a in legal.iter().take(8) {
        if let Action::Capture(p) = a {
            let mut q = p.clone();
            q.push(dark[c.below(dark.len())]);
            out.push(Action::Capture(q));
            if p.len() > 2 {
                out.push(Action::Capture(p[..p.len() - 1].to_vec()));
            }
        }
    }
    out
}

/// Plays one random game on both implementations and returns the first
/// difference, if any; adds what the game exercised to `tally`.
pub fn compare_game(
    c: &mut dyn Choices,
    max_plies: usize,
    tally: &mut Tally,
) -> Result<(), String> {
    let profile = random_profile(c);
    let setup = random_setup(c);
    compare_from(&setup, &profile, c, max_plies, tally)
}

/// Plays up to `max_plies` plies from `setup` under `profile` on both
/// implementations, every choice from `c`, comparing at every ply the side
/// to move, the outcome, the position, the legal list, the verdicts
/// (rule, clause, explanation) on [`candidates`] and the note of each
/// action; returns the first difference.
pub fn compare_from(
    setup: &Setup,
    profile: &Profile,
    c: &mut dyn Choices,
    max_plies: usize,
    tally: &mut Tally,
) -> Result<(), String> {
    let (r, e) = (
        RefGame::new(setup, profile),
        EngineGame::new(setup, profile),
    );
    let (mut r, mut e) = match (r, e) {
        (Ok(r), Ok(e)) => (r, e),
        (Err(a), Err(b)) if a == b => return Ok(()),
        (a, b) => {
            return Err(format!(
                "setup: reference {:?}, engine {:?}",
                a.err(),
                b.err()
            ));
        }
    };
    tally.games += 1;
    let ctx = |r: &RefGame, what: String| format!("{what}\nprofile {profile:?}\n{}", r.render());
    for _ in 0..max_plies {
        if r.side_to_move() != e.side_to_move() || r.outcome() != e.outcome() {
            return Err(ctx(&r, "side to move or outcome differ".into()));
        }
        if Game::position(&r) != Game::position(&e) {
            return Err(ctx(&r, format!("positions differ:\n{}", e.render())));
        }
        let legal = r.legal_actions();
        let el = e.legal_actions();
        if legal != el {
            return Err(ctx(
                &r,
                format!("legal actions: reference {legal:?}\nengine {el:?}"),
            ));
        }
        let cands = candidates(c, &legal);
        let mut first_refused = None;
        for a in &cands {
            let (vr, ve) = (r.judge(a), e.judge(a));
            if vr != ve {
                return Err(ctx(&r, format!("{a}: reference {vr}, engine {ve}")));
            }
            if !vr.is_legal() {
                tally.refusals += 1;
                first_refused = first_refused.or(Some(a));
            }
        }
        // Playing a refused candidate is refused alike (and changes
        // nothing: the next ply compares the positions again).
        if let Some(a) = first_refused {
            let (pr, pe) = (r.play(a).err(), e.play(a).err());
            if pr != pe || pr.is_none() {
                return Err(ctx(
                    &r,
                    format!("playing the refused {a}: reference {pr:?}, engine {pe:?}"),
                ));
            }
        }
        if legal.is_empty() {
            break;
        }
        // Prefer huffs and captures now and then, so that they are played.
        let huffs: Vec<&Action> = legal
            .iter()
            .filter(|a| matches!(a, Action::Huff(_)))
            .collect();
        let pick = if !huffs.is_empty() && c.below(2) == 0 {
            huffs[c.below(huffs.len())].clone()
        } else {
            legal[c.below(legal.len())].clone()
        };
        let (nr, ne) = (r.play(&pick), e.play(&pick));
        let (nr, ne) = match (nr, ne) {
            (Ok(a), Ok(b)) => (a, b),
            (a, b) => return Err(ctx(&r, format!("{pick}: reference {a:?}, engine {b:?}"))),
        };
        if nr != ne {
            return Err(ctx(
                &r,
                format!("{pick}: notes differ\nreference {nr:?}\nengine {ne:?}"),
            ));
        }
        tally.plies += 1;
        match nr.captures.len() {
            0 => {}
            1 => tally.captures += 1,
            _ => tally.multi_captures += 1,
        }
        tally.crownings += u64::from(nr.crowned);
        tally.huffs += u64::from(nr.huffed.is_some());
        tally.overlooked += u64::from(!nr.huffable.is_empty());
        if nr.outcome.is_over() {
            tally.ended += 1;
            if r.render() != e.render() {
                return Err(ctx(&r, format!("boards differ:\n{}", e.render())));
            }
            break;
        }
        if r.render() != e.render() {
            return Err(ctx(
                &r,
                format!("boards differ after {pick}:\n{}", e.render()),
            ));
        }
    }
    Ok(())
}

/// The engine's perft (the last ply counted, not listed) against the
/// reference's (every list built), `depth` plies below a position reached
/// by up to a dozen random plies (a huff or a capture half the time there
/// is one) from a random setup under a random profile. Returns the leaves
/// counted, or the first difference.
pub fn compare_perft(c: &mut dyn Choices, depth: u32) -> Result<u64, String> {
    let profile = random_profile(c);
    let setup = random_setup(c);
    let (Ok(mut r), Ok(mut e)) = (
        RefGame::new(&setup, &profile),
        EngineGame::new(&setup, &profile),
    ) else {
        return Ok(0);
    };
    for _ in 0..c.below(13) {
        let legal = r.legal_actions();
        if legal.is_empty() {
            break;
        }
        let sharp: Vec<&Action> = legal
            .iter()
            .filter(|a| !matches!(a, Action::Step { .. }))
            .collect();
        let pick = if !sharp.is_empty() && c.below(2) == 0 {
            sharp[c.below(sharp.len())].clone()
        } else {
            legal[c.below(legal.len())].clone()
        };
        if r.play(&pick).is_err() || e.play(&pick).is_err() {
            return Err(format!(
                "{pick} refused\nprofile {profile:?}\n{}",
                r.render()
            ));
        }
    }
    let (want, got) = (super::reference::perft::perft(&r, depth), e.perft(depth));
    if want != got {
        return Err(format!(
            "perft({depth}): reference {want}, engine {got}\nprofile {profile:?}\n{}",
            r.render()
        ));
    }
    Ok(want)
}

/// Case `seed` of the battery ([`crate::battery`]): a random profile and
/// setup, as [`compare_game`] draws them.
pub fn battery_case(seed: u64) -> (Setup, Profile) {
    let mut c = Seeded(seed);
    let profile = random_profile(&mut c);
    (random_setup(&mut c), profile)
}

/// The battery's candidates ([`candidates`]).
pub fn battery_candidates(_setup: &Setup, legal: &[Action], seed: u64) -> Vec<Action> {
    candidates(&mut Seeded(seed), legal)
}

/// The fuzz property of `dame_differential`: the first byte sets the
/// game's length (up to 2 × 255 plies, long enough for the 80-ply
/// no-progress draw), the next ones choose a profile, a setup and the game;
/// the engine must answer it exactly as the reference does.
pub fn check_differential(data: &[u8]) {
    let Some((len, rest)) = data.split_first() else {
        return;
    };
    let mut tally = Tally::default();
    if let Err(e) = compare_game(&mut Bytes::new(rest), 2 * usize::from(*len), &mut tally) {
        panic!("engine and reference differ: {e}");
    }
}
