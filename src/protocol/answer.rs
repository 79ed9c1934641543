//! Answering protocol requests with an in-process [`Implementation`]: what
//! `arbiter serve` does for the reference interpreter and the engine of each
//! game, and how an embedded Rust implementation is asked the same
//! questions as an external one.

use serde_json::Value;

use crate::rules::{Game, Illegal, Implementation, Rules, StateField, Verdict};

use super::message::{
    ErrorKind, Hello, POSITION, Position, Query, QueryKind, ReplyBody, State, capabilities,
};
use super::reader::ProtocolError;
use super::writer::error_value;

/// The hello reply of an in-process implementation of `G`: every
/// capability of the game, `position` only when the implementation tells
/// positions ([`Implementation::tells_position`]).
pub fn hello<G: Rules>(imp: &dyn Implementation<G>) -> Hello {
    Hello {
        name: format!("arbiter-{}", imp.name()),
        version: Some(env!("CARGO_PKG_VERSION").to_string()),
        capabilities: capabilities::<G>()
            .iter()
            .filter(|c| **c != POSITION || imp.tells_position())
            .map(|c| c.to_string())
            .collect(),
        games: Some(vec![G::NAME.to_string()]),
        // arbiter's implementations play every profile, switch by switch:
        // they need no names.
        profiles: Vec::new(),
    }
}

/// The most of one word of a request an error message repeats, in bytes.
pub const ECHO_WORD: usize = 80;
/// The longest error message `serve` writes, in bytes.
pub const ECHO_MESSAGE: usize = 1000;

/// `message` with what it repeats of a request kept short: a word (a run
/// without spaces) longer than [`ECHO_WORD`] bytes keeps its start and
/// says its size (`AAAA… (1000000 bytes)`), and a message still longer than
/// [`ECHO_MESSAGE`] is cut there the same way. A 1 MB move is not written
/// back in full.
pub fn shorten_echoes(message: &str) -> String {
    fn cut(s: &str, at: usize) -> &str {
        let mut end = at.min(s.len());
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        &s[..end]
    }
    let mut out = String::with_capacity(message.len().min(ECHO_MESSAGE + 40));
    let mut rest = message;
    while !rest.is_empty() {
        let word_end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let (word, after) = rest.split_at(word_end);
        if word.len() > ECHO_WORD {
            out.push_str(cut(word, ECHO_WORD));
            out.push_str(&format!("… ({} bytes)", word.len()));
        } else {
            out.push_str(word);
        }
        let space_end = after
            .find(|c: char| !c.is_whitespace())
            .unwrap_or(after.len());
        out.push_str(&after[..space_end]);
        rest = &after[space_end..];
        if out.len() > ECHO_MESSAGE {
            break;
        }
    }
    if out.len() > ECHO_MESSAGE {
        let total = message.len();
        out.truncate(cut(&out, ECHO_MESSAGE).len());
        out.push_str(&format!("… (the message has {total} bytes)"));
    }
    out
}

/// `body` with its error message, if it is one, shortened by
/// [`shorten_echoes`].
pub fn shorten_error<G: Rules>(body: ReplyBody<G>) -> ReplyBody<G> {
    match body {
        ReplyBody::Error { kind, message } => ReplyBody::Error {
            kind,
            message: shorten_echoes(&message),
        },
        other => other,
    }
}

fn bad_request<G: Rules>(message: String) -> ReplyBody<G> {
    ReplyBody::Error {
        kind: ErrorKind::BadRequest,
        message,
    }
}

/// Starts a game at `p.setup` and plays `p.moves`; returns the game and
/// what the rules noted about the last action played. A setup the
/// implementation does not play at all is `unsupported`, one it refuses is
/// a `bad-request`.
#[allow(clippy::type_complexity)]
pub fn replay<G: Rules>(
    imp: &dyn Implementation<G>,
    p: &Position<G>,
) -> Result<(Box<dyn Game<G>>, Option<G::Note>), ReplyBody<G>> {
    imp.supports(&p.setup, &p.profile)
        .map_err(|message| ReplyBody::Error {
            kind: ErrorKind::Unsupported,
            message,
        })?;
    let mut game = imp
        .start(&p.setup, &p.profile)
        .map_err(|e| bad_request(format!("setup refused: {e}")))?;
    let mut last = None;
    for (i, mv) in p.moves.iter().enumerate() {
        match game.play(mv) {
            Ok(r) => last = Some(r),
            Err(ill) => {
                return Err(bad_request(format!(
                    "moves[{i}] {mv} cannot be played: illegal ({}, {}): {}",
                    ill.rule, ill.clause, ill.explanation
                )));
            }
        }
    }
    Ok((game, last))
}

