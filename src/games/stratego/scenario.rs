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
use super::profile::Profile;
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

    fn compare(&self, report: &PlyReport, profile: &Profile, fail: &mut dyn FnMut(String)) {
        // A rule the profile switches off notes nothing, so its annotations
        // have nothing to hold against: what is checked instead is that
        // nothing was noted for it.
        if !profile.two_squares.enabled {
            if (self.two_squares.is_some() || self.sequence.is_some())
                && let Some(n) = &report.two_squares
            {
                fail(format!(
                    "profile {} has no two-squares rule, yet a count was noted ({}x)",
                    profile.name, n.count
                ));
            }
        } else {
            self.compare_two_squares(report, fail);
        }
        if let Some(want) = self.combat {
            let got = report.combat.map(|c| c.1);
            if got != Some(want) {
                fail(format!("combat expected {want:?}, got {got:?}"));
            }
        }
        if !profile.more_squares.enabled {
            if self.states_chase() && report.chase.is_some() {
                fail(format!(
                    "profile {} has no more-squares rule, yet a chase note was made",
                    profile.name
                ));
            }
        } else {
            self.compare_chase(report, fail);
        }
    }
}

impl Expectations {
    /// Whether any more-squares annotation is given.
    fn states_chase(&self) -> bool {
        self.chase.is_some()
            || self.chasers.is_some()
            || self.chasing_move.is_some()
            || self.evades.is_some()
            || self.threatens.is_some()
            || self.repeats.is_some()
    }

    /// Compares the two-squares expectations with the move's count.
    fn compare_two_squares(&self, report: &PlyReport, fail: &mut dyn FnMut(String)) {
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
    }

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

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::rules::Rules;

    /// The note of B2-B3 under isf: a two-squares count of 1 and a chase
    /// note (the colonel threatens the major on B4).
    fn noted_under_isf() -> PlyReport {
        let text = "game: stratego\nid: t/x\ntitle: t\nsource: s\nclauses: [RP-1.1]\nsetup:\n  red: {B2: colonel}\n  blue: {B4: major}\n";
        let s = crate::scenario::load::parse::<Stratego>(Path::new("t.yaml"), text).unwrap();
        let mut g = Stratego::reference()
            .start(&s.setup, &Profile::isf())
            .unwrap();
        let note = g.play(&"B2-B3".parse().unwrap()).unwrap();
        assert!(note.two_squares.is_some() && note.chase.is_some());
        note
    }

    fn failures(exp: &Expectations, note: &PlyReport, profile: &Profile) -> Vec<String> {
        let mut out = Vec::new();
        exp.compare(note, profile, &mut |m| out.push(m));
        out
    }

    #[test]
    fn a_rule_the_profile_lacks_must_note_nothing() {
        let note = noted_under_isf();
        let exp = Expectations {
            two_squares: Some(1),
            sequence: Some(SequenceMark::Start),
            threatens: Some(vec!["B4".into()]),
            ..Default::default()
        };
        assert!(failures(&exp, &note, &Profile::isf()).is_empty());
        // An implementation that notes a count or a chase under a profile
        // without the rule fails, whatever the stated values.
        let wrong = failures(&exp, &note, &Profile::play_only());
        assert_eq!(wrong.len(), 2, "{wrong:?}");
        assert!(wrong[0].contains("no two-squares rule"), "{wrong:?}");
        assert!(wrong[1].contains("no more-squares rule"), "{wrong:?}");
        let jumbo = failures(&exp, &note, &Profile::jumbo_original());
        assert_eq!(jumbo.len(), 1, "{jumbo:?}");
        // Noting nothing is what a profile without the rules does.
        let quiet = PlyReport {
            two_squares: None,
            chase: None,
            ..note
        };
        assert!(failures(&exp, &quiet, &Profile::play_only()).is_empty());
        // Under a profile with the rules, the missing notes fail.
        assert_eq!(failures(&exp, &quiet, &Profile::isf()).len(), 3);
    }
}
