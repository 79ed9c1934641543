//! Backgammon as a game of the generic core: the [`Backgammon`] type, its
//! [`Rules`] impl, and the shared types of a game in progress (the cube,
//! the outcome, the rule codes, the note the rules make about an action).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::rules::{
    ActionSpace, Basics, Implementation, Located, Mutant, Presentation, RuleProfile, ScenarioParts,
    StateField, Wire, Workloads,
};

use super::board::{Action, Player, Position, Roll, Side};
use super::profile::Profile;
use super::scenario::{Expectations, SetupSpec};

/// The doubling cube: its value and who owns it (`None`: centred).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Cube {
    /// 1, 2, 4, … (1 before any double).
    pub value: u32,
    /// Who may double next; absent or `null` while the cube is centred.
    #[serde(default)]
    pub owner: Option<Player>,
}

impl Cube {
    /// The cube at the start of a game: centred at 1.
    pub const CENTRED: Cube = Cube {
        value: 1,
        owner: None,
    };

    /// The largest value a cube may show under any profile (BG-8.8): 2^30,
    /// the largest power of two whose backgammon (three times the cube)
    /// still fits the 32-bit `points` of a win.
    pub const LARGEST: u32 = 1 << 30;

    /// Whether a setup may start with this cube (BG-8.8): the value is a
    /// power of two from 1 to [`Cube::LARGEST`]. What the scenario loader
    /// and the protocol reader both refuse; the implementations check it
    /// again, each in its own words.
    pub fn check(&self) -> Result<(), String> {
        let v = self.value;
        if v == 0 || !v.is_power_of_two() || v > Cube::LARGEST {
            return Err(format!(
                "a cube shows a power of two from 1 to {} (1, 2, 4, …; BG-8.8), not {v}",
                Cube::LARGEST
            ));
        }
        Ok(())
    }
}

impl fmt::Display for Cube {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.owner {
            None => write!(f, "{} centred", self.value),
            Some(p) => write!(f, "{} {p}", self.value),
        }
    }
}

/// How a game was won (BG-7, BG-8.5, BG-9.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum WinBy {
    /// The loser had borne off at least one checker.
    Single,
    /// The loser had borne off none.
    Gammon,
    /// None borne off, and a checker on the bar or in the winner's home.
    Backgammon,
    /// The loser refused a double.
    Drop,
    /// The loser resigned.
    Resign,
}

/// A win: how, and the points, already multiplied by the cube.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Win {
    /// How.
    pub by: WinBy,
    /// Points: the game's value times the cube.
    pub points: u32,
}

/// Whether the game goes on; there are no draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// The game goes on.
    Ongoing,
    /// White has won.
    WhiteWins(Win),
    /// Black has won.
    BlackWins(Win),
}

impl Outcome {
    /// A win for `p`.
    pub fn win(p: Player, by: WinBy, points: u32) -> Self {
        let w = Win { by, points };
        match p {
            Player::White => Outcome::WhiteWins(w),
            Player::Black => Outcome::BlackWins(w),
        }
    }

    /// Whether the game has ended.
    pub fn is_over(self) -> bool {
        self != Outcome::Ongoing
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = serde_json::to_string(self).unwrap_or_default();
        f.write_str(
            &s.replace(['"', '{', '}'], "")
                .replace(':', ": ")
                .replace(',', ", "),
        )
    }
}

/// Stable code of the rule an action breaks; never rename one.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
pub enum RuleCode {
    /// BG-2.6: the game is over.
    #[serde(rename = "play.game-over")]
    GameOver,
    /// BG-2.1: this kind of action is not what the game waits for now (a
    /// play while the dice are to roll, a take without an offer, …).
    #[serde(rename = "turn.wrong-action")]
    WrongAction,
    /// BG-2.3: equal dice at the opening are rolled again.
    #[serde(rename = "roll.tie")]
    OpeningTie,
    /// BG-3.1: the steps do not match the dice.
    #[serde(rename = "play.dice")]
    Dice,
    /// BG-3.1: no checker of the mover stands on a start point.
    #[serde(rename = "play.no-checker")]
    NoChecker,
    /// BG-4.2: a step ends on a point held by two or more opponents.
    #[serde(rename = "play.blocked")]
    Blocked,
    /// BG-5.2: a checker is on the bar and another one moved.
    #[serde(rename = "play.bar-first")]
    BarFirst,
    /// BG-6.1: bearing off while a checker is outside the home board.
    #[serde(rename = "play.bear-off-not-home")]
    BearOffNotHome,
    /// BG-6.4: a larger number bears off while a checker stands farther back.
    #[serde(rename = "play.bear-off-higher")]
    BearOffHigher,
    /// BG-3.5: more dice could be played (or a pass while a checker can move).
    #[serde(rename = "play.not-maximal")]
    NotMaximal,
    /// BG-3.6: only one die can be played and it must be the larger.
    #[serde(rename = "play.larger-die")]
    LargerDie,
    /// BG-8.1: the profile has no cube.
    #[serde(rename = "cube.disabled")]
    CubeDisabled,
    /// BG-8.2: the opponent owns the cube.
    #[serde(rename = "cube.not-yours")]
    CubeNotYours,
    /// BG-8.3: the cube is at its cap.
    #[serde(rename = "cube.at-cap")]
    CubeAtCap,
    /// BG-9.6: the profile has no resign action.
    #[serde(rename = "resign.disabled")]
    ResignDisabled,
}

