//! The battery: one set of checks every game gets from its registry line,
//! in the spirit of OpenSpiel's basic tests. Random games from the game's
//! own setups ([`Workloads::battery_case`](crate::rules::Workloads::battery_case)) are played on every implementation
//! side by side; at every ply each implementation must be consistent with
//! itself, and every implementation must agree with the first (the
//! reference):
//!
//! - the ply count is the number of actions played, the legal list is
//!   sorted without repeats, it is empty exactly when the outcome ends the
//!   game, and every listed action is judged legal and is its own
//!   canonical spelling;
//! - candidates that are not listed (actions listed earlier in the game,
//!   listed spellings with one character changed, the game's own
//!   [`Workloads::battery_candidates`](crate::rules::Workloads::battery_candidates)) are judged illegal, the verdict naming
//!   the candidate (or, where a game has several spellings of one action,
//!   the first implementation's `canonical` maps it to a listed one), and
//!   playing one is refused with the same rule and leaves the ply count
//!   and the side to move as they were;
//! - every action's spelling reads back as the action;
//! - side to move, outcome, legal list, the rule codes of the verdicts on
//!   the candidates and the note of every action played are those of the
//!   first implementation;
//! - the setup survives the wire (`setup_to_wire`, `setup_from_wire`, and
//!   the game started from the copy lists the same actions);
//! - `serve`'s answer lines, read back, are what the implementation says
//!   in process (`hello`, `legal-moves`, `judge` and `state`, at a few
//!   plies of each game).
//!
//! The random numbers are SplitMix64 from one seed, so a failure replays.
//! [`Fault`] makes a deliberately wrong implementation, with which the
//! battery checks itself.

use std::fmt;

use crate::protocol::answer::state_of;
use crate::protocol::message::{ErrorKind, Position, Query, QueryKind, ReplyBody, Request};
use crate::protocol::reader::read_reply;
use crate::protocol::serve::answer_line;
use crate::protocol::writer::request_line;
use crate::rng::splitmix64;
use crate::rules::compare::{self, Compare, Flow, Hooks, spelled};
use crate::rules::{BatteryPly, Game, Illegal, Implementation, RuleProfile, Rules, Verdict};

/// How much the battery plays.
#[derive(Clone, Debug)]
pub struct Options {
    /// The first case ([`Workloads::battery_case`](crate::rules::Workloads::battery_case)'s seed).
    pub first_case: u64,
    /// Cases (seeds `first_case..first_case + cases`, fewer when the game
    /// lists fewer).
    pub cases: u64,
    /// Longest game, in plies.
    pub max_plies: usize,
    /// Candidates judged at each ply, at most.
    pub candidates: usize,
    /// The seed of every random choice.
    pub seed: u64,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            first_case: 0,
            cases: 6,
            max_plies: 40,
            candidates: 8,
            seed: 0x0A7B_17E2,
        }
    }
}

/// What a battery run went through.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Cases played.
    pub cases: u64,
    /// Cases whose setup every implementation refused.
    pub refused: u64,
    /// Plies played (on every implementation).
    pub plies: u64,
    /// Games that ended by the rules, not by the ply limit.
    pub finished: u64,
    /// Listed actions judged legal.
    pub listed: u64,
    /// Unlisted candidates judged illegal.
    pub illegal: u64,
    /// Unlisted candidates judged another spelling of a listed action.
    pub respelled: u64,
    /// Requests answered through `serve`'s lines.
    pub served: u64,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} cases ({} refused alike), {} plies, {} games ended, {} listed actions judged legal, {} candidates judged illegal, {} other spellings, {} requests served",
            self.cases,
            self.refused,
            self.plies,
            self.finished,
            self.listed,
            self.illegal,
            self.respelled,
            self.served
        )
    }
}

/// A deliberate fault, for the battery's self-test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The legal list lacks its last action.
    DropsAnAction,
    /// Every action is judged legal.
    AcceptsAll,
}

/// An implementation with a [`Fault`].
pub struct Faulty<G: Rules> {
    /// The implementation it wraps.
    pub inner: &'static dyn Implementation<G>,
    /// What it gets wrong.
    pub fault: Fault,
}

impl<G: Rules> Implementation<G> for Faulty<G> {
    fn name(&self) -> &'static str {
        "faulty"
    }

    fn start(&self, setup: &G::Setup, profile: &G::Profile) -> Result<Box<dyn Game<G>>, String> {
        Ok(Box::new(FaultyGame {
            inner: self.inner.start(setup, profile)?,
            fault: self.fault,
        }))
    }

    fn supports(&self, setup: &G::Setup, profile: &G::Profile) -> Result<(), String> {
        self.inner.supports(setup, profile)
    }
}

