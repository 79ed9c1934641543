//! The optimized engine: the stones as two 192-bit sets over the padded
//! 15 × 12 layout, moves generated stone by stone along index offsets, the
//! symmetry tests done a rank at a time on 14-bit rows, copy-make
//! positions. It shares the data types (squares, moves, notes, profiles)
//! with the reference and none of its rule logic; the differential tests
//! (`tests/epaminondas.rs`) and the fuzz target hold it to the reference's
//! verdicts.

pub mod bits;
pub mod position;

use crate::games::epaminondas::board::{Dir, Side};
use crate::games::epaminondas::game::{
    Crossings, DrawReason, Epaminondas, Note, Outcome, WinReason,
};
use crate::games::epaminondas::moves::Move;
use crate::games::epaminondas::profile::{
    EnemyLine, NoMoves, PartCounts, Profile, Removes, Split, Stronger, SymmetryMap, SymmetryScope,
    WinCheck,
};
use crate::games::epaminondas::setup::Setup;
use crate::games::epaminondas::verdict::{RuleCode, say};
use crate::rules::{self, Game, Implementation};

use position::{Position, STEPS, index, square};

/// The engine.
#[derive(Clone, Copy, Debug, Default)]
pub struct Engine;

impl Implementation<Epaminondas> for Engine {
    fn tells_position(&self) -> bool {
        true
    }

    fn name(&self) -> &'static str {
        "engine"
    }

    fn start(
        &self,
        setup: &Setup,
        profile: &Profile,
    ) -> Result<Box<dyn Game<Epaminondas>>, String> {
        Ok(Box::new(EngineGame::new(setup, profile)?))
    }
}

/// The rules as the engine applies them: the profile's switches unpacked.
#[derive(Clone, Debug)]
pub struct Rules {
    profile: Profile,
}

/// A move found legal, with what it does.
#[derive(Clone, Copy, Debug)]
struct Found {
    count: u8,
    distance: u8,
    dir: usize,
    captured: usize,
    contact: Option<usize>,
}

impl Rules {
    /// The rules of `profile`.
    pub fn new(profile: &Profile) -> Self {
        Rules {
            profile: profile.clone(),
        }
    }

    /// Own stones in line from `i` backwards against step `s`, `i` included.
    #[inline]
    fn behind(pos: &Position, own: usize, i: usize, s: isize) -> u8 {
        let mut n = 1;
        let mut at = i;
        while let Some(j) = pos.step(at, -s) {
            if !pos.stones[own].test(j) {
                break;
            }
            n += 1;
            at = j;
        }
        n
    }

    /// The enemy stones that count against a capture on `c` along `s`.
    #[inline]
    fn enemy_run(
        &self,
        pos: &Position,
        enemy: usize,
        c: usize,
        s: isize,
        out: &mut [usize; 16],
    ) -> usize {
        let mut n = 0;
        let mut at = Some(c);
        let contiguous = self.profile.capture.enemy_line == EnemyLine::Contiguous;
        while let Some(j) = at {
            if pos.stones[enemy].test(j) {
                out[n] = j;
                n += 1;
            } else if contiguous {
                break;
            }
            at = pos.step(j, s);
        }
        n
    }

    /// The position after a move already known to be playable, and whether
    /// a moving stone came onto the row it must reach; `captured` lists the
    /// removed stones.
    fn apply(
        pos: &Position,
        front: usize,
        s: isize,
        count: u8,
        distance: u8,
        captured: &[usize],
    ) -> (Position, bool) {
        let side = pos.to_move;
        let (own, opp) = (side.index(), side.opponent().index());
        let mut after = *pos;
        for &c in captured {
            after.stones[opp].clear(c);
        }
        let shift = s * distance as isize;
        let target = pos.target_rank(side);
        let stride = bits::STRIDE;
        let mut enters = false;
        let mut from = front as isize;
        for _ in 0..count {
            after.stones[own].clear(from as usize);
            from -= s;
        }
        let mut from = front as isize;
        for _ in 0..count {
            let to = (from + shift) as usize;
            after.stones[own].set(to);
            enters |= to / stride == target && from as usize / stride != target;
            from -= s;
        }
        after.to_move = side.opponent();
        (after, enters)
    }

    /// Whether the symmetry rule refuses the position `after`, reached by
    /// `side` from `before` with or without a home-row entry.
    fn refused_by_symmetry(&self, before: &Position, after: &Position, enters: bool) -> bool {
        let sym = &self.profile.symmetry;
        if sym.map == SymmetryMap::None {
            return false;
        }
        let side = before.to_move;
        let restricted = match sym.scope {
            SymmetryScope::HomeRowEntries => enters,
            SymmetryScope::AnsweringIncursion => {
                before.crossed(side.opponent()) > before.crossed(side)
            }
            SymmetryScope::EveryMove => true,
        };
        restricted && symmetric(after, sym.map)
    }

