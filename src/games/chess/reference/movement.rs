//! CH-2 and CH-3, literally: what each piece attacks, the moves it could
//! make if its own king did not matter (pseudo-legal moves), what a move
//! does to the position, and the legal moves as the pseudo-legal ones that
//! do not leave the mover's king attacked. Nothing here is fast: every
//! attack question walks the whole board.

use crate::games::chess::action::UciMove;
use crate::games::chess::board::{Color, Kind, Piece, Square};
use crate::games::chess::position::Position;
use crate::games::chess::profile::ClockReset;

/// The knight's eight jumps (CH-2.3).
pub const KNIGHT: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
/// The king's eight steps (CH-2.2).
pub const KING: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
/// Rook lines (CH-2.2).
pub const ORTHOGONAL: [(i8, i8); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
/// Bishop lines (CH-2.2).
pub const DIAGONAL: [(i8, i8); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];

/// The direction a pawn of `color` moves in: +1 rank for white.
pub fn forward(color: Color) -> i8 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

/// The rank (0-based) a pawn of `color` starts on.
pub fn pawn_home(color: Color) -> u8 {
    match color {
        Color::White => 1,
        Color::Black => 6,
    }
}

/// The rank (0-based) a pawn of `color` promotes on.
pub fn last_rank(color: Color) -> u8 {
    match color {
        Color::White => 7,
        Color::Black => 0,
    }
}

/// The rank (0-based) of `color`'s king and rooks at the start.
pub fn back_rank(color: Color) -> u8 {
    match color {
        Color::White => 0,
        Color::Black => 7,
    }
}

/// The squares strictly between `a` and `b` when they share a rank, file
/// or diagonal; `None` otherwise.
pub fn between(a: Square, b: Square) -> Option<Vec<Square>> {
    let df = b.file() as i8 - a.file() as i8;
    let dr = b.rank() as i8 - a.rank() as i8;
    if a == b || !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
        return None;
    }
    let (sf, sr) = (df.signum(), dr.signum());
    let mut out = Vec::new();
    let mut s = a.offset(sf, sr)?;
    while s != b {
        out.push(s);
        s = s.offset(sf, sr)?;
    }
    Some(out)
}

/// Whether every square strictly between `a` and `b` is empty.
fn clear(pos: &Position, a: Square, b: Square) -> bool {
    between(a, b).is_some_and(|sq| sq.iter().all(|s| pos.at(*s).is_none()))
}

/// Whether the piece on `from` attacks `to` (CH-3.1): could capture a piece
/// standing there, its own king's safety aside. A pawn attacks only its two
/// forward diagonals.
pub fn attacks(pos: &Position, from: Square, to: Square) -> bool {
    let Some(p) = pos.at(from) else {
        return false;
    };
    let df = to.file() as i8 - from.file() as i8;
    let dr = to.rank() as i8 - from.rank() as i8;
    match p.kind {
        Kind::Pawn => df.abs() == 1 && dr == forward(p.color),
        Kind::Knight => KNIGHT.contains(&(df, dr)),
        Kind::King => KING.contains(&(df, dr)),
        Kind::Bishop => df != 0 && df.abs() == dr.abs() && clear(pos, from, to),
        Kind::Rook => (df == 0) != (dr == 0) && clear(pos, from, to),
        Kind::Queen => {
            ((df == 0) != (dr == 0) || (df != 0 && df.abs() == dr.abs())) && clear(pos, from, to)
        }
    }
}

/// Whether any piece of `by` attacks `sq`.
pub fn attacked_by(pos: &Position, sq: Square, by: Color) -> bool {
    Square::all().any(|s| pos.at(s).is_some_and(|p| p.color == by) && attacks(pos, s, sq))
}

/// Whether `color`'s king is in check (CH-3.1).
pub fn in_check(pos: &Position, color: Color) -> bool {
    attacked_by(pos, pos.king(color), color.other())
}

