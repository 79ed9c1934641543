//! The rules of play (RP-1.1, RP-3) for one named candidate move, with the
//! same rule, clause and explanation as the reference. This is the slow path
//! used by [`Game::judge`](crate::games::stratego::game::Game::judge); move
//! generation never produces a move this would refuse.

use crate::games::stratego::moves::Move;
use crate::games::stratego::piece::{Color, Rank};
use crate::games::stratego::verdict::{Illegal, RuleCode};

use super::layout::{Layout, bit};
use super::position::{Cell, Position};

/// Checks `mv` for `to_move` in the order of RP-3.7 and returns the square
/// indices of a move the rules of play allow.
pub fn check(
    layout: &Layout,
    pos: &Position,
    to_move: Color,
    mv: Move,
) -> Result<(u8, u8, Cell), Illegal> {
    let mut idx = [0u8; 2];
    for (k, sq) in [mv.from, mv.to].into_iter().enumerate() {
        idx[k] = layout.index(sq).ok_or_else(|| {
            Illegal::new(
                RuleCode::OffBoard,
                "RP-1.1",
                format!("{sq} is not on the board"),
            )
        })?;
    }
    let [from, to] = idx;
    let Some(mover) = pos.cells[from as usize] else {
        return Err(Illegal::new(
            RuleCode::EmptySquare,
            "RP-3.1",
            format!("there is no piece on {}", mv.from),
        ));
    };
    if mover.color != to_move {
        return Err(Illegal::new(
            RuleCode::OpponentPiece,
            "RP-3.1",
            format!(
                "the {} on {} belongs to {}, but it is {}'s turn",
                mover.piece(),
                mv.from,
                mover.color,
                to_move
            ),
        ));
    }
    if !mover.rank.is_movable() {
        return Err(Illegal::new(
            RuleCode::Immovable,
            "RP-3.4",
            format!("the {} on {} never moves", mover.rank, mv.from),
        ));
    }
    let scout = mover.rank == Rank::Scout;
    let Some(d) = layout.direction(from, to) else {
        return Err(Illegal::new(
            RuleCode::NotAStep,
            if scout { "RP-3.3" } else { "RP-3.2" },
            format!("{} to {} is not a straight orthogonal move", mv.from, mv.to),
        ));
    };
    let length = mv.from.distance(mv.to);
    if !scout && length > 1 {
        return Err(Illegal::new(
            RuleCode::NotAStep,
            "RP-3.2",
            format!(
                "a {} moves one square at a time; {} to {} is {} squares",
                mover.rank, mv.from, mv.to, length
            ),
        ));
    }
    // The squares after `from`, in travel order, `to` last.
    let path = (1..=length as i16).map(|k| (from as i16 + k * d) as u8);
    if let Some(lake) = path.clone().find(|&i| layout.lakes & bit(i) != 0) {
        return Err(Illegal::new(
            RuleCode::Lake,
            "RP-3.5",
            format!(
                "{} is a lake; no piece enters or crosses it",
                layout.square(lake)
            ),
        ));
    }
    if let Some(blocker) = path
        .take_while(|&i| i != to)
        .find(|&i| pos.all() & bit(i) != 0)
    {
        let p = pos.cells[blocker as usize]
            .expect("an occupied square holds a piece")
            .piece();
        return Err(Illegal::new(
            RuleCode::Blocked,
            "RP-3.3",
            format!(
                "the scout cannot pass the {p} on {}; a scout moves only over empty squares",
                layout.square(blocker)
            ),
        ));
    }
    if let Some(target) = pos.cells[to as usize]
        && target.color == mover.color
    {
        return Err(Illegal::new(
            RuleCode::OwnPiece,
            "RP-3.5",
            format!("{} holds {}'s own {}", mv.to, target.color, target.rank),
        ));
    }
    Ok((from, to, mover))
}
