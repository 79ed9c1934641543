//! Chess as a game of the generic core: the [`Chess`] type and its
//! [`Rules`] impl, outcomes, and the note the rules make about an action.

use serde::{Deserialize, Serialize};

use crate::rules::{
    ActionSpace, Basics, Implementation, Located, Mutant, Presentation, RuleProfile, ScenarioParts,
    StateField, Wire, Workloads,
};

use super::action::{Action, ClaimKind};
use super::board::Color;
use super::position::Position;
use super::profile::Profile;
use super::scenario::{Expectations, SetupSpec};
use super::verdict::RuleCode;

/// Why a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum WinReason {
    /// CH-3.3: the loser's king is in check and no legal move meets it.
    Checkmate,
    /// CH-4 under `stalemate: win-for-stalemating`: the loser is stalemated.
    Stalemate,
}

/// Why a game was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum DrawReason {
    /// CH-4: the side to move has no legal move and is not in check.
    Stalemate,
    /// CH-5: neither side can mate with the material left.
    InsufficientMaterial,
    /// CH-6.4: a position stood for the third time (automatic, or claimed).
    ThreefoldRepetition,
    /// CH-6.5: a position stood for the fifth time.
    FivefoldRepetition,
    /// CH-8.2: fifty moves each without a pawn move or capture (claimed, or
    /// automatic after 100 plies).
    FiftyMoves,
    /// CH-8.3: seventy-five moves each without a pawn move or capture.
    SeventyFiveMoves,
    /// CH-7 under a `perpetual-checks` count: one side gave that many
    /// checks in a row.
    PerpetualCheck,
}

