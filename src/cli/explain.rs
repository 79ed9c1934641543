//! `arbiter explain`: a per-action table laid out like the seed pages'
//! tables (for Stratego: "Zug / Marschall / Kapitän / Zählweise der
//! Zwei-Feld-Regel"), so a rules committee can read it side by side with
//! the page; with `--html`, a self-contained page with the board beside the
//! table. Each game writes its own cells and pictures.

use arbiter::explain::Explain;
use std::path::Path;
use std::process::ExitCode;

use arbiter::scenario::any::AnyScenario;

/// Prints (or writes to `output`) the table or page for one scenario under
/// one profile.
pub fn explain(path: &Path, profile: Option<&str>, html: bool, output: Option<&Path>) -> ExitCode {
    let view = |s: &dyn AnyScenario, p: Option<&str>| {
        if html {
            s.explain_html(p)
        } else {
            s.explain(p)
        }
    };
    match output {
        None => super::replay_view(path, profile, view),
        Some(out) => super::replay_view(path, profile, |s, p| {
            let (complete, text) = match view(s, p) {
                Ok(t) => (true, t),
                // A page is written even when the line stops at an illegal
                // action; `Err` from `--html` is no page at all (a line
                // longer than it draws, a setup that starts no game), and
                // nothing is written.
                Err(t) if html => return Err(format!("arbiter: {t}")),
                Err(t) => (false, t),
            };
            std::fs::write(out, &text)
                .map_err(|e| format!("arbiter: cannot write {}: {e}", out.display()))?;
            if complete {
                Ok(String::new())
            } else {
                Err(format!(
                    "the scenario stops at an illegal action; written to {}",
                    out.display()
                ))
            }
        }),
    }
}
