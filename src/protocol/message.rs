//! The messages of the protocol as typed values, generic over the game. The
//! wire spelling lives in [`reader`](super::reader) and
//! [`writer`](super::writer); these types are what the rest of arbiter works
//! with once a message has been checked. The envelope (version, id, case,
//! game, query, profile, setup, actions so far) is the same for every game;
//! each game spells its own setup, actions and state fields
//! (`spec/<game>/protocol.md`).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::rules::{Rules, StateField};

/// The kinds of question a request can ask.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum QueryKind {
    /// Who are you, and which optional capabilities do you have?
    Hello,
    /// Every legal action of the side to move (the one query every
    /// implementation answers).
    LegalMoves,
    /// Is this action legal, and if not, which rule forbids it? (capability
    /// `judge`)
    Judge,
    /// What do you know about the position and the last action played?
    /// (the game's state capabilities)
    State,
}

impl QueryKind {
    /// The wire name.
    pub fn as_str(self) -> &'static str {
        match self {
            QueryKind::Hello => "hello",
            QueryKind::LegalMoves => "legal-moves",
            QueryKind::Judge => "judge",
            QueryKind::State => "state",
        }
    }
}

/// The capability of answering `judge`, which every game has.
pub const JUDGE: &str = "judge";

/// The state capability and field `position`: the position after the
/// actions, in the game's setup encoding ([`Wire::setup_to_wire`](crate::rules::Wire::setup_to_wire) of
/// [`Game::position`](crate::rules::Game::position)). Every game has it;
/// it is not one of the game's [`Wire::STATE_FIELDS`](crate::rules::Wire::STATE_FIELDS) because it is a
/// function of the whole game, not of the last action's note.
pub const POSITION: &str = "position";

/// Every capability of game `G`, in wire order: `judge`, then one per field
/// of its `state` reply, then `position`. The harness asks for and compares
/// exactly the declared ones of this list.
pub fn capabilities<G: Rules>() -> Vec<&'static str> {
    std::iter::once(JUDGE)
        .chain(G::STATE_FIELDS.iter().map(|f| f.capability))
        .chain(std::iter::once(POSITION))
        .collect()
}

/// [`capabilities`] of the game named `game` (none for a game this build
/// does not have).
pub fn capabilities_named(game: &str) -> Vec<&'static str> {
    struct Caps;
    impl crate::games::Visit for Caps {
        type Out = Vec<&'static str>;
        fn visit<G: Rules>(&mut self) -> Self::Out {
            capabilities::<G>()
        }
    }
    crate::games::visit(game, &mut Caps).unwrap_or_default()
}

/// Whether `name` is a state capability of `G`.
pub fn state_field<G: Rules>(name: &str) -> Option<&'static StateField<G>> {
    StateField::find(G::STATE_FIELDS, name)
}

/// A game position as the protocol describes it: rules, start, actions.
#[derive(Clone, Debug)]
pub struct Position<G: Rules> {
    /// The rule profile, switch by switch.
    pub profile: G::Profile,
    /// The starting position.
    pub setup: G::Setup,
    /// The actions played so far, all legal.
    pub moves: Vec<G::Action>,
}

/// The question of a request.
#[derive(Clone, Debug)]
pub enum Query<G: Rules> {
    /// See [`QueryKind::Hello`].
    Hello,
    /// See [`QueryKind::LegalMoves`].
    LegalMoves(Position<G>),
    /// See [`QueryKind::Judge`].
    Judge(Position<G>, G::Action),
    /// See [`QueryKind::State`].
    State(Position<G>),
}

impl<G: Rules> Query<G> {
    /// Which kind of query this is.
    pub fn kind(&self) -> QueryKind {
        match self {
            Query::Hello => QueryKind::Hello,
            Query::LegalMoves(_) => QueryKind::LegalMoves,
            Query::Judge(..) => QueryKind::Judge,
            Query::State(_) => QueryKind::State,
        }
    }

    /// The position asked about, if any.
    pub fn position(&self) -> Option<&Position<G>> {
        match self {
            Query::Hello => None,
            Query::LegalMoves(p) | Query::Judge(p, _) | Query::State(p) => Some(p),
        }
    }
}

/// One request.
#[derive(Clone, Debug)]
pub struct Request<G: Rules> {
    /// Chosen by the harness, echoed by the reply.
    pub id: u64,
    /// The scenario the request belongs to, for the implementation's logs.
    pub case: Option<String>,
    /// The question.
    pub query: Query<G>,
}

/// The answer to `hello`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hello {
    /// The implementation's name, for reports.
    pub name: String,
    /// Its version, if it says.
    pub version: Option<String>,
    /// The optional capabilities it has, as written (names of any game;
    /// the harness keeps those of the game at hand).
    pub capabilities: Vec<String>,
    /// The games it plays, if it says (absent: it is asked about every
    /// game, and declines what it does not play).
    pub games: Option<Vec<String>>,
    /// The built-in profiles it plays, by name (names of any game; a name
    /// of no game it plays is ignored). A request under one of them names
    /// the profile instead of spelling every switch, so a switch added to
    /// the game later never makes it decline (`spec/protocol.md`,
    /// "Compatibility"). Empty: every request spells every switch.
    pub profiles: Vec<String>,
}

/// The answer to `state`: the fields present in the reply, each in its
/// canonical form (read by the game's [`StateField::read`]). `null` is an
/// explicit "nothing to report" (no fight, rule switched off).
pub type State = BTreeMap<String, Value>;

/// Why an implementation declines a request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The game, profile, board or query is one the implementation does not
    /// support. The harness reports the case as skipped, not failed.
    Unsupported,
    /// The request is malformed or inconsistent (an illegal move in `moves`,
    /// say).
    BadRequest,
    /// Anything else.
    Internal,
}

impl ErrorKind {
    /// The wire name.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorKind::Unsupported => "unsupported",
            ErrorKind::BadRequest => "bad-request",
            ErrorKind::Internal => "internal",
        }
    }

    /// Looks a wire name up.
    pub fn named(name: &str) -> Option<Self> {
        [
            ErrorKind::Unsupported,
            ErrorKind::BadRequest,
            ErrorKind::Internal,
        ]
        .into_iter()
        .find(|k| k.as_str() == name)
    }
}

/// The body of a reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplyBody<G: Rules> {
    /// To `hello`.
    Hello(Hello),
    /// To `legal-moves`.
    LegalMoves(Vec<G::Action>),
    /// To `judge`: `None` when legal, else the rule that forbids the action.
    Verdict(Option<G::RuleCode>),
    /// To `state`.
    State(State),
    /// The request was declined.
    Error {
        /// Why.
        kind: ErrorKind,
        /// A sentence for people.
        message: String,
    },
}

/// One reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply<G: Rules> {
    /// The id of the request it answers.
    pub id: u64,
    /// The answer.
    pub body: ReplyBody<G>,
}
