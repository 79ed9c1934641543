//! Running the corpus against a Rust [`Implementation`] inside its own
//! `cargo test`, without the protocol: the same checks as `arbiter conform`,
//! asked in-process.
//!
//! ```
//! use arbiter::games::stratego::reference::Reference;
//! use arbiter::harness::embed::{Options, run_corpus};
//!
//! // In your crate: `run_corpus(&YourEngine, &Options::default())` in a #[test].
//! let report = run_corpus(&Reference, &Options::default());
//! assert!(report.summary.pass > 0);
//! ```
//!
//! [`Implementation`]: crate::rules::Implementation

use std::path::PathBuf;
use std::time::Duration;

use crate::protocol::answer::hello;
use crate::rules::{Implementation, Rules};
use crate::scenario::any::load_all;

use super::format::text_line;
use super::report::{ImplementationInfo, Report};
use super::runner::{self, assemble, run_sequential};
use super::subject::Local;
use super::xfail::Xfail;

/// What to run.
#[derive(Clone, Debug)]
pub struct Options {
    /// Scenario files or directories (default: arbiter's own corpus).
    pub paths: Vec<PathBuf>,
    /// Run only this profile.
    pub profile: Option<String>,
    /// Run only scenarios whose id matches one of these globs.
    pub run: Vec<String>,
    /// Skip scenarios whose id matches one of these globs.
    pub skip: Vec<String>,
    /// Scenario ids expected to fail.
    pub xfail: Vec<String>,
}

/// The directory of arbiter's scenario corpus. It is found through the path
/// this crate was built from, which cargo keeps for dependencies too.
pub fn corpus_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenarios")
}

impl Default for Options {
    fn default() -> Self {
        Options {
            paths: vec![corpus_dir()],
            profile: None,
            run: Vec::new(),
            skip: Vec::new(),
            xfail: Vec::new(),
        }
    }
}

/// Runs the corpus against `imp` and returns the report, whatever it says.
pub fn check_corpus<G: Rules>(imp: &dyn Implementation<G>, opts: &Options) -> Report {
    let (scenarios, load_errors) = load_all(&opts.paths);
    // The implementation plays G: the other games' scenarios are not part
    // of the run, neither listed nor counted, and nor are their files'
    // load errors.
    let run_opts = runner::Options {
        game: Some(G::NAME.to_string()),
        profile: opts.profile.clone(),
        run: opts.run.clone(),
        skip: opts.skip.clone(),
        xfail: Xfail::of(&opts.xfail),
        // In-process answers cannot hang the harness; the deadline is unused.
        timeout: Duration::from_secs(3600),
        jobs: 1,
    };
    let load_errors = runner::load_errors_of_game(load_errors, &run_opts);
    let h = hello(imp);
    let mut subject = Local(imp);
    let cases = run_sequential(&scenarios, &mut subject, &h, &run_opts, &|_| {});
    let info = ImplementationInfo {
        name: imp.name().to_string(),
        version: h.version,
        command: Vec::new(),
        capabilities: h.capabilities,
        profiles: h.profiles,
    };
    assemble(info, "embedded", &run_opts, &scenarios, &load_errors, cases)
}

/// Runs the corpus against `imp`; panics with one line per scenario that
/// failed (and per stale expected failure) unless every scenario passed,
/// failed as expected, or was skipped.
pub fn run_corpus<G: Rules>(imp: &dyn Implementation<G>, opts: &Options) -> Report {
    let report = check_corpus(imp, opts);
    if !report.is_ok() {
        let mut lines: Vec<String> = report
            .cases
            .iter()
            .filter(|c| c.status.is_failure())
            .map(text_line)
            .collect();
        lines.extend(report.problems.iter().map(|p| format!("PROBLEM {p}")));
        panic!(
            "{} does not conform:\n{}\n{}",
            imp.name(),
            lines.join("\n"),
            report.closing_line()
        );
    }
    report
}
