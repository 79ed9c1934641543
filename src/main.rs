//! The `arbiter` command line.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod cli;

/// arbiter: a test oracle and scenario corpus for Stratego's repetition rules.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run scenarios and report every expectation that does not hold.
    Check {
        /// Scenario files or directories.
        #[arg(default_value = "scenarios")]
        paths: Vec<PathBuf>,
        /// Run only this profile; scenarios not written for it are skipped.
        #[arg(long)]
        profile: Option<String>,
    },
    /// Print the board after each move of a scenario.
    Show {
        /// The scenario file.
        scenario: PathBuf,
        /// Profile to replay under (default: the scenario's first).
        #[arg(long)]
        profile: Option<String>,
    },
    /// Print a scenario as a per-move table like the seed pages' tables.
    Explain {
        /// The scenario file.
        scenario: PathBuf,
        /// Profile to replay under (default: the scenario's first).
        #[arg(long)]
        profile: Option<String>,
    },
    /// Run the corpus against every mutant reading and print the kill matrix.
    Mutants {
        /// Scenario files or directories.
        #[arg(default_value = "scenarios")]
        paths: Vec<PathBuf>,
    },
    /// Print the JSON Schema of the scenario format.
    Schema,
}

/// Lets `arbiter … | head` end quietly: with the default SIGPIPE action a
/// closed pipe ends the process instead of making `println!` panic.
#[cfg(unix)]
fn restore_sigpipe() {
    unsafe extern "C" {
        fn signal(signum: i32, handler: usize) -> usize;
    }
    const SIGPIPE: i32 = 13;
    const SIG_DFL: usize = 0;
    // SAFETY: resetting a signal to its default action has no preconditions.
    unsafe {
        signal(SIGPIPE, SIG_DFL);
    }
}

#[cfg(not(unix))]
fn restore_sigpipe() {}

fn main() -> ExitCode {
    restore_sigpipe();
    let cli = Cli::parse();
    match cli.command {
        Command::Check { paths, profile } => cli::check::check(&paths, profile.as_deref()),
        Command::Show { scenario, profile } => cli::show::show(&scenario, profile.as_deref()),
        Command::Explain { scenario, profile } => {
            cli::explain::explain(&scenario, profile.as_deref())
        }
        Command::Mutants { paths } => cli::mutants::mutants(&paths),
        Command::Schema => {
            println!("{}", arbiter::scenario::schema::json());
            ExitCode::SUCCESS
        }
    }
}