/// The pseudo-legal moves of the side to move (CH-2.2 to CH-2.6): every
/// move the pieces make by their own movement rules, castling with its
/// conditions on rights, empty squares and attacked squares the king stands
/// on or passes, but without asking whether the mover's king is attacked
/// afterwards.
pub fn pseudo_moves(pos: &Position) -> Vec<UciMove> {
    let me = pos.to_move;
    let mut out = Vec::new();
    let mut add = |from: Square, to: Square, promo: bool| {
        if promo {
            for k in [Kind::Knight, Kind::Bishop, Kind::Rook, Kind::Queen] {
                out.push(UciMove {
                    from,
                    to,
                    promotion: Some(k),
                });
            }
        } else {
            out.push(UciMove {
                from,
                to,
                promotion: None,
            });
        }
    };
    let free_or_enemy = |s: Square| pos.at(s).is_none_or(|p| p.color != me);
    for from in Square::all() {
        let Some(p) = pos.at(from) else { continue };
        if p.color != me {
            continue;
        }
        match p.kind {
            Kind::Pawn => {
                let dir = forward(me);
                let promo = |s: Square| s.rank() == last_rank(me);
                if let Some(one) = from.offset(0, dir)
                    && pos.at(one).is_none()
                {
                    add(from, one, promo(one));
                    if from.rank() == pawn_home(me)
                        && let Some(two) = one.offset(0, dir)
                        && pos.at(two).is_none()
                    {
                        add(from, two, false);
                    }
                }
                for df in [-1, 1] {
                    if let Some(to) = from.offset(df, dir) {
                        let enemy = pos.at(to).is_some_and(|q| q.color != me);
                        if enemy || pos.ep == Some(to) {
                            add(from, to, promo(to));
                        }
                    }
                }
            }
            Kind::Knight | Kind::King => {
                let steps = if p.kind == Kind::Knight { KNIGHT } else { KING };
                for (df, dr) in steps {
                    if let Some(to) = from.offset(df, dr)
                        && free_or_enemy(to)
                    {
                        add(from, to, false);
                    }
                }
            }
            Kind::Bishop | Kind::Rook | Kind::Queen => {
                let lines: Vec<(i8, i8)> = match p.kind {
                    Kind::Bishop => DIAGONAL.to_vec(),
                    Kind::Rook => ORTHOGONAL.to_vec(),
                    _ => DIAGONAL.iter().chain(ORTHOGONAL.iter()).copied().collect(),
                };
                for (df, dr) in lines {
                    let mut s = from;
                    while let Some(to) = s.offset(df, dr) {
                        if pos.at(to).is_some_and(|q| q.color == me) {
                            break;
                        }
                        add(from, to, false);
                        if pos.at(to).is_some() {
                            break;
                        }
                        s = to;
                    }
                }
            }
        }
    }
    for king_side in [true, false] {
        if castling_allowed(pos, me, king_side) {
            let rank = back_rank(me);
            let to = Square::new(if king_side { 6 } else { 2 }, rank);
            out.push(UciMove {
                from: Square::new(4, rank),
                to,
                promotion: None,
            });
        }
    }
    out
}

/// CH-2.6: `color` may castle on that side, its own king's square after the
/// move aside (CH-2.7 asks that): the right is kept, every square between
/// king and rook is empty, the king is not in check and does not pass over
/// an attacked square.
pub fn castling_allowed(pos: &Position, color: Color, king_side: bool) -> bool {
    castling_refusal(pos, color, king_side).is_none()
}

/// Why `color` may not castle on that side now, if not (CH-2.6).
pub fn castling_refusal(pos: &Position, color: Color, king_side: bool) -> Option<String> {
    let side = if king_side { "king" } else { "queen" };
    if !pos.castling.has(color, king_side) {
        return Some(format!(
            "{color} has no {side}-side castling right (king or rook has moved, or the rook was captured)"
        ));
    }
    let rank = back_rank(color);
    let king = Square::new(4, rank);
    let rook = Square::new(if king_side { 7 } else { 0 }, rank);
    if let Some(s) = between(king, rook)
        .unwrap_or_default()
        .into_iter()
        .find(|s| pos.at(*s).is_some())
    {
        return Some(format!(
            "{s} is not empty; castling needs every square between king and rook empty"
        ));
    }
    if attacked_by(pos, king, color.other()) {
        return Some(format!(
            "the {color} king is in check and may not castle out of it"
        ));
    }
    let passed = Square::new(if king_side { 5 } else { 3 }, rank);
    if attacked_by(pos, passed, color.other()) {
        return Some(format!(
            "the king would pass over {passed}, which {} attacks",
            color.other()
        ));
    }
    None
}

/// Whether `m` is a castling move: the king from its home square two files
/// along its back rank.
pub fn is_castling(pos: &Position, m: UciMove) -> bool {
    pos.at(m.from).is_some_and(|p| {
        p.kind == Kind::King
            && m.from == Square::new(4, back_rank(p.color))
            && m.to.rank() == m.from.rank()
            && m.to.file().abs_diff(m.from.file()) == 2
    })
}

