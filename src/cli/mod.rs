//! One module per subcommand. The command line knows no game by its types:
//! it reaches each through the registry ([`arbiter::games::registry`]).

pub mod bench;
pub mod check;
pub mod conform;
pub mod explain;
pub mod matrix;
pub mod mutants;
pub mod perft;
pub mod profiles;
pub mod prove;
pub mod replay;
pub mod serve;
pub mod show;
pub mod signals;

use std::process::ExitCode;

use arbiter::games::About;

/// Checks a `--profile` given on the command line: it must be a profile of
/// `game`, or of some game when none is named; prints why not and gives
/// exit status 2.
pub fn check_profile(profile: Option<&str>, game: Option<&str>) -> Result<(), ExitCode> {
    let Some(p) = profile else { return Ok(()) };
    let games: Vec<About> = match game {
        Some(g) => vec![find_game(g)?],
        None => arbiter::games::all(),
    };
    if games.iter().any(|g| (g.check_profile)(p).is_ok()) {
        return Ok(());
    }
    let names: Vec<String> = games
        .iter()
        .flat_map(|g| {
            g.profile_names
                .iter()
                .map(move |p| format!("{p} ({})", g.name))
        })
        .collect();
    eprintln!(
        "arbiter: `{p}` is not a profile: expected one of {}",
        names.join(", ")
    );
    Err(ExitCode::from(2))
}

/// The game named on the command line; prints why not and gives exit
/// status 2.
pub fn find_game(name: &str) -> Result<About, ExitCode> {
    arbiter::games::about(name).ok_or_else(|| {
        eprintln!("arbiter: {}", arbiter::games::not_a_game(name));
        ExitCode::from(2)
    })
}

/// Says on standard error that `paths` hold no scenario (of `game`, when
/// one is named): zero scenarios is a failure, never a pass. After
/// `load_errors` files failed to load, it says that instead: those files
/// were scenarios, only broken ones.
pub fn no_scenarios(paths: &[std::path::PathBuf], game: Option<&str>, load_errors: usize) {
    let list: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
    if load_errors > 0 {
        eprintln!(
            "arbiter: no {}scenario to run in {}: {load_errors} file{} did not load (above)",
            game.map(|g| format!("{g} ")).unwrap_or_default(),
            list.join(", "),
            if load_errors == 1 { "" } else { "s" }
        );
        return;
    }
    eprintln!(
        "arbiter: no {}scenarios found in {}: a scenario is a `.yaml` or `.yml` file{}",
        game.map(|g| format!("{g} ")).unwrap_or_default(),
        list.join(", "),
        if game.is_some() {
            " naming that game"
        } else {
            ""
        }
    );
}

/// The common body of `show` and `explain`: load one scenario, check the
/// profile against its game, print what `view` makes of it (also when the
/// replay fails, which then gives exit status 1).
pub fn replay_view(
    path: &std::path::Path,
    profile: Option<&str>,
    view: impl Fn(&dyn arbiter::scenario::any::AnyScenario, Option<&str>) -> Result<String, String>,
) -> ExitCode {
    let s = match arbiter::scenario::any::load(path) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("ERROR {e}");
            return ExitCode::FAILURE;
        }
    };
    if let Err(code) = check_profile(profile, Some(s.game())) {
        return code;
    }
    match view(s.as_ref(), profile) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(text) => {
            println!("{}", text.trim_end());
            ExitCode::FAILURE
        }
    }
}
