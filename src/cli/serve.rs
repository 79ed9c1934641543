//! `arbiter serve`: arbiter's own implementations speaking the protocol, so
//! the harness can be tested end to end, and so third parties can see a
//! conforming implementation answer.

use std::io::{BufReader, stdin, stdout};
use std::process::ExitCode;

use arbiter::games::stratego::engine::Engine;
use arbiter::games::stratego::game::Implementation;
use arbiter::games::stratego::reference::Reference;
use arbiter::protocol::serve::{Misbehave, Misbehaviour, serve as serve_loop};

/// Which implementation answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Impl {
    /// The reference interpreter.
    Reference,
    /// The optimized engine.
    Engine,
}

/// Serves requests on stdin until it ends.
pub fn serve(imp: Impl, misbehave: Option<Misbehave>, on: Option<String>) -> ExitCode {
    let imp: &dyn Implementation = match imp {
        Impl::Reference => &Reference,
        Impl::Engine => &Engine,
    };
    let misbehaviour = misbehave.map(|kind| Misbehaviour { kind, on });
    match serve_loop(
        imp,
        BufReader::new(stdin().lock()),
        stdout().lock(),
        misbehaviour.as_ref(),
    ) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("arbiter serve: {e}");
            ExitCode::FAILURE
        }
    }
}
