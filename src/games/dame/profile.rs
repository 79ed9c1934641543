//! Dame's rule profiles: one switch per point the seed page leaves open or
//! other rule sets read differently (`spec/dame/ambiguities.md`), and the
//! named profiles `seed-004` (default), `damenspiel`, `english` and
//! `openspiel`
//! (`spec/dame/profiles.md`).

use serde::{Deserialize, Serialize};

use super::board::Side;

/// Whether a capture must be made (AD-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum CaptureRule {
    /// The seed's "darf": capturing is not compulsory, but a stone that
    /// overlooked a capture may be huffed by the opponent (DA-6).
    Huffing,
    /// A capture must be made when one is possible, and carried on to the
    /// end (English checkers, Ludii's Damenspiel).
    Compulsory,
    /// Capturing is free and nothing punishes a missed one.
    Optional,
}

/// How far a Dame moves (AD-4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Range {
    /// Any number of free squares (the seed).
    Flying,
    /// One square, like a man but in all four directions (English).
    Short,
}

/// How far from the stone it takes a flying Dame may start its jump (AD-5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Reach {
    /// Over any number of free squares before the stone.
    Distance,
    /// Only a stone on the next square.
    Adjacent,
}

/// Where a flying Dame lands after a jump (AD-6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Landing {
    /// On the square right behind the stone, as a man does.
    DirectlyBehind,
    /// On any free square beyond it, up to the next stone or the edge.
    AnyBeyond,
}

/// What a man that reaches the crowning row in the middle of a capture does
/// (AD-7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Crowning {
    /// It is crowned and the move ends there.
    EndsMove,
    /// It is crowned and goes on capturing as a Dame (Russian draughts).
    ContinuesAsDame,
    /// It goes on capturing as a man and is crowned only if the move ends
    /// on the crowning row (International draughts).
    PassesThrough,
}

/// Which of several captures a player may choose (AD-8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Majority {
    /// Any.
    Free,
    /// Only one that takes the most stones.
    Maximum,
}

/// When captured stones leave the board (AD-9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Removal {
    /// After the whole move: until then they block, and none is jumped twice.
    AtEnd,
    /// As each is jumped: its square is free for the rest of the move.
    AtOnce,
}

/// Which stone a huff removes (AD-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum HuffTarget {
    /// Any stone that could have captured (the huffer picks one).
    CouldHaveCaptured,
    /// The stone that was moved.
    Moved,
}

/// Switches of the Dame's moves and captures.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct DameSwitches {
    /// How far a Dame moves (AD-4).
    pub range: Range,
    /// Whether a flying Dame captures from a distance (AD-5).
    pub reach: Reach,
    /// Where a flying Dame lands (AD-6).
    pub landing: Landing,
}

/// Switches of huffing (DA-6); meaningful only with `capture: huffing`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct HuffSwitches {
    /// Which stone may be huffed (AD-2).
    pub target: HuffTarget,
    /// Whether the huff is the huffer's whole turn (AD-3). `false`: the
    /// huffer then moves as usual.
    pub costs_turn: bool,
    /// Whether a capture stopped while its stone could jump on is an
    /// overlooked capture (AD-10).
    pub partial: bool,
    /// Whether a Dame's move without capture can overlook a capture, or
    /// only a man's forward move, as the page's words have it (AD-14).
    pub dame_moves: bool,
}

/// Draw rules (AD-11).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct DrawSwitches {
    /// The game is drawn after this many plies in a row without a capture,
    /// a huff or a man's move; 0: never.
    pub no_progress_plies: u32,
    /// Whether a man's move without capture starts that count again
    /// (AD-11). `false`: only a capture or a huff does, as in OpenSpiel's
    /// checkers. Absent from an older request: `true`, as before.
    #[serde(default = "man_move_resets_default")]
    pub man_move_resets: bool,
}

fn man_move_resets_default() -> bool {
    true
}

/// Deliberate departures from the rules that no source reads: each is a
/// plain bug the kill matrix plays (`src/games/dame/mutants.rs`), an end
/// condition tested in the wrong order (`spec/dame/endings.md`). Every named
/// profile has them all off, and they are never on the wire (nor can a
/// scenario's `+switch=value` set them).
#[derive(
    Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case", deny_unknown_fields, default)]
pub struct Faults {
    /// A side to move with no step or capture loses (DA-5.2) even while a
    /// huff is open to it.
    pub shut_in_before_huff: bool,
    /// DA-5.2 before DA-5.1: a side to move with no stones left loses by
    /// no legal move rather than by having all its stones taken.
    pub no_moves_before_all_captured: bool,
    /// DA-5.1 judged only for the side to move: a huff that takes the
    /// opponent's last stone, after which the huffer is still to move, does
    /// not end the game at once.
    pub all_captured_only_for_side_to_move: bool,
}

