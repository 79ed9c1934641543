//! Loading scenario files strictly: every problem is an error that names the
//! file, line and column, and what was expected there. A file names its game
//! first (`game:`); the rest is read with that game's types.

use std::fmt;
use std::path::{Path, PathBuf};

use serde_saphyr::Spanned;

pub use crate::rules::Loc;
pub use crate::rules::yaml::{is_scenario_id, yaml_loc, yaml_message};
use crate::rules::{Annotations, RuleProfile, Rules};

use super::clauses;
use super::format::{Legality, MoveEntry, MoveOverride, ProbeEntry, ProbeOverride, ScenarioFile};

/// A scenario that could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    /// The file.
    pub file: PathBuf,
    /// Where in it.
    pub at: Loc,
    /// What is wrong and what was expected.
    pub message: String,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.at.line == 0 {
            // The whole file is at fault (it cannot be read, say).
            return write!(f, "{}: {}", self.file.display(), self.message);
        }
        write!(
            f,
            "{}:{}:{}: {}",
            self.file.display(),
            self.at.line,
            self.at.column,
            self.message
        )
    }
}

impl std::error::Error for LoadError {}

/// One action of a loaded scenario.
#[derive(Debug)]
pub struct ScenarioMove<G: Rules> {
    /// The action.
    pub mv: G::Action,
    /// Where it is written.
    pub at: Loc,
    /// Plain expectations (for the first profile, and any profile without
    /// an override).
    pub expect: MoveOverride<G>,
    /// Per-profile replacements.
    pub overrides: Vec<(String, MoveOverride<G>)>,
    /// Free text.
    pub note: Option<String>,
    /// What a profile that refuses this action plays instead: by profile
    /// name (`None`: the plain expectations' continuation).
    pub continuations: Vec<(Option<String>, Tail<G>)>,
}

/// A profile's own continuation after an action it refuses.
#[derive(Debug)]
pub struct Tail<G: Rules> {
    /// The actions played instead.
    pub moves: Vec<ScenarioMove<G>>,
    /// Probes after them.
    pub probes: Vec<ScenarioProbe<G>>,
    /// Outcome expected after them.
    pub result: Option<G::Outcome>,
}

/// What one profile's run plays and checks: the scenario's actions up to
/// the first it refuses, then that profile's continuation if it has one.
pub struct Line<'a, G: Rules> {
    /// The actions in order; one expected illegal is judged, not played.
    pub moves: Vec<&'a ScenarioMove<G>>,
    /// The probes after the last action.
    pub probes: &'a [ScenarioProbe<G>],
    /// The expected outcome after the last action.
    pub result: Option<&'a G::Outcome>,
}

impl<G: Rules> ScenarioMove<G> {
    /// The continuation of `profile` after this action, if it has one.
    pub fn continuation(&self, profile: &str) -> Option<&Tail<G>> {
        let own = self
            .continuations
            .iter()
            .find(|(p, _)| p.as_deref() == Some(profile));
        let overridden = self.overrides.iter().any(|(p, _)| p == profile);
        own.or_else(|| {
            // The plain continuation serves the profiles that take the
            // plain expectations of this action.
            (!overridden)
                .then(|| self.continuations.iter().find(|(p, _)| p.is_none()))
                .flatten()
        })
        .map(|(_, t)| t)
    }

    /// The expectations that hold under `profile`: the plain ones with the
    /// profile's override fields laid over them.
    pub fn expectations(&self, profile: &str) -> MoveOverride<G> {
        let mut e = self.expect.clone();
        if let Some((_, o)) = self.overrides.iter().find(|(p, _)| p == profile) {
            e.overlay(o);
        }
        e
    }
}

/// One probe of a loaded scenario.
#[derive(Debug)]
pub struct ScenarioProbe<G: Rules> {
    /// The candidate action.
    pub mv: G::Action,
    /// Where it is written.
    pub at: Loc,
    /// Plain verdict.
    pub expect: ProbeOverride<G>,
    /// Per-profile verdicts.
    pub overrides: Vec<(String, ProbeOverride<G>)>,
    /// The claim it encodes.
    pub note: Option<String>,
}

