//! Chess's setups (spec/chess/rules.md CH-1.1, CH-1.2).

use serde_json::{Value, json};

use super::{Game, Src, floors, run};

#[derive(Clone, Debug)]
struct ChessSetup {
    /// `board[rank][file]`, rank 0 is rank 1; FEN letters (`K` white king,
    /// `p` black pawn).
    board: [[Option<char>; 8]; 8],
    white_to_move: bool,
    /// A subset of `KQkq`.
    castling: Vec<char>,
    /// The en-passant square (file, rank index).
    ep: Option<(usize, usize)>,
}

fn chess_sq(file: usize, rank: usize) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

fn draw_chess(src: &mut Src) -> ChessSetup {
    let mut board = [[None; 8]; 8];
    let mut castling = Vec::new();
    if src.chance(25) {
        let back = ['r', 'n', 'b', 'q', 'k', 'b', 'n', 'r'];
        for f in 0..8 {
            board[0][f] = Some(back[f].to_ascii_uppercase());
            board[1][f] = Some('P');
            board[6][f] = Some('p');
            board[7][f] = Some(back[f]);
        }
        castling = vec!['K', 'Q', 'k', 'q'];
    } else {
        // Two kings and a few pieces anywhere, pawns on ranks 2-7.
        for king in ['K', 'k'] {
            loop {
                let (f, r) = (src.below(8), src.below(8));
                if board[r][f].is_none() {
                    board[r][f] = Some(king);
                    break;
                }
            }
        }
        if src.chance(40) {
            // Kings and rooks at home, so that castling rights can hold.
            for (f, r, p) in [(4, 0, 'K'), (4, 7, 'k')] {
                for row in board.iter_mut() {
                    for c in row.iter_mut() {
                        if *c == Some(p) {
                            *c = None;
                        }
                    }
                }
                board[r][f] = Some(p);
            }
            for (f, r, p) in [(0, 0, 'R'), (7, 0, 'R'), (0, 7, 'r'), (7, 7, 'r')] {
                if src.chance(70) {
                    board[r][f] = Some(p);
                }
            }
        }
        for _ in 0..src.below(8) {
            let p = src.pick(&['Q', 'R', 'B', 'N', 'P', 'q', 'r', 'b', 'n', 'p']);
            let lo = if p.eq_ignore_ascii_case(&'p') { 1 } else { 0 };
            let (f, r) = (src.below(8), lo + src.below(8 - 2 * lo));
            if board[r][f].is_none() {
                board[r][f] = Some(p);
            }
        }
        for c in ['K', 'Q', 'k', 'q'] {
            if src.chance(30) {
                castling.push(c);
            }
        }
    }
    let white_to_move = src.chance(50);
    let mut s = ChessSetup {
        board,
        white_to_move,
        castling,
        ep: None,
    };
    // An en-passant square: often one a double step can have made.
    if src.chance(35) {
        let (rank, pawn, from) = if s.white_to_move {
            (5, 'p', 6)
        } else {
            (2, 'P', 1)
        };
        let f = src.below(8);
        if src.chance(70) {
            let front = if s.white_to_move { 4 } else { 3 };
            s.board[front][f] = Some(pawn);
            s.board[rank][f] = None;
            s.board[from][f] = None;
        }
        s.ep = Some((f, if src.chance(85) { rank } else { src.below(8) }));
    }
    let edits = if src.chance(55) { 0 } else { 1 + src.below(2) };
    for _ in 0..edits {
        let (f, r) = (src.below(8), src.below(8));
        match src.below(6) {
            // Drop or add a king.
            0 => {
                let k = src.pick(&['K', 'k']);
                match (0..64).find(|&i| s.board[i / 8][i % 8] == Some(k)) {
                    Some(i) if src.chance(60) => s.board[i / 8][i % 8] = None,
                    _ => s.board[r][f] = Some(k),
                }
            }
            // A pawn on the first or last rank.
            1 => s.board[src.pick(&[0, 7])][f] = Some(src.pick(&['P', 'p'])),
            // A castling right, whatever stands on e1, h1, a1, e8, h8, a8.
            2 => {
                let c = src.pick(&['K', 'Q', 'k', 'q']);
                if !s.castling.contains(&c) {
                    s.castling.push(c);
                }
            }
            // Something moved away or onto a square.
            3 => {
                s.board[r][f] = if src.chance(50) {
                    None
                } else {
                    Some(src.pick(&['Q', 'R', 'B', 'N', 'q', 'r', 'b', 'n']))
                }
            }
            // The other side to move (its king may now be the one
            // attacked; the en-passant square now on the wrong rank).
            4 => s.white_to_move = !s.white_to_move,
            // An attacker next to a king.
            _ => {
                let k = src.pick(&['K', 'k']);
                if let Some(i) = (0..64).find(|&i| s.board[i / 8][i % 8] == Some(k)) {
                    let (kf, kr) = ((i % 8) as i32, (i / 8) as i32);
                    let (df, dr) = src.pick(&[(1, 1), (-1, 1), (1, -1), (-1, -1), (0, 1), (2, 1)]);
                    let (af, ar) = (kf + df, kr + dr);
                    if (0..8).contains(&af) && (0..8).contains(&ar) {
                        let p = src.pick(&['Q', 'R', 'B', 'N', 'P']);
                        let p = if k == 'K' { p.to_ascii_lowercase() } else { p };
                        s.board[ar as usize][af as usize] = Some(p);
                    }
                }
            }
        }
    }
    s.castling.sort_by_key(|c| "KQkq".find(*c));
    s
}

