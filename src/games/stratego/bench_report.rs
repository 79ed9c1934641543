//! Stratego's `arbiter bench`: cost per ply of the engine (its fast API and
//! the generic trait) and of the reference on random biased games.

use std::fmt::Write as _;
use std::time::Duration;

use crate::rules::BenchOptions;

use super::engine::Engine;
use super::reference::Reference;
use super::variant::Variant;
use super::workload::bench::{best_of, biased_game, fast_moves, replay_engine_fast, replay_trait};

fn per_ply(d: Duration, plies: usize) -> f64 {
    d.as_nanos() as f64 / plies.max(1) as f64
}

/// The table: one line per variant and game length.
pub fn report(opts: &BenchOptions) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:>9} {:>7} {:>14} {:>14} {:>16} {:>10}",
        "variant", "plies", "engine ns/ply", "(trait) ns/ply", "reference ns/ply", "ratio"
    );
    for variant in Variant::ALL {
        report_variant(opts, variant, &mut out);
    }
    out.push_str("(~: extrapolated linearly in the game length from the measured lengths)\n");
    out
}

/// The lines of one variant.
fn report_variant(opts: &BenchOptions, variant: Variant, out: &mut String) {
    // (plies, reference ns/ply) actually measured, for extrapolation.
    let mut measured: Vec<(f64, f64)> = Vec::new();
    let mut lengths = opts.plies.clone();
    lengths.sort_unstable();
    for &n in &lengths {
        let game = biased_game(variant, opts.seed, n);
        let fast = fast_moves(&game);
        let engine = per_ply(best_of(opts.reps, || replay_engine_fast(&game, &fast)), n);
        let engine_trait = per_ply(best_of(opts.reps, || replay_trait(&Engine, &game, n)), n);
        let (reference, mark) = if n <= opts.reference_max_plies {
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
        let _ = writeln!(
            out,
            "{variant:>9} {n:>7} {engine:>14.1} {engine_trait:>14.1} {rs:>16} {ratio:>10}"
        );
    }
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
