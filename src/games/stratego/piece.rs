//! Colours and ranks (RP-2.1); how many of each rank a player has is the
//! setup's [`Army`](super::army::Army) (RP-2.2).

use schemars::JsonSchema;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

crate::two_sides! {
    other: opponent,
    /// The two players. Red moves first (RP-1.3).
    pub enum Color {
        /// Sets up on the home ranks from rank 1 and moves first (RP-1.3).
        Red = "red",
        /// Sets up on the home ranks from the last rank.
        Blue = "blue",
    }
}

/// A piece's rank (RP-2.1). Declared from strongest to weakest movable piece,
/// then the two immovable ones.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Rank {
    /// Strength 10.
    Marshal,
    /// Strength 9.
    General,
    /// Strength 8.
    Colonel,
    /// Strength 7.
    Major,
    /// Strength 6.
    Captain,
    /// Strength 5.
    Lieutenant,
    /// Strength 4.
    Sergeant,
    /// Strength 3; defuses bombs.
    Miner,
    /// Strength 2; moves any distance in a line.
    Scout,
    /// Strength 1; wins when it attacks the marshal.
    Spy,
    /// Never moves; kills every attacker but a miner.
    Bomb,
    /// Never moves; its capture ends the game.
    Flag,
}

impl Rank {
    /// Every rank, strongest first.
    pub const ALL: [Rank; 12] = [
        Rank::Marshal,
        Rank::General,
        Rank::Colonel,
        Rank::Major,
        Rank::Captain,
        Rank::Lieutenant,
        Rank::Sergeant,
        Rank::Miner,
        Rank::Scout,
        Rank::Spy,
        Rank::Bomb,
        Rank::Flag,
    ];

    /// Combat strength for movable pieces (RP-2.1); `None` for bomb and flag.
    pub fn strength(self) -> Option<u8> {
        Some(match self {
            Rank::Marshal => 10,
            Rank::General => 9,
            Rank::Colonel => 8,
            Rank::Major => 7,
            Rank::Captain => 6,
            Rank::Lieutenant => 5,
            Rank::Sergeant => 4,
            Rank::Miner => 3,
            Rank::Scout => 2,
            Rank::Spy => 1,
            Rank::Bomb | Rank::Flag => return None,
        })
    }

    /// Whether pieces of this rank ever move (RP-3.4).
    pub fn is_movable(self) -> bool {
        !matches!(self, Rank::Bomb | Rank::Flag)
    }

    /// Scenario name (`marshal`, …).
    pub fn name(self) -> &'static str {
        match self {
            Rank::Marshal => "marshal",
            Rank::General => "general",
            Rank::Colonel => "colonel",
            Rank::Major => "major",
            Rank::Captain => "captain",
            Rank::Lieutenant => "lieutenant",
            Rank::Sergeant => "sergeant",
            Rank::Miner => "miner",
            Rank::Scout => "scout",
            Rank::Spy => "spy",
            Rank::Bomb => "bomb",
            Rank::Flag => "flag",
        }
    }

    /// Two-character board symbol: strength, or `S`, `B`, `F`.
    pub fn symbol(self) -> &'static str {
        match self {
            Rank::Marshal => "10",
            Rank::General => "9",
            Rank::Colonel => "8",
            Rank::Major => "7",
            Rank::Captain => "6",
            Rank::Lieutenant => "5",
            Rank::Sergeant => "4",
            Rank::Miner => "3",
            Rank::Scout => "2",
            Rank::Spy => "S",
            Rank::Bomb => "B",
            Rank::Flag => "F",
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a rank name could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{0}` is not a rank: expected one of marshal, general, colonel, major, captain, lieutenant, sergeant, miner, scout, spy, bomb, flag"
)]
pub struct RankParseError(pub String);

impl FromStr for Rank {
    type Err = RankParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Rank::ALL
            .into_iter()
            .find(|r| r.name() == s)
            .ok_or_else(|| RankParseError(s.to_string()))
    }
}

/// A piece: whose it is and what it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Owner.
    pub color: Color,
    /// Rank.
    pub rank: Rank,
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color, self.rank)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for r in Rank::ALL {
            assert_eq!(r.name().parse::<Rank>().unwrap(), r);
        }
    }
}
