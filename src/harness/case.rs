//! Checking one scenario under one profile: walk the plies in order and ask
//! the implementation what the truth says it must answer. A departure does
//! not end the walk: the later plies of the scenario's own moves are still
//! asked, so every departure is listed, each with the reference's reasons.

use std::collections::BTreeSet;
use std::time::Instant;

use crate::protocol::message::{
    ErrorKind, POSITION, Position, Query, QueryKind, ReplyBody, Request, State,
};
use crate::rules::{RuleProfile, Rules, StateField};
use crate::scenario::load::Scenario;

use super::oracle::{Step, Truth};
use super::report::{Departure, ProfileResult, Reason, SkipKind, Status};
use super::subject::{Subject, Trouble, TroubleKind, ask};

/// Everything one profile run needs besides the scenario.
pub struct Ctx<'a> {
    /// Who answers.
    pub subject: &'a mut dyn Subject,
    /// What it declared (capability names of any game).
    pub capabilities: &'a [String],
    /// The built-in profiles it declared (names of any game).
    pub profiles: &'a [String],
    /// When the scenario's time is up.
    pub deadline: Instant,
    /// The scenario's whole budget (what `deadline` was set from), for
    /// messages.
    pub budget: std::time::Duration,
    /// Requests of this scenario answered so far, over all its profiles.
    pub answered: usize,
    /// The next request id.
    pub next_id: &'a mut u64,
}

/// How a profile run ended early.
enum Stop {
    Declined(String),
    Trouble(Trouble),
    /// The implementation refused a position reached by an action it had
    /// wrongly left out of its legal list: the same departure seen again,
    /// so a failure with its reasons, not a protocol error.
    Refused(Box<Departure>),
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
    /// Every departure found so far, in ply order.
    departures: Vec<Departure>,
    /// Actions of the scenario the implementation wrongly forbade, with the
    /// ply where it did: a later request that plays one may be refused.
    forbidden: Vec<(usize, G::Action)>,
}

impl<G: Rules> Walk<'_, '_, G> {
    fn ask(&mut self, query: Query<G>) -> Result<ReplyBody<G>, Stop> {
        let id = *self.ctx.next_id;
        *self.ctx.next_id += 1;
        let kind = query.kind();
        // The first action this request plays that the implementation had
        // wrongly forbidden, if any: a refusal is then explained by it.
        let played = match &query {
            Query::LegalMoves(p) | Query::State(p) | Query::Judge(p, _) => p.moves.len(),
            _ => 0,
        };
        let forbidden = self
            .forbidden
            .iter()
            .find(|(ply, a)| *ply < played && self.truth.moves[*ply] == *a)
            .cloned();
        let req = Request {
            id,
            case: Some(self.s.id.clone()),
            query,
        };
        let body = ask(self.ctx.subject, &req, self.ctx.profiles, self.ctx.deadline)?;
        self.ctx.answered += 1;
        if let (Some((ply, action)), ReplyBody::Error { kind: k, message }) = (&forbidden, &body) {
            return Err(Stop::Refused(Box::new(self.refusal(
                played,
                (*ply, action),
                kind.as_str(),
                *k,
                message,
            ))));
        }
        match body {
            // `state` and `judge` are asked only because the implementation
            // declared them: declining one is not declining the case but
            // breaking the declaration, and must not turn into a skip (an
            // engine that declares everything and answers nothing would
            // otherwise pass by testing nothing).
            ReplyBody::Error {
                kind: ErrorKind::Unsupported,
                message,
            } if matches!(kind, QueryKind::State | QueryKind::Judge) => {
                let declared: Vec<&str> = match kind {
                    QueryKind::Judge => vec![crate::protocol::message::JUDGE],
                    _ => self
                        .declared_state_fields()
                        .iter()
                        .map(|f| f.capability)
                        .collect(),
                };
                Err(Stop::Trouble(Trouble::new(
                    TroubleKind::Error,
                    format!(
                        "{} was answered unsupported ({message}), but the implementation's hello \
                         declared {}: a declared capability must be answered (spec/protocol.md, \
                         Capabilities)",
                        kind.as_str(),
                        declared.join(", ")
                    ),
                )))
            }
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
            reasons: Vec::new(),
        }
    }

