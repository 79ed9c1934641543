//! A corpus of scenarios of any games, and the games as values.
//!
//! Everything generic over a game (loading, running, conformance, the kill
//! matrix, `serve`, `show`, `explain`) is written once for `G: Rules`. This
//! module turns it into objects: a [`GameEntry`] per game (the registry in
//! [`crate::games`] lists them) and an [`AnyScenario`] per loaded file, so
//! that the command line and the harness dispatch on the game of each
//! scenario without naming one.

use std::any::Any;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::harness::case::{Ctx, check as check_case};
use crate::harness::oracle::truth;
use crate::harness::refused::check as check_refused;
use crate::harness::report::{ProfileResult, SkipKind, Status};
use crate::protocol::message::QueryKind;
use crate::protocol::reader::{peek_game, peek_id};
use crate::protocol::serve::{AnswerLine, Answered, Single};
use crate::protocol::writer::error_value;
use crate::rules::{Implementation, RuleProfile, Rules};
use crate::scenario::clauses::{Clause, all_in};
use crate::scenario::format::Legality;
use crate::scenario::kill::{self, Row};
use crate::scenario::load::{self, LoadError, Loc, Scenario};
use crate::scenario::run::{ScenarioResult, run};

/// A loaded scenario of some game.
pub trait AnyScenario: Send + Sync {
    /// The game's name.
    fn game(&self) -> &'static str;
    /// The id, unique within the game.
    fn id(&self) -> &str;
    /// `game:id`, unique across games.
    fn qualified_id(&self) -> String;
    /// Where the id is written.
    fn id_at(&self) -> Loc;
    /// The file.
    fn path(&self) -> &Path;
    /// The clauses it covers.
    fn clauses(&self) -> &[String];
    /// The ambiguity entries among its clauses: the readings a failure of
    /// it involves.
    fn readings(&self) -> Vec<String>;
    /// The names of the profiles it runs under, in order.
    fn profile_names(&self) -> Vec<String>;
    /// Runs it on the game's implementation named `imp` (`reference`,
    /// `engine`) under every profile, or only `only`; `None` when the game
    /// has no implementation of that name.
    fn check(&self, imp: &str, only: Option<&str>) -> Option<ScenarioResult>;
    /// Checks one profile of it against a subject (`arbiter conform`).
    fn conform(&self, profile: &str, ctx: &mut Ctx<'_>) -> ProfileResult;
    /// The position after each action, pictured (`arbiter show`).
    fn show(&self, profile: Option<&str>) -> Result<String, String>;
    /// The per-action table (`arbiter explain`).
    fn explain(&self, profile: Option<&str>) -> Result<String, String>;
    /// `arbiter explain --html`: the same walk as a self-contained page,
    /// the table beside the board (a page is written even when an action
    /// is illegal: it shows where the line stops).
    fn explain_html(&self, profile: Option<&str>) -> Result<String, String>;
    /// The typed scenario, for a game's own tools.
    fn as_any(&self) -> &dyn Any;
}

/// A game, as the registry lists it.
pub trait GameEntry: Sync {
    /// Its name (`stratego`).
    fn name(&self) -> &'static str;
    /// Reads and checks a scenario file of this game.
    fn parse(&self, path: &Path, text: &str) -> Result<Box<dyn AnyScenario>, LoadError>;
    /// The names of its implementations, the reference first.
    fn implementations(&self) -> Vec<&'static str>;
    /// Its built-in profile names.
    fn profile_names(&self) -> &'static [&'static str];
    /// Reads a profile name as the command line gives it.
    fn check_profile(&self, name: &str) -> Result<(), String>;
    /// Its spec clauses.
    fn clauses(&self) -> Vec<Clause>;
    /// Where its rules come from ([`Rules::SEED`]).
    fn seed(&self) -> &'static str;
    /// Its worked third-party adapter ([`Rules::EXAMPLE_ADAPTER`]).
    fn example_adapter(&self) -> &'static str;
    /// Its protocol capabilities: `judge`, then its state fields.
    fn capabilities(&self) -> Vec<&'static str>;
    /// How many mutants its kill matrix runs.
    fn mutant_count(&self) -> usize;
    /// The JSON Schema of its scenario files, in `generator`.
    fn scenario_schema(&self, generator: &mut schemars::SchemaGenerator) -> Value;
    /// The JSON Schemas of its protocol requests and replies, in
    /// `generator`: `(request, reply)`.
    fn protocol_schema(&self, generator: &mut schemars::SchemaGenerator) -> (Value, Value);
    /// What answers protocol requests of this game with its implementation
    /// named `imp` (`None` when there is none of that name), with
    /// `default_profile` standing for an absent `profile`.
    fn answerer(&self, imp: &str, default_profile: Option<&str>) -> Option<Box<dyn AnswerLine>>;
    /// Its built-in profiles, every switch with its value, and what each
    /// switch is about (`arbiter profiles`; [`crate::rules::switches`]).
    fn profiles(&self) -> Value;
    /// A game in progress on its implementation named `imp`, under
    /// `profile` (a name, or the protocol's object; `None`: the default), from `setup` in the protocol's
    /// spelling (`None`: the start, [`Rules::start_setup`]); for
    /// host-language bindings ([`crate::session`]).
    fn session(
        &self,
        imp: &str,
        profile: Option<&Value>,
        setup: Option<&Value>,
    ) -> Result<Box<dyn crate::session::AnyGame>, String>;
    /// `arbiter bench` for this game (`None`: it has no benchmark yet).
    fn bench(&self, opts: &crate::rules::BenchOptions) -> Option<String>;
    /// `arbiter prove` on a claim file of this game (`None`: the game has
    /// no claims).
    fn prove(
        &self,
        path: &Path,
        text: &str,
        opts: &crate::prove::ProveOptions,
    ) -> Option<Result<crate::prove::ProveReport, String>>;
    /// The protocol reader's property on `bytes`, for fuzzing.
    fn check_reader(&self, bytes: &[u8]);
    /// `serve`'s property with its reference on the input `bytes`, lines
    /// of at most `max_line` bytes, for fuzzing.
    fn check_serve(&self, bytes: &[u8], max_line: usize);
    /// The battery ([`crate::battery`]) on its implementations, the last
    /// wrapped in `fault` when given (the battery's self-test).
    fn battery(
        &self,
        opts: &crate::battery::Options,
        fault: Option<crate::battery::Fault>,
    ) -> Result<crate::battery::Report, String>;
    /// The kill matrix of its scenarios among `scenarios`, and, when
    /// Reads this game's perft file ([`crate::perft`]).
    fn perft_figures(
        &self,
        path: &Path,
        text: &str,
    ) -> Result<Vec<Box<dyn crate::perft::AnyFigure>>, LoadError>;
    /// `other` names an implementation, every mutant run on which it fails
    /// differently from the reference.
    fn kill_matrix(
        &self,
        scenarios: &[Box<dyn AnyScenario>],
        other: Option<&str>,
    ) -> (Vec<Row>, Vec<String>);
    /// The matrix's surviving mutants (`name on base`), each mutant's
    /// scenarios stopped at the first that kills it.
    fn surviving_readings(&self, scenarios: &[Box<dyn AnyScenario>]) -> Vec<String>;
}

