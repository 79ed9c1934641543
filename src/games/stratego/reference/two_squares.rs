//! The two-squares rule (ISF article 10), read literally from the whole
//! history: `spec/stratego/two-squares.md`, clauses TS-*.

use crate::games::stratego::game::TwoSquaresNote;
use crate::games::stratego::piece::{Color, Rank};
use crate::games::stratego::position::PieceId;
use crate::games::stratego::profile::{Profile, ScoutCounting};
use crate::games::stratego::square::Square;
use crate::games::stratego::verdict::{Illegal, RuleCode, ordinal};

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
    per_piece: bool,
) -> (Sequence, bool) {
    let same_piece = current.filter(|s| !per_piece || s.piece == piece);
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
#[derive(Clone, Debug, Default, PartialEq, Eq)]
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
        let current = if ts.per_piece {
            self.of(fact.piece)
        } else {
            self.open.last()
        };
        Some(step(current, fact.piece, &made, ts.scouts, ts.per_piece))
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
/// player's own moves matter; the opponent's are skipped. The definition
/// the grown fold is held to, by a unit test; no game calls it, so it is
/// built for tests only.
#[cfg(test)]
pub fn sequences_of(replay: &Replay, color: Color, profile: &Profile) -> Sequences {
    let mut seqs = Sequences::default();
    for fact in replay.plies.iter().filter(|f| f.color == color) {
        seqs.record(fact, profile);
    }
    seqs
}

/// Both players' sequences after every ply of a replay: red's, then blue's.
///
/// [`sequences_of`] is a fold over the plies, so a caller that keeps a
/// replay may keep this fold's value too and extend it by one ply
/// ([`AllSequences::extend`]); the value is the same.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AllSequences(pub [Sequences; 2]);

impl AllSequences {
    /// The sequences of `replay`, folded from the first ply (for the unit
    /// test that holds [`AllSequences::extend`] to it).
    #[cfg(test)]
    pub fn of(replay: &Replay, profile: &Profile) -> AllSequences {
        AllSequences([
            sequences_of(replay, Color::Red, profile),
            sequences_of(replay, Color::Blue, profile),
        ])
    }

    /// Records the last ply of `replay`, the one these sequences have not
    /// yet seen, for the player who made it (TS-2.4).
    pub fn extend(&mut self, replay: &Replay, profile: &Profile) {
        let fact = replay.plies.last().expect("a ply to extend by");
        self.0[index(fact.color)].record(fact, profile);
    }

    /// The sequences of `color`.
    pub fn of_player(&self, color: Color) -> &Sequences {
        &self.0[index(color)]
    }
}

fn index(color: Color) -> usize {
    match color {
        Color::Red => 0,
        Color::Blue => 1,
    }
}

/// What the rule says about a candidate move `fact` played by a player whose
/// sequences are `sequences` ([`sequences_of`] the replay so far): the note
/// it would carry, or why it is forbidden (TS-4.1).
pub fn judge(
    sequences: &Sequences,
    fact: &PlyFact,
    profile: &Profile,
) -> Result<TwoSquaresNote, Illegal> {
    let Some((next, starts)) = sequences.peek(fact, profile) else {
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
        let scout_reading = (fact.rank == Rank::Scout).then_some(profile.two_squares.scouts);
        let what = match scout_reading {
            // TS-5.2: the pair of end squares stands in for a boundary line.
            Some(ScoutCounting::EndSquares) => format!(
                "move between {} again",
                worst.join(", ").replace('|', " and ")
            ),
            _ => format!("cross {} again", worst.join(", ")),
        };
        return Err(Illegal::new(
            RuleCode::TwoSquares,
            clause_for(scout_reading),
            format!(
                "the {} would {what}, for the {} time non-stop; at most {} times are allowed ({})",
                fact.rank,
                ordinal(note.count),
                limit,
                profile.name
            ),
        ));
    }
    Ok(note)
}

/// The clause that decides a move over the limit: TS-4.1 for every piece,
/// TS-5.1 or TS-5.2 for a scout, by how the profile counts scout moves.
/// The span reading has no clause of its own (spec/stratego/ambiguities.md,
/// AM-5); it departs from TS-5.1, which is cited.
fn clause_for(scout_reading: Option<ScoutCounting>) -> &'static str {
    match scout_reading {
        None => "TS-4.1",
        Some(ScoutCounting::Boundaries | ScoutCounting::Span) => "TS-5.1",
        Some(ScoutCounting::EndSquares) => "TS-5.2",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::stratego::army::Army;
    use crate::games::stratego::geometry::Geometry;
    use crate::games::stratego::moves::Move;
    use crate::games::stratego::piece::Piece;
    use crate::games::stratego::position::Setup;
    use crate::games::stratego::reference::Reference;
    use crate::rules::{Implementation, Verdict};

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    /// A red scout on D2 shuttling to A2 five times while a blue sergeant
    /// walks; returns the verdict on the scout's sixth move A2-D2.
    fn sixth_scout_move(
        profile: Profile,
    ) -> crate::rules::Illegal<crate::games::stratego::game::Stratego> {
        let setup = Setup {
            geometry: Geometry::standard(),
            army: Army::STANDARD,
            pieces: vec![
                (
                    sq("D2"),
                    Piece {
                        color: Color::Red,
                        rank: Rank::Scout,
                    },
                ),
                (
                    sq("J10"),
                    Piece {
                        color: Color::Blue,
                        rank: Rank::Sergeant,
                    },
                ),
            ],
            to_move: Color::Red,
        };
        let mut game = Reference.start(&setup, &profile).unwrap();
        for mv in [
            "D2-A2", "J10-J9", "A2-D2", "J9-J8", "D2-A2", "J8-J7", "A2-D2", "J7-J6", "D2-A2",
            "J6-I6",
        ] {
            game.play(&mv.parse::<Move>().unwrap()).unwrap();
        }
        match game.judge(&"A2-D2".parse().unwrap()) {
            Verdict::Illegal(i) => i,
            Verdict::Legal => panic!("the sixth crossing must be illegal under {}", profile.name),
        }
    }

    #[test]
    fn a_scout_over_the_limit_cites_the_clause_of_the_profiles_scout_reading() {
        let isf = sixth_scout_move(Profile::isf());
        assert_eq!(
            (isf.rule, isf.clause.as_str()),
            (RuleCode::TwoSquares, "TS-5.1")
        );
        assert!(isf.explanation.contains("A2|B2"), "{}", isf.explanation);

        let jumbo = sixth_scout_move(Profile::jumbo_original());
        assert_eq!(
            (jumbo.rule, jumbo.clause.as_str()),
            (RuleCode::TwoSquares, "TS-5.2")
        );
        assert!(
            jumbo.explanation.contains("between A2 and D2"),
            "{}",
            jumbo.explanation
        );
    }

    #[test]
    fn other_pieces_over_the_limit_cite_ts_4_1() {
        assert_eq!(clause_for(None), "TS-4.1");
    }
}
