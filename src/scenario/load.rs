//! Loading scenario files strictly: every problem is an error that names the
//! file, line and column, and what was expected there.

use std::fmt;
use std::path::{Path, PathBuf};

use serde_saphyr::Spanned;

use crate::games::stratego::game::Outcome;
use crate::games::stratego::geometry::Geometry;
use crate::games::stratego::moves::Move;
use crate::games::stratego::piece::{Color, Piece, Rank};
use crate::games::stratego::position::Setup;
use crate::games::stratego::profile::Profile;
use crate::games::stratego::square::Square;
use crate::games::stratego::verdict::RuleCode;

use super::clauses;
use super::format::{Legality, MoveOverride, ProbeOverride, ScenarioFile};

/// A place in a scenario file (1-based; 0 when unknown).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Loc {
    /// Line, from 1.
    pub line: u64,
    /// Column, from 1.
    pub column: u64,
}

impl<T> From<&Spanned<T>> for Loc {
    fn from(s: &Spanned<T>) -> Self {
        Loc {
            line: s.referenced.line(),
            column: s.referenced.column(),
        }
    }
}

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

/// One move of a loaded scenario.
#[derive(Clone, Debug)]
pub struct ScenarioMove {
    /// The move.
    pub mv: Move,
    /// Where it is written.
    pub at: Loc,
    /// Plain expectations (for the first profile, and any profile without
    /// an override).
    pub expect: MoveOverride,
    /// Per-profile replacements.
    pub overrides: Vec<(String, MoveOverride)>,
    /// Free text.
    pub note: Option<String>,
}

impl ScenarioMove {
    /// The expectations that hold under `profile`: the plain ones with the
    /// profile's override fields laid over them.
    pub fn expectations(&self, profile: &str) -> MoveOverride {
        let mut e = self.expect.clone();
        if let Some((_, o)) = self.overrides.iter().find(|(p, _)| p == profile) {
            macro_rules! lay { ($($f:ident),*) => { $( if o.$f.is_some() { e.$f = o.$f.clone(); } )* } }
            lay!(
                expect,
                rule,
                two_squares,
                sequence,
                combat,
                outcome,
                chase,
                chasers,
                chasing_move,
                evades,
                threatens,
                repeats
            );
        }
        e
    }
}

/// One probe of a loaded scenario.
#[derive(Clone, Debug)]
pub struct ScenarioProbe {
    /// The candidate move.
    pub mv: Move,
    /// Where it is written.
    pub at: Loc,
    /// Plain verdict.
    pub expect: ProbeOverride,
    /// Per-profile verdicts.
    pub overrides: Vec<(String, ProbeOverride)>,
    /// The claim it encodes.
    pub note: Option<String>,
}

impl ScenarioProbe {
    /// The verdict expected under `profile`.
    pub fn expectation(&self, profile: &str) -> ProbeOverride {
        self.overrides
            .iter()
            .find(|(p, _)| p == profile)
            .map_or_else(|| self.expect.clone(), |(_, o)| o.clone())
    }
}

/// A loaded, checked scenario.
#[derive(Clone, Debug)]
pub struct Scenario {
    /// The file it came from.
    pub path: PathBuf,
    /// Stable ID.
    pub id: String,
    /// Where the ID is written.
    pub id_at: Loc,
    /// Title.
    pub title: String,
    /// Source citation.
    pub source: String,
    /// Clauses covered.
    pub clauses: Vec<String>,
    /// Profiles to run under, in order.
    pub profiles: Vec<Profile>,
    /// How the source diagram sits on the board.
    pub placement: Option<String>,
    /// Starting position (already validated).
    pub setup: Setup,
    /// Moves.
    pub moves: Vec<ScenarioMove>,
    /// Probes after the last move.
    pub probes: Vec<ScenarioProbe>,
    /// Expected outcome after the last move.
    pub result: Option<Outcome>,
    /// Free text.
    pub notes: Option<String>,
}

/// Whether `id` is a well-formed scenario ID: lower-case words and digits
/// joined by `-`, optionally grouped with `/`.
pub fn is_scenario_id(id: &str) -> bool {
    !id.is_empty()
        && id.split('/').all(|part| {
            !part.is_empty()
                && part.split('-').all(|w| {
                    !w.is_empty()
                        && w.bytes()
                            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
                })
        })
}

/// Reads and checks one scenario file.
pub fn load(path: &Path) -> Result<Scenario, LoadError> {
    let text = std::fs::read_to_string(path).map_err(|e| LoadError {
        file: path.to_path_buf(),
        at: Loc::default(),
        message: format!("cannot read the file: {e}"),
    })?;
    parse(path, &text)
}

