//! The optimized engine: a byte per cell of a padded file-major grid (see
//! [`layout`]) beside a bit set of each side's stones, moves generated
//! stone by stone from one reading of each line ([`movegen`]) already in
//! the legal list's order, a position built only for a move the symmetry
//! rule restricts, and a move played in place. It shares the data types
//! (squares, moves, notes, profiles) with the reference and none of its
//! rule logic; the differential tests (`tests/games/epaminondas.rs`) and the
//! fuzz target hold it to the reference's verdicts.

pub mod layout;
pub mod movegen;
pub mod position;
pub mod symmetry;

use crate::games::epaminondas::board::{Dir, Side};
use crate::games::epaminondas::game::{
    Crossings, DrawReason, Epaminondas, Note, Outcome, WinReason,
};
use crate::games::epaminondas::moves::Move;
use crate::games::epaminondas::profile::{
    EndOrder, EnemyLine, NoMoves, PartCounts, Profile, Removes, Split, Stronger, SymmetryMap,
    SymmetryScope, WinCheck,
};
use crate::games::epaminondas::setup::Setup;
use crate::games::epaminondas::verdict::{RuleCode, say};
use crate::rules::{self, Game, Implementation};

use layout::{STEPS, index, square};
use movegen::{Any, Count, Each, Found, List};
use position::{OFF, Position, stone};

/// The engine.
#[derive(Clone, Copy, Debug, Default)]
pub struct Engine;

impl Implementation<Epaminondas> for Engine {
    crate::own_implementation!("engine", Epaminondas => EngineGame::new);
}

/// The rules as the engine applies them: the profile's switches unpacked
/// into flags the generator reads without matching.
#[derive(Clone, Debug)]
pub struct Rules {
    profile: Profile,
    /// A front part of a line may move (`phalanx.split=front-part`).
    split: bool,
    /// A part goes as far as its whole line (`phalanx.range=whole-line`).
    range_whole: bool,
    /// A part is as strong as its whole line (`phalanx.strength=whole-line`).
    strength_whole: bool,
    /// Enemy stones count up to the edge (`capture.enemy-line=to-edge`).
    to_edge: bool,
    /// Equal numbers capture (`capture.stronger=or-equal`).
    or_equal: bool,
    /// A capture removes the contacted stone only (`capture.removes`).
    front_only: bool,
    map: SymmetryMap,
    scope: SymmetryScope,
}

impl Rules {
    /// The rules of `profile`.
    pub fn new(profile: &Profile) -> Self {
        Rules {
            profile: profile.clone(),
            split: profile.phalanx.split == Split::FrontPart,
            range_whole: profile.phalanx.range == PartCounts::WholeLine,
            strength_whole: profile.phalanx.strength == PartCounts::WholeLine,
            to_edge: profile.capture.enemy_line == EnemyLine::ToEdge,
            or_equal: profile.capture.stronger == Stronger::OrEqual,
            front_only: profile.capture.removes == Removes::FrontStone,
            map: profile.symmetry.map,
            scope: profile.symmetry.scope,
        }
    }

    /// Plays `found`, known to be playable, on `pos`: the enemy stones it
    /// takes go to `taken` (from the contacted stone outwards), their number
    /// is returned with whether a moving stone came onto the row it must
    /// reach from off it.
    pub(crate) fn play_on(
        &self,
        pos: &mut Position,
        found: Found,
        taken: &mut [usize; 16],
    ) -> (usize, bool) {
        let side = pos.to_move;
        let opp = side.opponent();
        let step = STEPS[found.dir as usize];
        let shift = step * found.distance as isize;
        let mut n = 0;
        if found.capture {
            let enemy = stone(opp);
            let mut at = found.front as isize + shift;
            loop {
                let c = pos.cell(at as usize);
                if c == enemy {
                    pos.lift(at as usize, opp);
                    taken[n] = at as usize;
                    n += 1;
                    if self.front_only {
                        break;
                    }
                } else if c == OFF || !self.to_edge {
                    break;
                }
                at += step;
            }
        }
        let target = pos.target_rank(side);
        let mut from = found.front as isize;
        for _ in 0..found.count {
            pos.lift(from as usize, side);
            from -= step;
        }
        let mut enters = false;
        let mut from = found.front as isize;
        for _ in 0..found.count {
            let to = (from + shift) as usize;
            pos.put(to, side);
            enters |= square(to).rank == target && square(from as usize).rank != target;
            from -= step;
        }
        pos.to_move = opp;
        (n, enters)
    }

    /// Every legal move of the side to move, sorted.
    pub fn legal(&self, pos: &Position) -> Vec<Move> {
        let mut out = List(Vec::with_capacity(256));
        self.generate(pos, &mut out);
        out.0
    }

    /// Whether the side to move has a legal move.
    pub fn can_move(&self, pos: &Position) -> bool {
        !self.generate(pos, &mut Any)
    }

