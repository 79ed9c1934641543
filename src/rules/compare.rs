//! The one comparator: the games of one setup on several implementations
//! (the reference first) played side by side, ply by ply ([`Compare`]).
//! Every random game that holds an engine to its reference goes through
//! it: the battery ([`crate::battery`]), each game's differential tests
//! and fuzz targets, and the short-line fuzz targets. At every ply:
//!
//! - the same side to move, outcome and position ([`Game::position`], when
//!   both tell it);
//! - the same sorted legal list;
//! - the same verdict on every candidate ([`Hooks::candidates`], compared
//!   as [`Hooks::alike`] says);
//! - a refused candidate, played, refused alike and changing nothing
//!   ([`Hooks::try_refused`]);
//! - the game's own check of the ply ([`Hooks::check`]);
//! - an action picked ([`Hooks::pick`]), played on every implementation,
//!   with the same note.
//!
//! What differs from game to game is the hooks': where the choices come
//! from (a seeded generator or a fuzzer's bytes, which each game draws its
//! own way, since those draws decide which games the fixed-seed tests and
//! committed fuzz seeds replay), which candidates are judged, which action
//! is preferred, and what is tallied. With [`Options::self_checks`] each
//! implementation is also held to itself (the battery's checks: ply count,
//! sorted list, spellings that read back, canonical spellings, verdicts
//! that name the candidate).
//!
//! It knows only the rules traits, so a game's module may use it without
//! reaching above the games.

use std::fmt::Display;

use crate::rules::{Game, Illegal, Implementation, Rules, Verdict};

/// One byte of a fuzz input read with [`arbitrary::Unstructured`], 0 once
/// the input has run out (so every input is a case): how the short-line
/// properties (`backgammon_short`, `epaminondas_short`) read their bytes.
pub fn byte(u: &mut arbitrary::Unstructured) -> u8 {
    u.arbitrary().unwrap_or(0)
}

/// Up to `max` plies (the input says how many) among `game`'s legal
/// actions, each picked by a byte of the input, played on `game` alone:
/// the short-line properties' *played* start. Returns the last position
/// the game held before it would end (`start` if none): only the line
/// after it is compared, so the prefix needs no trust in the engine.
pub fn engine_prefix<G: Rules>(
    game: &mut dyn Game<G>,
    start: G::Setup,
    u: &mut arbitrary::Unstructured,
    max: usize,
) -> G::Setup {
    let mut last = start;
    for _ in 0..usize::from(byte(u)) % (max + 1) {
        let legal = game.legal_actions();
        if legal.is_empty() {
            break;
        }
        let a = &legal[usize::from(byte(u)) % legal.len()];
        if game.play(a).is_err() || G::is_over(&game.outcome()) {
            break;
        }
        // A position a setup cannot hold (a double on offer) is skipped.
        if let Some(s) = game.position() {
            last = s;
        }
    }
    last
}

/// A fuzz target of a game that compares its implementations
/// (`fuzz/fuzz_targets/<name>.rs`, whose body is
/// [`fuzzing::compare`](crate::fuzzing::compare)), listed in
/// [`Workloads::FUZZ_TARGETS`](crate::rules::Workloads::FUZZ_TARGETS) so
/// that the corpus replay (`tests/differential/fuzz_corpus.rs`) runs every
/// game's targets without naming one.
#[derive(Clone, Copy, Debug)]
pub struct FuzzTarget {
    /// The target's name, its file's and its corpus folder's
    /// (`fuzz/corpus/<name>/`).
    pub name: &'static str,
    /// The property: reads a case from the input and compares it; panics
    /// on a difference, with a message that replays it.
    pub check: fn(&[u8]),
    /// How many inputs the committed seed corpus holds at least.
    pub seeds: usize,
}

impl FuzzTarget {
    /// The target `name`, its property `check`, and at least `seeds`
    /// committed inputs.
    pub const fn new(name: &'static str, check: fn(&[u8]), seeds: usize) -> FuzzTarget {
        FuzzTarget { name, check, seeds }
    }
}

/// Whether a line goes on after a hook.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// On to the next step.
    Go,
    /// The line ends here (what ends it has been tallied by the hook).
    Stop,
}

/// How a line is compared, besides its hooks.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// The most actions played.
    pub limit: usize,
    /// Whether the position reached after `limit` actions is judged too
    /// (candidates, the refused one played, the game's check), or only
    /// compared (side, outcome, position).
    pub judge_at_limit: bool,
    /// Whether each implementation is held to itself too (the battery's
    /// checks, [`Compare`]); off in the hot fuzz loops.
    pub self_checks: bool,
}

