//! Stratego as a game of the generic core: the [`Stratego`] type and its
//! [`Rules`] impl, and the notes the rules make about a played move. The
//! reference interpreter and the engine implement
//! [`Implementation<Stratego>`](crate::rules::Implementation).

use serde::{Deserialize, Serialize};

use crate::rules::{
    ActionSpace, Basics, Implementation, Located, Mutant, Presentation, RuleProfile, ScenarioParts,
    StateField, Wire, Workloads,
};

use super::combat::CombatResult;
use super::moves::Move;
use super::piece::{Color, Rank};
use super::position::Setup;
use super::profile::Profile;
use super::scenario::{Expectations, SetupSpec};
use super::verdict::RuleCode;

/// Why a game was won (RP-6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum WinReason {
    /// RP-6.1: the loser's flag was captured.
    FlagCaptured,
    /// RP-6.2: the loser had no legal move on their turn.
    NoLegalMove,
}

/// Why a game was drawn (RP-6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum DrawReason {
    /// RP-6.3: neither player has a piece that can move.
    NeitherCanMove,
}

/// The state of the game after a ply (or at the start).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// The game goes on.
    Ongoing,
    /// Red has won.
    RedWins(WinReason),
    /// Blue has won.
    BlueWins(WinReason),
    /// Nobody wins.
    Draw(DrawReason),
}

impl Outcome {
    /// A win for `color`.
    pub fn win(color: Color, reason: WinReason) -> Self {
        match color {
            Color::Red => Outcome::RedWins(reason),
            Color::Blue => Outcome::BlueWins(reason),
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

/// What the two-squares rule says about a played move (TS-3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TwoSquaresNote {
    /// Whether the move began a new sequence (`false`: it continued one).
    pub starts: bool,
    /// The count after the move: how many times non-stop the most-crossed
    /// boundary of this move has now been crossed.
    pub count: u32,
}

/// Which players are conducting a continuous chase (MS-4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Chasers {
    /// Nobody.
    None,
    /// Red chases blue.
    Red,
    /// Blue chases red.
    Blue,
    /// Both at once (MS-4.5).
    Both,
}

impl Chasers {
    /// From whether each player is chasing.
    pub fn from_flags(red: bool, blue: bool) -> Self {
        match (red, blue) {
            (false, false) => Chasers::None,
            (true, false) => Chasers::Red,
            (false, true) => Chasers::Blue,
            (true, true) => Chasers::Both,
        }
    }
}

impl std::fmt::Display for Chasers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Chasers::None => "none",
            Chasers::Red => "red",
            Chasers::Blue => "blue",
            Chasers::Both => "both",
        })
    }
}

/// What the more-squares rule says about a played move (MS-2 to MS-9).
/// Squares are those after the move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChaseNote {
    /// Who is conducting a continuous chase once the move is played (MS-4).
    pub chasers: Chasers,
    /// Squares of the opponent pieces the move threatens (MS-2).
    pub threatens: Vec<String>,
    /// Whether the move evades the opponent's last threat (MS-3).
    pub evades: bool,
    /// Whether the move is a threat made while the mover's chase is on, so
    /// that it keeps the chase going (MS-4.1).
    pub continues: bool,
    /// Whether the move is a chasing move under the profile's reading (MS-5).
    pub chasing_move: bool,
    /// Squares of the pieces that have evaded in a chase that is on after
    /// the move, the mover's and the opponent's (MS-4).
    pub evaded: Vec<String>,
    /// How many distinct squares the threats of the mover's current chase
    /// have found opponent pieces on, this move included (MS-9.1).
    pub squares: u32,
    /// The seed tables' mark "ununterbr. Verfolg. >2 Felder": the move keeps
    /// a chase going whose threats have covered more than two squares (MS-9.1).
    pub mark: bool,
    /// When the move is a chasing move that recreates an earlier position
    /// and is allowed only by the exception (MS-8): the ply after which that
    /// position first stood (0: the start).
    pub repeats: Option<usize>,
}

/// Everything observable about one played move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlyReport {
    /// The move.
    pub mv: String,
    /// Who played it.
    pub color: Color,
    /// The rank of the moving piece.
    pub rank: Rank,
    /// The rank of the attacked piece and the result, if the move attacked.
    pub combat: Option<(Rank, CombatResult)>,
    /// Two-squares bookkeeping (present when the rule is enabled).
    pub two_squares: Option<TwoSquaresNote>,
    /// More-squares bookkeeping (present when the rule is enabled).
    pub chase: Option<ChaseNote>,
    /// The game state after the move.
    pub outcome: Outcome,
}

/// The game Stratego (`game: stratego`), with the two-squares and
/// more-squares rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stratego;

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

