//! What a conforming implementation must answer at each ply of a scenario.
//!
//! The scenario states a few expectations; the reference interpreter, which
//! `arbiter check` holds to every one of them, supplies the rest: the full
//! list of legal moves at every ply, and the state after every move. So a
//! departure is caught at the first ply where it shows, even when the
//! scenario's author wrote nothing about that ply.

use crate::games::stratego::game::{Game, Implementation};
use crate::games::stratego::moves::Move;
use crate::games::stratego::piece::Color;
use crate::games::stratego::profile::Profile;
use crate::games::stratego::reference::Reference;
use crate::games::stratego::verdict::RuleCode;
use crate::protocol::message::{State, TwoSquaresState};
use crate::scenario::format::Legality;
use crate::scenario::load::Scenario;
use crate::scenario::run::run_profile;

/// The truth at one ply: the position after `ply` moves.
#[derive(Clone, Debug)]
pub struct Step {
    /// How many moves have been played (0: the setup).
    pub ply: usize,
    /// Whose turn it is.
    pub to_move: Color,
    /// Every legal move, sorted.
    pub legal: Vec<Move>,
    /// The state after the last move (every field filled); `None` at ply 0.
    pub state: Option<State>,
    /// Moves the scenario names as illegal here, with the rule that forbids
    /// each.
    pub illegal: Vec<(Move, RuleCode)>,
}

/// The truth for one scenario under one profile.
#[derive(Clone, Debug)]
pub struct Truth {
    /// The moves played (the scenario's moves up to its first illegal one).
    pub moves: Vec<Move>,
    /// One step per position, from the setup to the last.
    pub steps: Vec<Step>,
}

/// Works out the truth, after checking that the reference interpreter holds
/// every expectation of the scenario under `profile` (if it does not, the
/// corpus and the reference disagree, and no implementation can be judged on
/// this scenario: `arbiter check` shows why).
pub fn truth(s: &Scenario, profile: &Profile) -> Result<Truth, String> {
    if let Some(f) = run_profile(s, &Reference, profile).first() {
        return Err(format!(
            "the reference interpreter does not pass this scenario ({f}); run `arbiter check {}`",
            s.path.display()
        ));
    }
    let mut game = Reference
        .start(&s.setup, profile)
        .map_err(|e| format!("setup refused: {e}"))?;
    let mut moves = Vec::new();
    let mut steps = Vec::new();
    let mut state = None;
    for m in &s.moves {
        let exp = m.expectations(&profile.name);
        let mut step = step_of(game.as_ref(), moves.len(), state.take());
        if exp.expect == Some(Legality::Illegal) {
            if let Some(rule) = game.judge(m.mv).rule() {
                step.illegal.push((m.mv, rule));
            }
            steps.push(step);
            return Ok(Truth { moves, steps });
        }
        steps.push(step);
        let report = game
            .play(m.mv)
            .map_err(|e| format!("move {} is {e}", m.mv))?;
        moves.push(m.mv);
        state = Some(State {
            two_squares: Some(report.two_squares.as_ref().map(|n| TwoSquaresState {
                count: n.count,
                starts: n.starts,
            })),
            combat: Some(report.combat.map(|c| c.1)),
            outcome: Some(report.outcome),
            chase: Some(crate::protocol::answer::chase_state(&report)),
        });
    }
    let mut last = step_of(game.as_ref(), moves.len(), state);
    for p in &s.probes {
        if let Some(rule) = game.judge(p.mv).rule() {
            last.illegal.push((p.mv, rule));
        }
    }
    steps.push(last);
    Ok(Truth { moves, steps })
}

fn step_of(game: &dyn Game, ply: usize, state: Option<State>) -> Step {
    Step {
        ply,
        to_move: game.side_to_move(),
        legal: game.legal_moves(),
        state,
        illegal: Vec::new(),
    }
}
