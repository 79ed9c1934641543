//! Dame's `arbiter bench`: English perft from the start (nodes per second)
//! and random games under each named profile (nanoseconds per ply), on the
//! engine and the reference.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use crate::rng::SplitMix;
use crate::rules::{BenchOptions, Game};

use super::board::Setup;
use super::engine::EngineGame;
use super::game::Dame;
use super::moves::Action;
use super::profile::Profile;
use super::reference::RefGame;
use super::reference::perft::perft as ref_perft;

fn best_of<T>(reps: usize, mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut best = None;
    let mut out = None;
    for _ in 0..reps.max(1) {
        let t = Instant::now();
        let v = f();
        let d = t.elapsed();
        if best.is_none_or(|b| d < b) {
            best = Some(d);
        }
        out = Some(v);
    }
    (best.expect("one run"), out.expect("one run"))
}

/// A random game from the start of at most `plies` actions under
/// `profile`, as its actions.
fn random_game(profile: &Profile, seed: u64, plies: usize) -> (Setup, Vec<Action>) {
    let mut c = SplitMix(seed);
    let setup = Setup::start();
    let mut g = EngineGame::new(&setup, profile).expect("a legal setup");
    let mut actions = Vec::new();
    for _ in 0..plies {
        let legal = g.legal();
        if legal.is_empty() {
            break;
        }
        let a = legal[c.pick(legal.len())].clone();
        g.apply(&a).expect("a listed action");
        actions.push(a);
    }
    (setup, actions)
}

fn replay(game: &mut dyn Game<Dame>, actions: &[Action]) -> usize {
    let mut n = 0;
    for a in actions {
        n += game.legal_actions().len();
        game.play(a).expect("legal");
    }
    n
}

/// The report.
pub fn report(opts: &BenchOptions) -> String {
    let mut out = String::new();
    let start = Setup::start();
    let english = Profile::english();
    let depth = 6;
    let e = EngineGame::new(&start, &english).expect("start");
    let r = RefGame::new(&start, &english).expect("start");
    let (de, ne) = best_of(opts.reps, || e.perft(depth));
    let (dr, nr) = best_of(opts.reps, || ref_perft(&r, depth));
    assert_eq!(ne, nr, "engine and reference perft differ");
    let _ = writeln!(
        out,
        "english perft({depth}) from the start = {ne}: engine {:.0} nodes/s, reference {:.0} nodes/s, ratio {:.1}",
        ne as f64 / de.as_secs_f64(),
        nr as f64 / dr.as_secs_f64(),
        dr.as_secs_f64() / de.as_secs_f64()
    );
    let _ = writeln!(
        out,
        "{:>10} {:>7} {:>14} {:>16} {:>8} {:>14} {:>8}",
        "profile", "plies", "engine ns/ply", "reference ns/ply", "ratio", "native ns/ply", "ratio"
    );
    for name in Profile::NAMES {
        let profile = Profile::parse(name).expect("named");
        for &n in &opts.plies {
            let (setup, actions) = random_game(&profile, opts.seed, n);
            let plies = actions.len().max(1);
            let (te, _) = best_of(opts.reps, || {
                let mut g = EngineGame::new(&setup, &profile).expect("setup");
                replay(&mut g, &actions)
            });
            let (tr, _) = best_of(opts.reps, || {
                let mut g = RefGame::new(&setup, &profile).expect("setup");
                replay(&mut g, &actions)
            });
            // The same game by the engine's native loop: the same draws
            // from the same seed, no `Game` trait.
            let (tn, played) = best_of(opts.reps, || {
                let mut g = EngineGame::new(&setup, &profile).expect("setup");
                let mut c = SplitMix(opts.seed);
                g.playout(n, |k| c.pick(k))
            });
            assert_eq!(played, actions.len(), "the native loop plays the same game");
            let _ = writeln!(
                out,
                "{name:>10} {:>7} {:>14.0} {:>16.0} {:>8.1} {:>14.0} {:>8.1}",
                actions.len(),
                te.as_nanos() as f64 / plies as f64,
                tr.as_nanos() as f64 / plies as f64,
                tr.as_secs_f64() / te.as_secs_f64(),
                tn.as_nanos() as f64 / plies as f64,
                tr.as_secs_f64() / tn.as_secs_f64()
            );
        }
    }
    out.push_str("(a ply: the legal-action list, then the action played; random games stop early when one ends;\n engine and reference: through the Game trait; native: the engine's own loop, EngineGame::playout, the same game)\n");
    out
}
