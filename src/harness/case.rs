//! Checking one scenario under one profile: walk the plies in order, ask the
//! implementation what the truth says it must answer, and stop at the first
//! departure.

use std::collections::BTreeSet;
use std::time::Instant;

use crate::protocol::message::{ErrorKind, Position, Query, ReplyBody, Request, State};
use crate::rules::{RuleProfile, Rules, StateField};
use crate::scenario::load::Scenario;

use super::oracle::{Step, Truth};
use super::report::{Departure, ProfileResult, Status};
use super::subject::{Subject, Trouble, TroubleKind, ask};

/// Everything one profile run needs besides the scenario.
pub struct Ctx<'a> {
    /// Who answers.
    pub subject: &'a mut dyn Subject,
    /// What it declared (capability names of any game).
    pub capabilities: &'a [String],
    /// When the scenario's time is up.
    pub deadline: Instant,
    /// The next request id.
    pub next_id: &'a mut u64,
}

/// How a profile run ended early.
enum Stop {
    Departed(Box<Departure>),
    Declined(String),
    Trouble(Trouble),
}

impl From<Trouble> for Stop {
    fn from(t: Trouble) -> Self {
        Stop::Trouble(t)
    }
}

fn names<A: ToString>(moves: impl IntoIterator<Item = A>) -> Vec<String> {
    moves.into_iter().map(|m| m.to_string()).collect()
}

struct Walk<'a, 'b, G: Rules> {
    s: &'a Scenario<G>,
    profile: &'a G::Profile,
    truth: &'a Truth<G>,
    ctx: &'a mut Ctx<'b>,
}

impl<G: Rules> Walk<'_, '_, G> {
    fn ask(&mut self, query: Query<G>) -> Result<ReplyBody<G>, Stop> {
        let id = *self.ctx.next_id;
        *self.ctx.next_id += 1;
        let kind = query.kind();
        let req = Request {
            id,
            case: Some(self.s.id.clone()),
            query,
        };
        match ask(self.ctx.subject, &req, self.ctx.deadline)? {
            ReplyBody::Error {
                kind: ErrorKind::Unsupported,
                message,
            } => Err(Stop::Declined(format!(
                "declined by the implementation as unsupported: {message}"
            ))),
            ReplyBody::Error { kind: k, message } => Err(Stop::Trouble(Trouble::new(
                TroubleKind::Error,
                format!(
                    "{} was answered with error {}: {message}",
                    kind.as_str(),
                    k.as_str()
                ),
            ))),
            body => Ok(body),
        }
    }

    fn position(&self, ply: usize) -> Position<G> {
        Position {
            profile: self.profile.clone(),
            setup: self.s.setup.clone(),
            moves: self.truth.moves[..ply].to_vec(),
        }
    }

    fn departure(&self, step: &Step<G>, message: String) -> Departure {
        Departure {
            ply: step.ply,
            after: step
                .ply
                .checked_sub(1)
                .map(|i| self.truth.moves[i].to_string()),
            to_move: step.to_move.clone(),
            wrongly_allows: Vec::new(),
            wrongly_forbids: Vec::new(),
            message,
        }
    }

    fn depart(&self, step: &Step<G>, message: String) -> Stop {
        Stop::Departed(Box::new(self.departure(step, message)))
    }

    fn has(&self, c: &str) -> bool {
        self.ctx.capabilities.iter().any(|d| d == c)
    }

