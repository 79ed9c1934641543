//! `arbiter show`: the position after each action.

use arbiter::explain::Explain;
use std::path::Path;
use std::process::ExitCode;

/// Replays a scenario and prints the position after each action.
pub fn show(path: &Path, profile: Option<&str>) -> ExitCode {
    super::replay_view(path, profile, |s, p| s.show(p))
}
