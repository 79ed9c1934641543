//! The rules abstraction: what a game is to the rest of arbiter.
//!
//! A game is a type that implements [`Rules`]: it names its setup, its
//! action (a move, a dice roll, a doubling offer, a draw claim, a multi-jump
//! path: whatever one player does at a time), its profiles, its rule codes,
//! the note the rules make about a played action and the outcome of a game.
//! The reference interpreter and the optimized engine of the game both
//! implement [`Implementation`] for it, so the scenario runner, the
//! conformance harness, the protocol and the command line are written once,
//! generic over the game, and never name one. `docs/architecture.md` maps
//! each of the five seed systems onto these types.

pub mod annotations;
pub mod codes;
pub mod compare;
pub mod notation;
pub mod observe;
pub mod outcomes;
pub mod overrides;
pub mod pgn;
pub mod sides;
pub mod state;
pub mod switches;
pub mod wire;
pub mod words;
pub mod yaml;

/// The `SPEC_FILES` table of a game: `spec_files!("chess", "rules.md",
/// "ambiguities.md")` gives each `spec/<game>/<file>` with its text. Call it
/// only from `src/games/<game>/rules.rs`: `include_str!` reads relative to
/// the file that invokes the macro, three folders below the repository.
#[macro_export]
macro_rules! spec_files {
    ($game:literal, $($file:literal),+ $(,)?) => {
        &[$((
            concat!("spec/", $game, "/", $file),
            include_str!(concat!("../../../spec/", $game, "/", $file)),
        )),+]
    };
}

/// The items of a game's [`Basics`] impl that are a table, not code: its
/// names, its spec files ([`spec_files!`]), its implementations (the
/// reference first) and its types, written as one list so that a new game
/// fills in a form. `is_over` and `outcome_clause` ask the outcome's own
/// `is_over` and `clause` (which [`outcomes!`] writes for most games); the
/// game writes the rest of the impl (`spelling_clause`, …) beside it.
/// Like [`spec_files!`], call it only from `src/games/<game>/rules.rs`.
#[macro_export]
macro_rules! game_basics {
    (
        name: $name:literal,
        seed: $seed:literal,
        example_adapter: $adapter:literal,
        spec_files: [$($file:literal),+ $(,)?],
        implementations: [$reference:expr $(, $other:expr)* $(,)?],
        types: { $($assoc:ident = $ty:ty),+ $(,)? } $(,)?
    ) => {
        const NAME: &'static str = $name;
        const SEED: &'static str = $seed;
        const EXAMPLE_ADAPTER: &'static str = $adapter;
        const SPEC_FILES: &'static [(&'static str, &'static str)] =
            $crate::spec_files!($name, $($file),+);
        $(type $assoc = $ty;)+

        fn reference() -> &'static dyn $crate::rules::Implementation<Self> {
            &$reference
        }

        fn implementations() -> Vec<&'static dyn $crate::rules::Implementation<Self>> {
            vec![&$reference $(, &$other)*]
        }

        fn is_over(outcome: &Self::Outcome) -> bool {
            outcome.is_over()
        }

        fn outcome_clause(outcome: &Self::Outcome) -> Option<&'static str> {
            outcome.clause()
        }
    };
}

/// The two answers every one of arbiter's own implementations gives alike,
/// written inside its `impl Implementation<G>`: its `name` (`"reference"`,
/// `"engine"`) and that its games tell the position they reach (an
/// embedded third-party engine keeps the trait's default, no). With
/// `, Game => new`, also `start`, for an implementation whose games are
/// made by `new(setup, profile)` alone (its error becomes the refusal).
#[macro_export]
macro_rules! own_implementation {
    ($name:literal) => {
        fn name(&self) -> &'static str {
            $name
        }

        fn tells_position(&self) -> bool {
            true
        }
    };
    ($name:literal, $game:ty => $new:path) => {
        $crate::own_implementation!($name);

        fn start(
            &self,
            setup: &<$game as $crate::rules::Basics>::Setup,
            profile: &<$game as $crate::rules::Basics>::Profile,
        ) -> Result<Box<dyn $crate::rules::Game<$game>>, String> {
            Ok(Box::new($new(setup, profile).map_err(|e| e.to_string())?))
        }
    };
}

use std::fmt::{self, Debug, Display};
use std::hash::Hash;
use std::path::Path;
use std::str::FromStr;

use schemars::JsonSchema;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::prove::{ProveOptions, ProveReport};

