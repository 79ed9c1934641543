//! The scenario file format, as serde types generic over the game.
//! `spec/scenario-format.md` documents it; `spec/scenario.schema.json` is
//! generated from these types and each game's own parts ([`schema`]).
//!
//! The generic part (game, id, title, source, clauses, profiles, setup,
//! refused, moves with `expect`/`rule`/`outcome`/`note`, probes, result) is defined
//! here once; each game adds its setup type and its per-move annotations
//! ([`Annotations`]). Values that later checks may reject (squares, moves,
//! names) are kept as [`Spanned`] text so each error can name its line and
//! column.
//!
//! [`schema`]: super::schema

use schemars::JsonSchema;
use serde::de::{self, MapAccess};
use serde::{Deserialize, Deserializer};
use serde_saphyr::Spanned;

use crate::rules::yaml::{FromMap, from_map};
use crate::rules::{Annotations, Rules};

/// The first key of every scenario file: which game it is written for.
/// Read on its own first, so that the rest can be read strictly with that
/// game's types.
#[derive(Debug, Deserialize)]
pub struct GameHeader {
    /// `game:`.
    #[serde(default)]
    pub game: Option<Spanned<String>>,
}

/// One scenario file of game `G`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, bound(deserialize = ""))]
pub struct ScenarioFile<G: Rules> {
    /// The game (`stratego`).
    pub game: Spanned<String>,
    /// Stable identifier, unique within the game, never renumbered or
    /// reused (lower-case words and digits joined by `-`, optionally
    /// grouped with `/`).
    pub id: Spanned<String>,
    /// One line saying what the scenario shows.
    pub title: String,
    /// Where it comes from: seed file name and example, a rule article, or
    /// `edge case`.
    pub source: String,
    /// Clauses of the game's spec the scenario covers (`RP-5.1`, …).
    pub clauses: Vec<Spanned<String>>,
    /// Rule profiles to run under; the first is the one the plain
    /// expectations describe. Default: every named profile of the game.
    #[serde(default)]
    pub profiles: Option<Vec<Spanned<String>>>,
    /// How the source diagram sits on the board, and what was added to make
    /// the position work.
    #[serde(default)]
    pub placement: Option<String>,
    /// The starting position, in the game's own form. Null (`setup: ~`, or
    /// nothing after `setup:`) is read here so the loader can refuse it;
    /// the reader would otherwise make every default of it.
    pub setup: Spanned<Option<G::SetupSpec>>,
    /// The clause by which the rules refuse `setup` (`BG-1.2`): the
    /// scenario then states that every implementation refuses to start a
    /// game from it, and has no `moves`, `probes` or `result`. Its setup is
    /// read but not checked against the rules
    /// ([`ScenarioParts::setup_unchecked_from_spec`](crate::rules::ScenarioParts::setup_unchecked_from_spec)).
    #[serde(default)]
    pub refused: Option<Spanned<String>>,
    /// The actions played, each with what must be observed after it.
    #[serde(default)]
    pub moves: Vec<MoveEntry<G>>,
    /// Candidate next actions after the last listed one, with verdicts.
    #[serde(default)]
    pub probes: Vec<ProbeEntry<G>>,
    /// The outcome expected after the last listed action.
    #[serde(default)]
    pub result: Option<G::Outcome>,
    /// Free text for readers.
    #[serde(default)]
    pub notes: Option<String>,
}

pub use crate::rules::yaml::Entries;

/// `legal` or `illegal`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Legality {
    /// The action may be played.
    Legal,
    /// The action may not be played; `rule` says why.
    Illegal,
}

/// The expectations of one action under one profile: the generic ones and
/// the game's annotations.
#[derive(Debug)]
pub struct MoveOverride<G: Rules> {
    /// Default `legal`. An action expected `illegal` is judged, not played.
    pub expect: Option<Legality>,
    /// With `expect: illegal`: the rule that forbids it.
    pub rule: Option<G::RuleCode>,
    /// With `expect: illegal`: the clause the refusal cites (`TS-5.1`).
    /// Held to arbiter's own implementations only (`arbiter check`).
    pub clause: Option<Spanned<String>>,
    /// With `expect: illegal`: words the refusal's explanation contains
    /// (`cross B2|C2 again`). Held to arbiter's own implementations only.
    pub because: Option<Spanned<String>>,
    /// Game state after the action.
    pub outcome: Option<G::Outcome>,
    /// The position after the action, in the game's setup form (`position:`),
    /// compared as a position (`Wire::same_position`) on implementations
    /// that tell theirs.
    pub position: Option<ExpectedPosition<G>>,
    /// The game's own annotations.
    pub annotations: G::Annotations,
    /// With `expect: illegal`: what this profile plays instead, after the
    /// refused action, in place of the scenario's later actions, probes and
    /// result (which are written for the profiles that play the action).
    /// The loader takes it out into the loaded scenario.
    pub continuation: Option<Box<Continuation<G>>>,
    /// The first key that is neither generic nor the game's, with where it
    /// is written: reported by the loader, which knows the place (an error
    /// raised while reading would point at the start of the mapping).
    pub unknown_key: Option<(Spanned<String>, String)>,
}