impl Options {
    /// At most `limit` actions, the last position compared only; no self
    /// checks.
    pub fn plies(limit: usize) -> Self {
        Options {
            limit,
            judge_at_limit: false,
            self_checks: false,
        }
    }
}

/// What the self checks counted ([`Options::self_checks`]), over every
/// implementation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Listed actions judged legal.
    pub listed: u64,
    /// Unlisted candidates judged illegal.
    pub illegal: u64,
    /// Unlisted candidates judged another spelling of a listed action.
    pub respelled: u64,
}

/// What a game brings to the comparison: its candidates, its choices, its
/// checks and tallies. Every method but [`candidates`](Hooks::candidates)
/// and [`pick`](Hooks::pick) has a default that does nothing.
pub trait Hooks<G: Rules> {
    /// Whether the ply is compared further, asked after the state: `false`
    /// when the fuzzer's bytes have run out.
    fn go_on(&mut self, _c: &Compare<G>) -> bool {
        true
    }

    /// The actions judged at this ply, legal or not, in the order they
    /// are judged.
    fn candidates(&mut self, c: &Compare<G>, legal: &[G::Action]) -> Vec<G::Action>;

    /// Whether two implementations' verdicts on one candidate agree.
    /// Default: the whole verdict (rule, clause, explanation).
    fn alike(&self, a: &Verdict<G>, b: &Verdict<G>) -> bool {
        a == b
    }

    /// The first implementation's verdicts on the candidates (in the order
    /// [`Hooks::candidates`] gave them), for tallies.
    fn judged(&mut self, _c: &Compare<G>, _verdicts: &[Verdict<G>]) {}

    /// Which refused candidate to play (it must be refused alike and
    /// change nothing); `None`: none. Default: none.
    fn try_refused(
        &mut self,
        _candidates: &[G::Action],
        _verdicts: &[Verdict<G>],
    ) -> Option<usize> {
        None
    }

    /// The game's own check of the ply, after the candidates: `Stop` ends
    /// the line.
    fn check(&mut self, _c: &Compare<G>, _legal: &[G::Action]) -> Result<Flow, String> {
        Ok(Flow::Go)
    }

    /// The action to play: one of `legal` (not empty), possibly in another
    /// spelling the game reads as it (every implementation must play it
    /// with the same note); `None` ends the line (the choices ran out).
    fn pick(&mut self, c: &Compare<G>, legal: &[G::Action]) -> Option<G::Action>;

    /// After the last action of [`Compare::played`] ([`Compare::last_played`])
    /// was played alike with `note`: tallies, and the game's own check of
    /// the position reached. `Stop` ends the line.
    fn played(&mut self, _c: &Compare<G>, _note: &G::Note) -> Result<Flow, String> {
        Ok(Flow::Go)
    }

    /// The line ended at an empty legal list, the limit or a `None` pick.
    fn ended(&mut self, _c: &Compare<G>) {}

    /// Whether a setup every implementation refuses was refused alike
    /// (`refusals`: each implementation's reason, the first first); an
    /// error is a difference. Default: any refusals are alike.
    fn refused(&mut self, _refusals: &[String]) -> Result<(), String> {
        Ok(())
    }
}

