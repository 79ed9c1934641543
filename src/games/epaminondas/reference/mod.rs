//! The reference interpreter: slow and literal by design. Every question is
//! answered on the board by walking squares one by one, and every function
//! names the clause of `spec/epaminondas/rules.md` it applies. It shares
//! data types with the engine, never rule logic.

use crate::rules::{self, Game, Implementation};

use super::board::{Board, Dir, Side, Square};
use super::game::{Crossings, DrawReason, Epaminondas, Note, Outcome, WinReason};
use super::moves::Move;
use super::profile::{
    EndOrder, EnemyLine, NoMoves, PartCounts, Profile, Removes, Split, Stronger, SymmetryMap,
    SymmetryScope, WinCheck,
};
use super::setup::Setup;
use crate::games::epaminondas::verdict::{RuleCode, say};

/// The reference implementation.
#[derive(Clone, Copy, Debug, Default)]
pub struct Reference;

impl Implementation<Epaminondas> for Reference {
    crate::own_implementation!("reference", Epaminondas => ReferenceGame::new);
}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct ReferenceGame {
    profile: Profile,
    board: Board,
    to_move: Side,
    ply: usize,
    outcome: Outcome,
}

/// What a legal move does, before it is played.
struct Judged {
    after: Board,
    note: Note,
}

type Refusal = (RuleCode, String);

impl ReferenceGame {
    /// A game from `setup` (EP-1), judged at once (a setup may already be
    /// won or blocked).
    pub fn new(setup: &Setup, profile: &Profile) -> Result<Self, super::setup::SetupError> {
        let board = setup.validate()?;
        let outcome = outcome_at_turn(&board, setup.to_move, None, profile);
        Ok(ReferenceGame {
            profile: profile.clone(),
            board,
            to_move: setup.to_move,
            ply: 0,
            outcome,
        })
    }

    /// The position.
    pub fn board(&self) -> &Board {
        &self.board
    }
}

/// EP-3.1: how many own stones stand in an unbroken line from `front`
/// (included) backwards, against direction `dir`.
pub fn line_behind(board: &Board, front: Square, dir: Dir, side: Side) -> u8 {
    let mut n = 0;
    let mut at = Some(front);
    while let Some(sq) = at {
        if board.get(sq) != Some(side) {
            break;
        }
        n += 1;
        at = board.size.step(sq, dir.back());
    }
    n
}

/// EP-4.2: the enemy stones that count against a capture on `contact`,
/// in direction `dir`, from the contacted stone outwards.
pub fn enemy_line(
    board: &Board,
    contact: Square,
    dir: Dir,
    enemy: Side,
    profile: &Profile,
) -> Vec<Square> {
    let mut out = Vec::new();
    let mut at = Some(contact);
    while let Some(sq) = at {
        match board.get(sq) {
            Some(s) if s == enemy => out.push(sq),
            // The line ends at the first square without an enemy stone.
            _ if profile.capture.enemy_line == EnemyLine::Contiguous => break,
            // AE-2's other reading: every enemy stone up to the edge.
            _ => {}
        }
        at = board.size.step(sq, dir);
    }
    out
}

/// EP-5.1: each side's stones on the opponent's home row.
pub fn crossings(board: &Board) -> Crossings {
    let count = |side: Side| {
        let row = board.size.home_rank(side.opponent());
        board.stones(side).iter().filter(|s| s.rank == row).count() as u32
    };
    Crossings {
        white: count(Side::White),
        black: count(Side::Black),
    }
}