pub use annotations::{Annotations, Held};
pub use notation::{Notation, NotationInfo};
pub use observe::{Observe, View};
pub use state::StateField;
pub use switches::SwitchInfo;

/// A count with its thousands separated by commas, as the spec pages and
/// the YAML reader's limits write them (`1,000,000`).
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Why `name` names none of `names`: "`name` is not `what`: expected one
/// of …", ending with `, or {or}` when something else than a name is
/// allowed too.
pub fn not_one_of(name: &str, what: &str, names: &[&str], or: Option<&str>) -> String {
    let or = or.map(|o| format!(", or {o}")).unwrap_or_default();
    format!(
        "`{name}` is not {what}: expected one of {}{or}",
        names.join(", ")
    )
}

/// A place in a source text (1-based; 0 when unknown).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Loc {
    /// Line, from 1.
    pub line: u64,
    /// Column, from 1.
    pub column: u64,
}

impl<T> From<&serde_saphyr::Spanned<T>> for Loc {
    fn from(s: &serde_saphyr::Spanned<T>) -> Self {
        Loc {
            line: s.referenced.line(),
            column: s.referenced.column(),
        }
    }
}

/// A message tied to a place in a scenario file: what a game's setup check
/// returns, so the loader can name the line and column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located {
    /// Where.
    pub at: Loc,
    /// What is wrong and what was expected.
    pub message: String,
}

/// `message` at `at`: how a game's setup reader points at the value at
/// fault.
pub fn located(at: Loc, message: String) -> Located {
    Located { at, message }
}

/// A named set of rule switches: one per point on which rule texts and
/// implementations of the game disagree (`spec/<game>/profiles.md`).
pub trait RuleProfile:
    Clone + Debug + PartialEq + Serialize + DeserializeOwned + JsonSchema + Send + Sync + 'static
{
    /// The profile's name (`isf`, `modern-3`, `fide`, …).
    fn name(&self) -> &str;
    /// Reads a profile as a scenario or the command line spells it: a
    /// built-in name, possibly with switch overrides. The error says what
    /// was expected.
    fn parse(text: &str) -> Result<Self, String>;
    /// The built-in profile names, the first being the default.
    fn names() -> &'static [&'static str];
    /// What each switch of the profile's serde form is about: the clause
    /// and ambiguity entry that govern it, for `arbiter profiles`, so that a
    /// third party reads the rules behind a switch without reading the
    /// code. Default: nothing known (a test holds every game to a full
    /// list).
    fn switches() -> &'static [SwitchInfo] {
        &[]
    }
}

/// A game, whole: the sum of the small traits a game implements, each
/// beside the code it describes ([`Basics`] with the game's types and
/// implementations, [`Wire`] with its protocol spellings, [`ScenarioParts`]
/// with its scenario form, [`Presentation`] with its score sheet and
/// pictures, [`ActionSpace`] with its integer actions, [`Workloads`] with its
/// random games, benchmarks and mutants, [`Notation`] with the notations and
/// records of its players, [`Observe`] with what a learning loop sees of
/// it). No game implements `Rules`
/// itself: every type that implements them all is one, so generic code
/// asks for `G: Rules` and a game writes no forwarder.
pub trait Rules:
    Basics + Wire + ScenarioParts + Presentation + ActionSpace + Workloads + Notation + Observe
{
}

impl<G> Rules for G where
    G: Basics + Wire + ScenarioParts + Presentation + ActionSpace + Workloads + Notation + Observe
{
}

/// A value the protocol writes and reads by name (a rule code, an
/// outcome): compared, shown, serialized both ways, described in the
/// schemas, and shared across threads.
pub trait WireValue:
    Debug + Eq + Display + Serialize + DeserializeOwned + JsonSchema + Send + Sync
{
}

impl<T> WireValue for T where
    T: Debug + Eq + Display + Serialize + DeserializeOwned + JsonSchema + Send + Sync
{
}

