//! Epaminondas (Robert Abbott, 1975): phalanxes of stones on a 14 × 12
//! board (or 8 × 8), captures by the larger line, crossings onto the
//! opponent's home row, and the symmetry rule.

pub mod action_space;
pub mod bench_report;
pub mod board;
pub mod engine;
pub mod explain;
pub mod game;
pub mod moves;
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
pub mod verdict;
pub mod wire;
pub mod workload;
pub mod workloads;