/// A complete rule profile.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Profile {
    /// The profile's name.
    pub name: String,
    /// Who moves first when the setup does not say (DA-1.3, AD-12).
    pub first: Side,
    /// Whether capturing is compulsory (AD-1).
    pub capture: CaptureRule,
    /// Whether men capture backward too (AD-13).
    pub men_capture_backward: bool,
    /// Dame switches.
    pub dame: DameSwitches,
    /// Crowning in the middle of a capture (AD-7).
    pub crowning: Crowning,
    /// Majority rule (AD-8).
    pub majority: Majority,
    /// When captured stones are removed (AD-9).
    pub removal: Removal,
    /// Huffing switches.
    pub huff: HuffSwitches,
    /// Draw rules.
    pub draw: DrawSwitches,
    /// Faults for the mutants (all off in every named profile).
    #[serde(default, skip_serializing_if = "crate::rules::overrides::is_default")]
    pub faults: Faults,
}

impl Profile {
    /// The seed page as `spec/dame/` reads it.
    pub fn seed_004() -> Profile {
        Profile {
            name: "seed-004".into(),
            first: Side::White,
            capture: CaptureRule::Huffing,
            dame: DameSwitches {
                range: Range::Flying,
                reach: Reach::Distance,
                landing: Landing::DirectlyBehind,
            },
            ..Self::ENGLISH_SWITCHES
        }
    }

    /// Ludii's *Damenspiel* (after Parlett): men capture backward too,
    /// capture compulsory with free choice, flying Dame landing anywhere
    /// beyond, crowning ends the move.
    pub fn damenspiel() -> Profile {
        Profile {
            name: "damenspiel".into(),
            capture: CaptureRule::Compulsory,
            men_capture_backward: true,
            dame: DameSwitches {
                range: Range::Flying,
                reach: Reach::Distance,
                landing: Landing::AnyBeyond,
            },
            ..Self::seed_004()
        }
    }

    /// English (American) checkers: men move and capture forward only,
    /// kings move one square, capture compulsory with free choice, crowning
    /// ends the move, Black first.
    pub fn english() -> Profile {
        Profile {
            name: "english".into(),
            ..Self::ENGLISH_SWITCHES
        }
    }

    /// DeepMind OpenSpiel's `checkers`: [`Profile::english`] with its
    /// draw, 40 plies in a row without a capture, a man's move not
    /// starting the count again, and the draw declared even with a capture
    /// to make or no move left (AD-11).
    pub fn openspiel() -> Profile {
        Profile {
            name: "openspiel".into(),
            draw: DrawSwitches {
                no_progress_plies: 40,
                man_move_resets: false,
            },
            ..Self::ENGLISH_SWITCHES
        }
    }

    /// [`Profile::english`]'s switches, its name left empty: a constant, so
    /// that the engine's native random-game loop can run on them with
    /// every switch read decided at compile time.
    pub const ENGLISH_SWITCHES: Profile = Profile {
        name: String::new(),
        first: Side::Black,
        capture: CaptureRule::Compulsory,
        men_capture_backward: false,
        dame: DameSwitches {
            range: Range::Short,
            reach: Reach::Adjacent,
            landing: Landing::DirectlyBehind,
        },
        crowning: Crowning::EndsMove,
        majority: Majority::Free,
        removal: Removal::AtEnd,
        huff: HuffSwitches {
            target: HuffTarget::CouldHaveCaptured,
            costs_turn: false,
            partial: true,
            dame_moves: true,
        },
        draw: DrawSwitches {
            no_progress_plies: 0,
            man_move_resets: true,
        },
        faults: Faults {
            shut_in_before_huff: false,
            no_moves_before_all_captured: false,
            all_captured_only_for_side_to_move: false,
        },
    };
}

