//! Dame as a learning loop sees it ([`Observe`]): white is player 0 (it
//! moves first under the default profile, DA-1.3), black player 1; no
//! chance node; +1/−1 at the end, 0 each for a draw. Perfect information:
//! both players see the same tensor apart from the last plane.
//!
//! Tensor `[6, 8, 8]`, row 0 = row 1, column 0 = file a:
//!
//! | planes | what |
//! |---|---|
//! | 0, 1 | white men, white Dames |
//! | 2, 3 | black men, black Dames |
//! | 4 | all ones when white is to move |
//! | 5 | all ones in white's view (player 0), zeros in black's |

use crate::rules::observe::{fill, put};
use crate::rules::{Observe, View};

use super::board::{Kind, Setup, Side};
use super::game::{Dame, Outcome};

const SHAPE: (usize, usize) = (8, 8);

impl Observe for Dame {
    crate::observe_two_players!(Side, Outcome, ["white", "black"]);

    fn observation_shape(_setup: &Setup) -> Vec<usize> {
        vec![6, 8, 8]
    }

    fn observe(view: &View<'_, Self>, out: &mut [f32]) {
        for (sq, stone) in &view.position.stones {
            let plane = stone.side.index() * 2 + usize::from(stone.kind == Kind::Dame);
            put(
                out,
                SHAPE,
                plane,
                sq.rank() as usize,
                sq.file() as usize,
                1.0,
            );
        }
        if view.to_move == Some(0) {
            fill(out, SHAPE, 4, 1.0);
        }
        if view.player == 0 {
            fill(out, SHAPE, 5, 1.0);
        }
    }

    fn observation_string(view: &View<'_, Self>) -> String {
        let mut out = String::new();
        for r in (0..8).rev() {
            out.push_str(&format!("{} ", r + 1));
            for f in 0..8 {
                let stone = view
                    .position
                    .stones
                    .iter()
                    .find(|(sq, _)| sq.file() == f && sq.rank() == r);
                out.push(match stone {
                    Some((_, s)) => match (s.side, s.kind) {
                        (Side::White, Kind::Man) => 'w',
                        (Side::White, Kind::Dame) => 'W',
                        (Side::Black, Kind::Man) => 'b',
                        (Side::Black, Kind::Dame) => 'B',
                    },
                    None => '.',
                });
            }
            out.push('\n');
        }
        out.push_str("  abcdefgh\n");
        if let Some(p) = view.to_move {
            out.push_str(&format!("{} to move\n", Self::PLAYERS[p]));
        }
        out
    }
}
