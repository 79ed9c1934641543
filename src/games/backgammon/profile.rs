//! Rule profiles of backgammon (`spec/backgammon/profiles.md`): a named set
//! of switches, one per point where the page, the clubs' rules (USBGF) and
//! the programs part, plus the deliberate faults the mutants play.

use serde::{Deserialize, Serialize};

use crate::rules::SwitchInfo;

/// What an opening roll of two equal dice does (BG-2.3, AB-5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum OpeningDoubles {
    /// The dice are rolled again (the page's main rule, USBGF without
    /// automatic doubles).
    Reroll,
    /// "Eine Spielversion": the cube is turned to the next value, centred,
    /// and the dice are rolled again.
    DoubleCube,
}

/// What resigning costs (BG-9.1, AB-6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Resign {
    /// No `resign` action (USBGF resignations are offers that the opponent
    /// may refuse: out of scope, AB-6).
    None,
    /// The page: "verliert er auf jeden Fall Backgammon": three times the
    /// cube, whatever the position.
    Backgammon,
    /// As if the opponent had just borne off the last checker: single,
    /// gammon or backgammon by the position.
    AsPosition,
}

/// The cube switches (BG-8, BG-9).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct CubeSwitches {
    /// Whether there is a cube at all (the page: "nicht unbedingt
    /// erforderlich").
    pub enabled: bool,
    /// The highest value the cube may reach (64 on the page); `null`: no cap.
    pub cap: Option<u32>,
    /// Jacoby: gammons and backgammons count single while the cube is
    /// centred, whatever equal opening dice turned it to (BG-8.7): no
    /// double has been taken (AB-7).
    pub jacoby: bool,
    /// What an opening roll of two equal dice does.
    pub opening_doubles: OpeningDoubles,
}

/// The scoring switches (BG-7).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct ScoringSwitches {
    /// Whether gammons and backgammons count (`false`: every win is single,
    /// as OpenSpiel's `winloss` scoring).
    pub gammons: bool,
    /// What resigning costs.
    pub resign: Resign,
}

/// Deliberate departures from the rules that no source reads: each is one
/// of the plain bugs the kill matrix plays (`src/games/backgammon/mutants.rs`).
/// Every named profile has them all off, and they are never on the wire.
#[derive(
    Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case", deny_unknown_fields, default)]
pub struct Faults {
    /// A checker may enter from the bar with the sum of both dice (BG-5.3).
    pub enter_with_sum: bool,
    /// One checker may pass a closed point with two numbers (BG-3.4).
    pub skip_intermediate: bool,
    /// When only one die can be played, either one will do (BG-3.6).
    pub either_die: bool,
    /// Plays that use fewer dice than possible are allowed (BG-3.5).
    pub not_maximal: bool,
    /// Doubles are played twice, not four times (BG-3.3).
    pub doubles_twice: bool,
    /// Other checkers move while one is on the bar (BG-5.2).
    pub move_while_on_bar: bool,
    /// A checker may land on a point held by two or more opponents (BG-4.2).
    pub land_on_point: bool,
    /// A larger number bears off from any point (BG-6.4).
    pub bear_off_any_higher: bool,
    /// Bearing off before every checker is home (BG-6.1).
    pub bear_off_not_home: bool,
    /// Once a checker is borne off, bearing off goes on even while a hit
    /// checker that re-entered has not come home (BG-6.6).
    pub bear_off_once_started: bool,
    /// A take leaves the cube with the doubler (BG-8.4).
    pub take_keeps_owner: bool,
    /// The player who does not own the cube may redouble (BG-8.2).
    pub redouble_not_owner: bool,
    /// A drop is scored at the doubled value (BG-8.5).
    pub drop_at_new_value: bool,
    /// A loser who has borne off one checker still loses a gammon (BG-7.2).
    pub gammon_after_one_off: bool,
    /// The bar does not count for a backgammon (BG-7.3).
    pub backgammon_ignores_bar: bool,
    /// A loser who has borne off checkers but left one in the winner's
    /// home board or on the bar loses a backgammon: the page's "keinen im
    /// gegnerischen Revier zurückgelassen" read as a condition of the
    /// single game, or the backgammon test made before the checkers-off
    /// test (BG-7.2, AB-12).
    pub left_behind_not_single: bool,
    /// A dropped double is scored by the position (gammon or backgammon
    /// times the cube) instead of single (BG-8.5).
    pub drop_as_position: bool,
    /// A won game is scored on the position before the winning play, so a
    /// checker that play hit is still where it stood (BG-7.5).
    pub score_before_last_play: bool,
    /// A player facing a double may resign instead of taking or dropping,
    /// and loses what a resignation costs (BG-2.1, BG-9.1).
    pub resign_answers_double: bool,
}

