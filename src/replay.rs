//! `arbiter replay`: game records audited against the rules. Each game of a
//! record file is replayed move by move under a profile: every move is read
//! in the record's notation and judged ([`resolve`]), so the first illegal
//! move is reported with its ply, the rule, the clause and why; the result
//! the record claims is checked against the game as the rules leave it
//! ([`Notation::check_result`]); and under several profiles, the first ply
//! where their verdicts split is reported with the switches (and so the
//! catalogued ambiguities) that make them differ.
//!
//! Generic over the game: what a record looks like and what its moves mean
//! is the game's [`Notation`].

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::Serialize;
use serde_json::Value;

use crate::rules::notation::{Record, RecordMove, Resolved, resolve};
use crate::rules::switches::flatten;
use crate::rules::{Game, Illegal, Implementation, Notation, RuleProfile, Rules};

/// What to replay with.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The record format (one of the game's [`Notation::RECORD_FORMATS`]);
    /// `None`: from the file name's ending.
    pub format: Option<String>,
    /// The profile to replay under; `None`: the one the record names
    /// ([`Notation::record_profile`]), else the game's default.
    pub profile: Option<String>,
    /// Also replay under every built-in profile, and report where their
    /// verdicts split from the main one.
    pub all_profiles: bool,
    /// The implementation that judges (`reference` or `engine`).
    pub implementation: String,
}

/// The first illegal move of a record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct IllegalMove {
    /// Its ply, from 1.
    pub ply: usize,
    /// As the record writes it.
    pub text: String,
    /// The line of the file it is on.
    pub line: usize,
    /// The rule code that forbids it, when a rule of the game does.
    pub rule: Option<String>,
    /// The clause that decides it.
    pub clause: String,
    /// Why, in words.
    pub why: String,
    /// The closest legal moves, in the record's notation.
    pub closest: Vec<String>,
}

impl IllegalMove {
    /// The record's move `m`, at `ply`, refused by the game's rule `e`
    /// (`why`: its explanation, or more).
    fn by_rule<G: Rules>(ply: usize, m: &RecordMove, e: Illegal<G>, why: String) -> Self {
        IllegalMove {
            ply,
            text: m.text.clone(),
            line: m.line,
            rule: Some(e.rule.to_string()),
            clause: e.clause,
            why,
            closest: Vec::new(),
        }
    }
}

/// Where a profile's verdicts first part from the main profile's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Split {
    /// The other profile.
    pub profile: String,
    /// The ply after which they differ (0: the setup itself).
    pub ply: usize,
    /// What differs (a move legal under one only, or the outcome).
    pub what: String,
    /// The switches whose values differ between the two profiles.
    pub switches: Vec<String>,
    /// The ambiguity entries of those switches (`AM-4`).
    pub ambiguities: Vec<String>,
}

/// The audit of one game of a record file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameReport {
    /// The file.
    pub file: String,
    /// Which game of the file, from 1.
    pub index: usize,
    /// The line where it begins.
    pub line: usize,
    /// The game's name (`chess`).
    pub game: String,
    /// The profile it was replayed under.
    pub profile: String,
    /// A few headers for people (players, event), as `key: value`.
    pub label: String,
    /// The moves replayed legally.
    pub plies: usize,
    /// The first illegal move, if any.
    pub illegal: Option<IllegalMove>,
    /// The result the record claims.
    pub claimed: Option<String>,
    /// What the rules say against the claimed result, if anything.
    pub wrong_result: Option<String>,
    /// The outcome after the last move replayed, as the protocol writes it.
    pub outcome: String,
    /// Where other profiles part from this one (`all_profiles`).
    pub splits: Vec<Split>,
    /// Why the record could not be replayed at all (unreadable, a setup the
    /// rules refuse).
    pub error: Option<String>,
}

impl GameReport {
    /// Whether the audit found nothing against the record.
    pub fn is_clean(&self) -> bool {
        self.illegal.is_none() && self.wrong_result.is_none() && self.error.is_none()
    }

