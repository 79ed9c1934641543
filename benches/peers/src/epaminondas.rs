//! Epaminondas: random games through the `Game` trait on both boards
//! (plies per second, the unit of the targets), arbiter's engine
//! beside its reference. The AbstractPlay peer (epam.ts) runs under node,
//! see README.md.

use arbiter::games::epaminondas::board::Size;
use arbiter::games::epaminondas::engine::Engine;
use arbiter::games::epaminondas::game::Epaminondas;
use arbiter::games::epaminondas::moves::Move;
use arbiter::games::epaminondas::profile::Profile;
use arbiter::games::epaminondas::reference::Reference;
use arbiter::games::epaminondas::setup::Setup;
use arbiter::rules::Implementation;

use crate::measure::{line, rounds, Rng};

/// Random games from the opening array of `size` under `seed-003`, one
/// after the other until `plies` plies in all, each capped at `cap`.
fn random_games(size: Size, seed: u64, plies: usize, cap: usize) -> Vec<Vec<Move>> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    let mut total = 0;
    while total < plies {
        let mut g = Engine
            .start(&Setup::standard(size), &Profile::seed_003())
            .expect("the opening array");
        let mut game = Vec::new();
        while total < plies && game.len() < cap {
            let legal = g.legal_actions();
            if legal.is_empty() {
                break;
            }
            let m = legal[rng.below(legal.len())];
            g.play(&m).expect("a listed move");
            game.push(m);
            total += 1;
        }
        out.push(game);
    }
    out
}

fn replay(imp: &dyn Implementation<Epaminondas>, size: Size, games: &[Vec<Move>]) -> u64 {
    let mut n = 0;
    for game in games {
        let mut g = imp
            .start(&Setup::standard(size), &Profile::seed_003())
            .expect("the opening array");
        for m in game {
            std::hint::black_box(g.legal_actions());
            g.play(m).expect("a listed move");
            n += 1;
        }
    }
    n
}

/// The mean length of the legal list over the plies of `games` (untimed):
/// what a ply's cost is spread over.
fn legal_per_ply(size: Size, games: &[Vec<Move>]) -> f64 {
    let (mut plies, mut moves) = (0, 0);
    for game in games {
        let mut g = Engine
            .start(&Setup::standard(size), &Profile::seed_003())
            .expect("the opening array");
        for m in game {
            moves += g.legal_actions().len();
            g.play(m).expect("a listed move");
            plies += 1;
        }
    }
    moves as f64 / plies.max(1) as f64
}

/// The table; without `with_reference`, the engine's figures alone (for a
/// profiler or callgrind, which the reference's rounds would swamp).
pub fn run(reps: usize, with_reference: bool) {
    for (size, name, target, plies) in [
        (Size::Small, "8x8", 1e6, 20_000),
        (Size::Standard, "14x12", 3e5, 10_000),
    ] {
        let games = random_games(size, 1, plies, 500);
        let engine = rounds(reps, || replay(&Engine, size, &games));
        let reference =
            with_reference.then(|| rounds(reps.min(3), || replay(&Reference, size, &games)));
        line(
            &format!(
                "epaminondas {name} random games ({} games, cap 500)",
                games.len()
            ),
            "plies",
            engine,
            "arbiter's reference",
            reference,
        );
        println!(
            "epaminondas {name}: target {:.0} k plies/s; engine {:.0} k (best), {:.0} ns a ply; {:.1} legal moves a ply",
            target / 1e3,
            engine.best / 1e3,
            1e9 / engine.best,
            legal_per_ply(size, &games)
        );
    }
}
