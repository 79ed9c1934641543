//! CH-4 to CH-8: what a position is for repetition, how often it has
//! stood, which material cannot mate, and the move-count limits. Every
//! count is about the whole history from the setup on: [`repetitions`] and
//! [`checks_in_a_row`] read it as the clauses say, and [`History`] keeps
//! the same two counts as each position is added, so that a question costs
//! the same at ply 20,000 as at ply 20.

use std::collections::HashMap;

use crate::games::chess::board::{Color, Kind, Piece, Square};
use crate::games::chess::game::DrawReason;
use crate::games::chess::position::Position;
use crate::games::chess::profile::{DrawRule, EpKey, Material, Profile};

use super::movement::{in_check, is_en_passant, legal_moves, pseudo_moves};

/// A position as repetition sees it (CH-6.1): the placement, and under the
/// profile the side to move, the castling rights and the en-passant right.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Key {
    board: [Option<Piece>; 64],
    to_move: Option<Color>,
    castling: Option<[bool; 4]>,
    ep: Option<Square>,
}

/// The repetition key of `pos` under `profile` (CH-6.1, CH-6.2).
pub fn key(pos: &Position, profile: &Profile) -> Key {
    let ep = match profile.ep_in_repetition {
        EpKey::Always => pos.ep,
        EpKey::Never => None,
        EpKey::LegalCapture => pos
            .ep
            .filter(|_| legal_moves(pos).into_iter().any(|m| is_en_passant(pos, m))),
        EpKey::PseudoLegal => pos
            .ep
            .filter(|_| pseudo_moves(pos).into_iter().any(|m| is_en_passant(pos, m))),
    };
    Key {
        board: pos.board,
        to_move: profile.side_to_move_in_key.then_some(pos.to_move),
        castling: profile.castling_in_key.then_some(pos.castling.0),
        ep,
    }
}

/// How many positions of `history` (the setup first) are the same as the
/// last one under `profile`, the last included (CH-6.3).
pub fn repetitions(history: &[Position], profile: &Profile) -> u32 {
    let last = key(history.last().expect("a history has its setup"), profile);
    history.iter().filter(|p| key(p, profile) == last).count() as u32
}

/// A game's positions from the setup on, with the two counts the draw
/// rules take over the whole history, kept as each position is added: how
/// often each position has stood (CH-6.3, by its key under the profile),
/// and for each position how many moves in a row led to it with check
/// (CH-7). [`History::repetitions`] is [`repetitions`] of the positions and
/// [`History::checks_in_a_row`] is [`checks_in_a_row`] of them (a test
/// compares them after every ply); the counts are only remembered, never
/// guessed.
#[derive(Clone, Debug)]
pub struct History {
    profile: Profile,
    /// The setup, then the position after each move.
    positions: Vec<Position>,
    /// How many positions so far stand under each key (CH-6.1, CH-6.3).
    stood: HashMap<Key, u32>,
    /// For each position, how many of the positions up to it, it included,
    /// are the same as it: [`repetitions`] of the history ending there.
    repeated: Vec<u32>,
    /// For each position, [`checks_in_a_row`] of the history ending there.
    checks: Vec<u32>,
}

impl History {
    /// The history of a game at its setup.
    pub fn new(setup: Position, profile: &Profile) -> Self {
        let mut h = History {
            profile: profile.clone(),
            positions: Vec::new(),
            stood: HashMap::new(),
            repeated: Vec::new(),
            checks: Vec::new(),
        };
        h.push(setup);
        h
    }

    /// Adds the position after a move.
    pub fn push(&mut self, pos: Position) {
        let n = self.stood.entry(key(&pos, &self.profile)).or_insert(0);
        *n += 1;
        self.repeated.push(*n);
        // CH-7: a move that gives check adds one to the checks in a row
        // the same side gave before its previous move; any other move, and
        // the setup, count none.
        let i = self.positions.len();
        let checks = if i >= 1 && in_check(&pos, pos.to_move) {
            1 + if i >= 2 { self.checks[i - 2] } else { 0 }
        } else {
            0
        };
        self.checks.push(checks);
        self.positions.push(pos);
    }

    /// The positions, the setup first.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The current position.
    pub fn last(&self) -> &Position {
        self.positions.last().expect("a history has its setup")
    }

    /// How many positions of the history are the same as the last one, the
    /// last included (CH-6.3).
    pub fn repetitions(&self) -> u32 {
        *self.repeated.last().expect("a history has its setup")
    }

    /// How many positions of the history `next` would be the same as, were
    /// it added, itself included (CH-6.3 about a move not yet made).
    pub fn repetitions_with(&self, next: &Position) -> u32 {
        self.stood
            .get(&key(next, &self.profile))
            .copied()
            .unwrap_or(0)
            + 1
    }

    /// How many moves in a row the side that moved last has given check
    /// with (CH-7).
    pub fn checks_in_a_row(&self) -> u32 {
        *self.checks.last().expect("a history has its setup")
    }
}