/// The position expected after an action (`position:`), read with the
/// game's setup form; a position the setup form refuses is kept as the
/// error (where, and why) for the loader to report.
#[derive(Clone, Debug)]
pub struct ExpectedPosition<G: Rules> {
    /// Where `position:`'s value is written.
    pub at: crate::rules::Loc,
    /// The position, or why the setup form refuses it.
    pub setup: Result<G::Setup, (crate::rules::Loc, String)>,
}

/// A profile's own continuation after an action it refuses.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, bound(deserialize = ""))]
pub struct Continuation<G: Rules> {
    /// The actions played instead, each with what must be observed after it.
    #[serde(default)]
    pub moves: Vec<MoveEntry<G>>,
    /// Candidate next actions after them, with verdicts.
    #[serde(default)]
    pub probes: Vec<ProbeEntry<G>>,
    /// The outcome expected after them.
    #[serde(default)]
    pub result: Option<G::Outcome>,
}

impl<G: Rules> Clone for MoveOverride<G> {
    /// Clones the expectations; a continuation is not an expectation of
    /// the action and is left behind.
    fn clone(&self) -> Self {
        MoveOverride {
            expect: self.expect,
            rule: self.rule,
            clause: self.clause.clone(),
            because: self.because.clone(),
            outcome: self.outcome.clone(),
            position: self.position.clone(),
            annotations: self.annotations.clone(),
            continuation: None,
            unknown_key: None,
        }
    }
}

impl<G: Rules> Default for MoveOverride<G> {
    fn default() -> Self {
        MoveOverride {
            expect: None,
            rule: None,
            clause: None,
            because: None,
            outcome: None,
            position: None,
            annotations: G::Annotations::default(),
            continuation: None,
            unknown_key: None,
        }
    }
}

impl<G: Rules> MoveOverride<G> {
    /// Lays the fields given in `over` over these. `clause` and `because`
    /// go with the refusal they are written beside: an override that gives
    /// its own `expect` or `rule` gives its own (or none).
    pub fn overlay(&mut self, over: &Self) {
        if over.expect.is_some() || over.rule.is_some() {
            self.clause.clone_from(&over.clause);
            self.because.clone_from(&over.because);
        }
        if over.expect.is_some() {
            self.expect = over.expect;
        }
        if over.rule.is_some() {
            self.rule = over.rule;
        }
        if over.outcome.is_some() {
            self.outcome.clone_from(&over.outcome);
        }
        if over.position.is_some() {
            self.position.clone_from(&over.position);
        }
        self.annotations.overlay(&over.annotations);
    }
}

/// One played action and what must be observed after it.
#[derive(Debug)]
pub struct MoveEntry<G: Rules> {
    /// The action, in the game's spelling (`A1-A2`).
    pub mv: Spanned<String>,
    /// The plain expectations (for the first profile, and every profile
    /// without an override).
    pub expect: MoveOverride<G>,
    /// Free text (the seed table's explanation column, say).
    pub note: Option<String>,
    /// Expectations that differ under another listed profile; fields given
    /// there replace the plain ones for that profile.
    pub profiles: Entries<MoveOverride<G>>,
}

/// The keys every game's move entries have.
const MOVE_KEYS: &[&str] = &[
    "move",
    "expect",
    "rule",
    "clause",
    "because",
    "outcome",
    "position",
    "continuation",
    "note",
    "profiles",
];
/// The keys every game's per-profile overrides have.
const OVERRIDE_KEYS: &[&str] = &[
    "expect",
    "rule",
    "clause",
    "because",
    "outcome",
    "position",
    "continuation",
];

/// The message for a key that is neither generic nor one of the game's.
fn unknown_key<G: Rules>(key: &str, generic: &[&str]) -> String {
    let all: Vec<&str> = generic
        .iter()
        .chain(G::Annotations::FIELDS)
        .copied()
        .collect();
    format!("unknown field `{key}`, expected one of {}", all.join(", "))
}