    /// The departure of a request at `at` refused because it plays
    /// `action`, which the implementation had left out of its legal list at
    /// `ply`: the refusal confirms that it forbids a legal action, and the
    /// reference's verdict on that action is the reason.
    fn refusal(
        &self,
        at: usize,
        (ply, action): (usize, &G::Action),
        query: &str,
        kind: ErrorKind,
        message: &str,
    ) -> Departure {
        let step = self
            .truth
            .steps
            .iter()
            .find(|s| s.ply == at)
            .expect("a request asks about a position of the truth");
        let mut d = self.departure(
            step,
            format!(
                "refused the position after {action}, which it had wrongly forbidden at ply {ply}: \
                 {query} was answered with error {}: {message}",
                kind.as_str()
            ),
        );
        d.wrongly_forbids = vec![action.to_string()];
        d.reasons = self.reasons(ply, &[action]);
        d
    }

    fn depart(&mut self, step: &Step<G>, message: String, reasons: Vec<Reason>) {
        let mut d = self.departure(step, message);
        d.reasons = reasons;
        self.departures.push(d);
    }

    /// The reference's game at `ply` of the truth, to ask it why.
    fn reference_at(&self, ply: usize) -> Option<Box<dyn crate::rules::Game<G>>> {
        let mut game = G::reference().start(&self.s.setup, self.profile).ok()?;
        for m in &self.truth.moves[..ply] {
            game.play(m).ok()?;
        }
        Some(game)
    }

    /// What the reference rules about each of `actions` at `ply`, in its
    /// own words.
    fn reasons(&self, ply: usize, actions: &[&G::Action]) -> Vec<Reason> {
        let Some(game) = self.reference_at(ply) else {
            return Vec::new();
        };
        actions
            .iter()
            .map(|a| match game.judge(a) {
                crate::rules::Verdict::Illegal(i) => Reason {
                    action: a.to_string(),
                    legal: Some(false),
                    rule: Some(i.rule.to_string()),
                    clause: Some(i.clause),
                    why: i.explanation,
                    implementation_says: None,
                    readings: Vec::new(),
                },
                crate::rules::Verdict::Legal => Reason {
                    action: a.to_string(),
                    legal: Some(true),
                    rule: None,
                    clause: None,
                    why: format!("no rule of profile {} forbids it here", self.profile.name()),
                    implementation_says: None,
                    readings: Vec::new(),
                },
            })
            .collect()
    }

    /// The implementation's own verdict on `action` at `ply`, when it
    /// judges: what it thinks forbids a move it left out.
    fn own_verdict(&mut self, ply: usize, action: &G::Action) -> Result<Option<String>, Stop> {
        if !self.has(crate::protocol::message::JUDGE) {
            return Ok(None);
        }
        match self.ask(Query::Judge(self.position(ply), action.clone()))? {
            ReplyBody::Verdict(None) => Ok(Some("legal".into())),
            ReplyBody::Verdict(Some(r)) => Ok(Some(format!("illegal ({r})"))),
            other => Err(unexpected("judge", &other)),
        }
    }

    fn has(&self, c: &str) -> bool {
        self.ctx.capabilities.iter().any(|d| d == c)
    }

