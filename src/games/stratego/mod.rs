//! Stratego: board, pieces, rules of play, and the anti-repetition rules.

pub mod army;
pub mod bench_report;
pub mod claim;
pub mod combat;
pub mod engine;
pub mod explain;
pub mod game;
pub mod geometry;
pub mod moves;
pub mod mutants;
pub mod notation;
pub mod notation_xml;
pub mod observe;
pub mod picture;
pub mod piece;
pub mod position;
pub mod profile;
pub mod prove;
pub mod reference;
pub mod rules;
pub mod scenario;
pub mod square;
pub mod variant;
pub mod verdict;
pub mod wire;
pub mod workload;
