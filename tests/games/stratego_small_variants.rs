//! How much of the corpus an engine that plays only one of Stratego's small
//! variants gets to run. Such an engine declines every other setup
//! (`Implementation::supports`, answered `unsupported` on the wire), and the
//! harness skips those scenarios; what is left is what tests it. Each test
//! wraps arbiter's own engine so that it declines all but one variant, runs
//! the corpus through the harness (`arbiter::harness::embed`) under
//! `modern-3` (the profile of current platforms and engines), and requires
//! no failure and at least a floor of scenarios that actually ran.
//!
//! The count: `cargo test --test games stratego_small_variants -- --nocapture`.

use arbiter::games::stratego::engine::Engine;
use arbiter::games::stratego::game::Stratego;
use arbiter::games::stratego::position::Setup;
use arbiter::games::stratego::profile::Profile;
use arbiter::harness::embed::{Options, check_corpus};
use arbiter::rules::{Game, Implementation};

/// Arbiter's engine, declining every setup but one board and army.
struct OnlyVariant {
    board: &'static str,
    army: &'static str,
}

impl Implementation<Stratego> for OnlyVariant {
    fn name(&self) -> &'static str {
        "only-variant"
    }

    fn start(&self, setup: &Setup, profile: &Profile) -> Result<Box<dyn Game<Stratego>>, String> {
        self.supports(setup, profile)?;
        Engine.start(setup, profile)
    }

    fn supports(&self, setup: &Setup, _profile: &Profile) -> Result<(), String> {
        if setup.geometry.name != self.board || setup.army.name != self.army {
            return Err(format!(
                "only the {} board with the {} army is implemented",
                self.board, self.army
            ));
        }
        Ok(())
    }
}

/// Runs the Stratego corpus under `modern-3` on an engine that plays only
/// `board` with `army`; returns how many scenarios ran and passed.
fn ran(board: &'static str, army: &'static str) -> usize {
    let opts = Options {
        profile: Some("modern-3".into()),
        ..Options::default()
    };
    let report = check_corpus(&OnlyVariant { board, army }, &opts);
    let s = &report.summary;
    assert!(
        report.is_ok(),
        "the {board}/{army} engine fails the corpus: {}",
        report.closing_line()
    );
    println!(
        "{board} board, {army} army, modern-3: {} scenarios run and pass, {} skipped",
        s.pass, s.skip
    );
    s.pass
}

#[test]
fn an_8x8_quick_army_engine_runs_at_least_60_scenarios_under_modern_3() {
    let n = ran("quick-8x8", "quick");
    assert!(
        n >= 60,
        "only {n} scenarios run on an 8x8 quick-army engine"
    );
}

#[test]
fn a_barrage_engine_runs_at_least_49_scenarios_under_modern_3() {
    let n = ran("standard", "barrage");
    assert!(n >= 49, "only {n} scenarios run on a Barrage engine");
}
