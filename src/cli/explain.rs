//! `arbiter explain`: a per-action table laid out like the seed pages'
//! tables (for Stratego: "Zug / Marschall / Kapitän / Zählweise der
//! Zwei-Feld-Regel"), so a rules committee can read it side by side with
//! the page. Each game writes its own cells.

use std::path::Path;
use std::process::ExitCode;

/// Prints the table for one scenario under one profile.
pub fn explain(path: &Path, profile: Option<&str>) -> ExitCode {
    super::replay_view(path, profile, |s, p| s.explain(p))
}
