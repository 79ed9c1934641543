//! Rule profiles (`spec/chess/profiles.md`): one switch per point where
//! the seed page, the FIDE Laws and implementations part.

use serde::{Deserialize, Serialize};

/// How a draw rule takes effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum DrawRule {
    /// The side to move may claim it (CH-9).
    Claim,
    /// The game ends by itself when the condition arises.
    Automatic,
    /// No such rule.
    Off,
}

/// When an en-passant right is part of a position (CH-6.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum EpKey {
    /// Only when a legal en-passant capture exists (FIDE 9.2.2.1,
    /// python-chess).
    LegalCapture,
    /// When a pawn of the side to move stands beside the pawn that just made
    /// its double step, whether or not the capture is legal (OpenSpiel).
    PseudoLegal,
    /// After every double step, as FEN's fourth field.
    Always,
    /// Never.
    Never,
}

/// Which material counts as too little to mate (CH-5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Material {
    /// No draw for material.
    Off,
    /// The material with which no sequence of legal moves mates (CH-5.2):
    /// kings alone, one knight, or bishops all on squares of one colour.
    NoMatePossible,
    /// Neither side has mating force on its own (CH-5.4's reading): also
    /// knight against knight, knight against bishop, bishops of opposite
    /// colours, two knights against a bare king.
    NoMatingForce,
}

/// How a stalemate is scored (CH-4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Stalemate {
    /// A draw (the page's Patt, FIDE 5.2.1).
    Draw,
    /// A win for the side that gave the stalemate (an old reading).
    WinForStalemating,
}

/// Which plies reset the half-move clock (CH-8.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ClockReset {
    /// Every pawn move and every capture.
    PawnOrCapture,
    /// Captures only (a bug).
    CaptureOnly,
}

/// A complete profile.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Profile {
    /// The profile's name.
    pub name: String,
    /// Threefold repetition (CH-6.4).
    pub threefold: DrawRule,
    /// How many times a position must have stood for `threefold` (CH-6.3):
    /// 3; 4 reads "dreifache Zugwiederholung" as three repetitions after the
    /// first occurrence.
    pub occurrences: u32,
    /// Fivefold repetition ends the game by itself (CH-6.5).
    pub fivefold: bool,
    /// The fifty-move rule (CH-8.2).
    pub fifty_moves: DrawRule,
    /// The seventy-five-move rule ends the game by itself (CH-8.3).
    pub seventy_five_moves: bool,
    /// When the en-passant right is part of a position (CH-6.1).
    pub ep_in_repetition: EpKey,
    /// Castling rights are part of a position (CH-6.1).
    pub castling_in_key: bool,
    /// The side to move is part of a position (CH-6.1).
    pub side_to_move_in_key: bool,
    /// Which material is too little to mate (CH-5).
    pub insufficient_material: Material,
    /// How stalemate is scored (CH-4).
    pub stalemate: Stalemate,
    /// Perpetual check as a rule of its own (CH-7): 0 = none, decided by
    /// repetition; n = a draw once one side has given check with n moves
    /// in a row.
    pub perpetual_checks: u32,
    /// Whether a move-count limit ends the game before a mate given by the
    /// same move is seen (CH-10.2; `false` in every profile).
    pub move_limit_beats_mate: bool,
    /// Whether too little material is named before stalemate when a
    /// position is both (AM-12; `false` in every profile, python-chess's
    /// order when `true`).
    pub material_before_stalemate: bool,
    /// Whether a move-count limit is named before a repetition that ends
    /// the game on the same move (AM-13; `false` in every profile,
    /// python-chess's order when `true`).
    pub move_limit_before_repetition: bool,
    /// Whether a claim with a move is valid even when the move would mate
    /// or stalemate (AM-14; `false` in every profile: such a claim is
    /// `claim.not-available`, CH-9.4).
    pub claim_beats_mate: bool,
    /// Which plies reset the half-move clock (CH-8.1).
    pub clock_reset: ClockReset,
    /// Claims may name the intended move (CH-9.3).
    pub claim_with_move: bool,
}

impl Profile {
    /// The FIDE Laws of Chess (2023), articles 5 and 9.
    pub fn fide() -> Self {
        Profile {
            name: "fide".into(),
            threefold: DrawRule::Claim,
            occurrences: 3,
            fivefold: true,
            fifty_moves: DrawRule::Claim,
            seventy_five_moves: true,
            ep_in_repetition: EpKey::LegalCapture,
            castling_in_key: true,
            side_to_move_in_key: true,
            insufficient_material: Material::NoMatePossible,
            stalemate: Stalemate::Draw,
            perpetual_checks: 0,
            move_limit_beats_mate: false,
            material_before_stalemate: false,
            move_limit_before_repetition: false,
            claim_beats_mate: false,
            clock_reset: ClockReset::PawnOrCapture,
            claim_with_move: true,
        }
    }

    /// What seed 004 says: threefold repetition (and so perpetual check)
    /// ends the game as a draw by itself, no move-count rule, no claims.
    pub fn seed() -> Self {
        Profile {
            name: "seed".into(),
            threefold: DrawRule::Automatic,
            fivefold: false,
            fifty_moves: DrawRule::Off,
            seventy_five_moves: false,
            claim_with_move: false,
            ..Self::fide()
        }
    }

