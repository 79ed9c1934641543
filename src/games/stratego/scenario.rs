//! Stratego's parts of the scenario format: the setup as piece lists, and
//! the per-move annotations of the seed tables (two-squares counts and
//! marks, combat results, the more-squares chase state).

use std::collections::BTreeMap;
use std::fmt;
use std::marker::PhantomData;

use schemars::JsonSchema;
use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Deserializer};
use serde_saphyr::Spanned;

use crate::rng::SplitMix;
use crate::rules::annotations::each_reads;
use crate::rules::yaml::Entries;
use crate::rules::{Annotations, Loc, Located, ScenarioParts, located, not_one_of};

use super::army::Army;
use super::combat::CombatResult;
use super::game::{Chasers, PlyReport, Stratego};
use super::geometry::Geometry;
use super::piece::{Color, Piece, Rank};
use super::position::{Setup, SetupError};
use super::profile::Profile;
use super::square::Square;
use super::variant::Variant;
use super::workload::driver::full_setup;

/// The starting position as piece lists, on a board and with an army.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct SetupSpec {
    /// Board geometry (RP-1.6): a name (`standard`, `quick-8x8`) or a
    /// board written out as `{files, ranks, lakes}`. Default: `standard`.
    #[schemars(with = "Option<BoardSchema>")]
    pub board: Option<Spanned<BoardSpec>>,
    /// The army each player's pieces are counted against (RP-2.2, RP-2.4):
    /// a name (`standard`, `barrage`, `quick`) or counts per rank like
    /// `{marshal: 1, scout: 3, flag: 1}`. Default: the board's own army
    /// (`quick` on `quick-8x8`, `standard` otherwise).
    #[schemars(with = "Option<ArmySchema>")]
    pub army: Option<Spanned<ArmySpec>>,
    /// Who moves first. Default: red.
    pub to_move: Option<Color>,
    /// Red pieces: square → rank.
    #[schemars(with = "BTreeMap<String, Rank>")]
    pub red: PieceMap,
    /// Blue pieces: square → rank.
    #[schemars(with = "BTreeMap<String, Rank>")]
    pub blue: PieceMap,
}

/// `square: rank` entries in file order, with their locations.
pub type PieceMap = Entries<Spanned<String>>;

/// A value written either as a name or spelled out as a mapping.
#[derive(Debug)]
pub enum NameOr<T> {
    /// A name, looked up later.
    Name(String),
    /// The mapping form.
    Spelled(T),
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for NameOr<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit<T>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for Visit<T> {
            type Value = NameOr<T>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a name or a mapping")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
                Ok(NameOr::Name(v.to_string()))
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
                T::deserialize(de::value::MapAccessDeserializer::new(map)).map(NameOr::Spelled)
            }
        }
        d.deserialize_any(Visit(PhantomData))
    }
}

/// `board:` in a setup: a named board or a custom one.
pub type BoardSpec = NameOr<CustomBoard>;

/// `army:` in a setup: a named army or counts per rank.
pub type ArmySpec = NameOr<Entries<Spanned<u8>>>;

/// A board written out (RP-1.6): its size and its lakes.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CustomBoard {
    /// Number of files (columns), lettered from `A`.
    pub files: Spanned<u8>,
    /// Number of ranks (rows), numbered from 1.
    pub ranks: Spanned<u8>,
    /// Lake squares.
    #[serde(default)]
    pub lakes: Vec<Spanned<String>>,
}

/// The schema of `board:` (the type that reads it keeps locations).
#[derive(JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)]
enum BoardSchema {
    /// A named board.
    Name(BoardName),
    /// A custom board.
    Custom(CustomBoardSchema),
}

/// The names of [`Geometry::NAMES`], for the schema.
#[derive(JsonSchema)]
#[serde(rename_all = "kebab-case")]
#[allow(dead_code)]
enum BoardName {
    /// 10×10, lakes C5 D5 C6 D6 G5 H5 G6 H6.
    Standard,
    /// 8×8, lakes C4 C5 F4 F5.
    #[serde(rename = "quick-8x8")]
    Quick8x8,
}

/// The names of [`Army::NAMES`], for the schema.
#[derive(JsonSchema)]
#[serde(rename_all = "kebab-case")]
#[allow(dead_code)]
enum ArmyName {
    /// The ISF army of 40 pieces.
    Standard,
    /// Barrage: 8 pieces.
    Barrage,
    /// The 8×8 quick game: 10 pieces.
    Quick,
}

/// The schema of a custom board.
#[derive(JsonSchema)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct CustomBoardSchema {
    /// Number of files, 1 to 26.
    files: u8,
    /// Number of ranks, 1 to 26.
    ranks: u8,
    /// Lake squares.
    #[serde(default)]
    lakes: Vec<String>,
}

/// The schema of `army:`.
#[derive(JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)]
enum ArmySchema {
    /// A named army.
    Name(ArmyName),
    /// Counts per rank; a rank left out counts 0.
    Counts(ArmyCountsSchema),
}

/// The schema of an army written out rank by rank.
#[derive(Default, JsonSchema)]
#[serde(default, deny_unknown_fields)]
#[allow(dead_code)]
struct ArmyCountsSchema {
    marshal: u8,
    general: u8,
    colonel: u8,
    major: u8,
    captain: u8,
    lieutenant: u8,
    sergeant: u8,
    miner: u8,
    scout: u8,
    spy: u8,
    bomb: u8,
    flag: u8,
}