/// The games of one setup on several implementations, the first being
/// the one the others are held to, and the actions played on all of them.
pub struct Compare<G: Rules> {
    /// Each implementation's name and game, the reference first.
    pub games: Vec<(&'static str, Box<dyn Game<G>>)>,
    /// The actions played so far.
    pub played: Vec<G::Action>,
    /// How the line is compared.
    pub options: Options,
    /// What the self checks counted.
    pub counts: Counts,
}

/// `[a b c]`.
pub fn spelled<A: Display>(v: &[A]) -> String {
    let s: Vec<String> = v.iter().map(|a| a.to_string()).collect();
    format!("[{}]", s.join(" "))
}

/// The spelling round trip of one action.
pub fn spelling<G: Rules>(a: &G::Action) -> Result<(), String> {
    let text = a.to_string();
    match text.parse::<G::Action>() {
        Ok(b) if b == *a => Ok(()),
        Ok(b) => Err(format!("`{text}` ({a:?}) reads back as {b:?}")),
        Err(e) => Err(format!("`{text}` ({a:?}) does not read back: {e}")),
    }
}

impl<G: Rules> Compare<G> {
    /// Every implementation's game of `setup` under `profile`: `Ok(None)`
    /// when all refuse it (alike, as `hooks` judge the refusals), `Err`
    /// when only some do.
    pub fn start(
        imps: &[&dyn Implementation<G>],
        setup: &G::Setup,
        profile: &G::Profile,
        options: Options,
        hooks: &mut impl Hooks<G>,
    ) -> Result<Option<Self>, String> {
        let started: Vec<_> = imps.iter().map(|i| i.start(setup, profile)).collect();
        if started.iter().all(Result::is_err) {
            let why: Vec<String> = started.into_iter().filter_map(Result::err).collect();
            hooks.refused(&why)?;
            return Ok(None);
        }
        if started.iter().any(Result::is_err) {
            let said: Vec<String> = imps
                .iter()
                .zip(&started)
                .map(|(i, s)| match s {
                    Ok(_) => format!("{} starts it", i.name()),
                    Err(e) => format!("{} refuses it: {e}", i.name()),
                })
                .collect();
            return Err(format!("the setup: {}", said.join("; ")));
        }
        Ok(Some(Compare {
            games: imps
                .iter()
                .zip(started)
                .filter_map(|(i, s)| s.ok().map(|g| (i.name(), g)))
                .collect(),
            played: Vec::new(),
            options,
            counts: Counts::default(),
        }))
    }

    /// The first implementation's game.
    pub fn reference(&self) -> &dyn Game<G> {
        self.games[0].1.as_ref()
    }

    /// The action played last ([`Hooks::played`] is told of it); `Err`
    /// before the first.
    pub fn last_played(&self) -> Result<&G::Action, String> {
        self.played
            .last()
            .ok_or_else(|| "no action played yet".to_string())
    }

    /// `what`, after the actions played.
    pub fn at(&self, what: impl Display) -> String {
        format!("after {}: {what}", spelled(&self.played))
    }

    /// Plays the line: at every ply compares everything, as the hooks say,
    /// until the legal list is empty, the limit is reached or a hook ends
    /// it. `Err` is the first difference, after the actions played.
    pub fn run(&mut self, hooks: &mut impl Hooks<G>) -> Result<(), String> {
        loop {
            self.same_state().map_err(|w| self.at(w))?;
            let at_limit = self.played.len() >= self.options.limit;
            if at_limit && !self.options.judge_at_limit {
                hooks.ended(self);
                return Ok(());
            }
            if !hooks.go_on(self) {
                return Ok(());
            }
            let legal = self.same_legal().map_err(|w| self.at(w))?;
            let candidates = hooks.candidates(self, &legal);
            let verdicts = self
                .judge(hooks, &candidates, &legal)
                .map_err(|w| self.at(w))?;
            hooks.judged(self, &verdicts[0]);
            if let Some(k) = hooks.try_refused(&candidates, &verdicts[0]) {
                let own: Vec<&Verdict<G>> = verdicts.iter().map(|v| &v[k]).collect();
                self.play_refused(hooks, &candidates[k], &own)
                    .map_err(|w| self.at(w))?;
            }
            if hooks.check(self, &legal).map_err(|w| self.at(w))? == Flow::Stop {
                return Ok(());
            }
            if legal.is_empty() || at_limit {
                hooks.ended(self);
                return Ok(());
            }
            let Some(action) = hooks.pick(self, &legal) else {
                hooks.ended(self);
                return Ok(());
            };
            let note = self.play(&action).map_err(|w| self.at(w))?;
            self.played.push(action.clone());
            if hooks.played(self, &note).map_err(|w| self.at(w))? == Flow::Stop {
                return Ok(());
            }
        }
    }

    /// The same side to move, outcome and position on every
    /// implementation; with self checks, the ply count of each is the
    /// number of actions played.
    pub fn same_state(&self) -> Result<(), String> {
        let (name0, g0) = &self.games[0];
        if self.options.self_checks && g0.ply() != self.played.len() {
            return Err(format!(
                "{name0}: ply {} after {} actions",
                g0.ply(),
                self.played.len()
            ));
        }
        let (s0, o0) = (g0.side_to_move(), g0.outcome());
        let p0 = g0.position();
        for (name, g) in &self.games[1..] {
            let differs = format!("{name} differs from {name0}");
            if self.options.self_checks && g.ply() != self.played.len() {
                return Err(format!(
                    "{name}: ply {} after {} actions",
                    g.ply(),
                    self.played.len()
                ));
            }
            let s = g.side_to_move();
            if s != s0 {
                return Err(format!("{differs}: side to move {s} vs {s0}"));
            }
            let o = g.outcome();
            if o != o0 {
                return Err(format!("{differs}: outcome {o} vs {o0}"));
            }
            // Compared when both tell it (Implementation::tells_position).
            let p = g.position();
            if let (Some(p), Some(p0)) = (&p, &p0)
                && p != p0
            {
                return Err(format!(
                    "{differs}: position\n  {name0}: {}\n  {name}: {}",
                    G::setup_to_wire(p0),
                    G::setup_to_wire(p)
                ));
            }
        }
        Ok(())
    }