    /// One line (or a few) for people.
    pub fn text(&self) -> String {
        let mut s = format!(
            "{}:{} game {} ({}{}), {}, {} plies: ",
            self.file,
            self.line,
            self.index,
            self.game,
            if self.label.is_empty() {
                String::new()
            } else {
                format!(", {}", self.label)
            },
            self.profile,
            self.plies
        );
        if let Some(e) = &self.error {
            let _ = write!(s, "ERROR {e}");
            return s;
        }
        match &self.illegal {
            Some(i) => {
                let _ = write!(
                    s,
                    "ILLEGAL at ply {} `{}` (line {}): {}{}: {}",
                    i.ply,
                    i.text,
                    i.line,
                    i.rule
                        .as_deref()
                        .map(|r| format!("{r}, "))
                        .unwrap_or_default(),
                    i.clause,
                    i.why
                );
                if !i.closest.is_empty() {
                    let _ = write!(s, " (closest legal: {})", i.closest.join(", "));
                }
            }
            None => {
                let _ = write!(s, "legal, {}", self.outcome);
            }
        }
        if let Some(w) = &self.wrong_result {
            let _ = write!(s, "\n    WRONG RESULT: {w}");
        }
        for sp in &self.splits {
            let _ = write!(
                s,
                "\n    split from {} at ply {}: {} (switches {}{})",
                sp.profile,
                sp.ply,
                sp.what,
                sp.switches.join(", "),
                if sp.ambiguities.is_empty() {
                    String::new()
                } else {
                    format!("; {}", sp.ambiguities.join(", "))
                }
            );
        }
        s
    }
}

/// The totals of a replay.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// Games read.
    pub games: usize,
    /// Moves replayed legally.
    pub plies: usize,
    /// Games with an illegal move.
    pub illegal: usize,
    /// Games whose claimed result the rules contradict.
    pub wrong_results: usize,
    /// Games that could not be replayed.
    pub errors: usize,
    /// Per ambiguity entry (or switch, for a switch without one): in how
    /// many games some profile's verdicts split from the main one's on it.
    pub ambiguities: BTreeMap<String, usize>,
}

impl Summary {
    /// Adds one game's report.
    pub fn add(&mut self, r: &GameReport) {
        self.games += 1;
        self.plies += r.plies;
        self.illegal += usize::from(r.illegal.is_some());
        self.wrong_results += usize::from(r.wrong_result.is_some());
        self.errors += usize::from(r.error.is_some());
        let mut seen: Vec<&String> = Vec::new();
        for sp in &r.splits {
            let keys = if sp.ambiguities.is_empty() {
                &sp.switches
            } else {
                &sp.ambiguities
            };
            for k in keys {
                if !seen.contains(&k) {
                    seen.push(k);
                    *self.ambiguities.entry(k.clone()).or_default() += 1;
                }
            }
        }
    }
}

/// The record format of `file` for game `G`: `format` when given, else
/// the one whose extension the file name ends with.
pub fn format_of<G: Notation>(file: &str, format: Option<&str>) -> Option<&'static str> {
    let lower = file.to_ascii_lowercase();
    G::RECORD_FORMATS
        .iter()
        .find(|f| match format {
            Some(name) => f.name == name,
            None => f
                .extensions
                .iter()
                .any(|e| lower.ends_with(&format!(".{e}"))),
        })
        .map(|f| f.name)
}

/// Replays every game of `text` (the contents of `file`), calling `each`
/// with each game's report as it is done (so long files stream). The
/// error: the options name no format, profile or implementation of `G`.
pub fn replay<G: Rules>(
    file: &str,
    text: &str,
    opts: &Options,
    mut each: impl FnMut(GameReport),
) -> Result<(), String> {
    let format = format_of::<G>(file, opts.format.as_deref()).ok_or_else(|| {
        let names: Vec<String> = G::RECORD_FORMATS
            .iter()
            .map(|f| format!("{} (.{})", f.name, f.extensions.join(", .")))
            .collect();
        format!(
            "{file}: no record format of {} fits{}: expected one of {}",
            G::NAME,
            opts.format
                .as_deref()
                .map(|f| format!(" `{f}`"))
                .unwrap_or_default(),
            if names.is_empty() {
                "none (this game reads no records yet)".to_string()
            } else {
                names.join(", ")
            }
        )
    })?;
    let info = G::RECORD_FORMATS
        .iter()
        .find(|f| f.name == format)
        .expect("found above");
    let imp = G::implementations()
        .into_iter()
        .find(|i| i.name() == opts.implementation)
        .ok_or_else(|| {
            format!(
                "{} has no implementation `{}`",
                G::NAME,
                opts.implementation
            )
        })?;
    let fixed = match &opts.profile {
        Some(p) => Some(G::Profile::parse(p)?),
        None => None,
    };
    let others: Vec<G::Profile> = if opts.all_profiles {
        G::Profile::names()
            .iter()
            .map(|n| G::Profile::parse(n).expect("a built-in profile parses"))
            .collect()
    } else {
        Vec::new()
    };
    for (k, rec) in G::read_records(format, text).into_iter().enumerate() {
        let report = match rec {
            Err(e) => GameReport {
                file: file.to_string(),
                index: k + 1,
                line: e.at.line as usize,
                game: G::NAME.to_string(),
                profile: String::new(),
                label: String::new(),
                plies: 0,
                illegal: None,
                claimed: None,
                wrong_result: None,
                outcome: String::new(),
                splits: Vec::new(),
                error: Some(format!(
                    "line {}, column {}: {}",
                    e.at.line, e.at.column, e.message
                )),
            },
            Ok(rec) => {
                let profile = match &fixed {
                    Some(p) => p.clone(),
                    None => {
                        let name = G::record_profile(&rec).unwrap_or(G::Profile::names()[0]);
                        G::Profile::parse(name)?
                    }
                };
                audit(file, k + 1, &rec, info.notation, imp, &profile, &others)
            }
        };
        each(report);
    }
    Ok(())
}

