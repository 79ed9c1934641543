//! Board geometry as data: size and lakes (RP-1.5, RP-1.6).
//!
//! The rules never hard-code 10×10 or the lake squares; they ask the
//! geometry. The named boards are `standard` (10×10) and `quick-8x8`; any
//! other size can be written out as a `custom` board.

use super::square::Square;

/// The shape of a board: its size and the squares no piece may enter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Geometry {
    /// Name used in scenarios and on the wire (`standard`, `quick-8x8`, or
    /// `custom` for a board written out by size and lakes).
    pub name: &'static str,
    /// Number of files (columns), lettered from `A`.
    pub files: u8,
    /// Number of ranks (rows), numbered from 1.
    pub ranks: u8,
    /// Lake squares (RP-1.2).
    pub lakes: Vec<Square>,
    /// How many ranks from each edge form a player's setup zone (RP-1.3):
    /// 4 on the standard board, 3 on `quick-8x8`.
    pub home_ranks: u8,
}

impl Geometry {
    /// The ISF board: 10×10, lakes C5 D5 C6 D6 G5 H5 G6 H6 (RP-1.1, RP-1.2).
    pub fn standard() -> Self {
        let lakes = [
            (2, 4),
            (3, 4),
            (2, 5),
            (3, 5),
            (6, 4),
            (7, 4),
            (6, 5),
            (7, 5),
        ]
        .into_iter()
        .map(|(f, r)| Square::new(f, r))
        .collect();
        Geometry {
            name: "standard",
            files: 10,
            ranks: 10,
            lakes,
            home_ranks: 4,
        }
    }

    /// The 8×8 board of the quick game (RP-1.6): lakes C4 C5 F4 F5, three
    /// home ranks a side.
    pub fn quick_8x8() -> Self {
        let lakes = [(2, 3), (2, 4), (5, 3), (5, 4)]
            .into_iter()
            .map(|(f, r)| Square::new(f, r))
            .collect();
        Geometry {
            name: "quick-8x8",
            files: 8,
            ranks: 8,
            lakes,
            home_ranks: 3,
        }
    }

    /// Looks a geometry up by its name.
    pub fn named(name: &str) -> Option<Self> {
        match name {
            "standard" => Some(Self::standard()),
            "quick-8x8" => Some(Self::quick_8x8()),
            _ => None,
        }
    }

    /// Names accepted by [`Geometry::named`].
    pub const NAMES: &'static [&'static str] = &["standard", "quick-8x8"];

    /// Longest side a board may have: square names letter the files `A`–`Z`
    /// and number the ranks up to 26.
    pub const MAX_SIDE: u8 = 26;

    /// A board written out by size and lakes (RP-1.6), named `custom`. Each
    /// side is 1 to [`Geometry::MAX_SIDE`] squares; lakes must lie on the
    /// board, each listed once. Each side's home zone is half of the ranks
    /// left after two middle ranks, rounded down (as on the named boards). The error names
    /// the lake at fault by its index in `lakes`, or `None` for the size.
    pub fn custom(
        files: u8,
        ranks: u8,
        lakes: Vec<Square>,
    ) -> Result<Self, (Option<usize>, String)> {
        for (what, n) in [("files", files), ("ranks", ranks)] {
            if !(1..=Self::MAX_SIDE).contains(&n) {
                return Err((
                    None,
                    format!(
                        "a board has 1 to {} {what}, not {n} (RP-1.6)",
                        Self::MAX_SIDE
                    ),
                ));
            }
        }
        let g = Geometry {
            name: "custom",
            files,
            ranks,
            lakes: Vec::new(),
            home_ranks: ranks.saturating_sub(2) / 2,
        };
        for (i, &lake) in lakes.iter().enumerate() {
            if !g.contains(lake) {
                return Err((
                    Some(i),
                    format!("lake {lake} is not on the {files}×{ranks} board (RP-1.6)"),
                ));
            }
            if lakes[..i].contains(&lake) {
                return Err((Some(i), format!("lake {lake} is listed twice (RP-1.6)")));
            }
        }
        Ok(Geometry { lakes, ..g })
    }

    /// Whether the square lies on the board.
    pub fn contains(&self, sq: Square) -> bool {
        sq.file < self.files && sq.rank < self.ranks
    }

    /// Whether the square is a lake.
    pub fn is_lake(&self, sq: Square) -> bool {
        self.lakes.contains(&sq)
    }

    /// Number of squares, for dense indexing.
    pub fn len(&self) -> usize {
        self.files as usize * self.ranks as usize
    }

    /// Always false: a board has squares.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Dense index of an on-board square.
    pub fn index(&self, sq: Square) -> usize {
        sq.rank as usize * self.files as usize + sq.file as usize
    }

    /// Every square, rank 1 first, file A first.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.ranks).flat_map(move |r| (0..self.files).map(move |f| Square::new(f, r)))
    }

    /// On-board orthogonal neighbours (lakes included; the caller decides).
    pub fn neighbours(&self, sq: Square) -> Vec<Square> {
        let mut out = Vec::with_capacity(4);
        let (f, r) = (sq.file as i16, sq.rank as i16);
        for (df, dr) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
            let (nf, nr) = (f + df, r + dr);
            if nf >= 0 && nr >= 0 && nf < self.files as i16 && nr < self.ranks as i16 {
                out.push(Square::new(nf as u8, nr as u8));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn the_quick_board_has_its_four_lakes() {
        let g = Geometry::quick_8x8();
        assert_eq!((g.files, g.ranks, g.len()), (8, 8, 64));
        for lake in ["C4", "C5", "F4", "F5"] {
            assert!(g.is_lake(sq(lake)), "{lake}");
        }
        assert_eq!(g.lakes.len(), 4);
        assert!(g.contains(sq("H8")) && !g.contains(sq("I1")) && !g.contains(sq("A9")));
        assert_eq!(Geometry::named("quick-8x8"), Some(g));
    }

    #[test]
    fn custom_boards_are_checked() {
        let g = Geometry::custom(6, 5, vec![sq("C3")]).unwrap();
        assert_eq!(
            (g.name, g.files, g.ranks, g.home_ranks),
            ("custom", 6, 5, 1)
        );
        assert!(Geometry::custom(0, 5, vec![]).is_err());
        assert!(Geometry::custom(27, 5, vec![]).is_err());
        assert_eq!(
            Geometry::custom(6, 5, vec![sq("C3"), sq("G1")])
                .unwrap_err()
                .0,
            Some(1)
        );
        assert_eq!(
            Geometry::custom(6, 5, vec![sq("C3"), sq("C3")])
                .unwrap_err()
                .0,
            Some(1)
        );
    }
}
