//! Backgammon as a learning loop sees it ([`Observe`]): white is player 0,
//! black player 1; the dice are chance: a position where the dice are to
//! be rolled is a chance node, each roll as likely as two dice make it
//! (a double 1/36, any other roll 2/36; the opening roll's outcomes alike,
//! BG-2.3); at the end the winner scores the points the game is worth
//! (cube, gammon and backgammon included, BG-7, BG-8) and the loser minus
//! them. Perfect information: both players see the same tensor apart from
//! the last two entries.
//!
//! Tensor `[75]`:
//!
//! | entries | what |
//! |---|---|
//! | 0–23 | white's checkers on white's points 1 to 24 |
//! | 24, 25 | white's checkers on the bar, borne off |
//! | 26–49 | black's checkers on black's points 1 to 24 |
//! | 50, 51 | black's checkers on the bar, borne off |
//! | 52–57 | the larger die of the roll to play, one-hot (1 to 6) |
//! | 58–63 | the smaller die, one-hot (equal to the larger for a double) |
//! | 64 | log2 of the cube's value |
//! | 65–67 | the cube centred, owned by white, owned by black (one-hot) |
//! | 68, 69 | white to act, black to act |
//! | 70 | the dice are to be rolled (a chance node) |
//! | 71 | the opening roll is still to come |
//! | 72, 73 | white's view, black's view (one-hot) |
//! | 74 | a double is offered, to be taken or dropped (BG-8.4) |
//!
//! While a double waits for its answer the position is the one before
//! the double (the setup type cannot hold an offered cube) and entry 74
//! says so: the memory is whether the last action was a double.
//! The text is the game's text board.

use crate::rules::{Observe, View};

use super::board::{Action, Player, Side};
use super::game::{Backgammon, Note, Outcome};
use super::setup::Setup;
use super::text_board::render;

impl Observe for Backgammon {
    /// Whether the last action offered a double.
    type Memory = bool;

    const PLAYERS: [&'static str; 2] = ["white", "black"];
    // The dice.
    const CHANCE: bool = true;
    // A backgammon (3 points) at the highest cube every built-in profile
    // allows (64).
    const MAX_RETURN: f64 = 3.0 * 64.0;

    fn player(side: &Side) -> Option<usize> {
        match side {
            Side::White => Some(0),
            Side::Black => Some(1),
            Side::Dice => None,
        }
    }

    fn chance_weight(action: &Action) -> f64 {
        match action {
            Action::Roll(r) if !r.is_double() => 2.0,
            _ => 1.0,
        }
    }

    fn returns(outcome: &Outcome) -> [f64; 2] {
        match outcome {
            Outcome::Ongoing => [0.0; 2],
            Outcome::WhiteWins(w) => [f64::from(w.points), -f64::from(w.points)],
            Outcome::BlackWins(w) => [-f64::from(w.points), f64::from(w.points)],
        }
    }

    fn observation_shape(_setup: &Setup) -> Vec<usize> {
        vec![75]
    }

    fn observe(view: &View<'_, Self>, out: &mut [f32]) {
        let s = view.position;
        for p in Player::BOTH {
            let base = p.index() * 26;
            for point in 1..=24 {
                out[base + point - 1] = f32::from(s.position.points[p.index()][point]);
            }
            out[base + 24] = f32::from(s.position.bar[p.index()]);
            out[base + 25] = f32::from(s.position.off[p.index()]);
        }
        if let Some(r) = s.dice {
            out[52 + usize::from(r.high.clamp(1, 6)) - 1] = 1.0;
            out[58 + usize::from(r.low.clamp(1, 6)) - 1] = 1.0;
        }
        out[64] = s.cube.value.max(1).ilog2() as f32;
        out[65 + s.cube.owner.map_or(0, |p| 1 + p.index())] = 1.0;
        match view.to_move {
            Some(p) => out[68 + p] = 1.0,
            None => out[70] = 1.0,
        }
        if s.opening {
            out[71] = 1.0;
        }
        out[72 + view.player] = 1.0;
        if *view.memory {
            out[74] = 1.0;
        }
    }

    fn observation_string(view: &View<'_, Self>) -> String {
        let s = view.position;
        let actor = match view.to_move {
            Some(p) => Side::from(Player::BOTH[p]),
            None => Side::Dice,
        };
        let mut text = render(&s.position, &s.cube, actor, s.dice.map(|r| (r, s.to_move)));
        if *view.memory {
            text.push_str("a double is offered\n");
        }
        text
    }

    fn remember(offered: &mut bool, note: &Note) {
        *offered = note.action == Action::Double;
    }
}