impl<G: Rules> ScenarioProbe<G> {
    /// The verdict expected under `profile`.
    pub fn expectation(&self, profile: &str) -> ProbeOverride<G> {
        self.overrides
            .iter()
            .find(|(p, _)| p == profile)
            .map_or_else(|| self.expect.clone(), |(_, o)| o.clone())
    }
}

/// The clause by which the rules refuse a scenario's setup (`refused:`):
/// every implementation must refuse to start a game from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The clause (`BG-1.2`), one of the scenario's `clauses`.
    pub clause: String,
    /// Where `refused:` names it.
    pub at: Loc,
}

/// A loaded, checked scenario of game `G`.
#[derive(Debug)]
pub struct Scenario<G: Rules> {
    /// The file it came from.
    pub path: PathBuf,
    /// Stable ID, unique within the game.
    pub id: String,
    /// Where the ID is written.
    pub id_at: Loc,
    /// Title.
    pub title: String,
    /// Source citation.
    pub source: String,
    /// Clauses covered (of `G`'s spec).
    pub clauses: Vec<String>,
    /// Profiles to run under, in order.
    pub profiles: Vec<G::Profile>,
    /// How the source diagram sits on the board.
    pub placement: Option<String>,
    /// Starting position: checked against the rules, unless the scenario
    /// states that they refuse it (`refused`).
    pub setup: G::Setup,
    /// The clause that refuses the setup, for a scenario whose point is
    /// that no game starts from it (it then has no moves, probes or
    /// result).
    pub refused: Option<Refusal>,
    /// Actions.
    pub moves: Vec<ScenarioMove<G>>,
    /// Probes after the last action.
    pub probes: Vec<ScenarioProbe<G>>,
    /// Expected outcome after the last action.
    pub result: Option<G::Outcome>,
    /// Free text.
    pub notes: Option<String>,
}

impl<G: Rules> Scenario<G> {
    /// What the run of `profile` plays and checks.
    pub fn line(&self, profile: &str) -> Line<'_, G> {
        let mut moves = Vec::new();
        for m in &self.moves {
            moves.push(m);
            if m.expectations(profile).expect == Some(Legality::Illegal) {
                if let Some(t) = m.continuation(profile) {
                    moves.extend(&t.moves);
                    return Line {
                        moves,
                        probes: &t.probes,
                        result: t.result.as_ref(),
                    };
                }
                break;
            }
        }
        Line {
            moves,
            probes: &self.probes,
            result: self.result.as_ref(),
        }
    }

    /// The game-qualified id (`stratego:ts/seed000-ex1-frontal`): unique
    /// across a mixed corpus.
    pub fn qualified_id(&self) -> String {
        format!("{}:{}", G::NAME, self.id)
    }
}

/// Reads a file's text; the error names the file.
pub fn read(path: &Path) -> Result<String, LoadError> {
    std::fs::read_to_string(path).map_err(|e| LoadError {
        file: path.to_path_buf(),
        at: Loc::default(),
        message: format!("cannot read the file: {e}"),
    })
}

/// The game a scenario text names, with where it names it; the error says
/// what is missing.
pub fn game_of(path: &Path, text: &str) -> Result<Spanned<String>, LoadError> {
    let err = |at: Loc, message: String| LoadError {
        file: path.to_path_buf(),
        at,
        message,
    };
    lint(text).map_err(|(at, m)| err(at, m))?;
    let header: super::format::GameHeader =
        serde_saphyr::from_str(text).map_err(|e| err(yaml_loc(&e), yaml_message(&e, text)))?;
    header.game.ok_or_else(|| {
        err(
            Loc { line: 1, column: 1 },
            "missing field `game`: every scenario names the game it is written for (like `game: stratego`)"
                .into(),
        )
    })
}