struct FaultyGame<G: Rules> {
    inner: Box<dyn Game<G>>,
    fault: Fault,
}

impl<G: Rules> Game<G> for FaultyGame<G> {
    fn side_to_move(&self) -> G::Side {
        self.inner.side_to_move()
    }
    fn outcome(&self) -> G::Outcome {
        self.inner.outcome()
    }
    fn judge(&self, action: &G::Action) -> Verdict<G> {
        match self.fault {
            Fault::AcceptsAll => Verdict::Legal,
            Fault::DropsAnAction => self.inner.judge(action),
        }
    }
    fn legal_actions(&self) -> Vec<G::Action> {
        let mut v = self.inner.legal_actions();
        if self.fault == Fault::DropsAnAction {
            v.pop();
        }
        v
    }
    fn play(&mut self, action: &G::Action) -> Result<G::Note, Illegal<G>> {
        self.inner.play(action)
    }
    fn ply(&self) -> usize {
        self.inner.ply()
    }
    fn render(&self) -> String {
        self.inner.render()
    }
    fn canonical(&self, action: &G::Action) -> Option<G::Action> {
        self.inner.canonical(action)
    }
}

/// The battery on the implementations of the game named `game`, the last one
/// wrapped in `fault` when given; an error for a game this build lacks.
pub fn run_named(game: &str, opts: &Options, fault: Option<Fault>) -> Result<Report, String> {
    struct Run<'a>(&'a Options, Option<Fault>);
    impl crate::games::Visit for Run<'_> {
        type Out = Result<Report, String>;
        fn visit<G: Rules>(&mut self) -> Self::Out {
            run::<G>(self.0, self.1)
        }
    }
    crate::games::visit(game, &mut Run(opts, fault))
        .unwrap_or_else(|| Err(crate::games::not_a_game(game)))
}

/// The battery on game `G`'s implementations, the last wrapped in `fault`
/// when given (the battery's self-test).
pub fn run<G: Rules>(opts: &Options, fault: Option<Fault>) -> Result<Report, String> {
    let all = G::implementations();
    let (last, others) = all.split_last().expect("a game has an implementation");
    let faulty = fault.map(|fault| Faulty {
        inner: *last,
        fault,
    });
    let mut imps: Vec<&dyn Implementation<G>> = others.to_vec();
    match &faulty {
        Some(f) => imps.push(f),
        None => imps.push(*last),
    }
    run_on(&imps, opts)
}

/// The battery on `imps`, the first being the one the others are held to.
pub fn run_on<G: Rules>(imps: &[&dyn Implementation<G>], opts: &Options) -> Result<Report, String> {
    let mut report = Report::default();
    let mut rng = opts.seed;
    // A game's list of cases may be short (`battery_case` gives `None`
    // after its last, and the default gives one): a first case past its end
    // counts on from its beginning, so a run that starts anywhere (the
    // proptest's) still plays every game.
    let mut first = opts.first_case;
    if first > 0 && G::battery_case(first).is_none() {
        let len = (0..first)
            .take_while(|&i| G::battery_case(i).is_some())
            .count() as u64;
        if len > 0 {
            first %= len;
        }
    }
    for seed in first..first.saturating_add(opts.cases) {
        let Some((setup, profile)) = G::battery_case(seed) else {
            break;
        };
        let mut case_rng = splitmix64(&mut rng);
        play_case(imps, &setup, &profile, opts, &mut case_rng, &mut report).map_err(|e| {
            format!(
                "{}, case {seed} (profile {}, setup {}): {e}",
                G::NAME,
                profile.name(),
                G::setup_to_wire(&setup)
            )
        })?;
        report.cases += 1;
    }
    if report.cases == 0 {
        return Err(format!(
            "{}: no battery case (Workloads::battery_case)",
            G::NAME
        ));
    }
    Ok(report)
}

fn below(rng: &mut u64, n: usize) -> usize {
    (splitmix64(rng) % n as u64) as usize
}

/// The setup's wire round trip.
fn wire_round_trip<G: Rules>(setup: &G::Setup) -> Result<G::Setup, String> {
    let w = G::setup_to_wire(setup);
    let back = G::setup_from_wire(&w)
        .map_err(|(field, why)| format!("setup_from_wire refuses its own {w}: {field}: {why}"))?;
    let again = G::setup_to_wire(&back);
    if again != w {
        return Err(format!("setup through the wire: {w} came back as {again}"));
    }
    Ok(back)
}