/// Reads the keys of a move entry or override: the generic ones in
/// `generic`, then the game's annotations; an unknown key is kept for the
/// loader to report.
fn read_expectation<'de, G: Rules, A: MapAccess<'de>>(
    key: Spanned<String>,
    map: &mut A,
    generic: &[&'static str],
    out: &mut MoveOverride<G>,
) -> Result<(), A::Error> {
    match key.value.as_str() {
        "expect" => out.expect = Some(map.next_value()?),
        "rule" => out.rule = Some(map.next_value()?),
        "clause" => out.clause = Some(map.next_value()?),
        "because" => out.because = Some(map.next_value()?),
        "outcome" => out.outcome = Some(map.next_value()?),
        "position" => {
            let spec: Spanned<G::SetupSpec> = map.next_value()?;
            out.position = Some(ExpectedPosition {
                at: (&spec).into(),
                setup: G::setup_from_spec(&spec.value).map_err(|l| (l.at, l.message)),
            });
        }
        "continuation" => out.continuation = Some(map.next_value()?),
        other => {
            if !out.annotations.read_field(other, map)? {
                map.next_value::<de::IgnoredAny>()?;
                if out.unknown_key.is_none() {
                    let message = unknown_key::<G>(other, generic);
                    out.unknown_key = Some((key, message));
                }
            }
        }
    }
    Ok(())
}

impl<'de, G: Rules> FromMap<'de> for MoveEntry<G> {
    const EXPECTING: &'static str = "a move entry (a mapping with `move`)";

    fn from_map<A: MapAccess<'de>>(mut map: A) -> Result<Self, A::Error> {
        let mut mv = None;
        let mut note = None;
        let mut profiles = Entries::default();
        let mut expect = MoveOverride::default();
        while let Some(key) = map.next_key::<Spanned<String>>()? {
            match key.value.as_str() {
                "move" => mv = Some(map.next_value()?),
                "note" => note = Some(map.next_value()?),
                "profiles" => profiles = map.next_value()?,
                _ => read_expectation(key, &mut map, MOVE_KEYS, &mut expect)?,
            }
        }
        let mv = mv.ok_or_else(|| de::Error::missing_field("move"))?;
        Ok(MoveEntry {
            mv,
            expect,
            note,
            profiles,
        })
    }
}

impl<'de, G: Rules> Deserialize<'de> for MoveEntry<G> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        from_map(d)
    }
}

impl<'de, G: Rules> FromMap<'de> for MoveOverride<G> {
    const EXPECTING: &'static str = "a mapping of expectations";

    fn from_map<A: MapAccess<'de>>(mut map: A) -> Result<Self, A::Error> {
        let mut out = MoveOverride::default();
        while let Some(key) = map.next_key::<Spanned<String>>()? {
            read_expectation(key, &mut map, OVERRIDE_KEYS, &mut out)?;
        }
        Ok(out)
    }
}

impl<'de, G: Rules> Deserialize<'de> for MoveOverride<G> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        from_map(d)
    }
}

/// A candidate action after the listed ones, and its verdict.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, bound(deserialize = ""))]
pub struct ProbeEntry<G: Rules> {
    /// The candidate action.
    #[serde(rename = "move")]
    pub mv: Spanned<String>,
    /// `legal` or `illegal`.
    pub expect: Legality,
    /// With `illegal`: the rule that forbids it.
    #[serde(default)]
    pub rule: Option<G::RuleCode>,
    /// With `illegal`: the clause the refusal cites.
    #[serde(default)]
    pub clause: Option<Spanned<String>>,
    /// With `illegal`: words the refusal's explanation contains.
    #[serde(default)]
    pub because: Option<Spanned<String>>,
    /// Free text: the claim of the source this probe encodes.
    #[serde(default)]
    pub note: Option<String>,
    /// Verdicts that differ under another listed profile.
    #[serde(default)]
    pub profiles: Entries<ProbeOverride<G>>,
}

/// Per-profile replacement of a probe's verdict.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, bound(deserialize = ""))]
pub struct ProbeOverride<G: Rules> {
    /// `legal` or `illegal`.
    pub expect: Legality,
    /// With `illegal`: the rule that forbids it.
    #[serde(default)]
    pub rule: Option<G::RuleCode>,
    /// With `illegal`: the clause the refusal cites.
    #[serde(default)]
    pub clause: Option<Spanned<String>>,
    /// With `illegal`: words the refusal's explanation contains.
    #[serde(default)]
    pub because: Option<Spanned<String>>,
}
