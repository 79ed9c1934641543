//! The `arbiter` command line.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod cli;

/// arbiter: a test oracle and scenario corpus for board-game rules.
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
        /// Run only this game's scenarios.
        #[arg(long)]
        game: Option<String>,
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
    /// Print a scenario as a per-move table like the seed pages' tables.
    Explain {
        /// The scenario file.
        scenario: PathBuf,
        /// Profile to replay under (default: the scenario's first).
        #[arg(long)]
        profile: Option<String>,
        /// A self-contained HTML page instead: the table beside a board
        /// that steps through the moves.
        #[arg(long)]
        html: bool,
        /// Write to this file instead of stdout.
        #[arg(long, short)]
        output: Option<PathBuf>,
    },
    /// Run the corpus against every mutant reading and print the kill matrix.
    Mutants {
        /// Scenario files or directories.
        #[arg(default_value = "scenarios")]
        paths: Vec<PathBuf>,
        /// Only this game.
        #[arg(long)]
        game: Option<String>,
        /// Write each game's matrix to spec/<game>/kill-matrix.md instead of printing it.
        #[arg(long)]
        write: bool,
    },
    /// Print the JSON Schema of the scenario format (`spec/scenario.schema.json`).
    Schema {
        /// Print the JSON Schema of protocol 1's requests and replies
        /// instead (`spec/protocol.schema.json`).
        #[arg(long)]
        protocol: bool,
    },
    /// List the games arbiter knows, one name per line.
    Games {
        /// Write each game's worked example adapter after its name, a tab
        /// between (what `.ci/run` runs with its expected failures).
        #[arg(long, conflicts_with = "implementations")]
        adapters: bool,
        /// Write one line per implementation of each game: the game's name,
        /// a tab, the implementation's (what `.ci/run` serves and conforms).
        #[arg(long)]
        implementations: bool,
        /// Write each game's notations and record formats (name, a tab,
        /// what it is), as `judge` requests and `arbiter replay` take them.
        #[arg(long, conflicts_with_all = ["implementations", "adapters"])]
        notations: bool,
    },
    /// Print every built-in profile of every game: each switch, its value
    /// in each profile, the clause and ambiguity entry that govern it and
    /// the values it allows.
    Profiles {
        /// Only this game.
        #[arg(long)]
        game: Option<String>,
        /// `text` (a table per game) or `json`.
        #[arg(long, value_enum, default_value = "text")]
        format: cli::profiles::Format,
    },
    /// Time the engine and the reference on random games, and the corpus.
    Bench(cli::bench::BenchArgs),
    /// Decide claim files (a position, a goal, a ply budget) by exhaustive
    /// search, and write each decisive line as a scenario.
    Prove(cli::prove::Args),
    /// Count every published perft figure (spec/<game>/perft.yaml) and
    /// compare.
    Perft(cli::perft::Args),
    /// Run the corpus against an external implementation (spec/protocol.md).
    Conform(cli::conform::Args),
    /// Audit game records (PGN, PDN, match files, …) against the rules: the
    /// first illegal move, a wrong claimed result, where profiles split.
    Replay(cli::replay::Args),
    /// A matrix of scenarios × implementations from `conform --format json` reports.
    Matrix {
        /// The JSON reports, one per implementation.
        #[arg(required = true)]
        reports: Vec<PathBuf>,
        /// A static HTML page instead of Markdown.
        #[arg(long)]
        html: bool,
        /// Write to this file instead of stdout.
        #[arg(long)]
        output: Option<PathBuf>,
        /// With --html: also write an `arbiter explain --html` page for
        /// every scenario into this directory, and link each row to it.
        #[arg(long, requires = "html", value_name = "DIR")]
        explain_dir: Option<PathBuf>,
    },
    /// Answer protocol requests on stdin with one of arbiter's implementations.
    Serve {
        /// The one game whose requests are answered (default: every game,
        /// each request by the game it names; a request naming none is
        /// read as stratego's).
        #[arg(long)]
        game: Option<String>,
        /// Which implementation answers (reference, engine).
        #[arg(long = "impl", default_value = "reference")]
        imp: String,
        /// The profile of a request that gives none (without it, `profile`
        /// is required); a name as in scenario files, overrides allowed.
        /// Without `--game` it serves the games that have a profile of that
        /// name.
        #[arg(long)]
        profile: Option<String>,
        /// Break the protocol on purpose (for the harness's own tests).
        #[arg(long, value_enum, hide = true)]
        misbehave: Option<arbiter::protocol::serve::Misbehave>,
        /// Misbehave only on requests whose case matches this glob.
        #[arg(long, hide = true)]
        misbehave_on: Option<String>,
        /// Append the server's pid, and its children's, to this file.
        #[arg(long, hide = true)]
        pid_file: Option<PathBuf>,
    },
    /// Run a command and end everything it starts (used by `conform`).
    #[command(hide = true)]
    Supervise {
        /// The pid of the harness that asked; the supervisor stops when it
        /// is gone.
        #[arg(long)]
        parent: u32,
        /// The command and its arguments, after `--`.
        #[arg(last = true, required = true)]
        command: Vec<String>,
    },
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
        Command::Check {
            paths,
            game,
            profile,
            imp,
        } => cli::check::check(&paths, game.as_deref(), profile.as_deref(), imp),
        Command::Show { scenario, profile } => cli::show::show(&scenario, profile.as_deref()),
        Command::Bench(args) => cli::bench::bench(&args),
        Command::Conform(args) => cli::conform::conform(args),
        Command::Perft(args) => cli::perft::perft(&args),
        Command::Replay(args) => cli::replay::run(&args),
        Command::Prove(args) => cli::prove::prove(&args),
        Command::Matrix {
            reports,
            html,
            output,
            explain_dir,
        } => cli::matrix::matrix(&reports, html, output.as_ref(), explain_dir.as_ref()),
        Command::Serve {
            game,
            imp,
            profile,
            misbehave,
            misbehave_on,
            pid_file,
        } => cli::serve::serve(cli::serve::Args {
            game,
            imp,
            profile,
            misbehave,
            on: misbehave_on,
            pid_file,
        }),
        Command::Explain {
            scenario,
            profile,
            html,
            output,
        } => cli::explain::explain(&scenario, profile.as_deref(), html, output.as_deref()),
        Command::Mutants { paths, game, write } => {
            cli::mutants::mutants(&paths, game.as_deref(), write)
        }
        Command::Supervise { parent, command } => {
            let code = arbiter::harness::supervise::run(parent, &command);
            ExitCode::from(u8::try_from(code).unwrap_or(1))
        }
        Command::Schema { protocol } => {
            if protocol {
                print!("{}", arbiter::protocol::schema::json());
            } else {
                print!("{}", arbiter::scenario::schema::json());
            }
            ExitCode::SUCCESS
        }
        Command::Profiles { game, format } => cli::profiles::profiles(game.as_deref(), format),
        Command::Games {
            adapters,
            implementations,
            notations,
        } => {
            for g in arbiter::games::all() {
                if notations {
                    println!(
                        "{}\twire\tthe protocol's spelling (spec/{}/protocol.md)",
                        g.name, g.name
                    );
                    for n in g.notations {
                        println!("{}\t{}\t{} ({})", g.name, n.name, n.title, n.clause);
                    }
                    for f in g.record_formats {
                        println!(
                            "{}\t{}\trecords: .{}, moves in {} ({})",
                            g.name,
                            f.name,
                            f.extensions.join(", ."),
                            f.notation,
                            f.clause
                        );
                    }
                } else if implementations {
                    for i in &g.implementations {
                        println!("{}\t{i}", g.name);
                    }
                } else if adapters {
                    println!("{}\t{}", g.name, g.example_adapter);
                } else {
                    println!("{}", g.name);
                }
            }
            ExitCode::SUCCESS
        }
    }
}
