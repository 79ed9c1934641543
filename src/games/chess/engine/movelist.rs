//! The legal moves of a position, generated when they are asked for and
//! kept in cozy-chess's compact form (a piece, its square, the
//! squares it may go to), ordered by square so that the actions come out
//! sorted without a sort: by origin, then target, then promotion piece,
//! which is the order of `UciMove`.

use cozy_chess::{BitBoard, Board, File, Move, Piece, PieceMoves, Rank, Square as CSquare};

use crate::games::chess::action::UciMove;
use crate::games::chess::board::Kind;

use super::convert::sq;

/// cozy-chess calls its listener at most 18 times a position (16 pieces
/// and two en-passant captures).
const MAX_GROUPS: usize = 18;

const NONE: PieceMoves = PieceMoves {
    piece: Piece::Pawn,
    from: CSquare::A1,
    to: BitBoard::EMPTY,
};

/// The legal moves, one group per origin square, in square order.
#[derive(Clone, Copy, Debug)]
pub(super) struct MoveList {
    groups: [PieceMoves; MAX_GROUPS],
    len: u8,
}

impl MoveList {
    /// The legal moves of `board` (cozy-chess's generator; the king may
    /// not be left attacked, CH-2.7).
    pub(super) fn of(board: &Board) -> Self {
        let mut list = MoveList {
            groups: [NONE; MAX_GROUPS],
            len: 0,
        };
        board.generate_moves(|pm| {
            list.insert(pm);
            false
        });
        list
    }

    /// Adds a group in its place; a second group from one square (an
    /// en-passant capture) joins the first.
    fn insert(&mut self, pm: PieceMoves) {
        let n = usize::from(self.len);
        let mut i = n;
        while i > 0 && self.groups[i - 1].from as u8 >= pm.from as u8 {
            i -= 1;
        }
        if i < n && self.groups[i].from == pm.from {
            self.groups[i].to |= pm.to;
            return;
        }
        self.groups.copy_within(i..n, i + 1);
        self.groups[i] = pm;
        self.len += 1;
    }

    /// How many moves, a promotion counting once per piece.
    pub(super) fn len(&self) -> usize {
        self.groups().iter().map(PieceMoves::len).sum()
    }

    fn groups(&self) -> &[PieceMoves] {
        &self.groups[..usize::from(self.len)]
    }

    /// Calls `f` with every move in `UciMove` order, as UCI writes it and
    /// as cozy-chess plays it (castling is the king's two-square move in
    /// UCI, the king onto its own rook in cozy-chess).
    pub(super) fn each(&self, board: &Board, mut f: impl FnMut(UciMove, Move)) {
        let own = board.colors(board.side_to_move());
        for g in self.groups() {
            let from = sq(g.from);
            // One move in both spellings: `to` as UCI writes it, `onto`
            // as cozy-chess plays it (they differ only for castling).
            let mut play = |to: CSquare, onto: CSquare, promotion: Option<(Kind, Piece)>| {
                f(
                    UciMove {
                        from,
                        to: sq(to),
                        promotion: promotion.map(|(k, _)| k),
                    },
                    Move {
                        from: g.from,
                        to: onto,
                        promotion: promotion.map(|(_, p)| p),
                    },
                )
            };
            match g.piece {
                Piece::Pawn => {
                    for to in g.to {
                        if matches!(to.rank(), Rank::First | Rank::Eighth) {
                            for promotion in [
                                (Kind::Knight, Piece::Knight),
                                (Kind::Bishop, Piece::Bishop),
                                (Kind::Rook, Piece::Rook),
                                (Kind::Queen, Piece::Queen),
                            ] {
                                play(to, to, Some(promotion));
                            }
                        } else {
                            play(to, to, None);
                        }
                    }
                }
                Piece::King => {
                    // Castling: the king onto its own rook, written as the
                    // king's two-square move; its target joins the order.
                    let rooks = g.to & own;
                    let steps = g.to & !own;
                    let mut castles = BitBoard::EMPTY;
                    for r in rooks {
                        let file = if r.file() > g.from.file() {
                            File::G
                        } else {
                            File::C
                        };
                        castles |= CSquare::new(file, r.rank()).bitboard();
                    }
                    for to in steps | castles {
                        if castles.has(to) {
                            let rook = rooks
                                .into_iter()
                                .find(|r| (r.file() > g.from.file()) == (to.file() > g.from.file()))
                                .expect("a castling target has its rook");
                            play(to, rook, None);
                        }
                        if steps.has(to) {
                            play(to, to, None);
                        }
                    }
                }
                _ => {
                    for to in g.to {
                        play(to, to, None);
                    }
                }
            }
        }
    }
}
