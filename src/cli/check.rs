//! `arbiter check`: run the corpus.

use std::path::PathBuf;
use std::process::ExitCode;

use arbiter::scenario::any::load_all;
use arbiter::scenario::run::Status;

/// Which rules implementation(s) `arbiter check` runs the scenarios on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Impl {
    /// The reference interpreter.
    Reference,
    /// The optimized engine.
    Engine,
    /// Every implementation of the game: a scenario fails if it fails on any.
    Both,
}

impl Impl {
    /// The implementation names to run, among those the game has.
    fn selected(self, available: Vec<&'static str>) -> Vec<&'static str> {
        match self {
            Impl::Reference => available.into_iter().take(1).collect(),
            Impl::Engine => available.into_iter().filter(|n| *n == "engine").collect(),
            Impl::Both => available,
        }
    }
}

/// Runs every scenario under `paths` on the chosen implementation(s);
/// prints one line per failure and the summary line.
pub fn check(paths: &[PathBuf], game: Option<&str>, profile: Option<&str>, imp: Impl) -> ExitCode {
    if let Some(g) = game
        && let Err(code) = super::find_game(g)
    {
        return code;
    }
    if let Err(code) = super::check_profile(profile, game) {
        return code;
    }
    let (scenarios, errors) = load_all(paths);
    let errors = arbiter::scenario::any::load_errors_of_game(errors, game);
    let (mut passed, mut failed, mut skipped) = (0usize, 0usize, 0usize);
    for e in &errors {
        println!("ERROR {e}");
        failed += 1;
    }
    let selected: Vec<_> = scenarios
        .iter()
        .filter(|s| game.is_none_or(|g| g == s.game()))
        .collect();
    if selected.is_empty() {
        super::no_scenarios(paths, game, errors.len());
    }
    for s in &selected {
        let entry =
            arbiter::games::about(s.game()).expect("a loaded scenario's game is registered");
        let imps = imp.selected(entry.implementations);
        let (mut fails, mut skips) = (0, 0);
        if imps.is_empty() {
            skips += 1;
        }
        for name in &imps {
            let Some(result) = s.check(name, profile) else {
                skips += 1;
                continue;
            };
            match result.status {
                Status::Pass => {}
                Status::Skip(why) => {
                    skips += 1;
                    // A declined run is named, so it is not mistaken for
                    // a scenario nobody wrote for this profile.
                    if why.starts_with("declined") {
                        println!(
                            "DECLINED [{name}] {} {}: {why}",
                            s.qualified_id(),
                            s.path().display()
                        );
                    }
                }
                Status::Fail(failures) => {
                    fails += 1;
                    for f in failures {
                        println!(
                            "FAIL {}{} {}:{}:{}: {}",
                            if imps.len() > 1 {
                                format!("[{name}] ")
                            } else {
                                String::new()
                            },
                            s.qualified_id(),
                            s.path().display(),
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
    // The coverage table comes before the summary line, which stays last.
    let selected: Vec<&dyn arbiter::scenario::any::AnyScenario> = scenarios
        .iter()
        .filter(|s| game.is_none_or(|g| g == s.game()))
        .map(|s| s.as_ref())
        .collect();
    for table in arbiter::coverage::coverage(&selected, profile) {
        print!("{table}");
    }
    println!("{passed} passed, {failed} failed, {skipped} skipped");
    if failed > 0 || selected.is_empty() {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