/// A game's names, types and implementations: what the rules are about and
/// who plays them.
pub trait Basics: Sized + Clone + Debug + PartialEq + Eq + Send + Sync + 'static {
    /// The game's name, as `game:` in scenario files, `game` in protocol
    /// requests and `--game` on the command line.
    const NAME: &'static str;
    /// Where the rules come from, as the docs' generated tables cite it
    /// (`seed 004 (Schach)`).
    const SEED: &'static str;
    /// The worked third-party adapter of the game under `examples/`: the
    /// script `arbiter conform` runs (`examples/chess-naive/adapter.py`),
    /// beside its `expected-failures.txt`.
    const EXAMPLE_ADAPTER: &'static str;
    /// The game's spec files, compiled in: (path in the repository, text).
    /// Clause ids are looked up here, so they are namespaced by game.
    const SPEC_FILES: &'static [(&'static str, &'static str)];

    /// A starting position, as both implementations take it. Equal
    /// setups are one position (what `Game::position` tells is compared
    /// with `==` by the comparator, `rules::compare`).
    type Setup: Clone + Debug + PartialEq + Send + Sync;
    /// What one player does at a time. Its `Display` and `FromStr` are the
    /// spelling in scenario files and in the protocol.
    type Action: Clone + Debug + Eq + Ord + Hash + Display + FromStr<Err: Display> + Send + Sync;
    /// A named set of rule switches.
    type Profile: RuleProfile;
    /// The stable code of a rule that forbids an action.
    type RuleCode: Copy + Ord + Hash + WireValue;
    /// What the rules observe about one played action (counts, captures,
    /// crownings, the dice used, …). Equal notes from two implementations
    /// are what the battery ([`crate::battery`]) asks of every played action.
    type Note: Clone + Debug + PartialEq + Send + Sync;
    /// Whether the game goes on, and if not, how it ended.
    type Outcome: Clone + WireValue;
    /// Who acts: red or blue, white or black.
    type Side: Copy + Debug + Eq + Display;

    /// The reference interpreter.
    fn reference() -> &'static dyn Implementation<Self>;
    /// Every implementation arbiter has of the game, the reference first.
    fn implementations() -> Vec<&'static dyn Implementation<Self>>;

    /// Whether `outcome` ends the game.
    fn is_over(outcome: &Self::Outcome) -> bool;

    /// The clause that makes several spellings one action and names the
    /// canonical one ([`Game::canonical`]), cited when an engine lists
    /// another spelling; `None` for a game with one spelling per action.
    fn spelling_clause() -> Option<&'static str> {
        None
    }

    /// The clause whose end test decided `outcome` (checkmate, a captured
    /// flag, a gammon), cited when an implementation's outcome differs from
    /// the reference's; `None` for a game that goes on, or a game that does
    /// not say.
    fn outcome_clause(_outcome: &Self::Outcome) -> Option<&'static str> {
        None
    }
}

/// How a game's setups and state are spelt on the wire (protocol 1,
/// `spec/<game>/protocol.md`).
pub trait Wire: Basics {
    /// The fields of a protocol `state` reply, one per capability.
    const STATE_FIELDS: &'static [StateField<Self>];

    /// The setup as the protocol spells it (`spec/<game>/protocol.md`).
    fn setup_to_wire(setup: &Self::Setup) -> Value;
    /// Reads a protocol setup; the error names the field (`setup.…`) and
    /// says what was expected.
    fn setup_from_wire(value: &Value) -> Result<Self::Setup, (String, String)>;

    /// Whether two setups are one position as the game's protocol page
    /// defines it, so that the harness compares an engine's `position` as a
    /// position, not as a spelling (stones listed in any order, a FEN's
    /// en-passant square written in either convention). Default: the same
    /// wire spelling.
    fn same_position(a: &Self::Setup, b: &Self::Setup) -> bool {
        Self::setup_to_wire(a) == Self::setup_to_wire(b)
    }

    /// Whose turn the setup says it is under `profile`, read from the setup
    /// alone (no game is started, so a setup the rules refuse has one too):
    /// what a report on a refused setup names as the side to move. `None`
    /// when the setup names no one.
    fn setup_to_move(_setup: &Self::Setup, _profile: &Self::Profile) -> Option<Self::Side> {
        None
    }
}

/// How a game's setups and per-action expectations are written in scenario
/// files.
pub trait ScenarioParts: Basics {
    /// The `setup:` of a scenario file as written (kept with line and
    /// column so that a bad square can be pointed at).
    type SetupSpec: DeserializeOwned + JsonSchema + Debug;
    /// The game's own per-action expectations in scenario files.
    type Annotations: Annotations<Self>;

    /// Turns a scenario's `setup:` into a setup both implementations accept,
    /// or says where it breaks the rules.
    fn setup_from_spec(spec: &Self::SetupSpec) -> Result<Self::Setup, Located>;

