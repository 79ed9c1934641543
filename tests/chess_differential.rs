//! Chess: the engine gives the reference's legal actions, verdicts (rule
//! codes), notes and outcomes in random games under every named profile and
//! every mutant, from the workload's setups. The tally printed at the end
//! (`cargo test --test chess_differential -- --nocapture`) shows what the
//! games reached. Longer runs: the `#[ignore]`d test, or the
//! `chess_differential` fuzz target (docs/fuzzing.md). Short random games
//! from the same setups and profiles are also the chess part of
//! `tests/battery.rs`.

use arbiter::games::chess::position::Position;
use arbiter::games::chess::workload::{SETUPS, SplitMix, Tally, compare_game, profiles};

fn run(seeds: std::ops::Range<u64>, plies: usize) -> Tally {
    let profiles = profiles();
    let mut tally = Tally::default();
    for seed in seeds {
        for (i, fen) in SETUPS.iter().enumerate() {
            let setup = Position::from_fen(fen).unwrap();
            let profile = &profiles[(seed as usize * SETUPS.len() + i) % profiles.len()];
            let mut src = SplitMix(seed * 1000 + i as u64);
            if let Err(e) = compare_game(&setup, profile, &mut src, plies, &mut tally) {
                panic!("{e}");
            }
        }
    }
    tally
}

#[test]
fn engine_plays_like_the_reference() {
    let tally = run(0..6, 120);
    println!("{tally}");
    assert!(tally.games >= 100);
    // The games reach the rules they are meant to test.
    assert!(tally.threefold + tally.fivefold > 0, "{tally}");
    assert!(
        tally.checkmates + tally.stalemates + tally.material > 0,
        "{tally}"
    );
}

#[test]
#[ignore = "a few minutes in a debug build; cargo test --release --test chess_differential -- --ignored"]
fn engine_plays_like_the_reference_long() {
    let tally = run(0..200, 300);
    println!("{tally}");
}