/// Whether the material on the board is too little to mate under the
/// profile's reading (CH-5).
pub fn insufficient_material(pos: &Position, material: Material) -> bool {
    let pieces: Vec<(Square, Piece)> = Square::all()
        .filter_map(|s| pos.at(s).map(|p| (s, p)))
        .filter(|(_, p)| p.kind != Kind::King)
        .collect();
    if material == Material::Off
        || pieces
            .iter()
            .any(|(_, p)| matches!(p.kind, Kind::Pawn | Kind::Rook | Kind::Queen))
    {
        return false;
    }
    let knights = pieces
        .iter()
        .filter(|(_, p)| p.kind == Kind::Knight)
        .count();
    let bishops: Vec<Square> = pieces
        .iter()
        .filter(|(_, p)| p.kind == Kind::Bishop)
        .map(|(s, _)| *s)
        .collect();
    // CH-5.2: one knight and nothing else, or bishops all on one colour.
    let one_colour = bishops.iter().all(|s| s.is_dark()) || bishops.iter().all(|s| !s.is_dark());
    let no_mate = (knights == 0 && one_colour) || (knights == 1 && bishops.is_empty());
    if no_mate || material == Material::NoMatePossible {
        return no_mate;
    }
    // CH-5.4's reading: neither side alone has mating force.
    [Color::White, Color::Black].iter().all(|&c| {
        let own: Vec<Kind> = pieces
            .iter()
            .filter(|(_, p)| p.color == c)
            .map(|(_, p)| p.kind)
            .collect();
        own.len() <= 1 || (own.len() == 2 && own.iter().all(|k| *k == Kind::Knight))
    })
}

/// The move-count draw that ends the game by itself at `pos`, if any
/// (CH-8.2 automatic, CH-8.3).
pub fn move_limit(pos: &Position, profile: &Profile) -> Option<DrawReason> {
    if profile.fifty_moves == DrawRule::Automatic && pos.halfmove >= 100 {
        Some(DrawReason::FiftyMoves)
    } else if profile.seventy_five_moves && pos.halfmove >= 150 {
        Some(DrawReason::SeventyFiveMoves)
    } else {
        None
    }
}

/// How many moves in a row the side that moved last has given check with,
/// counting back from the last position of `history` (CH-7).
pub fn checks_in_a_row(history: &[Position]) -> u32 {
    let mut n = 0;
    let mut i = history.len();
    while i >= 2 {
        let after = &history[i - 1];
        if !in_check(after, after.to_move) {
            break;
        }
        n += 1;
        i -= 2;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chess::action::UciMove;
    use crate::games::chess::profile::ClockReset;
    use crate::rng::SplitMix;

    use super::super::movement::make;

    /// The kept counts are the clauses' counts over the whole history,
    /// after every ply of random games full of checks and repetitions (a
    /// queen and a rook against a bare king, and the start).
    #[test]
    fn the_kept_counts_are_the_counts_of_the_whole_history() {
        let mut rng = SplitMix(42);
        let (mut repeated, mut checked) = (0, 0);
        for fen in [
            "4k3/8/8/8/8/8/8/R2QK3 w - - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ] {
            let mut profile = Profile::fide();
            profile.ep_in_repetition = EpKey::LegalCapture;
            for _ in 0..20 {
                let setup = Position::from_fen(fen).unwrap();
                let mut kept = History::new(setup.clone(), &profile);
                let mut whole = vec![setup];
                let mut played: Vec<UciMove> = Vec::new();
                for _ in 0..80 {
                    let now = whole.last().unwrap();
                    let moves = legal_moves(now);
                    if moves.is_empty() {
                        break;
                    }
                    // Half the time, the mover takes back its last move
                    // when it can: the positions come back.
                    let back = played.len().checked_sub(2).map(|i| UciMove {
                        from: played[i].to,
                        to: played[i].from,
                        promotion: None,
                    });
                    let m = match back {
                        Some(b) if rng.pick(2) == 0 && moves.contains(&b) => b,
                        _ => moves[rng.pick(moves.len())],
                    };
                    played.push(m);
                    let next = make(now, m, ClockReset::PawnOrCapture).0;
                    assert_eq!(kept.repetitions_with(&next), {
                        let mut with = whole.clone();
                        with.push(next.clone());
                        repetitions(&with, &profile)
                    });
                    whole.push(next.clone());
                    kept.push(next);
                    assert_eq!(kept.positions(), &whole[..]);
                    assert_eq!(kept.repetitions(), repetitions(&whole, &profile));
                    assert_eq!(kept.checks_in_a_row(), checks_in_a_row(&whole));
                    repeated += usize::from(kept.repetitions() > 1);
                    checked += usize::from(kept.checks_in_a_row() > 1);
                }
            }
        }
        assert!(
            repeated > 50 && checked > 5,
            "{repeated} repeated, {checked} checks in a row"
        );
    }
}
