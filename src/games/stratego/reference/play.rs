//! The rules of play (RP-3): may this piece physically make this move on this
//! board? Repetition rules are asked only after this says yes.

use crate::games::stratego::moves::Move;
use crate::games::stratego::piece::Rank;
use crate::games::stratego::position::Board;
use crate::games::stratego::verdict::{Illegal, RuleCode};

/// Checks RP-1.1 and RP-3 for the side to move. Each refusal names its clause.
pub fn check(board: &Board, mv: Move) -> Result<(), Illegal> {
    let g = board.geometry();
    for sq in [mv.from, mv.to] {
        if !g.contains(sq) {
            return Err(Illegal::new(
                RuleCode::OffBoard,
                "RP-1.1",
                format!("{sq} is not on the board"),
            ));
        }
    }
    let Some(mover) = board.at(mv.from) else {
        return Err(Illegal::new(
            RuleCode::EmptySquare,
            "RP-3.1",
            format!("there is no piece on {}", mv.from),
        ));
    };
    if mover.piece.color != board.to_move {
        return Err(Illegal::new(
            RuleCode::OpponentPiece,
            "RP-3.1",
            format!(
                "the {} on {} belongs to {}, but it is {}'s turn",
                mover.piece, mv.from, mover.piece.color, board.to_move
            ),
        ));
    }
    if !mover.piece.rank.is_movable() {
        return Err(Illegal::new(
            RuleCode::Immovable,
            "RP-3.4",
            format!("the {} on {} never moves", mover.piece.rank, mv.from),
        ));
    }
    let Some(between) = mv.from.between(mv.to) else {
        return Err(Illegal::new(
            RuleCode::NotAStep,
            if mover.piece.rank == Rank::Scout {
                "RP-3.3"
            } else {
                "RP-3.2"
            },
            format!("{} to {} is not a straight orthogonal move", mv.from, mv.to),
        ));
    };
    if mover.piece.rank != Rank::Scout && !between.is_empty() {
        return Err(Illegal::new(
            RuleCode::NotAStep,
            "RP-3.2",
            format!(
                "a {} moves one square at a time; {} to {} is {} squares",
                mover.piece.rank,
                mv.from,
                mv.to,
                between.len() + 1
            ),
        ));
    }
    if let Some(lake) = between
        .iter()
        .chain(std::iter::once(&mv.to))
        .find(|sq| g.is_lake(**sq))
    {
        return Err(Illegal::new(
            RuleCode::Lake,
            "RP-3.5",
            format!("{lake} is a lake; no piece enters or crosses it"),
        ));
    }
    if let Some(blocker) = between.iter().find(|sq| board.at(**sq).is_some()) {
        let p = board.at(*blocker).unwrap().piece;
        return Err(Illegal::new(
            RuleCode::Blocked,
            "RP-3.3",
            format!(
                "the scout cannot pass the {p} on {blocker}; a scout moves only over empty squares"
            ),
        ));
    }
    if let Some(target) = board.at(mv.to)
        && target.piece.color == mover.piece.color
    {
        return Err(Illegal::new(
            RuleCode::OwnPiece,
            "RP-3.5",
            format!(
                "{} holds {}'s own {}",
                mv.to, target.piece.color, target.piece.rank
            ),
        ));
    }
    Ok(())
}

/// Every move of the side to move that the rules of play allow, sorted.
pub fn pseudo_legal_moves(board: &Board) -> Vec<Move> {
    pseudo_legal_moves_for(board, board.to_move)
}

/// Same as [`pseudo_legal_moves`], for either colour (RP-6.3 asks whether the
/// player *not* on turn could move).
pub fn pseudo_legal_moves_for(
    board: &Board,
    color: crate::games::stratego::piece::Color,
) -> Vec<Move> {
    let mut b = board.clone();
    b.to_move = color;
    let g = b.geometry().clone();
    let mut out = Vec::new();
    for (from, placed) in b.pieces() {
        if placed.piece.color != color {
            continue;
        }
        for to in g.squares() {
            if (to.file == from.file || to.rank == from.rank) && to != from {
                let mv = Move::new(from, to);
                if check(&b, mv).is_ok() {
                    out.push(mv);
                }
            }
        }
    }
    out.sort();
    out
}
