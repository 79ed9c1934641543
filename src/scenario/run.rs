//! Running a scenario against an implementation and comparing every
//! expectation it states.

use std::fmt;

use crate::rules::{Annotations, Implementation, RuleProfile, Rules, Verdict};

use super::format::Legality;
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
    /// No selected profile applies to this scenario, or the implementation
    /// declines a profile run (`Implementation::supports`; the reason then
    /// starts with `declined`).
    Skip(String),
}

/// A scenario's result, with the scenario's identity.
#[derive(Clone, Debug)]
pub struct ScenarioResult {
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
pub fn run<G: Rules>(
    scenario: &Scenario<G>,
    imp: &dyn Implementation<G>,
    only: Option<&str>,
) -> ScenarioResult {
    let selected: Vec<&G::Profile> = scenario
        .profiles
        .iter()
        .filter(|p| only.is_none_or(|o| o == p.name()))
        .collect();
    let status = if selected.is_empty() {
        Status::Skip(format!(
            "not written for profile {}",
            only.unwrap_or_default()
        ))
    } else {
        // A profile run the implementation declines (`supports`: a setup
        // or profile it was not built to play) is not compared; a refused
        // setup is still the implementation's to refuse.
        let (played, declined): (Vec<&G::Profile>, Vec<&G::Profile>) = selected
            .into_iter()
            .partition(|p| scenario.refused.is_some() || imp.supports(&scenario.setup, p).is_ok());
        let failures: Vec<Failure> = played
            .iter()
            .flat_map(|p| run_profile(scenario, imp, p))
            .collect();
        if !failures.is_empty() {
            Status::Fail(failures)
        } else if let Some(p) = declined.first() {
            let why = imp.supports(&scenario.setup, p).err().unwrap_or_default();
            Status::Skip(format!("declined by the {}: {why}", imp.name()))
        } else {
            Status::Pass
        }
    };
    ScenarioResult {
        id: scenario.id.clone(),
        path: scenario.path.clone(),
        status,
    }
}

fn describe<G: Rules>(v: &Verdict<G>) -> String {
    match v {
        Verdict::Legal => "legal".into(),
        Verdict::Illegal(i) => format!("illegal ({}, {}: {})", i.rule, i.clause, i.explanation),
    }
}

/// What is wrong with the why of refusal `v`, given the clause it must cite
/// and the words its explanation must contain (`clause:`, `because:`).
/// Only arbiter's own implementations run here (`arbiter check`, the
/// corpus tests); an engine over the protocol answers a rule code alone.
fn why_differs<G: Rules>(
    v: &Verdict<G>,
    clause: Option<&str>,
    because: Option<&str>,
) -> Option<String> {
    let Verdict::Illegal(i) = v else {
        return None;
    };
    if let Some(want) = clause
        && i.clause != want
    {
        return Some(format!(
            "refused ({}) citing {}, not {want}: {}",
            i.rule, i.clause, i.explanation
        ));
    }
    if let Some(words) = because
        && !i.explanation.contains(words)
    {
        return Some(format!(
            "the refusal ({}, {}) does not say \"{words}\": {}",
            i.rule, i.clause, i.explanation
        ));
    }
    None
}

/// Runs one profile; returns the failures.
pub fn run_profile<G: Rules>(
    scenario: &Scenario<G>,
    imp: &dyn Implementation<G>,
    profile: &G::Profile,
) -> Vec<Failure> {
    run_profile_as(scenario, imp, profile, profile)
}

/// Runs the implementation under `profile` against the expectations the
/// scenario states for `written_for` (the same profile, except in the kill
/// matrix, where a mutant of a profile is held to that profile's
/// expectations: a mutant that switches a rule off must still be found out
/// by the annotations of that rule). Returns the failures.
pub fn run_profile_as<G: Rules>(
    scenario: &Scenario<G>,
    imp: &dyn Implementation<G>,
    profile: &G::Profile,
    written_for: &G::Profile,
) -> Vec<Failure> {
    let p = profile.name().to_string();
    let mut failures = Vec::new();
    let mut fail = |at: Loc, message: String| {
        failures.push(Failure {
            profile: p.clone(),
            at,
            message,
        })
    };
    if let Some(r) = &scenario.refused {
        // The scenario's whole point: no game starts from this setup, and
        // the clause it states is the one that refuses it. The words are the
        // implementation's; the clause its refusal ends with must be the
        // scenario's (`clauses::named_clause`), or the corpus could claim a
        // clause it never exercises.
        match imp.start(&scenario.setup, profile) {
            Ok(_) => fail(
                r.at,
                format!("the setup was accepted, but {} refuses it", r.clause),
            ),
            Err(why) => match crate::scenario::clauses::named_clause(&why) {
                Some(c) if c == r.clause => {}
                Some(c) => fail(
                    r.at,
                    format!("the setup is refused by {c}, not by {}: {why}", r.clause),
                ),
                None => fail(
                    r.at,
                    format!(
                        "the setup is refused, but the refusal names no clause (it must end with the one that refuses, as {} would): {why}",
                        r.clause
                    ),
                ),
            },
        }
        return failures;
    }
    let mut game = match imp.start(&scenario.setup, profile) {
        Ok(g) => g,
        Err(e) => {
            fail(scenario.id_at, format!("setup refused: {e}"));
            return failures;
        }
    };
    let line = scenario.line(written_for.name());
    let start_ply = game.ply();
    let mut listed = game.legal_actions();
    let tells = imp.tells_position();
    invariants(game.as_ref(), tells, &listed, start_ply, 0, &mut |m| {
        fail(scenario.id_at, format!("at the start: {m}"))
    });
    // Actions played so far (a refused one is judged, not played).
    let mut ply = 0;
    for m in &line.moves {
        ply += 1;
        let exp = m.expectations(written_for.name());
        if exp.expect == Some(Legality::Illegal) {
            let v = game.judge(&m.mv);
            if v.rule() == exp.rule && listed.contains(&m.mv) {
                fail(
                    m.at,
                    format!(
                        "move {ply} {}: judge refuses it, but the legal list has it",
                        m.mv
                    ),
                );
            }
            let why = why_differs(
                &v,
                exp.clause.as_ref().map(|c| c.value.as_str()),
                exp.because.as_ref().map(|b| b.value.as_str()),
            );
            if let (true, Some(why)) = (v.rule() == exp.rule, why) {
                fail(m.at, format!("move {ply} {}: {why}", m.mv));
            }
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
            position_differs(
                game.as_ref(),
                tells,
                exp.position.as_ref(),
                &mut |message| {
                    fail(
                        m.at,
                        format!("after move {ply} {} (refused): {message}", m.mv),
                    )
                },
            );
            // The move is not played: the profile's run goes on with its
            // continuation, if it has one (the loader made sure that
            // nothing else follows).
            ply -= 1;
            continue;
        }
        let spelled = game.canonical(&m.mv);
        let note = match game.play(&m.mv) {
            Ok(n) => n,
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
        if !spelled.is_some_and(|c| listed.contains(&c)) {
            fail(
                m.at,
                format!("move {ply} {}: played, but the legal list lacks it", m.mv),
            );
        }
        exp.annotations.compare(&note, written_for, &mut |message| {
            fail(m.at, format!("move {ply} {}: {message}", m.mv))
        });
        listed = game.legal_actions();
        invariants(
            game.as_ref(),
            tells,
            &listed,
            start_ply,
            ply,
            &mut |message| fail(m.at, format!("after move {ply} {}: {message}", m.mv)),
        );
        position_differs(
            game.as_ref(),
            tells,
            exp.position.as_ref(),
            &mut |message| fail(m.at, format!("after move {ply} {}: {message}", m.mv)),
        );
        if let Some(want) = &exp.outcome {
            let got = game.outcome();
            if &got != want {
                fail(
                    m.at,
                    format!("move {ply} {}: outcome expected {want}, got {got}", m.mv),
                );
            }
        }
    }
    if let Some(want) = line.result {
        let got = game.outcome();
        if &got != want {
            fail(scenario.id_at, format!("result expected {want}, got {got}"));
        }
    }
    for probe in line.probes {
        let exp = probe.expectation(written_for.name());
        let v = game.judge(&probe.mv);
        let ok = match exp.expect {
            Legality::Legal => v.is_legal(),
            Legality::Illegal => v.rule() == exp.rule,
        };
        if ok && exp.expect == Legality::Illegal {
            let why = why_differs(
                &v,
                exp.clause.as_ref().map(|c| c.value.as_str()),
                exp.because.as_ref().map(|b| b.value.as_str()),
            );
            if let Some(why) = why {
                fail(probe.at, format!("probe {}: {why}", probe.mv));
            }
        }
        let in_list = game
            .canonical(&probe.mv)
            .is_some_and(|c| listed.contains(&c))
            || listed.contains(&probe.mv);
        if ok && in_list != v.is_legal() {
            fail(
                probe.at,
                format!(
                    "probe {}: judge says {}, but the legal list {} it",
                    probe.mv,
                    if exp.expect == Legality::Legal {
                        "legal"
                    } else {
                        "illegal"
                    },
                    if in_list { "has" } else { "lacks" }
                ),
            );
        }
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

/// Compares the position `game` has reached with the one the scenario
/// writes (`position:`), as a position (`Wire::same_position`). An
/// implementation that does not tell its position (a third-party engine
/// without the `position` capability) is not asked; one that says it
/// tells (arbiter's own) and gives none fails.
fn position_differs<G: Rules>(
    game: &dyn crate::rules::Game<G>,
    tells_position: bool,
    want: Option<&super::format::ExpectedPosition<G>>,
    fail: &mut dyn FnMut(String),
) {
    let Some(Ok(want)) = want.map(|w| &w.setup) else {
        return;
    };
    if !tells_position {
        return;
    }
    match game.position() {
        None => fail("the scenario states the position reached, but position() gives none".into()),
        Some(got) if !G::same_position(&got, want) => fail(format!(
            "position expected {}, got {}",
            G::setup_to_wire(want),
            G::setup_to_wire(&got)
        )),
        Some(_) => {}
    }
}

/// What holds of every implementation at every ply, whatever the scenario
/// states (docs/architecture.md, "What every game respects"): `ply()`
/// counts the actions played, the legal list is empty exactly when the game
/// is over, every listed action is one `judge` accepts, and the position is
/// told only when the implementation says it tells it (the harness compares
/// positions only then), and then at least at the start. A slip in the code that lists actions or
/// counts plies shows here even where no scenario writes the list out.
fn invariants<G: Rules>(
    game: &dyn crate::rules::Game<G>,
    tells_position: bool,
    listed: &[G::Action],
    start_ply: usize,
    played: usize,
    fail: &mut dyn FnMut(String),
) {
    let at = game.ply();
    if at != start_ply + played {
        fail(format!(
            "ply() reports {at}, but {played} actions were played since the setup (at {start_ply})"
        ));
    }
    // A position some setups cannot hold (a backgammon double awaiting its
    // answer) may go untold later; the one the game started from never.
    let told = game.position().is_some();
    if told && !tells_position {
        fail(
            "the implementation says it does not tell the position, but position() gives one"
                .into(),
        );
    } else if !told && tells_position && played == 0 {
        fail(
            "the implementation says it tells the position, but position() gives none at the start"
                .into(),
        );
    }
    let outcome = game.outcome();
    if listed.is_empty() != G::is_over(&outcome) {
        fail(if listed.is_empty() {
            format!("no legal action, but the game is not over ({outcome})")
        } else {
            format!(
                "the game is over ({outcome}), but {} actions are listed as legal",
                listed.len()
            )
        });
    }
    if let Some(refused) = listed.iter().find(|a| !game.judge(a).is_legal()) {
        fail(format!(
            "the legal list has {refused}, which judge refuses: {}",
            describe(&game.judge(refused))
        ));
    }
}