/// The entry of game `G`.
pub struct Entry<G>(std::marker::PhantomData<G>);

impl<G> Entry<G> {
    /// The entry (a constant, for the registry).
    pub const NEW: Entry<G> = Entry(std::marker::PhantomData);
}

fn implementation<G: Rules>(name: &str) -> Option<&'static dyn Implementation<G>> {
    G::implementations().into_iter().find(|i| i.name() == name)
}

/// The profile to replay a scenario under: the named one, or its first.
fn replay_profile<G: Rules>(s: &Scenario<G>, name: Option<&str>) -> Result<G::Profile, String> {
    match name {
        None => Ok(s.profiles[0].clone()),
        Some(n) => G::Profile::parse(n),
    }
}

impl<G: Rules> AnyScenario for Scenario<G> {
    fn game(&self) -> &'static str {
        G::NAME
    }

    fn id(&self) -> &str {
        &self.id
    }

    fn qualified_id(&self) -> String {
        Scenario::qualified_id(self)
    }

    fn id_at(&self) -> Loc {
        self.id_at
    }

    fn path(&self) -> &Path {
        &self.path
    }

    fn clauses(&self) -> &[String] {
        &self.clauses
    }

    fn readings(&self) -> Vec<String> {
        crate::scenario::clauses::readings_among(G::SPEC_FILES, &self.clauses)
    }

    fn profile_names(&self) -> Vec<String> {
        self.profiles.iter().map(|p| p.name().to_string()).collect()
    }

    fn check(&self, imp: &str, only: Option<&str>) -> Option<ScenarioResult> {
        Some(run(self, implementation::<G>(imp)?, only))
    }

    fn conform(&self, profile: &str, ctx: &mut Ctx<'_>) -> ProfileResult {
        let Some(p) = self.profiles.iter().find(|p| p.name() == profile) else {
            return ProfileResult::skipped(
                profile,
                SkipKind::NotWritten,
                format!("not written for profile {profile}"),
            );
        };
        if let Some(r) = &self.refused {
            return check_refused(self, p, &r.clause, ctx);
        }
        match truth(self, p) {
            Ok(t) => check_case(self, p, &t, ctx),
            Err(message) => ProfileResult {
                message: Some(message),
                ..ProfileResult::new(profile, Status::Error)
            },
        }
    }

    fn show(&self, profile: Option<&str>) -> Result<String, String> {
        let profile = replay_profile(self, profile)?;
        let mut out = format!(
            "{} — {}\nsource: {}\nprofile: {}\n",
            self.id,
            self.title,
            self.source,
            profile.name()
        );
        if let Some(p) = &self.placement {
            out.push_str(&format!("placement: {}\n", p.trim()));
        }
        if self.refused.is_some() {
            // Nothing to show but the refusal: no game starts.
            return match crate::explain::refusal_of(self, &profile) {
                Ok(why) => Ok(format!("{out}\n{why}\n")),
                Err(why) => Err(format!("{out}\n{why}\n")),
            };
        }
        let mut game = G::reference()
            .start(&self.setup, &profile)
            .map_err(|e| format!("setup refused: {e}"))?;
        out.push_str(&format!(
            "\nstart, {} to move\n{}\n",
            game.side_to_move(),
            game.render()
        ));
        // The profile's own line: a move it refuses is judged, then its
        // continuation (if any) is played.
        let line = self.line(profile.name());
        for (i, m) in line.moves.iter().enumerate() {
            let exp = m.expectations(profile.name());
            if exp.expect == Some(Legality::Illegal) {
                out.push_str(&format!(
                    "{}. {} {}
",
                    i + 1,
                    m.mv,
                    game.judge(&m.mv)
                ));
                if m.continuation(profile.name()).is_some() {
                    out.push_str(
                        "   this profile's continuation follows
",
                    );
                }
                continue;
            }
            match game.play(&m.mv) {
                Ok(note) => {
                    out.push_str(&format!(
                        "{}. {}\n{}\n",
                        i + 1,
                        G::describe(&note),
                        game.render()
                    ));
                    let outcome = game.outcome();
                    if G::is_over(&outcome) {
                        out.push_str(&format!("game over: {outcome}\n"));
                    }
                }
                Err(ill) => {
                    return Err(format!("{out}{}. {ill}", i + 1));
                }
            }
        }
        Ok(out)
    }

    fn explain(&self, profile: Option<&str>) -> Result<String, String> {
        explain(self, &replay_profile(self, profile)?)
    }

    fn explain_html(&self, profile: Option<&str>) -> Result<String, String> {
        let w = crate::explain::walk(self, &replay_profile(self, profile)?)?;
        Ok(crate::explain::html(&w))
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// `arbiter explain`: two columns per turn, like the seed pages' tables.
fn explain<G: Rules>(s: &Scenario<G>, profile: &G::Profile) -> Result<String, String> {
    let w = crate::explain::walk(s, profile)?;
    let text = crate::explain::text(&w);
    if w.complete() { Ok(text) } else { Err(text) }
}

impl<G: Rules> GameEntry for Entry<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn parse(&self, path: &Path, text: &str) -> Result<Box<dyn AnyScenario>, LoadError> {
        Ok(Box::new(load::parse::<G>(path, text)?))
    }

    fn implementations(&self) -> Vec<&'static str> {
        G::implementations().iter().map(|i| i.name()).collect()
    }

    fn profile_names(&self) -> &'static [&'static str] {
        G::Profile::names()
    }

    fn check_profile(&self, name: &str) -> Result<(), String> {
        G::Profile::parse(name).map(|_| ())
    }

    fn clauses(&self) -> Vec<Clause> {
        all_in(G::SPEC_FILES)
    }

    fn seed(&self) -> &'static str {
        G::SEED
    }

    fn example_adapter(&self) -> &'static str {
        G::EXAMPLE_ADAPTER
    }

    fn capabilities(&self) -> Vec<&'static str> {
        crate::protocol::message::capabilities::<G>()
    }

    fn mutant_count(&self) -> usize {
        G::MUTANTS.len()
    }

    fn scenario_schema(&self, generator: &mut schemars::SchemaGenerator) -> Value {
        crate::scenario::schema::for_game::<G>(generator)
    }

    fn protocol_schema(&self, generator: &mut schemars::SchemaGenerator) -> (Value, Value) {
        crate::protocol::schema::for_game::<G>(generator)
    }

    fn answerer(&self, imp: &str, default_profile: Option<&str>) -> Option<Box<dyn AnswerLine>> {
        Some(Box::new(Single {
            imp: implementation::<G>(imp)?,
            default_profile: default_profile
                .filter(|p| G::Profile::parse(p).is_ok())
                .map(str::to_string),
        }))
    }

    fn profiles(&self) -> Value {
        crate::rules::switches::describe::<G::Profile>(G::NAME)
    }

    fn session(
        &self,
        imp: &str,
        profile: Option<&Value>,
        setup: Option<&Value>,
    ) -> Result<Box<dyn crate::session::AnyGame>, String> {
        crate::session::start::<G>(imp, profile, setup)
    }

    fn bench(&self, opts: &crate::rules::BenchOptions) -> Option<String> {
        G::bench(opts)
    }

    fn prove(
        &self,
        path: &Path,
        text: &str,
        opts: &crate::prove::ProveOptions,
    ) -> Option<Result<crate::prove::ProveReport, String>> {
        G::prove(path, text, opts)
    }

    fn perft_figures(
        &self,
        path: &Path,
        text: &str,
    ) -> Result<Vec<Box<dyn crate::perft::AnyFigure>>, LoadError> {
        crate::perft::parse::<G>(path, text)
    }

    fn battery(
        &self,
        opts: &crate::battery::Options,
        fault: Option<crate::battery::Fault>,
    ) -> Result<crate::battery::Report, String> {
        crate::battery::run::<G>(opts, fault)
    }

    fn check_reader(&self, bytes: &[u8]) {
        crate::protocol::reader::check_reader::<G>(bytes);
    }

    fn check_serve(&self, bytes: &[u8], max_line: usize) {
        crate::protocol::serve::check_serve(G::reference(), bytes, max_line);
    }

    fn kill_matrix(
        &self,
        scenarios: &[Box<dyn AnyScenario>],
        other: Option<&str>,
    ) -> (Vec<Row>, Vec<String>) {
        kill::matrix_against(
            &of_game::<G>(scenarios),
            other.and_then(implementation::<G>),
        )
    }

    fn surviving_readings(&self, scenarios: &[Box<dyn AnyScenario>]) -> Vec<String> {
        kill::survivors(&of_game::<G>(scenarios))
    }
}