/// What each switch is about (`arbiter profiles`): clause, ambiguity entry,
/// meaning, as `profiles.md` and `ambiguities.md` give them.
pub const SWITCHES: &[crate::rules::SwitchInfo] = &[
    crate::rules::SwitchInfo {
        switch: "first",
        clause: Some("DA-1.3"),
        ambiguity: Some("AD-12"),
        description: "who moves first when the setup does not say",
    },
    crate::rules::SwitchInfo {
        switch: "capture",
        clause: Some("DA-6.1"),
        ambiguity: Some("AD-1"),
        description: "whether capturing is compulsory, optional, or huffed when overlooked",
    },
    crate::rules::SwitchInfo {
        switch: "men-capture-backward",
        clause: Some("DA-3.1"),
        ambiguity: Some("AD-13"),
        description: "men capture backward as well as forward",
    },
    crate::rules::SwitchInfo {
        switch: "dame.range",
        clause: Some("DA-4.2"),
        ambiguity: Some("AD-4"),
        description: "how far a Dame moves: flying, or one square",
    },
    crate::rules::SwitchInfo {
        switch: "dame.reach",
        clause: Some("DA-4.3"),
        ambiguity: Some("AD-5"),
        description: "whether a flying Dame captures from a distance",
    },
    crate::rules::SwitchInfo {
        switch: "dame.landing",
        clause: Some("DA-4.3, DA-3.5"),
        ambiguity: Some("AD-6"),
        description: "where a flying Dame lands after a capture",
    },
    crate::rules::SwitchInfo {
        switch: "crowning",
        clause: Some("DA-4.1"),
        ambiguity: Some("AD-7"),
        description: "what a man that reaches the back row in the middle of a capture does",
    },
    crate::rules::SwitchInfo {
        switch: "majority",
        clause: None,
        ambiguity: Some("AD-8"),
        description: "whether the largest capture must be chosen",
    },
    crate::rules::SwitchInfo {
        switch: "removal",
        clause: Some("DA-3.4"),
        ambiguity: Some("AD-9"),
        description: "when taken stones leave the board",
    },
    crate::rules::SwitchInfo {
        switch: "huff.target",
        clause: Some("DA-6.2"),
        ambiguity: Some("AD-2"),
        description: "which stone may be huffed",
    },
    crate::rules::SwitchInfo {
        switch: "huff.costs-turn",
        clause: Some("DA-6.3"),
        ambiguity: Some("AD-3"),
        description: "the huff is the huffer's whole turn",
    },
    crate::rules::SwitchInfo {
        switch: "huff.partial",
        clause: Some("DA-6.1"),
        ambiguity: Some("AD-10"),
        description: "a capture stopped while its stone could jump on is an overlooked capture",
    },
    crate::rules::SwitchInfo {
        switch: "huff.dame-moves",
        clause: Some("DA-6.1"),
        ambiguity: Some("AD-14"),
        description: "a Dame's move without capture can overlook a capture",
    },
    crate::rules::SwitchInfo {
        switch: "draw.no-progress-plies",
        clause: Some("DA-5.4"),
        ambiguity: Some("AD-11"),
        description: "plies in a row without a capture, huff or man's move that draw the game; 0: never",
    },
    crate::rules::SwitchInfo {
        switch: "draw.man-move-resets",
        clause: Some("DA-5.4"),
        ambiguity: Some("AD-11"),
        description: "a man's move starts the no-progress count again (false: only a capture or a huff does)",
    },
];

crate::rule_profile!(Profile, switches: SWITCHES, names: {
    "seed-004" => seed_004,
    "damenspiel" => damenspiel,
    "english" => english,
    "openspiel" => openspiel,
});

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overrides_change_one_switch() {
        let p = Profile::parse("seed-004+capture=compulsory+dame.landing=any-beyond").unwrap();
        assert_eq!(p.capture, CaptureRule::Compulsory);
        assert_eq!(p.dame.landing, Landing::AnyBeyond);
        assert_eq!(p.huff, Profile::seed_004().huff);
        assert_eq!(
            p.name,
            "seed-004+capture=compulsory+dame.landing=any-beyond"
        );
        let q = Profile::parse("english+draw.no-progress-plies=80").unwrap();
        assert_eq!(q.draw.no_progress_plies, 80);
        assert!(q.draw.man_move_resets);
        let o = Profile::parse("openspiel").unwrap();
        assert_eq!(o.draw.no_progress_plies, 40);
        assert!(!o.draw.man_move_resets);
        assert_eq!(
            Profile {
                name: String::new(),
                draw: Profile::english().draw,
                ..o
            },
            Profile::ENGLISH_SWITCHES,
            "openspiel is english but for its draw"
        );
    }

    #[test]
    fn bad_overrides_are_refused() {
        for bad in [
            "dame",
            "seed-004+",
            "seed-004+capture",
            "seed-004+capture=sometimes",
            "seed-004+dame=flying",
            "seed-004+dame.range.x=1",
            "seed-004+name=x",
            "seed-004+nope=1",
            "seed-004+draw.no-progress-plies=-1",
        ] {
            assert!(Profile::parse(bad).is_err(), "{bad}");
        }
    }
}