/// Listed spellings with one character changed to another character of
/// the listed spellings; those that read as an action.
fn respelled<G: Rules>(legal: &[G::Action], rng: &mut u64, n: usize) -> Vec<G::Action> {
    let texts: Vec<Vec<char>> = legal
        .iter()
        .map(|a| a.to_string().chars().collect())
        .collect();
    let mut alphabet: Vec<char> = texts.iter().flatten().copied().collect();
    alphabet.sort_unstable();
    alphabet.dedup();
    let mut out = Vec::new();
    if texts.is_empty() || alphabet.is_empty() {
        return out;
    }
    for _ in 0..n * 4 {
        let mut t = texts[below(rng, texts.len())].clone();
        if t.is_empty() {
            continue;
        }
        let i = below(rng, t.len());
        t[i] = alphabet[below(rng, alphabet.len())];
        if let Ok(a) = t.iter().collect::<String>().parse::<G::Action>() {
            out.push(a);
            if out.len() == n {
                break;
            }
        }
    }
    out
}

/// The battery's hooks of the comparator ([`Compare`]): its candidates
/// (actions listed earlier in the game, listed spellings with one
/// character changed, the game's own), verdicts compared by rule code, the
/// first refused candidate played, `serve`'s lines at a few plies, every
/// choice from the case's generator.
struct Battery<'a, G: Rules> {
    /// The implementations playing, in the comparator's order.
    imps: Vec<&'a dyn Implementation<G>>,
    setup: &'a G::Setup,
    profile: &'a G::Profile,
    opts: &'a Options,
    rng: &'a mut u64,
    report: &'a mut Report,
    /// Every action listed so far.
    seen: Vec<G::Action>,
    /// This ply's legal list and first candidate.
    legal: Vec<G::Action>,
    first: Option<G::Action>,
    /// The plies at which `serve` answers are checked.
    serve_at: [usize; 3],
    /// The note of the last action played.
    last_note: Option<G::Note>,
}

impl<G: Rules> Hooks<G> for Battery<'_, G> {
    fn candidates(&mut self, c: &Compare<G>, legal: &[G::Action]) -> Vec<G::Action> {
        let (opts, rng) = (self.opts, &mut *self.rng);
        // Candidates: listed before, respelled, the game's own; unlisted.
        let mut candidates: Vec<G::Action> = Vec::new();
        if !self.seen.is_empty() {
            for _ in 0..opts.candidates / 2 {
                candidates.push(self.seen[below(rng, self.seen.len())].clone());
            }
        }
        candidates.extend(respelled::<G>(legal, rng, opts.candidates / 2));
        let at = BatteryPly {
            setup: self.setup,
            profile: self.profile,
            played: &c.played,
            legal,
        };
        candidates.extend(G::battery_candidates(&at, splitmix64(rng)));
        // As a player would write them: a game may read two spellings as
        // one action (backgammon's step order), and candidates are spelled.
        let mut candidates: Vec<G::Action> = candidates
            .iter()
            .filter_map(|c| c.to_string().parse().ok())
            .collect();
        candidates.sort();
        candidates.dedup();
        candidates.retain(|c| legal.binary_search(c).is_err());
        if candidates.len() > opts.candidates {
            let start = below(rng, candidates.len() - opts.candidates + 1);
            candidates = candidates[start..start + opts.candidates].to_vec();
        }
        self.legal = legal.to_vec();
        self.first = candidates.first().cloned();
        candidates
    }

    fn alike(&self, a: &Verdict<G>, b: &Verdict<G>) -> bool {
        a.rule() == b.rule()
    }

    fn try_refused(&mut self, _cs: &[G::Action], verdicts: &[Verdict<G>]) -> Option<usize> {
        verdicts.iter().position(|v| !v.is_legal())
    }

    /// `serve`'s answer lines, read back, are what each implementation
    /// says in process.
    fn check(&mut self, c: &Compare<G>, legal: &[G::Action]) -> Result<Flow, String> {
        if self.serve_at.contains(&c.played.len()) {
            for (imp, (_, game)) in self.imps.iter().zip(&c.games) {
                let probe = self.first.as_ref().or(legal.first());
                check_serve::<G>(
                    *imp,
                    game.as_ref(),
                    self.setup,
                    self.profile,
                    &c.played,
                    self.last_note.as_ref(),
                    probe,
                )
                .map_err(|e| format!("{}: serve: {e}", imp.name()))?;
                self.report.served += 3 + u64::from(probe.is_some());
            }
        }
        Ok(Flow::Go)
    }

    fn pick(&mut self, _c: &Compare<G>, legal: &[G::Action]) -> Option<G::Action> {
        Some(legal[below(self.rng, legal.len())].clone())
    }

    fn played(&mut self, _c: &Compare<G>, note: &G::Note) -> Result<Flow, String> {
        self.last_note = Some(note.clone());
        self.seen.append(&mut self.legal);
        self.seen.sort();
        self.seen.dedup();
        self.report.plies += 1;
        Ok(Flow::Go)
    }

    fn ended(&mut self, _c: &Compare<G>) {
        if self.legal.is_empty() {
            self.report.finished += 1;
        }
    }

    fn refused(&mut self, _refusals: &[String]) -> Result<(), String> {
        self.report.refused += 1;
        Ok(())
    }
}

