//! The Rust embedding: the corpus run in-process against an
//! `Implementation`, with a readable panic listing each failing scenario.

use arbiter::games::stratego::game::{Outcome, PlyReport, Stratego};
use arbiter::games::stratego::moves::Move;
use arbiter::games::stratego::piece::Color;
use arbiter::games::stratego::position::Setup;
use arbiter::games::stratego::profile::Profile;
use arbiter::games::stratego::reference::Reference;
use arbiter::harness::embed::{Options, check_corpus, run_corpus};
use arbiter::harness::report::Status;
use arbiter::rules::{Game, Illegal, Implementation, Verdict};

use crate::common;

/// The reference with one bug: it forgets the last of its legal moves.
struct Forgetful;

struct ForgetfulGame(Box<dyn Game<Stratego>>);

impl Implementation<Stratego> for Forgetful {
    fn name(&self) -> &'static str {
        "forgetful"
    }
    fn start(&self, setup: &Setup, profile: &Profile) -> Result<Box<dyn Game<Stratego>>, String> {
        Ok(Box::new(ForgetfulGame(Reference.start(setup, profile)?)))
    }
}

impl Game<Stratego> for ForgetfulGame {
    fn render(&self) -> String {
        self.0.render()
    }
    fn side_to_move(&self) -> Color {
        self.0.side_to_move()
    }
    fn outcome(&self) -> Outcome {
        self.0.outcome()
    }
    fn judge(&self, mv: &Move) -> Verdict<Stratego> {
        self.0.judge(mv)
    }
    fn legal_actions(&self) -> Vec<Move> {
        let mut m = self.0.legal_actions();
        m.pop();
        m
    }
    fn play(&mut self, mv: &Move) -> Result<PlyReport, Illegal<Stratego>> {
        self.0.play(mv)
    }
    fn ply(&self) -> usize {
        self.0.ply()
    }
}

fn small() -> Options {
    Options {
        paths: vec![common::repo("tests/data/harness/corpus")],
        ..Default::default()
    }
}

#[test]
fn the_reference_passes_the_whole_corpus_embedded() {
    let report = run_corpus(&Reference, &Options::default());
    assert!(report.summary.pass > 0);
    assert_eq!(report.mode, "embedded");
    let report = run_corpus(&Reference, &small());
    assert_eq!(report.summary.pass, 4);
}

#[test]
fn a_departing_engine_panics_with_a_readable_list() {
    let err = std::panic::catch_unwind(|| run_corpus(&Forgetful, &small()))
        .expect_err("the forgetful engine must not pass");
    let text = err.downcast_ref::<String>().cloned().unwrap_or_default();
    assert_eq!(
        text,
        "forgetful does not conform:\n\
         FAIL harness/back-and-forth: [modern-3] ply 0 (setup, red to move): wrongly forbids B2-C2\n\
         FAIL harness/isf-limit: [isf] ply 0 (setup, red to move): wrongly forbids B2-C2\n\
         FAIL harness/scout-boundaries: [modern-3] ply 0 (setup, red to move): wrongly forbids A3-J3\n\
         FAIL harness/scout-takes-flag: [play-only] ply 0 (setup, red to move): wrongly forbids B1-I1\n\
         0 passed, 4 failed, 0 skipped"
    );
}

#[test]
fn expected_failures_and_selection_work_embedded() {
    let opts = Options {
        xfail: vec!["harness/back-and-forth".into(), "harness/isf-limit".into()],
        run: vec!["harness/back-*".into(), "harness/isf-*".into()],
        ..small()
    };
    let report = run_corpus(&Forgetful, &opts);
    let statuses: Vec<Status> = report.cases.iter().map(|c| c.status).collect();
    // The two scenarios `run` leaves out are not in the report (they were,
    // as skipped: issue 42).
    assert_eq!(statuses, [Status::Xfail, Status::Xfail]);
    // Listed but passing: an xpass, which check_corpus reports without panicking.
    let report = check_corpus(&Reference, &opts);
    assert!(!report.is_ok());
    assert_eq!(report.summary.xpass, 2);
}

