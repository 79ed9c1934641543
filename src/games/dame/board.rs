//! Squares, stones and the starting position (DA-1).
//!
//! The board is the 8×8 chess board; only its dark squares are used. Squares
//! are named like chess squares, `a1` to `h8`, with `a1` dark (DA-1.1).
//! White starts on rows 1 to 3 and moves up; Black starts on rows 6 to 8 and
//! moves down (DA-1.2).

use schemars::JsonSchema;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A square of the 8×8 board, `file + 8 * rank` (both from 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// The square on `file` (0 = a) and `rank` (0 = row 1), if on the board.
    pub fn at(file: i8, rank: i8) -> Option<Square> {
        ((0..8).contains(&file) && (0..8).contains(&rank)).then(|| Square((file + 8 * rank) as u8))
    }

    /// The square with index `i` (0 to 63).
    pub fn from_index(i: usize) -> Square {
        debug_assert!(i < 64);
        Square(i as u8)
    }

    /// 0 to 63.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// 0 (a) to 7 (h).
    pub fn file(self) -> i8 {
        (self.0 % 8) as i8
    }

    /// 0 (row 1) to 7 (row 8).
    pub fn rank(self) -> i8 {
        (self.0 / 8) as i8
    }

    /// Whether the square is dark, the only squares stones stand on (DA-1.1).
    pub fn is_dark(self) -> bool {
        (self.file() + self.rank()) % 2 == 0
    }

    /// The square `n` steps away in direction `d`, if on the board.
    pub fn step(self, d: Dir, n: i8) -> Option<Square> {
        Square::at(self.file() + d.df * n, self.rank() + d.dr * n)
    }

    /// The direction and distance from `self` to `to` when the two are on
    /// one diagonal and different.
    pub fn diagonal_to(self, to: Square) -> Option<(Dir, i8)> {
        let df = to.file() - self.file();
        let dr = to.rank() - self.rank();
        (df != 0 && df.abs() == dr.abs()).then(|| {
            (
                Dir {
                    df: df.signum(),
                    dr: dr.signum(),
                },
                df.abs(),
            )
        })
    }

    /// Every square of the board, a1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64u8).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            char::from(b'a' + self.0 % 8),
            char::from(b'1' + self.0 / 8)
        )
    }
}

impl FromStr for Square {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let b = s.as_bytes();
        let bad = || format!("`{s}` is not a square: expected a file a-h and a row 1-8, like c3");
        if b.len() != 2 {
            return Err(bad());
        }
        let f = b[0].to_ascii_lowercase();
        if !(b'a'..=b'h').contains(&f) || !(b'1'..=b'8').contains(&b[1]) {
            return Err(bad());
        }
        Ok(Square(f - b'a' + 8 * (b[1] - b'1')))
    }
}

/// A diagonal direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dir {
    /// Files per step: -1 or 1.
    pub df: i8,
    /// Rows per step: -1 or 1.
    pub dr: i8,
}

impl Dir {
    /// The four diagonals.
    pub const ALL: [Dir; 4] = [
        Dir { df: -1, dr: 1 },
        Dir { df: 1, dr: 1 },
        Dir { df: -1, dr: -1 },
        Dir { df: 1, dr: -1 },
    ];

    /// Whether the direction is forward for `side` (DA-2.1).
    pub fn is_forward(self, side: Side) -> bool {
        self.dr == side.forward()
    }
}

crate::two_sides! {
    other: other,
    /// A player.
    pub enum Side {
        /// Starts on rows 1-3 and moves up the board.
        White = "white",
        /// Starts on rows 6-8 and moves down the board.
        Black = "black",
    }
}

impl Side {
    /// +1 for White (up), -1 for Black (down).
    pub fn forward(self) -> i8 {
        match self {
            Side::White => 1,
            Side::Black => -1,
        }
    }

    /// The row where this side's men are crowned (DA-4.1): the opponent's
    /// back row.
    pub fn crowning_rank(self) -> i8 {
        match self {
            Side::White => 7,
            Side::Black => 0,
        }
    }
}

/// A man or a Dame (king).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// An ordinary stone (DA-2).
    Man,
    /// A crowned stone (DA-4).
    Dame,
}

impl FromStr for Kind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "man" => Ok(Kind::Man),
            "dame" => Ok(Kind::Dame),
            _ => Err(format!("`{s}` is not a stone: expected man or dame")),
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Kind::Man => "man",
            Kind::Dame => "dame",
        })
    }
}

/// A stone on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stone {
    /// Whose.
    pub side: Side,
    /// Man or Dame.
    pub kind: Kind,
}

/// A starting position: stones on dark squares, and who moves first when
/// the setup says so (`None`: the profile decides, DA-1.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The stones, White's first, in the order written.
    pub stones: Vec<(Square, Stone)>,
    /// Who moves first; `None` leaves it to the profile's `first` switch.
    pub to_move: Option<Side>,
}

/// The largest number of stones a side has (DA-1.2).
pub const STONES_PER_SIDE: usize = 12;

