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

/// The engine's native random games (`EngineGame::playout`, no `Game`
/// trait) play the games the trait loop plays on the reference and on the
/// engine with the same draws: same plies, outcome, position and final
/// legal list, from the start and from scattered setups under random
/// profiles (named ones with any of the mutants' switch changes, so the
/// no-progress draw and the faulty end-of-game orders are played too).
/// Every way a game ends must be reached.
#[test]
fn native_random_games_play_the_trait_games() {
    use arbiter::games::dame::board::Setup;
    use arbiter::games::dame::game::{DrawReason, Outcome, WinReason};
    use arbiter::games::dame::workload::{compare_playout, random_profile, random_setup};
    use std::collections::BTreeMap;

    let mut ends: BTreeMap<String, u32> = BTreeMap::new();
    let mut plies = 0;
    for seed in 0..400u64 {
        let mut c = Seeded(seed);
        let profile = random_profile(&mut c);
        let setup = if seed % 2 == 0 {
            Setup::start()
        } else {
            random_setup(&mut c)
        };
        match compare_playout(&setup, &profile, 7_000 + seed, 400) {
            Ok(f) => {
                plies += f.plies;
                let key = match f.outcome {
                    Outcome::Ongoing => "capped".to_string(),
                    Outcome::WhiteWins(r) | Outcome::BlackWins(r) => format!("{r:?}"),
                    Outcome::Draw(r) => format!("{r:?}"),
                };
                *ends.entry(key).or_default() += 1;
            }
            Err(e) => panic!("seed {seed}: {e}"),
        }
    }
    println!("{plies} plies; endings {ends:?}");
    for end in [
        format!("{:?}", WinReason::AllCaptured),
        format!("{:?}", WinReason::NoLegalMove),
        format!("{:?}", DrawReason::NoProgress),
    ] {
        assert!(ends.get(&end).is_some_and(|n| *n >= 3), "{end}: {ends:?}");
    }
    assert!(plies > 20_000, "{plies} plies");
}

/// The native loop under each named profile, whose switches it may read as
/// constants (`engine/playout.rs`): the same games as the trait loop on the
/// reference and the engine, from the start and from random setups.
#[test]
fn native_random_games_under_the_named_profiles_play_the_trait_games() {
    use arbiter::games::dame::board::Setup;
    use arbiter::games::dame::profile::Profile;
    use arbiter::games::dame::workload::{compare_playout, random_setup};

    for name in Profile::NAMES {
        let profile = Profile::parse(name).expect("a named profile");
        let mut plies = 0;
        for seed in 0..40u64 {
            let setup = if seed % 2 == 0 {
                Setup::start()
            } else {
                random_setup(&mut Seeded(seed))
            };
            match compare_playout(&setup, &profile, 9_000 + seed, 400) {
                Ok(f) => plies += f.plies,
                Err(e) => panic!("{name}, seed {seed}: {e}"),
            }
        }
        assert!(plies > 1_000, "{name}: {plies} plies");
    }
}
