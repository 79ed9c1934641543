//! The battery (`arbiter::battery`) on every game of the registry: random
//! games from each game's own setups on the reference and the engine, the
//! consistency checks of each implementation and their agreement, ply by
//! ply, the spelling and wire round trips and `serve`'s answers. One
//! deterministic seed; the whole file runs in well under a minute in a
//! debug build. `--nocapture` prints what each game went through.

use arbiter::battery::run_named;
use arbiter::battery::{Fault, Options};
use arbiter::games::names;
use proptest::prelude::*;

fn options() -> Options {
    Options::default()
}

#[test]
fn every_game_passes_the_battery() {
    let mut failures = Vec::new();
    for game in names() {
        let t = std::time::Instant::now();
        match run_named(game, &options(), None) {
            Ok(r) => {
                println!("{}: {r} ({:.1?})", game, t.elapsed());
                assert!(r.plies >= 20, "{}: only {r}", game);
                assert!(r.illegal >= 20, "{}: few candidates: {r}", game);
                assert!(r.served > 0, "{}: {r}", game);
            }
            Err(e) => failures.push(e),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The battery catches an engine whose legal list lacks an action, and
/// one that judges every action legal, in every game.
#[test]
fn the_battery_catches_a_wrong_implementation() {
    let opts = Options {
        cases: 2,
        max_plies: 6,
        ..options()
    };
    for game in names() {
        for (fault, symptom) in [
            (Fault::DropsAnAction, "legal actions"),
            (Fault::AcceptsAll, "judged legal"),
        ] {
            match run_named(game, &opts, Some(fault)) {
                Ok(r) => panic!("{}: {fault:?} passes the battery: {r}", game),
                Err(e) => assert!(
                    e.contains(symptom),
                    "{}: {fault:?} caught, but not as `{symptom}`: {e}",
                    game
                ),
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        failure_persistence: crate::common::regressions_beside_source(),
        ..ProptestConfig::with_cases(4)
    })]
    /// Beyond the fixed seed: a few cases and games no run has played
    /// before (what the games' own proptests used to explore), one short
    /// game per game and proptest case.
    #[test]
    fn random_cases_pass_the_battery(first_case in 6u64..1_000_000, seed in any::<u64>()) {
        for game in names() {
            let opts = Options { first_case, cases: 1, max_plies: 30, seed, ..options() };
            let r = run_named(game, &opts, None);
            prop_assert!(r.is_ok(), "{}", r.unwrap_err());
        }
    }
}
