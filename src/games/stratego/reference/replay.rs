//! Replaying a game from its setup: the only source of state the reference
//! interpreter has. Every query starts here.

use crate::games::stratego::combat::{CombatResult, resolve};
use crate::games::stratego::moves::Move;
use crate::games::stratego::piece::{Color, Rank};
use crate::games::stratego::position::{Board, PieceId, Placed};
use crate::games::stratego::square::Square;

/// What happened in one ply, as the anti-repetition rules need it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyFact {
    /// Who moved.
    pub color: Color,
    /// Which piece moved.
    pub piece: PieceId,
    /// Its rank.
    pub rank: Rank,
    /// The move.
    pub mv: Move,
    /// Start square, every square stepped over, end square (RP-3.3, TS-5).
    pub path: Vec<Square>,
    /// The attacked piece, its rank and the result, when the move attacked.
    pub combat: Option<(PieceId, Rank, CombatResult)>,
}

/// A replayed game: the board before each ply and after the last, and the
/// facts of each ply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// `boards[i]` is the position before ply `i`; the last is the current one.
    pub boards: Vec<Board>,
    /// One entry per ply played.
    pub plies: Vec<PlyFact>,
}

impl Replay {
    /// The current position.
    pub fn current(&self) -> &Board {
        self.boards
            .last()
            .expect("a replay holds at least the setup")
    }

    /// Replays `moves` from `start`. The moves must have been judged legal;
    /// this applies the rules of play (RP-3, RP-5) and nothing else.
    pub fn run(start: &Board, moves: &[Move]) -> Replay {
        let mut replay = Replay {
            boards: vec![start.clone()],
            plies: Vec::with_capacity(moves.len()),
        };
        for &mv in moves {
            replay.push(mv);
        }
        replay
    }

    /// Replays one more move: what [`Replay::run`] does for each move, so
    /// a replay extended move by move equals the replay of the whole list.
    pub fn push(&mut self, mv: Move) {
        let (next, fact) = apply(self.current(), mv);
        self.boards.push(next);
        self.plies.push(fact);
    }
}

/// Applies a pseudo-legal move: moves the piece, resolves an attack (RP-5),
/// hands the turn over.
pub fn apply(board: &Board, mv: Move) -> (Board, PlyFact) {
    let mover: Placed = board
        .at(mv.from)
        .expect("apply needs a piece on the start square");
    let mut next = board.clone();
    next.clear(mv.from);
    let combat = board.at(mv.to).map(|defender| {
        let result = resolve(mover.piece.rank, defender.piece.rank);
        match result {
            CombatResult::AttackerWins => next.put(mv.to, mover),
            CombatResult::DefenderWins => {}
            CombatResult::BothRemoved => next.clear(mv.to),
        }
        (defender.id, defender.piece.rank, result)
    });
    if combat.is_none() {
        next.put(mv.to, mover);
    }
    next.to_move = board.to_move.opponent();
    let path = mv
        .from
        .line_to(mv.to)
        .unwrap_or_else(|| vec![mv.from, mv.to]);
    let fact = PlyFact {
        color: mover.piece.color,
        piece: mover.id,
        rank: mover.piece.rank,
        mv,
        path,
        combat,
    };
    (next, fact)
}