    /// The outcome when `pos.to_move`'s turn begins, after a move of
    /// `mover` (none at the start).
    pub fn outcome(&self, pos: &Position, mover: Option<Side>) -> Outcome {
        let to_move = pos.to_move;
        if self.profile.end.win_check == WinCheck::Immediate
            && let Some(m) = mover
            && pos.crossed(m) > pos.crossed(m.opponent())
        {
            return Outcome::win(m, WinReason::Crossing);
        }
        let leads = pos.crossed(to_move) > pos.crossed(to_move.opponent());
        // EP-5.5, AE-11: which end condition is asked first.
        let lead_first = match self.profile.end.order {
            EndOrder::LeadFirst => true,
            EndOrder::NoMovesFirst => false,
        };
        if leads && lead_first {
            return Outcome::win(to_move, WinReason::Crossing);
        }
        if !self.can_move(pos) {
            return match self.profile.end.no_moves {
                NoMoves::Loses => Outcome::win(to_move.opponent(), WinReason::NoLegalMove),
                NoMoves::Draw => Outcome::Draw(DrawReason::NoLegalMove),
            };
        }
        if leads {
            return Outcome::win(to_move, WinReason::Crossing);
        }
        Outcome::Ongoing
    }

    /// Judges one move of any spelling: what it does, or the rule it breaks
    /// (the order of EP-7.1).
    fn judge(&self, pos: &Position, mv: Move) -> Result<Found, (RuleCode, String)> {
        let size = pos.size;
        for sq in [mv.front, mv.to] {
            if sq.file >= size.files() || sq.rank >= size.ranks() {
                return Err((RuleCode::OffBoard, say::off_board(sq, size)));
            }
        }
        let side = pos.to_move;
        let front = index(mv.front);
        match pos.at(front) {
            None => return Err((RuleCode::NoStone, say::no_stone(mv.front))),
            Some(s) if s != side => {
                return Err((
                    RuleCode::OpponentStone,
                    say::opponent_stone(mv.front, s, side),
                ));
            }
            Some(_) => {}
        }
        let Some((compass, distance)) = Dir::between(mv.front, mv.to) else {
            return Err((RuleCode::NotALine, say::not_a_line(mv.front, mv.to)));
        };
        let dir = Dir::ALL
            .iter()
            .position(|&d| d == compass)
            .expect("one of the eight directions");
        let step = STEPS[dir];
        let line = Self::line_behind(pos, front, step);
        if self.split && mv.count > line {
            return Err((
                RuleCode::Count,
                say::count_short(mv.count, line, side, mv.front, compass),
            ));
        }
        if !self.split && mv.count != line {
            return Err((
                RuleCode::Count,
                say::count_split(mv.count, line, mv.front, compass),
            ));
        }
        let range = if self.range_whole { line } else { mv.count };
        if distance > range {
            return Err((RuleCode::TooFar, say::too_far(distance, range)));
        }
        let (own, enemy) = (stone(side), stone(side.opponent()));
        let mut capture = false;
        for k in 1..=distance {
            let at = (front as isize + step * k as isize) as usize;
            if pos.cell(at) == own {
                return Err((RuleCode::OwnStone, say::own_stone(side, square(at))));
            }
            if pos.cell(at) == enemy {
                if k < distance {
                    return Err((RuleCode::Blocked, say::blocked(square(at))));
                }
                capture = true;
            }
        }
        if capture {
            let contact = index(mv.to);
            let n = self.enemy_count(pos, contact, step);
            let strength = if self.strength_whole { line } else { mv.count };
            if !self.beaten(n, strength) {
                return Err((
                    RuleCode::TooWeak,
                    say::too_weak(n as usize, mv.to, strength as usize),
                ));
            }
        }
        let found = Found {
            front: front as u8,
            dir: dir as u8,
            distance,
            count: mv.count,
            capture,
        };
        let restricted = match (self.map, self.scope) {
            (SymmetryMap::None, _) => false,
            (_, SymmetryScope::HomeRowEntries) => {
                let target = pos.target_rank(side);
                (0..mv.count).any(|k| {
                    let from = front as isize - step * k as isize;
                    let to = (from + step * distance as isize) as usize;
                    square(to).rank == target && square(from as usize).rank != target
                })
            }
            (_, SymmetryScope::AnsweringIncursion) => {
                pos.crossed(side.opponent()) > pos.crossed(side)
            }
            (_, SymmetryScope::EveryMove) => true,
        };
        if restricted && self.makes_symmetric(pos, found) {
            return Err((RuleCode::Symmetry, say::symmetry(self.map)));
        }
        Ok(found)
    }
}

/// Perft on the engine: move sequences of length `depth` from `pos`.
pub fn perft(rules: &Rules, pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let side = pos.to_move;
    let immediate = rules.profile.end.win_check == WinCheck::Immediate;
    if pos.crossed(side) > pos.crossed(side.opponent())
        || (immediate && pos.crossed(side.opponent()) > pos.crossed(side))
    {
        return 0;
    }
    if depth == 1 {
        let mut count = Count(0);
        rules.generate(pos, &mut count);
        return count.0;
    }
    let mut total = 0;
    let mut taken = [0; 16];
    rules.generate(
        pos,
        &mut Each(|f| {
            let mut after = pos.clone();
            rules.play_on(&mut after, f, &mut taken);
            total += perft(rules, &after, depth - 1);
            true
        }),
    );
    total
}