impl RuleCode {
    /// The code as written in scenarios and on the wire.
    pub fn as_str(self) -> &'static str {
        match self {
            RuleCode::GameOver => "play.game-over",
            RuleCode::WrongAction => "turn.wrong-action",
            RuleCode::OpeningTie => "roll.tie",
            RuleCode::Dice => "play.dice",
            RuleCode::NoChecker => "play.no-checker",
            RuleCode::Blocked => "play.blocked",
            RuleCode::BarFirst => "play.bar-first",
            RuleCode::BearOffNotHome => "play.bear-off-not-home",
            RuleCode::BearOffHigher => "play.bear-off-higher",
            RuleCode::NotMaximal => "play.not-maximal",
            RuleCode::LargerDie => "play.larger-die",
            RuleCode::CubeDisabled => "cube.disabled",
            RuleCode::CubeNotYours => "cube.not-yours",
            RuleCode::CubeAtCap => "cube.at-cap",
            RuleCode::ResignDisabled => "resign.disabled",
        }
    }
}

impl fmt::Display for RuleCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A starting position with everything around it (BG-1, BG-2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The checkers.
    pub position: Position,
    /// The cube.
    pub cube: Cube,
    /// The player whose turn it is (after the opening roll: its winner).
    pub to_move: Player,
    /// A roll already made, for `to_move` to play.
    pub dice: Option<Roll>,
    /// Whether the game starts with the opening roll (BG-2.3).
    pub opening: bool,
    /// Whether the player on turn has chosen to roll: the dice roll next.
    pub roll_next: bool,
}

impl Setup {
    /// The usual start: standard position, opening roll to come.
    pub fn standard() -> Self {
        Setup {
            position: Position::standard(),
            cube: Cube::CENTRED,
            to_move: Player::White,
            dice: None,
            opening: true,
            roll_next: false,
        }
    }
}

/// What the rules noted about one action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// Who acted.
    pub side: Side,
    /// The action, in canonical spelling.
    pub action: Action,
    /// For a roll: the dice the player now plays (after an opening roll,
    /// both players' dice) and who plays them.
    pub roll: Option<(Roll, Player)>,
    /// For a roll: every legal play of it, canonical, sorted.
    pub plays: Option<Vec<Action>>,
    /// Points where the play hit a blot, in the mover's numbers.
    pub hits: Vec<u8>,
    /// Checkers the play brought in from the bar.
    pub entered: u8,
    /// Checkers the play bore off.
    pub borne_off: u8,
    /// Dice the play could not use (all of them for `pass`).
    pub unused: Vec<u8>,
    /// The cube after the action.
    pub cube: Cube,
    /// Pip counts after the action, white's first.
    pub pips: [u32; 2],
    /// Checkers on the bar after the action, white's first.
    pub bar: [u8; 2],
    /// Checkers borne off after the action, white's first.
    pub off: [u8; 2],
    /// The game after the action.
    pub outcome: Outcome,
    /// The checkers after the action (what `explain --html` draws; the
    /// differential tests compare it too).
    pub position: Position,
}

impl Note {
    /// The note of an action that moved no checker (or before the play's
    /// own observations are filled in): the state after it as the
    /// implementation computed it, the bar and borne-off counts read from
    /// `position`.
    pub fn quiet(
        side: Side,
        action: Action,
        position: Position,
        cube: Cube,
        pips: [u32; 2],
        outcome: Outcome,
    ) -> Note {
        Note {
            side,
            action,
            roll: None,
            plays: None,
            hits: Vec::new(),
            entered: 0,
            borne_off: 0,
            unused: Vec::new(),
            cube,
            pips,
            bar: position.bar,
            off: position.off,
            outcome,
            position,
        }
    }
}

/// The game backgammon (`game: backgammon`) with the doubling cube.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Backgammon;

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

impl Basics for Backgammon {
    fn outcome_clause(outcome: &Outcome) -> Option<&'static str> {
        match outcome {
            Outcome::Ongoing => None,
            Outcome::WhiteWins(w) | Outcome::BlackWins(w) => Some(match w.by {
                WinBy::Single | WinBy::Gammon => "BG-7.2",
                WinBy::Backgammon => "BG-7.3",
                WinBy::Drop => "BG-8.5",
                WinBy::Resign => "BG-9.1",
            }),
        }
    }

    const NAME: &'static str = "backgammon";

    const SEED: &'static str = "seed 004 (Backgammon, Dopplerwürfel)";

    const EXAMPLE_ADAPTER: &'static str = "examples/python-backgammon/adapter.py";

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

    fn spelling_clause() -> Option<&'static str> {
        Some("BG-3.8")
    }
}

impl Wire for Backgammon {
    fn setup_to_wire(setup: &Setup) -> serde_json::Value {
        super::wire::setup_value(setup)
    }