/// EP-6.1: whether `board` has the symmetry `map` forbids.
pub fn symmetric(board: &Board, map: SymmetryMap) -> bool {
    let files = board.size.files();
    let ranks = board.size.ranks();
    let swap = |s: Option<Side>| s.map(Side::opponent);
    board.size.squares().all(|sq| {
        let here = board.get(sq);
        match map {
            SymmetryMap::None => false,
            SymmetryMap::Mirror => here == board.get(Square::new(files - 1 - sq.file, sq.rank)),
            SymmetryMap::RotateSwap => {
                here == swap(board.get(Square::new(files - 1 - sq.file, ranks - 1 - sq.rank)))
            }
            SymmetryMap::MidlineSwap => {
                here == swap(board.get(Square::new(sq.file, ranks - 1 - sq.rank)))
            }
        }
    })
}

/// Judges `mv` for `side` on `board` (EP-2 to EP-4, EP-6), checking the
/// rules in the order of EP-7.1; a legal move comes back with the board
/// after it and its note (the outcome still `ongoing`).
fn judge_on(board: &Board, side: Side, mv: Move, profile: &Profile) -> Result<Judged, Refusal> {
    let size = board.size;
    // EP-1.1
    for sq in [mv.front, mv.to] {
        if !size.contains(sq) {
            return Err((RuleCode::OffBoard, say::off_board(sq, size)));
        }
    }
    // EP-2.2
    match board.get(mv.front) {
        None => {
            return Err((RuleCode::NoStone, say::no_stone(mv.front)));
        }
        Some(s) if s != side => {
            return Err((
                RuleCode::OpponentStone,
                say::opponent_stone(mv.front, s, side),
            ));
        }
        Some(_) => {}
    }
    // EP-3.2
    let Some((dir, distance)) = mv.line() else {
        return Err((RuleCode::NotALine, say::not_a_line(mv.front, mv.to)));
    };
    // EP-3.3: the moving stones are the front stone and those behind it.
    let line = line_behind(board, mv.front, dir, side);
    match profile.phalanx.split {
        Split::FrontPart if mv.count > line => {
            return Err((
                RuleCode::Count,
                say::count_short(mv.count, line, side, mv.front, dir),
            ));
        }
        Split::WholeLine if mv.count != line => {
            return Err((
                RuleCode::Count,
                say::count_split(mv.count, line, mv.front, dir),
            ));
        }
        _ => {}
    }
    // EP-3.2, EP-3.3: the range is the number of moving stones.
    let range = match profile.phalanx.range {
        PartCounts::MovingStones => mv.count,
        PartCounts::WholeLine => line,
    };
    if distance > range {
        return Err((RuleCode::TooFar, say::too_far(distance, range)));
    }
    // EP-3.4, EP-4.1: the path, square by square.
    let mut contact = None;
    let mut at = mv.front;
    for step in 1..=distance {
        at = size
            .step(at, dir)
            .expect("the landing square is on the board");
        match board.get(at) {
            None => {}
            Some(s) if s == side => {
                return Err((RuleCode::OwnStone, say::own_stone(side, at)));
            }
            Some(_) if step < distance => {
                return Err((RuleCode::Blocked, say::blocked(at)));
            }
            Some(_) => contact = Some(at),
        }
    }
    // EP-4.2, EP-4.3
    let mut captures = Vec::new();
    if let Some(c) = contact {
        let enemy = enemy_line(board, c, dir, side.opponent(), profile);
        let strength = match profile.phalanx.strength {
            PartCounts::MovingStones => mv.count as usize,
            PartCounts::WholeLine => line as usize,
        };
        let ok = match profile.capture.stronger {
            Stronger::Strictly => enemy.len() < strength,
            Stronger::OrEqual => enemy.len() <= strength,
        };
        if !ok {
            return Err((RuleCode::TooWeak, say::too_weak(enemy.len(), c, strength)));
        }
        captures = match profile.capture.removes {
            Removes::Line => enemy,
            Removes::FrontStone => vec![c],
        };
    }
    // The move itself.
    let mut after = board.clone();
    for &sq in &captures {
        after.set(sq, None);
    }
    let movers: Vec<Square> = (0..mv.count)
        .scan(Some(mv.front), |at, _| {
            let here = (*at)?;
            *at = size.step(here, dir.back());
            Some(here)
        })
        .collect();
    let target_row = size.home_rank(side.opponent());
    let mut enters_home_row = false;
    for &sq in &movers {
        after.set(sq, None);
    }
    for &sq in &movers {
        let mut to = sq;
        for _ in 0..distance {
            to = size
                .step(to, dir)
                .expect("every moving stone lands on the board");
        }
        after.set(to, Some(side));
        enters_home_row |= to.rank == target_row && sq.rank != target_row;
    }
    // EP-6.2
    let sym = &profile.symmetry;
    let restricted = match sym.scope {
        SymmetryScope::HomeRowEntries => enters_home_row,
        SymmetryScope::AnsweringIncursion => {
            let c = crossings(board);
            c.of(side.opponent()) > c.of(side)
        }
        SymmetryScope::EveryMove => true,
    };
    if sym.map != SymmetryMap::None && restricted && symmetric(&after, sym.map) {
        return Err((RuleCode::Symmetry, say::symmetry(sym.map)));
    }
    Ok(Judged {
        note: Note {
            mv,
            side,
            dir,
            count: mv.count,
            distance,
            captures,
            enters_home_row,
            crossings: crossings(&after),
            outcome: Outcome::Ongoing,
        },
        after,
    })
}