    /// The declared state capabilities of this game, in the game's order:
    /// the one list that decides both whether `state` is asked and which
    /// fields are compared.
    fn declared_state_fields(&self) -> Vec<&'static StateField<G>> {
        G::STATE_FIELDS
            .iter()
            .filter(|f| self.has(f.capability))
            .collect()
    }

    /// Checks one ply: the legal actions, the declared state fields, and
    /// the judged actions. Each departure is recorded and the checks go on;
    /// only a decline or trouble with the implementation ends the walk.
    fn check_step(&mut self, step: &Step<G>) -> Result<(), Stop> {
        let got = match self.ask(Query::LegalMoves(self.position(step.ply)))? {
            ReplyBody::LegalMoves(m) => m,
            other => return Err(unexpected("legal-moves", &other)),
        };
        let want: BTreeSet<G::Action> = step.legal.iter().cloned().collect();
        let got = self.canonicalize(step, got, &want);
        if got != want {
            let allowed: Vec<&G::Action> = got.difference(&want).collect();
            let forbidden: Vec<&G::Action> = want.difference(&got).collect();
            let allows = names(allowed.iter());
            let forbids = names(forbidden.iter());
            let mut parts = Vec::new();
            if !allows.is_empty() {
                parts.push(format!("wrongly allows {}", allows.join(", ")));
            }
            if !forbids.is_empty() {
                parts.push(format!("wrongly forbids {}", forbids.join(", ")));
            }
            let named: Vec<&G::Action> = allowed.iter().chain(forbidden.iter()).copied().collect();
            let mut reasons = self.reasons(step.ply, &named);
            for (reason, action) in reasons.iter_mut().zip(&named) {
                if reason.legal == Some(true) {
                    reason.implementation_says = self.own_verdict(step.ply, action)?;
                }
            }
            self.forbidden
                .extend(forbidden.iter().map(|a| (step.ply, (*a).clone())));
            let mut d = self.departure(step, parts.join("; "));
            d.wrongly_allows = allows;
            d.wrongly_forbids = forbids;
            d.reasons = reasons;
            self.departures.push(d);
        }
        let fields = self.declared_state_fields();
        if let Some(want) = &step.state
            && (!fields.is_empty() || self.has(POSITION))
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
                    let reasons = self.reasons(step.ply, &[mv]);
                    self.depart(
                        step,
                        format!("judge {mv}: expected illegal ({rule}), got {got}"),
                        reasons,
                    );
                }
            }
        }
        Ok(())
    }

    /// The listed actions in canonical spelling. An action the truth lacks
    /// but which the reference reads as another spelling of a legal action
    /// is replaced by that action, and reported as a spelling departure
    /// naming the canonical one and the clause, not as an action wrongly
    /// allowed (with its canonical twin wrongly forbidden).
    fn canonicalize(
        &mut self,
        step: &Step<G>,
        got: Vec<G::Action>,
        want: &BTreeSet<G::Action>,
    ) -> BTreeSet<G::Action> {
        let strays: Vec<&G::Action> = got.iter().filter(|a| !want.contains(*a)).collect();
        if strays.is_empty() {
            return got.into_iter().collect();
        }
        let Some(game) = self.reference_at(step.ply) else {
            return got.into_iter().collect();
        };
        let clause = G::spelling_clause();
        let mut respelled = Vec::new();
        for a in strays {
            if let Some(c) = game.canonical(a).filter(|c| c != a && want.contains(c)) {
                respelled.push((a.clone(), c));
            }
        }
        if respelled.is_empty() {
            return got.into_iter().collect();
        }
        let cite = clause.map(|c| format!(" ({c})")).unwrap_or_default();
        let listed: Vec<String> = respelled
            .iter()
            .map(|(a, c)| format!("{a} for {c}"))
            .collect();
        let reasons = respelled
            .iter()
            .map(|(a, c)| Reason {
                action: a.to_string(),
                legal: None,
                rule: None,
                clause: clause.map(str::to_string),
                why: format!(
                    "another spelling of the legal action {c}, which is how the legal list \
                     must write it{cite}"
                ),
                implementation_says: None,
                readings: Vec::new(),
            })
            .collect();
        self.depart(
            step,
            format!(
                "lists a non-canonical spelling{cite}: {}",
                listed.join(", ")
            ),
            reasons,
        );
        got.into_iter()
            .map(|a| {
                respelled
                    .iter()
                    .find(|(x, _)| *x == a)
                    .map_or(a, |(_, c)| c.clone())
            })
            .collect()
    }

    /// Each declared field of a state reply: the reply must carry it, and
    /// it must equal the truth.
    fn compare_state(
        &mut self,
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
                let mut reasons = step
                    .ply
                    .checked_sub(1)
                    .map(|i| self.why_state(i))
                    .unwrap_or_default();
                if name == StateField::<G>::OUTCOME.capability {
                    reasons.extend(self.why_outcome(step.ply));
                }
                self.depart(
                    step,
                    format!(
                        "{name} expected {}, got {}",
                        (field.show)(&want),
                        (field.show)(got)
                    ),
                    reasons,
                );
            }
        }
        // `position`, when declared and the reference tells it. Where the
        // reference has none (a state no setup can hold, as the game's
        // page says), nothing is compared, and the reply may lack it too.
        if self.has(POSITION)
            && let Some(want) = want.get(POSITION)
        {
            match got.get(POSITION) {
                None => {
                    return Err(Stop::Trouble(Trouble::new(
                        TroubleKind::Error,
                        "the state reply lacks `position`, which the declared capability `position` requires".to_string(),
                    )));
                }
                Some(got) if got != want && !same_position::<G>(want, got) => {
                    self.depart(step, position_difference(want, got), Vec::new());
                }
                Some(_) => {}
            }
        }
        Ok(())
    }
}

