//! Mutants: the reference run under another reading of an open point of
//! the page (`spec/dame/ambiguities.md`), each a change of profile. The
//! kill matrix (`spec/dame/kill-matrix.md`) shows the scenarios that notice
//! each one.

use super::profile::{
    CaptureRule, Crowning, HuffTarget, Landing, Majority, Profile, Range, Reach, Removal,
};

pub use crate::rules::MutantKind as Kind;

/// One mutant.
pub type Mutant = crate::rules::Mutant<super::game::Dame>;

/// The other of a switch's two values.
fn flipped<T: PartialEq>(value: T, [a, b]: [T; 2]) -> T {
    if value == a { b } else { a }
}

fn flip_first(p: &mut Profile) {
    p.first = p.first.other();
}
fn capture_compulsory(p: &mut Profile) {
    p.capture = CaptureRule::Compulsory;
}
fn capture_huffing(p: &mut Profile) {
    p.capture = CaptureRule::Huffing;
}
fn capture_optional(p: &mut Profile) {
    p.capture = CaptureRule::Optional;
}
fn flip_backward(p: &mut Profile) {
    p.men_capture_backward = !p.men_capture_backward;
}
fn flip_range(p: &mut Profile) {
    p.dame.range = flipped(p.dame.range, [Range::Flying, Range::Short]);
}
fn flip_reach(p: &mut Profile) {
    p.dame.reach = flipped(p.dame.reach, [Reach::Distance, Reach::Adjacent]);
}
fn flip_landing(p: &mut Profile) {
    p.dame.landing = flipped(
        p.dame.landing,
        [Landing::DirectlyBehind, Landing::AnyBeyond],
    );
}
fn crowning_continues(p: &mut Profile) {
    p.crowning = Crowning::ContinuesAsDame;
}
fn crowning_passes(p: &mut Profile) {
    p.crowning = Crowning::PassesThrough;
}
fn flip_majority(p: &mut Profile) {
    p.majority = flipped(p.majority, [Majority::Free, Majority::Maximum]);
}
fn flip_removal(p: &mut Profile) {
    p.removal = flipped(p.removal, [Removal::AtEnd, Removal::AtOnce]);
}
fn flip_huff_target(p: &mut Profile) {
    p.huff.target = flipped(
        p.huff.target,
        [HuffTarget::CouldHaveCaptured, HuffTarget::Moved],
    );
}
fn flip_huff_turn(p: &mut Profile) {
    p.huff.costs_turn = !p.huff.costs_turn;
}
fn flip_huff_partial(p: &mut Profile) {
    p.huff.partial = !p.huff.partial;
}
fn flip_huff_dame_moves(p: &mut Profile) {
    p.huff.dame_moves = !p.huff.dame_moves;
}
fn draw_20(p: &mut Profile) {
    p.draw.no_progress_plies = 20;
}
fn flip_man_move_resets(p: &mut Profile) {
    p.draw.man_move_resets = !p.draw.man_move_resets;
}
fn shut_in_before_huff(p: &mut Profile) {
    p.faults.shut_in_before_huff = true;
}
fn no_moves_before_all_captured(p: &mut Profile) {
    p.faults.no_moves_before_all_captured = true;
}
fn all_captured_only_for_side_to_move(p: &mut Profile) {
    p.faults.all_captured_only_for_side_to_move = true;
}

