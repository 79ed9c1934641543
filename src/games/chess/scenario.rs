//! Chess's parts of the scenario format: the setup as a FEN, and the
//! per-move annotations (check, capture, half-move clock, repetition count,
//! claimable draws).

use schemars::JsonSchema;
use serde::Deserialize;
use serde_saphyr::Spanned;

use crate::rules::{Annotations, Loc, Located, ScenarioParts};

use super::action::ClaimKind;
use super::game::{Chess, Note};
use super::position::Position;
use super::profile::Profile;

/// The starting position.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SetupSpec {
    /// The position as FEN (CH-1.1): six fields, or four without the
    /// clocks. Default: the initial position. Repetition counts positions
    /// from this one on (CH-6.3).
    #[serde(default)]
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
    crate::annotation_fields! {
        "check" => check,
        "capture" => capture,
        "halfmove_clock" => halfmove_clock,
        "repetitions" => repetitions,
        "claimable" => claimable,
    }

    fn compare(&self, note: &Note, _profile: &Profile, fail: &mut dyn FnMut(String)) {
        let mut same = |field: &str, want: Option<String>, got: String| {
            if let Some(want) = want
                && want != got
            {
                fail(format!("{field} expected {want}, got {got}"));
            }
        };
        same(
            "check",
            self.check.map(|b| b.to_string()),
            note.check.to_string(),
        );
        same(
            "capture",
            self.capture.map(|b| b.to_string()),
            note.capture.to_string(),
        );
        same(
            "halfmove_clock",
            self.halfmove_clock.map(|n| n.to_string()),
            note.halfmove_clock.to_string(),
        );
        same(
            "repetitions",
            self.repetitions.map(|n| n.to_string()),
            note.repetitions.to_string(),
        );
        let list = |l: &[ClaimKind]| {
            let mut v: Vec<&str> = l.iter().map(|k| k.name()).collect();
            v.sort();
            v.dedup();
            format!("[{}]", v.join(", "))
        };
        same(
            "claimable",
            self.claimable.as_deref().map(list),
            list(&note.claimable),
        );
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
