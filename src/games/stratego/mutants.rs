//! Mutants: the reference interpreter configured with an alternative reading
//! of a rule, or with a plain bug. The kill matrix runs the corpus against
//! each and records which scenarios notice; a mutant no scenario notices
//! means a scenario is missing.
//!
//! Every mutant is a change of profile switches, so the same interpreter
//! that checks the corpus also plays every wrong reading of it. Which
//! mutants the kill matrix leaves out, as observably equal to the profile
//! they change, is decided by `observably_equal` in Stratego's
//! [`Workloads`](crate::rules::Workloads) impl (`workload/mod.rs`).

use super::profile::{
    ChaseException, ChaseKeptBy, ChaseTarget, ChaseThreshold, PositionKey, PositionWindow,
    Prohibits, ScoutCounting, ScoutThreat, ThreatBy,
};

pub use crate::rules::MutantKind as Kind;

/// One mutant: a named change to a base profile.
pub type Mutant = crate::rules::Mutant<super::game::Stratego>;

/// Every mutant, in matrix order.
pub const ALL: &[Mutant] = &[
    Mutant {
        name: "ts-off",
        kind: Kind::Bug,
        departs_from: "TS-4.1",
        description: "two-squares rule not enforced at all",
        apply: |p| p.two_squares.enabled = false,
    },
    Mutant {
        name: "ts-on",
        kind: Kind::Bug,
        departs_from: "TS-4.1",
        description: "the two-squares rule enforced (as isf's) by a profile that has none",
        apply: |p| p.two_squares.enabled = true,
    },
    Mutant {
        name: "ts-limit-minus-1",
        kind: Kind::Bug,
        departs_from: "TS-1.1",
        description: "limit one lower than the profile's",
        apply: |p| p.two_squares.limit -= 1,
    },
    Mutant {
        name: "ts-limit-plus-1",
        kind: Kind::Bug,
        departs_from: "TS-1.1",
        description: "limit one higher than the profile's",
        apply: |p| p.two_squares.limit += 1,
    },
    Mutant {
        name: "ts-other-piece-keeps-count",
        kind: Kind::Reading,
        departs_from: "TS-2.3",
        description: "moving another piece does not erase the count (counts per piece)",
        apply: |p| p.two_squares.other_piece_erases = false,
    },
    Mutant {
        name: "ts-count-per-squares",
        kind: Kind::Reading,
        departs_from: "AM-3",
        description: "the count belongs to the squares, not the piece",
        apply: |p| p.two_squares.per_piece = false,
    },
    Mutant {
        name: "ts-attacks-exempt",
        kind: Kind::Reading,
        departs_from: "TS-3.2",
        description: "attacks are exempt from the count and reset it",
        apply: |p| p.two_squares.attacks_count = false,
    },
    Mutant {
        name: "ts-scouts-end-squares",
        kind: Kind::Reading,
        departs_from: "TS-5.1",
        description: "scouts counted by end squares only (no ISF 10.2)",
        apply: |p| p.two_squares.scouts = ScoutCounting::EndSquares,
    },
    Mutant {
        name: "ts-scouts-boundaries",
        kind: Kind::Reading,
        departs_from: "TS-5.2",
        description: "scouts counted by boundary lines (ISF 10.2)",
        apply: |p| p.two_squares.scouts = ScoutCounting::Boundaries,
    },
    Mutant {
        name: "ts-scouts-span",
        kind: Kind::Reading,
        departs_from: "TS-5.1",
        description: "scouts continue while inside the span of the sequence's first move",
        apply: |p| p.two_squares.scouts = ScoutCounting::Span,
    },
    Mutant {
        name: "ms-off",
        kind: Kind::Bug,
        departs_from: "MS-1.1",
        description: "more-squares rule not enforced at all",
        apply: |p| p.more_squares.enabled = false,
    },
    Mutant {
        name: "ms-on",
        kind: Kind::Bug,
        departs_from: "MS-1.1",
        description: "the more-squares rule enforced (as isf's) by a profile that has none",
        apply: |p| p.more_squares.enabled = true,
    },
    Mutant {
        name: "ms-target-any",
        kind: Kind::Reading,
        departs_from: "AM-8",
        description: "every threat made while the chase is on is a chasing move (Gravon's paraphrase)",
        apply: |p| p.more_squares.target = ChaseTarget::Any,
    },
    Mutant {
        name: "ms-target-evaded",
        kind: Kind::Reading,
        departs_from: "AM-8",
        description: "only a threat on a piece that has evaded is a chasing move (ISF 11.3)",
        apply: |p| p.more_squares.target = ChaseTarget::Evaded,
    },
    Mutant {
        name: "ms-kept-by-evaded-threat",
        kind: Kind::Reading,
        departs_from: "AM-9",
        description: "only a threat on an evaded piece keeps the chase going",
        apply: |p| p.more_squares.kept_by = ChaseKeptBy::EvadedThreat,
    },
    Mutant {
        name: "ms-window-current-chase",
        kind: Kind::Reading,
        departs_from: "AM-10",
        description: "repetition checked only within the current chase (Ataraxos)",
        apply: |p| p.more_squares.window = PositionWindow::CurrentChase,
    },
    Mutant {
        name: "ms-window-whole-game",
        kind: Kind::Reading,
        departs_from: "AM-10",
        description: "every position of the game counts, fights or not",
        apply: |p| p.more_squares.window = PositionWindow::WholeGame,
    },
    Mutant {
        name: "ms-exception-none",
        kind: Kind::Bug,
        departs_from: "MS-8.1",
        description: "no exception at all",
        apply: |p| p.more_squares.exception = ChaseException::None,
    },
    Mutant {
        name: "ms-exception-square",
        kind: Kind::Reading,
        departs_from: "AM-11",
        description: "the exception granted to any piece entering the square the last-moved piece left (Jeimel)",
        apply: |p| p.more_squares.exception = ChaseException::Square,
    },
    Mutant {
        name: "ms-exception-piece-return",
        kind: Kind::Reading,
        departs_from: "AM-11",
        description: "the exception granted to a piece undoing its own last move, even if another piece moved since",
        apply: |p| p.more_squares.exception = ChaseException::PieceReturn,
    },
    Mutant {
        name: "ms-exception-overrides-two-squares",
        kind: Kind::Bug,
        departs_from: "MS-1.2",
        description: "the exception granted past the two-squares limit",
        apply: |p| p.more_squares.exception_overrides_two_squares = true,
    },
    Mutant {
        name: "ms-scout-threat-in-line",
        kind: Kind::Reading,
        departs_from: "AM-14",
        description: "a distant scout threatens along its lines (braathwaate)",
        apply: |p| p.more_squares.scout_threat = ScoutThreat::InLine,
    },
    Mutant {
        name: "ms-threat-by-discovered",
        kind: Kind::Reading,
        departs_from: "AM-16",
        description: "threats uncovered by the move count, scouts threatening only next to them",
        apply: |p| p.more_squares.threat_by = ThreatBy::Discovered,
    },
    Mutant {
        name: "ms-discovered-scout-lines",
        kind: Kind::Reading,
        departs_from: "AM-16",
        description: "a move that uncovers a scout's line threatens what the scout sees (braathwaate)",
        apply: |p| {
            p.more_squares.threat_by = ThreatBy::Discovered;
            p.more_squares.scout_threat = ScoutThreat::InLine;
        },
    },
    Mutant {
        name: "ms-threat-by-any-piece",
        kind: Kind::Reading,
        departs_from: "AM-16",
        description: "pieces that stay next to an opponent piece threaten it on every move",
        apply: |p| p.more_squares.threat_by = ThreatBy::AnyPiece,
    },
    Mutant {
        name: "ms-evade-by-attack",
        kind: Kind::Reading,
        departs_from: "AM-13",
        description: "a threatened piece that attacks evades (older da-luce)",
        apply: |p| p.more_squares.evade_by_attack = true,
    },
    Mutant {
        name: "ms-fight-ends-chase",
        kind: Kind::Reading,
        departs_from: "AM-12",
        description: "every fight ends both chases (Ataraxos)",
        apply: |p| p.more_squares.fight_ends_chase = true,
    },
    Mutant {
        name: "ms-position-pieces",
        kind: Kind::Bug,
        departs_from: "AM-15",
        description: "positions told apart by piece identity",
        apply: |p| p.more_squares.position = PositionKey::Pieces,
    },
    Mutant {
        name: "ms-position-chase-squares",
        kind: Kind::Reading,
        departs_from: "AM-15",
        description: "a position is only the chaser's and the chased pieces' squares (Smurflurf)",
        apply: |p| p.more_squares.position = PositionKey::ChaseSquares,
    },
    Mutant {
        name: "ms-side-to-move",
        kind: Kind::Reading,
        departs_from: "AM-15",
        description: "the side to move counted in a position (Jeimel, da-luce)",
        apply: |p| p.more_squares.side_to_move = true,
    },
    Mutant {
        name: "ms-every-move",
        kind: Kind::Reading,
        departs_from: "AM-17",
        description: "every repeating move is forbidden, chasing or not (da-luce engine.cpp)",
        apply: |p| p.more_squares.prohibits = Prohibits::EveryMove,
    },
    Mutant {
        name: "ms-threshold",
        kind: Kind::Reading,
        departs_from: "AM-20",
        description: "the prohibition only once the chase has found pieces on more than two squares (seed 001 read as a condition)",
        apply: |p| p.more_squares.threshold = ChaseThreshold::MoreThanTwoSquares,
    },
    Mutant {
        name: "end-no-moves-before-flag",
        kind: Kind::Bug,
        departs_from: "RP-6.4",
        description: "a flag capture decided only after the loser's lack of moves (RP-6.2, RP-6.3 first)",
        apply: |p| p.faults.no_moves_before_flag = true,
    },
    Mutant {
        name: "end-mover-immobile-loses",
        kind: Kind::Bug,
        departs_from: "RP-6.2",
        description: "a player left without a movable piece by their own move loses at once, before the opponent's turn",
        apply: |p| p.faults.mover_immobile_loses_at_once = true,
    },
    Mutant {
        name: "end-draw-if-opponent-immobile",
        kind: Kind::Bug,
        departs_from: "RP-6.3",
        description: "a player bound by a repetition rule draws, instead of losing, when the opponent cannot move",
        apply: |p| p.faults.draw_if_opponent_immobile = true,
    },
    Mutant {
        name: "end-no-draw",
        kind: Kind::Bug,
        departs_from: "RP-6.3",
        description: "a player with no legal move loses even when neither player can move",
        apply: |p| p.faults.no_draw = true,
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mutant_names_are_unique() {
        let mut names: Vec<&str> = ALL.iter().map(|m| m.name).collect();
        names.sort();
        let n = names.len();
        names.dedup();
        assert_eq!(n, names.len());
    }
}