    /// Turns a scenario's `setup:` into a setup without asking whether the
    /// rules allow it: what a scenario with `refused:` states, so that the
    /// implementations, not the loader, are the ones to refuse it (and a
    /// slip in their setup checks is caught by the corpus). Only what the
    /// setup type cannot hold (a square off the board, a name that is no
    /// piece) is an error here. Default: [`ScenarioParts::setup_from_spec`],
    /// for a game whose loader checks nothing an implementation checks
    /// again (chess: the side not to move in check is each implementation's
    /// own test) or whose setup form cannot state a refused setup.
    fn setup_unchecked_from_spec(spec: &Self::SetupSpec) -> Result<Self::Setup, Located> {
        Self::setup_from_spec(spec)
    }

    /// The setup a host language's `setup="start"` names (`docs/python.md`):
    /// by default the one an empty `setup:` of a scenario file gives, the
    /// game's standard start; `None` when there is none.
    fn start_setup() -> Option<Self::Setup> {
        let spec: Self::SetupSpec =
            serde_json::from_value(Value::Object(Default::default())).ok()?;
        Self::setup_from_spec(&spec).ok()
    }
}

/// How a game is shown to people: `arbiter show`'s lines, `arbiter
/// explain`'s score sheet and `explain --html`'s pictures.
pub trait Presentation: ScenarioParts {
    /// One line of `arbiter show` about a played action: who did what, and
    /// what the rules noted.
    fn describe(note: &Self::Note) -> String;

    /// One cell of `arbiter explain`'s table: the action and what the rules
    /// noted about it, with the scenario's expectations where they differ.
    fn explain_cell(note: &Self::Note, expected: &Self::Annotations) -> String;

    /// The state column of `arbiter explain` after an action (empty when the
    /// game keeps none worth showing).
    fn explain_state(_note: &Self::Note) -> String {
        String::new()
    }

    /// The headings of `arbiter explain`'s table: the turn column, the two
    /// sides' columns and the state column, as the game's own score sheets
    /// head them. Default: `turn`, the first side to act and the next other
    /// side as the walk meets them (or the side to move at the end, when
    /// only one side acted), `state after the turn`.
    const SHEET: Sheet = Sheet::DEFAULT;

    /// The number of the first row of `arbiter explain`'s table when the
    /// game numbers its turns itself ([`Sheet::sides`] given): a chess
    /// score sheet starts at the FEN's move number. Default: 1.
    fn explain_first_turn(_setup: &Self::Setup) -> usize {
        1
    }

    /// Where `arbiter explain` writes an action of `side` (`note`: what the
    /// rules noted of it, `None` when the scenario refuses it). `None` (the
    /// default): the first side's column for the first side, the second
    /// for any other, each action a cell of its own.
    fn explain_seat(_side: &Self::Side, _note: Option<&Self::Note>) -> Option<Seat> {
        None
    }

    /// `arbiter explain --html`: the scene (a position reached, what the
    /// rules noted of the last action, or an action they refused there) as
    /// an SVG picture. `None` when the game draws no picture of it: the
    /// page then shows [`Game::render`]'s text for a position, and nothing
    /// for a refused action.
    fn picture(_scene: &Scene<'_, Self>) -> Option<String> {
        None
    }
}

/// A game's fixed integer action space, for learning loops in host
/// languages (`docs/python.md`, OpenSpiel style). Every default leaves the
/// game without one.
pub trait ActionSpace: Basics {
    /// The size of the game's fixed integer action space when each action
    /// is one index; 0 (the default): the game has none of its own, and
    /// [`ActionSpace::STEP_COUNT`] and [`ActionSpace::action_steps`] may give
    /// it a space of steps instead.
    const ACTION_COUNT: usize = 0;

    /// The index of `action` in `0..ACTION_COUNT`. Two different actions
    /// legal in the same position never share an index (the test
    /// `tests/games/action_space.rs` plays random games to check it), so an
    /// index is looked up among the legal actions rather than decoded.
    /// `None` (the default): no one-index action space.
    fn action_index(_action: &Self::Action) -> Option<usize> {
        None
    }

    /// The action index `index` names, legal or not anywhere: the inverse
    /// of [`ActionSpace::action_index`], so that an index refused tells the
    /// rule and clause of the action it names (`arbiter::session`). `None`
    /// (the default): the index names none, or the game does not decode.
    fn action_at(_index: usize) -> Option<Self::Action> {
        None
    }

