//! Random games that compare the reference with the engine ply by ply: the
//! legal actions, the verdicts (with their rule codes) on random candidate
//! actions, the notes and the outcomes. Games are biased towards what the
//! end-of-game rules are about: moves that undo the mover's last move (so
//! positions repeat), endgame setups (so material and stalemate come up),
//! high half-move clocks, claims whenever one is valid. Used by
//! `tests/differential/chess_differential.rs` and the `chess_differential` fuzz
//! target. The loop is the one comparator ([`Compare`]); this module gives
//! it the game's hooks.

pub mod short;

use std::fmt;

use super::action::{Action, ClaimKind, UciMove};
use super::board::{Kind, Square};
use super::engine::{Engine, EngineGame};
use super::game::Chess;
use super::game::{DrawReason, Note, Outcome, WinReason};
use super::mutants::ALL;
use super::position::{Position, START_FEN};
use super::profile::{DrawRule, Material, Profile};
use super::reference::Reference;
use super::verdict::RuleCode;
use crate::rules::compare::{Compare, Flow, FuzzTarget, Hooks, Options};
use crate::rules::{BatteryPly, BenchOptions, Implementation, Mutant, Verdict, Workloads};

/// A source of choices: a seeded generator or fuzzer bytes.
pub trait Source {
    /// The next raw choice, `None` when exhausted.
    fn next(&mut self) -> Option<u32>;
    /// A choice below `n` (`n` > 0).
    fn below(&mut self, n: usize) -> Option<usize> {
        self.next().map(|v| v as usize % n)
    }
}

/// SplitMix64, for seeded games.
pub use crate::rng::SplitMix;

impl Source for SplitMix {
    fn next(&mut self) -> Option<u32> {
        Some(self.next_u32())
    }
}

/// Fuzzer bytes, two at a time.
pub struct Bytes<'a>(pub &'a [u8]);

impl Source for Bytes<'_> {
    fn next(&mut self) -> Option<u32> {
        let (head, rest) = self.0.split_at_checked(2)?;
        self.0 = rest;
        Some(u32::from(head[0]) << 8 | u32::from(head[1]))
    }
}

/// The setups random games start from: the initial position, the perft
/// positions, the positions of the corpus where the readings part, and
/// endgames with little material or a high clock.
pub const SETUPS: &[&str] = &[
    START_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "6nk/2p5/8/KP5r/8/8/8/6N1 b - - 0 1",
    "4k1n1/3p4/8/4P3/8/8/8/4K1N1 b - - 0 1",
    "7k/6p1/7p/8/8/8/5Q2/1K6 w - - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "8/8/3k4/8/8/2p5/1B6/K5b1 w - - 0 1",
    "8/8/3k4/8/8/2p5/8/K2N3n w - - 0 1",
    "8/8/3k4/2n5/8/2p5/8/K2N2N1 w - - 0 1",
    "k7/2K5/2p5/8/1N6/8/8/8 w - - 0 1",
    "4k3/8/8/8/8/8/8/R3K3 w - - 95 80",
    "6k1/5ppp/8/8/8/8/8/R5K1 w - - 145 120",
    "8/8/8/4k3/8/8/8/4KQ2 w - - 0 1",
    "8/5k2/8/8/3B4/8/2N5/4K3 w - - 90 70",
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
    "r6k/8/8/8/8/8/5PPP/6K1 b - - 0 1",
    "6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1",
    "k7/8/8/2Q5/8/8/8/7K w - - 0 1",
    "7K/8/8/4k3/8/8/8/RR6 w - - 0 1",
];

/// The profiles random games run under: the named ones and every mutant of
/// each (the engine must follow every switch the reference follows).
pub fn profiles() -> Vec<Profile> {
    let mut out = Vec::new();
    for name in Profile::NAMES {
        let base = Profile::parse(name).expect("a built-in profile");
        out.push(base.clone());
        for m in ALL.iter() {
            let m: &Mutant<_> = m;
            if let Some(mut p) = m.mutate(&base) {
                p.name = format!("{name}~{}", m.name);
                out.push(p);
            }
        }
    }
    out
}

/// What the games saw.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games played.
    pub games: u64,
    /// Plies played, claims included.
    pub plies: u64,
    /// Verdicts compared on candidate actions.
    pub verdicts: u64,
    /// Games won by mate.
    pub checkmates: u64,
    /// Stalemates (either scoring).
    pub stalemates: u64,
    /// Draws for material.
    pub material: u64,
    /// Threefold draws, automatic or claimed.
    pub threefold: u64,
    /// Fivefold draws.
    pub fivefold: u64,
    /// Fifty-move draws, automatic or claimed.
    pub fifty: u64,
    /// Seventy-five-move draws.
    pub seventy_five: u64,
    /// Perpetual-check draws (mutant profiles only).
    pub perpetual: u64,
    /// Draws that came from a claim.
    pub claimed: u64,
    /// Games stopped at the ply limit.
    pub unfinished: u64,
}

