//! Differential tests: the engine must agree with the reference interpreter
//! on everything observable, ply by ply (see
//! `arbiter::games::stratego::engine::diff`). Games are generated with a bias
//! toward the moves that trigger the anti-repetition rules, and the run
//! reports how often each rule actually forbade a move.
//!
//! Case counts: `ARBITER_DIFF_CASES` (proptest cases per test, default 24) and
//! `ARBITER_DIFF_GAMES` / `ARBITER_DIFF_DUELS` (seeded games of the coverage
//! tests, default 80 / 200).
//! Run with `--nocapture` to see the tallies.

use std::sync::Mutex;

use arbiter::games::stratego::engine::diff::{Tally, compare_game};
use arbiter::games::stratego::engine::driver::{
    Bias, Choices, SplitMix, duel, duel_setup, full_setup, profile, setup_and_profile, sparse_setup,
};
use arbiter::games::stratego::verdict::RuleCode;
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
