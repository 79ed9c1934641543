//! arbiter's engines beside other open-source move generators, timed in
//! one process on the same positions and the same move-choosing loop.
//! Usage: `arbiter-peers [chess|backgammon|stratego|dame|epaminondas|all]
//! [--reps N] [--dame-depth D]` (`chess-perft` and `chess-playouts` run
//! half of chess, `epaminondas-engine` the Epaminondas engine without its
//! reference, for a profiler). Every line gives best and median of the
//! rounds, the ratio and the load average; see README.md.

// Jeimel's module refers to its `#[macro_export]` macro by an absolute
// path; included through `include!` that is a future-incompatibility lint.
#![allow(macro_expanded_macro_exports_accessed_by_absolute_paths)]

mod backgammon;
mod chess;
mod dame;
mod epaminondas;
mod measure;
mod quick8x8;

// Jeimel/stratego's game module, compiled from the checkout named by
// `JEIMEL_STRATEGO` at build time (build.rs). Its own code refers to itself
// as `crate::stratego`, so it sits at the crate's root.
#[cfg(jeimel)]
include!(concat!(env!("OUT_DIR"), "/jeimel/include.rs"));

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut reps = 7;
    let mut dame_depth = 9;
    let mut games = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--reps" => match it.next().and_then(|v| v.parse().ok()) {
                Some(n) => reps = n,
                None => return usage("--reps wants a number"),
            },
            "--dame-depth" => match it.next().and_then(|v| v.parse().ok()) {
                Some(d) if d <= 10 => dame_depth = d,
                _ => return usage("--dame-depth wants a depth from 0 to 10"),
            },
            "chess" | "chess-perft" | "chess-playouts" | "backgammon" | "stratego" | "dame"
            | "epaminondas" | "epaminondas-engine" => games.push(a.clone()),
            "all" => games.extend(
                ["chess", "backgammon", "stratego", "dame", "epaminondas"].map(String::from),
            ),
            other => return usage(&format!("unknown argument {other:?}")),
        }
    }
    if games.is_empty() {
        return usage("name a game or all");
    }
    println!(
        "arbiter-peers: {reps} rounds a figure; load average at the start {}",
        measure::load()
    );
    for g in &games {
        match g.as_str() {
            "chess" => {
                chess::perft(reps);
                chess::playouts(reps);
            }
            "chess-perft" => chess::perft(reps),
            "chess-playouts" => chess::playouts(reps),
            "backgammon" => backgammon::run(reps),
            "stratego" => quick8x8::run(reps),
            "dame" => dame::run(reps, dame_depth),
            "epaminondas" => epaminondas::run(reps, true),
            "epaminondas-engine" => epaminondas::run(reps, false),
            _ => unreachable!("checked above"),
        }
    }
    ExitCode::SUCCESS
}

fn usage(why: &str) -> ExitCode {
    eprintln!("arbiter-peers: {why}");
    eprintln!(
        "usage: arbiter-peers [chess|chess-perft|chess-playouts|backgammon|stratego|dame|epaminondas|epaminondas-engine|all] [--reps N] [--dame-depth D]"
    );
    ExitCode::from(2)
}
