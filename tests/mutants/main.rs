//! The corpus against each game's mutants (alternative readings and
//! plain bugs): every kill matrix, and the mutants left out of one as
//! equivalent checked against the corpus. The code-level mutation runs
//! have their own binary, `tests/corpus_kills.rs`.
//!
//! One test binary with a module a file (`cargo test --test mutants`).

mod equivalent_mutants;
mod kill_matrices;

#[path = "../common/mod.rs"]
mod common;
