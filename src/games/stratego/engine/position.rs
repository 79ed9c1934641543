//! The engine's board: a piece per square plus bit masks kept in step with it.

use crate::games::stratego::army::Army;
use crate::games::stratego::combat::{CombatResult, resolve};
use crate::games::stratego::piece::{Color, Piece, Rank};
use crate::games::stratego::position::{Board, PieceId, Placed, SetupError};
use crate::games::stratego::square::Square;

use super::layout::{Layout, Mask, bit};

/// Index of a colour in per-colour arrays.
#[inline]
pub const fn side(c: Color) -> usize {
    match c {
        Color::Red => 0,
        Color::Blue => 1,
    }
}

/// A piece on a square: its identity (TS-2.1 counts per piece) and what it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    /// Index in the setup.
    pub id: PieceId,
    /// Owner.
    pub color: Color,
    /// Rank.
    pub rank: Rank,
}

impl Cell {
    /// Colour and rank.
    pub fn piece(self) -> Piece {
        Piece {
            color: self.color,
            rank: self.rank,
        }
    }
}

/// What a move did on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Applied {
    /// The piece that moved.
    pub mover: Cell,
    /// The attacked piece and the result (RP-5), when the move attacked.
    pub combat: Option<(Cell, CombatResult)>,
}

/// Pieces by square and the masks derived from them.
#[derive(Clone, Debug)]
pub struct Position {
    /// `cells[i]`: the piece on square index `i`.
    pub cells: [Option<Cell>; 128],
    /// Squares held by each colour (index by [`side`]).
    pub occupied: [Mask; 2],
    /// Squares held by pieces that move (everything but bombs and flags),
    /// per colour.
    pub movable: [Mask; 2],
    /// Squares held by scouts, per colour: the pieces whose moves are lines
    /// rather than steps (RP-3.3).
    pub scouts: [Mask; 2],
}

impl Position {
    /// Places a setup's pieces on the engine's board, checking RP-1 and
    /// RP-2 on the engine's own tables: the engine does not reuse the
    /// reference's [`Setup::validate`](crate::games::stratego::position::Setup::validate),
    /// so the differential tests compare two independent readings of these
    /// clauses. Entries are checked in order, each against off-board,
    /// lake, an occupied square and the count of `army` (the setup's, RP-2.2),
    /// and the first failure is reported with its entry index.
    ///
    /// Every accepted entry holds its own square of the board, so a setup
    /// the engine accepts has at most 128 entries and every [`PieceId`] is
    /// below 128, which the `u128` piece sets of the more-squares rule rely
    /// on.
    pub fn from_setup(
        pieces: &[(Square, Piece)],
        army: &Army,
        layout: &Layout,
    ) -> Result<Position, SetupError> {
        let mut p = Position {
            cells: [None; 128],
            occupied: [0; 2],
            movable: [0; 2],
            scouts: [0; 2],
        };
        let mut placed = [[0u32; Rank::ALL.len()]; 2];
        for (entry, &(square, piece)) in pieces.iter().enumerate() {
            let Some(i) = layout.index(square) else {
                return Err(SetupError::OffBoard {
                    entry,
                    square,
                    files: layout.files,
                    ranks: layout.ranks,
                });
            };
            if layout.lakes & bit(i) != 0 {
                return Err(SetupError::Lake { entry, square });
            }
            if let Some(other) = p.cells[i as usize] {
                return Err(SetupError::Occupied {
                    entry,
                    square,
                    other: other.piece(),
                });
            }
            let count = &mut placed[side(piece.color)][piece.rank as usize];
            *count += 1;
            let limit = army.count(piece.rank);
            if *count > u32::from(limit) {
                return Err(SetupError::TooMany {
                    entry,
                    color: piece.color,
                    rank: piece.rank,
                    limit,
                    army: *army,
                });
            }
            p.put(
                i,
                Cell {
                    id: entry as PieceId,
                    color: piece.color,
                    rank: piece.rank,
                },
            );
        }
        Ok(p)
    }

    /// Writes the position into a [`Board`] of the game's geometry.
    pub fn to_board(&self, board: &mut Board, layout: &Layout) {
        for i in 0..layout.len {
            let sq = layout.square(i);
            match self.cells[i as usize] {
                Some(c) => board.put(
                    sq,
                    Placed {
                        id: c.id,
                        piece: c.piece(),
                    },
                ),
                None => board.clear(sq),
            }
        }
    }

    /// All occupied squares.
    #[inline]
    pub fn all(&self) -> Mask {
        self.occupied[0] | self.occupied[1]
    }

    #[inline]
    fn put(&mut self, i: u8, c: Cell) {
        self.cells[i as usize] = Some(c);
        self.occupied[side(c.color)] |= bit(i);
        if c.rank.is_movable() {
            self.movable[side(c.color)] |= bit(i);
        }
        if c.rank == Rank::Scout {
            self.scouts[side(c.color)] |= bit(i);
        }
    }

    #[inline]
    fn take(&mut self, i: u8) -> Option<Cell> {
        let c = self.cells[i as usize].take()?;
        self.occupied[side(c.color)] &= !bit(i);
        self.movable[side(c.color)] &= !bit(i);
        self.scouts[side(c.color)] &= !bit(i);
        Some(c)
    }

    /// Plays a move the rules of play allow: moves the piece and resolves an
    /// attack (RP-4, RP-5). A move onto an empty square flips the two
    /// squares' bits in each of the mover's masks at once.
    #[inline(always)]
    pub fn apply(&mut self, from: u8, to: u8) -> Applied {
        let mover = self.cells[from as usize]
            .take()
            .expect("apply needs a piece on the start square");
        let s = side(mover.color);
        let Some(defender) = self.cells[to as usize] else {
            self.cells[to as usize] = Some(mover);
            let both = bit(from) | bit(to);
            self.occupied[s] ^= both;
            if mover.rank.is_movable() {
                self.movable[s] ^= both;
            }
            if mover.rank == Rank::Scout {
                self.scouts[s] ^= both;
            }
            return Applied {
                mover,
                combat: None,
            };
        };
        // The mover leaves its square whatever the result.
        let off = !bit(from);
        self.occupied[s] &= off;
        self.movable[s] &= off;
        self.scouts[s] &= off;
        let result = resolve(mover.rank, defender.rank);
        match result {
            CombatResult::AttackerWins => {
                self.take(to);
                self.put(to, mover);
            }
            CombatResult::DefenderWins => {}
            CombatResult::BothRemoved => {
                self.take(to);
            }
        }
        Applied {
            mover,
            combat: Some((defender, result)),
        }
    }
}
