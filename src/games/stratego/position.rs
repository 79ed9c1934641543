//! Setups and boards.
//!
//! As in shakmaty, an unchecked [`Setup`] (whatever a scenario file says) is
//! turned into a [`Board`] only through [`Setup::validate`], so every board the
//! rules see satisfies RP-1 and RP-2.

use std::fmt;

use super::army::Army;
use super::geometry::Geometry;
use super::piece::{Color, Piece, Rank};
use super::square::Square;

/// Stable identity of a piece within one game: its index in the setup.
/// The two-squares rule counts per piece (TS-2.1), so squares alone are not
/// enough to tell pieces apart.
pub type PieceId = u16;

/// A piece standing on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placed {
    /// Which piece of the setup this is.
    pub id: PieceId,
    /// Colour and rank.
    pub piece: Piece,
}

/// An unchecked starting position: the board, the army each player's
/// pieces are drawn from, the pieces in the order given, and the side to
/// move.
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    /// Board shape (RP-1).
    pub geometry: Geometry,
    /// How many pieces of each rank a player may have (RP-2.2, RP-2.4).
    pub army: Army,
    /// Pieces in setup order; the index becomes the [`PieceId`].
    pub pieces: Vec<(Square, Piece)>,
    /// Who moves first.
    pub to_move: Color,
}

/// Why a setup is not a position. `entry` is the index into
/// [`Setup::pieces`], so a loader can point at the offending line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// RP-1.1: the square is not on the board.
    #[error("{square} is not on the {files}×{ranks} board (RP-1.1)")]
    OffBoard {
        entry: usize,
        square: Square,
        files: u8,
        ranks: u8,
    },
    /// RP-1.2: the square is a lake.
    #[error("{square} is a lake; no piece may stand there (RP-1.2)")]
    Lake { entry: usize, square: Square },
    /// RP-1.4: two pieces on one square.
    #[error("{square} already holds the {other}; two pieces cannot share a square (RP-1.4)")]
    Occupied {
        entry: usize,
        square: Square,
        other: Piece,
    },
    /// RP-2.2: more pieces of a rank than the setup's army has.
    #[error("{}", too_many(*color, *rank, *limit, army))]
    TooMany {
        entry: usize,
        color: Color,
        rank: Rank,
        limit: u8,
        army: Army,
    },
}

/// [`SetupError::TooMany`]'s message.
fn too_many(color: Color, rank: Rank, limit: u8, army: &Army) -> String {
    if limit == 0 {
        format!("{color} has a {rank}, but {army} has none (RP-2.2)")
    } else {
        format!("{color} has more than {limit} {rank} piece(s); {army} has only {limit} (RP-2.2)")
    }
}

impl SetupError {
    /// Index of the offending setup entry.
    pub fn entry(&self) -> usize {
        match *self {
            SetupError::OffBoard { entry, .. }
            | SetupError::Lake { entry, .. }
            | SetupError::Occupied { entry, .. }
            | SetupError::TooMany { entry, .. } => entry,
        }
    }
}

impl Setup {
    /// Checks RP-1 and RP-2 and builds the board. Sparse setups (any subset of
    /// the army, flags optional) are allowed; RP-6 says how they end.
    pub fn validate(&self) -> Result<Board, SetupError> {
        let g = &self.geometry;
        let mut board = Board::empty(g.clone(), self.to_move);
        let mut counts = std::collections::HashMap::<(Color, Rank), u32>::new();
        for (entry, &(square, piece)) in self.pieces.iter().enumerate() {
            if !g.contains(square) {
                return Err(SetupError::OffBoard {
                    entry,
                    square,
                    files: g.files,
                    ranks: g.ranks,
                });
            }
            if g.is_lake(square) {
                return Err(SetupError::Lake { entry, square });
            }
            if let Some(other) = board.at(square) {
                return Err(SetupError::Occupied {
                    entry,
                    square,
                    other: other.piece,
                });
            }
            let n = counts.entry((piece.color, piece.rank)).or_default();
            *n += 1;
            let limit = self.army.count(piece.rank);
            if *n > u32::from(limit) {
                return Err(SetupError::TooMany {
                    entry,
                    color: piece.color,
                    rank: piece.rank,
                    limit,
                    army: self.army,
                });
            }
            board.put(
                square,
                Placed {
                    id: entry as PieceId,
                    piece,
                },
            );
        }
        Ok(board)
    }
}

/// A board position: who stands where and whose turn it is.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    geometry: Geometry,
    cells: Vec<Option<Placed>>,
    /// The player whose turn it is.
    pub to_move: Color,
}

impl std::hash::Hash for Geometry {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.name.hash(state);
    }
}

impl Board {
    /// A board with no pieces.
    pub fn empty(geometry: Geometry, to_move: Color) -> Self {
        let cells = vec![None; geometry.len()];
        Board {
            geometry,
            cells,
            to_move,
        }
    }

    /// The board's shape.
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The piece on a square, if any. Off-board squares hold nothing.
    pub fn at(&self, sq: Square) -> Option<Placed> {
        if self.geometry.contains(sq) {
            self.cells[self.geometry.index(sq)]
        } else {
            None
        }
    }

    /// Puts a piece on an on-board square, replacing whatever was there.
    pub fn put(&mut self, sq: Square, placed: Placed) {
        let i = self.geometry.index(sq);
        self.cells[i] = Some(placed);
    }

    /// Empties an on-board square.
    pub fn clear(&mut self, sq: Square) {
        let i = self.geometry.index(sq);
        self.cells[i] = None;
    }

    /// Every occupied square with its piece.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Placed)> + '_ {
        self.geometry
            .squares()
            .filter_map(move |sq| self.at(sq).map(|p| (sq, p)))
    }

    /// Where the piece with this id stands, if it is still on the board.
    pub fn find(&self, id: PieceId) -> Option<Square> {
        self.pieces().find(|(_, p)| p.id == id).map(|(sq, _)| sq)
    }

    /// The arrangement of colours and ranks, without piece identities: what a
    /// player sees of the board if every piece were revealed.
    pub fn arrangement(&self) -> Vec<Option<Piece>> {
        self.cells.iter().map(|c| c.map(|p| p.piece)).collect()
    }

    /// The board as text, rank 10 at the top: `r10` is a red marshal, `bS` a
    /// blue spy, `~~` a lake, `.` an empty square.
    pub fn diagram(&self) -> String {
        diagram(&self.geometry, |sq| {
            self.at(sq)
                .map(|p| format!("{}{}", &p.piece.color.name()[..1], p.piece.rank.symbol()))
        })
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.diagram())
    }
}

/// A board of `g` as text, its last rank at the top, each square four
/// characters wide: `cell` writes what stands on a square (`None`: nothing,
/// shown `~~` on a lake and `.` elsewhere). The whole board's diagram and a
/// player's view (`observe.rs`, unrevealed pieces as `r?`) both draw with it.
pub fn diagram(g: &Geometry, cell: impl Fn(Square) -> Option<String>) -> String {
    let mut out = String::new();
    for r in (0..g.ranks).rev() {
        out.push_str(&format!("{:>2} ", r + 1));
        for f in 0..g.files {
            let sq = Square::new(f, r);
            let text = match cell(sq) {
                Some(t) => t,
                None if g.is_lake(sq) => "~~".to_string(),
                None => ".".to_string(),
            };
            out.push_str(&format!("{text:>4}"));
        }
        out.push('\n');
    }
    out.push_str("   ");
    for f in 0..g.files {
        out.push_str(&format!("{:>4}", (b'A' + f) as char));
    }
    out.push('\n');
    out
}
