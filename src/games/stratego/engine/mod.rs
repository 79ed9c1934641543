//! The optimized engine: the same rules as the reference interpreter
//! ([`super::reference`]), but with state kept incrementally so that every
//! query costs the same at ply 10 and at ply 10,000.
//!
//! - The board is a piece per square plus `u128` masks per colour
//!   ([`position`]), over lookup tables computed from the geometry
//!   ([`layout`]); nothing assumes 10×10 (RP-1.5).
//! - The two-squares rule keeps each player's current sequence and its
//!   boundary counts ([`two_squares`]), updated in O(1) per move.
//! - Legal moves are generated into a caller's buffer and played without
//!   heap allocation ([`EngineGame::legal_moves_into`],
//!   [`EngineGame::play_legal`]); the [`Game`] trait methods wrap these and
//!   allocate only their return values.
//! - Verdicts name the same rule, clause and explanation as the reference,
//!   so the differential tests ([`diff`]) compare them whole.

pub mod bench;
pub mod diff;
pub mod driver;
pub mod game;
pub mod layout;
pub mod more_squares;
pub mod position;
pub mod rules;
pub mod two_squares;

pub use game::{EngineGame, FastMove, FastReport};

use crate::games::stratego::game::{Game, Implementation};
use crate::games::stratego::position::{Setup, SetupError};
use crate::games::stratego::profile::Profile;
use crate::games::stratego::reference::ReferenceGame;

/// The engine implementation.
#[derive(Clone, Copy, Debug, Default)]
pub struct Engine;

impl Engine {
    /// Starts a game as the concrete type, for callers that want the
    /// allocation-free API. `Ok(None)` when the board has more than 128
    /// squares or a side longer than 16, which the engine's masks cannot hold.
    pub fn start_fast(
        &self,
        setup: &Setup,
        profile: &Profile,
    ) -> Result<Option<EngineGame>, SetupError> {
        let board = setup.validate()?;
        Ok(EngineGame::new(&board, profile))
    }
}

impl Implementation for Engine {
    fn name(&self) -> &'static str {
        "engine"
    }

    /// Boards too big for the engine's masks (none of the built-in
    /// geometries) are played by the reference interpreter instead, so the
    /// engine never refuses a setup the reference accepts.
    fn start(&self, setup: &Setup, profile: &Profile) -> Result<Box<dyn Game>, SetupError> {
        let board = setup.validate()?;
        Ok(match EngineGame::new(&board, profile) {
            Some(g) => Box::new(g),
            None => Box::new(ReferenceGame::new(board, profile.clone())),
        })
    }
}
