//! Differential tests: the engine must agree with the reference interpreter
//! on everything observable, ply by ply (see
//! `arbiter::games::stratego::workload::diff`). Games are generated with a bias
//! toward the moves that trigger the anti-repetition rules, and the run
//! reports how often each rule actually forbade a move.
//!
//! Case counts: `ARBITER_DIFF_CASES` (proptest cases per test, default 24) and
//! `ARBITER_DIFF_GAMES` / `ARBITER_DIFF_DUELS` (seeded games of the coverage
//! tests, default 80 / 200).
//! Run with `--nocapture` to see the tallies.

use std::sync::Mutex;

use arbiter::games::stratego::verdict::RuleCode;
use arbiter::games::stratego::workload::diff::{Tally, compare_game};
use arbiter::games::stratego::workload::driver::{
    Bias, Choices, SplitMix, duel, duel_setup, full_setup, profile, rough_setup, setup_and_profile,
    sparse_setup,
};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};

fn env(name: &str, default: u32) -> u32 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn cases() -> u32 {
    env("ARBITER_DIFF_CASES", 24)
}

/// Runs proptest over choice vectors of `len` values, each describing a
/// profile, a setup of `kind` and a game of at most `max_plies`; prints
/// what the run exercised.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Sparse,
    Full,
    Duel,
    Mixed,
}

fn run(name: &str, kind: Kind, len: std::ops::Range<usize>, max_plies: usize) -> Tally {
    let total = Mutex::new(Tally::default());
    let mut runner = TestRunner::new(Config {
        cases: cases(),
        ..Config::default()
    });
    let result = runner.run(&prop::collection::vec(any::<u32>(), len), |values| {
        let mut src = Choices::new(values);
        let p = profile(&mut src);
        let (s, bias) = match kind {
            Kind::Full => (full_setup(&mut src), Bias::default()),
            Kind::Duel => (duel_setup(&mut src), Bias { attacks: false }),
            _ => (sparse_setup(&mut src), Bias::default()),
        };
        let mut t = Tally::default();
        let r = compare_game(&s, &p, bias, &mut src, max_plies, &mut t);
        total.lock().unwrap().add(&t);
        r.map_err(|m| TestCaseError::fail(m.to_string()))
    });
    let total = total.into_inner().unwrap();
    eprintln!("differential ({name}): {total}");
    if let Err(e) = result {
        panic!("{e}");
    }
    total
}

/// Sparse positions: few pieces packed together, so contact, chases and
/// ends of game (RP-6) come soon.
#[test]
fn engine_agrees_on_sparse_positions() {
    run("sparse", Kind::Sparse, 0..600, 200);
}

/// Full armies in legal setups.
#[test]
fn engine_agrees_on_full_armies() {
    run("full armies", Kind::Full, 80..500, 150);
}

/// Duels: a strong piece and one or two weaker ones walled into a corner,
/// where chases and shuttles repeat positions all the time.
#[test]
fn engine_agrees_in_duels() {
    run("duels", Kind::Duel, 0..800, 300);
}

/// Seeded games: the counts they print are reproducible, and the minimums
/// they assert keep the generators' bias from rotting away (a differential
/// test that never meets a forbidden move proves nothing).
fn seeded(name: &str, games: u32, kind: Kind, max_plies: usize) -> Tally {
    let mut total = Tally::default();
    for seed in 0..games as u64 {
        let mut src = SplitMix(seed);
        let (s, p, bias) = match kind {
            Kind::Mixed => setup_and_profile(&mut src),
            Kind::Duel => duel(&mut src),
            _ => unreachable!("seeded runs are mixed or duels"),
        };
        let mut t = Tally::default();
        if let Err(m) = compare_game(&s, &p, bias, &mut src, max_plies, &mut t) {
            panic!("{name} seed {seed}: {m}");
        }
        total.add(&t);
    }
    eprintln!("differential ({name}, seeded): {total}");
    total
}

#[test]
fn two_squares_is_exercised_thousands_of_times() {
    let games = env("ARBITER_DIFF_GAMES", 80);
    let total = seeded("mixed", games, Kind::Mixed, 100);
    let floor = (games as u64 * 25 / 4).min(1000);
    assert!(
        total.forbidden_by(RuleCode::TwoSquares) >= floor,
        "only {} plies with a two-squares refusal (expected {floor}); the bias has rotted",
        total.forbidden_by(RuleCode::TwoSquares)
    );
}

#[test]
fn more_squares_is_exercised_thousands_of_times() {
    let games = env("ARBITER_DIFF_DUELS", 200);
    let total = seeded("duels", games, Kind::Duel, 120);
    let floor = (games as u64 * 5).min(1000);
    for rule in [RuleCode::MoreSquares, RuleCode::TwoSquares] {
        assert!(
            total.forbidden_by(rule) >= floor,
            "only {} plies with a {rule} refusal (expected {floor}); the bias has rotted",
            total.forbidden_by(rule)
        );
    }
}

/// Setups are checked by each implementation on its own (the reference by
/// `Setup::validate`, the engine on its masks): they must accept the same
/// setups, refuse the others with the same error (RP-1.1, RP-1.2, RP-1.4,
/// RP-2.2, in entry order) and, when they accept, start from the same
/// board. The seeded setups must meet every kind of refusal.
#[test]
fn engine_checks_setups_as_the_reference_does() {
    use arbiter::games::stratego::position::SetupError;
    let mut kinds = [0u32; 4];
    let mut total = Tally::default();
    for seed in 0..400u64 {
        let mut src = SplitMix(seed);
        let p = profile(&mut src);
        let s = rough_setup(&mut src);
        match s.validate() {
            Err(SetupError::OffBoard { .. }) => kinds[0] += 1,
            Err(SetupError::Lake { .. }) => kinds[1] += 1,
            Err(SetupError::Occupied { .. }) => kinds[2] += 1,
            Err(SetupError::TooMany { .. }) => kinds[3] += 1,
            Ok(_) => {}
        }
        let mut t = Tally::default();
        if let Err(m) = compare_game(&s, &p, Bias::default(), &mut src, 10, &mut t) {
            panic!("rough setup, seed {seed}: {m}");
        }
        total.add(&t);
    }
    eprintln!("setups: refused off-board/lake/occupied/too-many {kinds:?}; {total}");
    assert!(kinds.iter().all(|&k| k >= 10), "{kinds:?}");
    assert_eq!(total.refused_setups, kinds.iter().sum::<u32>() as u64);
    assert!(
        total.games >= 50,
        "too few accepted setups: {}",
        total.games
    );
}
