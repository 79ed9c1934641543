//! The notations of Epaminondas's players and records (`spec/epaminondas/notation.md`):
//! AbstractPlay's (`abstractplay`), which names a move by its rear stone and
//! the square the head of the phalanx lands on (`d2-d5`, `d2xd5`).
//!
//! The phalanx of an AbstractPlay move is the named stone and every own
//! stone right ahead of it in the direction of travel, so turning one into
//! arbiter's move (front stone, landing square, count) reads the position:
//! nothing more. Whether the move is legal is the game's own judge's
//! verdict; the notation never asks a rule.

use super::board::{Dir, Square};
use super::game::Epaminondas;
use super::moves::Move;
use super::setup::Setup;
use crate::rules::notation::{Misread, NotationInfo};
use crate::rules::{Game, Notation};

/// The clause that defines AbstractPlay's moves.
const MOVE_CLAUSE: &str = "EP-N.1.2";

/// `sq` moved one step in `d`, if still on `setup`'s board.
fn step(setup: &Setup, sq: Square, d: Dir) -> Option<Square> {
    setup.size.step(sq, d)
}

/// Reads an AbstractPlay move (blanks removed, lower case) into its rear
/// square, its landing square and whether it was written with `x`.
fn split(text: &str) -> Result<(Square, Square), String> {
    let t: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_lowercase();
    let Some((a, b)) = t.split_once(['-', 'x']) else {
        if t.parse::<Square>().is_ok() {
            return Err(format!(
                "`{text}` names one cell: a placement of AbstractPlay's `stones` variant, which arbiter does not play; a move is two cells joined by `-` or `x` (`d2-d5`)"
            ));
        }
        return Err(format!(
            "`{text}` is not an AbstractPlay move: two cells joined by `-` or `x` (`d2-d5`, `d2xd7`) were expected"
        ));
    };
    let from = a
        .parse::<Square>()
        .map_err(|e| format!("{e} (in `{text}`)"))?;
    let to = b
        .parse::<Square>()
        .map_err(|e| format!("{e} (in `{text}`)"))?;
    Ok((from, to))
}

impl Notation for Epaminondas {
    const NOTATIONS: &'static [NotationInfo] = &[NotationInfo {
        name: "abstractplay",
        title: "AbstractPlay's moves: the rear stone of the phalanx and the square its head lands on (d2-d5, d2xd7)",
        clause: MOVE_CLAUSE,
    }];

    /// The one notation, `abstractplay`.
    fn read_notation(
        _abstractplay: &'static str,
        game: &dyn Game<Self>,
        text: &str,
    ) -> Result<Vec<Move>, Misread<Self>> {
        // arbiter's own spelling with a count (`d4-d5/3`) cannot be taken
        // for AbstractPlay's, which never writes `/` (EP-N.1.3).
        if text.contains('/') {
            let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
            return compact
                .parse::<Move>()
                .map(|m| vec![m])
                .map_err(|why| Misread::notation("EP-N.1.3", why));
        }
        let (rear, to) = split(text).map_err(|why| Misread::notation(MOVE_CLAUSE, why))?;
        let literal = Move {
            front: rear,
            to,
            count: 1,
        };
        let Some(setup) = game.position() else {
            return Err(Misread::notation(
                MOVE_CLAUSE,
                "this implementation does not tell its position, so an AbstractPlay move (named by its rear stone) cannot be turned into a move",
            ));
        };
        let mover = game.side_to_move();
        // Not on a line, or no stone of the mover's on the rear square:
        // the move as written, for the judge to say why it is illegal.
        let Some((dir, _)) = Dir::between(rear, to) else {
            return Ok(vec![literal]);
        };
        if setup.side_on(rear) != Some(mover) {
            return Ok(vec![literal]);
        }
        // The phalanx: the rear stone and every own stone right ahead of it.
        let mut front = rear;
        let mut count = 1u8;
        while let Some(next) = step(&setup, front, dir) {
            if setup.side_on(next) != Some(mover) {
                break;
            }
            if next == to {
                // The landing square is inside the phalanx itself: the
                // move as written, which the judge refuses.
                return Ok(vec![literal]);
            }
            front = next;
            count += 1;
        }
        Ok(vec![Move { front, to, count }])
    }

    fn write_notation(_abstractplay: &str, game: &dyn Game<Self>, action: &Move) -> Option<String> {
        let (dir, _) = action.line()?;
        let back = dir.back();
        let mut rear = action.front;
        for _ in 1..action.count {
            rear = Square::new(
                (rear.file as i16 + back.df as i16) as u8,
                (rear.rank as i16 + back.dr as i16) as u8,
            );
        }
        let setup = game.position()?;
        let captures = setup.side_on(action.to) == Some(game.side_to_move().opponent());
        Some(format!(
            "{rear}{}{}",
            if captures { 'x' } else { '-' },
            action.to
        ))
    }
}
