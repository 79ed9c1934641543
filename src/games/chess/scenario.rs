//! Chess's parts of the scenario format: the setup as a FEN, and the
//! per-move annotations (check, capture, half-move clock, repetition count,
//! claimable draws).

use schemars::JsonSchema;
use serde::Deserialize;
use serde_saphyr::Spanned;

use crate::rules::{Annotations, Held, Loc, Located, ScenarioParts};

use super::action::ClaimKind;
use super::game::{Chess, Note};
use super::position::Position;
use super::profile::Profile;

/// The starting position.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct SetupSpec {
    /// The position as FEN (CH-1.1): six fields, or four without the
    /// clocks. Default: the initial position. Repetition counts positions
    /// from this one on (CH-6.3).
    #[schemars(with = "Option<String>")]
    pub fen: Option<Spanned<String>>,
}

/// What must be observed after a chess action; every field optional.
#[derive(Clone, Debug, Default, JsonSchema)]
pub struct Expectations {
    /// Whether the side to move afterwards is in check (CH-3.1).
    pub check: Option<bool>,
    /// Whether the move captured (CH-2.1, en passant included).
    pub capture: Option<bool>,
    /// The half-move clock afterwards (CH-8.1).
    pub halfmove_clock: Option<u32>,
    /// How many times the position afterwards has stood since the setup,
    /// this time included (CH-6.3).
    pub repetitions: Option<u32>,
    /// The claims the side to move afterwards could make about the position
    /// as it stands, in any order (CH-9); `[]` for none.
    pub claimable: Option<Vec<ClaimKind>>,
}

impl Annotations<Chess> for Expectations {
    crate::annotation_fields!(check, capture, halfmove_clock, repetitions, claimable);

    fn compare(&self, note: &Note, _profile: &Profile, fail: &mut dyn FnMut(String)) {
        let mut held = Held::new(fail);
        held.same("check", self.check, note.check);
        held.same("capture", self.capture, note.capture);
        held.same("halfmove_clock", self.halfmove_clock, note.halfmove_clock);
        held.same("repetitions", self.repetitions, note.repetitions);
        // A claim named twice is one claim.
        let mut claimable: Vec<&str> = note.claimable.iter().map(|k| k.name()).collect();
        claimable.sort();
        claimable.dedup();
        let want = self.claimable.as_ref().map(|l| {
            let mut v: Vec<&str> = l.iter().map(|k| k.name()).collect();
            v.sort();
            v.dedup();
            v
        });
        held.same_set("claimable", want, claimable);
    }
}

impl ScenarioParts for Chess {
    type SetupSpec = SetupSpec;

    type Annotations = Expectations;

    /// The position, checked against CH-1.2.
    fn setup_from_spec(spec: &SetupSpec) -> Result<Position, Located> {
        match &spec.fen {
            None => Ok(Position::start()),
            Some(f) => Position::from_fen(&f.value).map_err(|message| Located {
                at: Loc::from(f),
                message,
            }),
        }
    }
}
