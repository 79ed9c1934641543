//! The optimized engine: bitboards for the stones, a move list built once
//! per position and cached, and verdicts that look the action up in that
//! list before asking why not. It shares the board, action and profile
//! types with the reference interpreter, never its rule code; the
//! differential tests (`workload.rs`) hold the two to the same answers.

pub mod bits;
pub mod judge;
pub mod movegen;

use std::cell::OnceCell;

use crate::rules::{Game, Illegal, Implementation, Verdict};

use super::board::{Kind, Setup, Side, Square, Stone};
use super::game::{Dame, DrawReason, Note, Outcome, WinReason};
use super::moves::Action;
use super::profile::{CaptureRule, HuffTarget, Majority, Profile};
use bits::{bit, singles, square};
use movegen::{Chain, Sides};

/// The engine.
pub struct Engine;

impl Implementation<Dame> for Engine {
    fn tells_position(&self) -> bool {
        true
    }

    fn name(&self) -> &'static str {
        "engine"
    }

    fn start(&self, setup: &Setup, profile: &Profile) -> Result<Box<dyn Game<Dame>>, String> {
        Ok(Box::new(EngineGame::new(setup, profile)?))
    }
}

/// The legal captures and actions of one position, computed once.
#[derive(Clone, Debug)]
struct Moves {
    chains: Vec<Chain>,
    actions: Vec<Action>,
}

/// One game on the engine.
#[derive(Clone, Debug)]
pub struct EngineGame {
    profile: Profile,
    /// White's and Black's stones.
    stones: [u64; 2],
    /// The Damen of both sides.
    dames: u64,
    to_move: Side,
    huffable: u64,
    quiet: u32,
    plies: usize,
    outcome: Outcome,
    moves: OnceCell<Moves>,
}

fn idx(side: Side) -> usize {
    usize::from(side == Side::Black)
}

impl EngineGame {
    /// A game from `setup` under `profile`.
    pub fn new(setup: &Setup, profile: &Profile) -> Result<EngineGame, String> {
        setup.validate().map_err(|(_, m)| m)?;
        let mut stones = [0u64; 2];
        let mut dames = 0;
        for (sq, st) in &setup.stones {
            stones[idx(st.side)] |= bit(*sq);
            if st.kind == Kind::Dame {
                dames |= bit(*sq);
            }
        }
        let mut g = EngineGame {
            profile: profile.clone(),
            stones,
            dames,
            to_move: setup.to_move.unwrap_or(profile.first),
            huffable: 0,
            quiet: 0,
            plies: 0,
            outcome: Outcome::Ongoing,
            moves: OnceCell::new(),
        };
        g.outcome = g.compute_outcome();
        Ok(g)
    }

    fn sides(&self) -> Sides {
        Sides {
            own: self.stones[idx(self.to_move)],
            enemy: self.stones[idx(self.to_move.other())],
            dames: self.dames,
            side: self.to_move,
        }
    }

    fn moves(&self) -> &Moves {
        self.moves.get_or_init(|| {
            let p = &self.profile;
            let s = self.sides();
            let mut chains = movegen::chains(p, &s);
            if p.capture == CaptureRule::Compulsory {
                chains.retain(|c| c.complete);
            }
            if p.majority == Majority::Maximum {
                let most = chains.iter().map(|c| c.captured.len()).max().unwrap_or(0);
                chains.retain(|c| c.captured.len() == most);
            }
            let mut actions: Vec<Action> = chains
                .iter()
                .map(|c| Action::Capture(c.path.clone()))
                .collect();
            if p.capture != CaptureRule::Compulsory || chains.is_empty() {
                actions.extend(
                    movegen::steps(p, &s)
                        .into_iter()
                        .map(|(from, to)| Action::Step { from, to }),
                );
            }
            if p.capture == CaptureRule::Huffing {
                actions.extend(singles(self.huffable).map(|b| Action::Huff(square(b))));
            }
            actions.sort();
            Moves { chains, actions }
        })
    }

    fn compute_outcome(&self) -> Outcome {
        let f = &self.profile.faults;
        let (mover, waiting) = (self.to_move, self.to_move.other());
        // The faults (kill matrix only): DA-5.2 before DA-5.1, and DA-5.1
        // for the side to move alone.
        if f.no_moves_before_all_captured && self.moves().actions.is_empty() {
            return Outcome::win(waiting, WinReason::NoLegalMove);
        }
        if self.stones[idx(mover)] == 0 {
            return Outcome::win(waiting, WinReason::AllCaptured);
        }
        if self.stones[idx(waiting)] == 0 && !f.all_captured_only_for_side_to_move {
            return Outcome::win(mover, WinReason::AllCaptured);
        }
        let n = self.profile.draw.no_progress_plies;
        if n > 0 && self.quiet >= n {
            return Outcome::Draw(DrawReason::NoProgress);
        }
        let moves = self.moves();
        let shut_in = if f.shut_in_before_huff {
            !moves.actions.iter().any(|a| !matches!(a, Action::Huff(_)))
        } else {
            moves.actions.is_empty()
        };
        if shut_in {
            return Outcome::win(waiting, WinReason::NoLegalMove);
        }
        Outcome::Ongoing
    }

    /// Every legal action (empty once the game is over).
    pub fn legal(&self) -> Vec<Action> {
        if self.outcome.is_over() {
            Vec::new()
        } else {
            self.moves().actions.clone()
        }
    }

    /// How many legal actions there are.
    pub fn count(&self) -> usize {
        if self.outcome.is_over() {
            0
        } else {
            self.moves().actions.len()
        }
    }

