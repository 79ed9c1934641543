//! Actions: a whole move, multi-capture included, or a huff (DA-7).
//!
//! A step is written `c3-d4` (a flying Dame's `c1-h6`), a capture by its
//! landing squares `c3xe5xc7` (each `x` one jump), a huff `huff c3`. A
//! capture is its path: two captures that take the same stones by
//! different routes, or end on different squares, are different actions.

use std::fmt;
use std::str::FromStr;

use super::board::Square;

/// One action of the side to move.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Action {
    /// A move without capture (DA-2.1, DA-4.2).
    Step {
        /// Where the stone stands.
        from: Square,
        /// Where it goes.
        to: Square,
    },
    /// A capture: the stone's square, then every landing square in turn
    /// (DA-3); at least two squares.
    Capture(Vec<Square>),
    /// Removing an opponent's stone that overlooked a capture (DA-6).
    Huff(Square),
}

impl Action {
    /// The square the moving stone starts on (for a huff, the huffed stone).
    pub fn from(&self) -> Square {
        match self {
            Action::Step { from, .. } => *from,
            Action::Capture(p) => p[0],
            Action::Huff(s) => *s,
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Step { from, to } => write!(f, "{from}-{to}"),
            Action::Capture(path) => {
                let parts: Vec<String> = path.iter().map(|s| s.to_string()).collect();
                f.write_str(&parts.join("x"))
            }
            Action::Huff(s) => write!(f, "huff {s}"),
        }
    }
}

impl FromStr for Action {
    type Err = String;
    fn from_str(text: &str) -> Result<Self, String> {
        let s = text.trim();
        let bad = |why: String| {
            format!(
                "`{text}` is not a Dame action ({why}): expected a step like c3-d4, a capture like c3xe5xc7, or huff c3"
            )
        };
        if let Some(rest) = s.strip_prefix("huff ") {
            return rest.trim().parse().map(Action::Huff).map_err(bad);
        }
        if s.contains('x') || s.contains('X') {
            let path = s
                .split(['x', 'X'])
                .map(|p| p.parse::<Square>())
                .collect::<Result<Vec<_>, _>>()
                .map_err(bad)?;
            return Ok(Action::Capture(path));
        }
        match s.split_once('-') {
            Some((a, b)) => Ok(Action::Step {
                from: a.parse().map_err(bad)?,
                to: b.parse().map_err(bad)?,
            }),
            None => Err(bad("no `-`, `x` or `huff`".into())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_read_and_print() {
        for s in ["c3-d4", "c3xe5", "c3xe5xc7", "huff c3", "a1-h8"] {
            assert_eq!(s.parse::<Action>().unwrap().to_string(), s);
        }
        assert_eq!("C3XE5".parse::<Action>().unwrap().to_string(), "c3xe5");
        for bad in [
            "", "c3", "c3-", "c3-d4-e5", "huff", "huff z9", "c3xe5x", "c3 d4",
        ] {
            assert!(bad.parse::<Action>().is_err(), "{bad}");
        }
    }
}