impl Tally {
    crate::rules::compare::tally_add!(
        games,
        plies,
        verdicts,
        checkmates,
        stalemates,
        material,
        threefold,
        fivefold,
        fifty,
        seventy_five,
        perpetual,
        claimed,
        unfinished,
    );

    fn count(&mut self, o: Outcome) {
        match o {
            Outcome::Ongoing => self.unfinished += 1,
            Outcome::WhiteWins(WinReason::Checkmate) | Outcome::BlackWins(WinReason::Checkmate) => {
                self.checkmates += 1
            }
            Outcome::WhiteWins(WinReason::Stalemate)
            | Outcome::BlackWins(WinReason::Stalemate)
            | Outcome::Draw(DrawReason::Stalemate) => self.stalemates += 1,
            Outcome::Draw(DrawReason::InsufficientMaterial) => self.material += 1,
            Outcome::Draw(DrawReason::ThreefoldRepetition) => self.threefold += 1,
            Outcome::Draw(DrawReason::FivefoldRepetition) => self.fivefold += 1,
            Outcome::Draw(DrawReason::FiftyMoves) => self.fifty += 1,
            Outcome::Draw(DrawReason::SeventyFiveMoves) => self.seventy_five += 1,
            Outcome::Draw(DrawReason::PerpetualCheck) => self.perpetual += 1,
        }
    }
}

impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} games, {} plies, {} verdicts compared; checkmates {}, stalemates {}, material {}, threefold {} ({} claimed draws in all), fivefold {}, fifty {}, seventy-five {}, perpetual {}, unfinished {}",
            self.games,
            self.plies,
            self.verdicts,
            self.checkmates,
            self.stalemates,
            self.material,
            self.threefold,
            self.claimed,
            self.fivefold,
            self.fifty,
            self.seventy_five,
            self.perpetual,
            self.unfinished
        )
    }
}

/// A random candidate action: any squares, sometimes a promotion letter,
/// sometimes a claim.
fn candidate(src: &mut dyn Source) -> Option<Action> {
    let from = Square(src.below(64)? as u8);
    let to = Square(src.below(64)? as u8);
    let promotion = [
        None,
        None,
        None,
        Some(Kind::Queen),
        Some(Kind::Knight),
        Some(Kind::King),
    ][src.below(6)?];
    let m = UciMove {
        from,
        to,
        promotion,
    };
    Some(match src.below(8)? {
        0 => Action::Claim(ClaimKind::Threefold, None),
        1 => Action::Claim(ClaimKind::Fifty, None),
        2 => Action::Claim(ClaimKind::Threefold, Some(m)),
        3 => Action::Claim(ClaimKind::Fifty, Some(m)),
        _ => Action::Move(m),
    })
}

/// What both implementations must agree on in a verdict: the rule, the
/// clause and whether there is an explanation.
fn said(v: &Verdict<Chess>) -> Option<(RuleCode, String, bool)> {
    match v {
        Verdict::Legal => None,
        Verdict::Illegal(i) => Some((i.rule, i.clause.clone(), i.explanation.is_empty())),
    }
}

/// A candidate one detail away from a legal action: a legal move with
/// another promotion letter, to a neighbouring square or backwards, or
/// claimed with.
fn near_miss(src: &mut dyn Source, legal: &[Action]) -> Option<Action> {
    let (Action::Move(m) | Action::Claim(_, Some(m))) = legal[src.below(legal.len())?] else {
        return None;
    };
    let mut n = m;
    match src.below(5)? {
        0 => {
            n.promotion =
                [None, Some(Kind::Queen), Some(Kind::Pawn), Some(Kind::King)][src.below(4)?];
        }
        1 => {
            n.to =
                m.to.offset(src.below(3)? as i8 - 1, src.below(3)? as i8 - 1)?
        }
        2 => (n.from, n.to) = (m.to, m.from),
        3 => return Some(Action::Claim(ClaimKind::Threefold, Some(m))),
        _ => return Some(Action::Claim(ClaimKind::Fifty, Some(m))),
    }
    Some(Action::Move(n))
}

