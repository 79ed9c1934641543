//! The games that test and measure the two implementations, kept apart from
//! both so that neither imports the other and neither carries test support
//! in its production modules.
//!
//! - [`driver`] makes random but rule-seeking setups and games from a stream
//!   of choices (a seed, a fuzz input, a proptest list).
//! - [`diff`] plays one such game in the reference and in the engine and
//!   compares everything observable at every ply.
//! - [`mod@bench`] records games and times an implementation replaying them,
//!   for `arbiter bench` and the divan benchmarks.
//! - [`playout`] plays uniform random games, and many at once on threads.
//!
//! This module also gives Stratego its [`Workloads`]: the mutants, which
//! profiles the kill matrix counts as one, the battery's cases,
//! `arbiter bench` (its report is [`crate::games::stratego::bench_report`])
//! and `arbiter prove` ([`crate::games::stratego::prove`]).

pub mod bench;
pub mod diff;
pub mod driver;
pub mod playout;

use std::path::Path;

use crate::prove::{ProveOptions, ProveReport};
use crate::rng::SplitMix;
use crate::rules::compare::FuzzTarget;
use crate::rules::{BatteryPly, BenchOptions, Game, Workloads};

use super::bench_report;
use super::game::Stratego;
use super::moves::Move;
use super::mutants::{self, Mutant};
use super::position::Setup;
use super::profile::{
    ChaseException, ChaseKeptBy, ChaseTarget, MoreSquaresSwitches, PositionKey, PositionWindow,
    Profile, ScoutCounting, ScoutThreat, ThreatBy,
};
use super::prove;
use super::reference::{Reference, play as ref_play};
use super::variant::Variant;

impl Workloads for Stratego {
    /// A lieutenant and a sergeant each walking round a square of four
    /// squares, far apart: no move crosses the line of the one before it
    /// (TS-2.2) and nothing is ever threatened (MS-2), under ISF.
    fn endless_line() -> Option<(Setup, Profile, Vec<Move>)> {
        Some(crate::rules::endless_line_from::<Stratego>(
            serde_json::json!({"board": {"name": "standard"}, "to-move": "red",
                               "red": {"B2": "lieutenant", "J1": "flag"},
                               "blue": {"I9": "sergeant", "A10": "flag"}}),
            "isf",
            &[
                "B2-B3", "I9-I8", "B3-C3", "I8-H8", "C3-C2", "H8-H9", "C2-B2", "H9-I9",
            ],
        ))
    }

    const MUTANTS: &'static [Mutant] = mutants::ALL;

    /// The engine declines the fault that ends the game for the
    /// player who has just moved (`engine/mod.rs` says why).
    const KILL_FLOORS: crate::rules::KillFloors = crate::rules::KillFloors::rows(80)
        .failing(100)
        .left_out(53)
        .declined(&["end-mover-immobile-loses"]);

    const FUZZ_TARGETS: &'static [FuzzTarget] = &[
        FuzzTarget::new("differential", diff::check_differential, 10),
        FuzzTarget::new(
            "stratego_variants",
            diff::check_differential_on_variants,
            48,
        ),
    ];

    /// Whether two profiles give the same verdicts and annotations in every
    /// position. Switches of a disabled rule change nothing observable: the rule
    /// forbids no move and its annotations are not reported.
    fn observably_equal(a: &Profile, b: &Profile) -> bool {
        let mut a = a.clone();
        let mut b = b.clone();
        for p in [&mut a, &mut b] {
            if !p.two_squares.enabled {
                p.two_squares = Profile::play_only().two_squares;
            }
            // AM-3: when every move is counted by its two end squares and another
            // piece's move erases the count, only the piece standing on one of
            // the two squares could continue a run, and that is the piece that
            // made it, so squares and piece identity give the same count.
            if p.two_squares.scouts == ScoutCounting::EndSquares && p.two_squares.other_piece_erases
            {
                p.two_squares.per_piece = true;
            }
            normalise_more_squares(p);
            // Without a repetition rule every move the rules of play allow is
            // legal, so a player with no legal move has no movable piece either,
            // and RP-6.3's question about that player answers itself.
            if !p.two_squares.enabled && !p.more_squares.enabled {
                p.faults.draw_if_opponent_immobile = false;
            }
        }
        a == b
    }

    fn bench(opts: &BenchOptions) -> Option<String> {
        Some(bench_report::report(opts))
    }

    /// Case `seed` of the battery ([`crate::battery`]): a seeded setup (full
    /// armies, sparse, duel) and profile, on each variant in turn.
    fn battery_case(seed: u64) -> Option<(Setup, Profile)> {
        let variant = Variant::ALL[(seed % Variant::ALL.len() as u64) as usize];
        let (s, p, _) = driver::setup_and_profile_on(&mut SplitMix(seed), variant);
        Some((s, p))
    }

    /// The battery's candidates after `played`: every move the rules of play
    /// allow (those the profile refuses are the repetition rules' refusals),
    /// and three arbitrary ones.
    fn battery_candidates(at: &BatteryPly<'_, Self>, seed: u64) -> Vec<Move> {
        let Ok(mut game) = Reference.start_game(at.setup, at.profile) else {
            return Vec::new();
        };
        for m in at.played {
            if game.play(m).is_err() {
                return Vec::new();
            }
        }
        let board = game.board();
        let mut out = ref_play::pseudo_legal_moves(&board);
        let mut src = SplitMix(seed);
        for _ in 0..3 {
            out.extend(diff::arbitrary_candidate(&board, &mut src));
        }
        out
    }

    fn prove(path: &Path, text: &str, opts: &ProveOptions) -> Option<Result<ProveReport, String>> {
        Some(prove::prove(path, text, opts))
    }
}