/// The position of a setup.
pub fn position(setup: &Setup) -> Result<Position, String> {
    setup.validate().map_err(|e| e.to_string())?;
    let mut pos = Position::empty(setup.size);
    for &sq in &setup.white {
        pos.put(index(sq), Side::White);
    }
    for &sq in &setup.black {
        pos.put(index(sq), Side::Black);
    }
    pos.to_move = setup.to_move;
    Ok(pos)
}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct EngineGame {
    rules: Rules,
    pos: Position,
    ply: usize,
    outcome: Outcome,
}

impl EngineGame {
    /// A game from `setup`.
    pub fn new(setup: &Setup, profile: &Profile) -> Result<Self, String> {
        let pos = position(setup)?;
        let rules = Rules::new(profile);
        let outcome = rules.outcome(&pos, None);
        Ok(EngineGame {
            rules,
            pos,
            ply: 0,
            outcome,
        })
    }

    /// The position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    fn judged(&self, mv: &Move) -> Result<Found, rules::Illegal<Epaminondas>> {
        if self.outcome.is_over() {
            return Err(RuleCode::GameOver.illegal(*mv, say::game_over(self.outcome)));
        }
        self.rules
            .judge(&self.pos, *mv)
            .map_err(|(code, why)| code.illegal(*mv, why))
    }

    /// The board as the shared type.
    fn board(&self) -> crate::games::epaminondas::board::Board {
        let mut b = crate::games::epaminondas::board::Board::empty(self.pos.size);
        for sq in self.pos.size.squares() {
            b.set(sq, self.pos.at(index(sq)));
        }
        b
    }
}

impl Game<Epaminondas> for EngineGame {
    fn side_to_move(&self) -> Side {
        self.pos.to_move
    }

    fn outcome(&self) -> Outcome {
        self.outcome
    }

    fn judge(&self, action: &Move) -> rules::Verdict<Epaminondas> {
        self.judged(action)
            .err()
            .map_or(rules::Verdict::Legal, rules::Verdict::Illegal)
    }

    fn legal_actions(&self) -> Vec<Move> {
        if self.outcome.is_over() {
            return Vec::new();
        }
        self.rules.legal(&self.pos)
    }

    fn play(&mut self, action: &Move) -> Result<Note, rules::Illegal<Epaminondas>> {
        let found = self.judged(action)?;
        let side = self.pos.to_move;
        let mut taken = [0; 16];
        let (n, enters) = self.rules.play_on(&mut self.pos, found, &mut taken);
        self.ply += 1;
        self.outcome = self.rules.outcome(&self.pos, Some(side));
        Ok(Note {
            mv: *action,
            side,
            dir: Dir::ALL[found.dir as usize],
            count: found.count,
            distance: found.distance,
            captures: taken[..n].iter().map(|&i| square(i)).collect(),
            enters_home_row: enters,
            crossings: Crossings {
                white: self.pos.crossed(Side::White),
                black: self.pos.crossed(Side::Black),
            },
            outcome: self.outcome,
        })
    }

    fn ply(&self) -> usize {
        self.ply
    }

    fn render(&self) -> String {
        self.board().render()
    }

    fn position(&self) -> Option<Setup> {
        let b = self.board();
        Some(Setup {
            size: self.pos.size,
            white: b.stones(Side::White),
            black: b.stones(Side::Black),
            to_move: self.side_to_move(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::epaminondas::board::Size;

    fn start(size: Size) -> Position {
        position(&Setup::standard(size)).unwrap()
    }

    /// Depths 1 and 2 as counted by hand in `spec/epaminondas/perft.md`.
    #[test]
    fn perft_by_hand() {
        let rules = Rules::new(&Profile::seed_003());
        for (size, d1) in [(Size::Small, 60), (Size::Standard, 114)] {
            assert_eq!(perft(&rules, &start(size), 1), d1);
            assert_eq!(perft(&rules, &start(size), 2), d1 * d1);
        }
    }

    /// The legal list comes out of the generator sorted, without a sort:
    /// on the start and on positions of a random game, both boards.
    #[test]
    fn the_list_is_generated_in_order() {
        for size in Size::ALL {
            let mut g = EngineGame::new(&Setup::standard(size), &Profile::seed_003()).unwrap();
            let mut rng = crate::rng::SplitMix(7);
            for _ in 0..200 {
                let legal = g.legal_actions();
                assert!(legal.windows(2).all(|w| w[0] < w[1]), "{legal:?}");
                if legal.is_empty() {
                    break;
                }
                let m = legal[rng.pick(legal.len())];
                g.play(&m).unwrap();
            }
        }
    }

    #[test]
    #[ignore]
    fn perft_timings() {
        let rules = Rules::new(&Profile::seed_003());
        for size in Size::ALL {
            for d in 1..=4 {
                let t = std::time::Instant::now();
                let n = perft(&rules, &start(size), d);
                eprintln!("{size} d{d} {n} {:?}", t.elapsed());
            }
        }
    }
}
