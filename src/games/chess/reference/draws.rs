//! CH-4 to CH-8: what a position is for repetition, how often it has
//! stood, which material cannot mate, and the move-count limits. Every
//! count is taken on the whole history from the setup on.

use crate::games::chess::board::{Color, Kind, Piece, Square};
use crate::games::chess::game::DrawReason;
use crate::games::chess::position::Position;
use crate::games::chess::profile::{DrawRule, EpKey, Material, Profile};

use super::movement::{in_check, is_en_passant, legal_moves, pseudo_moves};

/// A position as repetition sees it (CH-6.1): the placement, and under the
/// profile the side to move, the castling rights and the en-passant right.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Key {
    board: [Option<Piece>; 64],
    to_move: Option<Color>,
    castling: Option<[bool; 4]>,
    ep: Option<Square>,
}

/// The repetition key of `pos` under `profile` (CH-6.1, CH-6.2).
pub fn key(pos: &Position, profile: &Profile) -> Key {
    let ep = match profile.ep_in_repetition {
        EpKey::Always => pos.ep,
        EpKey::Never => None,
        EpKey::LegalCapture => pos
            .ep
            .filter(|_| legal_moves(pos).into_iter().any(|m| is_en_passant(pos, m))),
        EpKey::PseudoLegal => pos
            .ep
            .filter(|_| pseudo_moves(pos).into_iter().any(|m| is_en_passant(pos, m))),
    };
    Key {
        board: pos.board,
        to_move: profile.side_to_move_in_key.then_some(pos.to_move),
        castling: profile.castling_in_key.then_some(pos.castling.0),
        ep,
    }
}

/// How many positions of `history` (the setup first) are the same as the
/// last one under `profile`, the last included (CH-6.3).
pub fn repetitions(history: &[Position], profile: &Profile) -> u32 {
    let last = key(history.last().expect("a history has its setup"), profile);
    history.iter().filter(|p| key(p, profile) == last).count() as u32
}

/// Whether the material on the board is too little to mate under the
/// profile's reading (CH-5).
pub fn insufficient_material(pos: &Position, material: Material) -> bool {
    let pieces: Vec<(Square, Piece)> = Square::all()
        .filter_map(|s| pos.at(s).map(|p| (s, p)))
        .filter(|(_, p)| p.kind != Kind::King)
        .collect();
    if material == Material::Off
        || pieces
            .iter()
            .any(|(_, p)| matches!(p.kind, Kind::Pawn | Kind::Rook | Kind::Queen))
    {
        return false;
    }
    let knights = pieces
        .iter()
        .filter(|(_, p)| p.kind == Kind::Knight)
        .count();
    let bishops: Vec<Square> = pieces
        .iter()
        .filter(|(_, p)| p.kind == Kind::Bishop)
        .map(|(s, _)| *s)
        .collect();
    // CH-5.2: one knight and nothing else, or bishops all on one colour.
    let one_colour = bishops.iter().all(|s| s.is_dark()) || bishops.iter().all(|s| !s.is_dark());
    let no_mate = (knights == 0 && one_colour) || (knights == 1 && bishops.is_empty());
    if no_mate || material == Material::NoMatePossible {
        return no_mate;
    }
    // CH-5.4's reading: neither side alone has mating force.
    [Color::White, Color::Black].iter().all(|&c| {
        let own: Vec<Kind> = pieces
            .iter()
            .filter(|(_, p)| p.color == c)
            .map(|(_, p)| p.kind)
            .collect();
        own.len() <= 1 || (own.len() == 2 && own.iter().all(|k| *k == Kind::Knight))
    })
}

/// The move-count draw that ends the game by itself at `pos`, if any
/// (CH-8.2 automatic, CH-8.3).
pub fn move_limit(pos: &Position, profile: &Profile) -> Option<DrawReason> {
    if profile.fifty_moves == DrawRule::Automatic && pos.halfmove >= 100 {
        Some(DrawReason::FiftyMoves)
    } else if profile.seventy_five_moves && pos.halfmove >= 150 {
        Some(DrawReason::SeventyFiveMoves)
    } else {
        None
    }
}

/// How many moves in a row the side that moved last has given check with,
/// counting back from the last position of `history` (CH-7).
pub fn checks_in_a_row(history: &[Position]) -> u32 {
    let mut n = 0;
    let mut i = history.len();
    while i >= 2 {
        let after = &history[i - 1];
        if !in_check(after, after.to_move) {
            break;
        }
        n += 1;
        i -= 2;
    }
    n
}
