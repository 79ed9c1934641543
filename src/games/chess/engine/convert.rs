//! Between arbiter's data types and cozy-chess's: squares, pieces, UCI
//! castling (the king's two-square move) and cozy-chess's king-takes-rook
//! castling.

use cozy_chess::{Board, File, Move, Piece, Square as CSquare};

use crate::games::chess::action::UciMove;
use crate::games::chess::board::{Kind, Square};
use crate::games::chess::position::Position;

/// The board of a position; cozy-chess refuses a few positions that CH-1.2
/// accepts (three checkers, say), which the engine then does not play. The
/// clocks are arbiter's to keep.
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
    Board::from_fen(&fen, false)
        .map_err(|e| format!("the engine does not play this position ({e:?}); the reference does"))
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

fn kind(p: Piece) -> Kind {
    match p {
        Piece::Pawn => Kind::Pawn,
        Piece::Knight => Kind::Knight,
        Piece::Bishop => Kind::Bishop,
        Piece::Rook => Kind::Rook,
        Piece::Queen => Kind::Queen,
        Piece::King => Kind::King,
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

/// The UCI move for a cozy-chess move.
pub fn from_cozy(board: &Board, m: Move) -> UciMove {
    let mut to = m.to;
    if board.piece_on(m.from) == Some(Piece::King) && board.colors(board.side_to_move()).has(m.to) {
        let file = if m.to.file() > m.from.file() {
            File::G
        } else {
            File::C
        };
        to = CSquare::new(file, m.from.rank());
    }
    UciMove {
        from: sq(m.from),
        to: sq(to),
        promotion: m.promotion.map(kind),
    }
}
