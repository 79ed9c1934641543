//! `arbiter check`: run the corpus.

use std::path::PathBuf;
use std::process::ExitCode;

use arbiter::games::stratego::engine::Engine;
use arbiter::games::stratego::game::Implementation;
use arbiter::games::stratego::profile::Profile;
use arbiter::games::stratego::reference::Reference;
use arbiter::scenario::load::load_all;
use arbiter::scenario::run::{Status, run};

/// Which rules implementation(s) `arbiter check` runs the scenarios on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Impl {
    /// The reference interpreter.
    Reference,
    /// The optimized engine.
    Engine,
    /// Both: a scenario fails if it fails on either.
    Both,
}

impl Impl {
    fn selected(self) -> Vec<&'static dyn Implementation> {
        match self {
            Impl::Reference => vec![&Reference],
            Impl::Engine => vec![&Engine],
            Impl::Both => vec![&Reference, &Engine],
        }
    }
}

/// Runs every scenario under `paths` on the chosen implementation(s);
/// prints one line per failure and the summary line.
pub fn check(paths: &[PathBuf], profile: Option<&str>, imp: Impl) -> ExitCode {
    if let Some(p) = profile
        && Profile::named(p).is_none()
    {
        eprintln!(
            "arbiter: `{p}` is not a profile: expected one of {}",
            Profile::NAMES.join(", ")
        );
        return ExitCode::from(2);
    }
    let (scenarios, errors) = load_all(paths);
    let (mut passed, mut failed, mut skipped) = (0usize, 0usize, 0usize);
    for e in &errors {
        println!("ERROR {e}");
        failed += 1;
    }
    let imps = imp.selected();
    for s in &scenarios {
        let (mut fails, mut skips) = (0, 0);
        for imp in &imps {
            match run(s, *imp, profile).status {
                Status::Pass => {}
                Status::Skip(_) => skips += 1,
                Status::Fail(failures) => {
                    fails += 1;
                    for f in failures {
                        println!(
                            "FAIL {}{} {}:{}:{}: {}",
                            if imps.len() > 1 {
                                format!("[{}] ", imp.name())
                            } else {
                                String::new()
                            },
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
        if fails > 0 {
            failed += 1;
        } else if skips > 0 {
            skipped += 1;
        } else {
            passed += 1;
        }
    }
    println!("{passed} passed, {failed} failed, {skipped} skipped");
    if failed > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
