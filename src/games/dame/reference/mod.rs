//! The reference interpreter: slow and literal. Every legal action is
//! found by trying each stone in turn (`captures.rs` for jumps), an action
//! is judged by walking it square by square (`judge.rs`), and each step
//! names the clause it follows.

pub mod captures;
pub mod judge;
pub mod perft;

use crate::rules::{Game, Illegal, Implementation, Verdict};

use super::board::{Board, Dir, Kind, Setup, Side, Square, Stone};
use super::game::{Dame, DrawReason, Note, Outcome, WinReason};
use super::moves::Action;
use super::profile::{CaptureRule, HuffTarget, Majority, Profile, Range};
use captures::Chain;

/// The reference interpreter.
pub struct Reference;

impl Implementation<Dame> for Reference {
    crate::own_implementation!("reference", Dame => RefGame::new);
}

/// One game on the reference.
#[derive(Clone, Debug)]
pub struct RefGame {
    /// The profile played.
    pub profile: Profile,
    /// The stones.
    pub board: Board,
    /// Who acts next.
    pub to_move: Side,
    /// The opponent's stones the side to move may huff (DA-6.1).
    pub huffable: Vec<Square>,
    /// Plies in a row without a capture, a huff or a man's move (AD-11).
    pub quiet_plies: u32,
    /// Actions played.
    pub plies: usize,
    /// The state of the game.
    pub outcome: Outcome,
}

impl RefGame {
    /// A game from `setup` under `profile`, or why the setup is refused.
    pub fn new(setup: &Setup, profile: &Profile) -> Result<RefGame, String> {
        setup.validate().map_err(|(_, m)| m)?;
        let mut g = RefGame {
            profile: profile.clone(),
            board: Board::from_setup(setup),
            // DA-1.3: who starts, unless the setup says.
            to_move: setup.to_move.unwrap_or(profile.first),
            huffable: Vec::new(),
            quiet_plies: 0,
            plies: 0,
            outcome: Outcome::Ongoing,
        };
        g.outcome = g.judge_outcome();
        Ok(g)
    }

    /// Squares of `side`'s stones.
    pub fn stones(&self, side: Side) -> Vec<(Square, Stone)> {
        Square::all()
            .filter_map(|sq| self.board.get(sq).map(|s| (sq, s)))
            .filter(|(_, s)| s.side == side)
            .collect()
    }

    /// Every capture of `side` (each prefix included), stone by stone.
    pub fn all_chains(&self, side: Side) -> Vec<Chain> {
        self.stones(side)
            .into_iter()
            .flat_map(|(sq, _)| captures::chains(&self.board, sq, &self.profile))
            .collect()
    }

    /// The stones of `side` that have a capture open (DA-6.1).
    pub fn could_capture(&self, side: Side) -> Vec<Square> {
        self.stones(side)
            .into_iter()
            .filter(|(sq, _)| !captures::chains(&self.board, *sq, &self.profile).is_empty())
            .map(|(sq, _)| sq)
            .collect()
    }

    /// Every step of `side` (DA-2.1, DA-4.2).
    pub fn steps(&self, side: Side) -> Vec<Action> {
        let mut out = Vec::new();
        for (from, stone) in self.stones(side) {
            for d in Dir::ALL {
                if stone.kind == Kind::Man && !d.is_forward(side) {
                    continue;
                }
                let far = stone.kind == Kind::Dame && self.profile.dame.range == Range::Flying;
                let mut n = 1;
                while let Some(to) = from.step(d, n) {
                    if self.board.get(to).is_some() {
                        break;
                    }
                    out.push(Action::Step { from, to });
                    if !far {
                        break;
                    }
                    n += 1;
                }
            }
        }
        out
    }

    /// The captures the side to move may choose among (AD-1, AD-8).
    pub fn legal_chains(&self) -> Vec<Chain> {
        let all = self.all_chains(self.to_move);
        let mut legal: Vec<Chain> = match self.profile.capture {
            CaptureRule::Compulsory => all.into_iter().filter(|c| c.complete).collect(),
            CaptureRule::Huffing | CaptureRule::Optional => all,
        };
        if self.profile.majority == Majority::Maximum {
            let most = legal.iter().map(|c| c.captured.len()).max().unwrap_or(0);
            legal.retain(|c| c.captured.len() == most);
        }
        legal
    }

    /// Every legal action, sorted.
    pub fn legal(&self) -> Vec<Action> {
        if self.outcome.is_over() {
            return Vec::new();
        }
        self.legal_ignoring_outcome()
    }

    fn legal_ignoring_outcome(&self) -> Vec<Action> {
        let chains = self.legal_chains();
        let mut out: Vec<Action> = chains
            .iter()
            .map(|c| Action::Capture(c.path.clone()))
            .collect();
        if self.profile.capture != CaptureRule::Compulsory || chains.is_empty() {
            out.extend(self.steps(self.to_move));
        }
        if self.profile.capture == CaptureRule::Huffing {
            out.extend(self.huffable.iter().map(|s| Action::Huff(*s)));
        }
        out.sort();
        out
    }

