//! Dame's parts of the scenario format: the setup as square maps and the
//! per-action annotations (captured stones, crowning, huffing).

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::Deserialize;
use serde_saphyr::Spanned;

use crate::rules::annotations::each_reads;
use crate::rules::yaml::Entries;
use crate::rules::{Annotations, Loc, Located, ScenarioParts, located};

use super::board::{Kind, Setup, Side, Square, Stone};
use super::game::{Dame, Note};
use super::profile::{CaptureRule, Profile};

/// The starting position.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct SetupSpec {
    /// `true`: the starting position of DA-1.2 (twelve men each); `white`
    /// and `black` must then be left out.
    #[schemars(with = "Option<bool>")]
    pub start: Option<Spanned<bool>>,
    /// Who moves first. Default: the profile's (`first`; white under
    /// `seed-004`, black under `english`).
    pub to_move: Option<Side>,
    /// White stones: square → `man` or `dame`.
    #[schemars(with = "BTreeMap<String, Kind>")]
    pub white: Entries<Spanned<String>>,
    /// Black stones: square → `man` or `dame`.
    #[schemars(with = "BTreeMap<String, Kind>")]
    pub black: Entries<Spanned<String>>,
}

/// What must be observed after a Dame action. Only what is given is checked.
#[derive(Clone, Debug, Default, JsonSchema)]
pub struct Expectations {
    /// The squares of the stones the move captured, in the order jumped.
    pub captures: Option<Vec<String>>,
    /// Whether the moving man was crowned.
    pub crowned: Option<bool>,
    /// The stones the side now to act may huff, in any order (`[]`: none).
    pub huffable: Option<Vec<String>>,
    /// For a huff: the square of the stone removed.
    pub huffed: Option<String>,
}

impl Annotations<Dame> for Expectations {
    crate::annotation_fields!(captures, crowned, huffable, huffed);

    fn check(&self) -> Result<(), String> {
        each_reads::<Square>("captures", self.captures.iter().flatten())?;
        each_reads::<Square>("huffable", self.huffable.iter().flatten())?;
        each_reads::<Square>("huffed", &self.huffed)
    }

    fn compare(&self, note: &Note, profile: &Profile, fail: &mut dyn FnMut(String)) {
        let squares = |v: &[String]| -> Vec<String> {
            v.iter()
                .filter_map(|s| s.parse::<Square>().ok())
                .map(|s| s.to_string())
                .collect()
        };
        let got_caps: Vec<String> = note.captures.iter().map(|s| s.to_string()).collect();
        if let Some(want) = &self.captures
            && squares(want) != got_caps
        {
            fail(format!(
                "captures expected [{}], got [{}]",
                squares(want).join(", "),
                got_caps.join(", ")
            ));
        }
        if let Some(want) = self.crowned
            && want != note.crowned
        {
            fail(format!("crowned expected {want}, got {}", note.crowned));
        }
        let got_huff = note.huffed.map(|s| s.to_string());
        if let Some(want) = &self.huffed {
            let want = want.parse::<Square>().map(|s| s.to_string()).ok();
            if want != got_huff {
                fail(format!(
                    "huffed expected {}, got {}",
                    want.unwrap_or_default(),
                    got_huff.unwrap_or_else(|| "nothing".into())
                ));
            }
        }
        let mut got: Vec<String> = note.huffable.iter().map(|s| s.to_string()).collect();
        got.sort();
        if profile.capture != CaptureRule::Huffing {
            // No huffing under this profile: nothing may be noted.
            if self.huffable.is_some() && !got.is_empty() {
                fail(format!(
                    "profile {} has no huffing, yet stones were noted huffable: {}",
                    profile.name,
                    got.join(", ")
                ));
            }
        } else if let Some(want) = &self.huffable {
            let mut want = squares(want);
            want.sort();
            if want != got {
                fail(format!(
                    "huffable expected [{}], got [{}]",
                    want.join(", "),
                    got.join(", ")
                ));
            }
        }
    }
}

impl ScenarioParts for Dame {
    type SetupSpec = SetupSpec;

    type Annotations = Expectations;

    /// The setup, checked against DA-1; the error points at the entry.
    fn setup_from_spec(spec: &SetupSpec) -> Result<Setup, Located> {
        if let Some(start) = &spec.start
            && start.value
        {
            if let Some((sq, _)) = spec.white.0.first().or(spec.black.0.first()) {
                return Err(located(
                    sq.into(),
                    "`start: true` is the whole starting position: leave `white` and `black` out"
                        .into(),
                ));
            }
            let mut s = Setup::start();
            s.to_move = spec.to_move;
            return Ok(s);
        }
        let mut stones = Vec::new();
        let mut locs = Vec::new();
        for (side, map) in [(Side::White, &spec.white), (Side::Black, &spec.black)] {
            for (sq, kind) in &map.0 {
                let square: Square = sq.value.parse().map_err(|e| located(sq.into(), e))?;
                let kind: Kind = kind.value.parse().map_err(|e| located(kind.into(), e))?;
                stones.push((square, Stone { side, kind }));
                locs.push(Loc::from(sq));
            }
        }
        let setup = Setup {
            stones,
            to_move: spec.to_move,
        };
        setup.validate().map_err(|(i, m)| located(locs[i], m))?;
        Ok(setup)
    }

    /// The position of DA-1.2 (an empty scenario `setup:` is an empty
    /// board).
    fn start_setup() -> Option<Setup> {
        Some(Setup::start())
    }
}