impl Setup {
    /// The starting position of DA-1.2: twelve men each on the dark squares
    /// of the three rows nearest each player.
    pub fn start() -> Setup {
        let mut stones = Vec::new();
        for (side, ranks) in [(Side::White, 0..3), (Side::Black, 5..8)] {
            for r in ranks {
                for f in 0..8 {
                    let sq = Square::at(f, r).expect("on the board");
                    if sq.is_dark() {
                        stones.push((
                            sq,
                            Stone {
                                side,
                                kind: Kind::Man,
                            },
                        ));
                    }
                }
            }
        }
        Setup {
            stones,
            to_move: None,
        }
    }

    /// Checks the position against DA-1: dark squares, one stone a square,
    /// at most twelve stones a side, no man on the row where it would
    /// already have been crowned. The error names the entry at fault (its
    /// index in `stones`) and what is wrong.
    pub fn validate(&self) -> Result<(), (usize, String)> {
        let mut seen = [false; 64];
        let mut count = [0usize; 2];
        for (i, (sq, st)) in self.stones.iter().enumerate() {
            if !sq.is_dark() {
                return Err((
                    i,
                    format!(
                        "{sq} is a light square: stones stand on the dark squares only (a1 is dark) (DA-1.1)"
                    ),
                ));
            }
            if seen[sq.index()] {
                return Err((i, format!("{sq} holds two stones (DA-1.1)")));
            }
            seen[sq.index()] = true;
            let c = &mut count[usize::from(st.side == Side::Black)];
            *c += 1;
            if *c > STONES_PER_SIDE {
                return Err((
                    i,
                    format!(
                        "{} has more than {STONES_PER_SIDE} stones (DA-1.2)",
                        st.side
                    ),
                ));
            }
            if st.kind == Kind::Man && sq.rank() == st.side.crowning_rank() {
                return Err((
                    i,
                    format!(
                        "a {} man on {sq} stands on the row where it is crowned: write it as a dame (DA-4.1)",
                        st.side
                    ),
                ));
            }
        }
        Ok(())
    }
}

/// The stones on the board, square by square.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board(pub [Option<Stone>; 64]);

impl Board {
    /// The board of a setup.
    pub fn from_setup(setup: &Setup) -> Board {
        let mut b = [None; 64];
        for (sq, st) in &setup.stones {
            b[sq.index()] = Some(*st);
        }
        Board(b)
    }

    /// What stands on `sq`.
    pub fn get(&self, sq: Square) -> Option<Stone> {
        self.0[sq.index()]
    }

    /// Puts `stone` (or nothing) on `sq`.
    pub fn set(&mut self, sq: Square, stone: Option<Stone>) {
        self.0[sq.index()] = stone;
    }

    /// How many stones `side` has.
    pub fn count(&self, side: Side) -> usize {
        self.0.iter().flatten().filter(|s| s.side == side).count()
    }

    /// The board as text, row 8 at the top: `w`/`b` men, `W`/`B` Dames, `.`
    /// empty dark squares, blanks for light ones.
    pub fn render(&self) -> String {
        let mut out = String::new();
        for r in (0..8).rev() {
            out.push_str(&format!("{} ", r + 1));
            for f in 0..8 {
                let sq = Square::at(f, r).expect("on the board");
                let c = match self.get(sq) {
                    _ if !sq.is_dark() => ' ',
                    None => '.',
                    Some(Stone {
                        side: Side::White,
                        kind: Kind::Man,
                    }) => 'w',
                    Some(Stone {
                        side: Side::White,
                        kind: Kind::Dame,
                    }) => 'W',
                    Some(Stone {
                        side: Side::Black,
                        kind: Kind::Man,
                    }) => 'b',
                    Some(Stone {
                        side: Side::Black,
                        kind: Kind::Dame,
                    }) => 'B',
                };
                out.push(c);
                out.push(' ');
            }
            out.push('\n');
        }
        out.push_str("  a b c d e f g h\n");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_read_and_print() {
        for s in ["a1", "h8", "c3", "e5"] {
            assert_eq!(s.parse::<Square>().unwrap().to_string(), s);
        }
        assert_eq!("C3".parse::<Square>().unwrap().to_string(), "c3");
        for bad in ["", "a", "a9", "i1", "a0", "a10"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
        assert!("a1".parse::<Square>().unwrap().is_dark());
        assert!(!"b1".parse::<Square>().unwrap().is_dark());
        assert!("h8".parse::<Square>().unwrap().is_dark());
    }

    #[test]
    fn the_start_has_twelve_men_each_on_the_outer_rows() {
        let s = Setup::start();
        assert!(s.validate().is_ok());
        let b = Board::from_setup(&s);
        assert_eq!(b.count(Side::White), 12);
        assert_eq!(b.count(Side::Black), 12);
        assert_eq!(b.get("a1".parse().unwrap()).unwrap().side, Side::White);
        assert_eq!(b.get("h6".parse().unwrap()).unwrap().side, Side::Black);
        assert!(b.get("b4".parse().unwrap()).is_none());
    }
}
