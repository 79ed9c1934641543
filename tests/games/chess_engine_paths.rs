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
