//! Answering protocol requests with an in-process [`Implementation`]: what
//! `arbiter serve` does for the reference interpreter and the engine, and how
//! an embedded Rust implementation is asked the same questions as an external
//! one.

use crate::games::stratego::game::{Game, Implementation, PlyReport};
use crate::games::stratego::verdict::Verdict;

use super::message::{
    Capability, ChaseState, ErrorKind, Hello, Position, Query, ReplyBody, State, TwoSquaresState,
};

/// Everything an in-process implementation can answer.
pub const CAPABILITIES: [Capability; 5] = [
    Capability::Judge,
    Capability::TwoSquares,
    Capability::Combat,
    Capability::Outcome,
    Capability::Chase,
];

/// The hello reply of an in-process implementation.
pub fn hello(imp: &dyn Implementation) -> Hello {
    Hello {
        name: format!("arbiter-{}", imp.name()),
        version: Some(env!("CARGO_PKG_VERSION").to_string()),
        capabilities: CAPABILITIES.to_vec(),
    }
}

fn bad_request(message: String) -> ReplyBody {
    ReplyBody::Error {
        kind: ErrorKind::BadRequest,
        message,
    }
}

/// Starts a game at `p.setup` and plays `p.moves`; returns the game and the
/// report of the last move played.
fn replay(
    imp: &dyn Implementation,
    p: &Position,
) -> Result<(Box<dyn Game>, Option<PlyReport>), ReplyBody> {
    let mut game = imp
        .start(&p.setup, &p.profile)
        .map_err(|e| bad_request(format!("setup refused: {e}")))?;
    let mut last = None;
    for (i, mv) in p.moves.iter().enumerate() {
        match game.play(*mv) {
            Ok(r) => last = Some(r),
            Err(ill) => {
                return Err(bad_request(format!(
                    "moves[{i}] {mv} cannot be played: {ill}"
                )));
            }
        }
    }
    Ok((game, last))
}

/// The protocol's view of a move's chase note.
pub fn chase_state(r: &PlyReport) -> Option<ChaseState> {
    r.chase.as_ref().map(|c| ChaseState {
        chasers: c.chasers,
        chasing_move: c.chasing_move,
    })
}

/// Answers one query.
pub fn answer(imp: &dyn Implementation, query: &Query) -> ReplyBody {
    let p = match query {
        Query::Hello => return ReplyBody::Hello(hello(imp)),
        Query::LegalMoves(p) | Query::Judge(p, _) | Query::State(p) => p,
    };
    let (game, last) = match replay(imp, p) {
        Ok(x) => x,
        Err(e) => return e,
    };
    match query {
        Query::Judge(_, mv) => ReplyBody::Verdict(match game.judge(*mv) {
            Verdict::Legal => None,
            Verdict::Illegal(i) => Some(i.rule),
        }),
        Query::State(_) => ReplyBody::State(State {
            two_squares: Some(last.as_ref().and_then(|r| {
                r.two_squares.as_ref().map(|n| TwoSquaresState {
                    count: n.count,
                    starts: n.starts,
                })
            })),
            combat: Some(last.as_ref().and_then(|r| r.combat.map(|c| c.1))),
            outcome: Some(game.outcome()),
            chase: Some(last.as_ref().and_then(chase_state)),
        }),
        Query::Hello | Query::LegalMoves(_) => ReplyBody::LegalMoves(game.legal_moves()),
    }
}