    /// The size of the game's step space: an action is chosen as a
    /// sequence of steps, each an index in `0..STEP_COUNT`, for games whose
    /// actions are too many or too long to number whole (a capture series
    /// of any length, a backgammon play of up to four checker moves). By
    /// default a step is a whole action: `ACTION_COUNT`.
    const STEP_COUNT: usize = Self::ACTION_COUNT;

    /// Whether an action may take more than one step. Then one legal
    /// action's steps may begin another's (a series that may stop early),
    /// and a session offers the extra index `STEP_COUNT`, "stop", to play
    /// the one that ends there (`arbiter::session`).
    const MULTI_STEP: bool = false;

    /// The steps of `action`, each below `STEP_COUNT`, in the order they
    /// are chosen. In one position no two legal actions have the same
    /// steps (`tests/games/action_space.rs`). By default the action's index as
    /// a one-step sequence; `None`: no step space.
    fn action_steps(action: &Self::Action) -> Option<Vec<usize>> {
        Self::action_index(action).map(|i| vec![i])
    }
}

/// What a game is measured and attacked with: its mutants, its random
/// games for the battery, `arbiter bench`, perft and `arbiter prove`. Every
/// default is "none".
pub trait Workloads: ScenarioParts {
    /// The game's mutants: alternative readings and plain bugs, each a
    /// change of profile that the kill matrix runs the corpus against.
    const MUTANTS: &'static [Mutant<Self>] = &[];

    /// The game's fuzz targets that compare its implementations
    /// ([`compare::FuzzTarget`]); their committed corpora are replayed by
    /// `cargo test` for every game. Default: none.
    const FUZZ_TARGETS: &'static [compare::FuzzTarget] = &[];

    /// What the game's kill matrix must at least show, each figure the
    /// game's when its matrix was last written: the tests of
    /// `tests/mutants/` hold the game to them, so that a change that
    /// empties a check (a mutant left out by mistake, a profile dropped) is
    /// noticed. Beside the mutants because it is about them; default: no
    /// floor (a new game's matrix is held to what `matrix_current` and
    /// `every_mutant_is_killed` check alone until it sets its own).
    const KILL_FLOORS: KillFloors = KillFloors::NONE;

    /// Whether two profiles give the same verdicts and annotations in every
    /// position, so that a mutant from one to the other is left out of the
    /// kill matrix (the game's spec argues each case).
    fn observably_equal(a: &Self::Profile, b: &Self::Profile) -> bool {
        a == b
    }

    /// `arbiter bench`: the engine and the reference timed on the game's
    /// own workload, as lines of text; `None` when the game has none yet.
    fn bench(_opts: &BenchOptions) -> Option<String> {
        None
    }

    /// Perft: the number of action sequences `depth` plies long from
    /// `setup` under `profile`, counted by the implementation named
    /// `implementation` (`reference`, `engine`) with its own move generator;
    /// `None` when that implementation has no counter. The published
    /// figures it is checked against are data (`spec/<game>/perft.yaml`,
    /// [`crate::perft`]); a game whose perft counts something else than
    /// plain action sequences (dice) says so in that file.
    fn perft(
        _implementation: &str,
        _setup: &Self::Setup,
        _profile: &Self::Profile,
        _depth: u32,
    ) -> Option<u64> {
        None
    }

    /// `arbiter prove`: decides the claim file `text` read from `path`
    /// (`spec/<game>/claims.md` describes the game's claims); `None` when
    /// the game has no claims. The game parses its claim and builds the
    /// search's nodes; the search itself is [`crate::prove::Solver`].
    fn prove(
        _path: &Path,
        _text: &str,
        _opts: &ProveOptions,
    ) -> Option<Result<ProveReport, String>> {
        None
    }

    /// Setup and profile number `seed` of the battery's random games
    /// ([`crate::battery`]): the game's own generator of interesting
    /// positions (sparse boards, endgames, near-symmetric arrays) under
    /// varied profiles. `None` ends the list. Default: one case, the setup
    /// an empty `setup:` of a scenario file gives, under the default
    /// profile (none when the game has no such setup).
    fn battery_case(seed: u64) -> Option<(Self::Setup, Self::Profile)> {
        if seed > 0 {
            return None;
        }
        let setup = Self::start_setup()?;
        let profile = Self::Profile::parse(Self::Profile::names().first()?).ok()?;
        Some((setup, profile))
    }