/// Every mutant, in matrix order.
pub const ALL: &[Mutant] = &[
    Mutant {
        name: "first-mover",
        kind: Kind::Reading,
        departs_from: "AD-12",
        description: "the other side moves first from a setup that does not say",
        apply: flip_first,
    },
    Mutant {
        name: "capture-compulsory",
        kind: Kind::Reading,
        departs_from: "AD-1",
        description: "capturing compulsory and finished to the end, no huffing",
        apply: capture_compulsory,
    },
    Mutant {
        name: "capture-huffing",
        kind: Kind::Reading,
        departs_from: "AD-1",
        description: "capturing optional, an overlooked capture huffed",
        apply: capture_huffing,
    },
    Mutant {
        name: "capture-optional",
        kind: Kind::Reading,
        departs_from: "AD-1",
        description: "capturing optional and never punished",
        apply: capture_optional,
    },
    Mutant {
        name: "men-backward",
        kind: Kind::Reading,
        departs_from: "AD-13",
        description: "men capture backward (or not) against the profile",
        apply: flip_backward,
    },
    Mutant {
        name: "dame-range",
        kind: Kind::Reading,
        departs_from: "AD-4",
        description: "a flying Dame made short, or a short one flying",
        apply: flip_range,
    },
    Mutant {
        name: "dame-reach",
        kind: Kind::Reading,
        departs_from: "AD-5",
        description: "a flying Dame captures only next to it, or from a distance",
        apply: flip_reach,
    },
    Mutant {
        name: "dame-landing",
        kind: Kind::Reading,
        departs_from: "AD-6",
        description: "a flying Dame lands anywhere beyond, or only right behind",
        apply: flip_landing,
    },
    Mutant {
        name: "crowning-continues",
        kind: Kind::Reading,
        departs_from: "AD-7",
        description: "a man crowned in a capture goes on as a Dame",
        apply: crowning_continues,
    },
    Mutant {
        name: "crowning-passes",
        kind: Kind::Reading,
        departs_from: "AD-7",
        description: "a man goes on through the crowning row as a man, crowned only if it stops there",
        apply: crowning_passes,
    },
    Mutant {
        name: "majority",
        kind: Kind::Reading,
        departs_from: "AD-8",
        description: "the majority rule switched (free choice or the most stones)",
        apply: flip_majority,
    },
    Mutant {
        name: "removal",
        kind: Kind::Reading,
        departs_from: "AD-9",
        description: "captured stones leave the board at once, or stay until the move ends",
        apply: flip_removal,
    },
    Mutant {
        name: "huff-target",
        kind: Kind::Reading,
        departs_from: "AD-2",
        description: "the huff takes the stone that moved instead of those that could have captured, or the reverse",
        apply: flip_huff_target,
    },
    Mutant {
        name: "huff-costs-turn",
        kind: Kind::Reading,
        departs_from: "AD-3",
        description: "the huff is the huffer's whole turn, or not",
        apply: flip_huff_turn,
    },
    Mutant {
        name: "huff-partial",
        kind: Kind::Reading,
        departs_from: "AD-10",
        description: "a capture stopped early is (not) an overlooked capture",
        apply: flip_huff_partial,
    },
    Mutant {
        name: "huff-dame-moves",
        kind: Kind::Reading,
        departs_from: "AD-14",
        description: "only a man's forward move (or also a Dame's move) can overlook a capture",
        apply: flip_huff_dame_moves,
    },
    Mutant {
        name: "draw-no-progress",
        kind: Kind::Reading,
        departs_from: "AD-11",
        description: "a draw after 20 plies without capture, huff or man's move",
        apply: draw_20,
    },
    Mutant {
        name: "draw-man-move-resets",
        kind: Kind::Reading,
        departs_from: "AD-11",
        description: "a man's move starts the no-progress count again, or does not",
        apply: flip_man_move_resets,
    },
    Mutant {
        name: "shut-in-before-huff",
        kind: Kind::Bug,
        departs_from: "DA-5.2",
        description: "a side with no step or capture loses although a huff is open to it",
        apply: shut_in_before_huff,
    },
    Mutant {
        name: "no-moves-before-all-captured",
        kind: Kind::Bug,
        departs_from: "DA-5.1",
        description: "a side left without stones loses by no legal move, not by having all its stones taken",
        apply: no_moves_before_all_captured,
    },
    Mutant {
        name: "all-captured-for-side-to-move",
        kind: Kind::Bug,
        departs_from: "AD-15",
        description: "all stones taken is judged only for the side to move (a huff that takes the last stone ends nothing until the huffer has moved)",
        apply: all_captured_only_for_side_to_move,
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_named_profile_has_each_mutant_or_an_argument() {
        // Each mutant changes at least one named profile observably.
        for m in ALL {
            let hits = Profile::NAMES
                .iter()
                .filter(|n| m.mutate(&Profile::parse(n).unwrap()).is_some())
                .count();
            assert!(hits > 0, "{} changes no profile", m.name);
        }
    }
}
