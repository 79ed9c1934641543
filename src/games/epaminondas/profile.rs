//! Rule profiles: one switch per point on which the page, Abbott's rules
//! and the implementations disagree (`spec/epaminondas/profiles.md`,
//! `spec/epaminondas/ambiguities.md`). Plain data, so that the protocol can
//! spell every switch out for a third-party engine.

use serde::{Deserialize, Serialize};

use crate::rules::SwitchInfo;

/// Which stones of a phalanx may move (EP-3.3, AE-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Split {
    /// The page: any front part of the line may move, the rest stays.
    FrontPart,
    /// No splitting: a phalanx moves whole or not at all.
    WholeLine,
}

/// What a moving part counts as: its own stones, or the whole line it
/// was split from (EP-3.3, EP-4.2, AE-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum PartCounts {
    /// The page: the stones that move.
    MovingStones,
    /// Every stone of the unbroken line, those left behind included.
    WholeLine,
}

/// The phalanx switches.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct PhalanxSwitches {
    /// Whether a phalanx may be split (EP-3.3).
    pub split: Split,
    /// How far a split part may move (EP-3.3).
    pub range: PartCounts,
    /// How strong a split part is in a capture (EP-4.2).
    pub strength: PartCounts,
}

/// Which enemy stones count against a capture (EP-4.2, AE-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum EnemyLine {
    /// The contacted stone and the enemy stones right behind it, up to the
    /// first square without an enemy stone or the edge.
    Contiguous,
    /// Every enemy stone on the ray from the contacted stone to the edge,
    /// gaps ignored.
    ToEdge,
}

/// How much stronger the moving part must be (EP-4.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Stronger {
    /// The page: the enemy line is strictly shorter.
    Strictly,
    /// A plain bug: equal counts capture too.
    OrEqual,
}

/// Which enemy stones a capture removes (EP-4.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Removes {
    /// The page: every enemy stone counted.
    Line,
    /// Sackson's *Crossings*: only the contacted stone.
    FrontStone,
}

/// The capture switches.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct CaptureSwitches {
    /// Which enemy stones count (EP-4.2).
    pub enemy_line: EnemyLine,
    /// Strictly fewer, or also as many (EP-4.2).
    pub stronger: Stronger,
    /// Which stones are removed (EP-4.3).
    pub removes: Removes,
}

/// When a crossing lead wins (EP-5.2, AE-4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum WinCheck {
    /// The page: a player wins when, after the opponent's move, they still
    /// lead; the opponent gets one move to even the count.
    AfterOpponentMove,
    /// The mover wins as soon as a move of theirs gives them the lead.
    Immediate,
}

/// What happens to a player who cannot move (EP-5.3, AE-5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum NoMoves {
    /// They lose (AbstractPlay, Boardspace).
    Loses,
    /// The game is drawn.
    Draw,
}

/// Which end condition is asked first when a turn begins and both hold:
/// the player to move leads in crossings and has no legal move (EP-5.5,
/// AE-11).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum EndOrder {
    /// The page as EP-5.5 rules on it: the lead first, so the player to
    /// move wins by crossing.
    #[default]
    LeadFirst,
    /// AbstractPlay: the legal moves first, so the player to move loses
    /// for want of a move, lead or not.
    NoMovesFirst,
}

/// The end-of-game switches.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct EndSwitches {
    /// When a lead in crossings wins.
    pub win_check: WinCheck,
    /// A player with no legal move (or no stones).
    pub no_moves: NoMoves,
    /// Which of the two is asked first when both hold. Absent from an
    /// older request: `lead-first`, as before.
    #[serde(default)]
    pub order: EndOrder,
}

/// What "left-right symmetric" means (EP-6, AE-3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum SymmetryMap {
    /// No symmetry rule (AbstractPlay).
    None,
    /// The page read literally: the board mirrored left to right, colours
    /// kept.
    Mirror,
    /// Boardspace: the board turned 180°, colours swapped.
    RotateSwap,
    /// The copy-cat geometry: the board mirrored across its middle line
    /// (rank 1 to the last rank), colours swapped.
    MidlineSwap,
}