/// The mover's own last move played backwards (which brings a position
/// back), when the mover's last action was a move.
fn undo_of(played: &[Action]) -> Option<Action> {
    match played.len().checked_sub(2).map(|i| played[i]) {
        Some(Action::Move(m)) => Some(Action::Move(UciMove {
            from: m.to,
            to: m.from,
            promotion: None,
        })),
        _ => None,
    }
}

/// The hooks of a random game ([`compare_game`]): every choice from one
/// source; four random candidates and one a detail away from a legal
/// action, compared by rule and clause ([`said`]), the first refused one
/// played; the mover's own last move undone when legal (repetitions),
/// claims when listed.
struct Line<'s, 't> {
    src: &'s mut dyn Source,
    tally: &'t mut Tally,
}

impl Hooks<Chess> for Line<'_, '_> {
    fn candidates(&mut self, _c: &Compare<Chess>, legal: &[Action]) -> Vec<Action> {
        let mut candidates = Vec::new();
        for _ in 0..4 {
            let Some(c) = candidate(self.src) else { break };
            candidates.push(c);
        }
        if !legal.is_empty()
            && let Some(c) = near_miss(self.src, legal)
        {
            candidates.push(c);
        }
        candidates
    }

    /// The engine words its own explanations, so the rule and the clause
    /// are compared (and that both explain).
    fn alike(&self, a: &Verdict<Chess>, b: &Verdict<Chess>) -> bool {
        said(a) == said(b)
    }

    fn judged(&mut self, _c: &Compare<Chess>, verdicts: &[Verdict<Chess>]) {
        self.tally.verdicts += verdicts.len() as u64;
    }

    fn try_refused(&mut self, _cs: &[Action], verdicts: &[Verdict<Chess>]) -> Option<usize> {
        verdicts.iter().position(|v| !v.is_legal())
    }

    fn pick(&mut self, c: &Compare<Chess>, legal: &[Action]) -> Option<Action> {
        // Undo the mover's own last move when that is legal (repetitions),
        // claim when a claim is listed, otherwise any legal action.
        let undo = undo_of(&c.played);
        let claims: Vec<&Action> = legal
            .iter()
            .filter(|a| matches!(a, Action::Claim(..)))
            .collect();
        let pick = self.src.below(8)?;
        Some(match (pick, undo) {
            (0..=3, Some(u)) if legal.contains(&u) => u,
            (4, _) if !claims.is_empty() => *claims[self.src.below(claims.len()).unwrap_or(0)],
            _ => legal[self.src.below(legal.len()).unwrap_or(0)],
        })
    }

    fn played(&mut self, c: &Compare<Chess>, _note: &Note) -> Result<Flow, String> {
        self.tally.plies += 1;
        if matches!(c.played.last(), Some(Action::Claim(..))) {
            self.tally.claimed += 1;
        }
        Ok(Flow::Go)
    }

    fn ended(&mut self, c: &Compare<Chess>) {
        self.tally.count(c.reference().outcome());
    }
}

/// Plays one random game from `setup` under `profile` on both
/// implementations ([`Compare`]), comparing everything at every ply, the
/// position reached after `max_plies` too; a setup the engine declines
/// (cozy-chess cannot hold it) is skipped, one both refuse too. `Err`
/// describes the first difference, with the moves that lead to it.
pub fn compare_game(
    setup: &Position,
    profile: &Profile,
    src: &mut dyn Source,
    max_plies: usize,
    tally: &mut Tally,
) -> Result<(), String> {
    if Engine.supports(setup, profile).is_err() {
        return Ok(());
    }
    let at = |e: String| format!("setup `{}`, profile {}: {e}", setup.fen(), profile.name);
    let mut hooks = Line { src, tally };
    let options = Options {
        judge_at_limit: true,
        ..Options::plies(max_plies)
    };
    let imps: [&dyn Implementation<Chess>; 2] = [&Reference, &Engine];
    let Some(mut both) = Compare::start(&imps, setup, profile, options, &mut hooks).map_err(at)?
    else {
        return Ok(());
    };
    hooks.tally.games += 1;
    both.run(&mut hooks).map_err(at)
}

/// The fuzz property: fuzzer bytes pick the setup, the profile and every
/// choice of one game; any difference panics with its description.
pub fn check_differential(data: &[u8]) {
    let mut src = Bytes(data);
    let (Some(s), Some(p)) = (src.below(SETUPS.len()), src.next()) else {
        return;
    };
    let profiles = profiles();
    let profile = &profiles[p as usize % profiles.len()];
    let setup = Position::from_fen(SETUPS[s]).expect("the workload's setups are valid");
    let mut tally = Tally::default();
    if let Err(e) = compare_game(&setup, profile, &mut src, 200, &mut tally) {
        panic!("reference and engine differ: {e}");
    }
}

