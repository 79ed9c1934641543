//! Epaminondas as a game of the generic core: the [`Epaminondas`] type and
//! its [`Rules`] impl, the outcome, and the note the rules make about a
//! played move.

use serde::{Deserialize, Serialize};

use crate::rules::{
    ActionSpace, Basics, Implementation, Located, Mutant, Presentation, RuleProfile, ScenarioParts,
    StateField, Wire, Workloads,
};

use super::board::{Dir, Side, Square};
use super::moves::Move;
use super::profile::Profile;
use super::scenario::{Expectations, SetupSpec};
use super::setup::Setup;
use super::verdict::RuleCode;

/// Why a game was won (EP-5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum WinReason {
    /// EP-5.2: more stones on the opponent's home row than the opponent has
    /// on the winner's, after the opponent's move.
    Crossing,
    /// EP-5.3: the loser had no legal move (or no stone) on their turn.
    NoLegalMove,
}

/// Why a game was drawn (only under `end.no-moves=draw`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum DrawReason {
    /// The side to move had no legal move.
    NoLegalMove,
}

/// Whether the game goes on, and if not, how it ended.
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
    pub fn win(side: Side, reason: WinReason) -> Self {
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

/// How many stones each side has on the opponent's home row (EP-5.1).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct Crossings {
    /// White stones on Black's home row.
    pub white: u32,
    /// Black stones on White's home row.
    pub black: u32,
}

impl Crossings {
    /// The count of `side`.
    pub fn of(self, side: Side) -> u32 {
        match side {
            Side::White => self.white,
            Side::Black => self.black,
        }
    }

    /// The side with more crossings, if any ("who is winning").
    pub fn leader(self) -> Option<Side> {
        match self.white.cmp(&self.black) {
            std::cmp::Ordering::Greater => Some(Side::White),
            std::cmp::Ordering::Less => Some(Side::Black),
            std::cmp::Ordering::Equal => None,
        }
    }
}

/// What the rules observe about one played move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// The move.
    pub mv: Move,
    /// Who played it.
    pub side: Side,
    /// The direction of travel.
    pub dir: Dir,
    /// How many stones moved (EP-3.3).
    pub count: u8,
    /// How many squares they moved.
    pub distance: u8,
    /// The enemy stones removed, from the contacted stone outwards (EP-4.3).
    pub captures: Vec<Square>,
    /// Whether a moving stone came onto the opponent's home row (EP-6.2).
    pub enters_home_row: bool,
    /// Crossings after the move (EP-5.1).
    pub crossings: Crossings,
    /// The game state after the move.
    pub outcome: Outcome,
}

/// The game Epaminondas (`game: epaminondas`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Epaminondas;

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

impl Basics for Epaminondas {
    fn outcome_clause(outcome: &Outcome) -> Option<&'static str> {
        match outcome {
            Outcome::Ongoing => None,
            Outcome::WhiteWins(r) | Outcome::BlackWins(r) => Some(match r {
                WinReason::Crossing => "EP-5.2",
                WinReason::NoLegalMove => "EP-5.3",
            }),
            Outcome::Draw(DrawReason::NoLegalMove) => Some("AE-5"),
        }
    }

    const NAME: &'static str = "epaminondas";

    const SEED: &'static str = "seed 003";

    const EXAMPLE_ADAPTER: &'static str = "examples/python-epaminondas/adapter.py";

    type Setup = Setup;

    type Action = Move;

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

impl Wire for Epaminondas {
    fn setup_to_wire(setup: &Setup) -> serde_json::Value {
        super::wire::setup_value(setup)
    }

    fn setup_from_wire(value: &serde_json::Value) -> Result<Setup, (String, String)> {
        super::wire::setup(value)
    }

    const STATE_FIELDS: &'static [StateField<Self>] = super::wire::STATE_FIELDS;
}

impl ScenarioParts for Epaminondas {
    type SetupSpec = SetupSpec;

    type Annotations = Expectations;

    fn setup_from_spec(spec: &SetupSpec) -> Result<Setup, Located> {
        spec.to_setup()
    }

    /// The opening array of EP-1.4 on the page's 14 × 12 board.
    fn start_setup() -> Option<Setup> {
        Some(Setup::standard(super::board::Size::Standard))
    }
}

impl Presentation for Epaminondas {
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

    fn explain_seat(side: &Side, _note: Option<&Note>) -> Option<crate::rules::Seat> {
        Some(super::explain::seat(*side))
    }

    fn picture(scene: &crate::rules::Scene<'_, Self>) -> Option<String> {
        super::picture::svg(scene)
    }
}

impl ActionSpace for Epaminondas {
    /// `((front × 8 + direction) × 14 + distance − 1) × 14 + count − 1`,
    /// squares numbered `rank × 14 + file` (both boards, 14 × 12 and
    /// 8 × 8, fit), directions numbered by their step in file and rank.
    const ACTION_COUNT: usize = 14 * 12 * 8 * 14 * 14;

    fn action_index(action: &Move) -> Option<usize> {
        let (dir, distance) = action.line()?;
        let (distance, count) = (usize::from(distance), usize::from(action.count));
        if !(1..=14).contains(&distance) || !(1..=14).contains(&count) {
            return None;
        }
        let d = ((dir.df + 1) * 3 + (dir.dr + 1)) as usize;
        // (0, 0) is no direction: the eight others, numbered 0 to 7.
        let d = if d > 4 { d - 1 } else { d };
        let front = usize::from(action.front.rank) * 14 + usize::from(action.front.file);
        Some(((front * 8 + d) * 14 + distance - 1) * 14 + count - 1)
    }
}

impl Workloads for Epaminondas {
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
        _played: &[Move],
        legal: &[Move],
        seed: u64,
    ) -> Vec<Move> {
        super::workload::battery_candidates(setup, legal, seed)
    }

    fn perft(imp: &str, setup: &Setup, profile: &Profile, depth: u32) -> Option<u64> {
        match imp {
            "reference" => {
                let board = setup.validate().ok()?;
                let side = setup.to_move;
                Some(super::reference::perft(&board, side, profile, depth))
            }
            "engine" => {
                let pos = super::engine::position(setup).ok()?;
                Some(super::engine::perft(
                    &super::engine::Rules::new(profile),
                    &pos,
                    depth,
                ))
            }
            _ => None,
        }
    }
}

/// The spec files compiled into the binary, by path relative to the repo.
pub const SPEC_FILES: &[(&str, &str)] = &[
    (
        "spec/epaminondas/rules.md",
        include_str!("../../../spec/epaminondas/rules.md"),
    ),
    (
        "spec/epaminondas/ambiguities.md",
        include_str!("../../../spec/epaminondas/ambiguities.md"),
    ),
    (
        "spec/epaminondas/errata.md",
        include_str!("../../../spec/epaminondas/errata.md"),
    ),
];
