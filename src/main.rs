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
        /// Which rules implementation to run the scenarios on.
        #[arg(long = "impl", value_enum, default_value = "reference")]
        imp: cli::check::Impl,
    },
    /// Print the board after each move of a scenario.
    Show {
        /// The scenario file.
        scenario: PathBuf,
        /// Profile to replay under (default: the scenario's first).
        #[arg(long)]
        profile: Option<String>,
    },
    /// Print the JSON Schema of the scenario format.
    Schema,
    /// Time the engine and the reference on random games, and the corpus.
    Bench(cli::bench::BenchArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Check {
            paths,
            profile,
            imp,
        } => cli::check::check(&paths, profile.as_deref(), imp),
        Command::Show { scenario, profile } => cli::show::show(&scenario, profile.as_deref()),
        Command::Bench(args) => cli::bench::bench(&args),
        Command::Schema => {
            println!("{}", arbiter::scenario::schema::json());
            ExitCode::SUCCESS
        }
    }
}
