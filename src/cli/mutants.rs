//! `arbiter mutants`: the kill matrix.

use std::path::PathBuf;
use std::process::ExitCode;

use arbiter::scenario::kill::{markdown, matrix};
use arbiter::scenario::load::load_all;

/// Prints the kill matrix as Markdown; fails when a mutant survives or a
/// scenario does not load.
pub fn mutants(paths: &[PathBuf]) -> ExitCode {
    let (scenarios, errors) = load_all(paths);
    for e in &errors {
        println!("ERROR {e}");
    }
    let rows = matrix(&scenarios);
    print!("{}", markdown(&rows));
    if errors.is_empty() && rows.iter().all(|r| r.killed()) {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