/// Every candidate move of `side`: each own stone as front, each direction,
/// each count up to the stones behind it, each distance up to the range
/// (the judge decides; this only bounds the search).
fn candidates(board: &Board, side: Side) -> Vec<Move> {
    let size = board.size;
    let mut out = Vec::new();
    for front in board.stones(side) {
        for dir in Dir::ALL {
            let line = line_behind(board, front, dir, side);
            for count in 1..=line {
                let mut to = front;
                for _ in 0..line {
                    let Some(next) = size.step(to, dir) else {
                        break;
                    };
                    to = next;
                    out.push(Move { front, to, count });
                }
            }
        }
    }
    out
}

/// Every legal move of `side`, sorted.
pub fn legal_moves(board: &Board, side: Side, profile: &Profile) -> Vec<Move> {
    let mut out: Vec<Move> = candidates(board, side)
        .into_iter()
        .filter(|&m| judge_on(board, side, m, profile).is_ok())
        .collect();
    out.sort();
    out.dedup();
    out
}

/// EP-5.2, EP-5.3, EP-5.5: the outcome when `to_move`'s turn begins, after
/// a move of `mover` (none at the start).
fn outcome_at_turn(
    board: &Board,
    to_move: Side,
    mover: Option<Side>,
    profile: &Profile,
) -> Outcome {
    let c = crossings(board);
    if profile.end.win_check == WinCheck::Immediate
        && let Some(m) = mover
        && c.of(m) > c.of(m.opponent())
    {
        return Outcome::win(m, WinReason::Crossing);
    }
    let leads = c.of(to_move) > c.of(to_move.opponent());
    // EP-5.5: the lead first; under `end.order=no-moves-first` (AE-11)
    // the legal moves are asked about first.
    if leads && profile.end.order == EndOrder::LeadFirst {
        return Outcome::win(to_move, WinReason::Crossing);
    }
    let can_move = candidates(board, to_move)
        .into_iter()
        .any(|m| judge_on(board, to_move, m, profile).is_ok());
    if !can_move {
        return match profile.end.no_moves {
            NoMoves::Loses => Outcome::win(to_move.opponent(), WinReason::NoLegalMove),
            NoMoves::Draw => Outcome::Draw(DrawReason::NoLegalMove),
        };
    }
    if leads {
        return Outcome::win(to_move, WinReason::Crossing);
    }
    Outcome::Ongoing
}

impl ReferenceGame {
    fn judged(&self, mv: &Move) -> Result<Judged, rules::Illegal<Epaminondas>> {
        if self.outcome.is_over() {
            return Err(RuleCode::GameOver.illegal(*mv, say::game_over(self.outcome)));
        }
        judge_on(&self.board, self.to_move, *mv, &self.profile)
            .map_err(|(code, why)| code.illegal(*mv, why))
    }
}