    /// DA-5 and AD-11: the state of the game for the side to move.
    fn judge_outcome(&self) -> Outcome {
        let faults = &self.profile.faults;
        if faults.no_moves_before_all_captured && self.legal_ignoring_outcome().is_empty() {
            return Outcome::win(self.to_move.other(), WinReason::NoLegalMove);
        }
        let sides = if faults.all_captured_only_for_side_to_move {
            &[self.to_move][..]
        } else {
            &[self.to_move, self.to_move.other()][..]
        };
        for &side in sides {
            if self.board.count(side) == 0 {
                return Outcome::win(side.other(), WinReason::AllCaptured);
            }
        }
        let n = self.profile.draw.no_progress_plies;
        if n > 0 && self.quiet_plies >= n {
            return Outcome::Draw(DrawReason::NoProgress);
        }
        let mut actions = self.legal_ignoring_outcome();
        if faults.shut_in_before_huff {
            actions.retain(|a| !matches!(a, Action::Huff(_)));
        }
        if actions.is_empty() {
            return Outcome::win(self.to_move.other(), WinReason::NoLegalMove);
        }
        Outcome::Ongoing
    }

    /// Plays a legal action and notes what happened.
    pub fn apply(&mut self, action: &Action) -> Note {
        let side = self.to_move;
        let mut note = Note::blank(action, side);
        match action {
            Action::Huff(sq) => {
                // DA-6.2: the stone is taken without further ado.
                self.board.set(*sq, None);
                self.huffable.clear();
                note.huffed = Some(*sq);
                self.quiet_plies = 0;
                // AD-3: the huff is the whole turn only where the profile says.
                if self.profile.huff.costs_turn {
                    self.to_move = side.other();
                }
            }
            Action::Step { from, to } => {
                let could = self.could_capture(side);
                let stone = self.board.get(*from).expect("judged legal");
                note.kind = Some(stone.kind);
                self.board.set(*from, None);
                let crowned = stone.kind == Kind::Man && to.rank() == side.crowning_rank();
                self.board.set(
                    *to,
                    Some(Stone {
                        side,
                        kind: if crowned { Kind::Dame } else { stone.kind },
                    }),
                );
                note.crowned = crowned;
                let progress = match stone.kind {
                    Kind::Man => self.profile.draw.man_move_resets,
                    Kind::Dame => false,
                };
                self.quiet_plies = if progress { 0 } else { self.quiet_plies + 1 };
                // DA-6.1: a move without capture while one was open.
                // AD-14: a Dame's move overlooks nothing where only a man's
                // forward move can.
                let overlooked = if could.is_empty()
                    || (stone.kind == Kind::Dame && !self.profile.huff.dame_moves)
                {
                    Vec::new()
                } else {
                    match self.profile.huff.target {
                        HuffTarget::CouldHaveCaptured => could
                            .iter()
                            .map(|s| if s == from { *to } else { *s })
                            .collect(),
                        HuffTarget::Moved => vec![*to],
                    }
                };
                self.end_move(overlooked);
            }
            Action::Capture(path) => {
                let chain = self
                    .legal_chains()
                    .into_iter()
                    .find(|c| &c.path == path)
                    .expect("judged legal");
                let stone = self.board.get(path[0]).expect("judged legal");
                note.kind = Some(stone.kind);
                self.board.set(path[0], None);
                for sq in &chain.captured {
                    self.board.set(*sq, None);
                }
                let end = *path.last().expect("a path");
                self.board.set(
                    end,
                    Some(Stone {
                        side,
                        kind: if chain.crowned {
                            Kind::Dame
                        } else {
                            stone.kind
                        },
                    }),
                );
                note.captures = chain.captured.clone();
                note.crowned = chain.crowned;
                self.quiet_plies = 0;
                // AD-10: stopping while the stone could jump on overlooks
                // the rest of the capture.
                let overlooked = if !chain.complete && self.profile.huff.partial {
                    vec![end]
                } else {
                    Vec::new()
                };
                self.end_move(overlooked);
            }
        }
        self.plies += 1;
        self.outcome = self.judge_outcome();
        note.huffable = self.huffable.clone();
        note.outcome = self.outcome;
        note
    }

    /// Hands the turn over; the opponent may huff `overlooked` (DA-6).
    fn end_move(&mut self, mut overlooked: Vec<Square>) {
        self.to_move = self.to_move.other();
        if self.profile.capture != CaptureRule::Huffing {
            overlooked.clear();
        }
        overlooked.sort();
        overlooked.dedup();
        // DA-6.3: an unused huff lapses with the opponent's move.
        self.huffable = overlooked;
    }
}

impl Game<Dame> for RefGame {
    fn side_to_move(&self) -> Side {
        self.to_move
    }

