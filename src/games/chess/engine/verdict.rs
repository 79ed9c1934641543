//! The engine's verdict on a move: its own reading of the rules of
//! movement, on bitboards, naming the first rule broken in the order of
//! CH-2.8; the last word (does the king stay safe?) is cozy-chess's
//! legality test.

use cozy_chess::{BitBoard, Board, File, Piece, Rank, Square as CSquare};

use crate::games::chess::action::UciMove;
use crate::games::chess::board::Kind;
use crate::games::chess::verdict::RuleCode;

use super::attacked;
use super::convert::{csq, to_cozy};

/// The clause a rule code is decided by.
pub fn clause(rule: RuleCode) -> &'static str {
    match rule {
        RuleCode::GameOver => "CH-10.3",
        RuleCode::NoPiece | RuleCode::OpponentPiece | RuleCode::OwnPiece => "CH-2.1",
        RuleCode::Castling => "CH-2.6",
        RuleCode::NotAMove | RuleCode::Blocked => "CH-2.2",
        RuleCode::Promotion => "CH-2.5",
        RuleCode::InCheck => "CH-2.7",
        RuleCode::ClaimNotAvailable => "CH-9.1",
    }
}

/// Why `m` may not be played on `board`, if it may not.
pub fn refusal(board: &Board, m: UciMove) -> Option<(RuleCode, String)> {
    let me = board.side_to_move();
    let (from, to) = (csq(m.from), csq(m.to));
    let Some(piece) = board.piece_on(from) else {
        return Some((RuleCode::NoPiece, format!("{} is empty", m.from)));
    };
    if !board.colors(me).has(from) {
        return Some((
            RuleCode::OpponentPiece,
            format!("{} holds an enemy piece", m.from),
        ));
    }
    if board.colors(me).has(to) {
        return Some((RuleCode::OwnPiece, format!("{} holds an own piece", m.to)));
    }
    let occ = board.occupied();
    let blocked = |path: BitBoard| !(path & occ).is_empty();
    let between = cozy_chess::get_between_rays(from, to);
    let home = CSquare::new(File::E, Rank::First.relative_to(me));
    let df = to.file() as i8 - from.file() as i8;
    let dr = to.rank() as i8 - from.rank() as i8;
    let geometry: Option<RuleCode> = match piece {
        Piece::King if from == home && dr == 0 && df.abs() == 2 => {
            let short = df > 0;
            let rights = board.castle_rights(me);
            let rook_file = if short { rights.short } else { rights.long };
            let Some(rook_file) = rook_file else {
                // The reference's words, so that the two explain a refusal alike.
                let color = if me == cozy_chess::Color::White {
                    "white"
                } else {
                    "black"
                };
                let side = if short { "king" } else { "queen" };
                return Some((
                    RuleCode::Castling,
                    format!(
                        "{color} has no {side}-side castling right (king or rook has moved, or the rook was captured)"
                    ),
                ));
            };
            let rook = CSquare::new(rook_file, from.rank());
            if blocked(cozy_chess::get_between_rays(from, rook)) {
                return Some((
                    RuleCode::Castling,
                    "a piece stands between king and rook".into(),
                ));
            }
            if !board.checkers().is_empty() {
                return Some((RuleCode::Castling, "no castling out of check".into()));
            }
            let passed = CSquare::new(if short { File::F } else { File::D }, from.rank());
            if attacked(board, passed, !me) {
                // The reference's words, so that the two explain it alike.
                let them = if me == cozy_chess::Color::White {
                    "black"
                } else {
                    "white"
                };
                return Some((
                    RuleCode::Castling,
                    format!("the king would pass over {passed}, which {them} attacks"),
                ));
            }
            None
        }
        Piece::King => (!cozy_chess::get_king_moves(from).has(to)).then_some(RuleCode::NotAMove),
        Piece::Knight => {
            (!cozy_chess::get_knight_moves(from).has(to)).then_some(RuleCode::NotAMove)
        }
        Piece::Bishop | Piece::Rook | Piece::Queen => {
            let rays = match piece {
                Piece::Bishop => cozy_chess::get_bishop_rays(from),
                Piece::Rook => cozy_chess::get_rook_rays(from),
                _ => cozy_chess::get_bishop_rays(from) | cozy_chess::get_rook_rays(from),
            };
            if !rays.has(to) {
                Some(RuleCode::NotAMove)
            } else if blocked(between) {
                Some(RuleCode::Blocked)
            } else {
                None
            }
        }
        Piece::Pawn => {
            let up: i8 = if me == cozy_chess::Color::White {
                1
            } else {
                -1
            };
            let start = from.rank() == Rank::Second.relative_to(me);
            if df == 0 && dr == up {
                occ.has(to).then_some(RuleCode::Blocked)
            } else if df == 0 && dr == 2 * up && start {
                (blocked(between) || occ.has(to)).then_some(RuleCode::Blocked)
            } else if cozy_chess::get_pawn_attacks(from, me).has(to) {
                let ep = board
                    .en_passant()
                    .map(|f| CSquare::new(f, Rank::Sixth.relative_to(me)));
                (!board.colors(!me).has(to) && ep != Some(to)).then_some(RuleCode::NotAMove)
            } else {
                Some(RuleCode::NotAMove)
            }
        }
    };
    if let Some(code) = geometry {
        return Some((
            code,
            format!("{} cannot go from {} to {} like that", piece, m.from, m.to),
        ));
    }
    let last = Rank::Eighth.relative_to(me);
    let promotes = piece == Piece::Pawn && to.rank() == last;
    let letter_ok = match m.promotion {
        None => !promotes,
        Some(Kind::King | Kind::Pawn) => false,
        Some(_) => promotes,
    };
    if !letter_ok {
        return Some((
            RuleCode::Promotion,
            "wrong or missing promotion letter".into(),
        ));
    }
    if !board.is_legal(to_cozy(board, m)) {
        return Some((
            RuleCode::InCheck,
            "the mover's king would be attacked".into(),
        ));
    }
    None
}