/// A game replayed under one profile: the game after the last legal move,
/// the moves played, and the first refusal.
struct Run<G: Rules> {
    game: Option<Box<dyn Game<G>>>,
    plies: usize,
    illegal: Option<IllegalMove>,
    /// Per ply (0 = the setup): the outcome after it.
    outcomes: Vec<String>,
    error: Option<String>,
}

fn run<G: Rules>(
    rec: &Record<G>,
    notation: &str,
    imp: &dyn Implementation<G>,
    profile: &G::Profile,
) -> Run<G> {
    let mut g = match imp.start(&rec.setup, profile) {
        Ok(g) => g,
        Err(why) => {
            return Run {
                game: None,
                plies: 0,
                illegal: None,
                outcomes: Vec::new(),
                error: Some(format!("the rules refuse the record's setup: {why}")),
            };
        }
    };
    let mut outcomes = vec![g.outcome().to_string()];
    let mut illegal = None;
    'moves: for (i, m) in rec.moves.iter().enumerate() {
        // The actions the record format leaves unwritten before this move
        // (a backgammon match file's decision to roll): played, not counted
        // as plies of the record. A few at most, so a game that keeps
        // implying cannot loop.
        for _ in 0..4 {
            let Some(a) = G::implied(&*g, m) else { break };
            if let Err(e) = g.play(&a) {
                let why = format!("before it, the unwritten {a}: {}", e.explanation);
                illegal = Some(IllegalMove::by_rule(i + 1, m, e, why));
                break 'moves;
            }
        }
        match resolve::<G>(Some(notation), &*g, &m.text) {
            Resolved::Legal { action } => match g.play(&action) {
                Ok(_) => outcomes.push(g.outcome().to_string()),
                Err(e) => {
                    let why = e.explanation.clone();
                    illegal = Some(IllegalMove::by_rule(i + 1, m, e, why));
                    break;
                }
            },
            Resolved::Refused(r) => {
                illegal = Some(IllegalMove {
                    ply: i + 1,
                    text: m.text.clone(),
                    line: m.line,
                    rule: r.rule.map(|c| c.to_string()),
                    clause: r.clause,
                    why: r.why,
                    closest: r.closest,
                });
                break;
            }
        }
    }
    Run {
        plies: outcomes.len() - 1,
        game: Some(g),
        illegal,
        outcomes,
        error: None,
    }
}

fn audit<G: Rules>(
    file: &str,
    index: usize,
    rec: &Record<G>,
    notation: &str,
    imp: &dyn Implementation<G>,
    profile: &G::Profile,
    others: &[G::Profile],
) -> GameReport {
    let main = Main {
        rec,
        notation,
        imp,
        profile,
        run: run(rec, notation, imp, profile),
    };
    let label = [
        "White", "Black", "Red", "Blue", "Player1", "Player2", "Event",
    ]
    .iter()
    .filter_map(|k| {
        rec.tag(k)
            .filter(|v| !v.is_empty() && *v != "?")
            .map(|v| format!("{k}: {v}"))
    })
    .take(3)
    .collect::<Vec<_>>()
    .join(", ");
    let wrong_result = match (&main.run.game, &rec.result, &main.run.illegal) {
        (Some(g), Some(claim), None) => G::check_result(claim, rec, &**g),
        _ => None,
    };
    let splits = others
        .iter()
        .filter(|p| p.name() != profile.name() || *p != profile)
        .filter_map(|other| main.split(other))
        .collect();
    let main = main.run;
    GameReport {
        file: file.to_string(),
        index,
        line: rec.line,
        game: G::NAME.to_string(),
        profile: profile.name().to_string(),
        label,
        plies: main.plies,
        outcome: main.outcomes.last().cloned().unwrap_or_default(),
        illegal: main.illegal,
        claimed: rec.result.clone(),
        wrong_result,
        splits,
        error: main.error,
    }
}

/// One record replayed under the profile it is audited under: the run
/// every other profile's run is held to.
struct Main<'a, G: Rules> {
    rec: &'a Record<G>,
    notation: &'a str,
    imp: &'a dyn Implementation<G>,
    profile: &'a G::Profile,
    run: Run<G>,
}

