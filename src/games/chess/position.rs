//! A position as FEN writes it (CH-1): placement, side to move, castling
//! rights, en-passant square, half-move clock and move number. Parsing
//! checks the structure that every reading of the rules agrees on (CH-1.2);
//! whether the side not to move stands in check needs attacks, so each
//! implementation asks that itself when it starts a game.

use std::fmt;

use super::board::{Castling, Color, Kind, Piece, Square};

/// The FEN of the initial position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A position: what a FEN says.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The piece on each square, a1 first.
    pub board: [Option<Piece>; 64],
    /// Who moves next.
    pub to_move: Color,
    /// Castling rights (CH-2.6).
    pub castling: Castling,
    /// The square a pawn just passed over with its double step, if any: FEN
    /// sets it after every double step, whether or not a capture is possible.
    pub ep: Option<Square>,
    /// Plies since the last pawn move or capture (CH-8.1).
    pub halfmove: u32,
    /// The move number, from 1, raised after black's move.
    pub fullmove: u32,
}

impl Position {
    /// The initial position.
    pub fn start() -> Position {
        Position::from_fen(START_FEN).expect("the start FEN is valid")
    }

    /// The piece on `sq`.
    pub fn at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.0 as usize]
    }

    /// The square of `color`'s king (CH-1.2 guarantees exactly one).
    pub fn king(&self, color: Color) -> Square {
        Square::all()
            .find(|&s| {
                self.at(s)
                    == Some(Piece {
                        color,
                        kind: Kind::King,
                    })
            })
            .expect("every position has both kings")
    }

    /// Reads a FEN (six fields, or four with the clocks left out: `0 1`),
    /// checked against CH-1.2. The error says which field is wrong and why.
    pub fn from_fen(fen: &str) -> Result<Position, String> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() != 6 && fields.len() != 4 {
            return Err(format!(
                "a FEN has six fields (placement, side, castling, en passant, half-move clock, move number), or four without the clocks; `{fen}` has {}",
                fields.len()
            ));
        }
        let mut board = [None; 64];
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 8 {
            return Err(format!(
                "placement `{}` has {} ranks, not 8",
                fields[0],
                ranks.len()
            ));
        }
        for (i, row) in ranks.iter().enumerate() {
            let rank = 7 - i as u8;
            let mut file = 0u8;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                    file += d as u8;
                } else if let Some(kind) = Kind::from_letter(c) {
                    if file >= 8 {
                        return Err(format!(
                            "rank {} of `{}` is longer than 8 squares",
                            rank + 1,
                            fields[0]
                        ));
                    }
                    let color = if c.is_ascii_uppercase() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    board[Square::new(file, rank).0 as usize] = Some(Piece { color, kind });
                    file += 1;
                } else {
                    return Err(format!(
                        "`{c}` in placement `{}` is neither a piece letter (PNBRQK, pnbrqk) nor a count 1-8",
                        fields[0]
                    ));
                }
            }
            if file != 8 {
                return Err(format!(
                    "rank {} of `{}` has {file} squares, not 8",
                    rank + 1,
                    fields[0]
                ));
            }
        }
        let to_move = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(format!("side to move `{other}`: expected w or b")),
        };
        let mut castling = Castling::default();
        if fields[2] != "-" {
            for c in fields[2].chars() {
                let (color, king_side) = match c {
                    'K' => (Color::White, true),
                    'Q' => (Color::White, false),
                    'k' => (Color::Black, true),
                    'q' => (Color::Black, false),
                    _ => {
                        return Err(format!(
                            "castling rights `{}`: expected `-` or some of KQkq",
                            fields[2]
                        ));
                    }
                };
                if castling.has(color, king_side) {
                    return Err(format!("castling rights `{}` name `{c}` twice", fields[2]));
                }
                castling.set(color, king_side, true);
            }
        }
        let ep = match fields[3] {
            "-" => None,
            s => Some(
                s.parse::<Square>()
                    .map_err(|e| format!("en-passant field: {e}"))?,
            ),
        };
        // CH-1.4: the clocks are whole numbers up to 2^32 - 1, what the
        // implementations write whatever the game reached.
        let number = |s: &str, what: &str| -> Result<u32, String> {
            s.parse::<u32>()
                .ok()
                .filter(|_| s.bytes().all(|b| b.is_ascii_digit()))
                .ok_or_else(|| {
                    format!(
                        "{what} `{s}`: expected a whole number from 0 to {} (CH-1.4)",
                        u32::MAX
                    )
                })
        };
        let (halfmove, fullmove) = if fields.len() == 6 {
            (
                number(fields[4], "half-move clock")?,
                number(fields[5], "move number")?,
            )
        } else {
            (0, 1)
        };
        if fullmove == 0 {
            return Err("move number 0: moves are numbered from 1 (CH-1.4)".into());
        }
        let p = Position {
            board,
            to_move,
            castling,
            ep,
            halfmove,
            fullmove,
        };
        p.check_structure()?;
        Ok(p)
    }

    /// CH-1.2, the checks that need no attack: one king each, no pawn on
    /// the first or last rank, castling rights only with king and rook on
    /// their home squares, an en-passant square only just behind a pawn of
    /// the side that is not to move that could have made a double step.
    fn check_structure(&self) -> Result<(), String> {
        for color in [Color::White, Color::Black] {
            let kings = self
                .board
                .iter()
                .filter(|p| {
                    **p == Some(Piece {
                        color,
                        kind: Kind::King,
                    })
                })
                .count();
            if kings != 1 {
                return Err(format!(
                    "{color} has {kings} kings; a position has exactly one of each colour (CH-1.2)"
                ));
            }
        }
        for sq in Square::all() {
            if let Some(p) = self.at(sq)
                && p.kind == Kind::Pawn
                && (sq.rank() == 0 || sq.rank() == 7)
            {
                return Err(format!(
                    "a {p} stands on {sq}; no pawn stands on the first or last rank (CH-1.2)"
                ));
            }
        }
        for color in [Color::White, Color::Black] {
            let home = if color == Color::White { 0 } else { 7 };
            for king_side in [true, false] {
                if !self.castling.has(color, king_side) {
                    continue;
                }
                let king = Square::new(4, home);
                let rook = Square::new(if king_side { 7 } else { 0 }, home);
                if self.at(king)
                    != Some(Piece {
                        color,
                        kind: Kind::King,
                    })
                    || self.at(rook)
                        != Some(Piece {
                            color,
                            kind: Kind::Rook,
                        })
                {
                    return Err(format!(
                        "castling right `{}` needs the {color} king on {king} and a {color} rook on {rook} (CH-1.2)",
                        castling_letter(color, king_side)
                    ));
                }
            }
        }
        if let Some(ep) = self.ep {
            let (rank, dir) = match self.to_move {
                Color::White => (5, -1),
                Color::Black => (2, 1),
            };
            let pawn_sq = ep.offset(0, dir);
            let from = ep.offset(0, -dir);
            let ok = ep.rank() == rank
                && self.at(ep).is_none()
                && from.is_some_and(|s| self.at(s).is_none())
                && pawn_sq.is_some_and(|s| {
                    self.at(s)
                        == Some(Piece {
                            color: self.to_move.other(),
                            kind: Kind::Pawn,
                        })
                });
            if !ok {
                return Err(format!(
                    "en-passant square {ep} does not follow a double step of a {} pawn (CH-1.2)",
                    self.to_move.other()
                ));
            }
        }
        Ok(())
    }

    /// The placement field of the FEN.
    pub fn placement(&self) -> String {
        let mut s = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.at(Square::new(file, rank)) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        s.push(p.letter());
                    }
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s
    }

    /// The whole FEN.
    pub fn fen(&self) -> String {
        format!(
            "{} {} {} {} {} {}",
            self.placement(),
            if self.to_move == Color::White {
                'w'
            } else {
                'b'
            },
            self.castling,
            self.ep.map_or("-".to_string(), |s| s.to_string()),
            self.halfmove,
            self.fullmove
        )
    }

    /// The board as eight lines of text, rank 8 first.
    pub fn picture(&self) -> String {
        let mut s = String::new();
        for rank in (0..8).rev() {
            s.push_str(&format!("{} ", rank + 1));
            for file in 0..8 {
                s.push(' ');
                s.push(self.at(Square::new(file, rank)).map_or('.', |p| p.letter()));
            }
            s.push('\n');
        }
        s.push_str("   a b c d e f g h\n");
        s.push_str(&format!(
            "{} to move, castling {}\n",
            self.to_move, self.castling
        ));
        s
    }
}

