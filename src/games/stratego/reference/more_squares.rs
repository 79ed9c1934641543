//! The more-squares rule (ISF article 11), read literally from the whole
//! history: `spec/stratego/more-squares.md`, clauses MS-*.
//!
//! Nothing is kept between queries. Each question replays every ply from the
//! start, steps both players' chase state through it (MS-2 to MS-4), and only
//! then looks at the candidate move (MS-5 to MS-8).

use std::collections::BTreeSet;

use crate::games::stratego::game::{ChaseNote, Chasers};
use crate::games::stratego::piece::Color;
use crate::games::stratego::position::{Board, PieceId};
use crate::games::stratego::profile::{
    ChaseException, ChaseTarget, PositionKey, PositionWindow, Profile,
};
use crate::games::stratego::square::Square;
use crate::games::stratego::verdict::{Illegal, RuleCode};

use super::replay::{PlyFact, Replay};

/// One player's chase, as it stands after some ply.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Chase {
    /// Pieces threatened by the player's latest move while the opponent's
    /// reply is still to come (MS-3.1: only these can evade).
    pub pending: Vec<PieceId>,
    /// MS-4.1: the chase is on: a threat was answered by an evasion and
    /// nothing has broken the chase since.
    pub on: bool,
    /// Opponent pieces that have evaded during this chase (MS-5.1).
    pub evaded: BTreeSet<PieceId>,
    /// Squares on which the chase's threats found opponent pieces (MS-9.1).
    pub squares: BTreeSet<Square>,
    /// Index of the ply that opened the chase: its first threat (MS-6.4).
    pub opened: Option<usize>,
}

impl Chase {
    /// MS-4.2: the chase is over; nothing of it is remembered.
    fn reset(&mut self) {
        *self = Chase::default();
    }

    /// Steps the chase of `owner` through ply `index` (`fact`, leading to
    /// `after`).
    fn step(&mut self, owner: Color, index: usize, fact: &PlyFact, after: &Board) {
        if fact.color == owner {
            let threatened = threats(fact, after);
            if threatened.is_empty() {
                // MS-4.2: a move of the chaser that threatens nothing ends it.
                self.reset();
                return;
            }
            if !self.on {
                // MS-4.1: a threat outside a chase may open one.
                self.reset();
                self.opened = Some(index);
            }
            self.pending = threatened.iter().map(|t| t.0).collect();
            self.squares.extend(threatened.iter().map(|t| t.1));
        } else if evades(fact, self) {
            // MS-3.1, MS-4.1: the reply evades; the chase is on.
            self.on = true;
            self.evaded.insert(fact.piece);
            self.pending.clear();
        } else {
            // MS-4.2: one reply that does not evade ends the chase.
            self.reset();
        }
    }
}

/// MS-2.1 to MS-2.4: the opponent pieces (id and square) standing directly
/// next to the moving piece once the move is played. A piece that did not
/// survive its attack threatens nothing; a scout, like every piece, only
/// threatens its neighbours (MS-2.2).
pub fn threats(fact: &PlyFact, after: &Board) -> Vec<(PieceId, Square)> {
    let to = fact.mv.to;
    match after.at(to) {
        Some(p) if p.id == fact.piece => after
            .geometry()
            .neighbours(to)
            .into_iter()
            .filter_map(|sq| after.at(sq).map(|q| (q, sq)))
            .filter(|(q, _)| q.piece.color != fact.color)
            .map(|(q, sq)| (q.id, sq))
            .collect(),
        _ => Vec::new(),
    }
}

/// MS-3.1, MS-3.2: `fact` evades `chase` when it moves, without attacking,
/// a piece that the chaser's directly preceding move threatened.
pub fn evades(fact: &PlyFact, chase: &Chase) -> bool {
    fact.combat.is_none() && chase.pending.contains(&fact.piece)
}

/// The chase of `owner` after every ply of the replay.
pub fn chase_of(replay: &Replay, owner: Color) -> Chase {
    let mut chase = Chase::default();
    for (i, fact) in replay.plies.iter().enumerate() {
        chase.step(owner, i, fact, &replay.boards[i + 1]);
    }
    chase
}

/// MS-6.1, MS-6.2: what makes two positions the same under the profile.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PositionId {
    cells: Vec<Option<(Color, u16)>>,
    to_move: Option<Color>,
}

/// The identity of `board` as a position.
pub fn position_id(board: &Board, profile: &Profile) -> PositionId {
    let switches = &profile.more_squares;
    let cells = board
        .geometry()
        .squares()
        .map(|sq| {
            board.at(sq).map(|p| match switches.position {
                PositionKey::Ranks => (p.piece.color, p.piece.rank as u16),
                PositionKey::Pieces => (p.piece.color, p.id),
            })
        })
        .collect();
    PositionId {
        cells,
        to_move: switches.side_to_move.then_some(board.to_move),
    }
}

