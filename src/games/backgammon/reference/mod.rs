//! The reference interpreter: slow and literal. The game keeps the position,
//! the cube and the phase of the turn, and every rule is a line of code
//! that cites its clause (`spec/backgammon/rules.md`).

pub mod plays;

use crate::rules::{Game, Illegal, Implementation, Verdict};

use super::board::{Action, BAR, OFF, Player, Position, Roll, Side};
use super::game::{Backgammon, Cube, Note, Outcome, WinBy};
use super::profile::{OpeningDoubles, Profile, Resign};
use super::setup::Setup;
use super::verdict::RuleCode;

/// The reference interpreter.
pub struct Reference;

impl Implementation<Backgammon> for Reference {
    crate::own_implementation!("reference");

    fn start(&self, setup: &Setup, profile: &Profile) -> Result<Box<dyn Game<Backgammon>>, String> {
        check_setup(setup)?;
        Ok(Box::new(RefGame::new(setup, profile)))
    }
}

/// The setup checks of BG-1.2, BG-4.4, BG-7.6 and BG-8.8.
pub fn check_setup(setup: &Setup) -> Result<(), String> {
    // BG-8.8: 1, 2, 4, … up to the largest cube.
    let mut v = 1u32;
    while v < setup.cube.value && v < Cube::LARGEST {
        v *= 2;
    }
    if v != setup.cube.value {
        return Err(format!(
            "the cube's value {} is not one of 1, 2, 4, … {} (BG-8.8)",
            setup.cube.value,
            Cube::LARGEST
        ));
    }
    let pos = &setup.position;
    for p in Player::BOTH {
        let n = pos.total(p);
        if n != 15 {
            return Err(format!("{p} has {n} checkers, not 15 (BG-1.2)"));
        }
    }
    // BG-7.6: only one player can be the first to bear off all 15.
    if pos.off.iter().all(|&n| n == 15) {
        return Err(
            "both players have borne off all 15 checkers: only one of them can have been first (BG-7.6)"
                .into(),
        );
    }
    for pt in 1..=24u8 {
        if pos.at(Player::White, pt) > 0 && pos.at(Player::Black, 25 - pt) > 0 {
            return Err(format!(
                "white's point {pt} holds checkers of both colours (BG-4.4)"
            ));
        }
    }
    if [setup.opening, setup.dice.is_some(), setup.roll_next]
        .iter()
        .filter(|&&b| b)
        .count()
        > 1
    {
        return Err("a setup has at most one of: the opening roll to come, dice on the table, the dice to roll next".into());
    }
    Ok(())
}

/// `n` times the cube's value `v`. BG-8.8 keeps every product the rules
/// form (at most three times the largest cube) within 32 bits; should one
/// ever overflow, it stops at the largest number rather than wrap to a
/// small one.
fn times(n: u32, v: u32) -> u32 {
    n.saturating_mul(v)
}

/// Where the turn stands (BG-2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// The dice side rolls one die for each player (BG-2.3).
    Opening,
    /// The player on turn may double or resign before rolling (BG-2.5).
    Decide,
    /// The opponent takes or drops (BG-8.4, BG-8.5).
    Offered,
    /// The dice side rolls the player's two dice (BG-2.2).
    Roll,
    /// The player plays the roll (BG-3).
    Play(Roll),
    /// The game is over (BG-2.6).
    Over,
}

/// A game in progress.
pub struct RefGame {
    profile: Profile,
    pos: Position,
    turn: Player,
    cube: Cube,
    phase: Phase,
    outcome: Outcome,
    ply: usize,
}

impl RefGame {
    fn new(setup: &Setup, profile: &Profile) -> Self {
        let mut g = RefGame {
            profile: profile.clone(),
            pos: setup.position.clone(),
            turn: setup.to_move,
            cube: setup.cube,
            phase: Phase::Roll,
            outcome: Outcome::Ongoing,
            ply: 0,
        };
        g.phase = if setup.opening {
            Phase::Opening
        } else if let Some(r) = setup.dice {
            Phase::Play(r)
        } else if setup.roll_next {
            Phase::Roll
        } else {
            g.turn_begins()
        };
        // BG-7.6: a setup where a player has borne off all 15 is a game
        // that player has won; it is scored on the checkers and the cube as
        // given (BG-7.2 to BG-7.4), and what the setup says of the turn is
        // a turn that never comes.
        for winner in Player::BOTH {
            if g.pos.off[winner.index()] == 15 {
                let (by, points) = g.score(winner);
                g.outcome = Outcome::win(winner, by, points);
                g.phase = Phase::Over;
            }
        }
        g
    }