/// Which moves the symmetry rule restricts (EP-6.2, AE-3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum SymmetryScope {
    /// The page: a move that brings a stone onto the opponent's home row.
    HomeRowEntries,
    /// Boardspace: any move made while the opponent leads in crossings
    /// (answering an incursion).
    AnsweringIncursion,
    /// Every move.
    EveryMove,
}

/// The symmetry switches.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct SymmetrySwitches {
    /// Which symmetry is forbidden.
    pub map: SymmetryMap,
    /// Which moves may not create it.
    pub scope: SymmetryScope,
}

/// A complete rule profile.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Profile {
    /// The profile's name.
    pub name: String,
    /// How phalanxes move and split.
    pub phalanx: PhalanxSwitches,
    /// How captures are counted.
    pub capture: CaptureSwitches,
    /// How the game ends.
    pub end: EndSwitches,
    /// The symmetry rule.
    pub symmetry: SymmetrySwitches,
}

impl Profile {
    /// The default: seed 003 as `spec/epaminondas/rules.md` rules on it,
    /// the symmetry rule read literally (mirror, colours kept, on entries
    /// to the opponent's home row).
    pub fn seed_003() -> Self {
        Profile {
            name: "seed-003".into(),
            phalanx: PhalanxSwitches {
                split: Split::FrontPart,
                range: PartCounts::MovingStones,
                strength: PartCounts::MovingStones,
            },
            capture: CaptureSwitches {
                enemy_line: EnemyLine::Contiguous,
                stronger: Stronger::Strictly,
                removes: Removes::Line,
            },
            end: EndSwitches {
                win_check: WinCheck::AfterOpponentMove,
                no_moves: NoMoves::Loses,
                order: EndOrder::LeadFirst,
            },
            symmetry: SymmetrySwitches {
                map: SymmetryMap::Mirror,
                scope: SymmetryScope::HomeRowEntries,
            },
        }
    }

    /// AbstractPlay's `epam.ts`: the seed's rules without a symmetry rule,
    /// and a player who cannot move loses before their lead is looked at
    /// (its `checkEOG` asks for the legal moves first).
    pub fn abstractplay() -> Self {
        let seed = Self::seed_003();
        Profile {
            name: "abstractplay".into(),
            end: EndSwitches {
                order: EndOrder::NoMovesFirst,
                ..seed.end
            },
            symmetry: SymmetrySwitches {
                map: SymmetryMap::None,
                scope: SymmetryScope::HomeRowEntries,
            },
            ..seed
        }
    }

    /// Boardspace: 180° rotation with colours swapped, checked on every
    /// move that answers an incursion.
    pub fn boardspace() -> Self {
        Profile {
            name: "boardspace".into(),
            symmetry: SymmetrySwitches {
                map: SymmetryMap::RotateSwap,
                scope: SymmetryScope::AnsweringIncursion,
            },
            ..Self::seed_003()
        }
    }

    /// The copy-cat reading: a mirror across the middle line with colours
    /// swapped, on entries to the opponent's home row.
    pub fn midline() -> Self {
        Profile {
            name: "midline".into(),
            symmetry: SymmetrySwitches {
                map: SymmetryMap::MidlineSwap,
                scope: SymmetryScope::HomeRowEntries,
            },
            ..Self::seed_003()
        }
    }
}

