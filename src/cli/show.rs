//! `arbiter show`: the board after each move.

use std::path::Path;
use std::process::ExitCode;

use arbiter::games::stratego::game::{Game, Implementation};
use arbiter::games::stratego::profile::Profile;
use arbiter::games::stratego::reference::Reference;
use arbiter::scenario::load::load;

/// Replays a scenario and prints the board after each move.
pub fn show(path: &Path, profile: Option<&str>) -> ExitCode {
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