    fn outcome(&self) -> Outcome {
        self.outcome
    }

    fn judge(&self, action: &Action) -> Verdict<Dame> {
        judge::judge(self, action)
    }

    fn legal_actions(&self) -> Vec<Action> {
        self.legal()
    }

    fn play(&mut self, action: &Action) -> Result<Note, Illegal<Dame>> {
        match self.judge(action) {
            Verdict::Illegal(i) => Err(i),
            Verdict::Legal => Ok(self.apply(action)),
        }
    }

    fn ply(&self) -> usize {
        self.plies
    }

    fn render(&self) -> String {
        let mut s = self.board.render();
        s.push_str(&format!("{} to move", self.to_move));
        if !self.huffable.is_empty() {
            let h: Vec<String> = self.huffable.iter().map(|s| s.to_string()).collect();
            s.push_str(&format!("; may huff {}", h.join(" ")));
        }
        s.push('\n');
        s
    }

    fn position(&self) -> Option<crate::games::dame::board::Setup> {
        let mut stones: Vec<_> = Square::all()
            .filter_map(|sq| self.board.get(sq).map(|s| (sq, s)))
            .collect();
        // White's first, as a setup lists them.
        stones.sort_by_key(|(_, s)| s.side != Side::White);
        Some(crate::games::dame::board::Setup {
            stones,
            to_move: Some(self.to_move),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::dame::board::Kind;
    use crate::games::dame::mutants::ALL;

    /// A small deterministic generator for positions (xorshift).
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }

    /// A random legal setup: up to twelve stones a side on dark squares.
    fn random_setup(rng: &mut Rng) -> Setup {
        let mut stones = Vec::new();
        let mut used = [false; 64];
        for side in [Side::White, Side::Black] {
            let n = 1 + rng.below(8);
            for _ in 0..n {
                let sq = Square::from_index(rng.below(64));
                if !sq.is_dark() || used[sq.index()] {
                    continue;
                }
                let kind = if sq.rank() == side.crowning_rank() || rng.below(4) == 0 {
                    Kind::Dame
                } else {
                    Kind::Man
                };
                used[sq.index()] = true;
                stones.push((sq, Stone { side, kind }));
            }
        }
        Setup {
            stones,
            to_move: Some(if rng.below(2) == 0 {
                Side::White
            } else {
                Side::Black
            }),
        }
    }

    /// Every profile the kill matrix plays: the named ones and their mutants.
    fn profiles() -> Vec<Profile> {
        let mut out = Vec::new();
        for n in Profile::NAMES {
            let base = Profile::parse(n).unwrap();
            for m in ALL {
                let mut p = base.clone();
                (m.apply)(&mut p);
                out.push(p);
            }
            out.push(base);
        }
        out
    }

    /// The judge (a walk along the action) and the move list (a search for
    /// all actions) read the same clauses two ways: on random positions
    /// under every profile they must agree on every step between two
    /// squares of a diagonal and on every capture path one square longer
    /// than a listed one.
    #[test]
    fn judge_agrees_with_the_move_list() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let profiles = profiles();
        let mut checked = 0;
        for _ in 0..400 {
            let setup = random_setup(&mut rng);
            let profile = &profiles[rng.below(profiles.len())];
            let Ok(mut g) = RefGame::new(&setup, profile) else {
                continue;
            };
            for _ in 0..6 {
                let legal = g.legal();
                let mut candidates: Vec<Action> = Vec::new();
                for from in Square::all().filter(|s| s.is_dark()) {
                    for to in Square::all().filter(|s| s.is_dark() && *s != from) {
                        candidates.push(Action::Step { from, to });
                        candidates.push(Action::Capture(vec![from, to]));
                    }
                    candidates.push(Action::Huff(from));
                }
                for a in &legal {
                    if let Action::Capture(p) = a {
                        for sq in Square::all().filter(|s| s.is_dark()) {
                            let mut q = p.clone();
                            q.push(sq);
                            candidates.push(Action::Capture(q));
                        }
                    }
                }
                for a in &candidates {
                    let verdict = g.judge(a);
                    assert_eq!(
                        verdict.is_legal(),
                        legal.contains(a),
                        "{a} under {}: judge says {verdict}\n{}",
                        profile.name,
                        g.render()
                    );
                    checked += 1;
                }
                if legal.is_empty() {
                    break;
                }
                let a = legal[rng.below(legal.len())].clone();
                g.play(&a).unwrap();
            }
        }
        assert!(checked > 100_000, "{checked}");
    }

    #[test]
    fn legal_actions_are_distinct_and_sorted() {
        let g = RefGame::new(&Setup::start(), &Profile::seed_004()).unwrap();
        let l = g.legal();
        let mut s = l.clone();
        s.sort();
        s.dedup();
        assert_eq!(l, s);
        assert_eq!(l.len(), 7);
    }
}
