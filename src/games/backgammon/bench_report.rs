//! `arbiter bench --game backgammon`: the engine and the reference timed
//! on the same random games (plies per second through the `Game` trait)
//! and on move generation alone (plays generated per second over every
//! roll of the positions those games pass through).

use std::fmt::Write;
use std::time::Instant;

use crate::rules::{BenchOptions, Implementation};

use super::board::{Action, Player, Position, Roll};
use super::engine::Engine;
use super::engine::movegen::{Board, MoveGen};
use super::game::{Backgammon, Setup};
use super::profile::{Faults, Profile};
use super::reference::{Reference, plays};
use super::workload::SplitMix;

/// The actions of a random game of at most `n` plies under `seed-004`
/// (resignations and drops avoided, so games run long).
fn random_game(seed: u64, n: usize) -> Vec<Action> {
    let mut g = Engine
        .start(&Setup::standard(), &Profile::standard())
        .expect("standard start");
    let mut rng = SplitMix(seed);
    let mut out = Vec::new();
    while out.len() < n {
        let legal: Vec<Action> = g
            .legal_actions()
            .into_iter()
            .filter(|a| !matches!(a, Action::Drop | Action::Double))
            .collect();
        if legal.is_empty() {
            break;
        }
        let a = legal[rng.below(legal.len())].clone();
        g.play(&a).expect("legal");
        out.push(a);
    }
    out
}

/// Seconds to replay `game` on `imp`, asking the legal actions at each ply.
fn replay(imp: &dyn Implementation<Backgammon>, game: &[Action]) -> f64 {
    let t = Instant::now();
    let mut g = imp
        .start(&Setup::standard(), &Profile::standard())
        .expect("standard start");
    for a in game {
        let _ = g.legal_actions();
        g.play(a).expect("legal");
    }
    t.elapsed().as_secs_f64()
}

/// The report.
pub fn report(opts: &BenchOptions) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:>7} {:>16} {:>19} {:>8}",
        "plies", "engine plies/s", "reference plies/s", "ratio"
    );
    for &n in &opts.plies {
        let game = random_game(opts.seed, n);
        let best = |imp: &dyn Implementation<Backgammon>, reps: usize| {
            (0..reps.max(1))
                .map(|_| replay(imp, &game))
                .fold(f64::INFINITY, f64::min)
        };
        let e = best(&Engine, opts.reps);
        let r = if game.len() <= opts.reference_max_plies {
            Some(best(&Reference, 1))
        } else {
            None
        };
        let len = game.len() as f64;
        match r {
            Some(r) => {
                let _ = writeln!(
                    out,
                    "{:>7} {:>16.0} {:>19.0} {:>7.1}x",
                    game.len(),
                    len / e,
                    len / r,
                    r / e
                );
            }
            None => {
                let _ = writeln!(
                    out,
                    "{:>7} {:>16.0} {:>19} {:>8}",
                    game.len(),
                    len / e,
                    "-",
                    "-"
                );
            }
        }
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
    let _ = writeln!(
        out,
        "move generation over {} positions x 21 rolls: engine {:.0} plays/s, reference {:.0} plays/s ({:.1}x); {} plays each",
        boards.len(),
        n_engine as f64 / e,
        n_ref as f64 / r,
        r / e * (n_engine as f64 / n_ref.max(1) as f64),
        n_engine
    );
    out
}

/// The positions one ply from the start (white to move again after each of
/// white's plays, seen from black: the perft's second level).
fn perft_positions() -> Vec<Board> {
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
