//! One module per game. Only Stratego so far.

pub mod stratego;