    /// The same sorted legal list on every implementation; the first's.
    /// With self checks, each list is sorted without repeats, empty
    /// exactly when the game is over, and each listed action reads back
    /// from its spelling, is judged legal and is its own canonical
    /// spelling.
    pub fn same_legal(&mut self) -> Result<Vec<G::Action>, String> {
        let lists: Vec<Vec<G::Action>> =
            self.games.iter().map(|(_, g)| g.legal_actions()).collect();
        if self.options.self_checks {
            for ((name, g), l) in self.games.iter().zip(&lists) {
                let fail = |what: String| format!("{name}: {what}");
                if l.windows(2).any(|w| w[0] >= w[1]) {
                    return Err(fail(format!(
                        "legal actions not sorted or repeated: {}",
                        spelled(l)
                    )));
                }
                if l.is_empty() != G::is_over(&g.outcome()) {
                    return Err(fail(format!(
                        "outcome {} with {} legal actions",
                        g.outcome(),
                        l.len()
                    )));
                }
                for a in l {
                    spelling::<G>(a).map_err(fail)?;
                    if let Verdict::Illegal(i) = g.judge(a) {
                        return Err(fail(format!("{a} is listed but judged {i}")));
                    }
                    if g.canonical(a).as_ref() != Some(a) {
                        return Err(fail(format!(
                            "{a} is listed but its canonical spelling is {:?}",
                            g.canonical(a)
                        )));
                    }
                    self.counts.listed += 1;
                }
            }
        }
        let name0 = self.games[0].0;
        for ((name, _), l) in self.games.iter().zip(&lists).skip(1) {
            if *l != lists[0] {
                let only = |a: &[G::Action], b: &[G::Action]| {
                    spelled(
                        &a.iter()
                            .filter(|x| !b.contains(x))
                            .cloned()
                            .collect::<Vec<_>>(),
                    )
                };
                return Err(format!(
                    "{name} differs from {name0}: legal actions: only {name} {}, only {name0} {}\n  {name0}: {}",
                    only(l, &lists[0]),
                    only(&lists[0], l),
                    spelled(&lists[0])
                ));
            }
        }
        Ok(lists.into_iter().next().unwrap_or_default())
    }

    /// Every implementation's verdicts on `candidates` (one list per
    /// implementation), each alike with the first's as `hooks` say. With
    /// self checks, an unlisted candidate judged legal must be another
    /// spelling of a listed action (the first implementation's
    /// [`Game::canonical`], in a game with several spellings,
    /// [`Basics::spelling_clause`](crate::rules::Basics::spelling_clause)),
    /// and a refusal names the candidate.
    fn judge(
        &mut self,
        hooks: &impl Hooks<G>,
        candidates: &[G::Action],
        legal: &[G::Action],
    ) -> Result<Vec<Vec<Verdict<G>>>, String> {
        let aliases: Vec<bool> = candidates
            .iter()
            .map(|c| {
                self.options.self_checks
                    && G::spelling_clause().is_some()
                    && legal.binary_search(c).is_err()
                    && self.games[0]
                        .1
                        .canonical(c)
                        .is_some_and(|k| k != *c && legal.binary_search(&k).is_ok())
            })
            .collect();
        let mut all = Vec::with_capacity(self.games.len());
        for (name, g) in &self.games {
            let mut mine = Vec::with_capacity(candidates.len());
            for (c, alias) in candidates.iter().zip(&aliases) {
                let v = g.judge(c);
                if self.options.self_checks {
                    let fail = |what: String| format!("{name}: {what}");
                    spelling::<G>(c).map_err(fail)?;
                    match &v {
                        Verdict::Legal if *alias => self.counts.respelled += 1,
                        Verdict::Legal if legal.binary_search(c).is_err() => {
                            return Err(fail(format!(
                                "{c} is not listed but judged legal (canonically {:?})",
                                g.canonical(c)
                            )));
                        }
                        Verdict::Legal => {}
                        Verdict::Illegal(i) if i.action != *c => {
                            return Err(fail(format!("the verdict on {c} names {}", i.action)));
                        }
                        Verdict::Illegal(_) => self.counts.illegal += 1,
                    }
                }
                mine.push(v);
            }
            all.push(mine);
        }
        let name0 = self.games[0].0;
        for ((name, _), mine) in self.games.iter().zip(&all).skip(1) {
            for ((c, a), b) in candidates.iter().zip(mine).zip(&all[0]) {
                if !hooks.alike(a, b) {
                    return Err(format!(
                        "{name} differs from {name0}: the verdict on {c}\n  {name0}: {b}\n  {name}: {a}"
                    ));
                }
            }
        }
        Ok(all)
    }

