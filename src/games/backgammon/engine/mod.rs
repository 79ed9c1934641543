//! The optimized engine: the compact [`movegen::Board`] and a reused
//! generator behind the same [`Implementation`] as the reference. The turn
//! machine is written again here, not borrowed: reference and engine share
//! data types, never rule logic.
//!
//! The engine plays every named profile and every mutant but two:
//! `bg-skip-intermediate` and `bg-enter-with-sum`, the readings under
//! which a checker may stand on a closed point for a moment to go on with
//! the next die (BG-3.4, BG-5.3). It declines them (`supports`); nothing
//! needs the engine under them (`check` and `conform` run the named
//! profiles, the kill matrix runs the reference, and the differential
//! tests draw only the faults the engine plays). Three reasons. (1) They are not rules anyone plays: they are the
//! wrong readings the page's examples refute (5+5 from S1 past a closed
//! point, 2+4 entering on the 6-point), kept as mutants so the kill matrix
//! shows the corpus catches them, and the kill matrix runs the reference.
//! (2) The transit is not local to move generation: a step onto a closed
//! point becomes legal only when the same checker goes on at once, so the
//! generator's pruning of doubles by start point (each order of the same
//! steps tried once) no longer finds every position, and `judge_play`,
//! which names the rule of an illegal play from the order of steps that
//! got farthest, would need the reference's whole transit state to give
//! the same rule on every refused spelling. (3) Every transit branch
//! would sit on the hot path of the real rules as a test of two fault
//! switches. What the engine would gain is a second opinion on two
//! mutants whose only job is to be killed.

pub mod movegen;

use crate::rules::{Game, Illegal, Implementation, Verdict};

use super::board::{Action, BAR, OFF, Player, Position, Roll, Side, Step};
use super::game::{Backgammon, Cube, Note, Outcome, WinBy};
use super::profile::{OpeningDoubles, Profile, Resign};
use super::setup::Setup;
use super::verdict::RuleCode;
use movegen::{Board, MoveGen};

/// The engine.
pub struct Engine;

impl Implementation<Backgammon> for Engine {
    crate::own_implementation!("engine");

    fn supports(&self, _setup: &Setup, profile: &Profile) -> Result<(), String> {
        let f = &profile.faults;
        if f.skip_intermediate || f.enter_with_sum {
            return Err(
                "the engine does not play the faults that stop a checker on a closed point".into(),
            );
        }
        Ok(())
    }