    /// Calls `emit` with every legal move of the side to move; stops when
    /// `emit` returns `false`. Returns whether it was stopped.
    fn each_move(&self, pos: &Position, emit: &mut dyn FnMut(Move, &Position) -> bool) -> bool {
        let side = pos.to_move;
        let (own, opp) = (side.index(), side.opponent().index());
        let split = self.profile.phalanx.split == Split::FrontPart;
        let range_whole = self.profile.phalanx.range == PartCounts::WholeLine;
        let strength_whole = self.profile.phalanx.strength == PartCounts::WholeLine;
        let strict = self.profile.capture.stronger == Stronger::Strictly;
        let front_only = self.profile.capture.removes == Removes::FrontStone;
        let mut run = [0usize; 16];
        for front in pos.stones[own].ones() {
            for &s in &STEPS {
                let ahead = pos.step(front, s);
                if ahead.is_some_and(|a| pos.stones[own].test(a)) || ahead.is_none() {
                    continue;
                }
                let line = Self::behind(pos, own, front, s);
                let counts = if split { 1..=line } else { line..=line };
                for count in counts {
                    let range = if range_whole { line } else { count };
                    let mut at = front;
                    for distance in 1..=range {
                        let Some(t) = pos.step(at, s) else { break };
                        at = t;
                        if pos.stones[own].test(t) {
                            break;
                        }
                        let mut captured: &[usize] = &[];
                        if pos.stones[opp].test(t) {
                            let n = self.enemy_run(pos, opp, t, s, &mut run);
                            let strength = if strength_whole { line } else { count } as usize;
                            if (strict && n >= strength) || (!strict && n > strength) {
                                break;
                            }
                            captured = if front_only { &run[..1] } else { &run[..n] };
                        }
                        let (after, enters) = Self::apply(pos, front, s, count, distance, captured);
                        if !self.refused_by_symmetry(pos, &after, enters) {
                            let mv = Move {
                                front: square(front),
                                to: square(t),
                                count,
                            };
                            if !emit(mv, &after) {
                                return true;
                            }
                        }
                        if !captured.is_empty() {
                            break;
                        }
                    }
                }
            }
        }
        false
    }

    /// Every legal move of the side to move, sorted.
    pub fn legal(&self, pos: &Position) -> Vec<Move> {
        let mut out = Vec::with_capacity(128);
        self.each_move(pos, &mut |m, _| {
            out.push(m);
            true
        });
        out.sort_unstable();
        out
    }

