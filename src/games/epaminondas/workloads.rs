//! What Epaminondas gives the generic workloads ([`Workloads`]): its
//! random games' cases and candidates for the battery, its endless line,
//! its benchmark, perft, mutants and the fuzz targets that compare its
//! implementations (the random games of `workload.rs` and the short lines
//! of `short_lines.rs`). Kept apart from both so that neither imports the
//! other's caller.

use super::board::Square;
use super::game::Epaminondas;
use super::moves::Move;
use super::profile::{Profile, SymmetryMap, SymmetryScope};
use super::setup::Setup;
use super::workload::{SplitMix, check_differential, random_candidate, random_case};
use crate::rules::compare::FuzzTarget;
use crate::rules::{BatteryPly, BenchOptions, Mutant, Workloads};

impl Workloads for Epaminondas {
    /// One stone a side stepping back and forth in the middle of the board,
    /// far from both home rows.
    fn endless_line() -> Option<(Setup, Profile, Vec<Move>)> {
        Some(crate::rules::endless_line_from::<Epaminondas>(
            serde_json::json!({"board": {"name": "14x12"}, "to-move": "white", "white": ["e5"], "black": ["j8"]}),
            "seed-003",
            &["e5-e6", "j8-j7", "e6-e5", "j7-j8"],
        ))
    }

    const MUTANTS: &'static [Mutant<Self>] = super::mutants::ALL;

    const KILL_FLOORS: crate::rules::KillFloors =
        crate::rules::KillFloors::rows(50).failing(100).left_out(2);

    const FUZZ_TARGETS: &'static [FuzzTarget] = &[
        FuzzTarget::new(
            "epaminondas_differential",
            |data| {
                check_differential(data);
            },
            10,
        ),
        FuzzTarget::new(
            "epaminondas_short",
            |data| {
                super::short_lines::check_short(data);
            },
            8,
        ),
    ];

    /// Whether two profiles give the same verdicts and annotations in every
    /// position: without a symmetry map, the scope of the symmetry rule
    /// restricts nothing (AE-3).
    fn observably_equal(a: &Profile, b: &Profile) -> bool {
        let norm = |p: &Profile| {
            let mut p = p.clone();
            p.name.clear();
            if p.symmetry.map == SymmetryMap::None {
                p.symmetry.scope = SymmetryScope::HomeRowEntries;
            }
            p
        };
        norm(a) == norm(b)
    }

    fn bench(opts: &BenchOptions) -> Option<String> {
        Some(super::bench_report::report(opts))
    }

    fn perft(imp: &str, setup: &Setup, profile: &Profile, depth: u32) -> Option<u64> {
        match imp {
            "reference" => {
                let board = setup.validate().ok()?;
                let side = setup.to_move;
                Some(super::reference::perft(&board, side, profile, depth))
            }
            "engine" => {
                let pos = super::engine::position(setup).ok()?;
                Some(super::engine::perft(
                    &super::engine::Rules::new(profile),
                    &pos,
                    depth,
                ))
            }
            _ => None,
        }
    }

    /// Case `seed` of the battery ([`crate::battery`]): [`random_case`].
    fn battery_case(seed: u64) -> Option<(Setup, Profile)> {
        Some(random_case(&mut SplitMix(seed)))
    }

    /// The battery's candidates: eight random spellings near the setup's
    /// stones.
    fn battery_candidates(at: &BatteryPly<'_, Self>, seed: u64) -> Vec<Move> {
        let mut rng = SplitMix(seed);
        let setup = at.setup;
        let stones: Vec<Square> = setup.white.iter().chain(&setup.black).copied().collect();
        (0..8)
            .map(|_| random_candidate(&mut rng, setup.size, &stones))
            .collect()
    }
}