/// The state after an action: every field of the game's list.
pub fn state<G: Rules>(note: &G::Note, outcome: &G::Outcome) -> State {
    G::STATE_FIELDS
        .iter()
        .map(|f| (f.capability.to_string(), (f.value)(note, outcome)))
        .collect()
}

/// The state of `game`: after its last action (`last`, the rules' note of
/// it) every field of the game's list; at the setup, where no action has
/// been played, `outcome` judges the setup itself (a position can be over
/// before anyone moves) and the fields about the last action are `null`.
/// Either way `position` is the position reached, when the implementation
/// tells it.
pub fn state_of<G: Rules>(game: &dyn Game<G>, last: Option<&G::Note>) -> State {
    let outcome = game.outcome();
    let mut out = match last {
        Some(note) => state::<G>(note, &outcome),
        None => G::STATE_FIELDS
            .iter()
            .map(|f| {
                let v = if f.capability == StateField::<G>::OUTCOME.capability {
                    serde_json::to_value(&outcome).unwrap_or_default()
                } else {
                    Value::Null
                };
                (f.capability.to_string(), v)
            })
            .collect(),
    };
    if let Some(p) = game.position() {
        out.insert(POSITION.to_string(), G::setup_to_wire(&p));
    }
    out
}

/// Answers one query.
pub fn answer<G: Rules>(imp: &dyn Implementation<G>, query: &Query<G>) -> ReplyBody<G> {
    answer_full(imp, query).0
}

/// Answers one query, and for an illegal action of `judge` also the whole
/// refusal (clause and explanation), which arbiter's own server adds to
/// its reply (`clause`, `why`).
pub fn answer_full<G: Rules>(
    imp: &dyn Implementation<G>,
    query: &Query<G>,
) -> (ReplyBody<G>, Option<Illegal<G>>) {
    let p = match query {
        Query::Hello => return (ReplyBody::Hello(hello(imp)), None),
        Query::LegalMoves(p) | Query::Judge(p, _) | Query::State(p) => p,
    };
    let (game, last) = match replay(imp, p) {
        Ok(x) => x,
        Err(e) => return (e, None),
    };
    let body = match query {
        Query::Judge(_, mv) => {
            return match game.judge(mv) {
                Verdict::Legal => (ReplyBody::Verdict(None), None),
                Verdict::Illegal(i) => (ReplyBody::Verdict(Some(i.rule)), Some(i)),
            };
        }
        Query::State(_) => ReplyBody::State(state_of(game.as_ref(), last.as_ref())),
        Query::Hello | Query::LegalMoves(_) => ReplyBody::LegalMoves(game.legal_actions()),
    };
    (body, None)
}

#[cfg(test)]
mod echo_tests {
    use super::*;

    #[test]
    fn long_words_and_messages_are_cut_with_their_size() {
        assert_eq!(
            shorten_echoes("`e2e4` is not a move"),
            "`e2e4` is not a move"
        );
        let big = format!("field `move`: `{}` is not a move", "A".repeat(1_000_000));
        let short = shorten_echoes(&big);
        assert!(short.len() < 200, "{short}");
        assert!(short.contains("… (1000002 bytes) is not a move"), "{short}");
        let many = format!("`{}` is not a play", "1/2 ".repeat(300_000));
        let short = shorten_echoes(&many);
        assert!(short.len() < ECHO_MESSAGE + 60, "{}", short.len());
        assert!(short.ends_with(&format!("… (the message has {} bytes)", many.len())));
        // Cut on a character boundary.
        let wide = "é".repeat(100);
        assert!(shorten_echoes(&wide).starts_with(&"é".repeat(40)));
    }
}

/// The error reply to a request that cannot be read; `id` is the request's
/// when it can be told.
pub fn refusal(id: Option<u64>, e: &ProtocolError) -> Value {
    let kind = match e {
        ProtocolError::Version { .. }
        | ProtocolError::OtherGame { .. }
        | ProtocolError::UnknownSwitch { .. } => ErrorKind::Unsupported,
        _ => ErrorKind::BadRequest,
    };
    error_value(
        id.unwrap_or(0),
        kind,
        &shorten_echoes(&format!("cannot read the request: {e}")),
    )
}

/// One request line, answered: the reply, and what the misbehaviours need
/// to know of the request.
#[derive(Clone, Debug)]
pub struct Answered {
    /// The query asked, when the request could be read.
    pub kind: Option<QueryKind>,
    /// The request's `case`, when it could be read.
    pub case: Option<String>,
    /// The reply, before any misbehaviour.
    pub reply: Value,
}
