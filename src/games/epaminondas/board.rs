//! The board: its two sizes, squares and their names, the eight directions,
//! the two sides and their home rows (clauses EP-1.1 to EP-1.4), and a
//! position as one stone colour (or none) per square.
//!
//! Files are lettered from `a`, ranks numbered from 1. The standard board is
//! 14 files wide and 12 ranks deep (`14x12`, Abbott's "twelve by fourteen"):
//! White sits at ranks 1–2, Black at ranks 11–12. Both implementations use
//! these types; none of the rules is here.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The board sizes the rules know (EP-1.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
pub enum Size {
    /// 14 files (`a`–`n`) by 12 ranks: the board of the page.
    #[serde(rename = "14x12")]
    Standard,
    /// 8 × 8, the smaller board the page names "for a faster game".
    #[serde(rename = "8x8")]
    Small,
}

impl Size {
    /// The names, the default first.
    pub const NAMES: &'static [&'static str] = &["14x12", "8x8"];

    /// Both sizes.
    pub const ALL: [Size; 2] = [Size::Standard, Size::Small];

    /// Number of files (columns).
    pub const fn files(self) -> u8 {
        match self {
            Size::Standard => 14,
            Size::Small => 8,
        }
    }

    /// Number of ranks (rows).
    pub const fn ranks(self) -> u8 {
        match self {
            Size::Standard => 12,
            Size::Small => 8,
        }
    }

    /// The name (`14x12`, `8x8`).
    pub const fn name(self) -> &'static str {
        match self {
            Size::Standard => "14x12",
            Size::Small => "8x8",
        }
    }

    /// The size called `name`.
    pub fn named(name: &str) -> Option<Size> {
        Size::ALL.into_iter().find(|s| s.name() == name)
    }

    /// Whether `sq` lies on this board.
    pub fn contains(self, sq: Square) -> bool {
        sq.file < self.files() && sq.rank < self.ranks()
    }

    /// Every square, rank by rank from rank 1, file `a` first.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        (0..self.ranks()).flat_map(move |r| (0..self.files()).map(move |f| Square::new(f, r)))
    }

    /// The square one step from `sq` in direction `d`, if on the board.
    pub fn step(self, sq: Square, d: Dir) -> Option<Square> {
        let f = sq.file as i16 + d.df as i16;
        let r = sq.rank as i16 + d.dr as i16;
        (f >= 0 && r >= 0 && f < self.files() as i16 && r < self.ranks() as i16)
            .then(|| Square::new(f as u8, r as u8))
    }

    /// The rank (0-based) of `side`'s home row (EP-1.3): rank 1 for White,
    /// the last rank for Black.
    pub const fn home_rank(self, side: Side) -> u8 {
        match side {
            Side::White => 0,
            Side::Black => self.ranks() - 1,
        }
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A square by file (0 = `a`) and rank (0 = rank 1). Whether it lies on a
/// board is the board's question ([`Size::contains`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    /// 0-based file.
    pub file: u8,
    /// 0-based rank.
    pub rank: u8,
}

impl Square {
    /// The square at `file`, `rank` (0-based).
    pub const fn new(file: u8, rank: u8) -> Self {
        Square { file, rank }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file) as char, self.rank as u32 + 1)
    }
}

impl FromStr for Square {
    type Err = String;

    /// A file letter `a`–`z` (either case) and a rank 1–26.
    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || format!("`{s}` is not a square: expected a file letter and a rank, like c3");
        let mut chars = s.chars();
        let letter = chars.next().ok_or_else(bad)?.to_ascii_lowercase();
        if !letter.is_ascii_lowercase() {
            return Err(bad());
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let rank: u8 = digits.parse().map_err(|_| bad())?;
        if !(1..=26).contains(&rank) || digits.starts_with('0') {
            return Err(bad());
        }
        Ok(Square::new(letter as u8 - b'a', rank - 1))
    }
}

/// One of the eight directions a stone or phalanx moves in (EP-2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Dir {
    /// File step: −1, 0 or 1.
    pub df: i8,
    /// Rank step: −1, 0 or 1 (north is towards Black).
    pub dr: i8,
}

impl Dir {
    /// The eight directions: N, NE, E, SE, S, SW, W, NW.
    pub const ALL: [Dir; 8] = [
        Dir { df: 0, dr: 1 },
        Dir { df: 1, dr: 1 },
        Dir { df: 1, dr: 0 },
        Dir { df: 1, dr: -1 },
        Dir { df: 0, dr: -1 },
        Dir { df: -1, dr: -1 },
        Dir { df: -1, dr: 0 },
        Dir { df: -1, dr: 1 },
    ];

