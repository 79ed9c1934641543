//! `arbiter bench --game backgammon`: the engine and the reference timed
//! on the same random games (plies per second through the `Game` trait)
//! and on move generation alone (plays generated per second over every
//! roll of the positions those games pass through).

use std::fmt::Write;
use std::time::Instant;

use crate::rng::SplitMix;
use crate::rules::{BenchOptions, Implementation};

use super::board::{Action, Player, Position, Roll};
use super::engine::Engine;
use super::engine::movegen::{Board, MoveGen};
use super::game::Backgammon;
use super::profile::{Faults, Profile};
use super::reference::{Reference, plays};
use super::setup::Setup;

/// Random games under `standard` (drops and doubles avoided, so each game
/// runs to its bearing off), one after the other from `seed`, until they
/// hold `n` plies in all (the last one cut short). One game is 150 to 250
/// plies (dice actions included), so a long measurement is many games.
fn random_games(seed: u64, n: usize) -> Vec<Vec<Action>> {
    let mut out: Vec<Vec<Action>> = Vec::new();
    let mut total = 0;
    let mut rng = SplitMix(seed);
    while total < n {
        let mut g = Engine
            .start(&Setup::standard(), &Profile::standard())
            .expect("standard start");
        let mut game = Vec::new();
        while total < n {
            let legal: Vec<Action> = g
                .legal_actions()
                .into_iter()
                .filter(|a| !matches!(a, Action::Drop | Action::Double))
                .collect();
            if legal.is_empty() {
                break;
            }
            let a = legal[rng.pick(legal.len())].clone();
            g.play(&a).expect("legal");
            game.push(a);
            total += 1;
        }
        out.push(game);
    }
    out
}

/// Seconds to replay `games` on `imp`, asking the legal actions at each
/// ply, as a player of the game would.
fn replay(imp: &dyn Implementation<Backgammon>, games: &[Vec<Action>]) -> f64 {
    let t = Instant::now();
    for game in games {
        let mut g = imp
            .start(&Setup::standard(), &Profile::standard())
            .expect("standard start");
        for a in game {
            let _ = g.legal_actions();
            g.play(a).expect("legal");
        }
    }
    t.elapsed().as_secs_f64()
}

/// The report: per game length, each implementation's time per ply and
/// plies per second through the `Game` trait, and their ratio; then move
/// generation alone.
pub fn report(opts: &BenchOptions) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:>7} {:>6} {:>11} {:>15} {:>14} {:>18} {:>8}",
        "plies",
        "games",
        "engine ns",
        "engine plies/s",
        "reference ns",
        "reference plies/s",
        "ratio"
    );
    for &n in &opts.plies {
        let games = random_games(opts.seed, n);
        let plies: usize = games.iter().map(Vec::len).sum();
        let best = |imp: &dyn Implementation<Backgammon>, reps: usize| {
            (0..reps.max(1))
                .map(|_| replay(imp, &games))
                .fold(f64::INFINITY, f64::min)
        };
        let e = best(&Engine, opts.reps);
        let len = plies as f64;
        let (r_ns, r_rate, ratio) = if plies <= opts.reference_max_plies {
            let r = best(&Reference, 1);
            (
                format!("{:.0}", r / len * 1e9),
                format!("{:.0}", len / r),
                format!("{:.1}x", r / e),
            )
        } else {
            ("-".into(), "-".into(), "-".into())
        };
        let _ = writeln!(
            out,
            "{:>7} {:>6} {:>11.0} {:>15.0} {:>14} {:>18} {:>8}",
            plies,
            games.len(),
            e / len * 1e9,
            len / e,
            r_ns,
            r_rate,
            ratio
        );
    }
    // Move generation alone: every roll of a set of positions.
    let boards = perft_positions();
    let f = Faults::default();
    let mut mg = MoveGen::default();
    let t = Instant::now();
    let mut n_engine = 0usize;
    for b in &boards {
        for r in Roll::all() {
            mg.generate(b, r.high, r.low, &f);
            n_engine += mg.plays.len();
        }
    }
    let e = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let mut n_ref = 0usize;
    for b in &boards {
        let pos = b.position(Player::White);
        for r in Roll::all() {
            n_ref += plays::legal_plays(&pos, Player::White, r, &f).len();
        }
    }
    let r = t.elapsed().as_secs_f64();
    let same = if n_engine == n_ref {
        format!("{n_engine} plays each")
    } else {
        format!("engine {n_engine} plays, reference {n_ref}: they differ")
    };
    let _ = writeln!(
        out,
        "move generation over {} positions x 21 rolls: engine {:.0} plays/s, reference {:.0} plays/s ({:.1}x); {same}",
        boards.len(),
        n_engine as f64 / e,
        n_ref as f64 / r,
        (n_engine as f64 / e) / (n_ref as f64 / r),
    );
    out
}

/// The positions one ply from the start (white to move again after each of
/// white's plays, seen from black: the perft's second level). Also the
/// positions of the peer bench (`benches/peers`).
pub fn perft_positions() -> Vec<Board> {
    let start = Board::of(&Position::standard(), Player::White);
    let mut mg = MoveGen::default();
    let mut out = Vec::new();
    for r in Roll::all() {
        mg.generate(&start, r.high, r.low, &Faults::default());
        for p in &mg.plays {
            out.push(Board {
                me: p.after.them,
                them: p.after.me,
            });
        }
    }
    out
}