    fn setup_from_wire(value: &serde_json::Value) -> Result<Setup, (String, String)> {
        super::wire::setup(value)
    }

    const STATE_FIELDS: &'static [StateField<Self>] = super::wire::STATE_FIELDS;
}

impl ScenarioParts for Backgammon {
    type SetupSpec = SetupSpec;

    type Annotations = Expectations;

    fn setup_from_spec(spec: &SetupSpec) -> Result<Setup, Located> {
        spec.to_setup()
    }

    /// Everything of [`SetupSpec::to_setup`] but the rules' checks (BG-1.2,
    /// BG-4.4, BG-8.8): a scenario with `refused:` leaves those to the
    /// implementations.
    fn setup_unchecked_from_spec(spec: &SetupSpec) -> Result<Setup, Located> {
        spec.to_setup_unchecked()
    }

    /// The position of BG-1.4, the cube centred, the opening roll to come.
    fn start_setup() -> Option<Setup> {
        Some(Setup::standard())
    }
}

impl Presentation for Backgammon {
    fn describe(note: &Note) -> String {
        super::explain::describe(note)
    }

    fn explain_cell(note: &Note, expected: &Expectations) -> String {
        super::explain::cell(note, expected)
    }

    const SHEET: crate::rules::Sheet = crate::rules::Sheet {
        sides: Some(["white", "black"]),
        ..crate::rules::Sheet::DEFAULT
    };

    fn explain_seat(side: &Side, note: Option<&Note>) -> Option<crate::rules::Seat> {
        super::explain::seat(side, note)
    }

    fn explain_state(note: &Note) -> String {
        super::explain::state(note)
    }

    fn picture(scene: &crate::rules::Scene<'_, Self>) -> Option<String> {
        if scene.refused.is_some() {
            return None;
        }
        Some(super::picture::svg(scene.setup, scene.note()))
    }
}

impl ActionSpace for Backgammon {
    /// 213 steps: an opening roll `(white − 1) × 6 + black − 1` (0–35),
    /// a roll of the 21 larger-die-first (36–56), `pass`, `roll`,
    /// `double`, `take`, `drop`, `resign` (57–62), and one checker moved
    /// by one die, `63 + (from − 1) × 6 + distance − 1` with the bar as
    /// point 25 and off as 0 (63–212). A play is its single-die steps in
    /// the order its listed (canonical) spelling writes them (BG-3.8,
    /// `spec/backgammon/protocol.md`); the hit marks are the position's and
    /// take no index.
    const STEP_COUNT: usize = 36 + 21 + 6 + 25 * 6;

    const MULTI_STEP: bool = true;

    fn action_steps(action: &Action) -> Option<Vec<usize>> {
        let die = |d: u8| usize::from(d).checked_sub(1).filter(|&d| d < 6);
        Some(match action {
            Action::Opening { white, black } => vec![die(*white)? * 6 + die(*black)?],
            Action::Roll(r) => {
                let (high, low) = (die(r.high)?, die(r.low)?);
                vec![36 + high * (high + 1) / 2 + low]
            }
            Action::Pass => vec![57],
            Action::RollDice => vec![58],
            Action::Double => vec![59],
            Action::Take => vec![60],
            Action::Drop => vec![61],
            Action::Resign => vec![62],
            Action::Play(steps) => steps
                .iter()
                .map(|s| {
                    let from = usize::from(s.from).checked_sub(1).filter(|&f| f < 25)?;
                    let distance = die(s.from.checked_sub(s.to)?)?;
                    Some(63 + from * 6 + distance)
                })
                .collect::<Option<Vec<_>>>()?,
        })
    }
}

impl Workloads for Backgammon {
    const MUTANTS: &'static [Mutant<Self>] = super::mutants::ALL;

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

    fn observably_equal(a: &Profile, b: &Profile) -> bool {
        super::mutants::observably_equal(a, b)
    }

    /// Perft as the published anchors count it (`spec/backgammon/perft.yaml`):
    /// each ply sums over the 21 distinct rolls the distinct positions a
    /// play reaches, a roll with no play counting once. Only the checkers
    /// and the side to move matter; the cube and the dice of the setup do
    /// not.
    fn perft(imp: &str, setup: &Setup, profile: &Profile, depth: u32) -> Option<u64> {
        match imp {
            "reference" => Some(super::reference::plays::perft(
                &setup.position,
                setup.to_move,
                depth,
                &profile.faults,
            )),
            "engine" => {
                let board = super::engine::movegen::Board::of(&setup.position, setup.to_move);
                Some(super::engine::movegen::perft(
                    &board,
                    depth,
                    &mut Vec::new(),
                ))
            }
            _ => None,
        }
    }
}

/// The spec files compiled into the binary, by path relative to the repo.
pub const SPEC_FILES: &[(&str, &str)] = &[
    (
        "spec/backgammon/rules.md",
        include_str!("../../../spec/backgammon/rules.md"),
    ),
    (
        "spec/backgammon/ambiguities.md",
        include_str!("../../../spec/backgammon/ambiguities.md"),
    ),
];
