//! The verdict on one move, rule by rule in the order of CH-2.8, so that
//! the first rule the move breaks is the one named. A test checks that the
//! moves this module passes are exactly [`legal_moves`](super::movement::legal_moves).

use crate::games::chess::action::UciMove;
use crate::games::chess::board::Kind;
use crate::games::chess::position::Position;
use crate::games::chess::profile::ClockReset;
use crate::games::chess::verdict::RuleCode;

use super::movement::{
    between, castling_refusal, forward, in_check, is_castling, last_rank, make, pawn_home,
};

/// Why a move is refused: the rule, the clause, a sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The rule broken.
    pub rule: RuleCode,
    /// The clause that decides it.
    pub clause: &'static str,
    /// What is wrong with this move here.
    pub explanation: String,
}

fn refuse(rule: RuleCode, clause: &'static str, explanation: String) -> Result<(), Refusal> {
    Err(Refusal {
        rule,
        clause,
        explanation,
    })
}

/// Judges `m` for the side to move of `pos` (the game being on).
pub fn judge_move(pos: &Position, m: UciMove) -> Result<(), Refusal> {
    let me = pos.to_move;
    let Some(piece) = pos.at(m.from) else {
        return refuse(
            RuleCode::NoPiece,
            "CH-2.1",
            format!("no piece stands on {}", m.from),
        );
    };
    if piece.color != me {
        return refuse(
            RuleCode::OpponentPiece,
            "CH-2.1",
            format!("the {piece} on {} is not {me}'s", m.from),
        );
    }
    if let Some(t) = pos.at(m.to)
        && t.color == me
    {
        return refuse(
            RuleCode::OwnPiece,
            "CH-2.1",
            format!("{} holds {me}'s own {}", m.to, t.kind.name()),
        );
    }
    let df = m.to.file() as i8 - m.from.file() as i8;
    let dr = m.to.rank() as i8 - m.from.rank() as i8;
    // CH-2.3 is the knight's own clause; CH-2.2 the other pieces' (a pawn's
    // moves are judged under CH-2.4 below).
    let movement_clause = if piece.kind == Kind::Knight {
        "CH-2.3"
    } else {
        "CH-2.2"
    };
    let not_a_move = |how: &str| {
        refuse(
            RuleCode::NotAMove,
            movement_clause,
            format!(
                "a {} does not move from {} to {}: {how}",
                piece.kind.name(),
                m.from,
                m.to
            ),
        )
    };
    let blocked = |clause| {
        let s = between(m.from, m.to)
            .unwrap_or_default()
            .into_iter()
            .chain(std::iter::once(m.to))
            .find(|s| pos.at(*s).is_some())
            .expect("a blocked move has a piece in the way");
        refuse(
            RuleCode::Blocked,
            clause,
            format!(
                "the {} on {s} stands in the way",
                pos.at(s).expect("occupied")
            ),
        )
    };
    let path_clear =
        || between(m.from, m.to).is_some_and(|b| b.iter().all(|s| pos.at(*s).is_none()));
    match piece.kind {
        Kind::King if is_castling(pos, m) => {
            if let Some(why) = castling_refusal(pos, me, m.to.file() == 6) {
                return refuse(RuleCode::Castling, "CH-2.6", why);
            }
        }
        Kind::King => {
            if df.abs() > 1 || dr.abs() > 1 {
                return not_a_move(
                    "the king steps to a neighbouring square (or castles from its home square)",
                );
            }
        }
        Kind::Knight => {
            if !matches!((df.abs(), dr.abs()), (1, 2) | (2, 1)) {
                return not_a_move("the knight jumps two squares one way and one the other");
            }
        }
        Kind::Bishop => {
            if df.abs() != dr.abs() {
                return not_a_move("the bishop moves along a diagonal");
            }
            if !path_clear() {
                return blocked("CH-2.2");
            }
        }
        Kind::Rook => {
            if df != 0 && dr != 0 {
                return not_a_move("the rook moves along a rank or a file");
            }
            if !path_clear() {
                return blocked("CH-2.2");
            }
        }
        Kind::Queen => {
            if df != 0 && dr != 0 && df.abs() != dr.abs() {
                return not_a_move("the queen moves along a rank, a file or a diagonal");
            }
            if !path_clear() {
                return blocked("CH-2.2");
            }
        }
        Kind::Pawn => {
            let dir = forward(me);
            if df == 0 && dr == dir {
                if pos.at(m.to).is_some() {
                    return blocked("CH-2.4");
                }
            } else if df == 0 && dr == 2 * dir && m.from.rank() == pawn_home(me) {
                if !path_clear() || pos.at(m.to).is_some() {
                    return blocked("CH-2.4");
                }
            } else if df.abs() == 1 && dr == dir {
                if pos.at(m.to).is_none() && pos.ep != Some(m.to) {
                    return refuse(
                        RuleCode::NotAMove,
                        "CH-2.4",
                        format!(
                            "a pawn moves diagonally only to capture, and {} is empty and not the en-passant square",
                            m.to
                        ),
                    );
                }
            } else {
                return refuse(
                    RuleCode::NotAMove,
                    "CH-2.4",
                    format!(
                        "a pawn moves one square forward, two from its starting rank, or one diagonally forward to capture; not {} to {}",
                        m.from, m.to
                    ),
                );
            }
        }
    }
    let promotes = piece.kind == Kind::Pawn && m.to.rank() == last_rank(me);
    match (promotes, m.promotion) {
        (true, None) => {
            return refuse(
                RuleCode::Promotion,
                "CH-2.5",
                format!(
                    "a pawn reaching {} must become a queen, rook, bishop or knight: add q, r, b or n",
                    m.to
                ),
            );
        }
        (true, Some(Kind::King | Kind::Pawn)) => {
            return refuse(
                RuleCode::Promotion,
                "CH-2.5",
                "a pawn promotes to a queen, rook, bishop or knight, never a king or a pawn".into(),
            );
        }
        (false, Some(k)) => {
            return refuse(
                RuleCode::Promotion,
                "CH-2.5",
                format!(
                    "{} to {} promotes nothing, so it takes no letter (`{}`)",
                    m.from,
                    m.to,
                    k.letter()
                ),
            );
        }
        _ => {}
    }
    if in_check(&make(pos, m, ClockReset::PawnOrCapture).0, me) {
        let why = if in_check(pos, me) {
            format!("{me}'s king is in check and stays in check after it")
        } else {
            format!("it would leave {me}'s king attacked")
        };
        return refuse(RuleCode::InCheck, "CH-2.7", why);
    }
    Ok(())
}