/// The more-squares switches that cannot change a verdict or an annotation
/// under the others, set to one representative value
/// (`spec/stratego/ambiguities.md` gives the argument for each).
fn normalise_more_squares(p: &mut Profile) {
    let ms = &mut p.more_squares;
    if !ms.enabled {
        // A disabled rule forbids nothing and reports nothing.
        *ms = MoreSquaresSwitches::off();
        return;
    }
    // AM-10 (MS-6.5): a fight removes a piece for good, so no full-board
    // position from before it can stand again; `whole-game` then finds
    // exactly what `since-last-fight` finds.
    if ms.window == PositionWindow::WholeGame && ms.position != PositionKey::ChaseSquares {
        ms.window = PositionWindow::SinceLastFight;
    }
    // AM-16: a piece that does not move keeps its neighbours, so only a
    // scout's line can be uncovered; with adjacent threats `discovered`
    // adds nothing to the mover's threats.
    if ms.threat_by == ThreatBy::Discovered && ms.scout_threat == ScoutThreat::Adjacent {
        ms.threat_by = ThreatBy::Mover;
    }
    // AM-9: when only threats on evaded pieces keep a chase going, every
    // move that keeps it going threatens an evaded piece, so both targets
    // make the same chasing moves.
    if ms.kept_by == ChaseKeptBy::EvadedThreat {
        ms.target = ChaseTarget::Evaded;
    }
    // AM-19: nothing to override when the two-squares rule is off or no
    // return is excepted.
    if !p.two_squares.enabled || ms.exception == ChaseException::None {
        ms.exception_overrides_two_squares = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::stratego::mutants::ALL;

    fn with(base: Profile, f: impl Fn(&mut Profile)) -> Profile {
        let mut p = base;
        f(&mut p);
        p
    }

    /// `switch` is observably irrelevant under ISF, but not once `enabler`
    /// is set too.
    fn assert_matters_only_with(switch: impl Fn(&mut Profile), enabler: impl Fn(&mut Profile)) {
        let isf = Profile::isf();
        assert!(Stratego::observably_equal(
            &isf,
            &with(isf.clone(), &switch)
        ));
        let enabled = with(isf, enabler);
        let both = with(enabled.clone(), &switch);
        assert!(!Stratego::observably_equal(&enabled, &both));
    }

    #[test]
    fn whole_game_equals_since_last_fight_only_for_full_board_positions() {
        assert_matters_only_with(
            |p| p.more_squares.window = PositionWindow::WholeGame,
            |p| p.more_squares.position = PositionKey::ChaseSquares,
        );
    }

    #[test]
    fn discovered_threats_matter_only_with_scout_lines() {
        assert_matters_only_with(
            |p| p.more_squares.threat_by = ThreatBy::Discovered,
            |p| p.more_squares.scout_threat = ScoutThreat::InLine,
        );
    }

    #[test]
    fn target_is_irrelevant_when_only_evaded_threats_keep_a_chase() {
        let a = with(Profile::isf(), |p| {
            p.more_squares.kept_by = ChaseKeptBy::EvadedThreat
        });
        let b = with(a.clone(), |p| p.more_squares.target = ChaseTarget::Any);
        assert!(Stratego::observably_equal(&a, &b));
        assert!(!Stratego::observably_equal(
            &Profile::isf(),
            &Profile::gravon()
        ));
    }

    #[test]
    fn a_disabled_rule_has_no_observable_switches() {
        // Every switch of a disabled rule but `enabled` itself.
        let jumbo = Profile::jumbo_original();
        for m in ALL.iter().filter(|m| m.name.starts_with("ms-")) {
            assert_eq!(m.mutate(&jumbo).is_none(), m.name != "ms-on", "{}", m.name);
        }
        let play = Profile::play_only();
        for m in ALL.iter().filter(|m| m.name.starts_with("ts-")) {
            assert_eq!(m.mutate(&play).is_none(), m.name != "ts-on", "{}", m.name);
        }
        let none = with(Profile::isf(), |p| {
            p.more_squares.exception = ChaseException::None;
            p.more_squares.exception_overrides_two_squares = true;
        });
        let plain = with(Profile::isf(), |p| {
            p.more_squares.exception = ChaseException::None
        });
        assert!(Stratego::observably_equal(&none, &plain));
    }
}