impl Workloads for Chess {
    /// The knights out and back from the start, under FIDE's claims with
    /// neither automatic repetition rule: every position is claimable as a
    /// threefold repetition, and nobody claims.
    fn endless_line() -> Option<(Position, Profile, Vec<Action>)> {
        Some(crate::rules::endless_line_from::<Chess>(
            serde_json::json!({}),
            "fide+fivefold=false+seventy-five-moves=false",
            &["g1f3", "g8f6", "f3g1", "f6g8"],
        ))
    }

    const MUTANTS: &'static [Mutant<Self>] = ALL;

    const KILL_FLOORS: crate::rules::KillFloors =
        crate::rules::KillFloors::rows(50).failing(50).left_out(4);

    const FUZZ_TARGETS: &'static [FuzzTarget] = &[
        FuzzTarget::new("chess_differential", check_differential, 10),
        FuzzTarget::new(
            "chess_short",
            |data| {
                short::check_short(data);
            },
            100,
        ),
    ];

    /// Whether no position tells `a` from `b`: they are equal once every
    /// switch that cannot matter is set to one value ([`normal`]).
    fn observably_equal(a: &Profile, b: &Profile) -> bool {
        normal(a) == normal(b)
    }

    fn bench(opts: &BenchOptions) -> Option<String> {
        Some(super::bench_report::report(opts))
    }

    /// Case `seed` of the battery ([`crate::battery`]): the setups in turn,
    /// each under a profile (named or mutant) the seed picks.
    fn battery_case(seed: u64) -> Option<(Position, Profile)> {
        let profiles = profiles();
        let mut src = SplitMix(seed);
        let p = src.below(profiles.len()).unwrap_or(0);
        let fen = SETUPS[(seed as usize * 5) % SETUPS.len()];
        let setup = Position::from_fen(fen).expect("the workload's setups are valid");
        Some((setup, profiles[p].clone()))
    }

    /// The battery's candidates: six random ones ([`candidate`]).
    fn battery_candidates(_at: &BatteryPly<'_, Self>, seed: u64) -> Vec<Action> {
        let mut src = SplitMix(seed);
        (0..6).filter_map(|_| candidate(&mut src)).collect()
    }

    /// The reference counts with its move generator alone (CH-2 to CH-4:
    /// no claim or draw is an action there), the engine through its whole
    /// `legal_actions` and `play`; figures are therefore stated under a
    /// profile with no draw rule that could end a line or add a claim.
    fn perft(imp: &str, setup: &Position, profile: &Profile, depth: u32) -> Option<u64> {
        match imp {
            "reference" => Some(super::reference::movement::perft(setup, depth)),
            "engine" => EngineGame::new(setup, profile)
                .ok()
                .map(|g| super::engine::perft(&g, depth)),
            _ => None,
        }
    }
}

/// The profile with every switch that cannot matter under it set to one
/// value, so that two profiles that differ only there compare equal
/// (`spec/chess/profiles.md`, "Switches that cannot matter").
fn normal(p: &Profile) -> Profile {
    let mut q = p.clone();
    q.name = String::new();
    if q.threefold == DrawRule::Off {
        q.occurrences = 3;
    }
    // A position repeats a third time before it repeats a fifth.
    if q.threefold == DrawRule::Automatic && q.occurrences <= 5 {
        q.fivefold = false;
    }
    // 100 plies come before 150.
    if q.fifty_moves == DrawRule::Automatic {
        q.seventy_five_moves = false;
    }
    if q.threefold != DrawRule::Claim && q.fifty_moves != DrawRule::Claim {
        q.claim_with_move = false;
    }
    // Only a fifty-move claim can name a move that mates or stalemates: a
    // position with no legal move never stood before in a game still going.
    if q.fifty_moves != DrawRule::Claim || !q.claim_with_move {
        q.claim_beats_mate = false;
    }
    let move_limit = q.fifty_moves == DrawRule::Automatic || q.seventy_five_moves;
    if !move_limit {
        q.move_limit_beats_mate = false;
        q.move_limit_before_repetition = false;
    }
    // With the move limit looked at first of all, the order behind it is moot.
    if q.move_limit_beats_mate {
        q.move_limit_before_repetition = false;
    }
    if q.threefold != DrawRule::Automatic && !q.fivefold {
        q.move_limit_before_repetition = false;
    }
    if q.insufficient_material == Material::Off {
        q.material_before_stalemate = false;
    }
    q
}