/// Parses and checks the text of a scenario of game `G`; `path` is used in
/// errors.
pub fn parse<G: Rules>(path: &Path, text: &str) -> Result<Scenario<G>, LoadError> {
    let err = |at: Loc, message: String| LoadError {
        file: path.to_path_buf(),
        at,
        message,
    };
    lint(text).map_err(|(at, m)| err(at, m))?;
    let file: ScenarioFile<G> =
        serde_saphyr::from_str(text).map_err(|e| err(yaml_loc(&e), yaml_message(&e, text)))?;
    if file.game.value != G::NAME {
        return Err(err(
            (&file.game).into(),
            format!(
                "this scenario is for `{}`, but was read as a {} scenario",
                file.game.value,
                G::NAME
            ),
        ));
    }

    if !is_scenario_id(&file.id.value) {
        return Err(err(
            (&file.id).into(),
            format!(
                "`{}` is not a scenario id: expected lower-case words and digits joined by `-`, grouped by `/`",
                file.id.value
            ),
        ));
    }
    if file.clauses.is_empty() {
        return Err(err(
            (&file.id).into(),
            "`clauses` is empty: a scenario covers at least one spec clause".into(),
        ));
    }
    let mut clause_ids = Vec::new();
    for c in &file.clauses {
        if clauses::find_in(G::SPEC_FILES, &c.value).is_none() {
            return Err(err(
                c.into(),
                format!(
                    "`{}` is not a clause of the {} spec: expected an ID defined in spec/{}/ (like RP-3.1)",
                    c.value,
                    G::NAME,
                    G::NAME
                ),
            ));
        }
        clause_ids.push(c.value.clone());
    }

    let mut profiles: Vec<G::Profile> = Vec::new();
    match &file.profiles {
        // No list: the scenario turns on no point where the profiles
        // differ, so it runs under every named profile of the game.
        None => {
            for name in G::Profile::names() {
                profiles.push(G::Profile::parse(name).map_err(|e| err((&file.id).into(), e))?);
            }
        }
        Some(list) if list.is_empty() => {
            return Err(err(
                (&file.id).into(),
                format!(
                    "`profiles` is empty: list at least one profile, or leave it out for every named profile ([{}])",
                    G::Profile::names().join(", ")
                ),
            ));
        }
        Some(list) => {
            for p in list {
                let profile = G::Profile::parse(&p.value).map_err(|e| err(p.into(), e))?;
                if profiles.iter().any(|q| q.name() == profile.name()) {
                    return Err(err(
                        p.into(),
                        format!("profile `{}` is listed twice", p.value),
                    ));
                }
                profiles.push(profile);
            }
        }
    }
    let profile_names: Vec<String> = profiles.iter().map(|p| p.name().to_string()).collect();

    let Some(setup_spec) = &file.setup.value else {
        return Err(err(
            (&file.setup).into(),
            "`setup` is null (`~`, or nothing after `setup:`): write the starting position, or `setup: {}` to take every default of the game's setup".into(),
        ));
    };
    let refused = refusal::<G>(&file, &clause_ids).map_err(|(at, m)| err(at, m))?;
    let scenario_clauses = clause_ids.clone();
    let setup = if refused.is_some() {
        G::setup_unchecked_from_spec(setup_spec)
    } else {
        G::setup_from_spec(setup_spec)
    }
    .map_err(|l| err(l.at, l.message))?;

    let cx = Convert {
        path,
        profile_names: &profile_names,
        clause_ids: &scenario_clauses,
    };
    let moves = cx.moves(file.moves, true)?;
    let probes = cx.probes(file.probes)?;

    let scenario = Scenario {
        path: path.to_path_buf(),
        id: file.id.value.clone(),
        id_at: (&file.id).into(),
        title: file.title,
        source: file.source,
        clauses: clause_ids,
        profiles,
        placement: file.placement,
        setup,
        refused,
        moves,
        probes,
        result: file.result,
        notes: file.notes,
    };
    every_expectation_reached(&scenario).map_err(|(at, m)| err(at, m))?;
    Ok(scenario)
}

