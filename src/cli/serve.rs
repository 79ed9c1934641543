//! `arbiter serve`: arbiter's own implementations speaking the protocol, so
//! the harness can be tested end to end, and so third parties can see a
//! conforming implementation answer. With `--game` it serves that game
//! alone; without, every game, each request by the game it names.

use std::io::{BufReader, stdin, stdout};
use std::process::ExitCode;

use arbiter::protocol::all_games::AllGames;
use arbiter::protocol::serve::{AnswerLine, MAX_LINE, Misbehave, Misbehaviour, serve_lines};

/// What `arbiter serve` was asked to do.
pub struct Args {
    /// The one game served, or every game.
    pub game: Option<String>,
    /// The implementation's name (`reference`, `engine`).
    pub imp: String,
    /// The profile that stands for an absent `profile` in a request.
    pub profile: Option<String>,
    /// How to misbehave, on purpose.
    pub misbehave: Option<Misbehave>,
    /// Only on the cases matching this glob.
    pub on: Option<String>,
    /// Where to note pids.
    pub pid_file: Option<std::path::PathBuf>,
}

/// Serves requests on stdin until it ends, with the implementation named
/// `args.imp`: of one game, or of every game that has one by that name.
pub fn serve(args: Args) -> ExitCode {
    if let Err(code) = super::check_profile(args.profile.as_deref(), args.game.as_deref()) {
        return code;
    }
    let imp = args.imp.as_str();
    let answerer: Box<dyn AnswerLine> = match args.game.as_deref() {
        Some(name) => {
            let entry = match super::find_game(name) {
                Ok(g) => g,
                Err(code) => return code,
            };
            match arbiter::protocol::all_games::answerer(name, imp, args.profile.as_deref()) {
                Some(a) => a,
                None => {
                    eprintln!(
                        "arbiter: {} has no implementation `{imp}`: expected one of {}",
                        entry.name,
                        entry.implementations.join(", ")
                    );
                    return ExitCode::from(2);
                }
            }
        }
        None => match AllGames::new(imp, args.profile.as_deref()) {
            Some(all) => Box::new(all),
            None => {
                eprintln!(
                    "arbiter: no game has an implementation `{imp}`: expected reference or engine"
                );
                return ExitCode::from(2);
            }
        },
    };
    let misbehaviour = args.misbehave.map(|kind| Misbehaviour {
        kind,
        on: args.on,
        pid_file: args.pid_file,
    });
    let input = BufReader::new(stdin().lock());
    let output = stdout().lock();
    match serve_lines(&*answerer, input, output, misbehaviour.as_ref(), MAX_LINE) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("arbiter serve: {e}");
            ExitCode::FAILURE
        }
    }
}
