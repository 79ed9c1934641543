//! Backgammon with the doubling cube (seed 004): points, dice, the bar,
//! bearing off, gammons, the cube.

pub mod action_space;
pub mod bench_report;
pub mod board;
pub mod engine;
pub mod explain;
pub mod game;
pub mod mutants;
pub mod notation;
pub mod observe;
pub mod picture;
pub mod profile;
pub mod reference;
pub mod rules;
pub mod scenario;
pub mod setup;
pub mod short_lines;
pub mod text_board;
pub mod verdict;
pub mod wire;
pub mod workload;
pub mod workloads;
