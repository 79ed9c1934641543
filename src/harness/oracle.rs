//! What a conforming implementation must answer at each ply of a scenario.
//!
//! The scenario states a few expectations; the reference interpreter, which
//! `arbiter check` holds to every one of them, supplies the rest: the full
//! list of legal moves at every ply, and the state after every move. So a
//! departure is caught at the first ply where it shows, even when the
//! scenario's author wrote nothing about that ply.

use crate::protocol::answer::state_of;
use crate::protocol::message::State;
use crate::rules::{Game, RuleProfile, Rules};
use crate::scenario::format::Legality;
use crate::scenario::load::Scenario;
use crate::scenario::run::run_profile;

/// The truth at one ply: the position after `ply` actions.
#[derive(Clone, Debug)]
pub struct Step<G: Rules> {
    /// How many actions have been played (0: the setup).
    pub ply: usize,
    /// Whose turn it is.
    pub to_move: String,
    /// Every legal action, sorted.
    pub legal: Vec<G::Action>,
    /// The state after the last action (every field of the game's list);
    /// `None` at ply 0.
    pub state: Option<State>,
    /// Actions the scenario names as illegal here, with the rule that
    /// forbids each.
    pub illegal: Vec<(G::Action, G::RuleCode)>,
}

/// The truth for one scenario under one profile.
#[derive(Clone, Debug)]
pub struct Truth<G: Rules> {
    /// The actions played (the scenario's, up to its first illegal one).
    pub moves: Vec<G::Action>,
    /// One step per position, from the setup to the last.
    pub steps: Vec<Step<G>>,
}

/// Works out the truth, after checking that the reference interpreter holds
/// every expectation of the scenario under `profile` (if it does not, the
/// corpus and the reference disagree, and no implementation can be judged on
/// this scenario: `arbiter check` shows why).
pub fn truth<G: Rules>(s: &Scenario<G>, profile: &G::Profile) -> Result<Truth<G>, String> {
    if let Some(f) = run_profile(s, G::reference(), profile).first() {
        return Err(format!(
            "the reference interpreter does not pass this scenario ({f}); run `arbiter check {}`",
            s.path.display()
        ));
    }
    let mut game = G::reference()
        .start(&s.setup, profile)
        .map_err(|e| format!("setup refused: {e}"))?;
    let mut moves = Vec::new();
    let mut steps = Vec::new();
    let mut after = None;
    let line = s.line(profile.name());
    // Actions a profile refuses are judged at the position where they are
    // written; the position itself is one step, however many are refused.
    let mut refused = Vec::new();
    for m in &line.moves {
        let exp = m.expectations(profile.name());
        if exp.expect == Some(Legality::Illegal) {
            if let Some(rule) = game.judge(&m.mv).rule() {
                refused.push((m.mv.clone(), rule));
            }
            continue;
        }
        let mut step = step_of(game.as_ref(), moves.len(), after.take());
        step.illegal = std::mem::take(&mut refused);
        steps.push(step);
        let note = game
            .play(&m.mv)
            .map_err(|e| format!("move {} is {e}", m.mv))?;
        moves.push(m.mv.clone());
        after = Some(state_of::<G>(game.as_ref(), Some(&note)));
    }
    let mut last = step_of(game.as_ref(), moves.len(), after);
    last.illegal = refused;
    for p in line.probes {
        if let Some(rule) = game.judge(&p.mv).rule() {
            last.illegal.push((p.mv.clone(), rule));
        }
    }
    steps.push(last);
    Ok(Truth { moves, steps })
}

fn step_of<G: Rules>(game: &dyn Game<G>, ply: usize, state: Option<State>) -> Step<G> {
    Step {
        ply,
        to_move: game.side_to_move().to_string(),
        legal: game.legal_actions(),
        state,
        illegal: Vec::new(),
    }
}
