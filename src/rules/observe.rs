//! What a learning loop asks of a game beyond its rules (`docs/python.md`,
//! OpenSpiel and PettingZoo style): who the players are, which positions
//! are chance nodes and with which probabilities, what each player scores
//! at the end, what each player sees as a fixed-shape tensor of numbers
//! and as text, and a start drawn from a seed where the game's start is a
//! chance event.
//!
//! Everything here is computed from the game's shared types (the position
//! as a [`Basics::Setup`], the outcome, the notes), never from one
//! implementation's internals, so the reference and the engine give the
//! same tensors wherever both reach the same position
//! (`tests/games/observe.rs`).

use std::fmt::Debug;

use super::Basics;

/// A position as one player sees it: what [`Observe::observe`],
/// [`Observe::information_state`] and [`Observe::observation_string`]
/// write.
pub struct View<'a, G: Observe> {
    /// The position reached (as [`super::Game::position`] tells it).
    pub position: &'a G::Setup,
    /// What the players have learnt so far beyond the position
    /// ([`Observe::remember`]).
    pub memory: &'a G::Memory,
    /// The player whose view this is: 0 or 1 ([`Observe::PLAYERS`]).
    pub player: usize,
    /// The player to decide now; `None` at a chance node or when the game
    /// is over.
    pub to_move: Option<usize>,
}

/// A game as a learning loop sees it. Players are numbered 0 and 1: player
/// 0 is the side that moves first in the game's standard start under its
/// default profile (for a game that starts with a chance event, the side
/// the game's setup names first).
pub trait Observe: Basics {
    /// What a player learns during a game that the position does not hold
    /// (Stratego: which pieces have been revealed in combat); `()` for a
    /// game of perfect information. Updated by [`Observe::remember`] after
    /// every played action; it starts empty (`Default`).
    type Memory: Clone + Debug + Default + Send + Sync;

    /// The players' names as the game spells its sides, index = player id.
    const PLAYERS: [&'static str; 2];

    /// Whether chance acts in play (backgammon's dice), as OpenSpiel's
    /// `GameType` declares it. Default: no.
    const CHANCE: bool = false;

    /// Whether each player sees the whole position (not in Stratego, whose
    /// ranks are hidden), as OpenSpiel's `GameType` declares it. Default:
    /// yes.
    const PERFECT_INFORMATION: bool = true;

    /// The largest return a player can get ([`Observe::returns`]):
    /// OpenSpiel's `max_utility`. Default: 1, a game won or lost.
    const MAX_RETURN: f64 = 1.0;

    /// The player id of `side`; `None` when `side` is chance (backgammon's
    /// dice), which makes the position a chance node.
    fn player(side: &Self::Side) -> Option<usize>;

    /// At a chance node, how likely `action` is relative to the other legal
    /// actions there: the probabilities are these weights divided by their
    /// sum over the legal actions. Default: every legal action alike.
    fn chance_weight(_action: &Self::Action) -> f64 {
        1.0
    }

    /// What each player scores, indexed by player id: 0 each while the
    /// game goes on and for a draw; the winner's points and minus them for
    /// the loser (1 unless the game counts points).
    fn returns(outcome: &Self::Outcome) -> [f64; 2];

    /// The shape of the tensors of a game that started from `setup`
    /// (fixed for a board size), e.g. `[planes, rows, columns]`.
    fn observation_shape(setup: &Self::Setup) -> Vec<usize>;

    /// Writes what `view.player` sees of the position into `out` (zeroed,
    /// the product of [`Observe::observation_shape`] long, row-major).
    fn observe(view: &View<'_, Self>, out: &mut [f32]);

    /// Writes what `view.player` knows (the position as seen, and what it
    /// has learnt) into `out`, shaped as [`Observe::observe`]'s. Default:
    /// the observation, as for a game of perfect information.
    fn information_state(view: &View<'_, Self>, out: &mut [f32]) {
        Self::observe(view, out)
    }

    /// The same view as readable text.
    fn observation_string(view: &View<'_, Self>) -> String;

    /// Updates what the players have learnt with the note of an action
    /// just played. Default: nothing to learn.
    fn remember(_memory: &mut Self::Memory, _note: &Self::Note) {}

    /// A start drawn from `seed`, for a game whose start is a chance event
    /// (Stratego: each army placed at random); the same seed gives the same
    /// start. `None` (the default): the game has one standard start and the
    /// seed changes nothing.
    fn seeded_start(_seed: u64) -> Option<Self::Setup> {
        None
    }
}

/// The items of [`Observe`] that a game of two players who see everything
/// writes alike (Dame, chess, Epaminondas): no memory, the players named
/// `names`, a side's player id its index (`two_sides!`), and the returns its
/// outcome gives (`outcomes!`). Written inside the game's `impl Observe`.
#[macro_export]
macro_rules! observe_two_players {
    ($side:ty, $outcome:ty, $names:expr) => {
        type Memory = ();

        const PLAYERS: [&'static str; 2] = $names;

        fn player(side: &$side) -> Option<usize> {
            Some(side.index())
        }

        fn returns(outcome: &$outcome) -> [f64; 2] {
            outcome.returns()
        }
    };
}

/// `out[(plane × rows + row) × cols + col] = value`, for the boards'
/// `[planes, rows, cols]` tensors.
pub fn put(out: &mut [f32], shape: (usize, usize), plane: usize, row: usize, col: usize, v: f32) {
    let (rows, cols) = shape;
    out[(plane * rows + row) * cols + col] = v;
}

/// Fills one whole plane of a `[planes, rows, cols]` tensor with `v`.
pub fn fill(out: &mut [f32], shape: (usize, usize), plane: usize, v: f32) {
    let n = shape.0 * shape.1;
    out[plane * n..(plane + 1) * n].fill(v);
}
