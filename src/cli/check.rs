//! `arbiter check`: run the corpus.

use std::path::PathBuf;
use std::process::ExitCode;

use arbiter::games::stratego::profile::Profile;
use arbiter::games::stratego::reference::Reference;
use arbiter::scenario::load::load_all;
use arbiter::scenario::run::{Status, run};

/// Runs every scenario under `paths`; prints one line per failure and the summary line.
pub fn check(paths: &[PathBuf], profile: Option<&str>) -> ExitCode {
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
    let imp = Reference;
    for s in &scenarios {
        let outcome = run(s, &imp, profile);
        match outcome.status {
            Status::Pass => passed += 1,
            Status::Skip(_) => skipped += 1,
            Status::Fail(failures) => {
                failed += 1;
                for f in failures {
                    println!(
                        "FAIL {} {}:{}:{}: {}",
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
    println!("{passed} passed, {failed} failed, {skipped} skipped");
    if failed > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