    /// The declared state capabilities of this game, in the game's order:
    /// the one list that decides both whether `state` is asked and which
    /// fields are compared.
    fn declared_state_fields(&self) -> Vec<&'static StateField<G>> {
        G::state_fields()
            .iter()
            .filter(|f| self.has(f.capability))
            .collect()
    }

    fn check_step(&mut self, step: &Step<G>) -> Result<(), Stop> {
        let got = match self.ask(Query::LegalMoves(self.position(step.ply)))? {
            ReplyBody::LegalMoves(m) => m,
            other => return Err(unexpected("legal-moves", &other)),
        };
        let got: BTreeSet<G::Action> = got.into_iter().collect();
        let want: BTreeSet<G::Action> = step.legal.iter().cloned().collect();
        if got != want {
            let allows = names(got.difference(&want));
            let forbids = names(want.difference(&got));
            let mut parts = Vec::new();
            if !allows.is_empty() {
                parts.push(format!("wrongly allows {}", allows.join(", ")));
            }
            if !forbids.is_empty() {
                parts.push(format!("wrongly forbids {}", forbids.join(", ")));
            }
            let mut d = self.departure(step, parts.join("; "));
            d.wrongly_allows = allows;
            d.wrongly_forbids = forbids;
            return Err(Stop::Departed(Box::new(d)));
        }
        let fields = self.declared_state_fields();
        if let Some(want) = &step.state
            && !fields.is_empty()
        {
            let got = match self.ask(Query::State(self.position(step.ply)))? {
                ReplyBody::State(s) => s,
                other => return Err(unexpected("state", &other)),
            };
            self.compare_state(step, &fields, want, &got)?;
        }
        if self.has(crate::protocol::message::JUDGE) {
            for (mv, rule) in &step.illegal {
                let got = match self.ask(Query::Judge(self.position(step.ply), mv.clone()))? {
                    ReplyBody::Verdict(v) => v,
                    other => return Err(unexpected("judge", &other)),
                };
                if got != Some(*rule) {
                    let got = match got {
                        None => "legal".to_string(),
                        Some(r) => format!("illegal ({r})"),
                    };
                    return Err(self.depart(
                        step,
                        format!("judge {mv}: expected illegal ({rule}), got {got}"),
                    ));
                }
            }
        }
        Ok(())
    }

    /// Each declared field of a state reply: the reply must carry it, and
    /// it must equal the truth.
    fn compare_state(
        &self,
        step: &Step<G>,
        fields: &[&'static StateField<G>],
        want: &State,
        got: &State,
    ) -> Result<(), Stop> {
        for field in fields {
            let name = field.capability;
            let Some(got) = got.get(name) else {
                return Err(Stop::Trouble(Trouble::new(
                    TroubleKind::Error,
                    format!(
                        "the state reply lacks `{name}`, which the declared capability `{name}` requires"
                    ),
                )));
            };
            let want = want.get(name).cloned().unwrap_or_default();
            if *got != want {
                return Err(self.depart(
                    step,
                    format!(
                        "{name} expected {}, got {}",
                        (field.show)(&want),
                        (field.show)(got)
                    ),
                ));
            }
        }
        Ok(())
    }
}

fn unexpected<G: Rules>(query: &str, body: &ReplyBody<G>) -> Stop {
    Stop::Trouble(Trouble::new(
        TroubleKind::Error,
        format!("{query} was answered with {body:?}"),
    ))
}

/// Runs one profile of a scenario against the truth.
pub fn check<G: Rules>(
    s: &Scenario<G>,
    profile: &G::Profile,
    truth: &Truth<G>,
    ctx: &mut Ctx<'_>,
) -> ProfileResult {
    let mut walk = Walk {
        s,
        profile,
        truth,
        ctx,
    };
    let mut result = ProfileResult {
        profile: profile.name().to_string(),
        status: Status::Pass,
        departure: None,
        message: None,
        stderr: None,
    };
    for step in &truth.steps {
        match walk.check_step(step) {
            Ok(()) => {}
            Err(Stop::Departed(d)) => {
                result.status = Status::Fail;
                result.departure = Some(*d);
                break;
            }
            Err(Stop::Declined(m)) => {
                result.status = Status::Skip;
                result.message = Some(m);
                break;
            }
            Err(Stop::Trouble(t)) => {
                result.status = match t.kind {
                    TroubleKind::Error => Status::Error,
                    TroubleKind::Timeout => Status::Timeout,
                    TroubleKind::Crash => Status::Crash,
                };
                result.message = Some(format!("ply {}: {}", step.ply, t.message));
                result.stderr = t.stderr;
                break;
            }
        }
    }
    result
}
