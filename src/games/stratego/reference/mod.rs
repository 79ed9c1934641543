//! The reference interpreter: slow and literal by design. A game is its
//! setup plus its move list; every question is answered on the replay of the
//! whole list (every board and every ply's facts, [`replay::Replay`]) by
//! applying the spec clauses one by one, so each decision can be traced to a
//! clause and nothing depends on incremental bookkeeping.
//!
//! Two folds over the history are kept between questions and grown by one
//! step per move played: the replay ([`Replay::push`] is the very step
//! [`Replay::run`] repeats), both players' chases ([`Chases::extend`] is the
//! step of `more_squares::chase_of`) and both players' two-squares
//! sequences ([`AllSequences::extend`] is the step of
//! `two_squares::sequences_of`). Each is a
//! pure function of the setup, the profile and the moves, so keeping it
//! changes no answer (a unit test compares them with the folds from scratch
//! after every ply; those folds, which no game calls, are built for tests
//! only). Everything else the rules derive is still read off the
//! history on every question: the repeated positions of the window (MS-6.3,
//! looked up only for a chasing move), and a flag capture (RP-6.1, which
//! only the last ply can be).

pub mod more_squares;
pub mod play;
pub mod replay;
pub mod two_squares;

use crate::games::stratego::army::Army;
use crate::games::stratego::game::{
    ChaseNote, DrawReason, Outcome, PlyReport, Stratego, TwoSquaresNote, WinReason,
};
use crate::games::stratego::moves::Move;
use crate::games::stratego::piece::{Color, Rank};
use crate::games::stratego::position::{Board, Setup, SetupError};
use crate::games::stratego::profile::Profile;
use crate::games::stratego::verdict::{Illegal, RuleCode};
use crate::rules::{self, Game, Implementation};

use more_squares::{Chases, Stood};
use replay::{PlyFact, Replay, apply};
use two_squares::AllSequences;

/// The reference implementation.
#[derive(Clone, Copy, Debug, Default)]
pub struct Reference;

impl Implementation<Stratego> for Reference {
    crate::own_implementation!("reference");

