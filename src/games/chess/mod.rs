//! Chess: the laws of movement the end of a game needs, and the end of the
//! game itself (check, mate, stalemate, material, perpetual check,
//! repetition, the move-count rules), after seed 004 and the FIDE Laws.

pub mod action;
pub mod action_space;
pub mod bench_report;
pub mod board;
pub mod engine;
pub mod explain;
pub mod game;
pub mod mutants;
pub mod notation;
pub mod observe;
pub mod perft;
pub mod picture;
pub mod position;
pub mod profile;
pub mod reference;
pub mod rules;
pub mod scenario;
pub mod verdict;
pub mod wire;
pub mod workload;
