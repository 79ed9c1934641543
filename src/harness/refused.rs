//! Checking a scenario whose setup the rules refuse (`refused:`,
//! `spec/scenario-format.md`) under one profile: there are no plies to
//! walk, only one question, whether the implementation refuses the setup.

use crate::protocol::message::{ErrorKind, Position, Query, ReplyBody, Request};
use crate::rules::{RuleProfile, Rules};
use crate::scenario::load::Scenario;

use super::case::Ctx;
use super::report::{Departure, ProfileResult, Reason, SkipKind, Status};
use super::subject::ask;

/// Runs one profile of a scenario whose setup the rules refuse
/// (`refused:`): one `legal-moves` request at that setup with no moves,
/// which the implementation must answer with a `bad-request` error. A list
/// of actions is a departure (it accepted the setup), `unsupported` a
/// decline as elsewhere, any other error an error. `legal-moves` rather
/// than `state`: it is the one query every implementation answers, and a
/// `state` with no moves may be refused for that alone (`spec/protocol.md`).
pub fn check<G: Rules>(
    s: &Scenario<G>,
    profile: &G::Profile,
    clause: &str,
    ctx: &mut Ctx<'_>,
) -> ProfileResult {
    let name = profile.name();
    // The truth: the reference refuses the setup (`arbiter check` holds it
    // to that); its words are the reason a departure gives.
    let why = match G::reference().start(&s.setup, profile) {
        Err(e) => e,
        Ok(_) => {
            return ProfileResult {
                message: Some(format!(
                    "the reference interpreter does not pass this scenario (it starts a game from the setup that {clause} refuses); run `arbiter check {}`",
                    s.path.display()
                )),
                ..ProfileResult::new(name, Status::Error)
            };
        }
    };
    // The side the setup names (no game is started from a refused setup),
    // for the place every line of the report gives.
    let to_move =
        G::setup_to_move(&s.setup, profile).map_or("no one".to_string(), |side| side.to_string());
    let at = super::report::place(0, None, &to_move);
    let id = *ctx.next_id;
    *ctx.next_id += 1;
    let req = Request {
        id,
        case: Some(s.id.clone()),
        query: Query::LegalMoves(Position::<G> {
            profile: profile.clone(),
            setup: s.setup.clone(),
            moves: Vec::new(),
        }),
    };
    let body = match ask(ctx.subject, &req, ctx.profiles, ctx.deadline) {
        Ok(b) => b,
        Err(t) => {
            return ProfileResult {
                message: Some(format!("{at}: {}", t.message)),
                stderr: t.stderr,
                ..ProfileResult::new(name, t.kind.into())
            };
        }
    };
    ctx.answered += 1;
    match body {
        ReplyBody::Error {
            kind: ErrorKind::BadRequest,
            ..
        } => ProfileResult::new(name, Status::Pass),
        ReplyBody::Error {
            kind: ErrorKind::Unsupported,
            message,
        } => ProfileResult::skipped(
            name,
            SkipKind::Declined,
            format!("declined by the implementation as unsupported: {message}"),
        ),
        ReplyBody::Error { kind, message } => ProfileResult {
            message: Some(format!(
                "{at}: legal-moves at a setup that {clause} refuses was answered with error {}: {message}; \
                 a setup that breaks the rules is a `bad-request` (spec/protocol.md, Errors)",
                kind.as_str()
            )),
            ..ProfileResult::new(name, Status::Error)
        },
        ReplyBody::LegalMoves(listed) => {
            let departure = Departure {
                ply: 0,
                after: None,
                to_move: to_move.clone(),
                wrongly_allows: Vec::new(),
                wrongly_forbids: Vec::new(),
                message: format!(
                    "accepted a setup that {clause} refuses: legal-moves listed {} actions where an error `bad-request` was due",
                    listed.len()
                ),
                reasons: vec![Reason {
                    action: "the setup".into(),
                    legal: Some(false),
                    rule: None,
                    clause: Some(clause.to_string()),
                    why,
                    implementation_says: None,
                    readings: crate::scenario::clauses::readings_of(G::SPEC_FILES, clause),
                }],
            };
            ProfileResult {
                departure: Some(departure),
                ..ProfileResult::new(name, Status::Fail)
            }
        }
        other => ProfileResult {
            message: Some(format!("{at}: legal-moves was answered with {other:?}")),
            ..ProfileResult::new(name, Status::Error)
        },
    }
}
