//! What Backgammon gives the generic workloads ([`Workloads`]): its
//! random games' cases and candidates for the battery, its endless line,
//! its benchmark, perft, mutants and the fuzz targets that compare its
//! implementations (the random games of `workload.rs` and the short lines
//! of `short_lines.rs`). Kept apart from both so that neither imports the
//! other's caller.

use super::board::Action;
use super::game::Backgammon;
use super::profile::{Profile, Resign};
use super::setup::Setup;
use super::workload::{SplitMix, check_differential, fuzz_profile, probes};
use crate::rules::compare::FuzzTarget;
use crate::rules::{BatteryPly, BenchOptions, Mutant, Workloads};

impl Workloads for Backgammon {
    /// Each side has a checker on the bar and faces a closed board: the
    /// dice roll and each side passes, for ever (no cube, so no decision).
    fn endless_line() -> Option<(Setup, Profile, Vec<Action>)> {
        let closed = serde_json::json!({"1": 2, "2": 2, "3": 2, "4": 2, "5": 2, "6": 2, "13": 2});
        Some(crate::rules::endless_line_from::<Backgammon>(
            serde_json::json!({"white": closed, "black": closed,
                               "bar": {"white": 1, "black": 1}, "off": {"white": 0, "black": 0},
                               "cube": {"value": 1, "owner": null}, "to-move": "white"}),
            "no-cube",
            &["6-5", "pass", "3-1", "pass"],
        ))
    }

    const MUTANTS: &'static [Mutant<Self>] = super::mutants::ALL;

    /// The engine declines the two faults that stop a checker on a closed
    /// point on its way (`engine/mod.rs` says why).
    const KILL_FLOORS: crate::rules::KillFloors = crate::rules::KillFloors::rows(50)
        .failing(50)
        .left_out(9)
        .declined(&["bg-enter-with-sum", "bg-skip-intermediate"]);

    const FUZZ_TARGETS: &'static [FuzzTarget] = &[
        FuzzTarget::new("backgammon_differential", check_differential, 48),
        FuzzTarget::new(
            "backgammon_short",
            |data| {
                super::short_lines::check_short(data);
            },
            10,
        ),
    ];

    /// Whether two profiles give the same verdicts and annotations in every
    /// position: without a cube the cube switches do nothing.
    fn observably_equal(a: &Profile, b: &Profile) -> bool {
        let norm = |p: &Profile| {
            let mut p = p.clone();
            p.name.clear();
            if !p.cube.enabled {
                // Without a cube nothing is doubled, taken or dropped.
                p.cube = Profile::no_cube().cube;
                p.faults.take_keeps_owner = false;
                p.faults.redouble_not_owner = false;
                p.faults.drop_at_new_value = false;
                p.faults.drop_as_position = false;
            }
            if !p.cube.enabled || p.scoring.resign == Resign::None {
                // No double to answer, or no resignation to answer it with.
                p.faults.resign_answers_double = false;
            }
            p
        };
        norm(a) == norm(b)
    }

    fn bench(opts: &BenchOptions) -> Option<String> {
        Some(super::bench_report::report(opts))
    }

    /// Perft as the published anchors count it (`spec/backgammon/perft.yaml`):
    /// each ply sums over the 21 distinct rolls the distinct positions a
    /// play reaches, a roll with no play counting once. Only the checkers
    /// and the side to move matter; the cube and the dice of the setup do
    /// not.
    fn perft(imp: &str, setup: &Setup, profile: &Profile, depth: u32) -> Option<u64> {
        match imp {
            "reference" => Some(super::reference::plays::perft(
                &setup.position,
                setup.to_move,
                depth,
                &profile.faults,
            )),
            "engine" => {
                let board = super::engine::movegen::Board::of(&setup.position, setup.to_move);
                Some(super::engine::movegen::perft(
                    &board,
                    depth,
                    &mut Vec::new(),
                ))
            }
            _ => None,
        }
    }

    /// Case `seed` of the battery ([`crate::battery`]): the standard start
    /// under the profile [`fuzz_profile`] makes of a byte the seed picks
    /// (named profiles, variant switches, the engine's faults).
    fn battery_case(seed: u64) -> Option<(Setup, Profile)> {
        let k = (crate::rng::splitmix64(&mut seed.clone()) % 48) as u8;
        Some((Setup::standard(), fuzz_profile(k)))
    }

    /// The battery's candidates ([`probes`]).
    fn battery_candidates(at: &BatteryPly<'_, Self>, seed: u64) -> Vec<Action> {
        probes(at.legal, &mut SplitMix(seed))
    }
}
