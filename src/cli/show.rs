//! `arbiter show`: the board after each move.

use std::path::Path;
use std::process::ExitCode;

/// Replays a scenario and prints the board after each move.
pub fn show(path: &Path, profile: Option<&str>) -> ExitCode {
    let (s, profile, mut game) = match super::open(path, profile) {
        Ok(x) => x,
        Err(code) => return code,
    };
    println!(
        "{} — {}\nsource: {}\nprofile: {}",
        s.id, s.title, s.source, profile.name
    );
    if let Some(p) = &s.placement {
        println!("placement: {}", p.trim());
    }
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