/// What each switch is about (`arbiter profiles`): clause, ambiguity entry,
/// meaning, as `profiles.md` and `ambiguities.md` give them.
const SWITCHES: &[SwitchInfo] = &[
    SwitchInfo {
        switch: "phalanx.split",
        clause: Some("EP-3.3"),
        ambiguity: Some("AE-1"),
        description: "whether a phalanx may be split",
    },
    SwitchInfo {
        switch: "phalanx.range",
        clause: Some("EP-3.3"),
        ambiguity: Some("AE-1"),
        description: "how far a split part may move: its own stones, or the whole line",
    },
    SwitchInfo {
        switch: "phalanx.strength",
        clause: Some("EP-4.2"),
        ambiguity: Some("AE-1"),
        description: "how strong a split part is in a capture",
    },
    SwitchInfo {
        switch: "capture.enemy-line",
        clause: Some("EP-4.2"),
        ambiguity: Some("AE-2"),
        description: "which enemy stones count: the contiguous line, or every one to the edge",
    },
    SwitchInfo {
        switch: "capture.stronger",
        clause: Some("EP-4.2"),
        ambiguity: Some("AE-9"),
        description: "strictly more stones, or also as many",
    },
    SwitchInfo {
        switch: "capture.removes",
        clause: Some("EP-4.3"),
        ambiguity: Some("AE-7"),
        description: "which stones a capture removes: the line, or the front stone",
    },
    SwitchInfo {
        switch: "end.win-check",
        clause: Some("EP-5.2"),
        ambiguity: Some("AE-4"),
        description: "when a lead in crossings wins",
    },
    SwitchInfo {
        switch: "end.no-moves",
        clause: Some("EP-5.3"),
        ambiguity: Some("AE-5"),
        description: "what a player with no legal move (or no stones) gets",
    },
    SwitchInfo {
        switch: "end.order",
        clause: Some("EP-5.5"),
        ambiguity: Some("AE-11"),
        description: "which is asked first when the player to move leads and cannot move",
    },
    SwitchInfo {
        switch: "symmetry.map",
        clause: Some("EP-6.1"),
        ambiguity: Some("AE-3"),
        description: "which symmetry is forbidden",
    },
    SwitchInfo {
        switch: "symmetry.scope",
        clause: Some("EP-6.2"),
        ambiguity: Some("AE-3"),
        description: "which moves may not create it",
    },
];

crate::rule_profile!(Profile, switches: SWITCHES, names: {
    "seed-003" => seed_003,
    "abstractplay" => abstractplay,
    "boardspace" => boardspace,
    "midline" => midline,
});

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overrides_change_one_switch() {
        let p = Profile::parse("seed-003+capture.enemy-line=to-edge").unwrap();
        assert_eq!(p.capture.enemy_line, EnemyLine::ToEdge);
        assert_eq!(p.symmetry, Profile::seed_003().symmetry);
        let q = Profile::parse("boardspace+symmetry.map=none").unwrap();
        assert_eq!(q.symmetry.map, SymmetryMap::None);
        for bad in [
            "nope",
            "seed-003+",
            "seed-003+capture",
            "seed-003+capture.enemy-line",
            "seed-003+capture.enemy-lines=to-edge",
            "seed-003+capture.enemy-line=sometimes",
        ] {
            assert!(Profile::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn end_order_is_abstractplays_only_there_and_absent_reads_lead_first() {
        assert_eq!(Profile::abstractplay().end.order, EndOrder::NoMovesFirst);
        for p in [
            Profile::seed_003(),
            Profile::boardspace(),
            Profile::midline(),
        ] {
            assert_eq!(p.end.order, EndOrder::LeadFirst, "{}", p.name);
        }
        // A profile object written before the switch existed.
        let mut json = serde_json::to_value(Profile::abstractplay()).unwrap();
        json["end"].as_object_mut().unwrap().remove("order");
        let old: Profile = serde_json::from_value(json).unwrap();
        assert_eq!(old.end.order, EndOrder::LeadFirst);
        let q = Profile::parse("abstractplay+end.order=lead-first").unwrap();
        assert_eq!(q.end.order, EndOrder::LeadFirst);
        assert!(Profile::parse("seed-003+end.order=sometimes").is_err());
    }

    #[test]
    fn every_name_parses() {
        for n in Profile::NAMES {
            assert_eq!(Profile::parse(n).unwrap().name, *n);
        }
    }
}
