//! Random games that drive the reference and the engine side by side: the
//! differential comparison (tests, fuzzing) and the perft workload.
//!
//! Every choice comes from a [`Choices`] source: a seeded generator in
//! `cargo test`, the fuzzer's bytes in the fuzz target, so a failing input
//! replays exactly. The differential loop is the one comparator
//! ([`Compare`]); this module gives it the game's hooks.

pub mod native;
pub mod short;

use crate::rules::compare::{Compare, Flow, FuzzTarget, Hooks, Options};
use crate::rules::{BatteryPly, BenchOptions, Game, Implementation, Mutant, Verdict, Workloads};

use super::board::{Kind, Setup, Side, Square, Stone};
use super::engine::EngineGame;
use super::game::{Dame, Note, Outcome, WinReason};
use super::moves::Action;
use super::mutants::ALL;
use super::profile::Profile;
use super::profile::{CaptureRule, Landing, Range, Reach, Removal};
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
/// first legal action". Clones draw alike, so that [`compare_playout_with`]
/// can hand one stream to each path and check they drew equally often.
#[derive(Clone, Debug, PartialEq, Eq)]
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

/// The hooks of a random game ([`compare_from`]): every choice from one
/// source, [`candidates`] judged whole, the first refused one played,
/// huffs preferred half the time there is one, the boards as drawn
/// compared after every action.
struct Line<'c, 't> {
    c: &'c mut dyn Choices,
    tally: &'t mut Tally,
}

impl Hooks<Dame> for Line<'_, '_> {
    fn candidates(&mut self, _c: &Compare<Dame>, legal: &[Action]) -> Vec<Action> {
        candidates(self.c, legal)
    }

    fn judged(&mut self, _c: &Compare<Dame>, verdicts: &[Verdict<Dame>]) {
        self.tally.refusals += verdicts.iter().filter(|v| !v.is_legal()).count() as u64;
    }

    fn try_refused(&mut self, _cs: &[Action], verdicts: &[Verdict<Dame>]) -> Option<usize> {
        verdicts.iter().position(|v| !v.is_legal())
    }

    fn pick(&mut self, _c: &Compare<Dame>, legal: &[Action]) -> Option<Action> {
        // Prefer huffs now and then, so that they are played.
        let huffs: Vec<&Action> = legal
            .iter()
            .filter(|a| matches!(a, Action::Huff(_)))
            .collect();
        Some(if !huffs.is_empty() && self.c.below(2) == 0 {
            huffs[self.c.below(huffs.len())].clone()
        } else {
            legal[self.c.below(legal.len())].clone()
        })
    }

    fn played(&mut self, c: &Compare<Dame>, note: &Note) -> Result<Flow, String> {
        let pick = c.last_played()?;
        let t = &mut *self.tally;
        t.plies += 1;
        match note.captures.len() {
            0 => {}
            1 => t.captures += 1,
            _ => t.multi_captures += 1,
        }
        t.crownings += u64::from(note.crowned);
        t.huffs += u64::from(note.huffed.is_some());
        t.overlooked += u64::from(!note.huffable.is_empty());
        // The boards as drawn (whose turn, the no-progress count).
        let board = c.reference().render();
        for (name, g) in &c.games[1..] {
            if g.render() != board {
                return Err(format!(
                    "boards differ after {pick}: {name}\n{}",
                    g.render()
                ));
            }
        }
        if note.outcome.is_over() {
            t.ended += 1;
            return Ok(Flow::Stop);
        }
        Ok(Flow::Go)
    }

    fn refused(&mut self, refusals: &[String]) -> Result<(), String> {
        if refusals.iter().all(|r| *r == refusals[0]) {
            return Ok(());
        }
        Err(format!("the setup is refused differently: {refusals:?}"))
    }
}

/// Plays up to `max_plies` plies from `setup` under `profile` on both
/// implementations ([`Compare`]), every choice from `c`, comparing at every
/// ply the side to move, the outcome, the position, the legal list, the
/// verdicts (rule, clause, explanation) on [`candidates`], the first
/// refused one played, the note of each action and the boards as drawn;
/// returns the first difference.
pub fn compare_from(
    setup: &Setup,
    profile: &Profile,
    c: &mut dyn Choices,
    max_plies: usize,
    tally: &mut Tally,
) -> Result<(), String> {
    let mut hooks = Line { c, tally };
    let imps: [&dyn Implementation<Dame>; 2] =
        [&super::reference::Reference, &super::engine::Engine];
    let options = Options::plies(max_plies);
    let Some(mut both) = Compare::start(&imps, setup, profile, options, &mut hooks)
        .map_err(|e| format!("{e}\nprofile {profile:?}"))?
    else {
        return Ok(());
    };
    hooks.tally.games += 1;
    both.run(&mut hooks).map_err(|e| {
        format!(
            "{e}\nprofile {profile:?}\nfrom {setup:?}\n{}",
            both.reference().render()
        )
    })
}