    /// Plays the refused `c` on every implementation: each refuses it as it
    /// judged it (`own`, one verdict per implementation), alike with the
    /// first, and its ply and side to move stay as they were.
    fn play_refused(
        &mut self,
        hooks: &impl Hooks<G>,
        c: &G::Action,
        own: &[&Verdict<G>],
    ) -> Result<(), String> {
        let mut first: Option<Verdict<G>> = None;
        for ((name, g), judged) in self.games.iter_mut().zip(own) {
            let (ply, side) = (g.ply(), g.side_to_move());
            let refusal: Illegal<G> = match g.play(c) {
                Ok(_) => return Err(format!("{name}: plays the refused {c}")),
                Err(i) => i,
            };
            let rule = refusal.rule;
            let refusal = Verdict::Illegal(refusal);
            if !hooks.alike(&refusal, judged) {
                return Err(format!(
                    "{name}: playing {c} is refused by {rule}, judging it by another rule\n  played: {refusal}\n  judged: {judged}"
                ));
            }
            if let Some(f) = &first
                && !hooks.alike(&refusal, f)
            {
                return Err(format!(
                    "{name}: playing the refused {c}: {refusal}, the first: {f}"
                ));
            }
            if g.ply() != ply || g.side_to_move() != side {
                return Err(format!("{name}: a refused {c} changed the game"));
            }
            first.get_or_insert(refusal);
        }
        Ok(())
    }

    /// The same whole verdict (rule, clause, explanation) on `a` on every
    /// implementation; the first's. For a game's own checks beside the
    /// candidates (moves only one rule refuses).
    pub fn same_verdict(&self, a: &G::Action) -> Result<Verdict<G>, String> {
        let (name0, g0) = &self.games[0];
        let v0 = g0.judge(a);
        for (name, g) in &self.games[1..] {
            let v = g.judge(a);
            if v != v0 {
                return Err(format!(
                    "{name} differs from {name0}: the verdict on {a}\n  {name0}: {v0}\n  {name}: {v}"
                ));
            }
        }
        Ok(v0)
    }

    /// Plays `a` on every implementation: each plays it, with the first's
    /// note, which is returned.
    pub fn play(&mut self, a: &G::Action) -> Result<G::Note, String> {
        let mut notes = Vec::with_capacity(self.games.len());
        for (name, g) in &mut self.games {
            notes.push(
                g.play(a)
                    .map_err(|i| format!("{name}: the legal {a} is refused: {i}"))?,
            );
        }
        let name0 = self.games[0].0;
        for ((name, _), n) in self.games.iter().zip(&notes).skip(1) {
            if *n != notes[0] {
                return Err(format!(
                    "the notes of {a} differ\n  {name0}: {:?}\n  {name}: {n:?}",
                    notes[0]
                ));
            }
        }
        Ok(notes.swap_remove(0))
    }
}

/// The committed seeds of fuzz target `target` (`fuzz/corpus/<target>/`),
/// each file's bytes, in the order of their names.
#[cfg(test)]
pub(crate) fn seed_corpus(target: &str) -> Vec<Vec<u8>> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/corpus")
        .join(target);
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("the committed seed corpus")
        .flatten()
        .map(|e| e.path())
        .collect();
    files.sort();
    files.iter().map(|f| std::fs::read(f).unwrap()).collect()
}

/// A tally's `add`: every counter named summed from another tally.
macro_rules! tally_add {
    ($($field:ident),* $(,)?) => {
        /// Adds another tally.
        pub fn add(&mut self, o: &Self) {
            $(self.$field += o.$field;)*
        }
    };
}
pub(crate) use tally_add;
