//! Mutants: the reference interpreter configured with an alternative reading
//! of a rule, or with a plain bug. The kill matrix runs the corpus against
//! each and records which scenarios notice; a mutant no scenario notices
//! means a scenario is missing.
//!
//! Every mutant is a change of profile switches, so the same interpreter
//! that checks the corpus also plays every wrong reading of it.

use super::profile::{Profile, ScoutCounting};

/// Why a mutant exists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A reading some source or implementation follows
    /// (`spec/stratego/ambiguities.md` names which).
    Reading,
    /// A plain implementation bug.
    Bug,
}

/// One mutant: a named change to a base profile.
#[derive(Clone, Copy, Debug)]
pub struct Mutant {
    /// Stable name (`ts-limit-plus-1`).
    pub name: &'static str,
    /// Reading or bug.
    pub kind: Kind,
    /// The ambiguity entry or clause it departs from.
    pub departs_from: &'static str,
    /// One line for the matrix.
    pub description: &'static str,
    /// Applies the change to a copy of the base profile.
    pub apply: fn(&mut Profile),
}

impl Mutant {
    /// The mutated profile, or `None` when the mutant cannot be told apart
    /// from `base` by any position (see [`observably_equal`]).
    pub fn mutate(&self, base: &Profile) -> Option<Profile> {
        let mut p = base.clone();
        (self.apply)(&mut p);
        (!observably_equal(base, &p)).then_some(p)
    }
}

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
    }
    a == b
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
];
