//! Chess's `arbiter bench`: cost per ply of the engine and of the reference
//! on one random game from the initial position (each ply: the legal
//! actions, then one of them played), under `fide`, where every ply also
//! asks which claims are valid.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use crate::rng::SplitMix;
use crate::rules::{BenchOptions, Implementation};

use super::action::Action;
use super::engine::Engine;
use super::game::Chess;
use super::position::Position;
use super::profile::Profile;
use super::reference::Reference;

/// The actions of a random game of at most `plies` plies.
fn random_game(seed: u64, plies: usize) -> Vec<Action> {
    let mut g = Engine
        .start(&Position::start(), &Profile::fide())
        .expect("the initial position");
    let mut src = SplitMix(seed);
    let mut out = Vec::new();
    while out.len() < plies {
        let legal = g.legal_actions();
        // The draw of the workload's choice source (32 bits modulo n), so
        // the benchmarked game stays the one it always was.
        let Some(i) = (!legal.is_empty()).then(|| src.next_u32() as usize % legal.len()) else {
            break;
        };
        g.play(&legal[i]).expect("listed");
        out.push(legal[i]);
    }
    out
}

fn replay(imp: &dyn Implementation<Chess>, game: &[Action]) -> Duration {
    let t = Instant::now();
    let mut g = imp
        .start(&Position::start(), &Profile::fide())
        .expect("the initial position");
    for a in game {
        std::hint::black_box(g.legal_actions());
        g.play(a).expect("replayed");
    }
    t.elapsed()
}

/// The table: one line per game length.
pub fn report(opts: &BenchOptions) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:>7} {:>14} {:>16} {:>8}",
        "plies", "engine ns/ply", "reference ns/ply", "ratio"
    );
    for &n in &opts.plies {
        let game = random_game(opts.seed, n);
        let plies = game.len().max(1) as f64;
        let best = |imp: &dyn Implementation<Chess>, reps: usize| {
            (0..reps.max(1))
                .map(|_| replay(imp, &game))
                .min()
                .unwrap_or_default()
        };
        let e = best(&Engine, opts.reps).as_nanos() as f64 / plies;
        let (r, ratio) = if n <= opts.reference_max_plies {
            let r = best(&Reference, 1).as_nanos() as f64 / plies;
            (format!("{r:.0}"), format!("{:.0}x", r / e))
        } else {
            ("-".into(), "-".into())
        };
        let _ = writeln!(out, "{:>7} {e:>14.0} {r:>16} {ratio:>8}", game.len());
    }
    out
}