    /// A line that never ends: a setup, a profile and a cycle of actions
    /// that, played from the setup again and again, is legal at every ply
    /// and never finishes the game (no capture, no draw rule that ends it).
    /// The length-ratio test (`tests/games/length_ratio.rs`) plays it to
    /// 10,000 and 20,000 plies on every implementation and checks that the
    /// cost grows with the length, not with its square. `None`: the game
    /// has none yet (the test fails for it).
    fn endless_line() -> Option<Line<Self>> {
        None
    }

    /// Actions the battery judges at a position besides its own (actions
    /// listed earlier in the game, listed spellings with one character
    /// changed): the game's candidates at the battery's ply `at` (near its
    /// legal actions, or the actions listed after those played), chosen by
    /// `seed`. Those that are listed are dropped; the others must be
    /// judged illegal with the same rule code by every implementation.
    /// Default: none.
    fn battery_candidates(at: &BatteryPly<'_, Self>, seed: u64) -> Vec<Self::Action> {
        let _ = (at, seed);
        Vec::new()
    }
}

/// A line of play: a setup, the profile it is played under, and actions
/// ([`Workloads::endless_line`]).
pub type Line<G> = (
    <G as Basics>::Setup,
    <G as Basics>::Profile,
    Vec<<G as Basics>::Action>,
);

/// A [`Workloads::endless_line`] read from text: the setup as the protocol
/// writes it, a profile name (with overrides), the cycle's actions in the
/// game's notation. The text is the game's own constant, so a slip in it is
/// a bug of the game's code, and the panic names it.
pub fn endless_line_from<G: Wire>(setup: Value, profile: &str, cycle: &[&str]) -> Line<G> {
    let setup = G::setup_from_wire(&setup)
        .unwrap_or_else(|(field, why)| panic!("endless line: {field}: {why}"));
    let profile = G::Profile::parse(profile)
        .unwrap_or_else(|why| panic!("endless line: profile {profile}: {why}"));
    let cycle = cycle
        .iter()
        .map(|a| {
            a.parse()
                .unwrap_or_else(|why| panic!("endless line: action {a}: {why}"))
        })
        .collect();
    (setup, profile, cycle)
}

/// The traits a game implements, for code that calls them on a game's own
/// type (`Chess::setup_to_wire`): a trait's items are in scope only when
/// the trait is.
pub mod prelude {
    pub use super::{
        ActionSpace, Basics, Notation, Presentation, Rules, ScenarioParts, Wire, Workloads,
    };
}

/// Where the battery stands when it asks a game for candidates
/// ([`Workloads::battery_candidates`]).
pub struct BatteryPly<'a, G: Basics> {
    /// The setup the line started from.
    pub setup: &'a G::Setup,
    /// The profile the line is played under.
    pub profile: &'a G::Profile,
    /// The actions played since the setup.
    pub played: &'a [G::Action],
    /// The legal actions now.
    pub legal: &'a [G::Action],
}

/// What `arbiter explain --html` asks a game to draw ([`Presentation::picture`]):
/// everything the walk through a scenario knows at one point of it, so a
/// picture reads the rules' notes and positions and decides nothing.
pub struct Scene<'a, G: Basics> {
    /// The scenario's setup.
    pub setup: &'a G::Setup,
    /// The actions played so far.
    pub played: &'a [G::Action],
    /// The positions reached, as the reference tells them
    /// ([`Game::position`]): the one before any action first, then one
    /// after each played action; shorter when the reference does not tell.
    pub positions: &'a [G::Setup],
    /// What the rules noted of each played action.
    pub notes: &'a [G::Note],
    /// The profile the scenario is walked under.
    pub profile: &'a G::Profile,
    /// An action the rules refuse in the position reached (a refused move
    /// or probe of the scenario), with why: the picture shows the refusal
    /// instead of the last action.
    pub refused: Option<&'a Illegal<G>>,
}

impl<G: Basics> Scene<'_, G> {
    /// What the rules noted of the last played action.
    pub fn note(&self) -> Option<&G::Note> {
        self.notes.last()
    }

    /// The position reached, when the reference tells it.
    pub fn now(&self) -> Option<&G::Setup> {
        self.positions.get(self.played.len())
    }

    /// The position before the last played action, when told.
    pub fn before(&self) -> Option<&G::Setup> {
        self.played
            .len()
            .checked_sub(1)
            .and_then(|i| self.positions.get(i))
    }
}