/// The clause of `refused:`, checked: a clause of the game's spec that the
/// scenario lists in `clauses`, on a scenario with nothing to play (no game
/// starts from a refused setup, so moves, probes and a result could never
/// be checked).
fn refusal<G: Rules>(
    file: &ScenarioFile<G>,
    clause_ids: &[String],
) -> Result<Option<Refusal>, (Loc, String)> {
    let Some(r) = &file.refused else {
        return Ok(None);
    };
    let at = Loc::from(r);
    let clause = r.value.trim();
    if clauses::find_in(G::SPEC_FILES, clause).is_none() {
        return Err((
            at,
            format!(
                "`refused: {clause}`: `{clause}` is not a clause of the {} spec; name the clause that refuses the setup, an ID defined in spec/{}/ (like BG-1.2)",
                G::NAME,
                G::NAME
            ),
        ));
    }
    if !clause_ids.iter().any(|c| c == clause) {
        return Err((
            at,
            format!(
                "`refused: {clause}` names a clause the scenario does not list: add `{clause}` to `clauses` ({})",
                clause_ids.join(", ")
            ),
        ));
    }
    let nothing_after = |what: &str| {
        format!(
            "a scenario with `refused: {clause}` (line {}) has no {what}: no game starts from a setup the rules refuse; drop the {what}, or `refused` if the setup is meant to be legal",
            at.line
        )
    };
    if let Some(m) = file.moves.first() {
        return Err(((&m.mv).into(), nothing_after("`moves`")));
    }
    if let Some(p) = file.probes.first() {
        return Err(((&p.mv).into(), nothing_after("`probes`")));
    }
    if file.result.is_some() {
        return Err((at, nothing_after("`result`")));
    }
    Ok(Some(Refusal {
        clause: clause.to_string(),
        at,
    }))
}

/// No expectation may go unchecked under a profile the scenario lists. An
/// action expected illegal under a profile is judged, not played, so what
/// the scenario writes after it (later actions, probes, result) assumes it
/// was played: the profile's run must end there, with nothing after it, or
/// the action must give that profile its own `continuation`.
fn every_expectation_reached<G: Rules>(s: &Scenario<G>) -> Result<(), (Loc, String)> {
    for p in &s.profiles {
        let name = p.name();
        let Some(i) = s
            .moves
            .iter()
            .position(|m| m.expectations(name).expect == Some(Legality::Illegal))
        else {
            continue;
        };
        let stop = &s.moves[i];
        if let Some(t) = stop.continuation(name) {
            // Within a continuation, the first refused action ends it.
            if let Some(j) = t
                .moves
                .iter()
                .position(|m| m.expectations(name).expect == Some(Legality::Illegal))
                && (j + 1 < t.moves.len() || !t.probes.is_empty() || t.result.is_some())
            {
                return Err((
                    t.moves[j].at,
                    format!(
                        "this action is expected illegal under profile `{name}`, so its continuation ends here; nothing may follow it"
                    ),
                ));
            }
            continue;
        }
        let unreached = if let Some(next) = s.moves.get(i + 1) {
            Some((next.at, format!("move {}", i + 2)))
        } else if let Some(probe) = s.probes.first() {
            Some((probe.at, "probe 1".to_string()))
        } else if s.result.is_some() {
            Some((s.id_at, "`result`".to_string()))
        } else {
            None
        };
        if let Some((at, what)) = unreached {
            return Err((
                at,
                format!(
                    "{what} is never checked under profile `{name}`: move {} ({}, line {}) is expected illegal there and is not played; give that move a `continuation:` for `{name}` (what the profile plays instead), or end the scenario at that move",
                    i + 1,
                    stop.mv,
                    stop.at.line
                ),
            ));
        }
    }
    Ok(())
}

/// Turns the written moves and probes into checked ones.
struct Convert<'a> {
    path: &'a Path,
    profile_names: &'a [String],
    /// The scenario's `clauses`: a refusal's `clause:` is one of them.
    clause_ids: &'a [String],
}