    fn start(&self, setup: &Setup, profile: &Profile) -> Result<Box<dyn Game<Backgammon>>, String> {
        self.supports(setup, profile)?;
        let pos = &setup.position;
        for p in Player::BOTH {
            if pos.total(p) != 15 {
                return Err(format!(
                    "{p} has {} checkers, not 15 (BG-1.2)",
                    pos.total(p)
                ));
            }
        }
        if pos.off == [15, 15] {
            return Err("both sides show 15 checkers off: a game ends when the first side bears off its last (BG-7.6)".into());
        }
        if (1..=24u8).any(|pt| pos.at(Player::White, pt) > 0 && pos.at(Player::Black, 25 - pt) > 0)
        {
            return Err("a point holds checkers of both colours (BG-4.4)".into());
        }
        let v = setup.cube.value;
        if v.count_ones() != 1 || v > Cube::LARGEST {
            return Err(format!(
                "a cube of {v}: the engine plays cubes of 1, 2, 4, … up to {} (BG-8.8)",
                Cube::LARGEST
            ));
        }
        let stage = match (setup.opening, setup.dice) {
            (true, _) => Stage::Opening,
            (false, Some(r)) => Stage::Play(r),
            // With neither, the dice roll next (`roll_next`) or the turn
            // begins, which `first_stage` below decides.
            (false, None) => Stage::Dice,
        };
        let mut g = EngineGame {
            profile: profile.clone(),
            board: Board::of(pos, setup.to_move),
            mover: setup.to_move,
            cube: setup.cube,
            stage,
            outcome: Outcome::Ongoing,
            ply: 0,
            movegen: MoveGen::default(),
            gen_for: None,
        };
        if !setup.opening && setup.dice.is_none() && !setup.roll_next {
            g.stage = g.first_stage();
        }
        // BG-7.6: fifteen off at the start is a game already won, scored
        // on the setup's own checkers and cube; the turn fields go unused.
        if let Some(w) = Player::BOTH.into_iter().find(|w| pos.off[w.index()] == 15) {
            let mult = g.win_mult_on(pos, w);
            g.outcome = Outcome::win(w, EngineGame::by_of(mult), g.stake(mult));
            g.stage = Stage::Done;
        }
        Ok(Box::new(g))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    Opening,
    Decide,
    Offered,
    Dice,
    Play(Roll),
    Done,
}

/// A game on the engine.
pub struct EngineGame {
    profile: Profile,
    /// Seen from `mover`.
    board: Board,
    mover: Player,
    cube: Cube,
    stage: Stage,
    outcome: Outcome,
    ply: usize,
    movegen: MoveGen,
    /// The roll `gen` holds plays for (cleared when the board changes).
    gen_for: Option<Roll>,
}

type Why = (RuleCode, &'static str, String);

/// The refusal `why` when `broken`, else legal.
fn refused_if(
    broken: bool,
    (code, clause, why): (RuleCode, &'static str, &str),
) -> Result<(), Why> {
    if broken {
        Err((code, clause, why.to_string()))
    } else {
        Ok(())
    }
}

impl EngineGame {
    fn cube_refusal(&self) -> Option<Why> {
        let c = &self.profile.cube;
        if !c.enabled {
            return Some((
                RuleCode::CubeDisabled,
                "BG-8.1",
                "the profile plays without a cube".into(),
            ));
        }
        match self.cube.owner {
            Some(o) if o != self.mover && !self.profile.faults.redouble_not_owner => {
                return Some((
                    RuleCode::CubeNotYours,
                    "BG-8.2",
                    format!("{o} owns the cube: only {o} may double"),
                ));
            }
            _ => {}
        }
        // BG-8.8: the doubled cube may not pass the largest value.
        let shown = self.cube.value;
        if shown.checked_mul(2).is_none_or(|next| next > Cube::LARGEST) {
            let why = format!("the cube stands at {shown}, the largest value it may show");
            return Some((RuleCode::CubeAtCap, "BG-8.8", why));
        }
        match c.cap {
            Some(cap) if self.stake(2) > cap => Some((
                RuleCode::CubeAtCap,
                "BG-8.3",
                format!(
                    "the cube stands at {}, and the doubling ends at {cap}",
                    self.cube.value
                ),
            )),
            _ => None,
        }
    }

    fn first_stage(&self) -> Stage {
        if self.cube_refusal().is_none() || self.profile.scoring.resign != Resign::None {
            Stage::Decide
        } else {
            Stage::Dice
        }
    }

    fn acting(&self) -> Side {
        match self.stage {
            Stage::Opening | Stage::Dice => Side::Dice,
            Stage::Offered => self.mover.other().into(),
            _ => self.mover.into(),
        }
    }

    fn plays(&mut self, roll: Roll) -> &[movegen::Found] {
        if self.gen_for != Some(roll) {
            self.movegen
                .generate(&self.board, roll.high, roll.low, &self.profile.faults);
            self.gen_for = Some(roll);
        }
        &self.movegen.plays
    }

    fn plays_now(&self, roll: Roll) -> MoveGen {
        let mut g = MoveGen::default();
        g.generate(&self.board, roll.high, roll.low, &self.profile.faults);
        g
    }

    /// The dice a roll gives to play: a double four times (twice under
    /// the fault `doubles_twice`), else each die once.
    fn dice_of(&self, roll: Roll) -> Vec<u8> {
        if roll.is_double() {
            let times = if self.profile.faults.doubles_twice {
                2
            } else {
                4
            };
            vec![roll.high; times]
        } else {
            vec![roll.high, roll.low]
        }
    }

    fn position(&self) -> Position {
        self.board.position(self.mover)
    }

    fn verdict(&self, a: &Action) -> Result<(), Why> {
        if self.outcome.is_over() {
            return Err((
                RuleCode::GameOver,
                "BG-2.6",
                format!("the game is over: {}", self.outcome),
            ));
        }
        let wrong = |what: &str| {
            Err((
                RuleCode::WrongAction,
                "BG-2.1",
                format!("the game waits for {what}"),
            ))
        };
        match (self.stage, a) {
            (Stage::Opening, Action::Opening { white, black }) => {
                let variant = self.profile.cube.enabled
                    && self.profile.cube.opening_doubles == OpeningDoubles::DoubleCube;
                refused_if(
                    white == black && !variant,
                    (
                        RuleCode::OpeningTie,
                        "BG-2.3",
                        "equal dice at the opening are rolled again",
                    ),
                )
            }
            (Stage::Opening, _) => wrong("the opening roll (`w5-b2`: one die each)"),
            (Stage::Decide, Action::RollDice) => Ok(()),
            (Stage::Decide, Action::Double) => self.cube_refusal().map_or(Ok(()), Err),
            (Stage::Decide, Action::Resign) => refused_if(
                self.profile.scoring.resign == Resign::None,
                (
                    RuleCode::ResignDisabled,
                    "BG-9.1",
                    "the profile has no resign action",
                ),
            ),
            (Stage::Decide, _) => wrong("the player on turn: `roll`, `double` or `resign`"),
            (Stage::Offered, Action::Take | Action::Drop) => Ok(()),
            (Stage::Offered, Action::Resign)
                if self.profile.faults.resign_answers_double
                    && self.profile.scoring.resign != Resign::None =>
            {
                Ok(())
            }
            (Stage::Offered, _) => wrong("the answer to the double: `take` or `drop`"),
            (Stage::Dice, Action::Roll(_)) => Ok(()),
            (Stage::Dice, _) => wrong("the dice (`6-5`)"),
            (Stage::Play(r), Action::Pass) => {
                let g = self.plays_now(r);
                // The example is the least play in the actions' order, the
                // first that `legal_actions` lists.
                match g
                    .plays
                    .iter()
                    .map(|p| Action::Play(p.steps().to_vec()))
                    .min()
                {
                    None => Ok(()),
                    Some(p) => Err((
                        RuleCode::NotMaximal,
                        "BG-3.7",
                        format!("a checker can move: for example {p}"),
                    )),
                }
            }
            (Stage::Play(r), Action::Play(steps)) => self.judge_play(r, steps.as_slice()),
            (Stage::Play(_), _) => wrong("the player's play of the roll (or `pass`)"),
            (Stage::Done, _) => wrong("nothing"),
        }
    }

    /// A play is legal when its steps, played in some order, leave the
    /// position of a legal play; otherwise the order that got farthest
    /// names the rule (`protocol.md`, "Rule codes").
    fn judge_play(&self, roll: Roll, steps: &[Step]) -> Result<(), Why> {
        self.spelled_play(roll, steps).map(|_| ())
    }

    /// The steps of the legal play `steps` spells, as `legal_actions` lists
    /// it (`Game::canonical`), or why `steps` spells none.
    fn spelled_play(&self, roll: Roll, steps: &[Step]) -> Result<Vec<Step>, Why> {
        let dice = self.dice_of(roll);
        let g = self.plays_now(roll);
        let mut best: Option<(usize, Why)> = None;
        let mut reached: Vec<(Board, Vec<u8>)> = Vec::new();
        let n = steps.len();
        let try_order = |order: &[usize], best: &mut Option<(usize, Why)>| {
            let mut b = self.board;
            let mut left = dice.clone();
            for (k, &i) in order.iter().enumerate() {
                let s = steps[i];
                let dist = if s.to == OFF {
                    s.from
                } else {
                    s.from.saturating_sub(s.to)
                };
                let res = match die_for(&left, dist, s.to == OFF) {
                    Some(d) => step_reason(&b, s.from, d, &self.profile).map(|nb| (nb, d)),
                    None => {
                        let bare = Step { hit: false, ..s };
                        let why = format!("{bare} needs a {dist}, and the dice left are {left:?}");
                        Err((RuleCode::Dice, "BG-3.1", why))
                    }
                };
                match res {
                    Ok((nb, d)) => {
                        b = nb;
                        let at = left.iter().position(|&x| x == d).unwrap_or(0);
                        left.remove(at);
                    }
                    Err(e) => {
                        if best.as_ref().is_none_or(|(m, _)| k > *m) {
                            *best = Some((k, e));
                        }
                        return None;
                    }
                }
            }
            Some((b, left))
        };
        let mut idx: Vec<usize> = (0..n).collect();
        // Orders in lexicographic order (next permutation), the canonical
        // order first; the first order that gets farthest names the rule.
        loop {
            if let Some(b) = try_order(&idx, &mut best) {
                reached.push(b);
            }
            let Some(i) = (1..n).rev().find(|&i| idx[i - 1] < idx[i]) else {
                break;
            };
            let j = (i..n).rev().find(|&j| idx[j] > idx[i - 1]).unwrap_or(i);
            idx.swap(i - 1, j);
            idx[i..].reverse();
        }
        // An order of the steps that leaves a legal play's position is a
        // spelling of that play when it uses as many dice, or when no die
        // left could still move: the last checker off with one die,
        // `2/off` for `2/1 1/off` (BG-3.8, AB-11).
        let complete = |b: &Board, left: &[u8]| {
            !left
                .iter()
                .any(|&d| (1..=25u8).any(|from| step_reason(b, from, d, &self.profile).is_ok()))
        };
        if let Some(p) = reached.iter().find_map(|(b, left)| {
            g.plays
                .iter()
                .find(|p| p.after == *b && (usize::from(p.n) == n || complete(b, left)))
        }) {
            return Ok(p.steps().to_vec());
        }
        if !reached.is_empty() || n == 0 {
            let most = g.plays.iter().map(|p| usize::from(p.n)).max().unwrap_or(0);
            if n < most || n == 0 {
                return Err((
                    RuleCode::NotMaximal,
                    "BG-3.5",
                    format!("{most} dice can be played, this plays {n}"),
                ));
            }
            return Err((
                RuleCode::LargerDie,
                "BG-3.6",
                format!(
                    "only one die can be played, and the {} can: it must be",
                    roll.high
                ),
            ));
        }
        Err(best.map(|b| b.1).unwrap_or((
            RuleCode::Dice,
            "BG-3.1",
            "the steps do not match the dice".into(),
        )))
    }

    fn base_note(&self, side: Side, action: Action) -> Note {
        // Pips counted on the engine's own board: each side's checkers seen
        // from that side, the bar being point 25.
        let (mine, theirs) = (self.board.pip_count(), self.board.opponent_pip_count());
        let pips = match self.mover {
            Player::White => [mine, theirs],
            Player::Black => [theirs, mine],
        };
        Note::quiet(side, action, self.position(), self.cube, pips, self.outcome)
    }

    fn roll_note(&mut self, side: Side, action: Action, roll: Roll) -> Note {
        let mut n = self.base_note(side, action);
        n.roll = Some((roll, self.mover));
        let mut plays: Vec<Action> = self
            .plays(roll)
            .iter()
            .map(|p| Action::Play(p.steps().to_vec()))
            .collect();
        if plays.is_empty() {
            plays.push(Action::Pass);
        }
        plays.sort();
        n.plays = Some(plays);
        n
    }

    /// `mult` times the cube, in saturating arithmetic: the cube never passes
    /// `Cube::LARGEST` (BG-8.8), so three times it fits; were it ever to
    /// overflow, the stake stays at the largest number instead of wrapping.
    fn stake(&self, mult: u32) -> u32 {
        self.cube.value.saturating_mul(mult)
    }

    /// How many times the cube the winner `w` (the side `me` of the board
    /// when `w == mover`) scores now: 1, 2 or 3.
    fn win_mult(&self, w: Player) -> u32 {
        self.win_mult_on(&self.position(), w)
    }

    /// [`Self::win_mult`] with `pos` on the board.
    fn win_mult_on(&self, pos: &Position, w: Player) -> u32 {
        let f = &self.profile.faults;
        let l = w.other();
        let li = l.index();
        let none_off = pos.off[li] == 0 || (f.gammon_after_one_off && pos.off[li] == 1);
        let jacoby =
            self.profile.cube.enabled && self.profile.cube.jacoby && self.cube.owner.is_none();
        let home = (19..=24).any(|p| pos.at(l, p) > 0);
        let bar = pos.bar[li] > 0 && !f.backgammon_ignores_bar;
        let counts = self.profile.scoring.gammons && !jacoby;
        if counts && !none_off && (home || bar) && f.left_behind_not_single {
            3
        } else if !counts || !none_off {
            1
        } else if bar || home {
            3
        } else {
            2
        }
    }

    fn by_of(mult: u32) -> WinBy {
        match mult {
            1 => WinBy::Single,
            2 => WinBy::Gammon,
            _ => WinBy::Backgammon,
        }
    }

    /// `before`: the position before the play, scored instead under the
    /// fault `score_before_last_play`.
    fn after_play(&mut self, before: &Position) {
        self.gen_for = None;
        if self.board.me[0] == 15 {
            let mult = if self.profile.faults.score_before_last_play {
                self.win_mult_on(before, self.mover)
            } else {
                self.win_mult(self.mover)
            };
            self.outcome = Outcome::win(self.mover, Self::by_of(mult), self.stake(mult));
            self.stage = Stage::Done;
        } else {
            self.board = Board {
                me: self.board.them,
                them: self.board.me,
            };
            self.mover = self.mover.other();
            self.stage = self.first_stage();
        }
    }

    fn apply(&mut self, a: &Action) -> Note {
        let side = self.acting();
        match (self.stage, a.clone()) {
            (Stage::Opening, Action::Opening { white, black }) => {
                if white == black {
                    let v = self.stake(2);
                    if v <= Cube::LARGEST && self.profile.cube.cap.is_none_or(|c| v <= c) {
                        self.cube.value = v;
                    }
                    return self.base_note(side, a.clone());
                }
                let starter = if white > black {
                    Player::White
                } else {
                    Player::Black
                };
                if starter != self.mover {
                    self.board = Board {
                        me: self.board.them,
                        them: self.board.me,
                    };
                    self.mover = starter;
                    self.gen_for = None;
                }
                let r = Roll::new(white, black);
                self.stage = Stage::Play(r);
                self.roll_note(side, a.clone(), r)
            }
            (Stage::Decide, Action::RollDice) => {
                self.stage = Stage::Dice;
                self.base_note(side, a.clone())
            }
            (Stage::Decide, Action::Double) => {
                self.stage = Stage::Offered;
                self.base_note(side, a.clone())
            }
            (Stage::Decide | Stage::Offered, Action::Resign) => {
                // Facing a double (only under the fault) the doubler wins.
                let w = if self.stage == Stage::Offered {
                    self.mover
                } else {
                    self.mover.other()
                };
                let pts = match self.profile.scoring.resign {
                    Resign::AsPosition => self.stake(self.win_mult(w)),
                    _ => self.stake(3),
                };
                self.outcome = Outcome::win(w, WinBy::Resign, pts);
                self.stage = Stage::Done;
                self.base_note(side, a.clone())
            }
            (Stage::Offered, Action::Take) => {
                self.cube.value = self.stake(2);
                self.cube.owner = Some(if self.profile.faults.take_keeps_owner {
                    self.mover
                } else {
                    self.mover.other()
                });
                self.stage = Stage::Dice;
                self.base_note(side, a.clone())
            }
            (Stage::Offered, Action::Drop) => {
                let v = self.stake(if self.profile.faults.drop_at_new_value {
                    2
                } else if self.profile.faults.drop_as_position {
                    self.win_mult(self.mover)
                } else {
                    1
                });
                self.outcome = Outcome::win(self.mover, WinBy::Drop, v);
                self.stage = Stage::Done;
                self.base_note(side, a.clone())
            }
            (Stage::Dice, Action::Roll(r)) => {
                self.stage = Stage::Play(r);
                self.roll_note(side, a.clone(), r)
            }
            (Stage::Play(r), Action::Pass) => {
                let before = self.position();
                self.after_play(&before);
                let mut n = self.base_note(side, Action::Pass);
                n.unused = self.dice_of(r);
                n
            }
            (Stage::Play(r), Action::Play(steps)) => {
                let mut reached = self.board;
                // The written steps, replayed in an order that works, find
                // the position; the generator's entry for it is the play.
                let target = self.find_target(r, &steps);
                if let Some(b) = target {
                    reached = b;
                }
                let found = *self
                    .plays(r)
                    .iter()
                    .find(|p| p.after == reached)
                    .expect("judged legal");
                let before = self.position();
                self.board = found.after;
                let mut unused = self.dice_of(r);
                for d in &found.dice[..usize::from(found.n)] {
                    if let Some(k) = unused.iter().position(|u| u == d) {
                        unused.remove(k);
                    }
                }
                self.after_play(&before);
                let st = found.steps();
                let mut n = self.base_note(side, Action::Play(st.to_vec()));
                n.hits = st.iter().filter(|s| s.hit).map(|s| s.to).collect();
                n.entered = st.iter().filter(|s| s.from == BAR).count() as u8;
                n.borne_off = st.iter().filter(|s| s.to == OFF).count() as u8;
                n.unused = unused;
                n
            }
            _ => unreachable!("judged legal"),
        }
    }

    /// The board a legal play's steps lead to.
    fn find_target(&mut self, roll: Roll, steps: &[Step]) -> Option<Board> {
        let plays: Vec<Board> = self.plays(roll).iter().map(|p| p.after).collect();
        let mut order: Vec<usize> = (0..steps.len()).collect();
        let mut out = None;
        permute(&mut order, 0, &mut |o| {
            if out.is_some() {
                return;
            }
            let mut b = self.board;
            let mut left: Vec<u8> = if roll.is_double() {
                vec![roll.high; 4]
            } else {
                vec![roll.high, roll.low]
            };
            for &i in o {
                let s = steps[i];
                let dist = if s.to == OFF {
                    s.from
                } else {
                    s.from.saturating_sub(s.to)
                };
                let Some(d) = die_for(&left, dist, s.to == OFF) else {
                    return;
                };
                match step_reason(&b, s.from, d, &self.profile) {
                    Ok(nb) => {
                        b = nb;
                        let at = left.iter().position(|&x| x == d).unwrap_or(0);
                        left.remove(at);
                    }
                    Err(_) => return,
                }
            }
            if plays.contains(&b) {
                out = Some(b);
            }
        });
        out
    }
}

fn permute(v: &mut Vec<usize>, k: usize, f: &mut dyn FnMut(&[usize])) {
    if k == v.len() {
        f(v);
        return;
    }
    for i in k..v.len() {
        v.swap(k, i);
        permute(v, k + 1, f);
        v.swap(k, i);
    }
}

/// One step on the engine's board, with the rule it breaks.
fn step_reason(b: &Board, from: u8, die: u8, profile: &Profile) -> Result<Board, Why> {
    let f = &profile.faults;
    let fi = usize::from(from);
    if b.me[fi] == 0 {
        let what = if from == BAR {
            "no checker of the mover is on the bar".to_string()
        } else {
            format!("no checker of the mover stands on {from}")
        };
        return Err((RuleCode::NoChecker, "BG-3.1", what));
    }
    if from != BAR && b.me[25] > 0 && !f.move_while_on_bar {
        return Err((
            RuleCode::BarFirst,
            "BG-5.2",
            format!("a checker is on the bar and must enter before {from} may move"),
        ));
    }
    let mut nb = *b;
    if from > die {
        let to = from - die;
        let opp = 25 - usize::from(to);
        if b.them[opp] >= 2 && !f.land_on_point {
            return Err((
                RuleCode::Blocked,
                "BG-4.2",
                format!(
                    "{to} is closed: the opponent has {} checkers there",
                    b.them[opp]
                ),
            ));
        }
        if b.them[opp] == 1 {
            nb.them[opp] = 0;
            nb.them[25] += 1;
        }
        nb.me[fi] -= 1;
        nb.me[usize::from(to)] += 1;
        return Ok(nb);
    }
    let high = (1..=25u8)
        .rev()
        .find(|&p| b.me[usize::from(p)] > 0)
        .unwrap_or(0);
    let home = b.me[25] == 0 && (high <= 6 || (f.bear_off_once_started && b.me[0] > 0));
    if !(home || f.bear_off_not_home) {
        return Err((
            RuleCode::BearOffNotHome,
            "BG-6.1",
            format!("{from}/off bears off while a checker is outside the home board or on the bar"),
        ));
    }
    if from < die && !f.bear_off_any_higher && high > from {
        return Err((
            RuleCode::BearOffHigher,
            "BG-6.4",
            format!(
                "a {die} bears off from {from} only when no checker stands higher, but one stands on {}",
                if usize::from(high) == 25 {
                    "the bar".to_string()
                } else {
                    high.to_string()
                }
            ),
        ));
    }
    nb.me[fi] -= 1;
    nb.me[0] += 1;
    Ok(nb)
}

impl Game<Backgammon> for EngineGame {
    fn side_to_move(&self) -> Side {
        self.acting()
    }

    fn outcome(&self) -> Outcome {
        self.outcome
    }

    fn judge(&self, action: &Action) -> Verdict<Backgammon> {
        match self.verdict(action) {
            Ok(()) => Verdict::Legal,
            Err((rule, clause, explanation)) => Verdict::Illegal(Illegal {
                action: action.clone(),
                rule,
                clause: clause.to_string(),
                explanation,
            }),
        }
    }

    fn legal_actions(&self) -> Vec<Action> {
        if self.outcome.is_over() {
            return Vec::new();
        }
        let mut out: Vec<Action> = match self.stage {
            Stage::Opening => {
                let variant = self.profile.cube.enabled
                    && self.profile.cube.opening_doubles == OpeningDoubles::DoubleCube;
                (1..=6u8)
                    .flat_map(|w| (1..=6u8).map(move |b| Action::Opening { white: w, black: b }))
                    .filter(|a| !matches!(a, Action::Opening { white, black } if white == black && !variant))
                    .collect()
            }
            Stage::Decide => {
                let mut v = vec![Action::RollDice];
                if self.cube_refusal().is_none() {
                    v.push(Action::Double);
                }
                if self.profile.scoring.resign != Resign::None {
                    v.push(Action::Resign);
                }
                v
            }
            Stage::Offered => {
                let mut v = vec![Action::Take, Action::Drop];
                if self.profile.faults.resign_answers_double
                    && self.profile.scoring.resign != Resign::None
                {
                    v.push(Action::Resign);
                }
                v
            }
            Stage::Dice => Roll::all().into_iter().map(Action::Roll).collect(),
            Stage::Play(r) => {
                let g = self.plays_now(r);
                if g.plays.is_empty() {
                    vec![Action::Pass]
                } else {
                    g.plays
                        .iter()
                        .map(|p| Action::Play(p.steps().to_vec()))
                        .collect()
                }
            }
            Stage::Done => Vec::new(),
        };
        out.sort();
        out
    }

    fn play(&mut self, action: &Action) -> Result<Note, Illegal<Backgammon>> {
        if let Err((rule, clause, explanation)) = self.verdict(action) {
            return Err(Illegal {
                action: action.clone(),
                rule,
                clause: clause.to_string(),
                explanation,
            });
        }
        self.ply += 1;
        Ok(self.apply(action))
    }

    fn ply(&self) -> usize {
        self.ply
    }

    /// A play reached by another order of its steps, or written with one
    /// die for two (`2/off` for `2/1 1/off`), is the play `legal_actions`
    /// lists (`protocol.md`, "Spelling").
    fn canonical(&self, action: &Action) -> Option<Action> {
        if let (Stage::Play(r), Action::Play(steps)) = (self.stage, action)
            && !self.outcome.is_over()
        {
            return self.spelled_play(r, steps).ok().map(Action::Play);
        }
        self.judge(action).is_legal().then(|| action.clone())
    }

    fn render(&self) -> String {
        let dice = match self.stage {
            Stage::Play(r) => Some((r, self.mover)),
            _ => None,
        };
        super::text_board::render(&self.position(), &self.cube, self.acting(), dice)
    }

    /// The board turned back to both players' numbers, and the stage as
    /// the setup's flags; while a double waits for its answer no setup
    /// holds the game, so there is no position.
    fn position(&self) -> Option<Setup> {
        let mut setup = Setup {
            position: self.board.position(self.mover),
            cube: self.cube,
            to_move: self.mover,
            dice: None,
            opening: false,
            roll_next: false,
        };
        match self.stage {
            Stage::Offered => return None,
            Stage::Opening => setup.opening = true,
            Stage::Dice => setup.roll_next = true,
            Stage::Play(r) => setup.dice = Some(r),
            Stage::Decide | Stage::Done => {}
        }
        Some(setup)
    }
}
/// The die a step of `dist` pips takes from the dice `left`: a die of
/// that number, or, bearing off, the smallest die above it (BG-6.2,
/// BG-6.4: whether the step may take it is `step_reason`'s to judge).
fn die_for(left: &[u8], dist: u8, bearing_off: bool) -> Option<u8> {
    let exact = left.contains(&dist).then_some(dist);
    let larger = || left.iter().copied().filter(|&d| d > dist).min();
    exact.or_else(|| if bearing_off { larger() } else { None })
}
