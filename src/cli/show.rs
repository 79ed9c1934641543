//! `arbiter show`: the position after each action.

use std::path::Path;
use std::process::ExitCode;

/// Replays a scenario and prints the position after each action.
pub fn show(path: &Path, profile: Option<&str>) -> ExitCode {
    let s = match arbiter::corpus::load(path) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("ERROR {e}");
            return ExitCode::FAILURE;
        }
    };
    if let Err(code) = super::check_profile(profile, Some(s.game())) {
        return code;
    }
    match s.show(profile) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(text) => {
            println!("{text}");
            ExitCode::FAILURE
        }
    }
}
