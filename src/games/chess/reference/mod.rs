//! The reference interpreter: slow and literal. A game is its history of
//! positions from the setup on; every question (legal moves, repetitions,
//! material, claims, the outcome) is answered from that history by the
//! clauses of `spec/chess/rules.md`. The two counts the draw rules take
//! over the whole history (how often a position has stood, how many checks
//! in a row) are kept with the list as positions are added
//! ([`draws::History`]), so that a long game costs in proportion to its
//! length; they are the same counts the clauses define, compared with them
//! by a test.

pub mod draws;
pub mod judge;
pub mod movement;

use crate::games::chess::action::{Action, ClaimKind, UciMove};
use crate::games::chess::board::Color;
use crate::games::chess::game::{Chess, DrawReason, Note, Outcome, WinReason};
use crate::games::chess::position::Position;
use crate::games::chess::profile::{DrawRule, Profile, Stalemate};
use crate::games::chess::verdict::RuleCode;
use crate::rules::{Game, Illegal, Implementation, Verdict};

use draws::{History, insufficient_material, move_limit};
use judge::{Refusal, judge_move};
use movement::{in_check, legal_moves, make};

/// The reference implementation.
#[derive(Clone, Copy, Debug, Default)]
pub struct Reference;

impl Implementation<Chess> for Reference {
    crate::own_implementation!("reference", Chess => ReferenceGame::new);
}

/// A game as its history.
#[derive(Clone, Debug)]
pub struct ReferenceGame {
    profile: Profile,
    /// The setup, then the position after each move, with the counts the
    /// draw rules take over them.
    history: History,
    /// The actions played.
    actions: Vec<Action>,
    outcome: Outcome,
}

impl ReferenceGame {
    /// Starts a game, refusing a setup whose side not to move is in check
    /// (CH-1.2).
    pub fn new(setup: &Position, profile: &Profile) -> Result<Self, String> {
        let waiting = setup.to_move.other();
        if in_check(setup, waiting) {
            return Err(format!(
                "{waiting} is not to move but its king is attacked: no legal move leads here (CH-1.2)"
            ));
        }
        let history = History::new(setup.clone(), profile);
        let outcome = outcome_of(&history, profile);
        Ok(ReferenceGame {
            profile: profile.clone(),
            history,
            actions: Vec::new(),
            outcome,
        })
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.history.last()
    }

    /// Whether `kind` may be claimed now, about the current position or the
    /// one `mv` makes (CH-9); why not, if not.
    fn claim(&self, kind: ClaimKind, mv: Option<UciMove>) -> Result<(), Refusal> {
        let p = &self.profile;
        let rule = match kind {
            ClaimKind::Threefold => p.threefold,
            ClaimKind::Fifty => p.fifty_moves,
        };
        let no = |why: String| {
            Err(Refusal {
                rule: RuleCode::ClaimNotAvailable,
                clause: "CH-9.1",
                explanation: why,
            })
        };
        if rule != DrawRule::Claim {
            let how = if rule == DrawRule::Off {
                "no"
            } else {
                "an automatic"
            };
            return no(format!(
                "profile {} has {how} {kind} rule, so nothing is claimed",
                p.name
            ));
        }
        // The position the claim is about: the current one, or the one the
        // intended move makes, with how often it has stood (CH-6.3).
        let made;
        let (now, n) = match mv {
            None => (self.position(), self.history.repetitions()),
            Some(m) => {
                if !p.claim_with_move {
                    return no(format!(
                        "profile {} takes no claim with an intended move",
                        p.name
                    ));
                }
                judge_move(self.position(), m)?;
                made = make(self.position(), m, p.clock_reset).0;
                (&made, self.history.repetitions_with(&made))
            }
        };
        let after = if mv.is_some() {
            "after the intended move"
        } else {
            "now"
        };
        match kind {
            ClaimKind::Threefold => {
                if n < p.occurrences {
                    return no(format!(
                        "the position {after} has stood {n} time(s), not {} (CH-6.4)",
                        p.occurrences
                    ));
                }
            }
            ClaimKind::Fifty => {
                if now.halfmove < 100 {
                    return no(format!(
                        "the half-move clock {after} is {}, not 100 (CH-8.2)",
                        now.halfmove
                    ));
                }
            }
        }
        // CH-9.4: a position with no legal move is decided by mate or
        // stalemate (CH-10.1), not by a claim about it.
        if mv.is_some() && !p.claim_beats_mate && legal_moves(now).is_empty() {
            let end = if in_check(now, now.to_move) {
                "checkmate"
            } else {
                "stalemate"
            };
            return no(format!(
                "the intended move would end the game by {end}, which no claim overrides (CH-9.4)"
            ));
        }
        Ok(())
    }

    /// The claims the side to move could make about the position now.
    fn claimable(&self) -> Vec<ClaimKind> {
        if self.outcome.is_over() {
            return Vec::new();
        }
        [ClaimKind::Threefold, ClaimKind::Fifty]
            .into_iter()
            .filter(|k| self.claim(*k, None).is_ok())
            .collect()
    }