/// A named set of switches.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Profile {
    /// The profile's name.
    pub name: String,
    /// Cube switches.
    pub cube: CubeSwitches,
    /// Scoring switches.
    pub scoring: ScoringSwitches,
    /// Faults for the mutants (all off in every named profile).
    #[serde(default, skip_serializing_if = "crate::rules::overrides::is_default")]
    pub faults: Faults,
}

impl Profile {
    /// The page (seed 004): cube capped at 64, no Jacoby, opening doubles
    /// rerolled, resigning loses a backgammon.
    pub fn seed_004() -> Self {
        Profile {
            name: "seed-004".into(),
            cube: CubeSwitches {
                enabled: true,
                cap: Some(64),
                jacoby: false,
                opening_doubles: OpeningDoubles::Reroll,
            },
            scoring: ScoringSwitches {
                gammons: true,
                resign: Resign::Backgammon,
            },
            faults: Faults::default(),
        }
    }

    /// Money play as the USBGF rules and gnubg play it without options: no
    /// cap, no Jacoby, no automatic doubles, no resign action.
    pub fn standard() -> Self {
        Profile {
            name: "standard".into(),
            cube: CubeSwitches {
                enabled: true,
                cap: None,
                jacoby: false,
                opening_doubles: OpeningDoubles::Reroll,
            },
            scoring: ScoringSwitches {
                gammons: true,
                resign: Resign::None,
            },
            faults: Faults::default(),
        }
    }

    /// OpenSpiel's game (full scoring): no cube, no resign action.
    pub fn no_cube() -> Self {
        let standard = Self::standard();
        Profile {
            name: "no-cube".into(),
            cube: CubeSwitches {
                enabled: false,
                ..standard.cube
            },
            ..standard
        }
    }
}

/// What each switch is about (`arbiter profiles`): clause, ambiguity entry,
/// meaning, as `profiles.md` and `ambiguities.md` give them.
const SWITCHES: &[SwitchInfo] = &[
    SwitchInfo {
        switch: "cube.enabled",
        clause: Some("BG-8.1"),
        ambiguity: Some("AB-9"),
        description: "there is a doubling cube",
    },
    SwitchInfo {
        switch: "cube.cap",
        clause: Some("BG-8.3"),
        ambiguity: Some("AB-4"),
        description: "the highest value the cube may reach; null for none",
    },
    SwitchInfo {
        switch: "cube.jacoby",
        clause: Some("BG-7.4"),
        ambiguity: Some("AB-7"),
        description: "gammons and backgammons count single while the cube is centred (no double taken)",
    },
    SwitchInfo {
        switch: "cube.opening-doubles",
        clause: Some("BG-2.3, BG-8.7"),
        ambiguity: Some("AB-5"),
        description: "what equal opening dice do: roll again, or double the cube",
    },
    SwitchInfo {
        switch: "scoring.gammons",
        clause: Some("BG-7.2"),
        ambiguity: Some("AB-8"),
        description: "gammons and backgammons count (false: every win is single)",
    },
    SwitchInfo {
        switch: "scoring.resign",
        clause: Some("BG-9.1"),
        ambiguity: Some("AB-6"),
        description: "what resigning costs, and whether there is a resign action",
    },
];

crate::rule_profile!(Profile, switches: SWITCHES, names: {
    "seed-004" => seed_004,
    "standard" => standard,
    "no-cube" => no_cube,
});

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_and_overrides_apply() {
        for n in Profile::NAMES {
            assert_eq!(Profile::parse(n).unwrap().name, *n);
        }
        let p = Profile::parse("standard+cube.jacoby=true").unwrap();
        assert!(p.cube.jacoby);
        let p = Profile::parse("seed-004+cube.opening-doubles=double-cube").unwrap();
        assert_eq!(p.cube.opening_doubles, OpeningDoubles::DoubleCube);
        let p = Profile::parse("seed-004+cube.cap=null").unwrap();
        assert_eq!(p.cube.cap, None);
        assert!(Profile::parse("usbgf").is_err());
        assert!(Profile::parse("standard+cube.beavers=true").is_err());
        assert!(Profile::parse("standard+faults.doubles-twice=true").is_err());
    }
}