fn castling_letter(color: Color, king_side: bool) -> char {
    match (color, king_side) {
        (Color::White, true) => 'K',
        (Color::White, false) => 'Q',
        (Color::Black, true) => 'k',
        (Color::Black, false) => 'q',
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fen())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fen_round_trips() {
        for fen in [
            START_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "6nk/2p5/8/KP5r/8/8/8/6N1 b - - 0 1",
            "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
        ] {
            assert_eq!(Position::from_fen(fen).unwrap().fen(), fen);
        }
    }

    #[test]
    fn broken_fens_say_what_is_wrong() {
        for (fen, says) in [
            ("8/8/8/8/8/8/8/8 w - - 0 1", "0 kings"),
            ("k7/8/8/8/8/8/8/K6P w - - 0 1", "no pawn"),
            ("k7/8/8/8/8/8/8/K7 w K - 0 1", "castling right `K`"),
            ("k7/8/8/8/8/8/8/K7 w - e6 0 1", "en-passant square e6"),
            ("k7/8/8/8/8/8/8/K7 x - - 0 1", "side to move"),
            ("k7/8/8/8/8/8/8/K6 w - - 0 1", "7 squares"),
            ("k7/8/8/8/8/8/8/K7 w - - 0", "six fields"),
            ("k7/8/8/8/8/8/8/K7 w - - 0 0", "move number 0"),
            ("k7/8/8/8/8/8/8/K7 w KK - 0 1", "twice"),
        ] {
            let e = Position::from_fen(fen).unwrap_err();
            assert!(e.contains(says), "{fen}: {e}");
        }
    }
}
