//! Stratego's parts of the scenario format: the setup as piece lists, and
//! the per-move annotations of the seed tables (two-squares counts and
//! marks, combat results, the more-squares chase state).

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::Deserialize;
use serde_saphyr::Spanned;

use crate::rules::{Annotations, Loc, Located};
use crate::scenario::format::Entries;

use super::combat::CombatResult;
use super::game::{Chasers, PlyReport, Stratego};
use super::geometry::Geometry;
use super::piece::{Color, Piece, Rank};
use super::position::{Setup, SetupError};
use super::square::Square;

/// The starting position as piece lists.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SetupSpec {
    /// Board geometry. Default: `standard`.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub board: Option<Spanned<String>>,
    /// Who moves first. Default: red.
    #[serde(default)]
    pub to_move: Option<Color>,
    /// Red pieces: square → rank.
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, Rank>")]
    pub red: PieceMap,
    /// Blue pieces: square → rank.
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, Rank>")]
    pub blue: PieceMap,
}

/// `square: rank` entries in file order, with their locations.
pub type PieceMap = Entries<Spanned<String>>;

impl SetupSpec {
    /// The setup, checked against RP-1 and RP-2; the error points at the
    /// square or rank at fault.
    pub fn to_setup(&self) -> Result<Setup, Located> {
        let located = |at: Loc, message: String| Located { at, message };
        let geometry = match &self.board {
            None => Geometry::standard(),
            Some(b) => Geometry::named(&b.value).ok_or_else(|| {
                located(
                    b.into(),
                    format!(
                        "`{}` is not a board: expected one of {}",
                        b.value,
                        Geometry::NAMES.join(", ")
                    ),
                )
            })?,
        };
        let mut pieces = Vec::new();
        let mut piece_locs = Vec::new();
        for (color, map) in [(Color::Red, &self.red), (Color::Blue, &self.blue)] {
            for (sq, rank) in &map.0 {
                let square: Square = sq
                    .value
                    .parse()
                    .map_err(|e| located(sq.into(), format!("{e}")))?;
                let rank_v: Rank = rank
                    .value
                    .parse()
                    .map_err(|e| located(rank.into(), format!("{e}")))?;
                pieces.push((
                    square,
                    Piece {
                        color,
                        rank: rank_v,
                    },
                ));
                piece_locs.push((Loc::from(sq), Loc::from(rank)));
            }
        }
        let setup = Setup {
            geometry,
            pieces,
            to_move: self.to_move.unwrap_or(Color::Red),
        };
        if let Err(e) = setup.validate() {
            let (sq_at, rank_at) = piece_locs[e.entry()];
            let at = if matches!(e, SetupError::TooMany { .. }) {
                rank_at
            } else {
                sq_at
            };
            return Err(located(at, e.to_string()));
        }
        Ok(setup)
    }
}

/// Whether a move began a two-squares sequence or continued one (the seed
/// tables' "Beginn" / "Fortsetzung").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum SequenceMark {
    /// The move starts a new sequence (TS-2.3).
    Start,
    /// The move continues the player's sequence (TS-2.2).
    Continue,
}

/// What must be observed after a Stratego move, beside its legality and the
/// outcome. Every field is optional: only what is given is checked.
#[derive(Clone, Debug, Default, JsonSchema)]
pub struct Expectations {
    /// Two-squares count after the move (the seed tables' 1x … 5x).
    pub two_squares: Option<u32>,
    /// Whether the move starts or continues a two-squares sequence.
    pub sequence: Option<SequenceMark>,
    /// Result of the attack this move makes.
    pub combat: Option<CombatResult>,
    /// The seed tables' more-squares mark ("ununterbr. Verfolg. >2 Felder",
    /// MS-9.1): `true` when the move keeps a continuous chase going whose
    /// threats have covered more than two squares.
    pub chase: Option<bool>,
    /// Who is chasing once the move is played (MS-4): none, red, blue, both.
    pub chasers: Option<Chasers>,
    /// Whether the move is a chasing move under the profile (MS-5).
    pub chasing_move: Option<bool>,
    /// Whether the move evades the opponent's last threat (MS-3).
    pub evades: Option<bool>,
    /// Squares of the opponent pieces the move threatens, in any order (MS-2).
    pub threatens: Option<Vec<String>>,
    /// For a chasing move allowed only by the exception (MS-8): the ply after
    /// which the position it recreates first stood (0: the start).
    pub repeats: Option<usize>,
}