impl Game<Epaminondas> for ReferenceGame {
    fn side_to_move(&self) -> Side {
        self.to_move
    }

    fn outcome(&self) -> Outcome {
        self.outcome
    }

    fn judge(&self, action: &Move) -> rules::Verdict<Epaminondas> {
        match self.judged(action) {
            Ok(_) => rules::Verdict::Legal,
            Err(i) => rules::Verdict::Illegal(i),
        }
    }

    fn legal_actions(&self) -> Vec<Move> {
        if self.outcome.is_over() {
            return Vec::new();
        }
        legal_moves(&self.board, self.to_move, &self.profile)
    }

    fn play(&mut self, action: &Move) -> Result<Note, rules::Illegal<Epaminondas>> {
        let Judged { after, mut note } = self.judged(action)?;
        let mover = self.to_move;
        self.board = after;
        self.to_move = mover.opponent();
        self.ply += 1;
        self.outcome = outcome_at_turn(&self.board, self.to_move, Some(mover), &self.profile);
        note.outcome = self.outcome;
        Ok(note)
    }

    fn ply(&self) -> usize {
        self.ply
    }

    fn render(&self) -> String {
        self.board.render()
    }

    fn position(&self) -> Option<crate::games::epaminondas::setup::Setup> {
        Some(crate::games::epaminondas::setup::Setup {
            size: self.board.size,
            white: self.board.stones(Side::White),
            black: self.board.stones(Side::Black),
            to_move: self.to_move,
        })
    }
}

/// Perft: the number of move sequences of length `depth` from `board` with
/// `side` to move, a finished game having no moves (EP-5.4). Built on the
/// same judge as everything else here, one board copy per move.
pub fn perft(board: &Board, side: Side, profile: &Profile, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let c = crossings(board);
    let lead = |s: Side| c.of(s) > c.of(s.opponent());
    // EP-5.2 (and, under `win-check=immediate`, the mover's own lead).
    if lead(side) || (profile.end.win_check == WinCheck::Immediate && lead(side.opponent())) {
        return 0;
    }
    let moves = legal_moves(board, side, profile);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|m| {
            let after = judge_on(board, side, m, profile)
                .expect("a listed move is legal")
                .after;
            perft(&after, side.opponent(), profile, depth - 1)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::epaminondas::board::Size;

    /// Depth 1 and 2 counted by hand (spec/epaminondas/perft.md): on 8×8,
    /// 22 lone-stone steps from rank 2 (8 north, 7 north-east, 7
    /// north-west), 16 vertical pairs (one or two squares), 11 + 11
    /// diagonal pairs (6 fronts can go one square, 5 two); on 14×12,
    /// 40 + 28 + 23 + 23.
    /// Neither side can reach the other by the second ply, so depth 2 is
    /// the square.
    #[test]
    fn perft_by_hand() {
        for (size, d1) in [(Size::Small, 60), (Size::Standard, 114)] {
            let s = Setup::standard(size);
            let b = s.validate().unwrap();
            let p = Profile::seed_003();
            assert_eq!(perft(&b, Side::White, &p, 1), d1);
            assert_eq!(perft(&b, Side::White, &p, 2), d1 * d1);
        }
    }
}
#[cfg(test)]
mod probe {
    use super::*;
    use crate::games::epaminondas::board::Size;
    #[test]
    #[ignore]
    fn deep() {
        for size in [Size::Small, Size::Standard] {
            let b = Setup::standard(size).validate().unwrap();
            for d in 1..=4 {
                let t = std::time::Instant::now();
                let n = perft(&b, Side::White, &Profile::seed_003(), d);
                eprintln!("{size} d{d} {n} {:?}", t.elapsed());
            }
        }
    }
}
