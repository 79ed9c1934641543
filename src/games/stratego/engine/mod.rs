//! The optimized engine: the same rules as the reference interpreter
//! ([`super::reference`]), but with state kept incrementally so that every
//! query costs the same at ply 10 and at ply 10,000.
//!
//! - The board is a piece per square plus `u128` masks per colour
//!   ([`position`]), over lookup tables computed from the geometry
//!   ([`layout`]); nothing assumes 10×10 (RP-1.5).
//! - The two-squares rule keeps each player's open sequences and their
//!   boundary counts ([`two_squares`]), updated in bounded time per move.
//! - The more-squares rule keeps each player's chase and the Zobrist hashes
//!   of the positions that count, with a table from position to its first
//!   index in the window that empties in constant time at a fight
//!   ([`more_squares`], [`first_seen`]). Every reading of the
//!   ambiguity catalogue is modelled, so no profile falls back to the
//!   reference. Boards too big for `u128` masks are refused with a message
//!   that names the reference, which plays them.
//! - Legal moves are generated into a caller's buffer and played without
//!   heap allocation ([`EngineGame::legal_moves_into`],
//!   [`EngineGame::play_legal`], and [`EngineGame::advance`] for callers
//!   that do not read the report); the [`Game`] trait methods wrap these
//!   and allocate only their return values.
//! - Verdicts name the same rule, clause and explanation as the reference,
//!   and moves carry the same notes, so the differential tests ([`diff`])
//!   compare them whole. Every profile switch is read as a switch; no
//!   profile name is special.
//! - The random games that the differential tests, the fuzz targets and the
//!   benchmarks play live outside the engine, in
//!   [`crate::games::stratego::workload`]; the engine imports nothing from
//!   the reference.

pub mod first_seen;
pub mod game;
pub mod layout;
pub mod more_squares;
pub mod position;
pub mod rules;
pub mod two_squares;

pub use game::{EngineGame, FastMove, FastReport};

use crate::games::stratego::game::Stratego;
use crate::games::stratego::position::{Setup, SetupError};
use crate::games::stratego::profile::Profile;
use crate::rules::{Game, Implementation};

use layout::Layout;

/// The engine implementation.
#[derive(Clone, Copy, Debug, Default)]
pub struct Engine;

/// Why the engine does not start a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StartError {
    /// RP-1 or RP-2 refuses the setup (the same error the reference gives).
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// The board does not fit the engine's `u128` masks. None of the
    /// built-in geometries is this big; the reference plays any size.
    #[error(
        "the engine's bit masks hold boards of at most 128 squares with sides of at most 16, \
         and this board is {files}×{ranks}; play it with the reference (`--impl reference`)"
    )]
    TooBig {
        /// Columns.
        files: u8,
        /// Rows.
        ranks: u8,
    },
}

impl Engine {
    /// Starts a game as the concrete type, for callers that want the
    /// allocation-free API.
    pub fn start_fast(&self, setup: &Setup, profile: &Profile) -> Result<EngineGame, StartError> {
        EngineGame::from_setup(setup, profile)
    }
}

impl Implementation<Stratego> for Engine {
    crate::own_implementation!("engine");

    fn start(&self, setup: &Setup, profile: &Profile) -> Result<Box<dyn Game<Stratego>>, String> {
        self.supports(setup, profile)?;
        Ok(Box::new(
            self.start_fast(setup, profile).map_err(|e| e.to_string())?,
        ))
    }

    /// Every board that fits the bit masks, with any army and profile: a
    /// bigger board is not a broken setup but one this engine was not built
    /// for (the protocol answers `unsupported`).
    fn supports(&self, setup: &Setup, profile: &Profile) -> Result<(), String> {
        // The kill matrix's fault that ends the game for the player who has
        // just moved would need a game-over test on every move path of the
        // engine; the reference alone plays it.
        if profile.faults.mover_immobile_loses_at_once {
            return Err("the engine does not play the fault mover-immobile-loses-at-once".into());
        }
        let g = &setup.geometry;
        match Layout::new(g) {
            Some(_) => Ok(()),
            None => Err(StartError::TooBig {
                files: g.files,
                ranks: g.ranks,
            }
            .to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::stratego::army::Army;
    use crate::games::stratego::geometry::Geometry;
    use crate::games::stratego::moves::Move;
    use crate::games::stratego::piece::{Color, Piece, Rank};
    use crate::games::stratego::square::Square;

    fn setup(geometry: Geometry) -> Setup {
        let piece = |color, rank| Piece { color, rank };
        Setup {
            geometry,
            army: Army::STANDARD,
            pieces: vec![
                (Square::new(0, 0), piece(Color::Red, Rank::Scout)),
                (Square::new(5, 9), piece(Color::Blue, Rank::Flag)),
            ],
            to_move: Color::Red,
        }
    }

    #[test]
    fn boards_too_big_for_the_masks_are_refused_with_a_pointer_to_the_reference() {
        let mut big = Geometry::standard();
        big.files = 20;
        let s = setup(big);
        let profile = Profile::isf();
        let err = Engine.start(&s, &profile).err().expect("too big");
        assert!(
            err.contains("20×10") && err.contains("--impl reference"),
            "{err}"
        );
        assert_eq!(Engine.supports(&s, &profile), Err(err));
        assert_eq!(
            Engine.supports(&setup(Geometry::quick_8x8()), &profile),
            Ok(())
        );
    }

    /// The readings that used to be left to the reference, played by the
    /// engine itself: a red sergeant steps off A3 and opens the line of the
    /// red scout on A1 to the blue flag on A6 (AM catalogue: scout-threat,
    /// threat-by).
    #[test]
    fn the_engine_itself_plays_scout_lines_and_discovered_threats() {
        use crate::games::stratego::profile::{ScoutThreat, ThreatBy};
        let piece = |color, rank| Piece { color, rank };
        let s = Setup {
            geometry: Geometry::standard(),
            army: Army::STANDARD,
            pieces: vec![
                (Square::new(0, 0), piece(Color::Red, Rank::Scout)),
                (Square::new(0, 2), piece(Color::Red, Rank::Sergeant)),
                (Square::new(0, 5), piece(Color::Blue, Rank::Flag)),
            ],
            to_move: Color::Red,
        };
        let threatens = |scout_threat, threat_by| {
            let mut p = Profile::isf();
            p.more_squares.scout_threat = scout_threat;
            p.more_squares.threat_by = threat_by;
            let mut g = Engine.start_fast(&s, &p).unwrap();
            let report = g
                .play(&Move::new(Square::new(0, 2), Square::new(1, 2)))
                .unwrap();
            report.chase.expect("the rule is on").threatens
        };
        let a6 = vec!["A6".to_string()];
        assert_eq!(threatens(ScoutThreat::InLine, ThreatBy::Discovered), a6);
        assert_eq!(threatens(ScoutThreat::InLine, ThreatBy::AnyPiece), a6);
        assert!(threatens(ScoutThreat::InLine, ThreatBy::Mover).is_empty());
        assert!(threatens(ScoutThreat::Adjacent, ThreatBy::Discovered).is_empty());
    }
}