/// The headings of `arbiter explain`'s table ([`Presentation::SHEET`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sheet {
    /// The turn column (`turn`, `move`).
    pub turn: &'static str,
    /// The two sides' columns, when the game names them itself (and seats
    /// each action with [`Presentation::explain_seat`]); rows are then numbered
    /// from [`Presentation::explain_first_turn`].
    pub sides: Option<[&'static str; 2]>,
    /// The state column.
    pub state: &'static str,
}

impl Sheet {
    /// `turn`, no sides named, `state after the turn`.
    pub const DEFAULT: Sheet = Sheet {
        turn: "turn",
        sides: None,
        state: "state after the turn",
    };
}

impl Default for Sheet {
    fn default() -> Self {
        Sheet::DEFAULT
    }
}

/// Where `arbiter explain` writes an action ([`Presentation::explain_seat`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seat {
    /// 0: the first column, 1: the second.
    pub column: usize,
    /// Whether the action only opens its cell: the next action in the same
    /// column is written into the same cell (a roll of dice, then its
    /// play).
    pub opens: bool,
}

/// What `arbiter bench` measures.
#[derive(Clone, Debug)]
pub struct BenchOptions {
    /// Game lengths to measure, in plies.
    pub plies: Vec<usize>,
    /// Longest game the reference is timed on (longer ones are
    /// extrapolated).
    pub reference_max_plies: usize,
    /// Runs per measurement (the best is kept).
    pub reps: usize,
    /// First seed for the random games.
    pub seed: u64,
}

/// Why an action may not be played: the action, the rule that forbids it
/// and the spec clause that decides it, with a sentence for people.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Illegal<G: Basics> {
    /// The rejected action.
    pub action: G::Action,
    /// The rule that forbids it.
    pub rule: G::RuleCode,
    /// The clause that decides it (`TS-4.1`).
    pub clause: String,
    /// What is wrong with this action here.
    pub explanation: String,
}

impl<G: Basics> Display for Illegal<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} is illegal ({}, {}): {}",
            self.action, self.rule, self.clause, self.explanation
        )
    }
}

impl<G: Basics> std::error::Error for Illegal<G> {}

/// The answer to "may the side to move play this action now?".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict<G: Basics> {
    /// It may.
    Legal,
    /// It may not, and why.
    Illegal(Illegal<G>),
}

impl<G: Basics> Verdict<G> {
    /// Whether the action may be played.
    pub fn is_legal(&self) -> bool {
        matches!(self, Verdict::Legal)
    }

    /// The rule broken, if any.
    pub fn rule(&self) -> Option<G::RuleCode> {
        match self {
            Verdict::Legal => None,
            Verdict::Illegal(i) => Some(i.rule),
        }
    }
}

impl<G: Basics> Display for Verdict<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Legal => f.write_str("legal"),
            Verdict::Illegal(i) => {
                write!(f, "illegal ({}, {}): {}", i.rule, i.clause, i.explanation)
            }
        }
    }
}

/// A rules implementation of game `G`: makes games from setups. The
/// reference and the engine of each game implement it, and so can a Rust
/// engine that runs the corpus in its own tests (`harness::embed`).
pub trait Implementation<G: Basics>: Send + Sync {
    /// Short name for reports (`reference`, `engine`).
    fn name(&self) -> &'static str;
    /// Starts a game, or says why the setup breaks the rules. The reason
    /// ends with the clause that refuses the setup, in parentheses
    /// (`… (BG-1.2)`): `arbiter check` compares it with a scenario's
    /// `refused: CLAUSE` (`scenario::clauses::named_clause`).
    fn start(&self, setup: &G::Setup, profile: &G::Profile) -> Result<Box<dyn Game<G>>, String>;
    /// Whether the implementation plays games from `setup` under `profile`
    /// at all, before any rule is asked: `Err(why)` for what it was not
    /// built to play (a board too big for an engine's tables, say). The
    /// protocol answers such a request `unsupported`, which the harness
    /// reports as skipped; a setup that breaks the rules is `start`'s to
    /// refuse. Default: everything.
    fn supports(&self, setup: &G::Setup, profile: &G::Profile) -> Result<(), String> {
        let _ = (setup, profile);
        Ok(())
    }

    /// Whether its games tell the position reached ([`Game::position`]),
    /// so that its `hello` may declare the `position` capability. Default:
    /// no, as for a Rust engine embedded with `harness::embed` that keeps
    /// the default `position`; arbiter's own implementations say yes.
    fn tells_position(&self) -> bool {
        false
    }
}

