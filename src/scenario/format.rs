//! The scenario file format, as serde types. `spec/scenario-format.md`
//! documents it; `spec/scenario.schema.json` is generated from these types.
//!
//! Values that later checks may reject (squares, moves, names) are kept as
//! [`Spanned`] text so each error can name its line and column.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Deserializer};
use serde_saphyr::Spanned;

use crate::games::stratego::combat::CombatResult;
use crate::games::stratego::game::{Chasers, Outcome};
use crate::games::stratego::piece::{Color, Rank};
use crate::games::stratego::verdict::RuleCode;

/// One scenario file.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    /// Stable identifier, never renumbered or reused (lower-case words and
    /// digits joined by `-`, optionally grouped with `/`).
    #[schemars(with = "String")]
    pub id: Spanned<String>,
    /// One line saying what the scenario shows.
    pub title: String,
    /// Where it comes from: seed file name and example number, an ISF
    /// article, or `edge case`.
    pub source: String,
    /// Spec clauses the scenario covers (`RP-5.1`, `TS-4.1`, …).
    #[schemars(with = "Vec<String>")]
    pub clauses: Vec<Spanned<String>>,
    /// Rule profiles to run under; the first is the one the plain
    /// expectations describe. Default: `[isf]`.
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    pub profiles: Option<Vec<Spanned<String>>>,
    /// Board geometry. Default: `standard`.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub board: Option<Spanned<String>>,
    /// How the source diagram sits on the board, and which pieces were added
    /// to make the position work.
    #[serde(default)]
    pub placement: Option<String>,
    /// The starting position.
    pub setup: SetupSpec,
    /// The moves played, each with what must be observed after it.
    #[serde(default)]
    pub moves: Vec<MoveEntry>,
    /// Candidate next moves after the last listed move, with their verdicts.
    #[serde(default)]
    pub probes: Vec<ProbeEntry>,
    /// The outcome expected after the last listed move.
    #[serde(default)]
    pub result: Option<Outcome>,
    /// Free text for readers.
    #[serde(default)]
    pub notes: Option<String>,
}

/// The starting position as piece lists.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SetupSpec {
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

/// A YAML mapping kept as located key/value pairs in file order. Duplicate
/// keys never reach this type: the YAML reader rejects them.
#[derive(Debug)]
pub struct Entries<V>(pub Vec<(Spanned<String>, V)>);

impl<V> Default for Entries<V> {
    fn default() -> Self {
        Entries(Vec::new())
    }
}

impl<'de, V: Deserialize<'de>> Deserialize<'de> for Entries<V> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit<V>(std::marker::PhantomData<V>);
        impl<'de, V: Deserialize<'de>> serde::de::Visitor<'de> for Visit<V> {
            type Value = Entries<V>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a mapping")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Entries<V>, A::Error> {
                let mut out = Vec::new();
                while let Some(entry) = map.next_entry::<Spanned<String>, V>()? {
                    out.push(entry);
                }
                Ok(Entries(out))
            }
        }
        d.deserialize_map(Visit(std::marker::PhantomData))
    }
}

/// `legal` or `illegal`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Legality {
    /// The move may be played.
    Legal,
    /// The move may not be played; `rule` says why.
    Illegal,
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