/// Whether `m` is an en-passant capture: a pawn moving diagonally onto the
/// empty en-passant square.
pub fn is_en_passant(pos: &Position, m: UciMove) -> bool {
    pos.at(m.from).is_some_and(|p| p.kind == Kind::Pawn)
        && m.from.file() != m.to.file()
        && pos.at(m.to).is_none()
        && pos.ep == Some(m.to)
}

/// The position after `m` (which must be pseudo-legal) and whether it
/// captured (CH-2.2 to CH-2.6, CH-8.1).
pub fn make(pos: &Position, m: UciMove, reset: ClockReset) -> (Position, bool) {
    let mut p = pos.clone();
    let piece = pos.at(m.from).expect("a move starts on a piece");
    let me = piece.color;
    let mut capture = pos.at(m.to).is_some();
    if is_en_passant(pos, m) {
        p.board[Square::new(m.to.file(), m.from.rank()).0 as usize] = None;
        capture = true;
    }
    if is_castling(pos, m) {
        let rank = m.from.rank();
        let (rook_from, rook_to) = if m.to.file() == 6 { (7, 5) } else { (0, 3) };
        let rook = p.board[Square::new(rook_from, rank).0 as usize].take();
        p.board[Square::new(rook_to, rank).0 as usize] = rook;
    }
    p.board[m.from.0 as usize] = None;
    p.board[m.to.0 as usize] = Some(match m.promotion {
        Some(kind) => Piece { color: me, kind },
        None => piece,
    });
    if piece.kind == Kind::King {
        p.castling.set(me, true, false);
        p.castling.set(me, false, false);
    }
    // A right ends when its rook leaves its corner or is captured there.
    for (corner, color, king_side) in [
        (Square::new(7, 0), Color::White, true),
        (Square::new(0, 0), Color::White, false),
        (Square::new(7, 7), Color::Black, true),
        (Square::new(0, 7), Color::Black, false),
    ] {
        if m.from == corner || m.to == corner {
            p.castling.set(color, king_side, false);
        }
    }
    p.ep = (piece.kind == Kind::Pawn && m.to.rank().abs_diff(m.from.rank()) == 2)
        .then(|| Square::new(m.from.file(), (m.from.rank() + m.to.rank()) / 2));
    let resets = capture || (piece.kind == Kind::Pawn && reset == ClockReset::PawnOrCapture);
    // CH-1.4: both numbers stop at the largest a position may say.
    p.halfmove = if resets {
        0
    } else {
        pos.halfmove.saturating_add(1)
    };
    if me == Color::Black {
        p.fullmove = p.fullmove.saturating_add(1);
    }
    p.to_move = me.other();
    (p, capture)
}

/// The legal moves (CH-2.7): the pseudo-legal moves after which the
/// mover's king is not attacked.
pub fn legal_moves(pos: &Position) -> Vec<UciMove> {
    let me = pos.to_move;
    let mut out: Vec<UciMove> = pseudo_moves(pos)
        .into_iter()
        .filter(|m| !in_check(&make(pos, *m, ClockReset::PawnOrCapture).0, me))
        .collect();
    out.sort();
    out
}

/// Counts the leaves of the legal-move tree `depth` plies deep (perft).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    legal_moves(pos)
        .into_iter()
        .map(|m| perft(&make(pos, m, ClockReset::PawnOrCapture).0, depth - 1))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chess::reference::judge::judge_move;

    /// The verdict module passes exactly the generated legal moves: every
    /// from-to pair with every promotion letter, in positions from the perft
    /// table and after each of their legal moves.
    #[test]
    fn judge_agrees_with_the_generator() {
        for fen in crate::games::chess::perft::POSITIONS {
            let root = Position::from_fen(fen).unwrap();
            let mut positions = vec![root.clone()];
            positions.extend(
                legal_moves(&root)
                    .into_iter()
                    .map(|m| make(&root, m, ClockReset::PawnOrCapture).0),
            );
            for pos in &positions {
                let legal = legal_moves(pos);
                for from in Square::all() {
                    for to in Square::all() {
                        for promotion in [
                            None,
                            Some(Kind::Queen),
                            Some(Kind::Knight),
                            Some(Kind::King),
                        ] {
                            let m = UciMove {
                                from,
                                to,
                                promotion,
                            };
                            assert_eq!(
                                judge_move(pos, m).is_ok(),
                                legal.contains(&m),
                                "{m} in {}: {:?}",
                                pos.fen(),
                                judge_move(pos, m)
                            );
                        }
                    }
                }
            }
        }
    }
}
