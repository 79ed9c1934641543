//! Mutants: the reference with an alternative reading (a profile switch set
//! otherwise) or a plain bug (one of the profile's [`Faults`]). The kill
//! matrix runs the corpus against each.

use super::game::Backgammon;
use super::profile::{OpeningDoubles, Profile, Resign};

pub use crate::rules::MutantKind as Kind;

/// One mutant.
pub type Mutant = crate::rules::Mutant<Backgammon>;

/// Every mutant.
pub static ALL: &[Mutant] = &[
    Mutant {
        name: "bg-enter-with-sum",
        kind: Kind::Bug,
        departs_from: "BG-5.3",
        description: "a checker enters from the bar with the sum of both dice",
        apply: |p: &mut Profile| p.faults.enter_with_sum = true,
    },
    Mutant {
        name: "bg-skip-intermediate",
        kind: Kind::Bug,
        departs_from: "BG-3.4",
        description: "one checker may pass a closed intermediate point",
        apply: |p: &mut Profile| p.faults.skip_intermediate = true,
    },
    Mutant {
        name: "bg-either-die",
        kind: Kind::Bug,
        departs_from: "BG-3.6",
        description: "when only one die can be played, the smaller will do",
        apply: |p: &mut Profile| p.faults.either_die = true,
    },
    Mutant {
        name: "bg-not-maximal",
        kind: Kind::Bug,
        departs_from: "BG-3.5",
        description: "plays using fewer dice than possible are allowed",
        apply: |p: &mut Profile| p.faults.not_maximal = true,
    },
    Mutant {
        name: "bg-doubles-twice",
        kind: Kind::Bug,
        departs_from: "BG-3.3",
        description: "doubles are played twice instead of four times",
        apply: |p: &mut Profile| p.faults.doubles_twice = true,
    },
    Mutant {
        name: "bg-move-while-on-bar",
        kind: Kind::Bug,
        departs_from: "BG-5.2",
        description: "another checker moves while one is on the bar",
        apply: |p: &mut Profile| p.faults.move_while_on_bar = true,
    },
    Mutant {
        name: "bg-land-on-point",
        kind: Kind::Bug,
        departs_from: "BG-4.2",
        description: "a checker lands on a point held by two or more opponents",
        apply: |p: &mut Profile| p.faults.land_on_point = true,
    },
    Mutant {
        name: "bg-bear-off-any-higher",
        kind: Kind::Reading,
        departs_from: "AB-2",
        description: "a larger number bears off from any point, not only the highest",
        apply: |p: &mut Profile| p.faults.bear_off_any_higher = true,
    },
    Mutant {
        name: "bg-bear-off-not-home",
        kind: Kind::Bug,
        departs_from: "BG-6.1",
        description: "bearing off before every checker is home",
        apply: |p: &mut Profile| p.faults.bear_off_not_home = true,
    },
    Mutant {
        name: "bg-bear-off-once-started",
        kind: Kind::Bug,
        departs_from: "BG-6.6",
        description: "once bearing off has begun, a hit checker that re-entered need not come home first",
        apply: |p: &mut Profile| p.faults.bear_off_once_started = true,
    },
    Mutant {
        name: "bg-take-keeps-owner",
        kind: Kind::Bug,
        departs_from: "BG-8.4",
        description: "a take leaves the cube with the doubler",
        apply: |p: &mut Profile| p.faults.take_keeps_owner = true,
    },
    Mutant {
        name: "bg-redouble-not-owner",
        kind: Kind::Reading,
        departs_from: "AB-3",
        description: "either player may double at any turn (the page's \"vor seinem ersten Wurf\" read as no ownership)",
        apply: |p: &mut Profile| p.faults.redouble_not_owner = true,
    },
    Mutant {
        name: "bg-drop-at-new-value",
        kind: Kind::Bug,
        departs_from: "BG-8.5",
        description: "a dropped double is scored at the doubled value",
        apply: |p: &mut Profile| p.faults.drop_at_new_value = true,
    },
    Mutant {
        name: "bg-gammon-after-one-off",
        kind: Kind::Bug,
        departs_from: "BG-7.2",
        description: "a loser with one checker borne off still loses a gammon",
        apply: |p: &mut Profile| p.faults.gammon_after_one_off = true,
    },
    Mutant {
        name: "bg-backgammon-ignores-bar",
        kind: Kind::Bug,
        departs_from: "BG-7.3",
        description: "a checker on the bar does not make a backgammon",
        apply: |p: &mut Profile| p.faults.backgammon_ignores_bar = true,
    },
    Mutant {
        name: "bg-left-behind-not-single",
        kind: Kind::Reading,
        departs_from: "AB-12",
        description: "a loser who bore off checkers but has one in the winner's home board or on the bar loses a backgammon (\"keinen im gegnerischen Revier zurückgelassen\" as a condition, or the backgammon test first)",
        apply: |p: &mut Profile| p.faults.left_behind_not_single = true,
    },
    Mutant {
        name: "bg-drop-as-position",
        kind: Kind::Bug,
        departs_from: "BG-8.5",
        description: "a dropped double is scored by the position (gammon or backgammon), not single",
        apply: |p: &mut Profile| p.faults.drop_as_position = true,
    },
    Mutant {
        name: "bg-score-before-last-play",
        kind: Kind::Bug,
        departs_from: "BG-7.5",
        description: "a won game is scored on the position before the winning play, missing the checker it hit",
        apply: |p: &mut Profile| p.faults.score_before_last_play = true,
    },
    Mutant {
        name: "bg-resign-answers-double",
        kind: Kind::Bug,
        departs_from: "BG-2.1",
        description: "a player facing a double may resign instead of taking or dropping",
        apply: |p: &mut Profile| p.faults.resign_answers_double = true,
    },
    Mutant {
        name: "bg-no-cap",
        kind: Kind::Reading,
        departs_from: "AB-4",
        description: "the cube has no cap (USBGF)",
        apply: |p: &mut Profile| p.cube.cap = None,
    },
    Mutant {
        name: "bg-cap-64",
        kind: Kind::Reading,
        departs_from: "AB-4",
        description: "the cube stops at 64 (the page)",
        apply: |p: &mut Profile| p.cube.cap = Some(64),
    },
    Mutant {
        name: "bg-jacoby",
        kind: Kind::Reading,
        departs_from: "AB-7",
        description: "Jacoby: gammons count single while the cube is centred",
        apply: |p: &mut Profile| p.cube.jacoby = true,
    },
    Mutant {
        name: "bg-opening-doubles-cube",
        kind: Kind::Reading,
        departs_from: "AB-5",
        description: "equal opening dice double the cube (the page's variant)",
        apply: |p: &mut Profile| p.cube.opening_doubles = OpeningDoubles::DoubleCube,
    },
    Mutant {
        name: "bg-no-gammons",
        kind: Kind::Reading,
        departs_from: "AB-8",
        description: "every win counts single (OpenSpiel's winloss scoring)",
        apply: |p: &mut Profile| p.scoring.gammons = false,
    },
    Mutant {
        name: "bg-resign-as-position",
        kind: Kind::Reading,
        departs_from: "AB-6",
        description: "resigning costs what the position would (single, gammon, backgammon)",
        apply: |p: &mut Profile| {
            if p.scoring.resign != Resign::None {
                p.scoring.resign = Resign::AsPosition
            }
        },
    },
    Mutant {
        name: "bg-no-cube",
        kind: Kind::Reading,
        departs_from: "AB-9",
        description: "no cube at all",
        apply: |p: &mut Profile| p.cube.enabled = false,
    },
];
