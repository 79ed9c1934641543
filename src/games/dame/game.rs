//! Dame as a game of the generic core: the [`Dame`] type, its [`Rules`]
//! impl, the note the rules make about an action, and the outcome.

use serde::{Deserialize, Serialize};

use crate::rules::{
    ActionSpace, Basics, Implementation, Located, Mutant, Presentation, RuleProfile, ScenarioParts,
    StateField, Wire, Workloads,
};

use super::board::{Kind, Setup, Side, Square};
use super::moves::Action;
use super::profile::Profile;
use super::scenario::{Expectations, SetupSpec};
use super::verdict::RuleCode;

/// Why a game was won (DA-5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum WinReason {
    /// DA-5.1: the loser has no stone left.
    AllCaptured,
    /// DA-5.2: the loser is to move and cannot (blocked in).
    NoLegalMove,
}

/// Why a game was drawn (AD-11; no draw in the seed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum DrawReason {
    /// The profile's count of plies without progress ran out.
    NoProgress,
}

/// The state of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// The game goes on.
    Ongoing,
    /// White has won.
    WhiteWins(WinReason),
    /// Black has won.
    BlackWins(WinReason),
    /// Nobody wins.
    Draw(DrawReason),
}

impl Outcome {
    /// A win for `side`.
    pub fn win(side: Side, reason: WinReason) -> Outcome {
        match side {
            Side::White => Outcome::WhiteWins(reason),
            Side::Black => Outcome::BlackWins(reason),
        }
    }

    /// Whether the game has ended.
    pub fn is_over(self) -> bool {
        self != Outcome::Ongoing
    }
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let s = serde_json::to_string(self).unwrap_or_default();
        f.write_str(&s.replace(['"', '{', '}'], "").replace(':', ": "))
    }
}

/// What the rules observe about one played action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// The action as written.
    pub action: String,
    /// Who played it.
    pub side: Side,
    /// The moving stone's kind before the move (`None` for a huff).
    pub kind: Option<Kind>,
    /// The squares of the stones captured, in the order jumped.
    pub captures: Vec<Square>,
    /// Whether the moving man became a Dame (DA-4.1).
    pub crowned: bool,
    /// For a huff, the square of the stone removed (DA-6).
    pub huffed: Option<Square>,
    /// After the action: the squares of the stones the side now to act may
    /// huff (empty unless the action overlooked a capture, DA-6.1).
    pub huffable: Vec<Square>,
    /// The state of the game after the action.
    pub outcome: Outcome,
}

impl Note {
    /// The note of `action` by `side` before anything is observed: each
    /// implementation fills in what its own rules saw.
    pub fn blank(action: &Action, side: Side) -> Note {
        Note::spelled(action.to_string(), side)
    }

    /// [`Note::blank`] for an action already spelled (the engine spells a
    /// listed move from its record, without building the [`Action`]).
    pub fn spelled(action: String, side: Side) -> Note {
        Note {
            action,
            side,
            kind: None,
            captures: Vec::new(),
            crowned: false,
            huffed: None,
            huffable: Vec::new(),
            outcome: Outcome::Ongoing,
        }
    }
}

/// The game Dame (`game: dame`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Dame;

impl RuleProfile for Profile {
    fn name(&self) -> &str {
        &self.name
    }

    fn parse(text: &str) -> Result<Self, String> {
        Profile::parse(text)
    }

    fn switches() -> &'static [crate::rules::SwitchInfo] {
        super::profile::SWITCHES
    }

    fn names() -> &'static [&'static str] {
        Profile::NAMES
    }
}

impl Basics for Dame {
    fn outcome_clause(outcome: &Outcome) -> Option<&'static str> {
        match outcome {
            Outcome::Ongoing => None,
            Outcome::WhiteWins(r) | Outcome::BlackWins(r) => Some(match r {
                WinReason::AllCaptured => "DA-5.1",
                WinReason::NoLegalMove => "DA-5.2",
            }),
            Outcome::Draw(DrawReason::NoProgress) => Some("AD-11"),
        }
    }

    const NAME: &'static str = "dame";

    const SEED: &'static str = "seed 004 (Dame)";

    const EXAMPLE_ADAPTER: &'static str = "examples/python-dame-naive/engine.py";

    type Setup = Setup;

    type Action = Action;

    type Profile = Profile;

    type RuleCode = RuleCode;

    type Note = Note;

    type Outcome = Outcome;

    type Side = Side;

    const SPEC_FILES: &'static [(&'static str, &'static str)] = SPEC_FILES;

    fn reference() -> &'static dyn Implementation<Self> {
        &super::reference::Reference
    }

    fn implementations() -> Vec<&'static dyn Implementation<Self>> {
        vec![&super::reference::Reference, &super::engine::Engine]
    }

    fn is_over(outcome: &Outcome) -> bool {
        outcome.is_over()
    }
}