    /// The stone on `sq`.
    pub fn stone(&self, sq: Square) -> Option<Stone> {
        let b = bit(sq);
        let kind = if self.dames & b != 0 {
            Kind::Dame
        } else {
            Kind::Man
        };
        [Side::White, Side::Black]
            .into_iter()
            .find(|s| self.stones[idx(*s)] & b != 0)
            .map(|side| Stone { side, kind })
    }

    /// Plays a legal action.
    pub fn apply(&mut self, action: &Action) -> Note {
        let side = self.to_move;
        let me = idx(side);
        let mut note = Note::blank(action, side);
        let crown_row = self.sides().crown_row();
        let mut next_huffable = 0u64;
        match action {
            Action::Huff(sq) => {
                let b = bit(*sq);
                self.stones[1 - me] &= !b;
                self.dames &= !b;
                self.huffable = 0;
                self.quiet = 0;
                note.huffed = Some(*sq);
                if self.profile.huff.costs_turn {
                    self.to_move = side.other();
                }
                self.moves = OnceCell::new();
                self.plies += 1;
                self.outcome = self.compute_outcome();
                note.huffable = self.huffable_list();
                note.outcome = self.outcome;
                return note;
            }
            Action::Step { from, to } => {
                let (f, t) = (bit(*from), bit(*to));
                let dame = self.dames & f != 0;
                note.kind = Some(if dame { Kind::Dame } else { Kind::Man });
                // Which stones had a capture open before the move.
                let s = self.sides();
                let mut could = 0u64;
                let mut js = Vec::new();
                for b in singles(s.own) {
                    js.clear();
                    movegen::jumps_from(&self.profile, &s, b, b, s.dames & b != 0, 0, &mut js);
                    if !js.is_empty() {
                        could |= b;
                    }
                }
                self.stones[me] = (self.stones[me] & !f) | t;
                if dame {
                    self.dames = (self.dames & !f) | t;
                    self.quiet += 1;
                } else {
                    self.quiet = 0;
                    if t & crown_row != 0 {
                        self.dames |= t;
                        note.crowned = true;
                    }
                }
                if could != 0 && (!dame || self.profile.huff.dame_moves) {
                    next_huffable = match self.profile.huff.target {
                        HuffTarget::CouldHaveCaptured => {
                            if could & f != 0 {
                                (could & !f) | t
                            } else {
                                could
                            }
                        }
                        HuffTarget::Moved => t,
                    };
                }
            }
            Action::Capture(path) => {
                let chain = self
                    .moves()
                    .chains
                    .iter()
                    .find(|c| &c.path == path)
                    .cloned()
                    .expect("judged legal");
                let f = bit(path[0]);
                let t = bit(*path.last().expect("a path"));
                let dame = self.dames & f != 0;
                note.kind = Some(if dame { Kind::Dame } else { Kind::Man });
                let mut taken = 0;
                for sq in &chain.captured {
                    taken |= bit(*sq);
                }
                self.stones[1 - me] &= !taken;
                self.dames &= !taken;
                self.stones[me] = (self.stones[me] & !f) | t;
                if dame || chain.crowned {
                    self.dames = (self.dames & !f) | t;
                }
                note.captures = chain.captured.clone();
                note.crowned = chain.crowned;
                self.quiet = 0;
                if !chain.complete && self.profile.huff.partial {
                    next_huffable = t;
                }
            }
        }
        self.to_move = side.other();
        self.huffable = if self.profile.capture == CaptureRule::Huffing {
            next_huffable
        } else {
            0
        };
        self.moves = OnceCell::new();
        self.plies += 1;
        self.outcome = self.compute_outcome();
        note.huffable = self.huffable_list();
        note.outcome = self.outcome;
        note
    }

    fn huffable_list(&self) -> Vec<Square> {
        singles(self.huffable).map(square).collect()
    }

    /// Perft: leaf nodes `depth` plies down, counted at the last ply.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if depth == 1 {
            return self.count() as u64;
        }
        let mut n = 0;
        for a in self.legal() {
            let mut c = self.clone();
            c.apply(&a);
            n += c.perft(depth - 1);
        }
        n
    }
}

impl Game<Dame> for EngineGame {
    fn side_to_move(&self) -> Side {
        self.to_move
    }

    fn outcome(&self) -> Outcome {
        self.outcome
    }

    fn judge(&self, action: &Action) -> Verdict<Dame> {
        if !self.outcome.is_over() && self.moves().actions.binary_search(action).is_ok() {
            return Verdict::Legal;
        }
        Verdict::Illegal(judge::why_not(self, action))
    }

    fn legal_actions(&self) -> Vec<Action> {
        self.legal()
    }

    fn play(&mut self, action: &Action) -> Result<Note, Illegal<Dame>> {
        match self.judge(action) {
            Verdict::Legal => Ok(self.apply(action)),
            Verdict::Illegal(i) => Err(i),
        }
    }

    fn ply(&self) -> usize {
        self.plies
    }

    fn render(&self) -> String {
        let mut b = super::board::Board([None; 64]);
        for sq in Square::all() {
            b.set(sq, self.stone(sq));
        }
        let mut s = b.render();
        s.push_str(&format!("{} to move", self.to_move));
        let h = self.huffable_list();
        if !h.is_empty() {
            let h: Vec<String> = h.iter().map(|s| s.to_string()).collect();
            s.push_str(&format!("; may huff {}", h.join(" ")));
        }
        s.push('\n');
        s
    }

    fn position(&self) -> Option<crate::games::dame::board::Setup> {
        let mut stones: Vec<_> = Square::all()
            .filter_map(|sq| self.stone(sq).map(|s| (sq, s)))
            .collect();
        // White's first, as a setup lists them.
        stones.sort_by_key(|(_, s)| s.side != Side::White);
        Some(crate::games::dame::board::Setup {
            stones,
            to_move: Some(self.to_move),
        })
    }
}
