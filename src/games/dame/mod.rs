//! Dame (German checkers) with huffing, from seed 004's *Dame* section: the
//! board, stones, whole-move actions, profiles, the reference interpreter,
//! and the scenario and protocol parts.

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
pub mod verdict;
pub mod wire;
pub mod workload;
