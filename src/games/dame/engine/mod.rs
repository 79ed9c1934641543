//! The optimized engine: bitboards for the stones, a compact position
//! (`position.rs`) that perft copies, a move list of compact records built
//! once per position into reused buffers (`list.rs`, of records `mv.rs`), a capture search that
//! allocates nothing (`movegen.rs`), and verdicts that look the action up
//! in that list before asking why not; `play` plays the listed record it
//! found without judging it again. It shares the board, action and profile
//! types with the reference interpreter, never its rule code; the
//! differential tests (`workload.rs`) hold the two to the same answers.

pub mod bits;
pub mod judge;
pub mod jumpsets;
pub mod list;
pub mod movegen;
pub mod mv;
pub mod perft;
pub mod playout;
pub mod position;

use crate::rules::{Game, Illegal, Implementation, Verdict};

use super::board::{Kind, Setup, Side, Square, Stone};
use super::game::{Dame, Note, Outcome};
use super::moves::Action;
use super::profile::Profile;
use bits::{bit, singles, square};
use list::MoveList;
use movegen::Sides;
use mv::{Mv, MvKind};
use position::{Pos, idx};

/// The engine.
pub struct Engine;

impl Implementation<Dame> for Engine {
    crate::own_implementation!("engine", Dame => EngineGame::new);
}

/// One game on the engine.
#[derive(Clone, Debug)]
pub struct EngineGame {
    profile: Profile,
    pos: Pos,
    plies: usize,
    outcome: Outcome,
    /// The actions of `pos`, paths kept and sorted, refilled (in the same
    /// buffers) after every action.
    list: MoveList,
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
            pos: Pos {
                stones,
                dames,
                to_move: setup.to_move.unwrap_or(profile.first),
                huffable: 0,
                quiet: 0,
            },
            plies: 0,
            outcome: Outcome::Ongoing,
            list: MoveList::default(),
        };
        g.refresh();
        Ok(g)
    }

    /// Lists the actions of the position reached and judges its outcome.
    fn refresh(&mut self) {
        self.list.fill(&self.profile, &self.pos, true);
        let actions = self.list.mvs.len();
        self.outcome = self
            .pos
            .outcome(&self.profile, actions, actions - self.list.huffs);
    }

    fn sides(&self) -> Sides {
        self.pos.sides()
    }

    /// The first capture of the sorted list, spelled (empty when none).
    fn first_capture(&self) -> String {
        self.list
            .mvs
            .iter()
            .find(|m| m.kind == MvKind::Capture)
            .map(|m| spell(&self.list, m))
            .unwrap_or_default()
    }

    /// The most stones a legal capture takes (0: none).
    fn most_taken(&self) -> usize {
        self.list.most
    }

    /// Every legal action (empty once the game is over).
    pub fn legal(&self) -> Vec<Action> {
        if self.outcome.is_over() {
            Vec::new()
        } else {
            self.list.mvs.iter().map(|m| self.list.action(m)).collect()
        }
    }

    /// How many legal actions there are.
    pub fn count(&self) -> usize {
        if self.outcome.is_over() {
            0
        } else {
            self.list.mvs.len()
        }
    }

    /// The stone on `sq`.
    pub fn stone(&self, sq: Square) -> Option<Stone> {
        let b = bit(sq);
        let kind = if self.pos.dames & b != 0 {
            Kind::Dame
        } else {
            Kind::Man
        };
        [Side::White, Side::Black]
            .into_iter()
            .find(|s| self.pos.stones[idx(*s)] & b != 0)
            .map(|side| Stone { side, kind })
    }

    /// Plays an action of the list (`legal`); an action not listed is
    /// refused as `play` refuses it, and nothing changes.
    pub fn apply(&mut self, action: &Action) -> Result<Note, Illegal<Dame>> {
        self.play(action)
    }

    /// Plays the `i`-th listed move, whose legality is known: no judging.
    fn apply_at(&mut self, i: usize) -> Note {
        let m = self.list.mvs[i];
        let side = self.pos.to_move;
        let mut note = Note::spelled(spell(&self.list, &m), side);
        let from = 1u64 << m.from;
        let dame = self.pos.dames & from != 0;
        let kind = if dame { Kind::Dame } else { Kind::Man };
        match m.kind {
            MvKind::Huff => note.huffed = Some(movegen::sq(m.from)),
            MvKind::Step => {
                note.kind = Some(kind);
                note.crowned = !dame && (1u64 << m.to) & self.sides().crown_row() != 0;
            }
            MvKind::Capture => {
                note.kind = Some(kind);
                note.captures = self
                    .list
                    .captured(&m)
                    .iter()
                    .map(|&i| movegen::sq(i))
                    .collect();
                note.crowned = m.crowned;
            }
        }
        self.pos.play(&self.profile, &m);
        self.plies += 1;
        self.refresh();
        note.huffable = self.huffable_list();
        note.outcome = self.outcome;
        note
    }

    fn huffable_list(&self) -> Vec<Square> {
        singles(self.pos.huffable).map(square).collect()
    }

    /// Perft: leaf nodes `depth` plies down, the last ply counted without
    /// being listed (bulk counting).
    pub fn perft(&self, depth: u32) -> u64 {
        perft::perft(&self.profile, &self.pos, depth)
    }
}

/// The action of a listed move as `Action`'s `Display` writes it, without
/// the formatting machinery (it is written for every action played).
fn spell(list: &MoveList, m: &Mv) -> String {
    fn push(out: &mut String, i: u8) {
        out.push(char::from(b'a' + i % 8));
        out.push(char::from(b'1' + i / 8));
    }
    let mut out = String::with_capacity(8);
    match m.kind {
        MvKind::Step => {
            push(&mut out, m.from);
            out.push('-');
            push(&mut out, m.to);
        }
        MvKind::Capture => {
            for (k, &i) in list.path(m).iter().enumerate() {
                if k > 0 {
                    out.push('x');
                }
                push(&mut out, i);
            }
        }
        MvKind::Huff => {
            out.push_str("huff ");
            push(&mut out, m.from);
        }
    }
    out
}

impl Game<Dame> for EngineGame {
    fn side_to_move(&self) -> Side {
        self.pos.to_move
    }

    fn outcome(&self) -> Outcome {
        self.outcome
    }

    fn judge(&self, action: &Action) -> Verdict<Dame> {
        if !self.outcome.is_over() && self.list.find(action).is_some() {
            return Verdict::Legal;
        }
        Verdict::Illegal(judge::why_not(self, action))
    }

    fn legal_actions(&self) -> Vec<Action> {
        self.legal()
    }

    fn play(&mut self, action: &Action) -> Result<Note, Illegal<Dame>> {
        match self.list.find(action) {
            Some(i) if !self.outcome.is_over() => Ok(self.apply_at(i)),
            _ => Err(judge::why_not(self, action)),
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
        s.push_str(&format!("{} to move", self.pos.to_move));
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
            to_move: Some(self.pos.to_move),
        })
    }
}