/// One of `legal` (not empty) at random; half the time, when there is
/// one, a huff or a capture (anything but a plain step).
fn sharp_pick(c: &mut dyn Choices, legal: &[Action]) -> Action {
    let sharp: Vec<&Action> = legal
        .iter()
        .filter(|a| !matches!(a, Action::Step { .. }))
        .collect();
    if !sharp.is_empty() && c.below(2) == 0 {
        sharp[c.below(sharp.len())].clone()
    } else {
        legal[c.below(legal.len())].clone()
    }
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
        let pick = sharp_pick(c, &legal);
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

/// How a random game ended, as [`compare_playout`] found it alike on every
/// path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Finish {
    /// Plies played.
    pub plies: usize,
    /// The state after them (`Ongoing`: the cap was reached).
    pub outcome: Outcome,
}

/// Plays up to `cap` plies through the `Game` trait, each the action at
/// index `pick(n)` of the `n` listed: the loop every caller of
/// `legal_actions` writes.
fn trait_playout(
    g: &mut dyn Game<Dame>,
    cap: usize,
    mut pick: impl FnMut(usize) -> usize,
) -> Result<usize, String> {
    let mut plies = 0;
    while plies < cap {
        let legal = g.legal_actions();
        if legal.is_empty() {
            break;
        }
        let a = &legal[pick(legal.len())];
        g.play(a)
            .map_err(|e| format!("ply {plies}: {a} refused: {e:?}"))?;
        plies += 1;
    }
    Ok(plies)
}

/// One random game from `setup` under `profile`, each ply drawn from
/// `Seeded(seed)`: [`compare_playout_with`] on a seeded stream.
pub fn compare_playout(
    setup: &Setup,
    profile: &Profile,
    seed: u64,
    cap: usize,
) -> Result<Finish, String> {
    compare_playout_with(setup, profile, Seeded(seed), cap)
}

/// One random game from `setup` under `profile`, each ply drawn from a copy
/// of `draws`, played three ways: through the `Game` trait on the
/// reference and on the engine, and by the engine's native loop
/// ([`EngineGame::playout`]). All three must play the same number of plies
/// and stop at the same outcome, ply count, position and legal list, and
/// draw from their copies equally often; returns how the game ended, or the
/// first difference.
pub fn compare_playout_with<C: Choices + Clone + PartialEq>(
    setup: &Setup,
    profile: &Profile,
    draws: C,
    cap: usize,
) -> Result<Finish, String> {
    let (Ok(mut r), Ok(mut e), Ok(mut n)) = (
        RefGame::new(setup, profile),
        EngineGame::new(setup, profile),
        EngineGame::new(setup, profile),
    ) else {
        return Err(format!("setup refused\nprofile {profile:?}"));
    };
    let (mut c1, mut c2, mut c3) = (draws.clone(), draws.clone(), draws);
    let pr = trait_playout(&mut r, cap, |k| c1.below(k))?;
    let pe = trait_playout(&mut e, cap, |k| c2.below(k))?;
    let pn = n.playout(cap, |k| c3.below(k));
    let ctx = |what: String| format!("{what}\nprofile {profile:?}\nreference:\n{}", r.render());
    if (pr, pe) != (pn, pn) {
        return Err(ctx(format!(
            "plies: reference {pr}, engine {pe}, native {pn}"
        )));
    }
    let outcomes = [r.outcome(), e.outcome(), n.outcome()];
    if outcomes[1..].iter().any(|o| *o != outcomes[0]) {
        return Err(ctx(format!(
            "outcomes (reference, engine, native): {outcomes:?}"
        )));
    }
    if [e.ply(), n.ply()] != [r.ply(), r.ply()] {
        return Err(ctx(format!(
            "ply counts: reference {}, engine {}, native {}",
            r.ply(),
            e.ply(),
            n.ply()
        )));
    }
    let at = Game::position(&r);
    if Game::position(&e) != at || Game::position(&n) != at {
        return Err(ctx(format!(
            "positions differ: engine\n{}native\n{}",
            e.render(),
            n.render()
        )));
    }
    let legal = r.legal_actions();
    if e.legal_actions() != legal || n.legal_actions() != legal {
        return Err(ctx("legal lists at the end differ".into()));
    }
    // The generators drew the same numbers: the same count of draws.
    if c1 != c3 || c2 != c3 {
        return Err(ctx("the native loop drew another number of times".into()));
    }
    Ok(Finish {
        plies: pn,
        outcome: outcomes[0],
    })
}

/// What [`playouts`] played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Playouts {
    /// Games started (the last one may stop at the cap).
    pub games: usize,
    /// Plies played in all.
    pub plies: usize,
    /// Games won by taking every stone (DA-5.1).
    pub all_captured: usize,
    /// Games won by leaving the opponent without a legal action (DA-5.2).
    pub no_legal_move: usize,
    /// Games drawn (AD-11).
    pub drawn: usize,
}