impl<G: Rules> Walk<'_, '_, G> {
    /// Why the state after the action at ply `i` is what the truth says: the
    /// reference's own account of that action (what `arbiter show` prints).
    fn why_state(&self, i: usize) -> Vec<Reason> {
        let Some(mut game) = self.reference_at(i) else {
            return Vec::new();
        };
        let action = &self.truth.moves[i];
        match game.play(action) {
            Ok(note) => vec![Reason {
                action: action.to_string(),
                legal: None,
                rule: None,
                clause: None,
                why: format!("the reference notes: {}", G::describe(&note)),
                implementation_says: None,
                readings: Vec::new(),
            }],
            Err(_) => Vec::new(),
        }
    }
}

impl<G: Rules> Walk<'_, '_, G> {
    /// The reference's outcome at `ply` and the end test that decided it
    /// (the clause of [`Basics::outcome_clause`]), or that none applies.
    fn why_outcome(&self, ply: usize) -> Option<Reason> {
        let game = self.reference_at(ply)?;
        let outcome = game.outcome();
        let clause = G::outcome_clause(&outcome);
        let action = ply.checked_sub(1).map_or_else(
            || "the setup".to_string(),
            |i| self.truth.moves[i].to_string(),
        );
        let mut why = match (game.legal_actions().is_empty(), clause) {
            (true, Some(c)) => format!("the reference's outcome is {outcome}, decided by {c}"),
            (true, None) => format!("the reference's outcome is {outcome}"),
            (false, _) => format!(
                "the reference's outcome is {outcome}: no end test of the rules applies here"
            ),
        };
        // The clause of the end test is not always what decides between
        // outcomes: the order of two end tests, say, is another clause of
        // the same section (EP-5.5 beside EP-5.3). The expectation's own
        // note names it when the scenario is about it, and its readings are
        // involved as well. Clauses of other sections the note cites are
        // about the move, not the outcome (issue 42: AB-11 beside BG-7.2).
        let section = |id: &str| id.rsplit_once('.').map(|(s, _)| s.to_string());
        let end_section = clause.and_then(section);
        let note = ply
            .checked_sub(1)
            .and_then(|i| self.s.line(self.profile.name()).moves.get(i).copied())
            .and_then(|m| m.note.as_deref());
        let mut readings: Vec<String> = Vec::new();
        let cited: Vec<&str> = note
            .map(crate::scenario::clauses::cited_in)
            .unwrap_or_default()
            .into_iter()
            .filter(|c| Some(*c) != clause && end_section.is_some() && section(c) == end_section)
            .collect();
        let mut deciding: Vec<&str> = Vec::new();
        for c in cited {
            let of = crate::scenario::clauses::readings_of(G::SPEC_FILES, c);
            if !of.is_empty() {
                deciding.push(c);
            }
            for r in of {
                if !readings.contains(&r) {
                    readings.push(r);
                }
            }
        }
        if !deciding.is_empty() {
            why.push_str(&format!(
                "; the expectation's note cites {}",
                deciding.join(", ")
            ));
        }
        Some(Reason {
            action,
            legal: None,
            rule: None,
            clause: clause.map(str::to_string),
            why,
            implementation_says: None,
            readings,
        })
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
        departures: Vec::new(),
        forbidden: Vec::new(),
    };
    let mut result = ProfileResult::new(profile.name(), Status::Pass);
    for step in &truth.steps {
        match walk.check_step(step) {
            Ok(()) => {}
            Err(Stop::Declined(m)) => {
                result = ProfileResult::skipped(profile.name(), SkipKind::Declined, m);
                break;
            }
            Err(Stop::Refused(d)) => {
                walk.departures.push(*d);
                break;
            }
            Err(Stop::Trouble(t)) => {
                result.status = t.kind.into();
                // The place as a FAIL line gives it: the move played last
                // and the side to move, not the ply alone.
                let after = step.ply.checked_sub(1).map(|i| truth.moves[i].to_string());
                let mut message = format!(
                    "{}: {}",
                    super::report::place(step.ply, after.as_deref(), &step.to_move),
                    t.message
                );
                if t.kind == TroubleKind::Timeout {
                    // The budget is the scenario's, not the request's: say
                    // so, or a slow start-up repeated per request reads as
                    // one hung reply.
                    message.push_str(&format!(
                        " (the scenario's time of {} ran out, for all its requests together; \
                         {} answered before this one)",
                        humantime::format_duration(walk.ctx.budget),
                        walk.ctx.answered
                    ));
                }
                result.message = Some(message);
                result.stderr = t.stderr;
                break;
            }
        }
    }
    // Departures found before trouble or a decline are still reported; a
    // run with departures fails unless it ended in worse trouble.
    // Each reason that cites a clause names the readings it relates to.
    for d in &mut walk.departures {
        for r in &mut d.reasons {
            if let Some(c) = &r.clause {
                // The clause's readings first, then any the reason already
                // names (an outcome's, from its expectation's note).
                let mut readings = crate::scenario::clauses::readings_of(G::SPEC_FILES, c);
                for id in std::mem::take(&mut r.readings) {
                    if !readings.contains(&id) {
                        readings.push(id);
                    }
                }
                r.readings = readings;
            }
        }
    }
    let mut departures = walk.departures.into_iter();
    result.departure = departures.next();
    result.further = departures.collect();
    if result.departure.is_some() && matches!(result.status, Status::Pass | Status::Skip) {
        result.status = Status::Fail;
        result.skip = None;
    }
    result
}