impl Annotations<Stratego> for Expectations {
    crate::annotation_fields! {
        "two_squares" => two_squares,
        "sequence" => sequence,
        "combat" => combat,
        "chase" => chase,
        "chasers" => chasers,
        "chasing_move" => chasing_move,
        "evades" => evades,
        "threatens" => threatens,
        "repeats" => repeats,
    }

    fn check(&self) -> Result<(), String> {
        for sq in self.threatens.as_deref().unwrap_or_default() {
            sq.parse::<Square>()
                .map_err(|e| format!("in `threatens`: {e}"))?;
        }
        Ok(())
    }

    fn compare(&self, report: &PlyReport, fail: &mut dyn FnMut(String)) {
        if let Some(want) = self.two_squares {
            let got = report.two_squares.as_ref().map(|n| n.count);
            if got != Some(want) {
                fail(format!(
                    "two_squares expected {want}, got {}",
                    got.map_or("none".into(), |g| g.to_string())
                ));
            }
        }
        if let Some(want) = self.sequence {
            let got = report.two_squares.as_ref().map(|n| {
                if n.starts {
                    SequenceMark::Start
                } else {
                    SequenceMark::Continue
                }
            });
            if got != Some(want) {
                fail(format!("sequence expected {want:?}, got {got:?}"));
            }
        }
        if let Some(want) = self.combat {
            let got = report.combat.map(|c| c.1);
            if got != Some(want) {
                fail(format!("combat expected {want:?}, got {got:?}"));
            }
        }
        self.compare_chase(report, fail);
    }
}

impl Expectations {
    /// Compares the more-squares expectations with the move's chase note
    /// (absent when the profile has the rule switched off).
    fn compare_chase(&self, report: &PlyReport, fail: &mut dyn FnMut(String)) {
        let note = report.chase.as_ref();
        let show = |v: Option<String>| v.unwrap_or_else(|| "no chase note".into());
        // The plain fields of the note: the expectation, when given, must equal it.
        let mut same = |field: &str, want: Option<String>, got: Option<String>| {
            if let Some(want) = want
                && got.as_ref() != Some(&want)
            {
                fail(format!("{field} expected {want}, got {}", show(got)));
            }
        };
        same(
            "chase mark",
            self.chase.map(|w| w.to_string()),
            note.map(|n| n.mark.to_string()),
        );
        same(
            "chasers",
            self.chasers.map(|w| w.to_string()),
            note.map(|n| n.chasers.to_string()),
        );
        same(
            "chasing_move",
            self.chasing_move.map(|w| w.to_string()),
            note.map(|n| n.chasing_move.to_string()),
        );
        same(
            "evades",
            self.evades.map(|w| w.to_string()),
            note.map(|n| n.evades.to_string()),
        );
        if let Some(want) = &self.threatens {
            let mut want = want.clone();
            want.sort();
            let got = note.map(|n| {
                let mut t = n.threatens.clone();
                t.sort();
                t
            });
            if got.as_ref() != Some(&want) {
                fail(format!(
                    "threatens expected {want:?}, got {}",
                    show(got.map(|g| format!("{g:?}")))
                ));
            }
        }
        if let Some(want) = self.repeats {
            let got = note.map(|n| n.repeats);
            if got != Some(Some(want)) {
                fail(format!(
                    "repeats expected ply {want}, got {}",
                    show(got.map(|g| g.map_or("no repeat".into(), |p| format!("ply {p}"))))
                ));
            }
        }
    }
}