    fn refusal(&self, action: &Action) -> Option<Refusal> {
        if self.outcome.is_over() {
            return Some(Refusal {
                rule: RuleCode::GameOver,
                clause: "CH-10.3",
                explanation: format!("the game is over ({})", self.outcome),
            });
        }
        match *action {
            Action::Move(m) => judge_move(self.position(), m).err(),
            Action::Claim(k, mv) => self.claim(k, mv).err(),
        }
    }
}

/// How the game stands at the end of `history` (CH-10.1): checkmate and
/// stalemate first, then material, repetition, perpetual check and the
/// move-count limits; a move-count limit first only under the bug switch
/// `move-limit-beats-mate`, material before stalemate only under
/// `material-before-stalemate`, a move-count limit before repetition only
/// under `move-limit-before-repetition` (`spec/chess/endings.md`).
pub fn outcome_of(history: &History, profile: &Profile) -> Outcome {
    let pos = history.last();
    let limit = move_limit(pos, profile);
    if profile.move_limit_beats_mate
        && let Some(r) = limit
    {
        return Outcome::Draw(r);
    }
    let dead = insufficient_material(pos, profile.insufficient_material);
    if legal_moves(pos).is_empty() {
        let winner = pos.to_move.other();
        return if in_check(pos, pos.to_move) {
            Outcome::win(winner, WinReason::Checkmate)
        } else if profile.material_before_stalemate && dead {
            // AM-12's other order: python-chess names the material.
            Outcome::Draw(DrawReason::InsufficientMaterial)
        } else if profile.stalemate == Stalemate::Draw {
            Outcome::Draw(DrawReason::Stalemate)
        } else {
            Outcome::win(winner, WinReason::Stalemate)
        };
    }
    if dead {
        return Outcome::Draw(DrawReason::InsufficientMaterial);
    }
    // AM-13's other order: the move count before the repetition.
    if profile.move_limit_before_repetition
        && let Some(r) = limit
    {
        return Outcome::Draw(r);
    }
    let n = history.repetitions();
    if profile.threefold == DrawRule::Automatic && n >= profile.occurrences {
        return Outcome::Draw(DrawReason::ThreefoldRepetition);
    }
    if profile.fivefold && n >= 5 {
        return Outcome::Draw(DrawReason::FivefoldRepetition);
    }
    if profile.perpetual_checks > 0 && history.checks_in_a_row() >= profile.perpetual_checks {
        return Outcome::Draw(DrawReason::PerpetualCheck);
    }
    match limit {
        Some(r) => Outcome::Draw(r),
        None => Outcome::Ongoing,
    }
}

impl Game<Chess> for ReferenceGame {
    fn side_to_move(&self) -> Color {
        self.position().to_move
    }

    fn outcome(&self) -> Outcome {
        self.outcome
    }

    fn judge(&self, action: &Action) -> Verdict<Chess> {
        match self.refusal(action) {
            None => Verdict::Legal,
            Some(r) => Verdict::Illegal(Illegal {
                action: *action,
                rule: r.rule,
                clause: r.clause.to_string(),
                explanation: r.explanation,
            }),
        }
    }

    fn legal_actions(&self) -> Vec<Action> {
        if self.outcome.is_over() {
            return Vec::new();
        }
        let moves = legal_moves(self.position());
        let mut out: Vec<Action> = moves.iter().map(|m| Action::Move(*m)).collect();
        for kind in [ClaimKind::Threefold, ClaimKind::Fifty] {
            if self.claim(kind, None).is_ok() {
                out.push(Action::Claim(kind, None));
            }
            for m in &moves {
                if self.claim(kind, Some(*m)).is_ok() {
                    out.push(Action::Claim(kind, Some(*m)));
                }
            }
        }
        out.sort();
        out
    }

    fn play(&mut self, action: &Action) -> Result<Note, Illegal<Chess>> {
        if let Verdict::Illegal(i) = self.judge(action) {
            return Err(i);
        }
        let side = self.side_to_move();
        let capture = match *action {
            Action::Move(m) => {
                let (next, capture) = make(self.position(), m, self.profile.clock_reset);
                self.history.push(next);
                self.outcome = outcome_of(&self.history, &self.profile);
                capture
            }
            Action::Claim(kind, _) => {
                self.outcome = Outcome::Draw(match kind {
                    ClaimKind::Threefold => DrawReason::ThreefoldRepetition,
                    ClaimKind::Fifty => DrawReason::FiftyMoves,
                });
                false
            }
        };
        self.actions.push(*action);
        let pos = self.position();
        Ok(Note {
            action: *action,
            side,
            capture,
            check: in_check(pos, pos.to_move),
            halfmove_clock: pos.halfmove,
            repetitions: self.history.repetitions(),
            claimable: self.claimable(),
            outcome: self.outcome,
        })
    }

    fn ply(&self) -> usize {
        self.actions.len()
    }

    fn render(&self) -> String {
        let pos = self.position();
        format!("{}FEN {}\n", pos.picture(), pos.fen())
    }

    fn position(&self) -> Option<Position> {
        Some(self.history.last().clone())
    }
}
