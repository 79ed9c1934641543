//! The `arbiter` command line.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use arbiter::games::stratego::game::{Game, Implementation};
use arbiter::games::stratego::profile::Profile;
use arbiter::games::stratego::reference::Reference;
use arbiter::scenario::load::{load, load_all};
use arbiter::scenario::run::{Status, run};

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
    /// Print the JSON Schema of the scenario format.
    Schema,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Check { paths, profile } => check(&paths, profile.as_deref()),
        Command::Show { scenario, profile } => show(&scenario, profile.as_deref()),
        Command::Schema => {
            println!("{}", arbiter::scenario::schema::json());
            ExitCode::SUCCESS
        }
    }
}

fn check(paths: &[PathBuf], profile: Option<&str>) -> ExitCode {
    if let Some(p) = profile {
        if Profile::named(p).is_none() {
            eprintln!(
                "arbiter: `{p}` is not a profile: expected one of {}",
                Profile::NAMES.join(", ")
            );
            return ExitCode::from(2);
        }
    }
    let (scenarios, errors) = load_all(paths);
    let (mut passed, mut failed, mut skipped) = (0usize, 0usize, 0usize);
    for e in &errors {
        println!("ERROR {e}");
        failed += 1;
    }
    let imp = Reference;
    for s in &scenarios {
        let outcome = run(s, &imp, profile);
        match outcome.status {
            Status::Pass => passed += 1,
            Status::Skip(_) => skipped += 1,
            Status::Fail(failures) => {
                failed += 1;
                for f in failures {
                    println!(
                        "FAIL {} {}:{}:{}: {}",
                        s.id,
                        s.path.display(),
                        f.at.line,
                        f.at.column,
                        f
                    );
                }
            }
        }
    }
    println!("{passed} passed, {failed} failed, {skipped} skipped");
    if failed > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

fn show(path: &PathBuf, profile: Option<&str>) -> ExitCode {
    let s = match load(path) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("ERROR {e}");
            return ExitCode::FAILURE;
        }
    };
    let profile = match profile {
        None => s.profiles[0].clone(),
        Some(name) => match Profile::named(name) {
            Some(p) => p,
            None => {
                eprintln!(
                    "arbiter: `{name}` is not a profile: expected one of {}",
                    Profile::NAMES.join(", ")
                );
                return ExitCode::from(2);
            }
        },
    };
    println!(
        "{} — {}\nsource: {}\nprofile: {}",
        s.id, s.title, s.source, profile.name
    );
    if let Some(p) = &s.placement {
        println!("placement: {}", p.trim());
    }
    let mut game: Box<dyn Game> = match Reference.start(&s.setup, &profile) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("ERROR {e}");
            return ExitCode::FAILURE;
        }
    };
    println!("\nstart, {} to move\n{}", game.side_to_move(), game.board());
    for (i, m) in s.moves.iter().enumerate() {
        match game.play(m.mv) {
            Ok(r) => {
                let mut line = format!("{}. {} {} {}", i + 1, r.color, r.rank, r.mv);
                if let Some((rank, result)) = r.combat {
                    line.push_str(&format!(" attacks {rank}: {result:?}"));
                }
                if let Some(n) = &r.two_squares {
                    line.push_str(&format!(
                        "  [two-squares {}x, {}]",
                        n.count,
                        if n.starts { "start" } else { "continue" }
                    ));
                }
                println!("{line}\n{}", game.board());
                if r.outcome.is_over() {
                    println!("game over: {}", r.outcome);
                }
            }
            Err(ill) => {
                println!("{}. {} is {ill}", i + 1, m.mv);
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