impl Basics for Stratego {
    fn outcome_clause(outcome: &Outcome) -> Option<&'static str> {
        match outcome {
            Outcome::Ongoing => None,
            Outcome::RedWins(r) | Outcome::BlueWins(r) => Some(match r {
                WinReason::FlagCaptured => "RP-6.1",
                WinReason::NoLegalMove => "RP-6.2",
            }),
            Outcome::Draw(DrawReason::NeitherCanMove) => Some("RP-6.3"),
        }
    }

    const NAME: &'static str = "stratego";

    const SEED: &'static str = "seeds 000–002 (ISF articles 10 and 11)";

    const EXAMPLE_ADAPTER: &'static str = "examples/python-naive/adapter.py";

    type Setup = Setup;

    type Action = Move;

    type Profile = Profile;

    type RuleCode = RuleCode;

    type Note = PlyReport;

    type Outcome = Outcome;

    type Side = Color;

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

impl Wire for Stratego {
    fn setup_to_wire(setup: &Setup) -> serde_json::Value {
        super::wire::setup_value(setup)
    }

    fn setup_from_wire(value: &serde_json::Value) -> Result<Setup, (String, String)> {
        super::wire::setup(value)
    }

    const STATE_FIELDS: &'static [StateField<Self>] = super::wire::STATE_FIELDS;
}

impl ScenarioParts for Stratego {
    type SetupSpec = SetupSpec;

    type Annotations = Expectations;

    fn setup_from_spec(spec: &SetupSpec) -> Result<Setup, Located> {
        spec.to_setup()
    }

    /// Stratego has no start position (each player places their army,
    /// RP-1.3): "start" is one fixed placement of the standard game, both
    /// armies shuffled over their home ranks by seed 1.
    fn start_setup() -> Option<Setup> {
        use super::workload::driver::full_setup;
        Some(full_setup(
            &mut crate::rng::SplitMix(1),
            super::variant::Variant::Standard,
        ))
    }
}

impl Presentation for Stratego {
    fn describe(note: &PlyReport) -> String {
        super::explain::describe(note)
    }

    fn explain_cell(note: &PlyReport, expected: &Expectations) -> String {
        super::explain::cell(note, expected)
    }

    fn explain_state(note: &PlyReport) -> String {
        super::explain::chase_state(note)
    }

    fn picture(scene: &crate::rules::Scene<'_, Self>) -> Option<String> {
        if scene.refused.is_some() {
            return None;
        }
        super::picture::svg(scene.setup, scene.played, scene.note())
    }
}

impl ActionSpace for Stratego {
    /// `from × 100 + to`, squares numbered `rank × 10 + file`: boards up
    /// to 10 × 10 (the standard board); a square beyond has no index.
    const ACTION_COUNT: usize = 100 * 100;

    fn action_index(action: &Move) -> Option<usize> {
        let sq = |s: super::square::Square| {
            (s.file < 10 && s.rank < 10).then(|| usize::from(s.rank) * 10 + usize::from(s.file))
        };
        Some(sq(action.from)? * 100 + sq(action.to)?)
    }
}

impl Workloads for Stratego {
    const MUTANTS: &'static [Mutant<Self>] = super::mutants::ALL;

    fn observably_equal(a: &Profile, b: &Profile) -> bool {
        super::mutants::observably_equal(a, b)
    }

    fn bench(opts: &crate::rules::BenchOptions) -> Option<String> {
        Some(super::bench_report::report(opts))
    }

    fn battery_case(seed: u64) -> Option<(Setup, Profile)> {
        Some(super::workload::diff::battery_case(seed))
    }

    fn battery_candidates(
        setup: &Setup,
        profile: &Profile,
        played: &[Move],
        _legal: &[Move],
        seed: u64,
    ) -> Vec<Move> {
        super::workload::diff::battery_candidates(setup, profile, played, seed)
    }

    fn prove(
        path: &std::path::Path,
        text: &str,
        opts: &crate::prove::ProveOptions,
    ) -> Option<Result<crate::prove::ProveReport, String>> {
        Some(super::prove::prove(path, text, opts))
    }
}

/// The spec files compiled into the binary, by path relative to the repo.
pub const SPEC_FILES: &[(&str, &str)] = &[
    (
        "spec/stratego/rules-of-play.md",
        include_str!("../../../spec/stratego/rules-of-play.md"),
    ),
    (
        "spec/stratego/two-squares.md",
        include_str!("../../../spec/stratego/two-squares.md"),
    ),
    (
        "spec/stratego/more-squares.md",
        include_str!("../../../spec/stratego/more-squares.md"),
    ),
    (
        "spec/stratego/ambiguities.md",
        include_str!("../../../spec/stratego/ambiguities.md"),
    ),
];
