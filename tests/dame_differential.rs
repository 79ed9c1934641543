//! Differential tests for Dame: the bitboard engine must give the
//! reference's legal-action lists, verdicts (rule, clause and explanation),
//! notes, boards and outcomes, ply by ply, on random games under random
//! profiles (each named profile with any combination of the mutants' switch
//! changes). The run prints a tally of what it exercised and fails below
//! floors.
//!
//! Games: `ARBITER_DAME_DIFF_GAMES` (default 300), each at most 80 plies.
//! Run with `--nocapture` to see the tally.

use arbiter::games::dame::workload::{Seeded, Tally, compare_game};

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