/// How the game stands.
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
    /// A win for `color`.
    pub fn win(color: Color, reason: WinReason) -> Self {
        match color {
            Color::White => Outcome::WhiteWins(reason),
            Color::Black => Outcome::BlackWins(reason),
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

/// What the rules note about one action, facts about the position after it
/// included (the generic core reads state fields from here).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// The action.
    pub action: Action,
    /// Who took it.
    pub side: Color,
    /// Whether the move captured (en passant included); `false` for a claim.
    pub capture: bool,
    /// Whether the side to move afterwards is in check.
    pub check: bool,
    /// The half-move clock afterwards (CH-8.1).
    pub halfmove_clock: u32,
    /// How many times the position afterwards has stood since the setup,
    /// this time included, under the profile's idea of a position (CH-6).
    pub repetitions: u32,
    /// Which claims the side to move afterwards could make about the
    /// position as it stands (CH-9), sorted; empty once the game is over.
    pub claimable: Vec<ClaimKind>,
    /// The game afterwards.
    pub outcome: Outcome,
}

/// The game of chess (`game: chess`), with the end-of-game rules of seed
/// 004 and the FIDE Laws.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Chess;

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

impl Basics for Chess {
    fn outcome_clause(outcome: &Outcome) -> Option<&'static str> {
        match outcome {
            Outcome::Ongoing => None,
            Outcome::WhiteWins(r) | Outcome::BlackWins(r) => Some(match r {
                WinReason::Checkmate => "CH-3.3",
                WinReason::Stalemate => "CH-4.2",
            }),
            Outcome::Draw(r) => Some(match r {
                DrawReason::Stalemate => "CH-4.1",
                DrawReason::InsufficientMaterial => "CH-5.1",
                DrawReason::ThreefoldRepetition => "CH-6.4",
                DrawReason::FivefoldRepetition => "CH-6.5",
                DrawReason::FiftyMoves => "CH-8.2",
                DrawReason::SeventyFiveMoves => "CH-8.3",
                DrawReason::PerpetualCheck => "AM-7",
            }),
        }
    }

    const NAME: &'static str = "chess";

    const SEED: &'static str = "seed 004 (Schach)";

    const EXAMPLE_ADAPTER: &'static str = "examples/chess-naive/adapter.py";

    type Setup = Position;

    type Action = Action;

    type Profile = Profile;

    type RuleCode = RuleCode;

    type Note = Note;

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

impl Wire for Chess {
    fn setup_to_wire(setup: &Position) -> serde_json::Value {
        super::wire::setup_value(setup)
    }

    fn setup_from_wire(value: &serde_json::Value) -> Result<Position, (String, String)> {
        super::wire::setup(value)
    }

    const STATE_FIELDS: &'static [StateField<Self>] = super::wire::STATE_FIELDS;
}

impl ScenarioParts for Chess {
    type SetupSpec = SetupSpec;

    type Annotations = Expectations;

    fn setup_from_spec(spec: &SetupSpec) -> Result<Position, Located> {
        spec.to_setup()
    }
}

impl Presentation for Chess {
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

    fn explain_first_turn(setup: &Position) -> usize {
        setup.fullmove as usize
    }

    fn explain_seat(side: &Color, _note: Option<&Note>) -> Option<crate::rules::Seat> {
        Some(super::explain::seat(*side))
    }

    fn picture(scene: &crate::rules::Scene<'_, Self>) -> Option<String> {
        super::picture::svg(scene)
    }
}

impl ActionSpace for Chess {
    /// A move is `from × 64 + to`, plus 4096 × its promotion (none,
    /// knight, bishop, rook, queen: 0 to 4); a claim about the position is
    /// 20480 + its kind (threefold 0, fifty 1); a claim about the position a
    /// move makes is 20482 + kind × 20480 + the move's index.
    const ACTION_COUNT: usize = 20482 + 2 * 20480;

    fn action_index(action: &Action) -> Option<usize> {
        use super::board::Kind;
        fn mv(m: &super::action::UciMove) -> Option<usize> {
            let promotion = match m.promotion {
                None => 0,
                Some(Kind::Knight) => 1,
                Some(Kind::Bishop) => 2,
                Some(Kind::Rook) => 3,
                Some(Kind::Queen) => 4,
                Some(_) => return None,
            };
            Some(promotion * 4096 + usize::from(m.from.0) * 64 + usize::from(m.to.0))
        }
        let kind = |k: &ClaimKind| match k {
            ClaimKind::Threefold => 0,
            ClaimKind::Fifty => 1,
        };
        match action {
            Action::Move(m) => mv(m),
            Action::Claim(k, None) => Some(20480 + kind(k)),
            Action::Claim(k, Some(m)) => Some(20482 + kind(k) * 20480 + mv(m)?),
        }
    }
}

impl Workloads for Chess {
    const MUTANTS: &'static [Mutant<Self>] = super::mutants::ALL;

    fn observably_equal(a: &Profile, b: &Profile) -> bool {
        super::mutants::observably_equal(a, b)
    }

    fn bench(opts: &crate::rules::BenchOptions) -> Option<String> {
        Some(super::bench_report::report(opts))
    }

    fn battery_case(seed: u64) -> Option<(Position, Profile)> {
        Some(super::workload::battery_case(seed))
    }

    fn battery_candidates(
        setup: &Position,
        _profile: &Profile,
        _played: &[Action],
        legal: &[Action],
        seed: u64,
    ) -> Vec<Action> {
        super::workload::battery_candidates(setup, legal, seed)
    }

    /// The reference counts with its move generator alone (CH-2 to CH-4:
    /// no claim or draw is an action there), the engine through its whole
    /// `legal_actions` and `play`; figures are therefore stated under a
    /// profile with no draw rule that could end a line or add a claim.
    fn perft(imp: &str, setup: &Position, profile: &Profile, depth: u32) -> Option<u64> {
        match imp {
            "reference" => Some(super::reference::movement::perft(setup, depth)),
            "engine" => super::engine::EngineGame::new(setup, profile)
                .ok()
                .map(|g| super::engine::perft(&g, depth)),
            _ => None,
        }
    }
}

/// The spec files compiled into the binary, by path relative to the repo.
pub const SPEC_FILES: &[(&str, &str)] = &[
    (
        "spec/chess/rules.md",
        include_str!("../../../spec/chess/rules.md"),
    ),
    (
        "spec/chess/ambiguities.md",
        include_str!("../../../spec/chess/ambiguities.md"),
    ),
];