/// The playout workload: random games from the start under `profile`
/// played by the engine's native loop ([`EngineGame::playout`]), one after
/// the other until `plies` plies in all (the last game stops there), each
/// ply the action at index `pick(n)` of the `n` legal. With one generator
/// behind `pick` these are the games a loop over `legal_actions` and
/// `play` plays with the same draws (`compare_playout` holds them equal).
pub fn playouts(profile: &Profile, plies: usize, mut pick: impl FnMut(usize) -> usize) -> Playouts {
    let start = EngineGame::new(&Setup::start(), profile).expect("the start is a legal setup");
    let mut g = start.clone();
    let mut t = Playouts::default();
    while t.plies < plies {
        g.restart_from(&start);
        t.plies += g.playout(plies - t.plies, &mut pick);
        t.games += 1;
        match g.outcome() {
            Outcome::WhiteWins(r) | Outcome::BlackWins(r) => match r {
                WinReason::AllCaptured => t.all_captured += 1,
                WinReason::NoLegalMove => t.no_legal_move += 1,
            },
            Outcome::Draw(_) => t.drawn += 1,
            Outcome::Ongoing => {}
        }
    }
    t
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

impl Workloads for Dame {
    /// Two Dames stepping back and forth, out of each other's reach, with no
    /// draw by lack of progress (`seed-004`).
    fn endless_line() -> Option<(Setup, Profile, Vec<Action>)> {
        Some(crate::rules::endless_line_from::<Dame>(
            serde_json::json!({"to-move": "white", "white": {"c1": "dame"}, "black": {"f8": "dame"}}),
            "seed-004",
            &["c1-d2", "f8-e7", "d2-c1", "e7-f8"],
        ))
    }

    const MUTANTS: &'static [Mutant<Self>] = ALL;

    /// 20 mutants; those a profile cannot tell apart are left out
    /// (`observably_equal`), which leaves 19 on seed-004, 14 on damenspiel
    /// and 11 on english.
    const KILL_FLOORS: crate::rules::KillFloors =
        crate::rules::KillFloors::rows(35).failing(50).left_out(13);

    const FUZZ_TARGETS: &'static [FuzzTarget] = &[
        FuzzTarget::new("dame_differential", check_differential, 16),
        FuzzTarget::new(
            "dame_short",
            |data| {
                short::check_short(data);
            },
            100,
        ),
        FuzzTarget::new(
            "dame_playout",
            |data| {
                native::check_playout(data);
            },
            24,
        ),
    ];

    /// Whether no position can tell the two profiles apart: switches that have
    /// nothing to act on under the others are set to one value first
    /// (`spec/dame/ambiguities.md` argues each case).
    fn observably_equal(a: &Profile, b: &Profile) -> bool {
        let (mut a, mut b) = (a.clone(), b.clone());
        for p in [&mut a, &mut b] {
            p.name.clear();
            // AD-2, AD-3, AD-10: without huffing, its switches act on nothing,
            // and nor does a fault about the order of huffs and shut-ins.
            if p.capture != CaptureRule::Huffing {
                p.huff = Profile::seed_004().huff;
                p.faults.shut_in_before_huff = false;
            }
            // AD-5, AD-6: a short Dame jumps like a man.
            if p.dame.range == Range::Short {
                p.dame.reach = Reach::Adjacent;
                p.dame.landing = Landing::DirectlyBehind;
            }
            // AD-9: jumps of two squares never land on or pass over a square
            // whose stone was taken in the same move, unless to jump it again,
            // which both readings refuse; only a flying Dame can tell.
            if p.dame.range == Range::Short {
                p.removal = Removal::AtEnd;
            }
            // AD-11: without a draw, nothing reads what resets its count.
            if p.draw.no_progress_plies == 0 {
                p.draw.man_move_resets = true;
            }
            // AD-7 is not here: where men capture forward only, going on as a
            // man from the crowning row plays the same moves as ending there,
            // but the verdict on a path that goes on differs
            // (`capture.after-crowning` against `play.backward`), and verdicts
            // are observable (tests/mutants/equivalent_mutants.rs found it).
        }
        a == b
    }

    fn bench(opts: &BenchOptions) -> Option<String> {
        Some(super::bench_report::report(opts))
    }

    /// Case `seed` of the battery ([`crate::battery`]): a random profile and
    /// setup, as [`compare_game`] draws them.
    fn battery_case(seed: u64) -> Option<(Setup, Profile)> {
        let mut c = Seeded(seed);
        let profile = random_profile(&mut c);
        Some((random_setup(&mut c), profile))
    }

    /// The battery's candidates ([`candidates`]).
    fn battery_candidates(at: &BatteryPly<'_, Self>, seed: u64) -> Vec<Action> {
        candidates(&mut Seeded(seed), at.legal)
    }

    fn perft(imp: &str, setup: &Setup, profile: &Profile, depth: u32) -> Option<u64> {
        match imp {
            "reference" => RefGame::new(setup, profile)
                .ok()
                .map(|g| super::reference::perft::perft(&g, depth)),
            "engine" => EngineGame::new(setup, profile).ok().map(|g| g.perft(depth)),
            _ => None,
        }
    }
}
