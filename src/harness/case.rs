//! Checking one scenario under one profile: walk the plies in order, ask the
//! implementation what the truth says it must answer, and stop at the first
//! departure.

use std::collections::BTreeSet;
use std::time::Instant;

use crate::games::stratego::moves::Move;
use crate::games::stratego::profile::Profile;
use crate::protocol::message::{Capability, ErrorKind, Position, Query, ReplyBody, Request, State};
use crate::scenario::load::Scenario;

use super::oracle::{Step, Truth};
use super::report::{Departure, ProfileResult, Status};
use super::subject::{Subject, Trouble, TroubleKind};

/// Everything one profile run needs besides the scenario.
pub struct Ctx<'a> {
    /// Who answers.
    pub subject: &'a mut dyn Subject,
    /// What it declared.
    pub capabilities: &'a [Capability],
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

fn names(moves: impl IntoIterator<Item = Move>) -> Vec<String> {
    moves.into_iter().map(|m| m.to_string()).collect()
}

struct Walk<'a, 'b> {
    s: &'a Scenario,
    profile: &'a Profile,
    truth: &'a Truth,
    ctx: &'a mut Ctx<'b>,
}

impl Walk<'_, '_> {
    fn ask(&mut self, query: Query) -> Result<ReplyBody, Stop> {
        let id = *self.ctx.next_id;
        *self.ctx.next_id += 1;
        let kind = query.kind();
        let req = Request {
            id,
            case: Some(self.s.id.clone()),
            query,
        };
        match self.ctx.subject.ask(&req, self.ctx.deadline)? {
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

    fn position(&self, ply: usize) -> Position {
        Position {
            profile: self.profile.clone(),
            setup: self.s.setup.clone(),
            moves: self.truth.moves[..ply].to_vec(),
        }
    }

    fn departure(&self, step: &Step, message: String) -> Departure {
        Departure {
            ply: step.ply,
            after: step
                .ply
                .checked_sub(1)
                .map(|i| self.truth.moves[i].to_string()),
            to_move: step.to_move.name().to_string(),
            wrongly_allows: Vec::new(),
            wrongly_forbids: Vec::new(),
            message,
        }
    }

    fn depart(&self, step: &Step, message: String) -> Stop {
        Stop::Departed(Box::new(self.departure(step, message)))
    }

    fn has(&self, c: Capability) -> bool {
        self.ctx.capabilities.contains(&c)
    }

    fn check_step(&mut self, step: &Step) -> Result<(), Stop> {
        let got = match self.ask(Query::LegalMoves(self.position(step.ply)))? {
            ReplyBody::LegalMoves(m) => m,
            other => return Err(unexpected("legal-moves", &other)),
        };
        let got: BTreeSet<Move> = got.into_iter().collect();
        let want: BTreeSet<Move> = step.legal.iter().copied().collect();
        if got != want {
            let allows = names(got.difference(&want).copied());
            let forbids = names(want.difference(&got).copied());
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
        if let Some(want) = &step.state {
            let asks_state = [
                Capability::TwoSquares,
                Capability::Combat,
                Capability::Outcome,
            ]
            .into_iter()
            .any(|c| self.has(c));
            if asks_state {
                let got = match self.ask(Query::State(self.position(step.ply)))? {
                    ReplyBody::State(s) => s,
                    other => return Err(unexpected("state", &other)),
                };
                self.compare_state(step, want, &got)?;
            }
        }
        if self.has(Capability::Judge) {
            for (mv, rule) in &step.illegal {
                let got = match self.ask(Query::Judge(self.position(step.ply), *mv))? {
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

    fn compare_state(&self, step: &Step, want: &State, got: &State) -> Result<(), Stop> {
        self.compare_field(
            step,
            Capability::TwoSquares,
            got.two_squares,
            want.two_squares.unwrap_or_default(),
            |v| v.to_string(),
        )?;
        self.compare_field(
            step,
            Capability::Combat,
            got.combat,
            want.combat.unwrap_or_default(),
            |v| wire(v),
        )?;
        self.compare_field(
            step,
            Capability::Chase,
            got.chase,
            want.chase.unwrap_or_default(),
            |v| v.to_string(),
        )?;
        self.compare_field(
            step,
            Capability::Outcome,
            got.outcome.map(Some),
            want.outcome,
            |v| v.to_string(),
        )
    }

    /// One field of a state reply, when its capability is declared: the
    /// reply must carry it (`got` is `None` when the field is absent) and it
    /// must equal `want` (`None`: nothing to report, like a move without a
    /// fight). `render` spells a value in the departure message.
    fn compare_field<T: PartialEq>(
        &self,
        step: &Step,
        cap: Capability,
        got: Option<Option<T>>,
        want: Option<T>,
        render: impl Fn(&T) -> String,
    ) -> Result<(), Stop> {
        if !self.has(cap) {
            return Ok(());
        }
        let field = cap.to_string();
        let Some(got) = got else {
            return Err(Stop::Trouble(Trouble::new(
                TroubleKind::Error,
                format!(
                    "the state reply lacks `{field}`, which the declared capability `{field}` requires"
                ),
            )));
        };
        if got == want {
            return Ok(());
        }
        let spell = |v: &Option<T>| v.as_ref().map_or("none".to_string(), &render);
        Err(self.depart(
            step,
            format!("{field} expected {}, got {}", spell(&want), spell(&got)),
        ))
    }
}

/// A value's protocol spelling (`attacker-wins`, …).
fn wire<T: serde::Serialize>(v: T) -> String {
    serde_json::to_string(&v)
        .unwrap_or_default()
        .trim_matches('"')
        .to_string()
}

fn unexpected(query: &str, body: &ReplyBody) -> Stop {
    Stop::Trouble(Trouble::new(
        TroubleKind::Error,
        format!("{query} was answered with {body:?}"),
    ))
}

/// Runs one profile of a scenario against the truth.
pub fn check(s: &Scenario, profile: &Profile, truth: &Truth, ctx: &mut Ctx<'_>) -> ProfileResult {
    let mut walk = Walk {
        s,
        profile,
        truth,
        ctx,
    };
    let mut result = ProfileResult {
        profile: profile.name.clone(),
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
