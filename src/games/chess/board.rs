//! The data both implementations share: squares, colours, pieces. No rule
//! lives here; what a piece may do is the reference's and the engine's to
//! say, each on its own.

use std::fmt;
use std::str::FromStr;

/// A square, 0 = a1, 7 = h1, 56 = a8, 63 = h8.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub u8);

impl Square {
    /// The square on `file` (0 = a) and `rank` (0 = rank 1).
    pub const fn new(file: u8, rank: u8) -> Self {
        Square(rank * 8 + file)
    }

    /// 0 = file a.
    pub const fn file(self) -> u8 {
        self.0 % 8
    }

    /// 0 = rank 1.
    pub const fn rank(self) -> u8 {
        self.0 / 8
    }

    /// The square `df` files and `dr` ranks away, if on the board.
    pub fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        ((0..8).contains(&f) && (0..8).contains(&r)).then(|| Square::new(f as u8, r as u8))
    }

    /// Whether the square is a dark one (a1 is dark).
    pub const fn is_dark(self) -> bool {
        (self.file() + self.rank()).is_multiple_of(2)
    }

    /// Every square, a1 to h8.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

impl FromStr for Square {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let b = s.as_bytes();
        if b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1]) {
            Ok(Square::new(b[0] - b'a', b[1] - b'1'))
        } else {
            Err(format!("`{s}` is not a square: expected a1 … h8"))
        }
    }
}

crate::two_sides! {
    other: other,
    /// A side.
    pub enum Color {
        /// White moves up the board, from rank 1.
        White = "white",
        /// Black moves down, from rank 8.
        Black = "black",
    }
}

/// A kind of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Pawn.
    Pawn,
    /// Knight.
    Knight,
    /// Bishop.
    Bishop,
    /// Rook.
    Rook,
    /// Queen.
    Queen,
    /// King.
    King,
}

impl Kind {
    /// The lower-case letter of FEN and UCI (`p n b r q k`).
    pub const fn letter(self) -> char {
        match self {
            Kind::Pawn => 'p',
            Kind::Knight => 'n',
            Kind::Bishop => 'b',
            Kind::Rook => 'r',
            Kind::Queen => 'q',
            Kind::King => 'k',
        }
    }

    /// The kind of a letter, either case.
    pub fn from_letter(c: char) -> Option<Kind> {
        Some(match c.to_ascii_lowercase() {
            'p' => Kind::Pawn,
            'n' => Kind::Knight,
            'b' => Kind::Bishop,
            'r' => Kind::Rook,
            'q' => Kind::Queen,
            'k' => Kind::King,
            _ => return None,
        })
    }

    /// The English name.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Pawn => "pawn",
            Kind::Knight => "knight",
            Kind::Bishop => "bishop",
            Kind::Rook => "rook",
            Kind::Queen => "queen",
            Kind::King => "king",
        }
    }
}

/// A piece: a kind and a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    /// Whose.
    pub color: Color,
    /// What.
    pub kind: Kind,
}

impl Piece {
    /// The FEN letter: upper case for white.
    pub fn letter(self) -> char {
        match self.color {
            Color::White => self.kind.letter().to_ascii_uppercase(),
            Color::Black => self.kind.letter(),
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color, self.kind.name())
    }
}

/// Castling rights: `[white king side, white queen side, black king side,
/// black queen side]`, as FEN's `KQkq`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Castling(pub [bool; 4]);

impl Castling {
    /// The right of `color` on the king side (`true`) or queen side.
    pub fn has(self, color: Color, king_side: bool) -> bool {
        self.0[color.index() * 2 + usize::from(!king_side)]
    }

    /// Sets or clears one right.
    pub fn set(&mut self, color: Color, king_side: bool, on: bool) {
        self.0[color.index() * 2 + usize::from(!king_side)] = on;
    }
}

impl fmt::Display for Castling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut any = false;
        for (on, c) in self.0.iter().zip(['K', 'Q', 'k', 'q']) {
            if *on {
                write!(f, "{c}")?;
                any = true;
            }
        }
        if !any {
            f.write_str("-")?;
        }
        Ok(())
    }
}
