//! arbiter: a test oracle and scenario corpus for board-game rules, starting
//! with Stratego's two anti-repetition rules.

pub mod battery;
pub mod coverage;
pub mod docs;
pub mod explain;
pub mod fuzzing;
pub mod games;
pub mod harness;
pub mod perft;
pub mod protocol;
pub mod prove;
pub mod replay;
pub mod rng;
pub mod rules;
pub mod scenario;
pub mod session;
pub mod svg;
