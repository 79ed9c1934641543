//! One module per game, and the registry: the one place that names the
//! games. Everything else reaches a game through [`registry`].

pub mod backgammon;
pub mod chess;
pub mod dame;
pub mod epaminondas;
pub mod stratego;

use crate::corpus::{Entry, GameEntry};

/// Every game arbiter knows, in a fixed order.
pub fn registry() -> &'static [&'static dyn GameEntry] {
    static GAMES: &[&dyn GameEntry] = &[
        &Entry::<stratego::game::Stratego>::NEW,
        &Entry::<dame::game::Dame>::NEW,
        &Entry::<chess::game::Chess>::NEW,
        &Entry::<epaminondas::game::Epaminondas>::NEW,
        &Entry::<backgammon::game::Backgammon>::NEW,
    ];
    GAMES
}

/// The game named `name`.
pub fn find(name: &str) -> Option<&'static dyn GameEntry> {
    registry().iter().copied().find(|g| g.name() == name)
}

/// The names of every game.
pub fn names() -> Vec<&'static str> {
    registry().iter().map(|g| g.name()).collect()
}