/// Whether a piece of `white` attacks `(f, r)`, walking the board.
fn chess_attacked(s: &ChessSetup, f: i32, r: i32, white: bool) -> bool {
    let at = |f: i32, r: i32| -> Option<char> {
        if (0..8).contains(&f) && (0..8).contains(&r) {
            s.board[r as usize][f as usize]
        } else {
            None
        }
    };
    let own = |c: char| c.is_ascii_uppercase() == white;
    let is = |c: Option<char>, kinds: &str| {
        c.is_some_and(|c| own(c) && kinds.contains(c.to_ascii_lowercase()))
    };
    // A white pawn attacks diagonally upwards, so it stands one rank below.
    let dr = if white { -1 } else { 1 };
    if is(at(f - 1, r + dr), "p") || is(at(f + 1, r + dr), "p") {
        return true;
    }
    for (a, b) in [
        (1, 2),
        (2, 1),
        (-1, 2),
        (-2, 1),
        (1, -2),
        (2, -1),
        (-1, -2),
        (-2, -1),
    ] {
        if is(at(f + a, r + b), "n") {
            return true;
        }
    }
    for a in -1..=1 {
        for b in -1..=1 {
            if (a, b) != (0, 0) && is(at(f + a, r + b), "k") {
                return true;
            }
        }
    }
    for (a, b) in [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
    ] {
        let sliders = if a == 0 || b == 0 { "rq" } else { "bq" };
        let (mut x, mut y) = (f + a, r + b);
        while (0..8).contains(&x) && (0..8).contains(&y) {
            if let Some(c) = at(x, y) {
                if is(Some(c), sliders) {
                    return true;
                }
                break;
            }
            x += a;
            y += b;
        }
    }
    false
}

/// CH-1.2: one king a side; no pawn on the first or last rank; each
/// castling right with its king and rook at home (`K` e1 h1, `Q` e1 a1, `k`
/// e8 h8, `q` e8 a8); an en-passant square on the sixth rank with White to
/// move (the third with Black), empty, the square behind it empty and an
/// enemy pawn in front of it; the king of the side not to move not
/// attacked.
fn chess_legal(s: &ChessSetup) -> Result<(), String> {
    let find = |p: char| -> Vec<(usize, usize)> {
        (0..64)
            .filter(|&i| s.board[i / 8][i % 8] == Some(p))
            .map(|i| (i % 8, i / 8))
            .collect()
    };
    for k in ['K', 'k'] {
        if find(k).len() != 1 {
            return Err(format!("{} {k}", find(k).len()));
        }
    }
    for r in [0, 7] {
        for f in 0..8 {
            if matches!(s.board[r][f], Some('P' | 'p')) {
                return Err(format!("a pawn on {}", chess_sq(f, r)));
            }
        }
    }
    for &c in &s.castling {
        let (r, king, rook, rf) = match c {
            'K' => (0, 'K', 'R', 7),
            'Q' => (0, 'K', 'R', 0),
            'k' => (7, 'k', 'r', 7),
            _ => (7, 'k', 'r', 0),
        };
        if s.board[r][4] != Some(king) || s.board[r][rf] != Some(rook) {
            return Err(format!("castling right {c} without king and rook at home"));
        }
    }
    if let Some((f, r)) = s.ep {
        let (rank, behind, front, pawn) = if s.white_to_move {
            (5, 6, 4, 'p')
        } else {
            (2, 1, 3, 'P')
        };
        if r != rank
            || s.board[r][f].is_some()
            || s.board[behind][f].is_some()
            || s.board[front][f] != Some(pawn)
        {
            return Err(format!("en passant on {}", chess_sq(f, r)));
        }
    }
    let (kf, kr) = find(if s.white_to_move { 'k' } else { 'K' })[0];
    if chess_attacked(s, kf as i32, kr as i32, s.white_to_move) {
        return Err("the side not to move is in check".into());
    }
    Ok(())
}

fn chess_fen(s: &ChessSetup) -> String {
    let mut rows = Vec::new();
    for r in (0..8).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for f in 0..8 {
            match s.board[r][f] {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        row += &empty.to_string();
                        empty = 0;
                    }
                    row.push(c);
                }
            }
        }
        if empty > 0 {
            row += &empty.to_string();
        }
        rows.push(row);
    }
    let castling: String = if s.castling.is_empty() {
        "-".into()
    } else {
        s.castling.iter().collect()
    };
    format!(
        "{} {} {castling} {} 0 1",
        rows.join("/"),
        if s.white_to_move { "w" } else { "b" },
        s.ep.map_or("-".into(), |(f, r)| chess_sq(f, r))
    )
}

fn chess_wire(s: &ChessSetup) -> Value {
    json!({"fen": chess_fen(s)})
}

fn chess_yaml(s: &ChessSetup) -> Option<String> {
    Some(format!("fen: \"{}\"\n", chess_fen(s)))
}

#[test]
fn chess_setups_are_refused_exactly_when_ch_1_2_refuses_them() {
    let t = run::<arbiter::games::chess::game::Chess, _>(Game {
        name: "chess",
        draw: draw_chess,
        legal: chess_legal,
        wire: chess_wire,
        yaml: Some(chess_yaml),
    });
    floors(&t, true);
}
