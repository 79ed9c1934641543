//! The two-squares rule (ISF article 10), read literally from the whole
//! history: `spec/stratego/two-squares.md`, clauses TS-*.

use crate::games::stratego::game::TwoSquaresNote;
use crate::games::stratego::piece::{Color, Rank};
use crate::games::stratego::position::PieceId;
use crate::games::stratego::profile::{Profile, ScoutCounting};
use crate::games::stratego::square::Square;
use crate::games::stratego::verdict::{Illegal, RuleCode};

use super::replay::{PlyFact, Replay};

/// A boundary line between two adjacent squares, or (when scouts are counted
/// by end squares) the pair of end squares of a move. Unordered: crossing it
/// in either direction is the same crossing (TS-3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Crossing(Square, Square);

impl Crossing {
    fn new(a: Square, b: Square) -> Self {
        if a <= b {
            Crossing(a, b)
        } else {
            Crossing(b, a)
        }
    }
}

impl std::fmt::Display for Crossing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}|{}", self.0, self.1)
    }
}

/// The crossings a move makes. TS-5.1: a scout crosses every boundary
/// between consecutive squares of its path; TS-5.2 (profile switch
/// `end-squares`): only the pair of its end squares counts. For a one-step
/// move both readings give the single boundary it crosses.
pub fn crossings(rank: Rank, path: &[Square], profile: &Profile) -> Vec<Crossing> {
    let (first, last) = (path[0], path[path.len() - 1]);
    if rank == Rank::Scout && profile.two_squares.scouts == ScoutCounting::EndSquares {
        return vec![Crossing::new(first, last)];
    }
    path.windows(2).map(|w| Crossing::new(w[0], w[1])).collect()
}

/// A sequence: the piece that made it and how often each boundary of its
/// last move has been crossed non-stop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sequence {
    /// The piece whose sequence this is (TS-2.1).
    pub piece: PieceId,
    /// Count per boundary crossed by the last move of the sequence.
    pub counts: Vec<(Crossing, u32)>,
    /// Under the `span` scout reading: the crossings of the move
    /// that started the sequence.
    pub span: Vec<Crossing>,
}

impl Sequence {
    /// The highest count among the last move's boundaries.
    pub fn count(&self) -> u32 {
        self.counts.iter().map(|c| c.1).max().unwrap_or(0)
    }
}

/// Extends (or replaces) `current` with a move of `piece` making `made`
/// crossings, and says whether the move started a new sequence.
///
/// TS-2.2: the move continues the sequence when the same piece re-crosses at
/// least one boundary of the previous move; TS-2.3: otherwise a new sequence
/// starts and the old count is erased. TS-3.1: each boundary re-crossed
/// counts one more, each new one counts 1. Under the `span` reading
/// a move continues when all its crossings lie in the span, and the whole
/// sequence counts one more.
pub fn step(
    current: Option<&Sequence>,
    piece: PieceId,
    made: &[Crossing],
    scouts: ScoutCounting,
) -> (Sequence, bool) {
    let same_piece = current.filter(|s| s.piece == piece);
    if scouts == ScoutCounting::Span {
        let continuing = same_piece.filter(|s| made.iter().all(|c| s.span.contains(c)));
        let n = continuing.map_or(0, Sequence::count) + 1;
        let span = continuing.map_or_else(|| made.to_vec(), |s| s.span.clone());
        let counts = made.iter().map(|c| (*c, n)).collect();
        return (
            Sequence {
                piece,
                counts,
                span,
            },
            continuing.is_none(),
        );
    }
    let continuing =
        same_piece.filter(|s| made.iter().any(|c| s.counts.iter().any(|(b, _)| b == c)));
    let counts = made
        .iter()
        .map(|c| {
            let before = continuing
                .and_then(|s| s.counts.iter().find(|(b, _)| b == c))
                .map_or(0, |(_, n)| *n);
            (*c, before + 1)
        })
        .collect();
    (
        Sequence {
            piece,
            counts,
            span: made.to_vec(),
        },
        continuing.is_none(),
    )
}

/// The sequences a player has built up by a point of the game.
///
/// Under the ISF reading there is one, made by the player's last move
/// (TS-2.1). With `other-piece-erases: false` each piece keeps its own.
#[derive(Clone, Debug, Default)]
pub struct Sequences {
    /// The sequence of the player's last move (ISF), or one per piece.
    pub open: Vec<Sequence>,
}

impl Sequences {
    /// The sequence a move of `piece` would continue, if any.
    pub fn of(&self, piece: PieceId) -> Option<&Sequence> {
        self.open.iter().find(|s| s.piece == piece)
    }

    /// What a move would do: the resulting sequence and whether it starts one.
    /// `None` when the move is exempt (an attack with `attacks-count: false`).
    pub fn peek(&self, fact: &PlyFact, profile: &Profile) -> Option<(Sequence, bool)> {
        let ts = &profile.two_squares;
        if fact.combat.is_some() && !ts.attacks_count {
            return None;
        }
        let made = crossings(fact.rank, &fact.path, profile);
        Some(step(self.of(fact.piece), fact.piece, &made, ts.scouts))
    }

    /// Records a played move of this player.
    pub fn record(&mut self, fact: &PlyFact, profile: &Profile) {
        let next = self.peek(fact, profile);
        if profile.two_squares.other_piece_erases {
            // TS-2.3: whatever the move, only its own sequence survives.
            self.open.clear();
        } else {
            self.open.retain(|s| s.piece != fact.piece);
        }
        if let Some((seq, _)) = next {
            self.open.push(seq);
        }
    }
}

/// The sequences of `color` after all plies of the replay. TS-2.4: only the
/// player's own moves matter; the opponent's are skipped.
pub fn sequences_of(replay: &Replay, color: Color, profile: &Profile) -> Sequences {
    let mut seqs = Sequences::default();
    for fact in replay.plies.iter().filter(|f| f.color == color) {
        seqs.record(fact, profile);
    }
    seqs
}

/// What the rule says about a candidate move `fact` played after `replay`:
/// the note it would carry, or why it is forbidden (TS-4.1).
pub fn judge(
    replay: &Replay,
    fact: &PlyFact,
    profile: &Profile,
) -> Result<TwoSquaresNote, Illegal> {
    let Some((next, starts)) = sequences_of(replay, fact.color, profile).peek(fact, profile) else {
        // An exempt attack (`attacks-count: false`) starts nothing.
        return Ok(TwoSquaresNote {
            starts: true,
            count: 0,
        });
    };
    let note = TwoSquaresNote {
        starts,
        count: next.count(),
    };
    let limit = profile.two_squares.limit;
    if profile.two_squares.enabled && note.count > limit {
        let worst: Vec<String> = next
            .counts
            .iter()
            .filter(|(_, n)| *n > limit)
            .map(|(b, _)| b.to_string())
            .collect();
        return Err(Illegal::new(
            RuleCode::TwoSquares,
            if fact.rank == Rank::Scout {
                "TS-5.1"
            } else {
                "TS-4.1"
            },
            format!(
                "the {} would cross {} for the {} time non-stop; at most {} times are allowed ({})",
                fact.rank,
                worst.join(", "),
                ordinal(note.count),
                limit,
                profile.name
            ),
        ));
    }
    Ok(note)
}

fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, r) if r != 11 => "st",
        (2, r) if r != 12 => "nd",
        (3, r) if r != 13 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}
