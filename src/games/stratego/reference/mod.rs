//! The reference interpreter: slow and literal by design. A game is its
//! setup plus its move list; every question replays the whole list from the
//! start and applies the spec clauses one by one, so each decision can be
//! traced to a clause and nothing depends on incremental bookkeeping.

pub mod more_squares;
pub mod play;
pub mod replay;
pub mod two_squares;

use crate::games::stratego::game::{
    ChaseNote, DrawReason, Outcome, PlyReport, Stratego, TwoSquaresNote, WinReason,
};
use crate::games::stratego::moves::Move;
use crate::games::stratego::piece::{Color, Rank};
use crate::games::stratego::position::{Board, Setup, SetupError};
use crate::games::stratego::profile::Profile;
use crate::games::stratego::verdict::{Illegal, RuleCode};
use crate::rules::{self, Game, Implementation};

use replay::{PlyFact, Replay, apply};

/// The reference implementation.
#[derive(Clone, Copy, Debug, Default)]
pub struct Reference;

impl Implementation<Stratego> for Reference {
    fn name(&self) -> &'static str {
        "reference"
    }

    fn start(&self, setup: &Setup, profile: &Profile) -> Result<Box<dyn Game<Stratego>>, String> {
        Ok(Box::new(ReferenceGame::new(
            setup.validate().map_err(|e| e.to_string())?,
            profile.clone(),
        )))
    }
}

impl Reference {
    /// Starts a game as the concrete type (for Stratego's own tools).
    pub fn start_game(
        &self,
        setup: &Setup,
        profile: &Profile,
    ) -> Result<ReferenceGame, SetupError> {
        Ok(ReferenceGame::new(setup.validate()?, profile.clone()))
    }
}

/// A game held as setup plus moves.
#[derive(Clone, Debug)]
pub struct ReferenceGame {
    start: Board,
    profile: Profile,
    moves: Vec<Move>,
}

impl ReferenceGame {
    /// A game at its starting position.
    pub fn new(start: Board, profile: Profile) -> Self {
        ReferenceGame {
            start,
            profile,
            moves: Vec::new(),
        }
    }

    /// Replays the whole game.
    pub fn replay(&self) -> Replay {
        Replay::run(&self.start, &self.moves)
    }

    /// The profile in force.
    pub fn profile(&self) -> &Profile {
        &self.profile
    }

    /// Judges `mv` against a replay of this game: rules of play first, then
    /// the anti-repetition rules of the profile, two-squares before
    /// more-squares (RP-3.7). Returns the notes the move would carry.
    fn judge_on(&self, replay: &Replay, mv: Move) -> Result<Judged, Illegal> {
        let board = replay.current();
        if let Some(winner) = flag_capture(replay) {
            return Err(Illegal::new(
                RuleCode::GameOver,
                "RP-6.5",
                format!("the game is over: {winner} has captured the flag"),
            ));
        }
        play::check(board, mv)?;
        let (after, fact) = apply(board, mv);
        let two = match two_squares::judge(replay, &fact, &self.profile) {
            Ok(note) => note,
            Err(e) => self.override_two_squares(replay, &fact, &after).ok_or(e)?,
        };
        let chase = more_squares::judge(replay, &fact, &after, &self.profile)?;
        Ok(Judged { fact, two, chase })
    }

    /// MS-1.2: the exception never lets through a move the two-squares
    /// rule forbids. Only under the bug switch
    /// `more-squares.exception-overrides-two-squares` does a return that the
    /// exception covers (a repeating move MS-7 looks at) skip the
    /// two-squares verdict; its count is then reported past the limit.
    fn override_two_squares(
        &self,
        replay: &Replay,
        fact: &PlyFact,
        after: &Board,
    ) -> Option<TwoSquaresNote> {
        let ms = &self.profile.more_squares;
        let excepted = ms.enabled
            && ms.exception_overrides_two_squares
            && more_squares::judge(replay, fact, after, &self.profile)
                .is_ok_and(|n| n.repeats.is_some());
        if !excepted {
            return None;
        }
        let mut unlimited = self.profile.clone();
        unlimited.two_squares.enabled = false;
        two_squares::judge(replay, fact, &unlimited).ok()
    }

    fn legal_on(&self, replay: &Replay) -> Vec<Move> {
        play::pseudo_legal_moves(replay.current())
            .into_iter()
            .filter(|mv| self.judge_on(replay, *mv).is_ok())
            .collect()
    }

    /// RP-6: the outcome of the replayed game.
    fn outcome_on(&self, replay: &Replay) -> Outcome {
        if let Some(winner) = flag_capture(replay) {
            return Outcome::win(winner, WinReason::FlagCaptured);
        }
        let board = replay.current();
        if !self.legal_on(replay).is_empty() {
            return Outcome::Ongoing;
        }
        // RP-6.3: a draw only when neither side could move any piece at all.
        let me = board.to_move;
        if play::pseudo_legal_moves_for(board, me).is_empty()
            && play::pseudo_legal_moves_for(board, me.opponent()).is_empty()
        {
            return Outcome::Draw(DrawReason::NeitherCanMove);
        }
        // RP-6.2: otherwise the player who cannot move loses.
        Outcome::win(me.opponent(), WinReason::NoLegalMove)
    }
}

/// A move that passed every rule, with what each rule noted about it.
struct Judged {
    fact: PlyFact,
    two: TwoSquaresNote,
    chase: ChaseNote,
}

/// RP-6.1: who captured a flag, if the last ply did.
fn flag_capture(replay: &Replay) -> Option<Color> {
    replay
        .plies
        .iter()
        .find(|f| matches!(f.combat, Some((_, Rank::Flag, _))))
        .map(|f| f.color)
}

impl ReferenceGame {
    /// The current board.
    pub fn board(&self) -> Board {
        self.replay().current().clone()
    }
}

impl Game<Stratego> for ReferenceGame {
    fn render(&self) -> String {
        self.board().to_string()
    }

    fn side_to_move(&self) -> Color {
        self.replay().current().to_move
    }

    fn outcome(&self) -> Outcome {
        self.outcome_on(&self.replay())
    }

    fn judge(&self, mv: &Move) -> rules::Verdict<Stratego> {
        // When no move is legal (RP-6.2, RP-6.3) each move is refused for its
        // own reason, which says more than "the game is over".
        match self.judge_on(&self.replay(), *mv) {
            Ok(_) => rules::Verdict::Legal,
            Err(i) => rules::Verdict::Illegal(i.of(*mv)),
        }
    }

    fn legal_actions(&self) -> Vec<Move> {
        self.legal_on(&self.replay())
    }

    fn play(&mut self, mv: &Move) -> Result<PlyReport, rules::Illegal<Stratego>> {
        let mv = *mv;
        let replay = self.replay();
        let Judged { fact, two, chase } = self.judge_on(&replay, mv).map_err(|i| i.of(mv))?;
        self.moves.push(mv);
        let after = self.replay();
        Ok(PlyReport {
            mv: mv.to_string(),
            color: fact.color,
            rank: fact.rank,
            combat: fact.combat.map(|(_, rank, result)| (rank, result)),
            two_squares: self.profile.two_squares.enabled.then_some(two),
            chase: self.profile.more_squares.enabled.then_some(chase),
            outcome: self.outcome_on(&after),
        })
    }

    fn ply(&self) -> usize {
        self.moves.len()
    }
}
