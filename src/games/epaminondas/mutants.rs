//! Mutants: the reference configured with an alternative reading of a rule
//! (`spec/epaminondas/ambiguities.md`) or a plain bug. The kill matrix runs
//! the corpus against each; a survivor means a scenario is missing.

use super::profile::{
    EndOrder, EnemyLine, NoMoves, PartCounts, Removes, Split, Stronger, SymmetryMap, SymmetryScope,
    WinCheck,
};

pub use crate::rules::MutantKind as Kind;

/// One mutant: a named change to a base profile.
pub type Mutant = crate::rules::Mutant<super::game::Epaminondas>;

/// Every mutant, in matrix order.
pub const ALL: &[Mutant] = &[
    Mutant {
        name: "no-split",
        kind: Kind::Bug,
        departs_from: "EP-3.3",
        description: "a phalanx may only move whole (the page's splitting sentence ignored)",
        apply: |p| p.phalanx.split = Split::WholeLine,
    },
    Mutant {
        name: "range-whole-line",
        kind: Kind::Reading,
        departs_from: "AE-1",
        description: "a split part may move as far as the whole line has stones",
        apply: |p| p.phalanx.range = PartCounts::WholeLine,
    },
    Mutant {
        name: "strength-whole-line",
        kind: Kind::Reading,
        departs_from: "AE-1",
        description: "a split part captures with the strength of the whole line",
        apply: |p| p.phalanx.strength = PartCounts::WholeLine,
    },
    Mutant {
        name: "enemy-line-to-edge",
        kind: Kind::Reading,
        departs_from: "AE-2",
        description: "every enemy stone up to the edge counts (and is captured), gaps ignored",
        apply: |p| p.capture.enemy_line = EnemyLine::ToEdge,
    },
    Mutant {
        name: "capture-on-equal",
        kind: Kind::Bug,
        departs_from: "EP-4.2",
        description: "an enemy line as long as the moving phalanx is captured too",
        apply: |p| p.capture.stronger = Stronger::OrEqual,
    },
    Mutant {
        name: "removes-front-stone",
        kind: Kind::Reading,
        departs_from: "AE-7",
        description: "only the contacted stone is captured (Sackson's Crossings)",
        apply: |p| p.capture.removes = Removes::FrontStone,
    },
    Mutant {
        name: "win-immediate",
        kind: Kind::Reading,
        departs_from: "AE-4",
        description: "the mover wins as soon as a move gives them the lead in crossings",
        apply: |p| p.end.win_check = WinCheck::Immediate,
    },
    Mutant {
        name: "no-moves-before-lead",
        kind: Kind::Reading,
        departs_from: "AE-11",
        description: "a player with no legal move loses before their lead in crossings is judged (AbstractPlay)",
        apply: |p| p.end.order = EndOrder::NoMovesFirst,
    },
    Mutant {
        name: "lead-before-no-moves",
        kind: Kind::Reading,
        departs_from: "AE-11",
        description: "a player whose turn begins with a lead in crossings wins even with no legal move (the page)",
        apply: |p| p.end.order = EndOrder::LeadFirst,
    },
    Mutant {
        name: "no-moves-draw",
        kind: Kind::Reading,
        departs_from: "AE-5",
        description: "a player who cannot move draws instead of losing",
        apply: |p| p.end.no_moves = NoMoves::Draw,
    },
    Mutant {
        name: "symmetry-none",
        kind: Kind::Reading,
        departs_from: "AE-3",
        description: "no symmetry rule (AbstractPlay)",
        apply: |p| p.symmetry.map = SymmetryMap::None,
    },
    Mutant {
        name: "symmetry-mirror",
        kind: Kind::Reading,
        departs_from: "AE-3",
        description: "symmetry is a left-right mirror with colours kept (the page read literally)",
        apply: |p| p.symmetry.map = SymmetryMap::Mirror,
    },
    Mutant {
        name: "symmetry-rotate-swap",
        kind: Kind::Reading,
        departs_from: "AE-3",
        description: "symmetry is a 180° turn with colours swapped (Boardspace)",
        apply: |p| p.symmetry.map = SymmetryMap::RotateSwap,
    },
    Mutant {
        name: "symmetry-midline-swap",
        kind: Kind::Reading,
        departs_from: "AE-3",
        description: "symmetry is a mirror across the middle line with colours swapped",
        apply: |p| p.symmetry.map = SymmetryMap::MidlineSwap,
    },
    Mutant {
        name: "symmetry-on-home-row-entries",
        kind: Kind::Reading,
        departs_from: "AE-3",
        description: "the symmetry rule restricts moves onto the opponent's home row (the page)",
        apply: |p| p.symmetry.scope = SymmetryScope::HomeRowEntries,
    },
    Mutant {
        name: "symmetry-answering-incursion",
        kind: Kind::Reading,
        departs_from: "AE-3",
        description: "the symmetry rule restricts every move made while the opponent leads (Boardspace)",
        apply: |p| p.symmetry.scope = SymmetryScope::AnsweringIncursion,
    },
    Mutant {
        name: "symmetry-every-move",
        kind: Kind::Reading,
        departs_from: "AE-3",
        description: "the symmetry rule restricts every move",
        apply: |p| p.symmetry.scope = SymmetryScope::EveryMove,
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique() {
        let mut names: Vec<&str> = ALL.iter().map(|m| m.name).collect();
        names.sort();
        let n = names.len();
        names.dedup();
        assert_eq!(n, names.len());
    }
}