    /// BG-8.2 and BG-8.3: may the player on turn double now?
    fn double_refusal(&self) -> Option<(RuleCode, &'static str, String)> {
        let f = &self.profile.faults;
        if !self.profile.cube.enabled {
            return Some((
                RuleCode::CubeDisabled,
                "BG-8.1",
                "the profile plays without a cube".into(),
            ));
        }
        if let Some(owner) = self.cube.owner
            && owner != self.turn
            && !f.redouble_not_owner
        {
            return Some((
                RuleCode::CubeNotYours,
                "BG-8.2",
                format!("{owner} owns the cube: only {owner} may double"),
            ));
        }
        // BG-8.8: no profile doubles past the largest cube.
        if self.cube.value >= Cube::LARGEST {
            return Some((
                RuleCode::CubeAtCap,
                "BG-8.8",
                format!(
                    "the cube stands at {}, the largest value it may show",
                    self.cube.value
                ),
            ));
        }
        if let Some(cap) = self.profile.cube.cap
            && times(2, self.cube.value) > cap
        {
            return Some((
                RuleCode::CubeAtCap,
                "BG-8.3",
                format!(
                    "the cube stands at {}, and the doubling ends at {cap}",
                    self.cube.value
                ),
            ));
        }
        None
    }

    /// BG-9.1: whether the profile has a resign action.
    fn may_resign(&self) -> bool {
        self.profile.scoring.resign != Resign::None
    }

    /// BG-2.5: a turn starts with the player's decision when there is one
    /// to make, else with the roll.
    fn turn_begins(&self) -> Phase {
        if self.double_refusal().is_none() || self.may_resign() {
            Phase::Decide
        } else {
            Phase::Roll
        }
    }

    /// Who acts now.
    fn actor(&self) -> Side {
        match self.phase {
            Phase::Opening | Phase::Roll => Side::Dice,
            Phase::Decide | Phase::Play(_) | Phase::Over => self.turn.into(),
            Phase::Offered => self.turn.other().into(),
        }
    }

    fn illegal(
        action: &Action,
        rule: RuleCode,
        clause: &str,
        explanation: String,
    ) -> Illegal<Backgammon> {
        Illegal {
            action: action.clone(),
            rule,
            clause: clause.to_string(),
            explanation,
        }
    }

    fn wrong(&self, action: &Action) -> Illegal<Backgammon> {
        let waits = match self.phase {
            Phase::Opening => "the opening roll (`w5-b2`: one die each)",
            Phase::Decide => "the player on turn: `roll`, `double` or `resign`",
            Phase::Offered => "the answer to the double: `take` or `drop`",
            Phase::Roll => "the dice (`6-5`)",
            Phase::Play(_) => "the player's play of the roll (or `pass`)",
            Phase::Over => "nothing",
        };
        Self::illegal(
            action,
            RuleCode::WrongAction,
            "BG-2.1",
            format!("the game waits for {waits}"),
        )
    }

