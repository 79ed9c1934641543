//! Stratego as a learning loop sees it ([`Observe`]): red is player 0 (it
//! moves first, RP-1.3), blue player 1; no chance node in play (the start
//! is drawn from a seed instead); +1/−1 at the end, 0 each for a draw.
//!
//! A player sees its own pieces by rank and the opponent's only where a
//! combat has revealed them (RP-4.1); every other opponent piece is one
//! "unknown" plane. The memory is the set of squares whose piece has been
//! revealed, moved along with the piece and updated from each move's note.
//!
//! Tensor `[28, ranks, files]`, row 0 = rank 1, column 0 = file A, in the
//! board's own orientation for both players:
//!
//! | planes | what |
//! |---|---|
//! | 0–11 | the player's own pieces, one plane per rank (marshal, general, …, scout, spy, bomb, flag) |
//! | 12–23 | the opponent's revealed pieces, same order |
//! | 24 | the opponent's unrevealed pieces ("unknown") |
//! | 25 | the player's own pieces the opponent has seen revealed |
//! | 26 | lakes |
//! | 27 | all ones when it is the player's turn |
//!
//! The information state is the observation: what has been revealed is
//! already in it.

use crate::rng::SplitMix;
use crate::rules::observe::{fill, put};
use crate::rules::{Observe, View};

use super::combat::CombatResult;
use super::game::{Outcome, PlyReport, Stratego};
use super::moves::Move;
use super::piece::{Color, Rank};
use super::position::{Setup, diagram};
use super::square::Square;
use super::variant::Variant;
use super::workload::driver::full_setup;

/// Planes of the tensor.
const PLANES: usize = 28;
const UNKNOWN: usize = 24;
const SEEN: usize = 25;
const LAKES: usize = 26;
const TURN: usize = 27;

/// The squares whose piece has been revealed in combat.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Revealed(pub Vec<Square>);

fn rank_plane(rank: Rank) -> usize {
    Rank::ALL
        .iter()
        .position(|&r| r == rank)
        .expect("every rank is in Rank::ALL")
}

impl Observe for Stratego {
    type Memory = Revealed;

    const PLAYERS: [&'static str; 2] = ["red", "blue"];
    // The opponent's ranks stay hidden until a fight reveals them (RP-4.1).
    const PERFECT_INFORMATION: bool = false;

    fn player(side: &Color) -> Option<usize> {
        Some(side.index())
    }

    fn returns(outcome: &Outcome) -> [f64; 2] {
        outcome.returns()
    }

    fn observation_shape(setup: &Setup) -> Vec<usize> {
        let g = &setup.geometry;
        vec![PLANES, usize::from(g.ranks), usize::from(g.files)]
    }

    fn observe(view: &View<'_, Self>, out: &mut [f32]) {
        let g = &view.position.geometry;
        let shape = (usize::from(g.ranks), usize::from(g.files));
        let me = Color::BOTH[view.player];
        let revealed = &view.memory.0;
        for &(sq, piece) in &view.position.pieces {
            let (row, col) = (usize::from(sq.rank), usize::from(sq.file));
            let known = revealed.contains(&sq);
            let plane = if piece.color == me {
                if known {
                    put(out, shape, SEEN, row, col, 1.0);
                }
                rank_plane(piece.rank)
            } else if known {
                12 + rank_plane(piece.rank)
            } else {
                UNKNOWN
            };
            put(out, shape, plane, row, col, 1.0);
        }
        for &sq in &g.lakes {
            put(
                out,
                shape,
                LAKES,
                usize::from(sq.rank),
                usize::from(sq.file),
                1.0,
            );
        }
        if view.to_move == Some(view.player) {
            fill(out, shape, TURN, 1.0);
        }
    }

    fn observation_string(view: &View<'_, Self>) -> String {
        let g = &view.position.geometry;
        let me = Color::BOTH[view.player];
        let mut out = format!("{me}'s view");
        if let Some(p) = view.to_move {
            out.push_str(&format!(", {} to move", Color::BOTH[p]));
        }
        out.push('\n');
        out.push_str(&diagram(g, |sq| {
            let (_, p) = view.position.pieces.iter().find(|(s, _)| *s == sq)?;
            Some(if p.color == me || view.memory.0.contains(&sq) {
                format!("{}{}", &p.color.name()[..1], p.rank.symbol())
            } else {
                format!("{}?", &p.color.name()[..1])
            })
        }));
        out
    }

    fn remember(memory: &mut Revealed, note: &PlyReport) {
        let Ok(mv) = note.mv.parse::<Move>() else {
            return;
        };
        let seen = &mut memory.0;
        let was_known = seen.contains(&mv.from);
        seen.retain(|&s| s != mv.from && (note.combat.is_none() || s != mv.to));
        match note.combat {
            // Both ranks are shown (RP-4.1); whoever stays on the target
            // square is known from now on.
            Some((_, CombatResult::AttackerWins | CombatResult::DefenderWins)) => seen.push(mv.to),
            Some((_, CombatResult::BothRemoved)) => {}
            None if was_known => seen.push(mv.to),
            None => {}
        }
    }

    fn seeded_start(seed: u64) -> Option<Setup> {
        Some(full_setup(&mut SplitMix(seed), Variant::Standard))
    }
}
