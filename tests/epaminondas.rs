//! Epaminondas's own checks: the engine agrees with the reference on random
//! games, and the perft table holds (the kill matrix is checked with every
//! game's in `tests/kill_matrices.rs`).

use std::path::PathBuf;

use arbiter::corpus::load_all;

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

/// The perft table of `spec/epaminondas/perft.md` (seed-003 profile, from
/// the opening arrays, White to move).
const PERFT: [(&str, [u64; 4]); 2] = [
    ("8x8", [60, 3_600, 269_278, 20_039_444]),
    ("14x12", [114, 12_996, 1_787_292, 245_799_684]),
];

fn reference_perft(size: &str, depth: u32) -> u64 {
    use arbiter::games::epaminondas::board::{Side, Size};
    use arbiter::games::epaminondas::profile::Profile;
    use arbiter::games::epaminondas::reference::perft;
    use arbiter::games::epaminondas::setup::Setup;
    let board = Setup::standard(Size::named(size).unwrap())
        .validate()
        .unwrap();
    perft(&board, Side::White, &Profile::seed_003(), depth)
}

fn engine_perft(size: &str, depth: u32) -> u64 {
    use arbiter::games::epaminondas::board::Size;
    use arbiter::games::epaminondas::engine::{Rules, perft, position};
    use arbiter::games::epaminondas::profile::Profile;
    use arbiter::games::epaminondas::setup::Setup;
    let pos = position(&Setup::standard(Size::named(size).unwrap())).unwrap();
    perft(&Rules::new(&Profile::seed_003()), &pos, depth)
}

/// Depths 1–3 on the engine, 1–2 on the reference: what a
/// debug build does in a few seconds. Depths 1 and 2 are checked by hand in
/// the spec; the rest is the two implementations agreeing.
#[test]
fn perft_shallow() {
    for (size, want) in PERFT {
        for d in 1..=3 {
            assert_eq!(
                engine_perft(size, d),
                want[d as usize - 1],
                "engine {size} d{d}"
            );
        }
        for d in 1..=2 {
            assert_eq!(
                reference_perft(size, d),
                want[d as usize - 1],
                "reference {size} d{d}"
            );
        }
    }
}

/// Depth 4 on both, and depth 3 of the reference on 14 × 12. Release only:
/// `cargo test --release --test epaminondas -- --ignored perft_deep`
/// (about 20 s for the engine, about 20 minutes for the reference).
#[test]
#[ignore]
fn perft_deep() {
    for (size, want) in PERFT {
        assert_eq!(engine_perft(size, 4), want[3], "engine {size} d4");
        assert_eq!(reference_perft(size, 3), want[2], "reference {size} d3");
        assert_eq!(reference_perft(size, 4), want[3], "reference {size} d4");
    }
}

/// Every named profile runs on nearly the whole corpus (as Stratego's
/// coverage test asks of its profiles in `tests/cli.rs`).
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
