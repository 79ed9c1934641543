//! Epaminondas's `arbiter bench`: the cost of one ply (the full legal-move
//! list, then the move played) on the engine and on the reference, over a
//! random game from each opening array.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use crate::rng::SplitMix;
use crate::rules::{BenchOptions, Implementation};

use super::board::Size;
use super::engine::Engine;
use super::game::Epaminondas;
use super::moves::Move;
use super::profile::Profile;
use super::reference::Reference;
use super::setup::Setup;

/// A random game of at most `n` plies from the opening array of `size`.
fn random_game(size: Size, seed: u64, n: usize) -> Vec<Move> {
    let mut rng = SplitMix(seed);
    let mut g = Engine
        .start(&Setup::standard(size), &Profile::seed_003())
        .expect("the opening array");
    let mut out = Vec::new();
    while out.len() < n {
        let legal = g.legal_actions();
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.pick_u64(legal.len() as u64) as usize];
        g.play(&m).expect("a listed move");
        out.push(m);
    }
    out
}

/// One replay: the legal list at every ply, then the move.
fn replay(imp: &dyn Implementation<Epaminondas>, size: Size, game: &[Move]) -> Duration {
    let t = Instant::now();
    let mut g = imp
        .start(&Setup::standard(size), &Profile::seed_003())
        .expect("the opening array");
    for m in game {
        std::hint::black_box(g.legal_actions());
        g.play(m).expect("a legal move");
    }
    t.elapsed()
}

fn best(reps: usize, mut f: impl FnMut() -> Duration) -> Duration {
    (0..reps.max(1)).map(|_| f()).min().unwrap_or_default()
}

/// The table: one line per board and game length.
pub fn report(opts: &BenchOptions) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:>6} {:>6} {:>14} {:>14} {:>17} {:>8}",
        "board", "plies", "engine ns/ply", "engine plies/s", "reference ns/ply", "ratio"
    );
    for size in Size::ALL {
        for &n in &opts.plies {
            let game = random_game(size, opts.seed, n);
            let plies = game.len().max(1) as f64;
            let e = best(opts.reps, || replay(&Engine, size, &game)).as_nanos() as f64 / plies;
            let (r, ratio) = if n <= opts.reference_max_plies {
                let r = best(1, || replay(&Reference, size, &game)).as_nanos() as f64 / plies;
                (format!("{r:.0}"), format!("{:.0}x", r / e))
            } else {
                ("-".into(), "-".into())
            };
            let _ = writeln!(
                out,
                "{size:>6} {:>6} {e:>14.0} {:>14.0} {r:>17} {ratio:>8}",
                game.len(),
                1e9 / e
            );
        }
    }
    out.push_str("(a ply: the full legal-move list, then the move played; generic trait API)\n");
    out
}
