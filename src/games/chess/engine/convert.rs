//! Between arbiter's data types and cozy-chess's: squares, pieces, UCI
//! castling (the king's two-square move) and cozy-chess's king-takes-rook
//! castling.

use cozy_chess::{Board, File, Move, Piece, Square as CSquare};

use crate::games::chess::action::UciMove;
use crate::games::chess::board::{Kind, Square};
use crate::games::chess::position::Position;

/// The board of a position; cozy-chess refuses a few positions that CH-1.2
/// accepts, which the engine then declines (`spec/chess/protocol.md`, "What
/// arbiter's engine declines"; the reason in [`declined`]). The clocks are
/// arbiter's to keep.
pub fn board_of(pos: &Position) -> Result<Board, String> {
    let fen = format!(
        "{} {} {} {} 0 1",
        pos.placement(),
        if pos.to_move == crate::games::chess::board::Color::White {
            'w'
        } else {
            'b'
        },
        pos.castling,
        pos.ep.map_or("-".to_string(), |s| s.to_string())
    );
    Board::from_fen(&fen, false).map_err(|_| declined(pos))
}

/// Why the engine does not play a position CH-1.2 admits, in the words of
/// `spec/chess/protocol.md`: cozy-chess's board holds at most 16 men and 8
/// pawns a side and at most two checkers, and an en-passant square only
/// where the double step can have given the check the mover stands in.
/// The words name no clause: a decline is no refusal, and a setup the rules
/// refuse (CH-1.2) must be refused with its clause, never declined (a
/// refusal's clause is the last one its words name).
pub fn declined(pos: &Position) -> String {
    use crate::games::chess::board::Color;
    let why = [Color::White, Color::Black]
        .into_iter()
        .find_map(|c| {
            let men = pos.board.iter().flatten().filter(|p| p.color == c);
            let pawns = men.clone().filter(|p| p.kind == Kind::Pawn).count();
            let men = men.count();
            if men > 16 {
                Some(format!(
                    "{c} has {men} men, and its board holds at most 16 a side"
                ))
            } else if pawns > 8 {
                Some(format!(
                    "{c} has {pawns} pawns, and its board holds at most 8 a side"
                ))
            } else {
                None
            }
        })
        .unwrap_or_else(|| {
            "three or more pieces check the side to move, or the en-passant square \
             stands beside a check its double step cannot have given, and its board \
             holds neither"
                .into()
        });
    format!(
        "arbiter's chess engine declines this position, which the rules admit: {why} \
         (spec/chess/protocol.md); the reference plays it"
    )
}

/// arbiter's square as cozy-chess's.
pub fn csq(s: Square) -> CSquare {
    CSquare::index(s.0 as usize)
}

/// cozy-chess's square as arbiter's.
pub fn sq(s: CSquare) -> Square {
    Square(s as u8)
}

/// A promotion kind as cozy-chess's piece.
pub fn cpiece(k: Kind) -> Piece {
    match k {
        Kind::Pawn => Piece::Pawn,
        Kind::Knight => Piece::Knight,
        Kind::Bishop => Piece::Bishop,
        Kind::Rook => Piece::Rook,
        Kind::Queen => Piece::Queen,
        Kind::King => Piece::King,
    }
}

/// The cozy-chess move for a UCI move: castling becomes the king's move
/// onto its rook.
pub fn to_cozy(board: &Board, m: UciMove) -> Move {
    let from = csq(m.from);
    let mut to = csq(m.to);
    if board.piece_on(from) == Some(Piece::King)
        && from.rank() == to.rank()
        && (from.file() as i8 - to.file() as i8).abs() == 2
    {
        let file = if to.file() > from.file() {
            File::H
        } else {
            File::A
        };
        to = CSquare::new(file, from.rank());
    }
    Move {
        from,
        to,
        promotion: m.promotion.map(cpiece),
    }
}
