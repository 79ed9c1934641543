//! Armies as data: how many pieces of each rank a player has (RP-2.2,
//! RP-2.4).
//!
//! The rules never hard-code the forty pieces of the ISF army. A setup
//! carries its [`Army`], and each implementation checks the setup's pieces
//! against the army's counts on its own (the reference in
//! [`Setup::validate`](super::position::Setup::validate), the engine in
//! its own position builder): the army is shared data, the check is not.

use std::fmt;

use super::geometry::Geometry;
use super::piece::Rank;

/// How many pieces of each rank one player has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Army {
    /// Name used in scenarios and on the wire (`standard`, `barrage`,
    /// `quick`, or `custom` for an army written out rank by rank).
    pub name: &'static str,
    /// Counts in the order of [`Rank::ALL`]: marshal, general, colonel,
    /// major, captain, lieutenant, sergeant, miner, scout, spy, bomb, flag.
    counts: [u8; Rank::ALL.len()],
}

impl Army {
    /// The ISF army of 40 pieces (RP-2.2).
    pub const STANDARD: Army = Army {
        name: "standard",
        counts: [1, 1, 2, 3, 4, 4, 4, 5, 8, 1, 6, 1],
    };

    /// Barrage: eight pieces a side on the standard board (RP-2.4): a
    /// marshal, a general, a miner, two scouts, a spy, a bomb and a flag.
    pub const BARRAGE: Army = Army {
        name: "barrage",
        counts: [1, 1, 0, 0, 0, 0, 0, 1, 2, 1, 1, 1],
    };

    /// The ten pieces of the 8×8 quick game (RP-2.4): a marshal, a general,
    /// two miners, two scouts, a spy, two bombs and a flag.
    pub const QUICK: Army = Army {
        name: "quick",
        counts: [1, 1, 0, 0, 0, 0, 0, 2, 2, 1, 2, 1],
    };

    /// Names accepted by [`Army::named`].
    pub const NAMES: &'static [&'static str] = &["standard", "barrage", "quick"];

    /// Looks an army up by its name.
    pub fn named(name: &str) -> Option<Army> {
        [Army::STANDARD, Army::BARRAGE, Army::QUICK]
            .into_iter()
            .find(|a| a.name == name)
    }

    /// An army written out rank by rank, named `custom`.
    pub fn custom(counts: impl IntoIterator<Item = (Rank, u8)>) -> Army {
        let mut army = Army {
            name: "custom",
            counts: [0; Rank::ALL.len()],
        };
        for (rank, n) in counts {
            army.counts[rank as usize] = n;
        }
        army
    }

    /// The army a board is played with when a setup names none (RP-2.4):
    /// `quick` on the `quick-8x8` board, `standard` on every other.
    pub fn default_for(geometry: &Geometry) -> Army {
        match geometry.name {
            "quick-8x8" => Army::QUICK,
            _ => Army::STANDARD,
        }
    }

    /// How many pieces of `rank` the army has.
    pub fn count(&self, rank: Rank) -> u8 {
        self.counts[rank as usize]
    }

    /// Every rank the army has at least one piece of, with its count,
    /// strongest first.
    pub fn ranks(&self) -> impl Iterator<Item = (Rank, u8)> + '_ {
        Rank::ALL
            .into_iter()
            .map(|r| (r, self.count(r)))
            .filter(|&(_, n)| n > 0)
    }

    /// Every piece of the army, strongest first, each rank as often as the
    /// army has it.
    pub fn pieces(&self) -> Vec<Rank> {
        self.ranks()
            .flat_map(|(r, n)| std::iter::repeat_n(r, n as usize))
            .collect()
    }

    /// Number of pieces in the army.
    pub fn total(&self) -> u32 {
        self.counts.iter().map(|&n| n as u32).sum()
    }

    /// Whether two armies have the same counts, whatever their names.
    pub fn same_counts(&self, other: &Army) -> bool {
        self.counts == other.counts
    }
}

impl fmt::Display for Army {
    /// `the barrage army`, or for a custom army its counts.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.name == "custom" {
            let list: Vec<String> = self.ranks().map(|(r, n)| format!("{n} {r}")).collect();
            write!(f, "the custom army ({})", list.join(", "))
        } else {
            write!(f, "the {} army", self.name)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_named_armies_have_their_sizes() {
        assert_eq!(Army::STANDARD.total(), 40);
        assert_eq!(Army::BARRAGE.total(), 8);
        assert_eq!(Army::QUICK.total(), 10);
        for name in Army::NAMES {
            assert_eq!(Army::named(name).unwrap().name, *name);
        }
        assert!(Army::named("custom").is_none());
    }

    #[test]
    fn the_standard_army_counts_by_rank() {
        let want = [
            (Rank::Marshal, 1),
            (Rank::General, 1),
            (Rank::Colonel, 2),
            (Rank::Major, 3),
            (Rank::Captain, 4),
            (Rank::Lieutenant, 4),
            (Rank::Sergeant, 4),
            (Rank::Miner, 5),
            (Rank::Scout, 8),
            (Rank::Spy, 1),
            (Rank::Bomb, 6),
            (Rank::Flag, 1),
        ];
        for (rank, n) in want {
            assert_eq!(Army::STANDARD.count(rank), n, "{rank}");
        }
    }

    #[test]
    fn custom_armies_count_what_they_list() {
        let a = Army::custom([(Rank::Scout, 3), (Rank::Flag, 1)]);
        assert_eq!(a.count(Rank::Scout), 3);
        assert_eq!(a.count(Rank::Marshal), 0);
        assert_eq!(a.total(), 4);
        assert_eq!(a.to_string(), "the custom army (3 scout, 1 flag)");
        assert_eq!(
            a.pieces(),
            [Rank::Scout, Rank::Scout, Rank::Scout, Rank::Flag]
        );
    }
}
