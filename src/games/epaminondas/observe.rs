//! Epaminondas as a learning loop sees it ([`Observe`]): white is player 0
//! (it moves first, EP-1.5), black player 1; no chance node; +1/−1 at the
//! end, 0 each for a draw. Perfect information: both players see the same
//! tensor apart from the last plane.
//!
//! Tensor `[4, ranks, files]` (12 × 14 on the standard board), row 0 =
//! rank 1, column 0 = file A:
//!
//! | planes | what |
//! |---|---|
//! | 0 | white stones |
//! | 1 | black stones |
//! | 2 | all ones when white is to move |
//! | 3 | all ones in white's view (player 0), zeros in black's |

use crate::rules::observe::{fill, put};
use crate::rules::{Observe, View};

use super::board::{Side, Square};
use super::game::{Epaminondas, Outcome};
use super::setup::Setup;

impl Observe for Epaminondas {
    crate::observe_two_players!(Side, Outcome, ["white", "black"]);

    fn observation_shape(setup: &Setup) -> Vec<usize> {
        vec![
            4,
            usize::from(setup.size.ranks()),
            usize::from(setup.size.files()),
        ]
    }

    fn observe(view: &View<'_, Self>, out: &mut [f32]) {
        let p = view.position;
        let shape = (usize::from(p.size.ranks()), usize::from(p.size.files()));
        for (plane, stones) in [&p.white, &p.black].into_iter().enumerate() {
            for sq in stones {
                put(
                    out,
                    shape,
                    plane,
                    usize::from(sq.rank),
                    usize::from(sq.file),
                    1.0,
                );
            }
        }
        if view.to_move == Some(0) {
            fill(out, shape, 2, 1.0);
        }
        if view.player == 0 {
            fill(out, shape, 3, 1.0);
        }
    }

    fn observation_string(view: &View<'_, Self>) -> String {
        let p = view.position;
        let mut out = String::new();
        for r in (0..p.size.ranks()).rev() {
            out.push_str(&format!("{:>2} ", r + 1));
            for f in 0..p.size.files() {
                out.push(match p.side_on(Square { file: f, rank: r }) {
                    Some(Side::White) => 'w',
                    Some(Side::Black) => 'b',
                    None => '.',
                });
            }
            out.push('\n');
        }
        out.push_str("   ");
        for f in 0..p.size.files() {
            out.push((b'A' + f) as char);
        }
        out.push('\n');
        if let Some(t) = view.to_move {
            out.push_str(&format!("{} to move\n", Self::PLAYERS[t]));
        }
        out
    }
}