impl<G: Rules> Main<'_, G> {
    /// The record replayed under `other` instead.
    fn under(&self, other: &G::Profile) -> Run<G> {
        run(self.rec, self.notation, self.imp, other)
    }

    /// Where `other` first parts from the main run.
    fn split(&self, other: &G::Profile) -> Option<Split> {
        let main = &self.run;
        let o = self.under(other);
        let first_outcome = main
            .outcomes
            .iter()
            .zip(&o.outcomes)
            .position(|(a, b)| a != b);
        let illegal_ply = |r: &Run<G>| r.illegal.as_ref().map(|i| i.ply);
        let (ply, what) = match (first_outcome, illegal_ply(main), illegal_ply(&o)) {
            (Some(p), _, _)
                if [illegal_ply(main), illegal_ply(&o)]
                    .iter()
                    .flatten()
                    .all(|&q| p < q) =>
            {
                (
                    p,
                    format!(
                        "the outcome: {} here, {} under {}",
                        main.outcomes[p],
                        o.outcomes[p],
                        other.name()
                    ),
                )
            }
            (_, a, b) if a == b => return None,
            (_, a, b) => {
                let at = a.unwrap_or(usize::MAX).min(b.unwrap_or(usize::MAX));
                let (who, r) = if a == Some(at) {
                    ("here", main)
                } else {
                    (other.name(), &o)
                };
                let i = r.illegal.as_ref().expect("the earlier refusal");
                (
                    at,
                    format!(
                        "`{}` is illegal {who} ({}{}) and legal {}",
                        i.text,
                        i.rule
                            .as_deref()
                            .map(|x| format!("{x}, "))
                            .unwrap_or_default(),
                        i.clause,
                        if who == "here" {
                            format!("under {}", other.name())
                        } else {
                            "here".to_string()
                        }
                    ),
                )
            }
        };
        let (switches, ambiguities) = self.cause(other);
        Some(Split {
            profile: other.name().to_string(),
            ply,
            what,
            switches,
            ambiguities,
        })
    }

    /// Which of the switches that differ between `profile` and `other` make
    /// the game part: each is set alone on `profile` (an override,
    /// `fide+threefold=automatic`) and the game replayed; those that part it
    /// are the cause, with their ambiguity entries. When none parts it alone
    /// (switches that only act together), all of them are named.
    fn cause(&self, other: &G::Profile) -> (Vec<String>, Vec<String>) {
        let (main, profile) = (&self.run, self.profile);
        let (all, _) = differing::<G>(profile, other);
        let values: BTreeMap<String, Value> =
            flatten(&serde_json::to_value(other).unwrap_or(Value::Null))
                .into_iter()
                .collect();
        let alone: Vec<String> = all
            .iter()
            .filter(|s| {
                let Some(v) = values.get(*s) else {
                    return false;
                };
                let v = match v {
                    Value::String(t) => t.clone(),
                    other => other.to_string(),
                };
                let Ok(p) = G::Profile::parse(&format!("{}+{s}={v}", profile.name())) else {
                    return false;
                };
                let o = self.under(&p);
                o.outcomes != main.outcomes
                    || o.illegal.as_ref().map(|i| i.ply) != main.illegal.as_ref().map(|i| i.ply)
            })
            .cloned()
            .collect();
        let switches = if alone.is_empty() { all } else { alone };
        (switches.clone(), ambiguities_of::<G>(&switches))
    }
}

fn ambiguities_of<G: Rules>(switches: &[String]) -> Vec<String> {
    let mut ambiguities: Vec<String> = switches
        .iter()
        .filter_map(|s| {
            G::Profile::switches()
                .iter()
                .find(|i| i.switch == s)
                .and_then(|i| i.ambiguity)
                .map(str::to_string)
        })
        .collect();
    ambiguities.sort();
    ambiguities.dedup();
    ambiguities
}

/// The switches whose values differ between two profiles, and their
/// ambiguity entries.
fn differing<G: Rules>(a: &G::Profile, b: &G::Profile) -> (Vec<String>, Vec<String>) {
    let fa = flatten(&serde_json::to_value(a).unwrap_or(Value::Null));
    let fb: BTreeMap<String, Value> = flatten(&serde_json::to_value(b).unwrap_or(Value::Null))
        .into_iter()
        .collect();
    let switches: Vec<String> = fa
        .into_iter()
        .filter(|(k, v)| fb.get(k) != Some(v))
        .map(|(k, _)| k)
        .collect();
    let ambiguities = ambiguities_of::<G>(&switches);
    (switches, ambiguities)
}
