//! Board geometry as data: size and lakes.
//!
//! The rules never hard-code 10×10 or the lake squares; they ask the
//! geometry. An 8×8 variant is one more constructor here (RP-1.1).

use super::square::Square;

/// The shape of a board: its size and the squares no piece may enter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Geometry {
    /// Name used in scenarios (`standard`).
    pub name: &'static str,
    /// Number of files (columns), lettered from `A`.
    pub files: u8,
    /// Number of ranks (rows), numbered from 1.
    pub ranks: u8,
    /// Lake squares (RP-1.2).
    pub lakes: Vec<Square>,
    /// How many ranks from each edge form a player's setup zone (RP-1.3).
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

    /// Looks a geometry up by its scenario name.
    pub fn named(name: &str) -> Option<Self> {
        match name {
            "standard" => Some(Self::standard()),
            _ => None,
        }
    }

    /// Names accepted by [`Geometry::named`].
    pub const NAMES: &'static [&'static str] = &["standard"];

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