    /// The verdict and, if legal, what playing it does.
    fn check(&self, action: &Action) -> Result<(), Illegal<Backgammon>> {
        if self.outcome.is_over() {
            return Err(Self::illegal(
                action,
                RuleCode::GameOver,
                "BG-2.6",
                format!("the game is over: {}", self.outcome),
            ));
        }
        let cube = &self.profile.cube;
        match (self.phase, action) {
            (Phase::Opening, Action::Opening { white, black }) => {
                if white == black
                    && !(cube.enabled && cube.opening_doubles == OpeningDoubles::DoubleCube)
                {
                    return Err(Self::illegal(
                        action,
                        RuleCode::OpeningTie,
                        "BG-2.3",
                        "equal dice at the opening are rolled again".into(),
                    ));
                }
                Ok(())
            }
            (Phase::Decide, Action::RollDice) => Ok(()),
            (Phase::Decide, Action::Double) => match self.double_refusal() {
                None => Ok(()),
                Some((r, c, e)) => Err(Self::illegal(action, r, c, e)),
            },
            (Phase::Decide, Action::Resign) if self.may_resign() => Ok(()),
            (Phase::Decide, Action::Resign) => Err(Self::illegal(
                action,
                RuleCode::ResignDisabled,
                "BG-9.1",
                "the profile has no resign action".into(),
            )),
            (Phase::Offered, Action::Take | Action::Drop) => Ok(()),
            (Phase::Offered, Action::Resign)
                if self.profile.faults.resign_answers_double && self.may_resign() =>
            {
                Ok(())
            }
            (Phase::Roll, Action::Roll(_)) => Ok(()),
            (Phase::Play(roll), Action::Pass) => {
                let plays = plays::legal_plays(&self.pos, self.turn, roll, &self.profile.faults);
                if plays.is_empty() {
                    Ok(())
                } else {
                    Err(Self::illegal(
                        action,
                        RuleCode::NotMaximal,
                        "BG-3.7",
                        format!(
                            "a checker can move: for example {}",
                            Action::Play(plays[0].steps.clone())
                        ),
                    ))
                }
            }
            (Phase::Play(roll), Action::Play(steps)) => {
                // BG-3.8, AB-11: any spelling of a legal play is that play,
                // the game-ending bear-off with fewer dice (`2/off` for
                // `2/1 1/off`) included.
                if plays::spelled_play(&self.pos, self.turn, roll, steps, &self.profile.faults)
                    .is_some()
                {
                    return Ok(());
                }
                let (r, c, e) =
                    plays::why_not(&self.pos, self.turn, roll, steps, &self.profile.faults);
                Err(Self::illegal(action, r, c, e))
            }
            _ => Err(self.wrong(action)),
        }
    }

    fn note(&self, side: Side, action: Action) -> Note {
        let pips = [self.pos.pips(Player::White), self.pos.pips(Player::Black)];
        Note::quiet(
            side,
            action,
            self.pos.clone(),
            self.cube,
            pips,
            self.outcome,
        )
    }

    /// BG-7.2 to BG-7.4: what `winner` wins when the game ends now.
    fn score(&self, winner: Player) -> (WinBy, u32) {
        self.score_on(&self.pos, winner)
    }

    /// BG-7.2 to BG-7.4: what `winner` wins when the game ends with `pos`
    /// on the board.
    fn score_on(&self, pos: &Position, winner: Player) -> (WinBy, u32) {
        let f = &self.profile.faults;
        let loser = winner.other();
        let l = loser.index();
        let off_limit = if f.gammon_after_one_off { 1 } else { 0 };
        let gammon = pos.off[l] <= off_limit;
        // BG-7.3: the winner's home board is the loser's points 19 to 24.
        let in_home = (19..=24).any(|p| pos.at(loser, p) > 0);
        let on_bar = pos.bar[l] > 0 && !f.backgammon_ignores_bar;
        // AB-7, Jacoby: single while no double has been taken, that is
        // while the cube is centred, whatever value equal opening dice
        // gave it (BG-8.7).
        let counts = self.profile.scoring.gammons
            && !(self.profile.cube.enabled
                && self.profile.cube.jacoby
                && self.cube.owner.is_none());
        let by = if counts && !gammon && (in_home || on_bar) && f.left_behind_not_single {
            // AB-12's other reading: a checker left behind is no single game.
            WinBy::Backgammon
        } else if !counts || !gammon {
            // BG-7.2, AB-12: one checker off makes the loss single, whatever
            // the loser left behind.
            WinBy::Single
        } else if in_home || on_bar {
            WinBy::Backgammon
        } else {
            WinBy::Gammon
        };
        let mult = match by {
            WinBy::Single => 1,
            WinBy::Gammon => 2,
            _ => 3,
        };
        // BG-8.8 keeps three times the cube within 32 bits.
        (by, times(mult, self.cube.value))
    }

