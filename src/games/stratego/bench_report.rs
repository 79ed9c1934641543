//! Stratego's `arbiter bench`: cost per ply of the engine (its fast API and
//! the generic trait) and of the reference on random biased games.

use std::fmt::Write as _;
use std::time::Duration;

use crate::rules::BenchOptions;

use super::engine::Engine;
use super::profile::Profile;
use super::reference::Reference;
use super::variant::Variant;
use super::workload::bench::{best_of, biased_game, fast_moves, replay_engine_fast, replay_trait};
use super::workload::playout;

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
    playouts(opts, &mut out);
    out
}

/// Plies a playout measurement aims at: enough for a tenth of a second or
/// so per line at the engine's speed.
const PLAYOUT_PLIES: u64 = 1_000_000;

/// The uniform random playouts of [`playout`]: per variant and profile,
/// plies and legal moves listed per second; per-ply cost by ply cap; one
/// and two threads.
fn playouts(opts: &BenchOptions, out: &mut String) {
    let _ = writeln!(
        out,
        "\nuniform random playouts (fixed setups, seed {}, one thread, best of {}): \
         a ply lists every legal move, then plays one at random",
        opts.seed, opts.reps
    );
    let _ = writeln!(
        out,
        "{:>9} {:>14} {:>6} {:>10} {:>9} {:>10} {:>12}",
        "variant", "profile", "games", "plies/game", "moves/ply", "M plies/s", "M listed/s"
    );
    let cap = 10_000;
    for variant in Variant::ALL {
        for name in Profile::NAMES {
            let profile = Profile::named(name).expect("built-in");
            // Games of about the same count of plies for every line: one
            // short run to learn the game length, then the measurement.
            let probe = playout::play_games(variant, &profile, opts.seed, 0..20, cap);
            let per_game = (probe.plies / probe.games).max(1);
            let games = (PLAYOUT_PLIES / per_game).max(1);
            let (t, d) = playout::timed(opts.reps, || {
                playout::play_many(variant, &profile, opts.seed, games, cap, 1)
            });
            let secs = d.as_secs_f64();
            let _ = writeln!(
                out,
                "{variant:>9} {name:>14} {:>6} {:>10.0} {:>9.1} {:>10.2} {:>12.1}",
                t.games,
                t.plies as f64 / t.games as f64,
                t.listed as f64 / t.plies as f64,
                t.plies as f64 / secs / 1e6,
                t.listed as f64 / secs / 1e6,
            );
        }
    }
    let _ = writeln!(
        out,
        "\nper-ply cost by ply cap (games to their end or the cap, same seeds; ns/ply)"
    );
    let mut caps = opts.plies.clone();
    caps.sort_unstable();
    let _ = write!(out, "{:>9} {:>14}", "variant", "profile");
    for c in &caps {
        let _ = write!(out, " {:>10}", format!("cap {c}"));
    }
    let _ = writeln!(out, " {:>10}", "last/first");
    for variant in Variant::ALL {
        for name in ["isf", "modern-3"] {
            let profile = Profile::named(name).expect("built-in");
            let _ = write!(out, "{variant:>9} {name:>14}");
            let mut costs = Vec::new();
            for &c in &caps {
                let games = (PLAYOUT_PLIES / c.max(1) as u64).max(20);
                let (t, d) = playout::timed(opts.reps, || {
                    playout::play_many(variant, &profile, opts.seed, games, c, 1)
                });
                let ns = d.as_nanos() as f64 / t.plies.max(1) as f64;
                costs.push(ns);
                let _ = write!(out, " {ns:>10.1}");
            }
            let ratio = match (costs.first(), costs.last()) {
                (Some(a), Some(b)) if *a > 0.0 => format!("{:.2}", b / a),
                _ => "-".into(),
            };
            let _ = writeln!(out, " {ratio:>10}");
        }
    }
    let _ = writeln!(
        out,
        "\nmany games at once (playout::play_many, modern-3, cap {cap}): plies/s on 1 and 2 threads"
    );
    let _ = writeln!(
        out,
        "{:>9} {:>7} {:>12} {:>12} {:>8}",
        "variant", "games", "1 thread", "2 threads", "speedup"
    );
    let profile = Profile::modern_3();
    for variant in Variant::ALL {
        let probe = playout::play_games(variant, &profile, opts.seed, 0..20, cap);
        let games = (2 * PLAYOUT_PLIES / (probe.plies / probe.games).max(1)).max(2);
        let rate = |threads| {
            let (t, d) = playout::timed(opts.reps, || {
                playout::play_many(variant, &profile, opts.seed, games, cap, threads)
            });
            t.plies as f64 / d.as_secs_f64()
        };
        let (one, two) = (rate(1), rate(2));
        let _ = writeln!(
            out,
            "{variant:>9} {games:>7} {:>10.2} M {:>10.2} M {:>7.2}x",
            one / 1e6,
            two / 1e6,
            two / one
        );
    }
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