/// Parses and checks scenario text; `path` is used in errors.
pub fn parse(path: &Path, text: &str) -> Result<Scenario, LoadError> {
    let err = |at: Loc, message: String| LoadError {
        file: path.to_path_buf(),
        at,
        message,
    };
    let file: ScenarioFile = serde_saphyr::from_str(text).map_err(|e| {
        // The reader knows no place for some errors (a document that is
        // empty or `~` has no mapping to lack `id` in): point at the start of
        // the text rather than at the 0:0 kept for errors outside any text.
        let at = e
            .location()
            .filter(|l| l.line() > 0)
            .map_or(Loc { line: 1, column: 1 }, |l| Loc {
                line: l.line(),
                column: l.column(),
            });
        err(at, yaml_message(&e))
    })?;

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
        if clauses::find(&c.value).is_none() {
            return Err(err(
                c.into(),
                format!(
                    "`{}` is not a clause of the spec: expected an ID defined in spec/ (like RP-3.1)",
                    c.value
                ),
            ));
        }
        clause_ids.push(c.value.clone());
    }

    let mut profiles = Vec::new();
    match &file.profiles {
        None => profiles.push(Profile::isf()),
        Some(list) if list.is_empty() => {
            return Err(err(
                (&file.id).into(),
                "`profiles` is empty: list at least one profile, or leave it out for [isf]".into(),
            ));
        }
        Some(list) => {
            for p in list {
                let profile = Profile::parse(&p.value).map_err(|e| err(p.into(), e))?;
                if profiles.iter().any(|q: &Profile| q.name == profile.name) {
                    return Err(err(
                        p.into(),
                        format!("profile `{}` is listed twice", p.value),
                    ));
                }
                profiles.push(profile);
            }
        }
    }
    let profile_names: Vec<String> = profiles.iter().map(|p| p.name.clone()).collect();
    let check_overrides = |names: Vec<&Spanned<String>>| -> Result<(), LoadError> {
        for name in names {
            if !profile_names.contains(&name.value) {
                return Err(err(
                    name.into(),
                    format!(
                        "`{}` is not one of this scenario's profiles ({})",
                        name.value,
                        profile_names.join(", ")
                    ),
                ));
            }
        }
        Ok(())
    };

    let geometry = match &file.board {
        None => Geometry::standard(),
        Some(b) => Geometry::named(&b.value).ok_or_else(|| {
            err(
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
    for (color, map) in [
        (Color::Red, &file.setup.red),
        (Color::Blue, &file.setup.blue),
    ] {
        for (sq, rank) in &map.0 {
            let square: Square = sq
                .value
                .parse()
                .map_err(|e| err(sq.into(), format!("{e}")))?;
            let rank_v: Rank = rank
                .value
                .parse()
                .map_err(|e| err(rank.into(), format!("{e}")))?;
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
        to_move: file.setup.to_move.unwrap_or(Color::Red),
    };
    if let Err(e) = setup.validate() {
        let (sq_at, rank_at) = piece_locs[e.entry()];
        let at = if matches!(
            e,
            crate::games::stratego::position::SetupError::TooMany { .. }
        ) {
            rank_at
        } else {
            sq_at
        };
        return Err(err(at, e.to_string()));
    }

    let check_rule = |at: Loc,
                      expect: Option<Legality>,
                      rule: Option<RuleCode>|
     -> Result<(), LoadError> {
        match (expect, rule) {
            (Some(Legality::Illegal), None) => Err(err(
                at,
                "`expect: illegal` needs `rule`: the rule code that forbids the move".into(),
            )),
            (Some(Legality::Legal) | None, Some(r)) => Err(err(
                at,
                format!(
                    "`rule: {r}` is given but the move is expected legal; add `expect: illegal` or drop `rule`"
                ),
            )),
            _ => Ok(()),
        }
    };

    let check_squares = |at: Loc, list: Option<&[String]>| -> Result<(), LoadError> {
        for sq in list.unwrap_or_default() {
            sq.parse::<Square>()
                .map_err(|e| err(at, format!("in `threatens`: {e}")))?;
        }
        Ok(())
    };

    let mut moves = Vec::new();
    for m in file.moves {
        let at = Loc::from(&m.mv);
        let mv: Move = m.mv.value.parse().map_err(|e| err(at, format!("{e}")))?;
        check_overrides(m.profiles.0.iter().map(|e| &e.0).collect())?;
        check_rule(at, m.expect, m.rule)?;
        check_squares(at, m.threatens.as_deref())?;
        let mut overrides = Vec::new();
        for (name, o) in m.profiles.0 {
            check_rule((&name).into(), o.expect, o.rule)?;
            check_squares((&name).into(), o.threatens.as_deref())?;
            overrides.push((name.value, o));
        }
        let expect = MoveOverride {
            expect: m.expect,
            rule: m.rule,
            two_squares: m.two_squares,
            sequence: m.sequence,
            combat: m.combat,
            outcome: m.outcome,
            chase: m.chase,
            chasers: m.chasers,
            chasing_move: m.chasing_move,
            evades: m.evades,
            threatens: m.threatens,
            repeats: m.repeats,
        };
        moves.push(ScenarioMove {
            mv,
            at,
            expect,
            overrides,
            note: m.note,
        });
    }

    let mut probes = Vec::new();
    for p in file.probes {
        let at = Loc::from(&p.mv);
        let mv: Move = p.mv.value.parse().map_err(|e| err(at, format!("{e}")))?;
        check_overrides(p.profiles.0.iter().map(|e| &e.0).collect())?;
        check_rule(at, Some(p.expect), p.rule)?;
        let mut overrides = Vec::new();
        for (name, o) in p.profiles.0 {
            check_rule((&name).into(), Some(o.expect), o.rule)?;
            overrides.push((name.value, o));
        }
        probes.push(ScenarioProbe {
            mv,
            at,
            expect: ProbeOverride {
                expect: p.expect,
                rule: p.rule,
            },
            overrides,
            note: p.note,
        });
    }

    Ok(Scenario {
        path: path.to_path_buf(),
        id: file.id.value.clone(),
        id_at: (&file.id).into(),
        title: file.title,
        source: file.source,
        clauses: clause_ids,
        profiles,
        placement: file.placement,
        setup,
        moves,
        probes,
        result: file.result,
        notes: file.notes,
    })
}

/// The YAML reader's message without its own location suffix or snippet
/// (we print `file:line:column:` ourselves).
fn yaml_message(e: &serde_saphyr::Error) -> String {
    let opts = serde_saphyr::render_options! { snippets: serde_saphyr::SnippetMode::Off };
    let text = e.render_with_options(opts);
    let mut first = text.lines().next().unwrap_or_default().to_string();
    // The reader suggests an option to allow duplicates; we never do.
    if let Some(i) = first.find(", set DuplicateKeyPolicy") {
        first.truncate(i);
        first.push_str(" (each key may appear once in a mapping)");
    }
    match first.rfind(" at line ") {
        Some(i) => first[..i].to_string(),
        None => first,
    }
}

/// Every `*.yaml` file under the given paths (files are taken as given),
/// sorted for a stable order.
pub fn discover(paths: &[PathBuf]) -> Result<Vec<PathBuf>, LoadError> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            walk(p, &mut out).map_err(|e| LoadError {
                file: p.clone(),
                at: Loc::default(),
                message: format!("cannot list the directory: {e}"),
            })?;
        } else if p.exists() {
            out.push(p.clone());
        } else {
            return Err(LoadError {
                file: p.clone(),
                at: Loc::default(),
                message: "no such file or directory".into(),
            });
        }
    }
    out.sort();
    out.dedup();
    Ok(out)
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            walk(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "yaml" || e == "yml") {
            out.push(path);
        }
    }
    Ok(())
}

/// Loads every scenario under `paths`. Returns the scenarios that loaded and
/// the errors of those that did not, including repeated IDs.
pub fn load_all(paths: &[PathBuf]) -> (Vec<Scenario>, Vec<LoadError>) {
    let files = match discover(paths) {
        Ok(f) => f,
        Err(e) => return (Vec::new(), vec![e]),
    };
    let mut scenarios: Vec<Scenario> = Vec::new();
    let mut errors = Vec::new();
    for f in files {
        match load(&f) {
            Ok(s) => {
                if let Some(first) = scenarios.iter().find(|o| o.id == s.id) {
                    errors.push(LoadError {
                        file: s.path.clone(),
                        at: s.id_at,
                        message: format!(
                            "id `{}` is already used by {}; ids are unique and never reused",
                            s.id,
                            first.path.display()
                        ),
                    });
                } else {
                    scenarios.push(s);
                }
            }
            Err(e) => errors.push(e),
        }
    }
    (scenarios, errors)
}
