//! Dame under the `english` profile: perft from the start (OEIS A133046,
//! the figures of `spec/dame/perft.yaml`) and random games, arbiter's
//! engine beside its reference. The English-checkers peer runs under node
//! (`node/dame-peer.mjs`, see README.md): no Rust bitboard generator of
//! English checkers with a perft was found on crates.io.

use arbiter::games::dame::board::Setup;
use arbiter::games::dame::engine::EngineGame;
use arbiter::games::dame::moves::Action;
use arbiter::games::dame::profile::Profile;
use arbiter::games::dame::reference::RefGame;
use arbiter::games::dame::workload::playouts;
use arbiter::rules::Game;

use crate::measure::{line, rounds, Rng};

/// English perft from the start (OEIS A133046), by depth.
const A133046: [u64; 11] = [
    1, 7, 49, 302, 1_469, 7_361, 36_768, 179_740, 845_931, 3_963_680, 18_391_564,
];

/// Random games from the start under `english`, one after the other from
/// `seed` until `plies` plies in all: their action lists.
fn random_games(seed: u64, plies: usize) -> Vec<Vec<Action>> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    let mut total = 0;
    while total < plies {
        let mut g = EngineGame::new(&Setup::start(), &Profile::english()).expect("the start");
        let mut game = Vec::new();
        while total < plies {
            let legal = g.legal();
            if legal.is_empty() {
                break;
            }
            let a = legal[rng.below(legal.len())].clone();
            g.apply(&a).expect("a listed action");
            game.push(a);
            total += 1;
        }
        out.push(game);
    }
    out
}

/// The games of [`random_games`] (same seed, same draws, same cap) played
/// by the engine's native loop (`workload::playouts`, `EngineGame::playout`:
/// no `Game` trait, no actions or notes built), each from a copy of the
/// start. Returns the plies and the games played.
fn native_games(seed: u64, plies: usize) -> (u64, usize) {
    let mut rng = Rng(seed);
    let t = playouts(&Profile::english(), plies, |n| rng.below(n));
    (t.plies as u64, t.games)
}

fn replay(
    mut start: impl FnMut() -> Box<dyn Game<arbiter::games::dame::game::Dame>>,
    games: &[Vec<Action>],
) -> u64 {
    let mut n = 0;
    for game in games {
        let mut g = start();
        for a in game {
            std::hint::black_box(g.legal_actions());
            g.play(a).expect("a listed action");
            n += 1;
        }
    }
    n
}

/// The table.
pub fn run(reps: usize, depth: u32) {
    let want = A133046[depth as usize];
    let g = EngineGame::new(&Setup::start(), &Profile::english()).expect("the start");
    let perft = rounds(reps, || {
        let n = g.perft(depth);
        assert_eq!(n, want, "english perft({depth}) is {want} (OEIS A133046)");
        n
    });
    line(
        &format!("dame english perft({depth}) (bulk counting at the last ply)"),
        "nodes",
        perft,
        "peer (see node/dame-peer.mjs)",
        None,
    );
    println!(
        "dame: target >= 50 M nodes/s: engine {:.1} M on the best round",
        perft.best / 1e6
    );
    let games = random_games(1, 20_000);
    let engine = rounds(reps, || {
        replay(
            || Box::new(EngineGame::new(&Setup::start(), &Profile::english()).expect("start")),
            &games,
        )
    });
    let reference = rounds(reps.min(3), || {
        replay(
            || Box::new(RefGame::new(&Setup::start(), &Profile::english()).expect("start")),
            &games,
        )
    });
    line(
        &format!(
            "dame english random games ({} games), through the Game trait",
            games.len()
        ),
        "plies",
        engine,
        "arbiter's reference",
        Some(reference),
    );
    let mut native_count = 0;
    let native = rounds(reps, || {
        let (plies, n) = native_games(1, 20_000);
        native_count = n;
        plies
    });
    assert_eq!(
        native_count,
        games.len(),
        "the native loop plays the same games"
    );
    line(
        &format!(
            "dame english random games ({} games), the engine's native loop (EngineGame::playout, no Game trait)",
            games.len()
        ),
        "plies",
        native,
        "arbiter's reference",
        Some(reference),
    );
    println!(
        "dame: target engine >= 100x the reference on random games: through the Game trait {:.1}x best, {:.1}x median; native loop {:.1}x best, {:.1}x median",
        engine.best / reference.best,
        engine.median / reference.median,
        native.best / reference.best,
        native.median / reference.median
    );
}
