//! `arbiter serve`: arbiter's own implementations speaking the protocol, so
//! the harness can be tested end to end, and so third parties can see a
//! conforming implementation answer.

use std::io::{BufReader, stdin, stdout};
use std::process::ExitCode;

use arbiter::protocol::serve::{Misbehave, Misbehaviour};

/// Serves requests of one game on stdin until it ends, with the
/// implementation named `imp` (`reference`, `engine`).
pub fn serve(
    game: Option<&str>,
    imp: &str,
    misbehave: Option<Misbehave>,
    on: Option<String>,
    pid_file: Option<std::path::PathBuf>,
) -> ExitCode {
    let entry = match super::game_or_first(game) {
        Ok(g) => g,
        Err(code) => return code,
    };
    let misbehaviour = misbehave.map(|kind| Misbehaviour { kind, on, pid_file });
    let mut input = BufReader::new(stdin().lock());
    let mut output = stdout().lock();
    match entry.serve(imp, &mut input, &mut output, misbehaviour.as_ref()) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => {
            eprintln!(
                "arbiter: {} has no implementation `{imp}`: expected one of {}",
                entry.name(),
                entry.implementations().join(", ")
            );
            ExitCode::from(2)
        }
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("arbiter serve: {e}");
            ExitCode::FAILURE
        }
    }
}
