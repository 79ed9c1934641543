//! Differential tests: the engine must agree with the reference interpreter
//! on everything observable, ply by ply (see
//! `arbiter::games::stratego::workload::diff`). Games are generated with a bias
//! toward the moves that trigger the anti-repetition rules, and the run
//! reports how often each rule actually forbade a move.
//!
//! The standard game is played most; Barrage and the 8×8 quick game
//! (`Variant`) get their own full-army, sparse and duel runs, seeded
//! coverage floors and a setup-refusal property.
//!
//! Case counts: `ARBITER_DIFF_CASES` (proptest cases per test, default 24) and
//! `ARBITER_DIFF_GAMES` / `ARBITER_DIFF_DUELS` (seeded games of the coverage
//! tests, default 80 / 200; the variants' coverage tests play half as many).
//! Run with `--nocapture` to see the tallies.

use std::sync::Mutex;

use arbiter::games::stratego::engine::layout::Layout;
use arbiter::games::stratego::engine::position::Position;
use arbiter::games::stratego::variant::Variant;
use arbiter::games::stratego::verdict::RuleCode;
use arbiter::games::stratego::workload::diff::{Tally, compare_game};
use arbiter::games::stratego::workload::driver::{
    Bias, Choices, Source, SplitMix, duel, duel_setup, full_setup, profile, rough_setup,
    setup_and_profile_on, sparse_setup,
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

fn run(
    name: &str,
    kind: Kind,
    variant: Variant,
    len: std::ops::Range<usize>,
    max_plies: usize,
) -> Tally {
    let total = Mutex::new(Tally::default());
    let mut runner = TestRunner::new(Config {
        cases: cases(),
        ..Config::default()
    });
    let result = runner.run(&prop::collection::vec(any::<u32>(), len), |values| {
        let mut src = Choices::new(values);
        let p = profile(&mut src);
        let (s, bias) = match kind {
            Kind::Full => (full_setup(&mut src, variant), Bias::default()),
            Kind::Duel => (duel_setup(&mut src, variant), Bias { attacks: false }),
            _ => (sparse_setup(&mut src, variant), Bias::default()),
        };
        let mut t = Tally::default();
        let r = compare_game(&s, &p, bias, &mut src, max_plies, &mut t);
        total.lock().unwrap().add(&t);
        r.map_err(|m| TestCaseError::fail(m.to_string()))
    });
    let total = total.into_inner().unwrap();
    eprintln!("differential ({name}, {variant}): {total}");
    if let Err(e) = result {
        panic!("{e}");
    }
    total
}

/// Sparse positions: few pieces packed together, so contact, chases and
/// ends of game (RP-6) come soon.
#[test]
fn engine_agrees_on_sparse_positions() {
    run("sparse", Kind::Sparse, Variant::Standard, 0..600, 200);
}

/// Full armies in legal setups.
#[test]
fn engine_agrees_on_full_armies() {
    run("full armies", Kind::Full, Variant::Standard, 80..500, 150);
}

/// Duels: a strong piece and one or two weaker ones walled into a corner,
/// where chases and shuttles repeat positions all the time.
#[test]
fn engine_agrees_in_duels() {
    run("duels", Kind::Duel, Variant::Standard, 0..800, 300);
}

/// Barrage: eight pieces a side set up on the standard board's home ranks.
#[test]
fn engine_agrees_on_barrage_armies() {
    run("full armies", Kind::Full, Variant::Barrage, 20..500, 200);
}

/// The 8×8 quick game: ten pieces a side on three home ranks, lakes C4 C5
/// F4 F5.
#[test]
fn engine_agrees_on_quick_8x8_armies() {
    run("full armies", Kind::Full, Variant::Quick8x8, 20..500, 200);
}

/// Sparse positions and duels on the 8×8 board (duels walled in by the
/// standard army's bombs, see `duel_setup`).
#[test]
fn engine_agrees_on_the_8x8_board() {
    run("sparse", Kind::Sparse, Variant::Quick8x8, 0..600, 200);
    run("duels", Kind::Duel, Variant::Quick8x8, 0..800, 300);
}

/// Seeded games: the counts they print are reproducible, and the minimums
/// they assert keep the generators' bias from rotting away (a differential
/// test that never meets a forbidden move proves nothing).
fn seeded(name: &str, games: u32, kind: Kind, variant: Variant, max_plies: usize) -> Tally {
    let mut total = Tally::default();
    for seed in 0..games as u64 {
        let mut src = SplitMix(seed);
        let (s, p, bias) = match kind {
            Kind::Mixed => setup_and_profile_on(&mut src, variant),
            Kind::Duel => duel(&mut src, variant),
            _ => unreachable!("seeded runs are mixed or duels"),
        };
        let mut t = Tally::default();
        if let Err(m) = compare_game(&s, &p, bias, &mut src, max_plies, &mut t) {
            panic!("{name} on {variant}, seed {seed}: {m}");
        }
        total.add(&t);
    }
    eprintln!("differential ({name}, {variant}, seeded): {total}");
    total
}

#[test]
fn two_squares_is_exercised_thousands_of_times() {
    let games = env("ARBITER_DIFF_GAMES", 80);
    let total = seeded("mixed", games, Kind::Mixed, Variant::Standard, 100);
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
    let total = seeded("duels", games, Kind::Duel, Variant::Standard, 120);
    let floor = (games as u64 * 5).min(1000);
    for rule in [RuleCode::MoreSquares, RuleCode::TwoSquares] {
        assert!(
            total.forbidden_by(rule) >= floor,
            "only {} plies with a {rule} refusal (expected {floor}); the bias has rotted",
            total.forbidden_by(rule)
        );
    }
}

/// The smaller variants meet both repetition rules too: mixed games on
/// Barrage and on the 8×8 board, and duels on the 8×8 board.
#[test]
fn both_rules_are_exercised_on_the_variants() {
    let games = env("ARBITER_DIFF_GAMES", 80) / 2;
    let duels = env("ARBITER_DIFF_DUELS", 200) / 2;
    for variant in [Variant::Barrage, Variant::Quick8x8] {
        let total = seeded("mixed", games, Kind::Mixed, variant, 100);
        let floor = (games as u64 * 3).min(500);
        assert!(
            total.forbidden_by(RuleCode::TwoSquares) >= floor,
            "{variant}: only {} plies with a two-squares refusal (expected {floor})",
            total.forbidden_by(RuleCode::TwoSquares)
        );
    }
    let total = seeded("duels", duels, Kind::Duel, Variant::Quick8x8, 120);
    let floor = (duels as u64 * 5).min(1000);
    for rule in [RuleCode::MoreSquares, RuleCode::TwoSquares] {
        assert!(
            total.forbidden_by(rule) >= floor,
            "quick-8x8 duels: only {} plies with a {rule} refusal (expected {floor})",
            total.forbidden_by(rule)
        );
    }
}

/// Setups are checked by each implementation on its own (the reference by
/// `Setup::validate`, the engine on its masks): they must accept the same
/// setups, refuse the others with the same error (RP-1.1, RP-1.2, RP-1.4,
/// RP-2.2, in entry order) and, when they accept, start from the same
/// board. On every variant the seeded setups must meet every kind of
/// refusal.
#[test]
fn engine_checks_setups_as_the_reference_does() {
    use arbiter::games::stratego::position::SetupError;
    for variant in Variant::ALL {
        let mut kinds = [0u32; 4];
        let mut total = Tally::default();
        for seed in 0..400u64 {
            let mut src = SplitMix(seed);
            let p = profile(&mut src);
            let s = rough_setup(&mut src, variant);
            match s.validate() {
                Err(SetupError::OffBoard { .. }) => kinds[0] += 1,
                Err(SetupError::Lake { .. }) => kinds[1] += 1,
                Err(SetupError::Occupied { .. }) => kinds[2] += 1,
                Err(SetupError::TooMany { .. }) => kinds[3] += 1,
                Ok(_) => {}
            }
            let mut t = Tally::default();
            if let Err(m) = compare_game(&s, &p, Bias::default(), &mut src, 10, &mut t) {
                panic!("rough setup on {variant}, seed {seed}: {m}");
            }
            total.add(&t);
        }
        eprintln!(
            "setups on {variant}: refused off-board/lake/occupied/too-many {kinds:?}; {total}"
        );
        assert!(kinds.iter().all(|&k| k >= 10), "{variant}: {kinds:?}");
        assert_eq!(total.refused_setups, kinds.iter().sum::<u32>() as u64);
        assert!(
            total.games >= 50,
            "{variant}: too few accepted setups: {}",
            total.games
        );
    }
}

proptest! {
    #![proptest_config(Config {
        cases: cases() * 10,
        failure_persistence: crate::common::regressions_beside_source(),
        ..Config::default()
    })]

    /// On every variant the engine's own setup check
    /// (`Position::from_setup`, against the setup's army) refuses exactly
    /// the setups the reference's `Setup::validate` refuses, with the same
    /// error. The setups are rough ones: a sparse setup of the variant with
    /// entries moved off the board, onto lakes, onto each other, or copied
    /// beyond the army's count.
    #[test]
    fn engine_and_reference_refuse_the_same_setups(values in prop::collection::vec(any::<u32>(), 0..120)) {
        let mut src = Choices::new(values);
        let variant = Variant::ALL[src.below(Variant::ALL.len() as u32) as usize];
        let s = rough_setup(&mut src, variant);
        let layout = Layout::new(&s.geometry).expect("the named boards fit the engine");
        let engine = Position::from_setup(&s.pieces, &s.army, &layout).map(|_| ());
        let reference = s.validate().map(|_| ());
        prop_assert_eq!(engine, reference, "{} setup {:?}", variant, s.pieces);
    }
}