/// The scenarios of game `G` among `scenarios`.
pub fn of_game<G: Rules>(scenarios: &[Box<dyn AnyScenario>]) -> Vec<&Scenario<G>> {
    scenarios
        .iter()
        .filter_map(|s| s.as_any().downcast_ref::<Scenario<G>>())
        .collect()
}

/// Reads one scenario file of any registered game.
pub fn load(path: &Path) -> Result<Box<dyn AnyScenario>, LoadError> {
    let text = load::read(path)?;
    parse(path, &text)
}

/// Parses one scenario text of any registered game: `game:` picks the
/// game's types.
pub fn parse(path: &Path, text: &str) -> Result<Box<dyn AnyScenario>, LoadError> {
    let game = load::game_of(path, text)?;
    match crate::games::find(&game.value) {
        Some(g) => g.parse(path, text),
        None => Err(LoadError {
            file: path.to_path_buf(),
            at: (&game).into(),
            message: format!(
                "`{}` is not a game: expected one of {}",
                game.value,
                crate::games::names().join(", ")
            ),
        }),
    }
}

/// The game a scenario file names in its `game:` key, when it can be read
/// and names one of the project's games (compiled into this build or not,
/// [`crate::games::ALL_NAMES`]): what a file that fails to load still says
/// about whose it is.
pub fn game_named_in(path: &Path) -> Option<&'static str> {
    let text = load::read(path).ok()?;
    let game = load::game_of(path, &text).ok()?;
    crate::games::ALL_NAMES
        .iter()
        .copied()
        .find(|g| *g == game.value)
}