/// One played move and what must be observed after it.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MoveEntry {
    /// The move, like `A1-A2` (or `A1xA2`).
    #[serde(rename = "move")]
    #[schemars(with = "String")]
    pub mv: Spanned<String>,
    /// Default `legal`. A move expected `illegal` ends the run of that
    /// profile: it is checked, not played.
    #[serde(default)]
    pub expect: Option<Legality>,
    /// With `expect: illegal`: the rule that forbids it.
    #[serde(default)]
    pub rule: Option<RuleCode>,
    /// Two-squares count after the move (the seed tables' 1x … 5x).
    #[serde(default)]
    pub two_squares: Option<u32>,
    /// Whether the move starts or continues a two-squares sequence.
    #[serde(default)]
    pub sequence: Option<SequenceMark>,
    /// Result of the attack this move makes.
    #[serde(default)]
    pub combat: Option<CombatResult>,
    /// Game state after the move.
    #[serde(default)]
    pub outcome: Option<Outcome>,
    /// The seed tables' more-squares mark ("ununterbr. Verfolg. >2 Felder",
    /// MS-9.1): `true` when the move keeps a continuous chase going whose
    /// threats have covered more than two squares.
    #[serde(default)]
    pub chase: Option<bool>,
    /// Who is chasing once the move is played (MS-4): none, red, blue, both.
    #[serde(default)]
    pub chasers: Option<Chasers>,
    /// Whether the move is a chasing move under the profile (MS-5).
    #[serde(default)]
    pub chasing_move: Option<bool>,
    /// Whether the move evades the opponent's last threat (MS-3).
    #[serde(default)]
    pub evades: Option<bool>,
    /// Squares of the opponent pieces the move threatens, in any order (MS-2).
    #[serde(default)]
    pub threatens: Option<Vec<String>>,
    /// For a chasing move allowed only by the exception (MS-8): the ply after
    /// which the position it recreates first stood (0: the start).
    #[serde(default)]
    pub repeats: Option<usize>,
    /// Free text (the seed table's explanation column, say).
    #[serde(default)]
    pub note: Option<String>,
    /// Expectations that differ under another listed profile; fields given
    /// here replace the plain ones for that profile.
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, MoveOverride>")]
    pub profiles: Entries<MoveOverride>,
}

/// Per-profile replacement of a move's expectations.
///
/// Its fields repeat those of [`MoveEntry`] on purpose: `#[serde(flatten)]`
/// would switch off `deny_unknown_fields` and lose the line and column of
/// every value, which strict loading needs.
#[derive(Clone, Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MoveOverride {
    /// See [`MoveEntry::expect`].
    #[serde(default)]
    pub expect: Option<Legality>,
    /// See [`MoveEntry::rule`].
    #[serde(default)]
    pub rule: Option<RuleCode>,
    /// See [`MoveEntry::two_squares`].
    #[serde(default)]
    pub two_squares: Option<u32>,
    /// See [`MoveEntry::sequence`].
    #[serde(default)]
    pub sequence: Option<SequenceMark>,
    /// See [`MoveEntry::combat`].
    #[serde(default)]
    pub combat: Option<CombatResult>,
    /// See [`MoveEntry::outcome`].
    #[serde(default)]
    pub outcome: Option<Outcome>,
    /// See [`MoveEntry::chase`].
    #[serde(default)]
    pub chase: Option<bool>,
    /// See [`MoveEntry::chasers`].
    #[serde(default)]
    pub chasers: Option<Chasers>,
    /// See [`MoveEntry::chasing_move`].
    #[serde(default)]
    pub chasing_move: Option<bool>,
    /// See [`MoveEntry::evades`].
    #[serde(default)]
    pub evades: Option<bool>,
    /// See [`MoveEntry::threatens`].
    #[serde(default)]
    pub threatens: Option<Vec<String>>,
    /// See [`MoveEntry::repeats`].
    #[serde(default)]
    pub repeats: Option<usize>,
}

/// A candidate move after the listed moves, and its verdict.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProbeEntry {
    /// The candidate move.
    #[serde(rename = "move")]
    #[schemars(with = "String")]
    pub mv: Spanned<String>,
    /// `legal` or `illegal`.
    pub expect: Legality,
    /// With `illegal`: the rule that forbids it.
    #[serde(default)]
    pub rule: Option<RuleCode>,
    /// Free text: the claim of the source this probe encodes.
    #[serde(default)]
    pub note: Option<String>,
    /// Verdicts that differ under another listed profile.
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, ProbeOverride>")]
    pub profiles: Entries<ProbeOverride>,
}

/// Per-profile replacement of a probe's verdict.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProbeOverride {
    /// `legal` or `illegal`.
    pub expect: Legality,
    /// With `illegal`: the rule that forbids it.
    #[serde(default)]
    pub rule: Option<RuleCode>,
}
