//! `arbiter bench`: plies per second of the engine and the reference on
//! random biased games, and the time to check the scenario corpus.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use arbiter::games::stratego::engine::Engine;
use arbiter::games::stratego::engine::bench::{
    best_of, biased_game, fast_moves, replay_engine_fast, replay_trait,
};
use arbiter::games::stratego::reference::Reference;
use arbiter::scenario::load::load_all;
use arbiter::scenario::run::{Status, run};

/// Options of `arbiter bench`.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Game lengths to measure, in plies.
    #[arg(long, value_delimiter = ',', default_value = "100,1000,10000")]
    pub plies: Vec<usize>,
    /// Longest game the reference is timed on. Its cost per ply grows with
    /// the game's length (it replays the game for every question), so longer
    /// games are extrapolated from the measured ones and marked `~`.
    #[arg(long, default_value_t = 1000)]
    pub reference_max_plies: usize,
    /// Runs per measurement (the best is kept).
    #[arg(long, default_value_t = 3)]
    pub reps: usize,
    /// First seed for the random games.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Scenario corpus to time `check --impl both` on.
    #[arg(long, default_value = "scenarios")]
    pub corpus: PathBuf,
}

fn per_ply(d: Duration, plies: usize) -> f64 {
    d.as_nanos() as f64 / plies.max(1) as f64
}

/// Runs the measurements and prints one line per game length.
pub fn bench(args: &BenchArgs) -> ExitCode {
    if cfg!(debug_assertions) {
        eprintln!(
            "arbiter: warning: a debug build; run `cargo run --release -- bench` for real figures"
        );
    }
    println!(
        "{:>7} {:>14} {:>14} {:>16} {:>10}",
        "plies", "engine ns/ply", "(trait) ns/ply", "reference ns/ply", "ratio"
    );
    // (plies, reference ns/ply) actually measured, for extrapolation.
    let mut measured: Vec<(f64, f64)> = Vec::new();
    let mut lengths = args.plies.clone();
    lengths.sort_unstable();
    for &n in &lengths {
        let game = biased_game(args.seed, n);
        let fast = fast_moves(&game);
        let engine = per_ply(best_of(args.reps, || replay_engine_fast(&game, &fast)), n);
        let engine_trait = per_ply(best_of(args.reps, || replay_trait(&Engine, &game, n)), n);
        let (reference, mark) = if n <= args.reference_max_plies {
            let r = per_ply(best_of(1, || replay_trait(&Reference, &game, n)), n);
            measured.push((n as f64, r));
            (Some(r), "")
        } else {
            (extrapolate(&measured, n as f64), "~")
        };
        let (rs, ratio) = match reference {
            Some(r) => (format!("{mark}{r:.0}"), format!("{mark}{:.0}x", r / engine)),
            None => ("-".into(), "-".into()),
        };
        println!("{n:>7} {engine:>14.1} {engine_trait:>14.1} {rs:>16} {ratio:>10}");
    }
    println!("(~: extrapolated linearly in the game length from the measured lengths)");
    let (scenarios, errors) = load_all(std::slice::from_ref(&args.corpus));
    let start = Instant::now();
    let mut failed = errors.len();
    for s in &scenarios {
        for imp in [
            &Reference as &dyn arbiter::games::stratego::game::Implementation,
            &Engine,
        ] {
            if matches!(run(s, imp, None).status, Status::Fail(_)) {
                failed += 1;
            }
        }
    }
    println!(
        "corpus: {} scenarios checked on reference and engine in {:.1} ms ({failed} failures)",
        scenarios.len(),
        start.elapsed().as_secs_f64() * 1e3
    );
    ExitCode::SUCCESS
}

/// The reference's average cost per ply over a game of `n` plies, from a
/// straight line through the measured points: each of its plies replays the
/// game so far, so the average grows linearly with the length.
fn extrapolate(points: &[(f64, f64)], n: f64) -> Option<f64> {
    match points {
        [] => None,
        [(_, y)] => Some(*y),
        _ => {
            let (x0, y0) = points[points.len() - 2];
            let (x1, y1) = points[points.len() - 1];
            let slope = (y1 - y0) / (x1 - x0);
            Some(y1 + slope * (n - x1))
        }
    }
}
