//! Epaminondas's own checks: the engine agrees with the reference on random
//! games (its perft figures are data in `spec/epaminondas/perft.yaml`,
//! counted by `tests/games/perft_figures.rs`; the kill matrix is checked with
//! every game's in `tests/mutants/kill_matrices.rs`).

use std::path::PathBuf;

use arbiter::scenario::any::load_all;

/// The engine and the reference agree on random games: every ply's legal
/// moves, outcome, note, and verdicts on random and symmetry-refused
/// candidates. The tally shows the games reached what matters.
#[test]
fn engine_agrees_with_the_reference_on_random_games() {
    use arbiter::games::epaminondas::workload::{SplitMix, Tally, compare_game, random_case};
    let mut total = Tally::default();
    let mut rng = SplitMix(17);
    for _ in 0..60 {
        let (setup, profile) = random_case(&mut rng);
        match compare_game(&setup, &profile, &mut rng, 30) {
            Ok(t) => total.add(&t),
            Err(e) => panic!("{e}"),
        }
    }
    println!("{total:?}");
    assert!(total.plies > 300, "{total:?}");
    assert!(total.captures > 10, "{total:?}");
    assert!(total.splits > 10, "{total:?}");
    assert!(total.entries > 3, "{total:?}");
    assert!(total.symmetry_refusals > 3, "{total:?}");
    assert!(total.finished > 3, "{total:?}");
}

/// Every named profile runs on nearly the whole corpus (as Stratego's
/// coverage test asks of its profiles in `tests/corpus/cli.rs`).
#[test]
fn every_profile_runs_nearly_every_scenario() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenarios/epaminondas");
    let (scenarios, errors) = load_all(&[root]);
    assert!(errors.is_empty(), "{errors:?}");
    let all = scenarios.len();
    assert!(all >= 40, "only {all} scenarios");
    for p in arbiter::games::epaminondas::profile::Profile::NAMES {
        let n = scenarios
            .iter()
            .filter(|s| s.profile_names().iter().any(|q| q == p))
            .count();
        assert!(
            n * 10 >= all * 9,
            "profile {p} runs only {n} of {all} scenarios"
        );
    }
}
