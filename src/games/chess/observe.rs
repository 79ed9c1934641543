//! Chess as a learning loop sees it ([`Observe`]): white is player 0,
//! black player 1; no chance node; +1/−1 at the end, 0 each for a draw.
//! Perfect information: both players see the same tensor apart from the
//! last plane, whose view it is.
//!
//! Tensor `[21, 8, 8]`, row 0 = rank 1, column 0 = file a:
//!
//! | planes | what |
//! |---|---|
//! | 0–5 | white pawns, knights, bishops, rooks, queens, king |
//! | 6–11 | black, same order |
//! | 12 | all ones when white is to move |
//! | 13–16 | castling rights, all ones while held: white king side, white queen side, black king side, black queen side |
//! | 17 | the en-passant square of the FEN, if any |
//! | 18 | the half-move clock ÷ 100, every square (CH-8.1) |
//! | 19 | the move number ÷ 100, every square |
//! | 20 | all ones in white's view (player 0), zeros in black's |
//!
//! The text is the position's FEN.

use crate::rules::observe::{fill, put};
use crate::rules::{Observe, View};

use super::board::Color;
use super::game::{Chess, Outcome};
use super::position::Position;

const SHAPE: (usize, usize) = (8, 8);

impl Observe for Chess {
    crate::observe_two_players!(Color, Outcome, ["white", "black"]);

    fn observation_shape(_setup: &Position) -> Vec<usize> {
        vec![21, 8, 8]
    }

    fn observe(view: &View<'_, Self>, out: &mut [f32]) {
        let p = view.position;
        for (i, cell) in p.board.iter().enumerate() {
            if let Some(piece) = cell {
                let plane = piece.color.index() * 6 + piece.kind as usize;
                put(out, SHAPE, plane, i / 8, i % 8, 1.0);
            }
        }
        if p.to_move == Color::White {
            fill(out, SHAPE, 12, 1.0);
        }
        for (k, (color, king_side)) in [
            (Color::White, true),
            (Color::White, false),
            (Color::Black, true),
            (Color::Black, false),
        ]
        .into_iter()
        .enumerate()
        {
            if p.castling.has(color, king_side) {
                fill(out, SHAPE, 13 + k, 1.0);
            }
        }
        if let Some(sq) = p.ep {
            let i = usize::from(sq.0);
            put(out, SHAPE, 17, i / 8, i % 8, 1.0);
        }
        fill(out, SHAPE, 18, p.halfmove as f32 / 100.0);
        fill(out, SHAPE, 19, p.fullmove as f32 / 100.0);
        if view.player == 0 {
            fill(out, SHAPE, 20, 1.0);
        }
    }

    fn observation_string(view: &View<'_, Self>) -> String {
        view.position.fen()
    }
}