impl Wire for Dame {
    fn setup_to_wire(setup: &Setup) -> serde_json::Value {
        super::wire::setup_value(setup)
    }

    fn setup_from_wire(value: &serde_json::Value) -> Result<Setup, (String, String)> {
        super::wire::setup(value)
    }

    const STATE_FIELDS: &'static [StateField<Self>] = super::wire::STATE_FIELDS;
}

impl ScenarioParts for Dame {
    type SetupSpec = SetupSpec;

    type Annotations = Expectations;

    fn setup_from_spec(spec: &SetupSpec) -> Result<Setup, Located> {
        spec.to_setup()
    }

    /// The position of DA-1.2 (an empty scenario `setup:` is an empty
    /// board).
    fn start_setup() -> Option<Setup> {
        Some(Setup::start())
    }
}

impl Presentation for Dame {
    fn describe(note: &Note) -> String {
        super::explain::describe(note)
    }

    fn explain_cell(note: &Note, expected: &Expectations) -> String {
        super::explain::cell(note, expected)
    }

    fn explain_state(note: &Note) -> String {
        super::explain::state(note)
    }

    const SHEET: crate::rules::Sheet = super::explain::SHEET;

    fn explain_seat(side: &Side, note: Option<&Note>) -> Option<crate::rules::Seat> {
        Some(super::explain::seat(*side, note))
    }

    fn picture(scene: &crate::rules::Scene<'_, Self>) -> Option<String> {
        super::picture::svg(scene)
    }
}

impl ActionSpace for Dame {
    /// Squares numbered among the 32 dark ones (`index / 2`). A step is
    /// one index, `from × 32 + to`; a capture is one index per jump,
    /// `1024 + from × 32 + landing`, taken in the order of the series (two
    /// routes of one stone are two step sequences, as DA-3.5 makes them two
    /// actions); a huff is `2048 + square`. Under `seed-004` a series may
    /// stop early, so a capture's jumps may begin a longer one's: the
    /// session's "stop" index tells them apart (`docs/python.md`).
    const STEP_COUNT: usize = 2 * 32 * 32 + 32;

    const MULTI_STEP: bool = true;

    fn action_steps(action: &Action) -> Option<Vec<usize>> {
        let d = |s: &super::board::Square| s.index() / 2;
        match action {
            Action::Step { from, to } => Some(vec![d(from) * 32 + d(to)]),
            Action::Capture(path) if path.len() >= 2 => Some(
                path.windows(2)
                    .map(|hop| 1024 + d(&hop[0]) * 32 + d(&hop[1]))
                    .collect(),
            ),
            Action::Capture(_) => None,
            Action::Huff(s) => Some(vec![2048 + d(s)]),
        }
    }
}

impl Workloads for Dame {
    const MUTANTS: &'static [Mutant<Self>] = super::mutants::ALL;

    fn observably_equal(a: &Profile, b: &Profile) -> bool {
        super::mutants::observably_equal(a, b)
    }

    fn bench(opts: &crate::rules::BenchOptions) -> Option<String> {
        Some(super::bench_report::report(opts))
    }

    fn battery_case(seed: u64) -> Option<(Setup, Profile)> {
        Some(super::workload::battery_case(seed))
    }

    fn battery_candidates(
        setup: &Setup,
        _profile: &Profile,
        _played: &[Action],
        legal: &[Action],
        seed: u64,
    ) -> Vec<Action> {
        super::workload::battery_candidates(setup, legal, seed)
    }

    fn perft(imp: &str, setup: &Setup, profile: &Profile, depth: u32) -> Option<u64> {
        match imp {
            "reference" => super::reference::RefGame::new(setup, profile)
                .ok()
                .map(|g| super::reference::perft::perft(&g, depth)),
            "engine" => super::engine::EngineGame::new(setup, profile)
                .ok()
                .map(|g| g.perft(depth)),
            _ => None,
        }
    }
}

/// The spec files compiled into the binary, by path relative to the repo.
pub const SPEC_FILES: &[(&str, &str)] = &[
    (
        "spec/dame/rules.md",
        include_str!("../../../spec/dame/rules.md"),
    ),
    (
        "spec/dame/ambiguities.md",
        include_str!("../../../spec/dame/ambiguities.md"),
    ),
];