impl Convert<'_> {
    fn err(&self, at: Loc, message: String) -> LoadError {
        LoadError {
            file: self.path.to_path_buf(),
            at,
            message,
        }
    }

    fn action<G: Rules>(&self, s: &Spanned<String>) -> Result<G::Action, LoadError> {
        s.value
            .parse()
            .map_err(|e| self.err(s.into(), format!("{e}")))
    }

    fn overrides<'b>(
        &self,
        names: impl Iterator<Item = &'b Spanned<String>>,
    ) -> Result<(), LoadError> {
        for name in names {
            if !self.profile_names.contains(&name.value) {
                return Err(self.err(
                    name.into(),
                    format!(
                        "`{}` is not one of this scenario's profiles ({})",
                        name.value,
                        self.profile_names.join(", ")
                    ),
                ));
            }
        }
        Ok(())
    }

    fn rule<G: Rules>(
        &self,
        at: Loc,
        expect: Option<Legality>,
        rule: Option<G::RuleCode>,
    ) -> Result<(), LoadError> {
        match (expect, rule) {
            (Some(Legality::Illegal), None) => Err(self.err(
                at,
                "`expect: illegal` needs `rule`: the rule code that forbids the move".into(),
            )),
            (Some(Legality::Legal) | None, Some(r)) => Err(self.err(
                at,
                format!(
                    "`rule: {r}` is given but the move is expected legal; add `expect: illegal` or drop `rule`"
                ),
            )),
            _ => Ok(()),
        }
    }

    /// `clause` and `because`, the why of a refusal: only beside
    /// `expect: illegal`; the clause one of the game's spec and of the
    /// scenario's `clauses`, the words not empty.
    fn why<G: Rules>(
        &self,
        expect: Option<Legality>,
        clause: Option<&Spanned<String>>,
        because: Option<&Spanned<String>>,
    ) -> Result<(), LoadError> {
        if expect != Some(Legality::Illegal) {
            for (key, given) in [("clause", clause), ("because", because)] {
                if let Some(v) = given {
                    return Err(self.err(
                        v.into(),
                        format!(
                            "`{key}: {}` is given but the action is not expected illegal here: `{key}` says why a refusal refuses; write it beside `expect: illegal` and `rule`",
                            v.value
                        ),
                    ));
                }
            }
        }
        if let Some(c) = clause {
            let id = c.value.as_str();
            if clauses::find_in(G::SPEC_FILES, id).is_none() {
                return Err(self.err(
                    c.into(),
                    format!(
                        "`clause: {id}`: `{id}` is not a clause of the {} spec; name the clause the refusal cites, an ID defined in spec/{}/ (like RP-3.1)",
                        G::NAME,
                        G::NAME
                    ),
                ));
            }
            if !self.clause_ids.iter().any(|x| x == id) {
                return Err(self.err(
                    c.into(),
                    format!(
                        "`clause: {id}` names a clause the scenario does not list: add `{id}` to `clauses` ({})",
                        self.clause_ids.join(", ")
                    ),
                ));
            }
        }
        if let Some(b) = because
            && b.value.trim().is_empty()
        {
            return Err(self.err(
                b.into(),
                "`because` is empty: give words the explanation must contain, or leave it out"
                    .into(),
            ));
        }
        Ok(())
    }

    /// `position`, the position after an action: one the game's setup
    /// form accepts (a reached position breaks no setup rule).
    fn position<G: Rules>(&self, o: &MoveOverride<G>) -> Result<(), LoadError> {
        match o.position.as_ref().map(|p| &p.setup) {
            Some(Err((at, message))) => Err(self.err(
                *at,
                format!("`position`: {message} (written in the form of `setup`)"),
            )),
            _ => Ok(()),
        }
    }

    /// A continuation written on an override or a plain entry.
    fn tail<G: Rules>(
        &self,
        at: Loc,
        o: &mut MoveOverride<G>,
        top: bool,
    ) -> Result<Option<Tail<G>>, LoadError> {
        let Some(c) = o.continuation.take() else {
            return Ok(None);
        };
        if !top {
            return Err(self.err(
                at,
                "a continuation's actions cannot have continuations of their own".into(),
            ));
        }
        if o.expect != Some(Legality::Illegal) {
            return Err(self.err(
                at,
                "`continuation` needs `expect: illegal`: it says what a profile plays instead of an action it refuses".into(),
            ));
        }
        let c = *c;
        Ok(Some(Tail {
            moves: self.moves(c.moves, false)?,
            probes: self.probes(c.probes)?,
            result: c.result,
        }))
    }

    fn moves<G: Rules>(
        &self,
        entries: Vec<MoveEntry<G>>,
        top: bool,
    ) -> Result<Vec<ScenarioMove<G>>, LoadError> {
        let mut moves = Vec::new();
        for mut m in entries {
            if let Some((key, message)) = m.expect.unknown_key.take() {
                return Err(self.err((&key).into(), message));
            }
            let at = Loc::from(&m.mv);
            let mv = self.action::<G>(&m.mv)?;
            self.overrides(m.profiles.0.iter().map(|e| &e.0))?;
            self.rule::<G>(at, m.expect.expect, m.expect.rule)?;
            self.why::<G>(
                m.expect.expect,
                m.expect.clause.as_ref(),
                m.expect.because.as_ref(),
            )?;
            self.position(&m.expect)?;
            m.expect.annotations.check().map_err(|e| self.err(at, e))?;
            let mut continuations = Vec::new();
            if let Some(t) = self.tail(at, &mut m.expect, top)? {
                continuations.push((None, t));
            }
            let mut overrides = Vec::new();
            for (name, mut o) in m.profiles.0 {
                if let Some((key, message)) = o.unknown_key.take() {
                    return Err(self.err((&key).into(), message));
                }
                let here = Loc::from(&name);
                self.rule::<G>(here, o.expect, o.rule)?;
                self.why::<G>(o.expect, o.clause.as_ref(), o.because.as_ref())?;
                self.position(&o)?;
                o.annotations.check().map_err(|e| self.err(here, e))?;
                if let Some(t) = self.tail(here, &mut o, top)? {
                    continuations.push((Some(name.value.clone()), t));
                }
                overrides.push((name.value, o));
            }
            moves.push(ScenarioMove {
                mv,
                at,
                expect: m.expect,
                overrides,
                note: m.note,
                continuations,
            });
        }
        Ok(moves)
    }

    fn probes<G: Rules>(
        &self,
        entries: Vec<ProbeEntry<G>>,
    ) -> Result<Vec<ScenarioProbe<G>>, LoadError> {
        let mut probes = Vec::new();
        for p in entries {
            let at = Loc::from(&p.mv);
            let mv = self.action::<G>(&p.mv)?;
            self.overrides(p.profiles.0.iter().map(|e| &e.0))?;
            self.rule::<G>(at, Some(p.expect), p.rule)?;
            self.why::<G>(Some(p.expect), p.clause.as_ref(), p.because.as_ref())?;
            let mut overrides = Vec::new();
            for (name, o) in p.profiles.0 {
                self.rule::<G>((&name).into(), Some(o.expect), o.rule)?;
                self.why::<G>(Some(o.expect), o.clause.as_ref(), o.because.as_ref())?;
                overrides.push((name.value, o));
            }
            probes.push(ScenarioProbe {
                mv,
                at,
                expect: ProbeOverride {
                    expect: p.expect,
                    rule: p.rule,
                    clause: p.clause,
                    because: p.because,
                },
                overrides,
                note: p.note,
            });
        }
        Ok(probes)
    }
}

