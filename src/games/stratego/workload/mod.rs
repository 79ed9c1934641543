//! The games that test and measure the two implementations, kept apart from
//! both so that neither imports the other and neither carries test support
//! in its production modules.
//!
//! - [`driver`] makes random but rule-seeking setups and games from a stream
//!   of choices (a seed, a fuzz input, a proptest list).
//! - [`diff`] plays one such game in the reference and in the engine and
//!   compares everything observable at every ply.
//! - [`mod@bench`] records games and times an implementation replaying them,
//!   for `arbiter bench` and the divan benchmarks.

pub mod bench;
pub mod diff;
pub mod driver;
pub mod playout;
