//! Stratego: the 8×8 quick game under `modern-3` (two-squares limit 3),
//! uniform random playouts, arbiter's engine beside Jeimel/stratego (a
//! bitboard engine of the same board and army, with its own two-squares
//! and more-squares rules) in one process. Both start from the setup of
//! `arbiter::games::stratego::workload::playout` (lakes C4 C5 F4 F5, ten
//! pieces a side), draw each move uniformly from their own legal list with
//! the same generator, and play to the end or 10,000 plies.

use arbiter::games::stratego::profile::Profile;
use arbiter::games::stratego::variant::Variant;
use arbiter::games::stratego::workload::playout::play_games;

#[cfg(jeimel)]
use crate::measure::Rng;
use crate::measure::{line, rounds};

/// Games a round.
const GAMES: u64 = 1_000;
/// The ply cap of a game.
const CAP: usize = 10_000;

/// The same setup in Jeimel's notation: ranks 8 to 1, blue in lower case;
/// `F` flag, `S` spy, `C` scout, `D` miner, `G` general, `M` marshal,
/// `B` bomb; digits count empty squares (lakes included); red to move.
/// Rank by rank against `QUICK_8X8` in arbiter's playout module:
/// `..BF3...`, `.B2S.3..`, `..G..M2.`, lakes, lakes, `.2M..G..`,
/// `..3.S2B.`, `...3FB..`.
#[cfg(jeimel)]
const JEIMEL_SETUP: &str = "2bfd3/1bcs1d2/2g2mc1/8/8/1CM2G2/2D1SCB1/3DFB2 r";

/// Jeimel's simulation loop (`value::simulation_uniform`) with our move
/// chooser: the legal list, one move drawn uniformly; a side with no
/// legal move loses.
#[cfg(jeimel)]
fn jeimel_games(seed: u64) -> u64 {
    use crate::stratego::{GameState, StrategoState};
    let start = StrategoState::from(JEIMEL_SETUP);
    let mut plies = 0;
    for k in 0..GAMES {
        let mut rng = Rng(seed.wrapping_add(k));
        let mut pos = start.clone();
        let mut n = 0;
        while n < CAP && !pos.game_over() {
            let moves = pos.gen();
            if moves.len() == 0 {
                pos.set_game_state(GameState::Loss);
                break;
            }
            pos.make(moves[rng.below(moves.len())]);
            n += 1;
        }
        plies += n as u64;
    }
    plies
}

/// The table.
pub fn run(reps: usize) {
    let profile = Profile::modern_3();
    println!("stratego 8x8 quick game, modern-3: {GAMES} uniform random games a round from the fixed setup, cap {CAP}");
    let engine = rounds(reps, || {
        play_games(Variant::Quick8x8, &profile, 1, 0..GAMES, CAP).plies
    });
    #[cfg(jeimel)]
    let peer = Some(rounds(reps, || jeimel_games(1)));
    #[cfg(not(jeimel))]
    let peer = {
        println!("stratego: JEIMEL_STRATEGO was not set at build time, so Jeimel/stratego is not run (README.md)");
        None
    };
    line(
        "stratego 8x8 modern-3 playouts",
        "plies",
        engine,
        "Jeimel/stratego",
        peer,
    );
    if let Some(p) = peer {
        println!(
            "stratego: target engine >= 2x Jeimel: {:.2}x on best rounds, {:.2}x on medians",
            engine.best / p.best,
            engine.median / p.median
        );
    }
}