    /// The opposite direction.
    pub const fn back(self) -> Dir {
        Dir {
            df: -self.df,
            dr: -self.dr,
        }
    }

    /// The compass name (`n`, `ne`, …).
    pub fn name(self) -> &'static str {
        match (self.df, self.dr) {
            (0, 1) => "n",
            (1, 1) => "ne",
            (1, 0) => "e",
            (1, -1) => "se",
            (0, -1) => "s",
            (-1, -1) => "sw",
            (-1, 0) => "w",
            _ => "nw",
        }
    }

    /// The direction from `from` to `to` and the number of steps, when the
    /// two squares are distinct and share a file, a rank or a diagonal.
    pub fn between(from: Square, to: Square) -> Option<(Dir, u8)> {
        let df = to.file as i16 - from.file as i16;
        let dr = to.rank as i16 - from.rank as i16;
        if (df, dr) == (0, 0) || (df != 0 && dr != 0 && df.abs() != dr.abs()) {
            return None;
        }
        let dir = Dir {
            df: df.signum() as i8,
            dr: dr.signum() as i8,
        };
        Some((dir, df.abs().max(dr.abs()) as u8))
    }
}

crate::two_sides! {
    other: opponent,
    /// The two players (EP-1.2). White starts at ranks 1–2 and moves first.
    pub enum Side {
        /// White, at the bottom (ranks 1 and 2 at the start).
        White = "white",
        /// Black, at the top.
        Black = "black",
    }
}

/// A position: the colour of the stone on each square, if any. Stones have
/// no identity or rank (EP-1.2).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// The board's size.
    pub size: Size,
    cells: Vec<Option<Side>>,
}

impl Board {
    /// An empty board.
    pub fn empty(size: Size) -> Self {
        Board {
            size,
            cells: vec![None; size.files() as usize * size.ranks() as usize],
        }
    }

    fn index(&self, sq: Square) -> usize {
        sq.rank as usize * self.size.files() as usize + sq.file as usize
    }

    /// The stone on `sq` (`None` off the board, too).
    pub fn get(&self, sq: Square) -> Option<Side> {
        if self.size.contains(sq) {
            self.cells[self.index(sq)]
        } else {
            None
        }
    }

    /// Puts `stone` on `sq` (which must be on the board).
    pub fn set(&mut self, sq: Square, stone: Option<Side>) {
        let i = self.index(sq);
        self.cells[i] = stone;
    }

    /// The squares of `side`'s stones, rank by rank.
    pub fn stones(&self, side: Side) -> Vec<Square> {
        self.size
            .squares()
            .filter(|&s| self.get(s) == Some(side))
            .collect()
    }

    /// A picture: rank 12 (or 8) at the top, `W` and `B` for stones.
    pub fn render(&self) -> String {
        let mut out = String::new();
        let files = self.size.files();
        let letters: String = (0..files)
            .map(|f| format!(" {}", (b'a' + f) as char))
            .collect();
        out.push_str(&format!("   {letters}\n"));
        for r in (0..self.size.ranks()).rev() {
            out.push_str(&format!("{:>2} ", r + 1));
            for f in 0..files {
                let c = match self.get(Square::new(f, r)) {
                    Some(Side::White) => 'W',
                    Some(Side::Black) => 'B',
                    None => '.',
                };
                out.push(' ');
                out.push(c);
            }
            out.push_str(&format!(" {}\n", r + 1));
        }
        out.push_str(&format!("   {letters}\n"));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip() {
        for size in Size::ALL {
            for sq in size.squares() {
                assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
            }
        }
        assert_eq!("C3".parse::<Square>(), Ok(Square::new(2, 2)));
        for bad in ["", "c", "3c", "c0", "c03", "c27", "c3x", "é3", "c-1"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }

    #[test]
    fn lines_between_squares() {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        assert_eq!(Dir::between(sq("c3"), sq("c5")), Some((Dir::ALL[0], 2)));
        assert_eq!(Dir::between(sq("c3"), sq("f6")), Some((Dir::ALL[1], 3)));
        assert_eq!(Dir::between(sq("c3"), sq("a3")), Some((Dir::ALL[6], 2)));
        assert_eq!(Dir::between(sq("c3"), sq("d5")), None);
        assert_eq!(Dir::between(sq("c3"), sq("c3")), None);
    }

    #[test]
    fn home_rows() {
        assert_eq!(Size::Standard.home_rank(Side::Black), 11);
        assert_eq!(Size::Small.home_rank(Side::Black), 7);
        assert_eq!(Size::Small.home_rank(Side::White), 0);
    }
}
