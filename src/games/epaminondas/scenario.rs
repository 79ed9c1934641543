//! Epaminondas's parts of the scenario format: the setup as square lists,
//! and the per-move annotations (stones moved, captures, crossings, leader).

use schemars::JsonSchema;
use serde::Deserialize;
use serde_saphyr::Spanned;

use crate::rules::annotations::each_reads;
use crate::rules::{Annotations, Held, Loc, Located, ScenarioParts, located};

use super::board::{Side, Size, Square};
use super::game::{Crossings, Epaminondas, Note};
use super::profile::Profile;
use super::setup::{Setup, SetupError};

/// The starting position.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct SetupSpec {
    /// The board (EP-1.1): `14x12` (default) or `8x8`.
    #[schemars(with = "Option<Size>")]
    pub board: Option<Spanned<String>>,
    /// `standard`: the opening array of EP-1.4 (two full rows each); then
    /// `white` and `black` must be left out.
    #[schemars(with = "Option<StartName>")]
    pub start: Option<Spanned<String>>,
    /// Who moves first. Default: white.
    pub to_move: Option<Side>,
    /// White's stones, as squares.
    #[schemars(with = "Vec<String>")]
    pub white: Vec<Spanned<String>>,
    /// Black's stones, as squares.
    #[schemars(with = "Vec<String>")]
    pub black: Vec<Spanned<String>>,
}

/// The names `start:` takes, for the schema.
#[derive(JsonSchema)]
#[serde(rename_all = "kebab-case")]
#[allow(dead_code)]
enum StartName {
    /// Two full rows in front of each player.
    Standard,
}

impl ScenarioParts for Epaminondas {
    type SetupSpec = SetupSpec;

    type Annotations = Expectations;

    /// The setup, checked against EP-1; errors point at the value at fault.
    fn setup_from_spec(spec: &SetupSpec) -> Result<Setup, Located> {
        let size = match &spec.board {
            None => Size::Standard,
            Some(b) => Size::named(&b.value).ok_or_else(|| {
                located(
                    b.into(),
                    format!(
                        "`{}` is not a board: expected one of {}",
                        b.value,
                        Size::NAMES.join(", ")
                    ),
                )
            })?,
        };
        let to_move = spec.to_move.unwrap_or(Side::White);
        if let Some(start) = &spec.start {
            if start.value != "standard" {
                return Err(located(
                    start.into(),
                    format!("`{}` is not a start: expected standard", start.value),
                ));
            }
            if !spec.white.is_empty() || !spec.black.is_empty() {
                return Err(located(
                    start.into(),
                    "`start: standard` places every stone: leave `white` and `black` out".into(),
                ));
            }
            return Ok(Setup {
                to_move,
                ..Setup::standard(size)
            });
        }
        let read = |list: &[Spanned<String>]| -> Result<Vec<Square>, Located> {
            list.iter()
                .map(|s| s.value.parse::<Square>().map_err(|e| located(s.into(), e)))
                .collect()
        };
        let setup = Setup {
            size,
            white: read(&spec.white)?,
            black: read(&spec.black)?,
            to_move,
        };
        if let Err(e) = setup.validate() {
            let (side, i) = e.entry();
            let at = match side {
                Side::White => Loc::from(&spec.white[i]),
                Side::Black => Loc::from(&spec.black[i]),
            };
            let _: &SetupError = &e;
            return Err(located(at, e.to_string()));
        }
        Ok(setup)
    }

    /// The opening array of EP-1.4 on the page's 14 × 12 board.
    fn start_setup() -> Option<Setup> {
        Some(Setup::standard(Size::Standard))
    }
}

/// Who leads in crossings after a move (EP-5.1): the seed's "who is winning".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Leader {
    /// White has more stones on Black's home row than Black on White's.
    White,
    /// The other way round.
    Black,
    /// Equal counts.
    None,
}

impl Leader {
    fn of(side: Option<Side>) -> Leader {
        match side {
            Some(Side::White) => Leader::White,
            Some(Side::Black) => Leader::Black,
            None => Leader::None,
        }
    }
}

/// What must be observed after a move, beside its legality and the
/// outcome. Every field is optional: only what is given is checked.
#[derive(Clone, Debug, Default, JsonSchema)]
pub struct Expectations {
    /// How many stones moved (EP-3.3).
    pub count: Option<u8>,
    /// How many squares they moved (EP-3.2).
    pub distance: Option<u8>,
    /// The enemy stones the move removed, in any order (EP-4.3); `[]` for
    /// none.
    pub captures: Option<Vec<String>>,
    /// Stones on the opponent's home row after the move (EP-5.1).
    pub crossings: Option<Crossings>,
    /// Who leads in crossings after the move.
    pub leader: Option<Leader>,
    /// Whether a moving stone came onto the opponent's home row, landing on
    /// it from off it (EP-6.2: the moves the symmetry rule looks at).
    pub enters: Option<bool>,
}

impl Annotations<Epaminondas> for Expectations {
    crate::annotation_fields!(count, distance, captures, crossings, leader, enters);

    fn check(&self) -> Result<(), String> {
        each_reads::<Square>("captures", self.captures.iter().flatten())
    }

    fn compare(&self, note: &Note, _profile: &Profile, fail: &mut dyn FnMut(String)) {
        let mut held = Held::new(fail);
        held.same("count", self.count, note.count);
        held.same("distance", self.distance, note.distance);
        held.same("enters", self.enters, note.enters_home_row);
        let squares = |v: &Vec<String>| v.iter().filter_map(|s| s.parse::<Square>().ok()).collect();
        held.same_set(
            "captures",
            self.captures.as_ref().map(squares),
            note.captures.clone(),
        );
        let fail = held.fail();
        if let Some(want) = self.crossings
            && want != note.crossings
        {
            fail(format!(
                "crossings expected white {} black {}, got white {} black {}",
                want.white, want.black, note.crossings.white, note.crossings.black
            ));
        }
        if let Some(want) = self.leader {
            let got = Leader::of(note.crossings.leader());
            if want != got {
                fail(format!("leader expected {want:?}, got {got:?}").to_lowercase());
            }
        }
    }
}
