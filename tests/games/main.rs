//! Each game's own rules, checked outside the corpus: what reference and
//! engine share (Stratego's combat table, every game's setup validation)
//! against tables written from the spec, the verdicts' clauses, the small
//! Stratego variants, the engines' fast paths, the perft figures, the
//! action spaces, the independence of reference and engine, and the checks
//! particular to backgammon, Dame and Epaminondas.
//!
//! One test binary with a module a file (`cargo test --test games`);
//! `cargo test --test games setup_validation::chess` runs one module.

#[path = "../common/mod.rs"]
mod common;

mod action_space;
mod backgammon;
mod chess_engine_paths;
mod dame_english_profile;
mod dame_huff_clause;
mod dame_kill_survivors;
mod epaminondas;
mod finished_positions;
mod independence;
mod length_ratio;
mod notation_dame;
mod notation_epaminondas;
mod notation_round_trip;
mod notation_stratego;
mod observe;
mod perft_figures;
mod replay;
mod replay_backgammon;
mod setup_numbers;
mod setup_validation;
mod stratego_combat_table;
mod stratego_move_counts;
mod stratego_small_variants;
mod stratego_verdict_clauses;
