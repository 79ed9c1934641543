//! The messages of protocol 1 as typed values. The wire spelling lives in
//! [`reader`](super::reader) and [`writer`](super::writer); these types are
//! what the rest of arbiter works with once a message has been checked.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::games::stratego::combat::CombatResult;
use crate::games::stratego::game::Outcome;
use crate::games::stratego::moves::Move;
use crate::games::stratego::position::Setup;
use crate::games::stratego::profile::Profile;
use crate::games::stratego::verdict::RuleCode;

/// The kinds of question a request can ask.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum QueryKind {
    /// Who are you, and which optional capabilities do you have?
    Hello,
    /// Every legal move of the side to move (the one query every
    /// implementation answers).
    LegalMoves,
    /// Is this move legal, and if not, which rule forbids it? (capability
    /// `judge`)
    Judge,
    /// What do you know about the position and the last move played?
    /// (capabilities `two-squares`, `combat`, `outcome`)
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

/// An optional capability an implementation may declare in its hello reply.
/// The harness checks exactly the declared ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Capability {
    /// Answers `judge` with the rule code of an illegal move.
    Judge,
    /// `state` carries the two-squares count and sequence mark of the last move.
    TwoSquares,
    /// `state` carries the combat result of the last move.
    Combat,
    /// `state` carries the outcome of the game.
    Outcome,
    /// `state` carries the more-squares chase state after the last move.
    Chase,
}

impl Capability {
    /// Every capability, in wire order.
    pub const ALL: [Capability; 5] = [
        Capability::Judge,
        Capability::TwoSquares,
        Capability::Combat,
        Capability::Outcome,
        Capability::Chase,
    ];

    /// The wire name.
    pub fn as_str(self) -> &'static str {
        match self {
            Capability::Judge => "judge",
            Capability::TwoSquares => "two-squares",
            Capability::Combat => "combat",
            Capability::Outcome => "outcome",
            Capability::Chase => "chase",
        }
    }

    /// Looks a wire name up.
    pub fn named(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|c| c.as_str() == name)
    }
}

impl fmt::Display for Capability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A game position as the protocol describes it: rules, start, moves.
#[derive(Clone, Debug)]
pub struct Position {
    /// The rule profile, switch by switch.
    pub profile: Profile,
    /// The starting position.
    pub setup: Setup,
    /// The moves played so far, all legal.
    pub moves: Vec<Move>,
}

/// The question of a request.
#[derive(Clone, Debug)]
pub enum Query {
    /// See [`QueryKind::Hello`].
    Hello,
    /// See [`QueryKind::LegalMoves`].
    LegalMoves(Position),
    /// See [`QueryKind::Judge`].
    Judge(Position, Move),
    /// See [`QueryKind::State`].
    State(Position),
}

impl Query {
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
    pub fn position(&self) -> Option<&Position> {
        match self {
            Query::Hello => None,
            Query::LegalMoves(p) | Query::Judge(p, _) | Query::State(p) => Some(p),
        }
    }
}

/// One request.
#[derive(Clone, Debug)]
pub struct Request {
    /// Chosen by the harness, echoed by the reply.
    pub id: u64,
    /// The scenario the request belongs to, for the implementation's logs.
    pub case: Option<String>,
    /// The question.
    pub query: Query,
}

/// The answer to `hello`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hello {
    /// The implementation's name, for reports.
    pub name: String,
    /// Its version, if it says.
    pub version: Option<String>,
    /// The optional capabilities it has.
    pub capabilities: Vec<Capability>,
}

/// Two-squares bookkeeping of the last move (`state`, capability
/// `two-squares`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TwoSquaresState {
    /// The count after the move (TS-3.1).
    pub count: u32,
    /// Whether the move started a new sequence (TS-2.3) or continued one.
    pub starts: bool,
}

impl fmt::Display for TwoSquaresState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mark = if self.starts { "start" } else { "continue" };
        write!(f, "{}x {mark}", self.count)
    }
}

/// The answer to `state`. Each field is present exactly when the matching
/// capability is declared; `Some(None)` is an explicit `null` (no move
/// played yet, no attack, rule switched off).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct State {
    /// Capability `two-squares`.
    pub two_squares: Option<Option<TwoSquaresState>>,
    /// Capability `combat`.
    pub combat: Option<Option<CombatResult>>,
    /// Capability `outcome`.
    pub outcome: Option<Outcome>,
    /// Capability `chase`.
    pub chase: Option<Option<ChaseState>>,
}

/// The more-squares state after a move (MS-4, MS-5): who is conducting a
/// continuous chase, and whether the move was a chasing move under the
/// profile's reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChaseState {
    /// Who is chasing once the move is played.
    pub chasers: crate::games::stratego::game::Chasers,
    /// Whether the move was a chasing move (MS-5).
    pub chasing_move: bool,
}

impl fmt::Display for ChaseState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let who = serde_json::to_string(&self.chasers).unwrap_or_default();
        write!(
            f,
            "chasers {}, chasing move {}",
            who.trim_matches('"'),
            self.chasing_move
        )
    }
}

/// Why an implementation declines a request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The profile, board or query is one the implementation does not
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
pub enum ReplyBody {
    /// To `hello`.
    Hello(Hello),
    /// To `legal-moves`.
    LegalMoves(Vec<Move>),
    /// To `judge`: `None` when legal, else the rule that forbids the move.
    Verdict(Option<RuleCode>),
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
pub struct Reply {
    /// The id of the request it answers.
    pub id: u64,
    /// The answer.
    pub body: ReplyBody,
}
