//! Running a scenario against an implementation and comparing every
//! expectation it states.

use std::fmt;

use crate::games::stratego::game::{ChaseNote, Implementation};
use crate::games::stratego::profile::Profile;
use crate::games::stratego::verdict::Verdict;

use super::format::{Legality, MoveOverride, SequenceMark};
use super::load::{Loc, Scenario};

/// One expectation that did not hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The profile the run used.
    pub profile: String,
    /// Where in the scenario file the expectation is written.
    pub at: Loc,
    /// What was expected and what happened.
    pub message: String,
}

/// The result of one scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Every expectation held under every selected profile.
    Pass,
    /// Some did not.
    Fail(Vec<Failure>),
    /// No selected profile applies to this scenario.
    Skip(String),
}

/// A scenario's result, with the scenario's identity.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// Scenario ID.
    pub id: String,
    /// Scenario file.
    pub path: std::path::PathBuf,
    /// Result.
    pub status: Status,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}] {}", self.profile, self.message)
    }
}

/// Runs `scenario` under each of its profiles (or only `only`, when given).
pub fn run(scenario: &Scenario, imp: &dyn Implementation, only: Option<&str>) -> Outcome {
    let selected: Vec<&Profile> = scenario
        .profiles
        .iter()
        .filter(|p| only.is_none_or(|o| o == p.name))
        .collect();
    let status = if selected.is_empty() {
        Status::Skip(format!(
            "not written for profile {}",
            only.unwrap_or_default()
        ))
    } else {
        let failures: Vec<Failure> = selected
            .into_iter()
            .flat_map(|p| run_profile(scenario, imp, p))
            .collect();
        if failures.is_empty() {
            Status::Pass
        } else {
            Status::Fail(failures)
        }
    };
    Outcome {
        id: scenario.id.clone(),
        path: scenario.path.clone(),
        status,
    }
}

fn describe(v: &Verdict) -> String {
    match v {
        Verdict::Legal => "legal".into(),
        Verdict::Illegal(i) => format!("illegal ({}, {}: {})", i.rule, i.clause, i.explanation),
    }
}

/// Runs one profile; returns the failures.
pub fn run_profile(
    scenario: &Scenario,
    imp: &dyn Implementation,
    profile: &Profile,
) -> Vec<Failure> {
    let p = profile.name.clone();
    let mut failures = Vec::new();
    let mut fail = |at: Loc, message: String| {
        failures.push(Failure {
            profile: p.clone(),
            at,
            message,
        })
    };
    let mut game = match imp.start(&scenario.setup, profile) {
        Ok(g) => g,
        Err(e) => {
            fail(scenario.id_at, format!("setup refused: {e}"));
            return failures;
        }
    };
    for (i, m) in scenario.moves.iter().enumerate() {
        let ply = i + 1;
        let exp = m.expectations(&profile.name);
        if exp.expect == Some(Legality::Illegal) {
            let v = game.judge(m.mv);
            if v.rule() != exp.rule {
                fail(
                    m.at,
                    format!(
                        "move {ply} {}: expected illegal ({}), got {}",
                        m.mv,
                        exp.rule.map(|r| r.to_string()).unwrap_or_default(),
                        describe(&v)
                    ),
                );
            }
            // The move is not played: this profile's run ends here.
            return failures;
        }
        let report = match game.play(m.mv) {
            Ok(r) => r,
            Err(ill) => {
                fail(
                    m.at,
                    format!(
                        "move {ply} {} is illegal: {} ({}): {}; the scenario plays it as legal",
                        m.mv, ill.rule, ill.clause, ill.explanation
                    ),
                );
                return failures;
            }
        };
        if let Some(want) = exp.two_squares {
            let got = report.two_squares.as_ref().map(|n| n.count);
            if got != Some(want) {
                fail(
                    m.at,
                    format!(
                        "move {ply} {}: two_squares expected {want}, got {}",
                        m.mv,
                        got.map_or("none".into(), |g| g.to_string())
                    ),
                );
            }
        }
        if let Some(want) = exp.sequence {
            let got = report.two_squares.as_ref().map(|n| {
                if n.starts {
                    SequenceMark::Start
                } else {
                    SequenceMark::Continue
                }
            });
            if got != Some(want) {
                fail(
                    m.at,
                    format!(
                        "move {ply} {}: sequence expected {want:?}, got {got:?}",
                        m.mv
                    ),
                );
            }
        }
        if let Some(want) = exp.combat {
            let got = report.combat.map(|c| c.1);
            if got != Some(want) {
                fail(
                    m.at,
                    format!("move {ply} {}: combat expected {want:?}, got {got:?}", m.mv),
                );
            }
        }
        check_chase(&exp, report.chase.as_ref(), &mut |message| {
            fail(m.at, format!("move {ply} {}: {message}", m.mv))
        });
        if let Some(want) = exp.outcome
            && report.outcome != want
        {
            fail(
                m.at,
                format!(
                    "move {ply} {}: outcome expected {want}, got {}",
                    m.mv, report.outcome
                ),
            );
        }
    }
    if let Some(want) = scenario.result {
        let got = game.outcome();
        if got != want {
            fail(scenario.id_at, format!("result expected {want}, got {got}"));
        }
    }
    for probe in &scenario.probes {
        let exp = probe.expectation(&profile.name);
        let v = game.judge(probe.mv);
        let ok = match exp.expect {
            Legality::Legal => v.is_legal(),
            Legality::Illegal => v.rule() == exp.rule,
        };
        if !ok {
            let want = match exp.expect {
                Legality::Legal => "legal".to_string(),
                Legality::Illegal => format!(
                    "illegal ({})",
                    exp.rule.map(|r| r.to_string()).unwrap_or_default()
                ),
            };
            fail(
                probe.at,
                format!("probe {}: expected {want}, got {}", probe.mv, describe(&v)),
            );
        }
    }
    failures
}

/// Compares the more-squares expectations of a move with its chase note
/// (absent when the profile has the rule switched off).
fn check_chase(exp: &MoveOverride, note: Option<&ChaseNote>, fail: &mut dyn FnMut(String)) {
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
        exp.chase.map(|w| w.to_string()),
        note.map(|n| n.mark.to_string()),
    );
    same(
        "chasers",
        exp.chasers.map(|w| w.to_string()),
        note.map(|n| n.chasers.to_string()),
    );
    same(
        "chasing_move",
        exp.chasing_move.map(|w| w.to_string()),
        note.map(|n| n.chasing_move.to_string()),
    );
    same(
        "evades",
        exp.evades.map(|w| w.to_string()),
        note.map(|n| n.evades.to_string()),
    );
    if let Some(want) = &exp.threatens {
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
    if let Some(want) = exp.repeats {
        let got = note.map(|n| n.repeats);
        if got != Some(Some(want)) {
            fail(format!(
                "repeats expected ply {want}, got {}",
                show(got.map(|g| g.map_or("no repeat".into(), |p| format!("ply {p}"))))
            ));
        }
    }
}