/// The load errors that belong to a run restricted to `game`: a file that
/// names another of the project's games is not `game`'s, and its failure to
/// load is not an error of that run (in a one-game build, every other
/// game's files fail to load). A file whose game cannot be told
/// (unreadable, no `game:`, a name no game has) may be `game`'s, and stays.
pub fn load_errors_of_game(errors: Vec<LoadError>, game: Option<&str>) -> Vec<LoadError> {
    let Some(game) = game else {
        return errors;
    };
    errors
        .into_iter()
        .filter(|e| game_named_in(&e.file).is_none_or(|g| g == game))
        .collect()
}

/// Loads every scenario under `paths`. Returns the scenarios that loaded and
/// the errors of those that did not, including ids repeated within a game
/// and paths that cannot be read (everything else is still loaded).
pub fn load_all(paths: &[PathBuf]) -> (Vec<Box<dyn AnyScenario>>, Vec<LoadError>) {
    let (files, errors) = load::discover(paths);
    collect_loaded(files.iter().map(|f| load(f)), errors)
}

/// Scenarios read one by one (from files, or from texts compiled into a
/// binary: the Python package's corpus), kept in order, with the errors of
/// those that did not load added to `errors`, and an id repeated within a
/// game refused as [`load_all`] refuses it.
pub fn collect_loaded(
    loaded: impl IntoIterator<Item = Result<Box<dyn AnyScenario>, LoadError>>,
    mut errors: Vec<LoadError>,
) -> (Vec<Box<dyn AnyScenario>>, Vec<LoadError>) {
    let mut scenarios: Vec<Box<dyn AnyScenario>> = Vec::new();
    let mut seen = BTreeSet::new();
    for read in loaded {
        match read {
            Ok(s) => {
                if !seen.insert(s.qualified_id()) {
                    let first = scenarios
                        .iter()
                        .find(|o| o.qualified_id() == s.qualified_id())
                        .map(|o| o.path().display().to_string())
                        .unwrap_or_default();
                    errors.push(LoadError {
                        file: s.path().to_path_buf(),
                        at: s.id_at(),
                        message: format!(
                            "id `{}` is already used by {first}; ids are unique within a game and never reused",
                            s.id()
                        ),
                    });
                } else {
                    scenarios.push(s);
                }
            }
            Err(e) => errors.push(e),
        }
    }
    (scenarios, errors)
}

