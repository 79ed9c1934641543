//! One module per game, and the registry: the one place that names the
//! games. Everything else reaches a game through [`registry`].
//!
//! Each game is a cargo feature (all five by default). A build with one
//! game only (`--no-default-features --features dame`) is what a
//! code-level mutation run of that game compiles for every mutant
//! (docs/mutation.md): a fifth of the crate's rule code.

#[cfg(feature = "backgammon")]
pub mod backgammon;
#[cfg(feature = "chess")]
pub mod chess;
#[cfg(feature = "dame")]
pub mod dame;
#[cfg(feature = "epaminondas")]
pub mod epaminondas;
#[cfg(feature = "stratego")]
pub mod stratego;

use crate::corpus::{Entry, GameEntry};

/// Every game arbiter knows, in a fixed order.
pub fn registry() -> &'static [&'static dyn GameEntry] {
    static GAMES: &[&dyn GameEntry] = &[
        #[cfg(feature = "stratego")]
        &Entry::<stratego::game::Stratego>::NEW,
        #[cfg(feature = "dame")]
        &Entry::<dame::game::Dame>::NEW,
        #[cfg(feature = "chess")]
        &Entry::<chess::game::Chess>::NEW,
        #[cfg(feature = "epaminondas")]
        &Entry::<epaminondas::game::Epaminondas>::NEW,
        #[cfg(feature = "backgammon")]
        &Entry::<backgammon::game::Backgammon>::NEW,
    ];
    GAMES
}

/// The game named `name`.
pub fn find(name: &str) -> Option<&'static dyn GameEntry> {
    registry().iter().copied().find(|g| g.name() == name)
}

/// The names of every game of the project, whether or not this build
/// compiles it in: a scenario of a game that a one-game build leaves out is
/// still known to be another game's, not a misspelt one.
pub const ALL_NAMES: &[&str] = &["stratego", "dame", "chess", "epaminondas", "backgammon"];

/// The names of every game.
pub fn names() -> Vec<&'static str> {
    registry().iter().map(|g| g.name()).collect()
}

#[cfg(test)]
mod tests {
    /// The project's list of names is the registry's when every game is
    /// compiled in (the default), in the registry's order.
    #[test]
    #[cfg(all(
        feature = "stratego",
        feature = "dame",
        feature = "chess",
        feature = "epaminondas",
        feature = "backgammon"
    ))]
    fn all_names_are_the_full_registry() {
        assert_eq!(super::names(), super::ALL_NAMES);
    }
}