    fn start(&self, setup: &Setup, profile: &Profile) -> Result<Box<dyn Game<Stratego>>, String> {
        Ok(Box::new(ReferenceGame::new(
            setup.validate().map_err(|e| e.to_string())?,
            setup.army,
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
        Ok(ReferenceGame::new(
            setup.validate()?,
            setup.army,
            profile.clone(),
        ))
    }
}

/// A game held as setup plus moves, with their replay.
#[derive(Clone, Debug)]
pub struct ReferenceGame {
    start: Board,
    /// The setup's army: the board does not say it, and the position
    /// written as a setup (`position`) must.
    army: Army,
    profile: Profile,
    moves: Vec<Move>,
    /// `Replay::run(&start, &moves)`, grown by [`Replay::push`] as moves are
    /// played.
    replay: Replay,
    /// `Chases::of(&replay, &profile)`, grown by [`Chases::extend`].
    chases: Chases,
    /// `AllSequences::of(&replay, &profile)`, grown by
    /// [`AllSequences::extend`].
    sequences: AllSequences,
    /// `Stood::of(&replay, &profile)`, grown by [`Stood::extend`].
    stood: Stood,
}

impl ReferenceGame {
    /// A game at its starting position.
    pub fn new(start: Board, army: Army, profile: Profile) -> Self {
        ReferenceGame {
            army,
            replay: Replay::run(&start, &[]),
            chases: Chases::default(),
            sequences: AllSequences::default(),
            stood: Stood::of(&Replay::run(&start, &[]), &profile),
            start,
            profile,
            moves: Vec::new(),
        }
    }

    /// The replay of the whole game.
    pub fn replay(&self) -> &Replay {
        &self.replay
    }

    /// The setup's board and the moves played: what the replay is a
    /// function of.
    pub fn history(&self) -> (&Board, &[Move]) {
        (&self.start, &self.moves)
    }

    /// The profile in force (for the unit test of the grown folds).
    #[cfg(test)]
    pub fn profile(&self) -> &Profile {
        &self.profile
    }

    /// Judges `mv` against a replay of this game: rules of play first, then
    /// the anti-repetition rules of the profile, two-squares before
    /// more-squares (RP-3.7). Returns the notes the move would carry.
    fn judge_on(&self, mv: Move) -> Result<Judged, Illegal> {
        let replay = &self.replay;
        let board = replay.current();
        if let Some(winner) = flag_capture(replay) {
            return Err(Illegal::new(
                RuleCode::GameOver,
                "RP-6.5",
                format!("the game is over: {winner} has captured the flag"),
            ));
        }
        if let Some(mover) = self.immobile_mover() {
            return Err(Illegal::new(
                RuleCode::GameOver,
                "RP-6.2",
                format!("the game is over: {mover} has no movable piece (fault)"),
            ));
        }
        play::check(board, mv)?;
        let (after, fact) = apply(board, mv);
        let mine = self.sequences.of_player(fact.color);
        let two = match two_squares::judge(mine, &fact, &self.profile) {
            Ok(note) => note,
            Err(e) => self.override_two_squares(&fact, &after).ok_or(e)?,
        };
        let chase = more_squares::judge(
            replay,
            &self.chases,
            &self.stood,
            &fact,
            &after,
            &self.profile,
        )?;
        Ok(Judged { fact, two, chase })
    }

    /// MS-1.2: the exception never lets through a move the two-squares
    /// rule forbids. Only under the bug switch
    /// `more-squares.exception-overrides-two-squares` does a return that the
    /// exception covers (a repeating move MS-7 looks at) skip the
    /// two-squares verdict; its count is then reported past the limit.
    fn override_two_squares(&self, fact: &PlyFact, after: &Board) -> Option<TwoSquaresNote> {
        let replay = &self.replay;
        let ms = &self.profile.more_squares;
        let excepted = ms.enabled
            && ms.exception_overrides_two_squares
            && more_squares::judge(
                replay,
                &self.chases,
                &self.stood,
                fact,
                after,
                &self.profile,
            )
            .is_ok_and(|n| n.repeats.is_some());
        if !excepted {
            return None;
        }
        let mut unlimited = self.profile.clone();
        unlimited.two_squares.enabled = false;
        two_squares::judge(self.sequences.of_player(fact.color), fact, &unlimited).ok()
    }

    fn legal_on(&self) -> Vec<Move> {
        play::pseudo_legal_moves(self.replay.current())
            .into_iter()
            .filter(|mv| self.judge_on(*mv).is_ok())
            .collect()
    }

    /// Under the fault `mover-immobile-loses-at-once`: the player who made
    /// the last move, when no piece of theirs can move by the rules of play.
    fn immobile_mover(&self) -> Option<Color> {
        if !self.profile.faults.mover_immobile_loses_at_once || self.moves.is_empty() {
            return None;
        }
        let mover = self.replay.current().to_move.opponent();
        play::pseudo_legal_moves_for(self.replay.current(), mover)
            .is_empty()
            .then_some(mover)
    }

    /// RP-6: the outcome of the replayed game.
    fn outcome_on(&self) -> Outcome {
        let replay = &self.replay;
        let board = replay.current();
        let me = board.to_move;
        let immobile = |c: Color| play::pseudo_legal_moves_for(board, c).is_empty();
        if let Some(winner) = flag_capture(replay) {
            // RP-6.4: the flag first; the fault `no-moves-before-flag` asks
            // RP-6.2 and RP-6.3 first.
            if self.profile.faults.no_moves_before_flag && immobile(me) {
                if immobile(me.opponent()) {
                    return Outcome::Draw(DrawReason::NeitherCanMove);
                }
                return Outcome::win(me.opponent(), WinReason::NoLegalMove);
            }
            return Outcome::win(winner, WinReason::FlagCaptured);
        }
        if let Some(mover) = self.immobile_mover() {
            return Outcome::win(mover.opponent(), WinReason::NoLegalMove);
        }
        if !self.legal_on().is_empty() {
            return Outcome::Ongoing;
        }
        // RP-6.3: a draw only when neither side could move any piece at all
        // (the fault `draw-if-opponent-immobile` asks about the opponent only).
        if !self.profile.faults.no_draw
            && (self.profile.faults.draw_if_opponent_immobile
                || play::pseudo_legal_moves_for(board, me).is_empty())
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

/// RP-6.1: who captured a flag, if the last ply did. Only the last ply
/// can have: a flag capture ends the game (RP-6.5), so no ply follows one
/// (`judge_on` refuses every move after it), and looking further back
/// would only make every question cost the length of the game.
fn flag_capture(replay: &Replay) -> Option<Color> {
    replay
        .plies
        .last()
        .filter(|f| matches!(f.combat, Some((_, Rank::Flag, _))))
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
        self.outcome_on()
    }

    fn judge(&self, mv: &Move) -> rules::Verdict<Stratego> {
        // When no move is legal (RP-6.2, RP-6.3) each move is refused for its
        // own reason, which says more than "the game is over".
        match self.judge_on(*mv) {
            Ok(_) => rules::Verdict::Legal,
            Err(i) => rules::Verdict::Illegal(i.of(*mv)),
        }
    }

    fn legal_actions(&self) -> Vec<Move> {
        self.legal_on()
    }

    fn play(&mut self, mv: &Move) -> Result<PlyReport, rules::Illegal<Stratego>> {
        let mv = *mv;
        let Judged { fact, two, chase } = self.judge_on(mv).map_err(|i| i.of(mv))?;
        self.moves.push(mv);
        self.replay.push(mv);
        self.chases.extend(&self.replay, &self.profile);
        self.sequences.extend(&self.replay, &self.profile);
        self.stood.extend(&self.replay, &self.profile);
        Ok(PlyReport {
            mv: mv.to_string(),
            color: fact.color,
            rank: fact.rank,
            combat: fact.combat.map(|(_, rank, result)| (rank, result)),
            two_squares: self.profile.two_squares.enabled.then_some(two),
            chase: self.profile.more_squares.enabled.then_some(chase),
            outcome: self.outcome_on(),
        })
    }

    fn ply(&self) -> usize {
        self.moves.len()
    }

    /// The board of the last replayed ply, square by square in the
    /// geometry's order, with the setup's army. The chase and two-squares
    /// records and a captured flag are history: not in it.
    fn position(&self) -> Option<Setup> {
        let now = self.replay.current();
        let geometry = now.geometry().clone();
        let mut pieces = Vec::new();
        for sq in geometry.squares() {
            if let Some(placed) = now.at(sq) {
                pieces.push((sq, placed.piece));
            }
        }
        Some(Setup {
            geometry,
            army: self.army,
            pieces,
            to_move: now.to_move,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::stratego::army::Army;
    use crate::games::stratego::geometry::Geometry;
    use crate::games::stratego::piece::Piece;
    use crate::games::stratego::square::Square;

    /// The kept replay is the replay of the whole game, ply after ply,
    /// captures included: keeping it is a cache, not bookkeeping.
    #[test]
    fn the_kept_replay_is_the_replay_of_the_moves() {
        let piece = |color, rank| Piece { color, rank };
        let mut pieces = Vec::new();
        for f in 0..10u8 {
            let rank = [Rank::Scout, Rank::Miner, Rank::Sergeant][f as usize % 3];
            pieces.push((Square::new(f, 3), piece(Color::Red, rank)));
            pieces.push((Square::new(f, 6), piece(Color::Blue, rank)));
        }
        pieces.push((Square::new(0, 0), piece(Color::Red, Rank::Flag)));
        pieces.push((Square::new(9, 9), piece(Color::Blue, Rank::Flag)));
        let setup = Setup {
            geometry: Geometry::standard(),
            army: Army::STANDARD,
            pieces,
            to_move: Color::Red,
        };
        let mut g = Reference.start_game(&setup, &Profile::isf()).unwrap();
        let mut seed = 7u64;
        let mut captures = 0;
        for _ in 0..60 {
            let legal = g.legal_actions();
            if legal.is_empty() {
                break;
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let mv = legal[(seed >> 33) as usize % legal.len()];
            captures += usize::from(g.play(&mv).unwrap().combat.is_some());
            let (start, moves) = g.history();
            let replay = Replay::run(start, moves);
            assert_eq!(g.replay(), &replay);
            assert_eq!(g.chases, Chases::of(&replay, g.profile()));
            assert_eq!(g.sequences, AllSequences::of(&replay, g.profile()));
            assert_eq!(g.stood, Stood::of(&replay, g.profile()));
        }
        assert!(
            g.ply() >= 20 && captures > 0,
            "{} plies, {captures} captures",
            g.ply()
        );
    }
}