/// `arbiter serve` without `--game`: every game of the registry that has an
/// implementation of one name, each request answered by the game it names.
/// A request that names no game is read as one of the first of them (the
/// registry's first, Stratego, for the clients that predate `game`), except
/// `hello`, whose reply then lists every game and the capabilities of all.
pub struct AllGames {
    /// Each game that has the implementation, in registry order.
    games: Vec<(&'static dyn GameEntry, Box<dyn AnswerLine>)>,
}

impl AllGames {
    /// Every game's implementation named `imp`, with `default_profile`
    /// standing for an absent `profile` in the games that have a profile of
    /// that name; `None` when no game has such an implementation.
    pub fn new(imp: &str, default_profile: Option<&str>) -> Option<Self> {
        let games: Vec<_> = crate::games::registry()
            .iter()
            .filter_map(|g| Some((*g, g.answerer(imp, default_profile)?)))
            .collect();
        (!games.is_empty()).then_some(AllGames { games })
    }

    /// The names of the games served.
    pub fn names(&self) -> Vec<&'static str> {
        self.games.iter().map(|(g, _)| g.name()).collect()
    }
}

impl AnswerLine for AllGames {
    fn answer_line(&self, line: &str) -> Answered {
        if let Some(game) = peek_game(line) {
            return match self.games.iter().find(|(g, _)| g.name() == game) {
                Some((_, a)) => a.answer_line(line),
                None => Answered {
                    kind: None,
                    case: None,
                    reply: error_value(
                        peek_id(line).unwrap_or(0),
                        crate::protocol::message::ErrorKind::Unsupported,
                        &format!(
                            "`{game}` is not a game this server plays: it plays {}",
                            self.names().join(", ")
                        ),
                    ),
                },
            };
        }
        let (_, first) = &self.games[0];
        let mut answered = first.answer_line(line);
        if answered.kind == Some(QueryKind::Hello) && answered.reply.get("error").is_none() {
            let mut capabilities: Vec<&str> = Vec::new();
            for (g, _) in &self.games {
                for c in g.capabilities() {
                    if !capabilities.contains(&c) {
                        capabilities.push(c);
                    }
                }
            }
            answered.reply["capabilities"] = serde_json::json!(capabilities);
            answered.reply["games"] = serde_json::json!(self.names());
        }
        answered
    }
}