/// Hole 1 of the core issue: an implementation that declared only the
/// `chase` capability was never asked for its state, so a wrong chase
/// answer passed every more-squares scenario. It must be asked, and fail.
#[test]
fn an_implementation_declaring_only_chase_is_asked_for_its_state() {
    use std::time::Instant;

    use arbiter::harness::runner::{Options as RunOptions, run_sequential};
    use arbiter::harness::subject::{Local, Subject, Trouble};
    use arbiter::protocol::answer::hello;
    use arbiter::protocol::message::QueryKind;
    use arbiter::scenario::any::load_all;

    /// The reference, but every state reply has its chasing-move flag
    /// turned round.
    struct WrongChase(Local<'static, Stratego>);
    impl Subject for WrongChase {
        fn exchange(&mut self, line: &str, q: QueryKind, d: Instant) -> Result<String, Trouble> {
            let text = self.0.exchange(line, q, d)?;
            let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
            if let Some(serde_json::Value::Bool(b)) =
                v.get_mut("chase").and_then(|c| c.get_mut("chasing-move"))
            {
                *b = !*b;
            }
            Ok(v.to_string())
        }
    }

    let (scenarios, errors) = load_all(&[common::repo("scenarios/stratego/more-squares")]);
    assert!(errors.is_empty(), "{errors:?}");
    let mut declared = hello(&Reference);
    declared.capabilities = vec!["chase".into()];
    let mut subject = WrongChase(Local(&Reference));
    let cases = run_sequential(
        &scenarios,
        &mut subject,
        &declared,
        &RunOptions::default(),
        &|_| {},
    );
    let failed: Vec<&str> = cases
        .iter()
        .filter(|c| c.status == Status::Fail)
        .map(|c| c.id.as_str())
        .collect();
    assert!(
        failed.len() >= 10,
        "a wrong chase answer must fail the more-squares scenarios; failed only {failed:?}"
    );
    let message = cases
        .iter()
        .find(|c| c.status == Status::Fail)
        .and_then(|c| c.message.clone())
        .unwrap_or_default();
    assert!(message.contains("chase expected"), "{message}");
}

/// The reference playing every game under `play-only`, whatever profile it
/// is asked for: it knows neither repetition rule.
struct NoRepetitionRules;

impl Implementation<Stratego> for NoRepetitionRules {
    fn name(&self) -> &'static str {
        "no-repetition-rules"
    }
    fn start(&self, setup: &Setup, _: &Profile) -> Result<Box<dyn Game<Stratego>>, String> {
        Reference.start(setup, &Profile::parse("play-only")?)
    }
}

/// Point 3 of the real-engines issue: a failure names the moves wrongly
/// allowed with the reference's rule, clause and reason, and the run goes
/// on past the first departure, so each later one is listed too.
#[test]
fn a_departure_says_why_in_the_references_words_and_later_ones_are_listed() {
    let opts = Options {
        paths: vec![common::repo(
            "scenarios/stratego/two-squares/seed000/ex1-frontal.yaml",
        )],
        profile: Some("isf".into()),
        ..Default::default()
    };
    let report = check_corpus(&NoRepetitionRules, &opts);
    let case = &report.cases[0];
    assert_eq!(case.status, Status::Fail, "{case:?}");
    let run = &case.profiles[0];
    // Without the rule the implementation also reports no two-squares
    // count, which the state query shows at ply 1, the first departure.
    let first = run.departure.as_ref().expect("a departure");
    assert_eq!(first.ply, 1, "{first:?}");
    assert!(
        first.message.starts_with("two-squares expected 1x start"),
        "{first:?}"
    );
    // The run went on: the moves the rule forbids later are wrongly
    // allowed, each with the reference's reason.
    let allowing: Vec<_> = run
        .departures()
        .filter(|d| !d.wrongly_allows.is_empty())
        .collect();
    assert!(!allowing.is_empty(), "{run:?}");
    for d in &allowing {
        // One reason per move named, each the two-squares rule's refusal
        // with its clause and a sentence.
        assert_eq!(d.reasons.len(), d.wrongly_allows.len(), "{d:?}");
        for r in &d.reasons {
            assert_eq!(r.legal, Some(false), "{r:?}");
            assert_eq!(r.rule.as_deref(), Some("two-squares"), "{r:?}");
            assert!(
                r.clause.as_deref().is_some_and(|c| c.starts_with("TS-")),
                "{r:?}"
            );
            assert!(r.why.contains("(isf)"), "{r:?}");
        }
    }
    let plies: Vec<usize> = run.departures().map(|d| d.ply).collect();
    assert!(plies.windows(2).all(|w| w[0] <= w[1]), "{plies:?}");
    // The text report prints each of them with its reason.
    let text = arbiter::harness::format::text(&report, false);
    for d in run.departures() {
        assert!(text.contains(&format!("ply {} (", d.ply)), "{text}");
    }
    assert!(text.contains("is illegal (two-squares, TS-"), "{text}");
}

/// An embedded run is the implementation's game alone: another game's
/// scenario is neither listed (it used to be, as declined) nor counted, and
/// another game's file that fails to load is no error of the run.
#[test]
fn an_embedded_run_leaves_other_games_out() {
    let dir = common::temp_dir("embed-other-game");
    let broken = dir.join("broken-chess.yaml");
    std::fs::write(&broken, "game: chess\nid: t/broken\n").unwrap();
    let opts = Options {
        paths: vec![
            common::repo("tests/data/harness/corpus"),
            common::repo("scenarios/chess/statements/smothered-mate.yaml"),
            broken,
        ],
        ..Default::default()
    };
    let report = run_corpus(&Reference, &opts);
    let games: Vec<&str> = report.cases.iter().map(|c| c.game.as_str()).collect();
    assert_eq!(games, ["stratego"; 4], "{:?}", report.cases);
    assert_eq!(report.summary.skip, 0);
    assert_eq!(report.summary.error, 0);
}
