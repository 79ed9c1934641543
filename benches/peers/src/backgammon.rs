//! Backgammon: plays generated per second over the same positions, arbiter's
//! engine beside bkgm (crates.io), in one process. The positions are the
//! perft's second level: every position one play from the start (each of
//! the 21 rolls), the opponent to move, and each is asked all 21 rolls.
//! Both generators must find 202,782 plays in all, the depth-2 figure of
//! `spec/backgammon/perft.yaml` (computed by gnubg and bkgm, and by both of
//! arbiter's implementations).

use arbiter::games::backgammon::bench_report::perft_positions;
use arbiter::games::backgammon::board::Roll;
use arbiter::games::backgammon::engine::movegen::{Board, MoveGen};
use arbiter::games::backgammon::profile::Faults;
use bkgm::dice::ALL_21;
use bkgm::{ClassicRules, PositionRules};

use crate::measure::{line, rounds};

/// perft(2) from the start: the plays of every roll of every position one
/// play from the start.
const PLAYS: u64 = 202_782;

fn engine_positions() -> Vec<Board> {
    perft_positions()
}

fn bkgm_positions() -> Vec<bkgm::Position<15>> {
    let start =
        bkgm::codecs::gnuid::decode_position::<15>("4HPwATDgc/ABMA").expect("the start's GNUbg ID");
    let mut out = Vec::new();
    for (dice, _) in ALL_21 {
        out.extend(<ClassicRules as PositionRules<15>>::legal_positions(
            start, &dice,
        ));
    }
    out
}

/// The table.
pub fn run(reps: usize) {
    let boards = engine_positions();
    let positions = bkgm_positions();
    assert_eq!(boards.len(), 447, "arbiter: perft(1) is 447");
    assert_eq!(positions.len(), 447, "bkgm: perft(1) is 447");
    let f = Faults::default();
    let mut mg = MoveGen::default();
    let rolls = Roll::all();
    let engine = rounds(reps, || {
        let mut n = 0;
        for b in &boards {
            for r in &rolls {
                mg.generate(b, r.high, r.low, &f);
                n += mg.plays.len() as u64;
            }
        }
        assert_eq!(n, PLAYS, "arbiter's engine");
        n
    });
    let peer = rounds(reps, || {
        let mut n = 0;
        for p in &positions {
            for (dice, _) in ALL_21 {
                n += <ClassicRules as PositionRules<15>>::legal_positions(*p, &dice).len() as u64;
            }
        }
        assert_eq!(n, PLAYS, "bkgm");
        n
    });
    println!("backgammon move generation: 447 positions one play from the start x 21 rolls");
    line(
        "backgammon plays generated",
        "plays",
        engine,
        "bkgm 0.6 legal_positions",
        Some(peer),
    );
}
