//! The mutants: every other reading of an ambiguity
//! (`spec/chess/ambiguities.md`) and a few plain bugs, each a change of
//! profile switches. The kill matrix (`spec/chess/kill-matrix.md`) runs the
//! corpus against each on every built-in profile.

use crate::rules::{Mutant, MutantKind};

use super::game::Chess;
use super::profile::{ClockReset, DrawRule, EpKey, Material, Profile, Stalemate};

macro_rules! mutant {
    ($name:literal, $kind:ident, $from:literal, $desc:literal, |$p:ident| $body:expr) => {
        Mutant {
            name: $name,
            kind: MutantKind::$kind,
            departs_from: $from,
            description: $desc,
            apply: |$p: &mut Profile| $body,
        }
    };
}

/// Every mutant.
pub static ALL: &[Mutant<Chess>] = &[
    mutant!(
        "ep-key-legal",
        Reading,
        "AM-1",
        "en-passant right in the position only when a legal capture exists (FIDE)",
        |p| p.ep_in_repetition = EpKey::LegalCapture
    ),
    mutant!(
        "ep-key-pseudo-legal",
        Reading,
        "AM-1",
        "en-passant right in the position whenever a pawn stands beside the double-stepped pawn (OpenSpiel)",
        |p| p.ep_in_repetition = EpKey::PseudoLegal
    ),
    mutant!(
        "ep-key-always",
        Reading,
        "AM-1",
        "en-passant square in the position after every double step (FEN's field)",
        |p| p.ep_in_repetition = EpKey::Always
    ),
    mutant!(
        "ep-key-never",
        Bug,
        "CH-6.1",
        "en-passant right left out of the position",
        |p| p.ep_in_repetition = EpKey::Never
    ),
    mutant!(
        "castling-not-in-key",
        Bug,
        "CH-6.1",
        "castling rights left out of the position",
        |p| p.castling_in_key = false
    ),
    mutant!(
        "side-not-in-key",
        Bug,
        "CH-6.1",
        "side to move left out of the position",
        |p| p.side_to_move_in_key = false
    ),
    mutant!(
        "four-occurrences",
        Reading,
        "AM-2",
        "\"dreifache Zugwiederholung\" as three repetitions after the first occurrence",
        |p| p.occurrences = 4
    ),
    mutant!(
        "threefold-automatic",
        Reading,
        "AM-3",
        "threefold repetition ends the game by itself",
        |p| p.threefold = DrawRule::Automatic
    ),
    mutant!(
        "threefold-claim",
        Reading,
        "AM-3",
        "threefold repetition only on a claim",
        |p| p.threefold = DrawRule::Claim
    ),
    mutant!("threefold-off", Bug, "CH-6.4", "no threefold rule", |p| p
        .threefold =
        DrawRule::Off),
    mutant!(
        "no-fivefold",
        Reading,
        "AM-3",
        "no automatic fivefold rule (FIDE before 2014)",
        |p| p.fivefold = false
    ),
    mutant!(
        "fifty-claim",
        Reading,
        "AM-4",
        "the fifty-move rule as a claim",
        |p| p.fifty_moves = DrawRule::Claim
    ),
    mutant!(
        "fifty-automatic",
        Reading,
        "AM-4",
        "the fifty-move rule ends the game by itself after 100 plies (OpenSpiel)",
        |p| p.fifty_moves = DrawRule::Automatic
    ),
    mutant!(
        "fifty-off",
        Reading,
        "AM-4",
        "no fifty-move rule (the seed page names none)",
        |p| p.fifty_moves = DrawRule::Off
    ),
    mutant!(
        "no-seventy-five",
        Reading,
        "AM-4",
        "no automatic seventy-five-move rule (FIDE before 2014)",
        |p| p.seventy_five_moves = false
    ),
    mutant!(
        "material-off",
        Bug,
        "CH-5.2",
        "no draw for insufficient material",
        |p| p.insufficient_material = Material::Off
    ),
    mutant!(
        "material-no-mating-force",
        Reading,
        "AM-5",
        "draw when neither side has mating force alone (KN v KN, KB v KN, KNN v K drawn)",
        |p| p.insufficient_material = Material::NoMatingForce
    ),
    mutant!(
        "stalemate-wins",
        Reading,
        "AM-6",
        "stalemate a win for the side that gave it",
        |p| p.stalemate = Stalemate::WinForStalemating
    ),
    mutant!(
        "perpetual-three-checks",
        Reading,
        "AM-7",
        "perpetual check as three checks in a row by one side",
        |p| p.perpetual_checks = 3
    ),
    mutant!(
        "move-limit-beats-mate",
        Bug,
        "CH-10.2",
        "a move-count draw decided before a mate given by the same move",
        |p| p.move_limit_beats_mate = true
    ),
    mutant!(
        "material-before-stalemate",
        Reading,
        "AM-12",
        "too little material named before stalemate when a position is both (python-chess)",
        |p| p.material_before_stalemate = true
    ),
    mutant!(
        "move-limit-before-repetition",
        Reading,
        "AM-13",
        "a move-count draw named before a repetition draw made by the same move (python-chess)",
        |p| p.move_limit_before_repetition = true
    ),
    mutant!(
        "claim-beats-mate",
        Reading,
        "AM-14",
        "a claim with a move valid even when the move would mate or stalemate (FIDE 9.3.1 to the letter)",
        |p| p.claim_beats_mate = true
    ),
    mutant!(
        "clock-capture-only",
        Bug,
        "CH-8.1",
        "the half-move clock reset by captures only, not by pawn moves",
        |p| p.clock_reset = ClockReset::CaptureOnly
    ),
    mutant!(
        "no-claim-with-move",
        Reading,
        "AM-8",
        "claims only about the position on the board, never with the intended move",
        |p| p.claim_with_move = false
    ),
];
