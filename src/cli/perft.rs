//! `arbiter perft`: every published perft figure (`spec/<game>/perft.yaml`)
//! counted by an implementation, each with its time. CI runs it on the
//! release-built engine, so the figures the README quotes are checked.

use std::path::Path;
use std::process::ExitCode;

use arbiter::games::About;
use arbiter::perft::{count, line, load};

/// Options of `arbiter perft`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Only this game.
    #[arg(long)]
    pub game: Option<String>,
    /// Which implementations count (`reference`, `engine`, or both,
    /// comma-separated).
    #[arg(long = "impl", value_delimiter = ',', default_value = "engine")]
    pub imp: Vec<String>,
    /// Leave out figures with more leaves than this (they are listed as
    /// left out, never as passed).
    #[arg(long)]
    pub max_count: Option<u64>,
}

/// Counts every figure and prints one line each, then a summary; exit
/// status 1 on a wrong count or a file that does not load.
pub fn perft(args: &Args) -> ExitCode {
    let games: Vec<About> = match &args.game {
        Some(g) => match super::find_game(g) {
            Ok(g) => vec![g],
            Err(code) => return code,
        },
        None => arbiter::games::all(),
    };
    if cfg!(debug_assertions) {
        eprintln!("arbiter perft: a debug build; the times are not the engine's (use --release)");
    }
    let (mut ok, mut wrong, mut left_out, mut no_counter) = (0, 0, 0, 0);
    let mut failed_load = false;
    for g in games {
        let figures = match load(Path::new("."), g.name) {
            Ok(Some(f)) => f,
            Ok(None) => {
                println!(
                    "---- {}: no perft file (spec/{}/perft.yaml)",
                    g.name, g.name
                );
                continue;
            }
            Err(e) => {
                eprintln!("ERROR {e}");
                failed_load = true;
                continue;
            }
        };
        for f in &figures {
            if args.max_count.is_some_and(|m| f.info().count > m) {
                left_out += args.imp.len();
                continue;
            }
            for imp in &args.imp {
                let c = count(f.as_ref(), imp);
                println!("{}", line(&c));
                match c.got {
                    None => no_counter += 1,
                    Some(_) if c.agrees() => ok += 1,
                    Some(_) => wrong += 1,
                }
            }
        }
    }
    println!(
        "{ok} agree, {wrong} wrong, {left_out} left out (more than --max-count leaves), {no_counter} without a counter"
    );
    if wrong > 0 || failed_load {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
