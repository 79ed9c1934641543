//! One module per subcommand.

pub mod check;
pub mod conform;
pub mod explain;
pub mod matrix;
pub mod mutants;
pub mod serve;
pub mod show;

use std::path::Path;
use std::process::ExitCode;

use arbiter::games::stratego::game::{Game, Implementation};
use arbiter::games::stratego::profile::Profile;
use arbiter::games::stratego::reference::Reference;
use arbiter::scenario::load::{Scenario, load};

/// Reads a profile name from the command line (a built-in name, optionally
/// with `+switch=value` overrides); prints why not and gives exit status 2.
pub fn parse_profile(name: &str) -> Result<Profile, ExitCode> {
    Profile::parse(name).map_err(|e| {
        eprintln!("arbiter: {e}");
        ExitCode::from(2)
    })
}

/// The common start of `show` and `explain`: the scenario, the profile to
/// replay it under (default: its first), and the reference game at its setup.
pub fn open(
    path: &Path,
    profile: Option<&str>,
) -> Result<(Scenario, Profile, Box<dyn Game>), ExitCode> {
    let s = load(path).map_err(|e| {
        eprintln!("ERROR {e}");
        ExitCode::FAILURE
    })?;
    let profile = match profile {
        None => s.profiles[0].clone(),
        Some(name) => parse_profile(name)?,
    };
    let game = Reference.start(&s.setup, &profile).map_err(|e| {
        eprintln!("ERROR {e}");
        ExitCode::FAILURE
    })?;
    Ok((s, profile, game))
}