/// Whether two positions in the game's canonical setup spelling are one
/// position as the game's page defines it
/// ([`Wire::same_position`](crate::rules::Wire::same_position)).
fn same_position<G: Rules>(want: &serde_json::Value, got: &serde_json::Value) -> bool {
    match (G::setup_from_wire(want), G::setup_from_wire(got)) {
        (Ok(a), Ok(b)) => G::same_position(&a, &b),
        _ => false,
    }
}

/// What differs between two positions (both in the game's canonical setup
/// encoding): the keys whose values differ, each with both values, so a
/// report names the side to move or the piece list at fault rather than
/// printing two whole boards.
fn position_difference(want: &serde_json::Value, got: &serde_json::Value) -> String {
    use serde_json::Value;
    let (Value::Object(w), Value::Object(g)) = (want, got) else {
        return format!("position expected {want}, got {got}");
    };
    let keys: BTreeSet<&String> = w.keys().chain(g.keys()).collect();
    let parts: Vec<String> = keys
        .into_iter()
        .filter(|k| w.get(*k) != g.get(*k))
        .map(|k| {
            let show = |v: Option<&Value>| v.map_or("nothing".to_string(), Value::to_string);
            format!("`{k}` expected {}, got {}", show(w.get(k)), show(g.get(k)))
        })
        .collect();
    format!("position differs: {}", parts.join("; "))
}