    /// OpenSpiel's chess: threefold repetition and 100 plies end the game
    /// by themselves; the en-passant right counts when a capture is
    /// pseudo-legal.
    pub fn openspiel() -> Self {
        Profile {
            name: "openspiel".into(),
            threefold: DrawRule::Automatic,
            fivefold: false,
            fifty_moves: DrawRule::Automatic,
            seventy_five_moves: false,
            ep_in_repetition: EpKey::PseudoLegal,
            claim_with_move: false,
            ..Self::fide()
        }
    }
}

/// What each switch is about (`arbiter profiles`): clause, ambiguity entry,
/// meaning, as `profiles.md` and `ambiguities.md` give them.
pub const SWITCHES: &[crate::rules::SwitchInfo] = &[
    crate::rules::SwitchInfo {
        switch: "threefold",
        clause: Some("CH-6.4"),
        ambiguity: Some("AM-3"),
        description: "threefold repetition: off, claimed, or automatic",
    },
    crate::rules::SwitchInfo {
        switch: "occurrences",
        clause: Some("CH-6.3"),
        ambiguity: Some("AM-2"),
        description: "how many times a position must have stood for threefold",
    },
    crate::rules::SwitchInfo {
        switch: "fivefold",
        clause: Some("CH-6.5"),
        ambiguity: Some("AM-3"),
        description: "fivefold repetition ends the game by itself",
    },
    crate::rules::SwitchInfo {
        switch: "fifty-moves",
        clause: Some("CH-8.2"),
        ambiguity: Some("AM-4"),
        description: "the fifty-move rule: off, claimed, or automatic",
    },
    crate::rules::SwitchInfo {
        switch: "seventy-five-moves",
        clause: Some("CH-8.3"),
        ambiguity: Some("AM-4"),
        description: "the seventy-five-move rule ends the game by itself",
    },
    crate::rules::SwitchInfo {
        switch: "ep-in-repetition",
        clause: Some("CH-6.1"),
        ambiguity: Some("AM-1"),
        description: "when an en-passant right makes a position different",
    },
    crate::rules::SwitchInfo {
        switch: "castling-in-key",
        clause: Some("CH-6.1, CH-6.2"),
        ambiguity: Some("AM-10"),
        description: "castling rights are part of a position",
    },
    crate::rules::SwitchInfo {
        switch: "side-to-move-in-key",
        clause: Some("CH-6.1"),
        ambiguity: None,
        description: "the side to move is part of a position",
    },
    crate::rules::SwitchInfo {
        switch: "insufficient-material",
        clause: Some("CH-5"),
        ambiguity: Some("AM-5"),
        description: "which material is too little to mate",
    },
    crate::rules::SwitchInfo {
        switch: "stalemate",
        clause: Some("CH-4"),
        ambiguity: Some("AM-6"),
        description: "how stalemate is scored",
    },
    crate::rules::SwitchInfo {
        switch: "perpetual-checks",
        clause: Some("CH-7"),
        ambiguity: Some("AM-7"),
        description: "perpetual check as a rule of its own: 0 none, n a draw after n checks in a row",
    },
    crate::rules::SwitchInfo {
        switch: "move-limit-beats-mate",
        clause: Some("CH-10.2"),
        ambiguity: Some("AM-11"),
        description: "a move-count limit ends the game before a mate by the same move is seen",
    },
    crate::rules::SwitchInfo {
        switch: "material-before-stalemate",
        clause: Some("CH-10.1"),
        ambiguity: Some("AM-12"),
        description: "too little material is named before stalemate when a position is both",
    },
    crate::rules::SwitchInfo {
        switch: "move-limit-before-repetition",
        clause: Some("CH-10.1"),
        ambiguity: Some("AM-13"),
        description: "a move-count draw is named before a repetition draw made by the same move",
    },
    crate::rules::SwitchInfo {
        switch: "claim-beats-mate",
        clause: Some("CH-9.4"),
        ambiguity: Some("AM-14"),
        description: "a claim with a move is valid even when the move would mate or stalemate",
    },
    crate::rules::SwitchInfo {
        switch: "clock-reset",
        clause: Some("CH-8.1"),
        ambiguity: None,
        description: "which plies reset the half-move clock",
    },
    crate::rules::SwitchInfo {
        switch: "claim-with-move",
        clause: Some("CH-9.3"),
        ambiguity: Some("AM-8"),
        description: "a claim may name the intended move",
    },
];

crate::rule_profile!(Profile, switches: SWITCHES, names: {
    "fide" => fide,
    "seed" => seed,
    "openspiel" => openspiel,
});

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overrides_change_one_switch() {
        let p = Profile::parse("fide+ep-in-repetition=pseudo-legal+occurrences=4").unwrap();
        assert_eq!(p.ep_in_repetition, EpKey::PseudoLegal);
        assert_eq!(p.occurrences, 4);
        assert_eq!(p.threefold, DrawRule::Claim);
        for bad in [
            "nope",
            "fide+",
            "fide+threefold",
            "fide+threefold=maybe",
            "fide+name=x",
            "fide+nope=1",
        ] {
            assert!(Profile::parse(bad).is_err(), "{bad}");
        }
    }
}