/// MS-6.3, MS-6.4: index of the first board of the replay that counts.
pub fn window_start(replay: &Replay, chase: &Chase, profile: &Profile) -> usize {
    match profile.more_squares.window {
        PositionWindow::SinceLastFight => replay
            .plies
            .iter()
            .rposition(|f| f.combat.is_some())
            .map_or(0, |i| i + 1),
        PositionWindow::WholeGame => 0,
        PositionWindow::CurrentChase => chase.opened.unwrap_or(replay.plies.len()),
    }
}

/// The seed tables' name of ply `n` (1-based): `2a` is the second move of
/// the player who moved first, `2b` the reply.
pub fn ply_label(n: usize) -> String {
    format!("{}{}", n.div_ceil(2), if n % 2 == 1 { "a" } else { "b" })
}

fn describe_position(j: usize) -> String {
    if j == 0 {
        "the start position".to_string()
    } else {
        format!("the position after ply {j} ({})", ply_label(j))
    }
}

/// What the rule says about a candidate move `fact` (leading to `after`)
/// played after `replay`: the note it would carry, or why it is forbidden.
pub fn judge(
    replay: &Replay,
    fact: &PlyFact,
    after: &Board,
    profile: &Profile,
) -> Result<ChaseNote, Illegal> {
    let me = fact.color;
    let mine = chase_of(replay, me);
    let theirs = chase_of(replay, me.opponent());
    let threatened = threats(fact, after);

    // MS-4.1: a threat made while the mover's chase is on keeps it going.
    let continues = mine.on && !threatened.is_empty();
    // MS-5.1 / MS-5.2: which of those are chasing moves.
    let chasing_move = continues
        && match profile.more_squares.target {
            ChaseTarget::Evaded => threatened.iter().any(|(id, _)| mine.evaded.contains(id)),
            ChaseTarget::Any => true,
        };

    // MS-7.1: a chasing move may not recreate a position of the window.
    let mut repeats = None;
    if chasing_move {
        let key = position_id(after, profile);
        let from = window_start(replay, &mine, profile);
        let seen =
            (from..replay.boards.len()).find(|&j| position_id(&replay.boards[j], profile) == key);
        if let Some(j) = seen {
            let last_own = replay.plies.iter().rev().find(|f| f.color == me);
            // MS-8.1: the exception lets the piece of the directly preceding
            // turn go back to the square it came from. MS-8.2: nothing else.
            let excepted = profile.more_squares.exception == ChaseException::Reversal
                && last_own.is_some_and(|l| l.piece == fact.piece && l.mv == fact.mv.reversed());
            if excepted {
                repeats = Some(j);
            } else if profile.more_squares.enabled {
                let why = match (profile.more_squares.exception, last_own) {
                    (ChaseException::None, _) => "this profile has no exception".to_string(),
                    (_, Some(l)) if l.piece == fact.piece => format!(
                        "the {} came to {} from {}, not from {}",
                        fact.rank, fact.mv.from, l.mv.from, fact.mv.to
                    ),
                    _ => format!(
                        "the {} did not move on {me}'s directly preceding turn",
                        fact.rank
                    ),
                };
                return Err(Illegal::new(
                    RuleCode::MoreSquares,
                    "MS-7.1",
                    format!(
                        "{me} is chasing, and {} {} would recreate {}; the exception (MS-8) does not apply: {why} ({})",
                        fact.rank,
                        fact.mv,
                        describe_position(j),
                        profile.name
                    ),
                ));
            }
        }
    }

    // The chase state once the move is played, for the note.
    let n = replay.plies.len();
    let mut mine_after = mine.clone();
    mine_after.step(me, n, fact, after);
    let mut theirs_after = theirs.clone();
    theirs_after.step(me.opponent(), n, fact, after);
    let squares_of = |c: &Chase| -> Vec<String> {
        if !c.on {
            return Vec::new();
        }
        c.evaded
            .iter()
            .filter_map(|id| after.find(*id))
            .map(|sq| sq.to_string())
            .collect()
    };
    let mut evaded = squares_of(&mine_after);
    evaded.extend(squares_of(&theirs_after));
    evaded.sort();
    let (red, blue) = match me {
        Color::Red => (&mine_after, &theirs_after),
        Color::Blue => (&theirs_after, &mine_after),
    };
    let squares = mine_after.squares.len() as u32;
    Ok(ChaseNote {
        chasers: Chasers::from_flags(red.on, blue.on),
        threatens: threatened.iter().map(|t| t.1.to_string()).collect(),
        evades: evades(fact, &theirs),
        continues,
        chasing_move,
        evaded,
        squares,
        // MS-9.1: the seed tables' mark.
        mark: continues && squares > 2,
        repeats,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ply_labels_follow_the_seed_tables() {
        assert_eq!(ply_label(1), "1a");
        assert_eq!(ply_label(2), "1b");
        assert_eq!(ply_label(7), "4a");
        assert_eq!(ply_label(8), "4b");
    }
}
