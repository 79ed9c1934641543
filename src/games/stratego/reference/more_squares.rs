//! The more-squares rule (ISF article 11), read literally from the whole
//! history: `spec/stratego/more-squares.md`, clauses MS-*.
//!
//! Each question steps both players' chase state through every ply from
//! the start (MS-2 to MS-4; the fold is kept and grown by a ply, [`Chases`]),
//! and only then looks at the candidate move (MS-5 to MS-8), finding the
//! positions it would recreate among those of the window ([`Stood`]).

use std::collections::{BTreeSet, HashMap};

use crate::games::stratego::game::{ChaseNote, Chasers};
use crate::games::stratego::piece::{Color, Rank};
use crate::games::stratego::position::{Board, PieceId};
use crate::games::stratego::profile::{
    ChaseException, ChaseKeptBy, ChaseTarget, ChaseThreshold, PositionKey, PositionWindow, Profile,
    Prohibits, ScoutThreat, ThreatBy,
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

    /// MS-4.1 (switch `kept-by`): whether a threat on `threatened`, made
    /// while this chase is on, keeps it going.
    fn kept_by(&self, threatened: &[(PieceId, Square)], profile: &Profile) -> bool {
        match profile.more_squares.kept_by {
            ChaseKeptBy::AnyThreat => !threatened.is_empty(),
            ChaseKeptBy::EvadedThreat => threatened.iter().any(|t| self.evaded.contains(&t.0)),
        }
    }

    /// MS-4.1: a threat outside a chase opens one (ply `index`).
    fn open(&mut self, index: usize, threatened: &[(PieceId, Square)]) {
        self.reset();
        self.opened = Some(index);
        self.threaten(threatened);
    }

    /// The opponent's reply may now evade these threats.
    fn threaten(&mut self, threatened: &[(PieceId, Square)]) {
        self.pending = threatened.iter().map(|t| t.0).collect();
        self.squares.extend(threatened.iter().map(|t| t.1));
    }

    /// Steps the chase of `owner` through ply `index` (`fact`, played on
    /// `before`, leading to `after`).
    fn step(
        &mut self,
        owner: Color,
        index: usize,
        fact: &PlyFact,
        before: &Board,
        after: &Board,
        profile: &Profile,
    ) {
        if profile.more_squares.fight_ends_chase && fact.combat.is_some() {
            // MS-4.4, alternative `fight-ends-chase`: the fight ends both
            // chases; the attacker's threats may open a new one.
            self.reset();
            if fact.color == owner {
                let threatened = threats(fact, before, after, profile);
                if !threatened.is_empty() {
                    self.open(index, &threatened);
                }
            }
            return;
        }
        if fact.color == owner {
            let threatened = threats(fact, before, after, profile);
            if threatened.is_empty() {
                // MS-4.2: a move of the chaser that threatens nothing ends it.
                self.reset();
            } else if self.on && self.kept_by(&threatened, profile) {
                // MS-4.1: a threat while the chase is on keeps it going.
                self.threaten(&threatened);
            } else {
                // MS-4.1: a threat outside a chase may open one. Under
                // `kept-by: evaded-threat` a threat that does not keep the
                // chase going ends it and opens a new one.
                self.open(index, &threatened);
            }
        } else if evades(fact, self, profile) {
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

/// MS-2.1, MS-2.2: the opponent pieces (id and square) that the piece on
/// `from` threatens on `board`: those directly next to it, and under
/// `scout-threat: in-line`, for a scout, every opponent piece it could
/// attack with its next move (the first piece along each line, reached over
/// empty squares and no lake, when it is an opponent's).
pub fn threatened_from(board: &Board, from: Square, profile: &Profile) -> Vec<(PieceId, Square)> {
    let Some(p) = board.at(from) else {
        return Vec::new();
    };
    let g = board.geometry();
    let in_line =
        p.piece.rank == Rank::Scout && profile.more_squares.scout_threat == ScoutThreat::InLine;
    let mut out = Vec::new();
    for next in g.neighbours(from) {
        let (df, dr) = (
            next.file as i16 - from.file as i16,
            next.rank as i16 - from.rank as i16,
        );
        let mut sq = next;
        loop {
            if g.is_lake(sq) {
                break;
            }
            if let Some(q) = board.at(sq) {
                if q.piece.color != p.piece.color {
                    out.push((q.id, sq));
                }
                break;
            }
            if !in_line {
                break;
            }
            let (f, r) = (sq.file as i16 + df, sq.rank as i16 + dr);
            if f < 0 || r < 0 {
                break;
            }
            let further = Square::new(f as u8, r as u8);
            if !g.contains(further) {
                break;
            }
            sq = further;
        }
    }
    out
}

/// MS-2.1 to MS-2.4: the opponent pieces (id and square) that the move
/// `fact`, played on `before` and leading to `after`, threatens. Under
/// `threat-by: mover` (MS-2.3) only the moving piece threatens, and only if
/// it survived its attack (MS-2.4). `discovered` adds every threat another
/// piece of the player makes after the move and did not make before it;
/// `any-piece` adds every threat of every other piece of the player.
pub fn threats(
    fact: &PlyFact,
    before: &Board,
    after: &Board,
    profile: &Profile,
) -> Vec<(PieceId, Square)> {
    let to = fact.mv.to;
    let mut out = match after.at(to) {
        Some(p) if p.id == fact.piece => threatened_from(after, to, profile),
        _ => Vec::new(),
    };
    if profile.more_squares.threat_by == ThreatBy::Mover {
        return out;
    }
    let others: Vec<Square> = after
        .pieces()
        .filter(|(_, q)| q.piece.color == fact.color && q.id != fact.piece)
        .map(|(sq, _)| sq)
        .collect();
    match profile.more_squares.threat_by {
        ThreatBy::Mover => {}
        ThreatBy::Discovered => {
            // The other pieces did not move: each stands where it stood.
            for sq in others {
                let earlier = threatened_from(before, sq, profile);
                out.extend(
                    threatened_from(after, sq, profile)
                        .into_iter()
                        .filter(|t| !earlier.iter().any(|e| e.0 == t.0)),
                );
            }
        }
        ThreatBy::AnyPiece => {
            for sq in others {
                out.extend(threatened_from(after, sq, profile));
            }
        }
    }
    out.sort_by_key(|t| t.1);
    out.dedup_by_key(|t| t.0);
    out
}

/// MS-3.1, MS-3.2: `fact` evades `chase` when it moves a piece that the
/// chaser's directly preceding move threatened, without attacking (or,
/// under `evade-by-attack: true`, attacking or not).
pub fn evades(fact: &PlyFact, chase: &Chase, profile: &Profile) -> bool {
    (fact.combat.is_none() || profile.more_squares.evade_by_attack)
        && chase.pending.contains(&fact.piece)
}

/// The chase of `owner` after every ply of the replay: the definition the
/// grown fold is held to, by a unit test (built for tests only).
#[cfg(test)]
pub fn chase_of(replay: &Replay, owner: Color, profile: &Profile) -> Chase {
    let mut chase = Chase::default();
    for i in 0..replay.plies.len() {
        chase.step_over(owner, replay, i, profile);
    }
    chase
}

/// Both players' chases after every ply of a replay: red's, then blue's.
///
/// [`chase_of`] is a fold over the plies, so a caller that keeps a replay
/// may keep this fold's value too and extend it by one ply
/// ([`Chases::extend`]) instead of folding again; the value is the same.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Chases(pub [Chase; 2]);

impl Chases {
    /// The chases of `replay`, folded from the first ply (for the unit
    /// test that holds [`Chases::extend`] to it).
    #[cfg(test)]
    pub fn of(replay: &Replay, profile: &Profile) -> Chases {
        Chases([
            chase_of(replay, Color::Red, profile),
            chase_of(replay, Color::Blue, profile),
        ])
    }

    /// Steps both chases over the last ply of `replay`, which must be the
    /// one ply these chases have not yet seen.
    pub fn extend(&mut self, replay: &Replay, profile: &Profile) {
        let last = replay.plies.len() - 1;
        for (chase, owner) in self.0.iter_mut().zip([Color::Red, Color::Blue]) {
            chase.step_over(owner, replay, last, profile);
        }
    }

    /// The chase of `owner`.
    pub fn of_player(&self, owner: Color) -> &Chase {
        match owner {
            Color::Red => &self.0[0],
            Color::Blue => &self.0[1],
        }
    }
}

impl Chase {
    /// One step of the fold: ply `i` of the replay.
    fn step_over(&mut self, owner: Color, replay: &Replay, i: usize, profile: &Profile) {
        self.step(
            owner,
            i,
            &replay.plies[i],
            &replay.boards[i],
            &replay.boards[i + 1],
            profile,
        );
    }
}

/// MS-6.1, MS-6.2: what makes two positions the same under the profile.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PositionId {
    cells: Vec<Option<(Color, u16)>>,
    to_move: Option<Color>,
}

/// The identity of `board` as a position. `focus` is the set of squares a
/// `position: chase-squares` key looks at (ignored by the other keys).
pub fn position_id(board: &Board, profile: &Profile, focus: &[Square]) -> PositionId {
    let switches = &profile.more_squares;
    let squares: Vec<Square> = match switches.position {
        PositionKey::ChaseSquares => focus.to_vec(),
        PositionKey::Ranks | PositionKey::Pieces => board.geometry().squares().collect(),
    };
    let cells = squares
        .into_iter()
        .map(|sq| {
            board.at(sq).map(|p| match switches.position {
                PositionKey::Ranks | PositionKey::ChaseSquares => {
                    (p.piece.color, p.piece.rank as u16)
                }
                PositionKey::Pieces => (p.piece.color, p.id),
            })
        })
        .collect();
    PositionId {
        cells,
        to_move: switches.side_to_move.then_some(board.to_move),
    }
}

/// MS-6.3, MS-6.4: index of the first board of the replay that counts
/// (`stood` is [`Stood::of`] the replay).
pub fn window_start(replay: &Replay, stood: &Stood, chase: &Chase, profile: &Profile) -> usize {
    match profile.more_squares.window {
        PositionWindow::SinceLastFight => stood.since_fight,
        PositionWindow::WholeGame => 0,
        PositionWindow::CurrentChase => chase.opened.unwrap_or(replay.plies.len()),
    }
}

/// Where the positions of a replay stood, for the window's look-up
/// (MS-6.3, MS-7.1): the index of the first board after the last fight, and
/// under a key of the whole board (`position: ranks` or `pieces`) the
/// indices of the boards of each position, in order. A fold over the
/// boards like [`Chases`], extended by one board per ply
/// ([`Stood::extend`]): [`judge`] finds the first board of the window that
/// a move recreates among the boards of that position alone, instead of
/// comparing every board of the window, which made a long game cost its
/// length squared. Under `position: chase-squares` the key depends on the
/// move, and the window is compared board by board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stood {
    /// The index of the first board after the last fight (0 without one).
    pub since_fight: usize,
    /// The boards of each position, by index.
    pub boards: HashMap<PositionId, Vec<usize>>,
}

impl Stood {
    /// The boards of `replay`, folded from the setup.
    pub fn of(replay: &Replay, profile: &Profile) -> Stood {
        let mut stood = Stood::default();
        for i in 0..replay.boards.len() {
            stood.add(replay, i, profile);
        }
        stood
    }

    /// Adds the last board of `replay`, the one these have not yet seen.
    pub fn extend(&mut self, replay: &Replay, profile: &Profile) {
        self.add(replay, replay.boards.len() - 1, profile);
    }

    fn add(&mut self, replay: &Replay, i: usize, profile: &Profile) {
        if i > 0 && replay.plies[i - 1].combat.is_some() {
            self.since_fight = i;
        }
        if profile.more_squares.position != PositionKey::ChaseSquares {
            let id = position_id(&replay.boards[i], profile, &[]);
            self.boards.entry(id).or_default().push(i);
        }
    }

    /// The first board at index `from` or later that is the position `id`
    /// (a key of the whole board).
    fn first_from(&self, id: &PositionId, from: usize) -> Option<usize> {
        let at = self.boards.get(id)?;
        at.get(at.partition_point(|&j| j < from)).copied()
    }
}

/// MS-8.1, MS-8.2 (switch `exception`): whether the exception covers
/// `fact`, played after `replay`.
pub fn excepted(replay: &Replay, fact: &PlyFact, profile: &Profile) -> bool {
    let me = fact.color;
    let last_own = replay.plies.iter().rev().find(|f| f.color == me);
    match profile.more_squares.exception {
        // MS-8.1: the piece of the directly preceding turn goes back to the
        // square it came from.
        ChaseException::Reversal => {
            last_own.is_some_and(|l| l.piece == fact.piece && l.mv == fact.mv.reversed())
        }
        ChaseException::None => false,
        // Any piece onto the square the piece of the preceding turn left.
        ChaseException::Square => last_own.is_some_and(|l| fact.mv.to == l.mv.from),
        // The piece goes back along its own most recent move, however long ago.
        ChaseException::PieceReturn => replay
            .plies
            .iter()
            .rev()
            .find(|f| f.color == me && f.piece == fact.piece)
            .is_some_and(|l| l.mv == fact.mv.reversed()),
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
/// `chases` are both players' chases after the replay ([`Chases::of`]),
/// `stood` where its positions stood ([`Stood::of`]).
pub fn judge(
    replay: &Replay,
    chases: &Chases,
    stood: &Stood,
    fact: &PlyFact,
    after: &Board,
    profile: &Profile,
) -> Result<ChaseNote, Illegal> {
    let switches = &profile.more_squares;
    let me = fact.color;
    let before = replay.current();
    let mine = chases.of_player(me);
    let theirs = chases.of_player(me.opponent());
    let threatened = threats(fact, before, after, profile);

    // MS-4.1: a threat made while the mover's chase is on keeps it going
    // (switch `kept-by`); under `fight-ends-chase` an attack never does.
    let fight_ends = switches.fight_ends_chase && fact.combat.is_some();
    let continues = mine.on && !fight_ends && mine.kept_by(&threatened, profile);
    // MS-5.1 / MS-5.2: which of those are chasing moves.
    let chasing_move = continues
        && match switches.target {
            ChaseTarget::Evaded => threatened.iter().any(|(id, _)| mine.evaded.contains(id)),
            ChaseTarget::Any => true,
        };
    // The chase state once the move is played.
    let n = replay.plies.len();
    let mut mine_after = mine.clone();
    mine_after.step(me, n, fact, before, after, profile);
    let mut theirs_after = theirs.clone();
    theirs_after.step(me.opponent(), n, fact, before, after, profile);
    let squares = mine_after.squares.len() as u32;

    // MS-7.2 (switch `prohibits`): which moves the prohibition looks at;
    // switch `threshold`: from when.
    let subject = match switches.prohibits {
        Prohibits::ChasingMoves => chasing_move,
        Prohibits::EveryMove => true,
    } && match switches.threshold {
        ChaseThreshold::None => true,
        ChaseThreshold::MoreThanTwoSquares => squares > 2,
    };

    // MS-7.1: such a move may not recreate a position of the window.
    let mut repeats = None;
    if subject {
        let mut focus: Vec<Square> = threatened.iter().map(|t| t.1).collect();
        focus.push(fact.mv.to);
        focus.sort();
        focus.dedup();
        let key = position_id(after, profile, &focus);
        let from = window_start(replay, stood, mine, profile);
        let seen = match switches.position {
            PositionKey::ChaseSquares => (from..replay.boards.len())
                .find(|&j| position_id(&replay.boards[j], profile, &focus) == key),
            PositionKey::Ranks | PositionKey::Pieces => stood.first_from(&key, from),
        };
        if let Some(j) = seen {
            let last_own = replay.plies.iter().rev().find(|f| f.color == me);
            // MS-8.1: the exception; MS-8.2: nothing else.
            if excepted(replay, fact, profile) {
                repeats = Some(j);
            } else if switches.enabled {
                let why = match (switches.exception, last_own) {
                    (ChaseException::None, _) => "this profile has no exception".to_string(),
                    (ChaseException::Square, Some(l)) => format!(
                        "{} is not the square {me}'s directly preceding move came from ({})",
                        fact.mv.to, l.mv.from
                    ),
                    (ChaseException::PieceReturn, _) => format!(
                        "the {} does not go back to where its own last move came from",
                        fact.rank
                    ),
                    (_, Some(l)) if l.piece == fact.piece => format!(
                        "the {} came to {} from {}, not from {}",
                        fact.rank, fact.mv.from, l.mv.from, fact.mv.to
                    ),
                    _ => format!(
                        "the {} did not move on {me}'s directly preceding turn",
                        fact.rank
                    ),
                };
                let who = if chasing_move {
                    format!("{me} is chasing, and")
                } else {
                    "this profile forbids every repeating move, and".to_string()
                };
                return Err(Illegal::new(
                    RuleCode::MoreSquares,
                    "MS-7.1",
                    format!(
                        "{who} {} {} would recreate {}; the exception (MS-8) does not apply: {why} ({})",
                        fact.rank,
                        fact.mv,
                        describe_position(j),
                        profile.name
                    ),
                ));
            }
        }
    }

    // The notes.
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
    Ok(ChaseNote {
        chasers: Chasers::from_flags(red.on, blue.on),
        threatens: threatened.iter().map(|t| t.1.to_string()).collect(),
        evades: evades(fact, theirs, profile),
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
