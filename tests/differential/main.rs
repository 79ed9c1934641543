//! Engine against reference on random games: Stratego's, chess's and
//! Dame's differential tests, the battery on every game, and the committed
//! fuzz corpora replayed through the fuzz targets' properties.
//!
//! One test binary with a module a file (`cargo test --test differential`);
//! `cargo test --test differential stratego_differential` runs one module.

#[path = "../common/mod.rs"]
mod common;

mod battery;
mod chess_differential;
mod dame_differential;
mod fuzz_corpus;
mod stratego_differential;