    fn apply(&mut self, action: &Action) -> Note {
        let side = self.actor();
        match (self.phase, action) {
            (Phase::Opening, Action::Opening { white, black }) => {
                // BG-2.3: the higher die starts and plays both numbers.
                self.turn = match white.cmp(black) {
                    std::cmp::Ordering::Greater => Player::White,
                    std::cmp::Ordering::Less => Player::Black,
                    std::cmp::Ordering::Equal => {
                        // BG-8.7: the variant turns the cube and rolls again.
                        // BG-8.8: never past the largest cube.
                        let next = times(2, self.cube.value);
                        if next <= Cube::LARGEST && self.profile.cube.cap.is_none_or(|c| next <= c)
                        {
                            self.cube.value = next;
                        }
                        return self.note(side, action.clone());
                    }
                };
                let roll = Roll::new(*white, *black);
                self.phase = Phase::Play(roll);
                self.roll_note(side, action.clone(), roll)
            }
            (Phase::Decide, Action::RollDice) => {
                self.phase = Phase::Roll;
                self.note(side, action.clone())
            }
            (Phase::Decide, Action::Double) => {
                self.phase = Phase::Offered;
                self.note(side, action.clone())
            }
            (Phase::Decide | Phase::Offered, Action::Resign) => {
                // Before a roll the player on turn resigns; facing a double
                // (only under the fault) the opponent does.
                let winner = if self.phase == Phase::Offered {
                    self.turn
                } else {
                    self.turn.other()
                };
                let (by, points) = match self.profile.scoring.resign {
                    Resign::AsPosition => {
                        let (_, pts) = self.score(winner);
                        (WinBy::Resign, pts)
                    }
                    _ => (WinBy::Resign, times(3, self.cube.value)),
                };
                self.outcome = Outcome::win(winner, by, points);
                self.phase = Phase::Over;
                self.note(side, action.clone())
            }
            (Phase::Offered, Action::Take) => {
                // BG-8.4: the cube doubles and goes to the taker.
                self.cube.value = times(2, self.cube.value);
                self.cube.owner = Some(if self.profile.faults.take_keeps_owner {
                    self.turn
                } else {
                    self.turn.other()
                });
                self.phase = Phase::Roll;
                self.note(side, action.clone())
            }
            (Phase::Offered, Action::Drop) => {
                // BG-8.5: the doubler wins the stake before the double,
                // single whatever the position.
                let v = if self.profile.faults.drop_at_new_value {
                    times(2, self.cube.value)
                } else if self.profile.faults.drop_as_position {
                    self.score(self.turn).1
                } else {
                    self.cube.value
                };
                self.outcome = Outcome::win(self.turn, WinBy::Drop, v);
                self.phase = Phase::Over;
                self.note(side, action.clone())
            }
            (Phase::Roll, Action::Roll(r)) => {
                self.phase = Phase::Play(*r);
                self.roll_note(side, action.clone(), *r)
            }
            (Phase::Play(roll), Action::Pass) => {
                let before = self.pos.clone();
                let mut n = self.end_of_play(side, Action::Pass, &before);
                n.unused = plays::dice_of(roll, &self.profile.faults);
                n
            }
            (Phase::Play(roll), Action::Play(steps)) => {
                // The play the steps spell, noted in its canonical spelling.
                let play =
                    plays::spelled_play(&self.pos, self.turn, roll, steps, &self.profile.faults)
                        .expect("checked legal");
                let before = std::mem::replace(&mut self.pos, play.after.clone());
                let mut n = self.end_of_play(side, Action::Play(play.steps.clone()), &before);
                n.hits = play.steps.iter().filter(|s| s.hit).map(|s| s.to).collect();
                n.entered = play.steps.iter().filter(|s| s.from == BAR).count() as u8;
                n.borne_off = play.steps.iter().filter(|s| s.to == OFF).count() as u8;
                let mut unused = plays::dice_of(roll, &self.profile.faults);
                for d in &play.dice {
                    if let Some(k) = unused.iter().position(|u| u == d) {
                        unused.remove(k);
                    }
                }
                n.unused = unused;
                n
            }
            _ => unreachable!("checked legal"),
        }
    }