    /// Whether the side to move has a legal move.
    pub fn can_move(&self, pos: &Position) -> bool {
        self.each_move(pos, &mut |_, _| false)
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
        let lead_first = !self.profile.faults.no_moves_before_lead;
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

    /// Judges one move: the position after it and its note, or the rule it
    /// breaks (the order of EP-7.1).
    fn judge(
        &self,
        pos: &Position,
        mv: Move,
    ) -> Result<(Position, Found, bool), (RuleCode, String)> {
        let size = pos.size;
        for sq in [mv.front, mv.to] {
            if sq.file >= size.files() || sq.rank >= size.ranks() {
                return Err((RuleCode::OffBoard, say::off_board(sq, size)));
            }
        }
        let side = pos.to_move;
        let (own, opp) = (side.index(), side.opponent().index());
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
        let df = mv.to.file as isize - mv.front.file as isize;
        let dr = mv.to.rank as isize - mv.front.rank as isize;
        if (df == 0 && dr == 0) || (df != 0 && dr != 0 && df.abs() != dr.abs()) {
            return Err((RuleCode::NotALine, say::not_a_line(mv.front, mv.to)));
        }
        let s = dr.signum() * bits::STRIDE as isize + df.signum();
        let dir = STEPS
            .iter()
            .position(|&x| x == s)
            .expect("one of the eight steps");
        let distance = df.abs().max(dr.abs()) as u8;
        let compass = Dir::ALL[dir];
        let line = Self::behind(pos, own, front, s);
        match self.profile.phalanx.split {
            Split::FrontPart if mv.count > line => {
                return Err((
                    RuleCode::Count,
                    say::count_short(mv.count, line, side, mv.front, compass),
                ));
            }
            Split::WholeLine if mv.count != line => {
                return Err((
                    RuleCode::Count,
                    say::count_split(mv.count, line, mv.front, compass),
                ));
            }
            _ => {}
        }
        let range = match self.profile.phalanx.range {
            PartCounts::MovingStones => mv.count,
            PartCounts::WholeLine => line,
        };
        if distance > range {
            return Err((RuleCode::TooFar, say::too_far(distance, range)));
        }
        let mut at = front;
        let mut contact = None;
        for k in 1..=distance {
            at = pos.step(at, s).expect("the landing square is on the board");
            if pos.stones[own].test(at) {
                return Err((RuleCode::OwnStone, say::own_stone(side, square(at))));
            }
            if pos.stones[opp].test(at) {
                if k < distance {
                    return Err((RuleCode::Blocked, say::blocked(square(at))));
                }
                contact = Some(at);
            }
        }
        let mut run = [0usize; 16];
        let mut n = 0;
        if let Some(c) = contact {
            n = self.enemy_run(pos, opp, c, s, &mut run);
            let strength = match self.profile.phalanx.strength {
                PartCounts::MovingStones => mv.count,
                PartCounts::WholeLine => line,
            } as usize;
            let ok = match self.profile.capture.stronger {
                Stronger::Strictly => n < strength,
                Stronger::OrEqual => n <= strength,
            };
            if !ok {
                return Err((RuleCode::TooWeak, say::too_weak(n, square(c), strength)));
            }
            if self.profile.capture.removes == Removes::FrontStone {
                n = 1;
            }
        }
        let (after, enters) = Self::apply(pos, front, s, mv.count, distance, &run[..n]);
        if self.refused_by_symmetry(pos, &after, enters) {
            return Err((RuleCode::Symmetry, say::symmetry(self.profile.symmetry.map)));
        }
        let found = Found {
            count: mv.count,
            distance,
            dir,
            captured: n,
            contact,
        };
        Ok((after, found, enters))
    }
}

/// Whether `pos` has the symmetry of `map`, compared a rank at a time.
fn symmetric(pos: &Position, map: SymmetryMap) -> bool {
    let w = pos.size.files() as usize;
    let h = pos.size.ranks() as usize;
    let flip = |row: u16| row.reverse_bits() >> (16 - w);
    let [white, black] = pos.stones;
    (0..h).all(|r| {
        let (wr, br) = (white.row(r, w), black.row(r, w));
        match map {
            SymmetryMap::None => false,
            SymmetryMap::Mirror => wr == flip(wr) && br == flip(br),
            SymmetryMap::RotateSwap => wr == flip(black.row(h - 1 - r, w)),
            SymmetryMap::MidlineSwap => wr == black.row(h - 1 - r, w),
        }
    })
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
    let mut total = 0;
    if depth == 1 {
        rules.each_move(pos, &mut |_, _| {
            total += 1;
            true
        });
    } else {
        rules.each_move(pos, &mut |_, after| {
            total += perft(rules, after, depth - 1);
            true
        });
    }
    total
}

/// The position of a setup.
pub fn position(setup: &Setup) -> Result<Position, String> {
    let board = setup.validate().map_err(|e| e.to_string())?;
    let _ = board;
    let mut pos = Position::empty(setup.size);
    for &sq in &setup.white {
        pos.stones[0].set(index(sq));
    }
    for &sq in &setup.black {
        pos.stones[1].set(index(sq));
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

    fn judged(&self, mv: &Move) -> Result<(Position, Found, bool), rules::Illegal<Epaminondas>> {
        if self.outcome.is_over() {
            return Err(RuleCode::GameOver.illegal(*mv, say::game_over(self.outcome)));
        }
        self.rules
            .judge(&self.pos, *mv)
            .map_err(|(code, why)| code.illegal(*mv, why))
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
        let (after, found, enters) = self.judged(action)?;
        let side = self.pos.to_move;
        let mut captures = Vec::new();
        if let Some(c) = found.contact {
            let s = STEPS[found.dir];
            let mut run = [0usize; 16];
            let n = self
                .rules
                .enemy_run(&self.pos, side.opponent().index(), c, s, &mut run);
            captures = run[..n.min(found.captured)]
                .iter()
                .map(|&i| square(i))
                .collect();
        }
        self.pos = after;
        self.ply += 1;
        self.outcome = self.rules.outcome(&self.pos, Some(side));
        Ok(Note {
            mv: *action,
            side,
            dir: Dir::ALL[found.dir],
            count: found.count,
            distance: found.distance,
            captures,
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
        let mut b = crate::games::epaminondas::board::Board::empty(self.pos.size);
        for sq in self.pos.size.squares() {
            b.set(sq, self.pos.at(index(sq)));
        }
        b.render()
    }

    fn position(&self) -> Option<Setup> {
        let mut b = crate::games::epaminondas::board::Board::empty(self.pos.size);
        for sq in self.pos.size.squares() {
            b.set(sq, self.pos.at(index(sq)));
        }
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