/// What YAML reads without complaint but a scenario file may not hold:
/// a second document, text after the end-of-document marker `...`, and
/// tags (`!!binary` would decode base64 into a text field unseen). Errors
/// of the YAML itself are left to the reader, which words them.
fn lint(text: &str) -> Result<(), (Loc, String)> {
    use serde_saphyr::granit_parser::{Event, Marker, Parser};
    let at = |m: Marker| Loc {
        line: m.line() as u64,
        column: m.col() as u64 + 1,
    };
    let mut documents = 0;
    // Where an explicit `...` ends, and its line.
    let mut end_marker: Option<(usize, usize)> = None;
    for event in Parser::new_from_str(text) {
        let Ok((event, span)) = event else {
            // Past an explicit `...` the text is checked below; before it,
            // the reader reports the error in its words.
            break;
        };
        let tag = match &event {
            Event::DocumentStart(..) => {
                documents += 1;
                if documents == 2 {
                    return Err((
                        at(span.start),
                        format!(
                            "one scenario per file: a second YAML document starts at line {}; move it to a file of its own",
                            span.start.line()
                        ),
                    ));
                }
                None
            }
            Event::DocumentEnd => {
                let marked = span.end.index() > span.start.index();
                if let (true, Some(offset)) = (marked, span.end.byte_offset()) {
                    end_marker = Some((offset, span.start.line()));
                }
                None
            }
            Event::StreamEnd => break,
            Event::Scalar(_, _, _, tag)
            | Event::SequenceStart(_, _, tag)
            | Event::MappingStart(_, _, tag) => tag.as_ref(),
            _ => None,
        };
        if let Some(tag) = tag {
            let written = format!("{}{}", tag.original_handle(), tag.suffix());
            return Err((
                at(span.tag_start.unwrap_or(span.start)),
                format!(
                    "`{written}` is a YAML tag, and tags are not part of the scenario format (`!!binary` would turn base64 into text unseen): write the value plainly, quoted if it must stay text"
                ),
            ));
        }
    }
    if let Some((offset, marker_line)) = end_marker {
        let rest = text.get(offset..).unwrap_or_default();
        for (line, l) in (marker_line..).zip(rest.split('\n')) {
            let l = l.trim();
            if !l.is_empty() && !l.starts_with('#') {
                let column = if line == marker_line {
                    // On the marker's own line, after the marker.
                    text.get(..offset)
                        .and_then(|t| t.rsplit('\n').next())
                        .map_or(1, |s| s.chars().count() + 1)
                } else {
                    1
                };
                return Err((
                    Loc {
                        line: line as u64,
                        column: column as u64,
                    },
                    format!(
                        "text after the end-of-document marker `...` of line {marker_line}: a scenario file ends there; remove the text, or the marker"
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// Every scenario file (`*.yaml`, `*.yml`) under the given paths (files
/// are taken as given), sorted for a stable order, and an error for each
/// path that cannot be read, named by its own name: whatever can be read is
/// found. Symbolic links are followed, a link back to a directory being
/// walked is not walked again, and a file reached by several paths is
/// found once, under the path through the fewest links.
pub fn discover(paths: &[PathBuf]) -> (Vec<PathBuf>, Vec<LoadError>) {
    let mut found = Vec::new();
    let mut errors = Vec::new();
    for p in paths {
        match std::fs::metadata(p) {
            Ok(m) if m.is_dir() => walk(p, &mut found, &mut errors),
            Ok(_) => found.push(p.clone()),
            Err(e) => errors.push(unreadable(p, &e)),
        }
    }
    (once_each(found), errors)
}

/// The error for a path that cannot be read.
fn unreadable(path: &Path, e: &std::io::Error) -> LoadError {
    let link = path.symlink_metadata().is_ok_and(|m| m.is_symlink());
    let message = match (link, e.kind()) {
        (true, _) => format!("a symbolic link that cannot be followed: {e}"),
        (false, std::io::ErrorKind::NotFound) => "no such file or directory".to_string(),
        (false, _) => format!("cannot read it: {e}"),
    };
    LoadError {
        file: path.to_path_buf(),
        at: Loc::default(),
        message,
    }
}

fn is_scenario_file(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "yaml" || e == "yml")
}

fn walk(dir: &Path, found: &mut Vec<PathBuf>, errors: &mut Vec<LoadError>) {
    for entry in walkdir::WalkDir::new(dir).follow_links(true) {
        match entry {
            // Regular files only: a named pipe would block the reader.
            Ok(e) if e.file_type().is_file() && is_scenario_file(e.path()) => {
                found.push(e.into_path());
            }
            Ok(_) => {}
            // A link back to a directory being walked: its files are found
            // there.
            Err(e) if e.loop_ancestor().is_some() => {}
            Err(e) => {
                let path = e.path().unwrap_or(dir).to_path_buf();
                let io = e
                    .into_io_error()
                    .unwrap_or_else(|| std::io::Error::other("cannot be walked"));
                errors.push(unreadable(&path, &io));
            }
        }
    }
}

/// One path per file: of the paths that lead to the same file, the one
/// through the fewest symbolic links, then with the fewest components, then
/// the first in order; then sorted.
fn once_each(mut paths: Vec<PathBuf>) -> Vec<PathBuf> {
    let links = |p: &Path| {
        p.ancestors()
            .filter(|a| a.symlink_metadata().is_ok_and(|m| m.is_symlink()))
            .count()
    };
    let mut keyed: Vec<(usize, usize, PathBuf)> = paths
        .drain(..)
        .map(|p| (links(&p), p.components().count(), p))
        .collect();
    keyed.sort();
    let mut seen = std::collections::HashSet::new();
    let mut out: Vec<PathBuf> = keyed
        .into_iter()
        .map(|(_, _, p)| p)
        .filter(|p| seen.insert(std::fs::canonicalize(p).unwrap_or_else(|_| p.clone())))
        .collect();
    out.sort();
    out
}
