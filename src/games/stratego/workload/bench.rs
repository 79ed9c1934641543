//! Workloads for the benchmarks (`benches/engine.rs`) and `arbiter bench`:
//! random biased games of a given length, and timing of an implementation
//! replaying one. The same games feed both implementations, and each ply
//! costs what a player of the game pays: list the legal moves, then play one.

use std::time::{Duration, Instant};

use crate::games::stratego::game::Stratego;
use crate::games::stratego::moves::Move;
use crate::games::stratego::position::Setup;
use crate::games::stratego::profile::Profile;
use crate::games::stratego::variant::Variant;
use crate::rules::{Game, Implementation};

use super::driver::{Bias, Chooser, SplitMix, canonical_order, full_setup};
use crate::games::stratego::engine::Engine;
use crate::games::stratego::engine::game::{EngineGame, FastMove};

/// A recorded game: setup, profile and the moves played.
#[derive(Clone, Debug)]
pub struct Recorded {
    /// Starting position (full armies of a variant).
    pub setup: Setup,
    /// The profile (`isf`).
    pub profile: Profile,
    /// Exactly the requested number of legal moves.
    pub moves: Vec<Move>,
}

/// A game of full armies of `variant` under `isf` with exactly `plies`
/// moves, chosen by the biased chooser without attacks (so no piece leaves
/// the board and the game cannot end early by capture). Seeds are tried
/// from `seed` up until a game lasts long enough.
pub fn biased_game(variant: Variant, seed: u64, plies: usize) -> Recorded {
    let profile = Profile::isf();
    for s in seed.. {
        let mut src = SplitMix(s);
        let setup = full_setup(&mut src, variant);
        let mut game = Engine
            .start_fast(&setup, &profile)
            .expect("generated setups are valid on their board");
        let mut chooser = Chooser::new(Bias { attacks: false });
        let mut buf = Vec::with_capacity(128);
        let mut moves = Vec::with_capacity(plies);
        while moves.len() < plies {
            game.legal_moves_into(&mut buf);
            canonical_order(&game, &mut buf);
            let Some(mv) = chooser.choose(&game, &buf, &mut src) else {
                break;
            };
            chooser.played(game.to_move(), mv);
            moves.push(game.slow(mv));
            game.play_legal(mv);
        }
        if moves.len() == plies {
            return Recorded {
                setup,
                profile,
                moves,
            };
        }
    }
    unreachable!("the seed range is unbounded")
}

/// Replays `moves` in the engine through its allocation-free API: for each
/// ply, list the legal moves into a reused buffer, then play. Returns the
/// game so callers can keep the optimizer from discarding the work.
pub fn replay_engine_fast(game: &Recorded, moves: &[FastMove]) -> EngineGame {
    let mut g = Engine
        .start_fast(&game.setup, &game.profile)
        .expect("a recorded game starts from a valid setup");
    let mut buf = Vec::with_capacity(128);
    for &mv in moves {
        g.legal_moves_into(&mut buf);
        debug_assert!(buf.contains(&mv));
        g.play_legal(mv);
    }
    g
}

/// The recorded moves in the engine's index form.
pub fn fast_moves(game: &Recorded) -> Vec<FastMove> {
    let g = Engine
        .start_fast(&game.setup, &game.profile)
        .expect("a recorded game starts from a valid setup");
    game.moves
        .iter()
        .map(|&m| g.fast(m).expect("on the board"))
        .collect()
}

/// Replays the first `plies` moves through the [`Game`] trait of `imp`:
/// for each ply, `legal_moves()` then `play()`.
pub fn replay_trait(
    imp: &dyn Implementation<Stratego>,
    game: &Recorded,
    plies: usize,
) -> Box<dyn Game<Stratego>> {
    let mut g = imp.start(&game.setup, &game.profile).expect("valid setup");
    for &mv in &game.moves[..plies] {
        let legal = g.legal_actions();
        debug_assert!(legal.contains(&mv));
        g.play(&mv).expect("recorded moves are legal");
    }
    g
}

/// Wall time of `f`, best of `reps` runs (at least one).
pub fn best_of<T>(reps: usize, mut f: impl FnMut() -> T) -> Duration {
    (0..reps.max(1))
        .map(|_| {
            let t = Instant::now();
            std::hint::black_box(f());
            t.elapsed()
        })
        .min()
        .expect("at least one run")
}
