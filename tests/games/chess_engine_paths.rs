//! The engine's fast paths count and list what its `Game` trait path
//! does: `engine::perft` and `engine::perft_bulk` (make and unmake inside
//! the engine) against a perft written here on `legal_actions`, `clone`
//! and `play` alone, on every setup of the differential workload under
//! every profile it plays (the named ones and every mutant of each, so
//! claims, automatic draws and their orders all come up); and
//! `legal_actions_into` against `legal_actions`, sorted.

use arbiter::games::chess::engine::{EngineGame, perft, perft_bulk};
use arbiter::games::chess::game::Chess;
use arbiter::games::chess::position::Position;
use arbiter::games::chess::workload::{SETUPS, profiles};
use arbiter::rules::Game;

/// Perft through the trait alone: every listed action played on a copy.
fn trait_perft(g: &EngineGame, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let legal = Game::<Chess>::legal_actions(g);
    let mut into = Vec::new();
    g.legal_actions_into(&mut into);
    assert_eq!(into, legal, "legal_actions_into lists another list");
    assert!(legal.is_sorted(), "legal_actions is not sorted: {legal:?}");
    legal
        .iter()
        .map(|a| {
            let mut next = g.clone();
            next.play(a).expect("a listed action is legal");
            trait_perft(&next, depth - 1)
        })
        .sum()
}

#[test]
fn fast_perft_counts_what_the_trait_path_counts() {
    let mut compared = 0;
    for fen in SETUPS {
        let setup = Position::from_fen(fen).unwrap();
        for profile in profiles() {
            let Ok(g) = EngineGame::new(&setup, &profile) else {
                continue;
            };
            for depth in 1..=2 {
                let want = trait_perft(&g, depth);
                assert_eq!(
                    perft(&g, depth),
                    want,
                    "{fen} {} depth {depth}",
                    profile.name
                );
                assert_eq!(
                    perft_bulk(&g, depth),
                    want,
                    "{fen} {} depth {depth} (bulk)",
                    profile.name
                );
                compared += 1;
            }
        }
    }
    assert!(compared > 100, "only {compared} counts compared");
}

/// The setups CH-1.2 admits that the engine declines
/// (`spec/chess/protocol.md`, "What arbiter's engine declines"): each is
/// declined by `supports` in arbiter's words, naming which limit, never
/// refused as breaking the rules; the reference plays each; and a
/// scenario of one is reported skipped (declined), not failed.
#[test]
fn the_engine_declines_what_its_board_cannot_hold_and_says_which() {
    use arbiter::games::chess::engine::Engine;
    use arbiter::games::chess::profile::Profile;
    use arbiter::rules::Implementation;
    use arbiter::rules::prelude::*;
    let profile = Profile::fide();
    for (fen, says) in [
        // Nine white pawns, sixteen men.
        ("4k3/8/8/8/8/P7/PPPPPPPP/RNBQK2R w KQ - 0 1", "9 pawns"),
        // Seventeen white men.
        ("r3k3/8/8/8/8/P7/PPPPPPPP/RNBQKBNR w KQ - 0 1", "17 men"),
        // Three pieces check the black king.
        (
            "4k3/8/3N4/8/Q3R3/8/8/4K3 b - - 0 1",
            "three or more pieces check",
        ),
    ] {
        let setup = Position::from_fen(fen).unwrap();
        assert!(Chess::reference().start(&setup, &profile).is_ok(), "{fen}");
        let why = Engine.supports(&setup, &profile).expect_err(fen);
        assert!(why.contains(says), "{fen}: {why}");
        assert!(!why.contains("InvalidBoard"), "{fen}: {why}");
        let Err(refused) = Engine.start(&setup, &profile) else {
            panic!("{fen}: the engine started a game it declines");
        };
        assert_eq!(refused, why, "{fen}");
    }
    // Within the limits: sixteen men with eight pawns, two checkers.
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "4k3/8/3N4/8/8/8/8/4R1K1 b - - 0 1",
    ] {
        let setup = Position::from_fen(fen).unwrap();
        Engine.supports(&setup, &profile).expect(fen);
    }
}

/// `arbiter check --impl engine` on a scenario whose setup the engine
/// declines: skipped with the reason, not failed.
#[test]
fn a_declined_scenario_is_skipped_not_failed() {
    use arbiter::scenario::any::load;
    use arbiter::scenario::run::Status;
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios/chess/statements/setup-nine-pawns-and-seventeen-men.yaml");
    let s = load(&path).expect("loads");
    let on_engine = s.check("engine", None).expect("chess has an engine");
    match on_engine.status {
        Status::Skip(why) => assert!(
            why.starts_with("declined") && why.contains("17 men"),
            "{why}"
        ),
        other => panic!("expected a declined skip, got {other:?}"),
    }
    let on_reference = s.check("reference", None).expect("chess has a reference");
    assert_eq!(on_reference.status, Status::Pass);
}