fn play_case<G: Rules>(
    imps: &[&dyn Implementation<G>],
    setup: &G::Setup,
    profile: &G::Profile,
    opts: &Options,
    rng: &mut u64,
    report: &mut Report,
) -> Result<(), String> {
    let copy = wire_round_trip::<G>(setup)?;
    // The implementations that play this setup: one that declines it
    // (`supports`) is left out, the case too when the first declines it.
    if imps[0].supports(setup, profile).is_err() {
        return Ok(());
    }
    let imps: Vec<&dyn Implementation<G>> = imps
        .iter()
        .copied()
        .filter(|i| i.supports(setup, profile).is_ok())
        .collect();
    let serve_at = [0, 1 + below(rng, opts.max_plies.max(1)), opts.max_plies];
    let mut hooks = Battery {
        imps: imps.clone(),
        setup,
        profile,
        opts,
        rng,
        report,
        seen: Vec::new(),
        legal: Vec::new(),
        first: None,
        serve_at,
        last_note: None,
    };
    let options = compare::Options {
        limit: opts.max_plies,
        judge_at_limit: true,
        self_checks: true,
    };
    let Some(mut games) = Compare::start(&imps, setup, profile, options, &mut hooks)? else {
        return Ok(());
    };
    // The copy from the wire starts the same game.
    let from_copy = imps[0]
        .start(&copy, profile)
        .map_err(|e| format!("the setup read back from the wire is refused: {e}"))?;
    if from_copy.legal_actions() != games.reference().legal_actions()
        || from_copy.side_to_move() != games.reference().side_to_move()
    {
        return Err("the setup read back from the wire starts another game".into());
    }
    let run = games.run(&mut hooks);
    let counts = games.counts;
    hooks.report.listed += counts.listed;
    hooks.report.illegal += counts.illegal;
    hooks.report.respelled += counts.respelled;
    run
}

/// `serve`'s lines against the game in process: `hello`, `legal-moves`,
/// `judge` on `probe`, `state` after the last action.
fn check_serve<G: Rules>(
    imp: &dyn Implementation<G>,
    game: &dyn Game<G>,
    setup: &G::Setup,
    profile: &G::Profile,
    played: &[G::Action],
    note: Option<&G::Note>,
    probe: Option<&G::Action>,
) -> Result<(), String> {
    let position = Position {
        profile: profile.clone(),
        setup: setup.clone(),
        moves: played.to_vec(),
    };
    let ask = |id: u64, query: Query<G>| -> Result<ReplyBody<G>, String> {
        let kind: QueryKind = query.kind();
        let line = request_line(&Request {
            id,
            case: Some("battery".into()),
            query,
        });
        let answer = answer_line(imp, &line);
        let reply = read_reply::<G>(&answer, kind)
            .map_err(|e| format!("reply {answer} unreadable: {e}"))?;
        if reply.id != id {
            return Err(format!("reply {answer} to request {id}"));
        }
        Ok(reply.body)
    };
    match ask(1, Query::Hello)? {
        ReplyBody::Hello(h)
            if h.capabilities == crate::protocol::answer::hello(imp).capabilities => {}
        other => return Err(format!("hello: {other:?}")),
    }
    let legal = game.legal_actions();
    let got = ask(2, Query::LegalMoves(position.clone()))?;
    // A profile of the game's mutants may carry switches no built-in
    // profile has (deliberate faults): the wire declines those as unknown
    // switches, which is all there is to check here.
    if let ReplyBody::Error {
        kind: ErrorKind::Unsupported,
        message,
    } = &got
        && message.contains("unknown switch")
        && !G::Profile::names().contains(&profile.name())
    {
        return Ok(());
    }
    if got != ReplyBody::LegalMoves(legal.clone()) {
        return Err(format!(
            "legal-moves: {got:?}, in process {}",
            spelled(&legal)
        ));
    }
    if let Some(a) = probe {
        let got = ask(3, Query::Judge(position.clone(), a.clone()))?;
        let want = ReplyBody::Verdict(game.judge(a).rule());
        if got != want {
            return Err(format!("judge {a}: {got:?}, in process {want:?}"));
        }
    }
    // At the setup (no note) the fields about the last action are null
    // and the outcome is the setup's own; after an action, every field.
    let got = ask(4, Query::State(position))?;
    let want = ReplyBody::State(state_of::<G>(game, note));
    if got != want {
        return Err(format!("state: {got:?}, in process {want:?}"));
    }
    Ok(())
}
