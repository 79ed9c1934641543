//! The scenario corpus and what reads, runs and documents it: the whole
//! corpus on every implementation, the loader's errors (generic, chess's,
//! Dame's), the runner's invariants, refused setups, the format page and
//! schemas, the generated doc tables, profiles and the switch values no
//! scenario runs yet, the game-free core, the `arbiter` command line
//! (`check`, `explain`, `explain --html`, `prove`) and its robustness on
//! bad input.
//!
//! One test binary with a module a file (`cargo test --test corpus`);
//! `cargo test --test corpus load_errors` runs one module.

#[path = "../common/mod.rs"]
mod common;

mod chess_load_errors;
mod cli;
mod dame_load_errors;
mod docs_tables;
mod explain_html;
mod format_doc;
mod generic_core;
mod input_robustness;
mod load_errors;
mod machine_paths;
mod profiles;
mod prove;
mod refused_setups;
mod runner_invariants;
mod schema;
mod switch_values_run;
mod whole_corpus;
