//! Mutants: the reference interpreter configured with an alternative reading
//! of a rule, or with a plain bug. The kill matrix runs the corpus against
//! each and records which scenarios notice; a mutant no scenario notices
//! means a scenario is missing.
//!
//! Every mutant is a change of profile switches, so the same interpreter
//! that checks the corpus also plays every wrong reading of it.

use super::profile::{
    ChaseException, ChaseKeptBy, ChaseTarget, ChaseThreshold, MoreSquaresSwitches, PositionKey,
    PositionWindow, Profile, Prohibits, ScoutCounting, ScoutThreat, ThreatBy,
};

pub use crate::rules::MutantKind as Kind;

/// One mutant: a named change to a base profile.
pub type Mutant = crate::rules::Mutant<super::game::Stratego>;

/// Whether two profiles give the same verdicts and annotations in every
/// position. Switches of a disabled rule change nothing observable: the rule
/// forbids no move and its annotations are not reported.
pub fn observably_equal(a: &Profile, b: &Profile) -> bool {
    let mut a = a.clone();
    let mut b = b.clone();
    for p in [&mut a, &mut b] {
        if !p.two_squares.enabled {
            p.two_squares = Profile::play_only().two_squares;
        }
        // AM-3: when every move is counted by its two end squares and another
        // piece's move erases the count, only the piece standing on one of
        // the two squares could continue a run, and that is the piece that
        // made it, so squares and piece identity give the same count.
        if p.two_squares.scouts == ScoutCounting::EndSquares && p.two_squares.other_piece_erases {
            p.two_squares.per_piece = true;
        }
        normalise_more_squares(p);
        // Without a repetition rule every move the rules of play allow is
        // legal, so a player with no legal move has no movable piece either,
        // and RP-6.3's question about that player answers itself.
        if !p.two_squares.enabled && !p.more_squares.enabled {
            p.faults.draw_if_opponent_immobile = false;
        }
    }
    a == b
}

/// The more-squares switches that cannot change a verdict or an annotation
/// under the others, set to one representative value
/// (`spec/stratego/ambiguities.md` gives the argument for each).
fn normalise_more_squares(p: &mut Profile) {
    let ms = &mut p.more_squares;
    if !ms.enabled {
        // A disabled rule forbids nothing and reports nothing.
        *ms = MoreSquaresSwitches::off();
        return;
    }
    // AM-10 (MS-6.5): a fight removes a piece for good, so no full-board
    // position from before it can stand again; `whole-game` then finds
    // exactly what `since-last-fight` finds.
    if ms.window == PositionWindow::WholeGame && ms.position != PositionKey::ChaseSquares {
        ms.window = PositionWindow::SinceLastFight;
    }
    // AM-16: a piece that does not move keeps its neighbours, so only a
    // scout's line can be uncovered; with adjacent threats `discovered`
    // adds nothing to the mover's threats.
    if ms.threat_by == ThreatBy::Discovered && ms.scout_threat == ScoutThreat::Adjacent {
        ms.threat_by = ThreatBy::Mover;
    }
    // AM-9: when only threats on evaded pieces keep a chase going, every
    // move that keeps it going threatens an evaded piece, so both targets
    // make the same chasing moves.
    if ms.kept_by == ChaseKeptBy::EvadedThreat {
        ms.target = ChaseTarget::Evaded;
    }
    // AM-19: nothing to override when the two-squares rule is off or no
    // return is excepted.
    if !p.two_squares.enabled || ms.exception == ChaseException::None {
        ms.exception_overrides_two_squares = false;
    }
}

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

    fn with(base: Profile, f: impl Fn(&mut Profile)) -> Profile {
        let mut p = base;
        f(&mut p);
        p
    }

    #[test]
    fn whole_game_equals_since_last_fight_only_for_full_board_positions() {
        let isf = Profile::isf();
        let whole = with(isf.clone(), |p| {
            p.more_squares.window = PositionWindow::WholeGame
        });
        assert!(observably_equal(&isf, &whole));
        let pair = with(isf.clone(), |p| {
            p.more_squares.position = PositionKey::ChaseSquares
        });
        let pair_whole = with(pair.clone(), |p| {
            p.more_squares.window = PositionWindow::WholeGame
        });
        assert!(!observably_equal(&pair, &pair_whole));
    }

    #[test]
    fn discovered_threats_matter_only_with_scout_lines() {
        let isf = Profile::isf();
        let discovered = with(isf.clone(), |p| {
            p.more_squares.threat_by = ThreatBy::Discovered
        });
        assert!(observably_equal(&isf, &discovered));
        let lines = with(isf.clone(), |p| {
            p.more_squares.scout_threat = ScoutThreat::InLine
        });
        let both = with(lines.clone(), |p| {
            p.more_squares.threat_by = ThreatBy::Discovered
        });
        assert!(!observably_equal(&lines, &both));
    }

    #[test]
    fn target_is_irrelevant_when_only_evaded_threats_keep_a_chase() {
        let a = with(Profile::isf(), |p| {
            p.more_squares.kept_by = ChaseKeptBy::EvadedThreat
        });
        let b = with(a.clone(), |p| p.more_squares.target = ChaseTarget::Any);
        assert!(observably_equal(&a, &b));
        assert!(!observably_equal(&Profile::isf(), &Profile::gravon()));
    }

    #[test]
    fn a_disabled_rule_has_no_observable_switches() {
        // Every switch of a disabled rule but `enabled` itself.
        let jumbo = Profile::jumbo_original();
        for m in ALL.iter().filter(|m| m.name.starts_with("ms-")) {
            assert_eq!(m.mutate(&jumbo).is_none(), m.name != "ms-on", "{}", m.name);
        }
        let play = Profile::play_only();
        for m in ALL.iter().filter(|m| m.name.starts_with("ts-")) {
            assert_eq!(m.mutate(&play).is_none(), m.name != "ts-on", "{}", m.name);
        }
        let none = with(Profile::isf(), |p| {
            p.more_squares.exception = ChaseException::None;
            p.more_squares.exception_overrides_two_squares = true;
        });
        let plain = with(Profile::isf(), |p| {
            p.more_squares.exception = ChaseException::None
        });
        assert!(observably_equal(&none, &plain));
    }

    #[test]
    fn mutant_names_are_unique() {
        let mut names: Vec<&str> = ALL.iter().map(|m| m.name).collect();
        names.sort();
        let n = names.len();
        names.dedup();
        assert_eq!(n, names.len());
    }
}