/// One game in progress. `Send` and `Sync`: a game may be handed to
/// another thread (`arbiter::session::AnyGame`).
pub trait Game<G: Basics>: Send + Sync {
    /// Whose turn it is.
    fn side_to_move(&self) -> G::Side;
    /// Whether and how the game has ended.
    fn outcome(&self) -> G::Outcome;
    /// May the side to move play `action` now, and if not, why not?
    fn judge(&self, action: &G::Action) -> Verdict<G>;
    /// Every legal action of the side to move, sorted.
    fn legal_actions(&self) -> Vec<G::Action>;
    /// Plays `action` if legal and returns what the rules noted about it.
    fn play(&mut self, action: &G::Action) -> Result<G::Note, Illegal<G>>;
    /// How many actions have been played.
    fn ply(&self) -> usize;
    /// A picture of the position (a board, a table of points), for
    /// `arbiter show`.
    fn render(&self) -> String;
    /// The canonical spelling of the legal action `action` spells here, or
    /// `None` when it spells none. A game whose actions have one spelling
    /// each (after parsing) keeps this default: the action itself when it
    /// is legal. One where two written actions are one action (a
    /// backgammon play reached by two routes) names the one its protocol
    /// page lists, so the harness can tell an engine's other spelling from
    /// an illegal action.
    fn canonical(&self, action: &G::Action) -> Option<G::Action> {
        self.judge(action).is_legal().then(|| action.clone())
    }

    /// The position reached, as a setup the game could start from: what
    /// the protocol's `position` state field writes with
    /// [`Wire::setup_to_wire`], so a third party can check its board
    /// against arbiter's after every action. History the setup cannot hold
    /// (repetition counts, chase records) is not part of it. `None`
    /// (the default): this implementation does not tell.
    fn position(&self) -> Option<G::Setup> {
        None
    }
}

/// The floors of a game's kill matrix ([`Workloads::KILL_FLOORS`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KillFloors {
    /// Rows of the matrix (mutant × profile), at least.
    pub rows: usize,
    /// Scenario runs that fail under a mutant, at least.
    pub failing: usize,
    /// Mutant × profile pairs left out as unobservable
    /// ([`Workloads::observably_equal`]) and checked against the corpus of
    /// their base, at least.
    pub left_out: usize,
    /// The mutants the game's engine (its last implementation) declines
    /// (`Implementation::supports`), exactly.
    pub declined: &'static [&'static str],
}

impl KillFloors {
    /// No floor, nothing declined.
    pub const NONE: KillFloors = KillFloors {
        rows: 0,
        failing: 0,
        left_out: 0,
        declined: &[],
    };

    /// At least `rows` rows, read with the other floors at none:
    /// `KillFloors::rows(50).failing(50).left_out(4)`.
    pub const fn rows(rows: usize) -> KillFloors {
        KillFloors { rows, ..Self::NONE }
    }

    /// At least `failing` failing scenario runs.
    pub const fn failing(self, failing: usize) -> KillFloors {
        KillFloors { failing, ..self }
    }

    /// At least `left_out` pairs left out as unobservable.
    pub const fn left_out(self, left_out: usize) -> KillFloors {
        KillFloors { left_out, ..self }
    }

    /// Exactly these mutants declined by the engine.
    pub const fn declined(self, declined: &'static [&'static str]) -> KillFloors {
        KillFloors { declined, ..self }
    }
}

/// Why a mutant exists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum MutantKind {
    /// A reading some source or implementation follows (the game's
    /// ambiguity catalogue names which).
    Reading,
    /// A plain implementation bug.
    Bug,
}

/// One mutant: a named change to a base profile. The reference run under
/// the changed profile plays the wrong reading.
pub struct Mutant<G: Basics> {
    /// Stable name (`ts-limit-plus-1`).
    pub name: &'static str,
    /// Reading or bug.
    pub kind: MutantKind,
    /// The ambiguity entry or clause it departs from.
    pub departs_from: &'static str,
    /// One line for the matrix.
    pub description: &'static str,
    /// Applies the change to a copy of the base profile.
    pub apply: fn(&mut G::Profile),
}

impl<G: Workloads> Mutant<G> {
    /// The mutated profile, or `None` when no position can tell it from
    /// `base` ([`Workloads::observably_equal`]).
    pub fn mutate(&self, base: &G::Profile) -> Option<G::Profile> {
        let mut p = base.clone();
        (self.apply)(&mut p);
        (!G::observably_equal(base, &p)).then_some(p)
    }
}
