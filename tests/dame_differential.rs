//! Differential tests for Dame: the bitboard engine must give the
//! reference's legal-action lists, verdicts (rule, clause and explanation),
//! notes, boards and outcomes, ply by ply, on random games under random
//! profiles (each named profile with any combination of the mutants' switch
//! changes). The run prints a tally of what it exercised and fails below
//! floors.
//!
//! Games: `ARBITER_DAME_DIFF_GAMES` (default 300), each at most 80 plies.
//! Run with `--nocapture` to see the tally.

use arbiter::games::dame::workload::{Seeded, Tally, compare_game, compare_perft};

#[test]
fn engine_agrees_with_the_reference_on_random_games() {
    let games: u64 = std::env::var("ARBITER_DAME_DIFF_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300);
    let mut tally = Tally::default();
    for seed in 0..games {
        if let Err(e) = compare_game(&mut Seeded(seed), 80, &mut tally) {
            panic!("seed {seed}: {e}");
        }
    }
    println!("{tally}");
    assert!(tally.multi_captures > 10, "{tally}");
    assert!(tally.crownings > 10, "{tally}");
    assert!(tally.huffs > 10, "{tally}");
    assert!(tally.overlooked > 10, "{tally}");
    assert!(tally.refusals > 1000, "{tally}");
}

/// The engine's perft counts the last ply without listing it; the
/// reference lists every ply. Both must count the same leaves below
/// positions of random games under random profiles (huffs pending, Damen
/// flying or not, every capture switch).
#[test]
fn engine_perft_agrees_with_the_reference() {
    let mut leaves = 0;
    let mut nonzero = 0;
    for seed in 0..150 {
        match compare_perft(&mut Seeded(1_000_000 + seed), 3) {
            Ok(n) => {
                leaves += n;
                nonzero += u64::from(n > 0);
            }
            Err(e) => panic!("seed {seed}: {e}"),
        }
    }
    println!("{nonzero} positions, {leaves} leaves");
    assert!(nonzero > 100, "{nonzero} positions with leaves");
    assert!(leaves > 10_000, "{leaves} leaves");
}