impl SetupSpec {
    /// The board of the setup, checked against RP-1.6.
    fn geometry(&self) -> Result<Geometry, Located> {
        let Some(b) = &self.board else {
            return Ok(Geometry::standard());
        };
        match &b.value {
            NameOr::Name(name) => Geometry::named(name).ok_or_else(|| {
                let or = "a board written out as {files, ranks, lakes}";
                located(
                    b.into(),
                    not_one_of(name, "a board", Geometry::NAMES, Some(or)),
                )
            }),
            NameOr::Spelled(c) => {
                let mut lakes = Vec::new();
                for lake in &c.lakes {
                    lakes.push(
                        lake.value
                            .parse::<Square>()
                            .map_err(|e| located(lake.into(), format!("{e}")))?,
                    );
                }
                Geometry::custom(c.files.value, c.ranks.value, lakes).map_err(|(i, m)| {
                    let at = match i {
                        Some(i) => Loc::from(&c.lakes[i]),
                        None if (1..=Geometry::MAX_SIDE).contains(&c.files.value) => {
                            Loc::from(&c.ranks)
                        }
                        None => Loc::from(&c.files),
                    };
                    located(at, m)
                })
            }
        }
    }

    /// The army of the setup (RP-2.4): named, written out, or the board's.
    fn army(&self, geometry: &Geometry) -> Result<Army, Located> {
        let Some(a) = &self.army else {
            return Ok(Army::default_for(geometry));
        };
        match &a.value {
            NameOr::Name(name) => Army::named(name).ok_or_else(|| {
                let or = "counts per rank like {marshal: 1, scout: 2, flag: 1}";
                located(a.into(), not_one_of(name, "an army", Army::NAMES, Some(or)))
            }),
            NameOr::Spelled(counts) => {
                let mut out = Vec::new();
                for (rank, n) in &counts.0 {
                    let r: Rank = rank
                        .value
                        .parse()
                        .map_err(|e| located(rank.into(), format!("{e}")))?;
                    out.push((r, n.value));
                }
                Ok(Army::custom(out))
            }
        }
    }
}

impl ScenarioParts for Stratego {
    type SetupSpec = SetupSpec;

    type Annotations = Expectations;

    /// The setup, checked against RP-1 and RP-2; the error points at the
    /// board, army, square or rank at fault.
    fn setup_from_spec(spec: &SetupSpec) -> Result<Setup, Located> {
        let geometry = spec.geometry()?;
        let army = spec.army(&geometry)?;
        let mut pieces = Vec::new();
        let mut piece_locs = Vec::new();
        for (color, map) in [(Color::Red, &spec.red), (Color::Blue, &spec.blue)] {
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
            army,
            pieces,
            to_move: spec.to_move.unwrap_or(Color::Red),
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

    /// Stratego has no start position (each player places their army,
    /// RP-1.3): "start" is one fixed placement of the standard game, both
    /// armies shuffled over their home ranks by seed 1.
    fn start_setup() -> Option<Setup> {
        Some(full_setup(&mut SplitMix(1), Variant::Standard))
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
    crate::annotation_fields!(
        two_squares,
        sequence,
        combat,
        chase,
        chasers,
        chasing_move,
        evades,
        threatens,
        repeats
    );

    fn check(&self) -> Result<(), String> {
        each_reads::<Square>("threatens", self.threatens.iter().flatten())
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
        for (field, want, got) in [
            ("chase mark", text(self.chase), text(note.map(|n| &n.mark))),
            (
                "chasers",
                text(self.chasers),
                text(note.map(|n| &n.chasers)),
            ),
            (
                "chasing_move",
                text(self.chasing_move),
                text(note.map(|n| &n.chasing_move)),
            ),
            ("evades", text(self.evades), text(note.map(|n| &n.evades))),
        ] {
            same(field, want, got);
        }
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

/// A value's text, if any.
fn text<T: ToString>(v: Option<T>) -> Option<String> {
    v.map(|v| v.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Basics, ScenarioParts};

    /// The note of B2-B3 under isf: a two-squares count of 1 and a chase
    /// note (the colonel threatens the major on B4).
    fn noted_under_isf() -> PlyReport {
        let text = "red: {B2: colonel}\nblue: {B4: major}\n";
        let spec: SetupSpec = serde_saphyr::from_str(text).unwrap();
        let setup = Stratego::setup_from_spec(&spec).unwrap();
        let mut g = Stratego::reference()
            .start(&setup, &Profile::isf())
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

    /// The names the schema offers are the names the loader accepts.
    #[test]
    fn schema_names_match_the_named_boards_and_armies() {
        let names = |schema: schemars::Schema| -> Vec<String> {
            let v = serde_json::to_value(schema).unwrap();
            let mut out: Vec<String> = v["oneOf"]
                .as_array()
                .map(|alts| alts.iter().map(|a| a["const"].clone()).collect())
                .or_else(|| v["enum"].as_array().cloned())
                .unwrap_or_default()
                .into_iter()
                .filter_map(|n| n.as_str().map(str::to_string))
                .collect();
            out.sort();
            out
        };
        let mut boards: Vec<String> = Geometry::NAMES.iter().map(|s| s.to_string()).collect();
        let mut armies: Vec<String> = Army::NAMES.iter().map(|s| s.to_string()).collect();
        boards.sort();
        armies.sort();
        assert_eq!(names(schemars::schema_for!(BoardName)), boards);
        assert_eq!(names(schemars::schema_for!(ArmyName)), armies);
    }
}
