//! The action: one phalanx (or lone stone) moving along its own line
//! (`spec/epaminondas/protocol.md`, "Actions").
//!
//! A move names the front stone (the one leading in the direction of
//! travel), the square it lands on, and how many stones move: `c3-c5/3` is
//! the three stones c3, c2, c1 moving two squares north. A lone stone omits
//! `/1` (`d4-e5`); `x` reads as `-` (`c3xc5/3`), since the board decides
//! whether a move captures. The stones behind the front stone follow from
//! the direction, so the spelling names every moving stone.

use std::fmt;
use std::str::FromStr;

use super::board::{Dir, Square};

/// One move (EP-2, EP-3): front stone, landing square, stones that move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The front stone's square.
    pub front: Square,
    /// Where the front stone lands.
    pub to: Square,
    /// How many stones move: the front stone and the `count - 1` behind it.
    pub count: u8,
}

impl Move {
    /// The direction and distance, when `to` is on a line from `front`.
    pub fn line(&self) -> Option<(Dir, u8)> {
        Dir::between(self.front, self.to)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.front, self.to)?;
        if self.count != 1 {
            write!(f, "/{}", self.count)?;
        }
        Ok(())
    }
}

impl FromStr for Move {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let shape = || {
            format!("`{s}` is not a move: expected front-landing[/count], like c3-c5/3 or d4-e5")
        };
        let (squares, count) = match s.split_once('/') {
            Some((sq, n)) => {
                if n.is_empty() || n.len() > 2 || !n.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(format!(
                        "`{s}`: the count after `/` must be a whole number from 1 to 14"
                    ));
                }
                let n: u8 = n.parse().map_err(|_| shape())?;
                if !(1..=14).contains(&n) {
                    return Err(format!(
                        "`{s}`: the count after `/` must be a whole number from 1 to 14"
                    ));
                }
                (sq, n)
            }
            None => (s, 1),
        };
        let (a, b) = squares.split_once(['-', 'x', 'X']).ok_or_else(shape)?;
        let front: Square = a.parse().map_err(|e| format!("{e} (in move `{s}`)"))?;
        let to: Square = b.parse().map_err(|e| format!("{e} (in move `{s}`)"))?;
        Ok(Move { front, to, count })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings() {
        let m: Move = "c3-c5/3".parse().unwrap();
        assert_eq!(m.count, 3);
        assert_eq!(m.to_string(), "c3-c5/3");
        assert_eq!("c3xc5/3".parse::<Move>(), Ok(m));
        assert_eq!("d4-e5/1".parse::<Move>(), "d4-e5".parse::<Move>());
        assert_eq!("d4-e5/1".parse::<Move>().unwrap().to_string(), "d4-e5");
        for bad in [
            "c3",
            "c3-",
            "c3-c5/",
            "c3-c5/0",
            "c3-c5/15",
            "c3-c5/x",
            "c3--c5",
            "c3-c5/3/3",
        ] {
            assert!(bad.parse::<Move>().is_err(), "{bad}");
        }
    }
}