    fn roll_note(&self, side: Side, action: Action, roll: Roll) -> Note {
        let mut n = self.note(side, action);
        n.roll = Some((roll, self.turn));
        let plays = plays::legal_plays(&self.pos, self.turn, roll, &self.profile.faults);
        n.plays = Some(if plays.is_empty() {
            vec![Action::Pass]
        } else {
            plays.into_iter().map(|p| Action::Play(p.steps)).collect()
        });
        n
    }

    /// BG-7.1: the mover wins on bearing off the last checker; otherwise the
    /// turn passes. BG-7.5: the win is scored on the position after the
    /// play (`before` is the one before it, for the fault that scores that).
    fn end_of_play(&mut self, side: Side, action: Action, before: &Position) -> Note {
        let me = self.turn;
        if self.pos.off[me.index()] == 15 {
            let scored = if self.profile.faults.score_before_last_play {
                before
            } else {
                &self.pos
            };
            let (by, points) = self.score_on(scored, me);
            self.outcome = Outcome::win(me, by, points);
            self.phase = Phase::Over;
        } else {
            self.turn = me.other();
            self.phase = self.turn_begins();
        }
        self.note(side, action)
    }
}

impl Game<Backgammon> for RefGame {
    fn side_to_move(&self) -> Side {
        self.actor()
    }

    fn outcome(&self) -> Outcome {
        self.outcome
    }

    fn judge(&self, action: &Action) -> Verdict<Backgammon> {
        match self.check(action) {
            Ok(()) => Verdict::Legal,
            Err(i) => Verdict::Illegal(i),
        }
    }

    /// A play in any of its spellings names its canonical one (BG-3.8,
    /// AB-11); every other action has one spelling.
    fn canonical(&self, action: &Action) -> Option<Action> {
        if let (Phase::Play(roll), Action::Play(steps)) = (self.phase, action)
            && !self.outcome.is_over()
        {
            return plays::spelled_play(&self.pos, self.turn, roll, steps, &self.profile.faults)
                .map(|p| Action::Play(p.steps));
        }
        self.judge(action).is_legal().then(|| action.clone())
    }

    fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        if self.outcome.is_over() {
            return out;
        }
        let candidates: Vec<Action> = match self.phase {
            Phase::Opening => (1..=6)
                .flat_map(|w| (1..=6).map(move |b| Action::Opening { white: w, black: b }))
                .collect(),
            Phase::Decide => vec![Action::RollDice, Action::Double, Action::Resign],
            Phase::Offered => vec![Action::Take, Action::Drop, Action::Resign],
            Phase::Roll => Roll::all().into_iter().map(Action::Roll).collect(),
            Phase::Play(roll) => {
                let plays = plays::legal_plays(&self.pos, self.turn, roll, &self.profile.faults);
                if plays.is_empty() {
                    vec![Action::Pass]
                } else {
                    plays.into_iter().map(|p| Action::Play(p.steps)).collect()
                }
            }
            Phase::Over => Vec::new(),
        };
        for a in candidates {
            // The plays of a roll are legal by construction; asking `check`
            // again would generate them once per play.
            if matches!(self.phase, Phase::Play(_)) || self.check(&a).is_ok() {
                out.push(a);
            }
        }
        out.sort();
        out
    }

    fn play(&mut self, action: &Action) -> Result<Note, Illegal<Backgammon>> {
        self.check(action)?;
        self.ply += 1;
        Ok(self.apply(action))
    }

    fn ply(&self) -> usize {
        self.ply
    }

    fn render(&self) -> String {
        let dice = match self.phase {
            Phase::Play(r) => Some((r, self.turn)),
            _ => None,
        };
        super::text_board::render(&self.pos, &self.cube, self.actor(), dice)
    }

    /// The checkers, the cube and where the turn stands, as a setup says
    /// them (`spec/backgammon/protocol.md`). A double on offer is not
    /// something a setup can say: then there is none.
    fn position(&self) -> Option<Setup> {
        let (opening, dice, roll_next) = match self.phase {
            Phase::Offered => return None,
            Phase::Opening => (true, None, false),
            Phase::Roll => (false, None, true),
            Phase::Play(r) => (false, Some(r), false),
            Phase::Decide | Phase::Over => (false, None, false),
        };
        Some(Setup {
            position: self.pos.clone(),
            cube: self.cube,
            to_move: self.turn,
            dice,
            opening,
            roll_next,
        })
    }
}
