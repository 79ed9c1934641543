//! Setup validation is shared by each game's reference and engine (Stratego's
//! `Setup::validate`, Dame's, Epaminondas's, chess's FEN reader and CH-1.2
//! check, backgammon's setup and cube checks), so the differential tests
//! cannot see a bug in it. These modules are its independent check, as
//! `tests/games/stratego_combat_table.rs` is combat's: for each game (one
//! module each, `dame.rs` to `stratego.rs` beside this one) a predicate
//! written from the setup clauses of `spec/<game>/rules.md` (never from the
//! Rust code) says whether a setup is legal, and a property test draws
//! random setups, biased so that legal and illegal ones are both common
//! (a legal setup with random edits: a stone on a light square, a
//! thirteenth stone, a pawn on the back rank, sixteen checkers on a point,
//! …), writes each as the game's protocol setup (`spec/<game>/protocol.md`)
//! and asserts that `setup_from_wire` accepts it exactly when the predicate
//! does; where the scenario format can say the same, through
//! `setup_from_spec` too. Each game counts both verdicts and asserts floors,
//! so the property cannot hold vacuously. This module is the driver the
//! games share.
//!
//! Cases per game: `ARBITER_SETUP_CASES` (default 600). The seed is
//! proptest's (`PROPTEST_RNG_SEED` in CI).

mod backgammon;
mod chess;
mod dame;
mod epaminondas;
mod stratego;

use std::fmt::Debug;
use std::sync::Mutex;

use arbiter::rules::{RuleProfile, Rules};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use serde_json::Value;

// ---------------------------------------------------------------------------
// The driver.

/// Random choices read off a vector that proptest draws (and shrinks).
struct Src {
    values: Vec<u32>,
    at: usize,
}

impl Src {
    fn next(&mut self) -> u32 {
        let v = self.values.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        v
    }
    /// A number in `0..n`.
    fn below(&mut self, n: usize) -> usize {
        (self.next() as usize) % n.max(1)
    }
    /// True with `percent` per cent.
    fn chance(&mut self, percent: u32) -> bool {
        self.next() % 100 < percent
    }
    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

fn cases() -> u32 {
    std::env::var("ARBITER_SETUP_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(600)
}

/// One game's pieces of the property: draw a setup, judge it from the
/// spec, write it for the wire, and optionally as a scenario `setup:`.
struct Game<M> {
    name: &'static str,
    draw: fn(&mut Src) -> M,
    /// `Err(reason)` when the spec refuses the setup.
    legal: fn(&M) -> Result<(), String>,
    wire: fn(&M) -> Value,
    /// The scenario's `setup:` as YAML, when the format can say it.
    yaml: Option<fn(&M) -> Option<String>>,
}

#[derive(Default, Debug)]
struct Tally {
    valid: usize,
    invalid: usize,
    scenario: usize,
}

fn verdict<T, E: Debug>(r: &Result<T, E>) -> Result<(), String> {
    match r {
        Ok(_) => Ok(()),
        Err(e) => Err(format!("{e:?}")),
    }
}

fn run<G: Rules, M: Debug>(game: Game<M>) -> Tally {
    let tally = Mutex::new(Tally::default());
    let profile = G::Profile::parse(G::Profile::names()[0]).expect("the first profile parses");
    let mut runner = TestRunner::new(Config {
        cases: cases(),
        failure_persistence: None,
        ..Config::default()
    });
    let result = runner.run(
        &prop::collection::vec(any::<u32>(), 200..400),
        |values| {
            let mut src = Src { values, at: 0 };
            let model = (game.draw)(&mut src);
            let spec = (game.legal)(&model);
            let wire = (game.wire)(&model);
            let read = G::setup_from_wire(&wire);
            let code = verdict(&read);
            // What the wire reads, every implementation starts or declines
            // (`supports`); the reference must start it, unless a part of
            // the check is the implementations' own (chess's side not to
            // move in check): then the verdict is the reference's.
            let code = match (&read, code) {
                (Ok(setup), Ok(())) => {
                    let started = G::reference().start(setup, &profile).map(|_| ());
                    for imp in G::implementations() {
                        if imp.supports(setup, &profile).is_ok() {
                            let r = imp.start(setup, &profile).map(|_| ());
                            if r.is_ok() != started.is_ok() {
                                return Err(TestCaseError::fail(format!(
                                    "{}: {} starts {r:?}, the reference {started:?}\nwire: {wire}",
                                    game.name,
                                    imp.name()
                                )));
                            }
                        } else if spec.is_err() || imp.name() == "reference" {
                            // An illegal setup is refused (`bad-request`),
                            // never declined (`unsupported`); the reference
                            // plays every legal one.
                            return Err(TestCaseError::fail(format!(
                                "{}: {} declines the setup ({spec:?})\nwire: {wire}",
                                game.name,
                                imp.name()
                            )));
                        }
                    }
                    started
                }
                (_, code) => code,
            };
            if spec.is_ok() != code.is_ok() {
                return Err(TestCaseError::fail(format!(
                    "{}: the spec says {spec:?}, setup_from_wire says {code:?}\nmodel: {model:?}\nwire: {wire}",
                    game.name
                )));
            }
            let mut t = tally.lock().unwrap();
            if spec.is_ok() {
                t.valid += 1;
            } else {
                t.invalid += 1;
            }
            drop(t);
            if let Some(yaml) = game.yaml
                && let Some(text) = yaml(&model)
            {
                let parsed: Result<G::SetupSpec, _> = serde_saphyr::from_str(&text);
                let code = match &parsed {
                    Ok(s) => match G::setup_from_spec(s) {
                        Ok(setup) => verdict(&G::reference().start(&setup, &profile)),
                        Err(e) => Err(format!("{e:?}")),
                    },
                    Err(e) => Err(format!("{e}")),
                };
                if spec.is_ok() != code.is_ok() {
                    return Err(TestCaseError::fail(format!(
                        "{}: the spec says {spec:?}, the scenario loader says {code:?}\nmodel: {model:?}\nyaml:\n{text}",
                        game.name
                    )));
                }
                tally.lock().unwrap().scenario += 1;
            }
            Ok(())
        },
    );
    let tally = tally.into_inner().unwrap();
    eprintln!("setup_validation ({}): {tally:?}", game.name);
    if let Err(e) = result {
        panic!("{e}");
    }
    tally
}

/// Both verdicts must have occurred a fair number of times.
fn floors(t: &Tally, scenario: bool) {
    let n = cases() as usize;
    assert!(t.valid >= n / 6, "too few legal setups drawn: {t:?}");
    assert!(t.invalid >= n / 6, "too few illegal setups drawn: {t:?}");
    if scenario {
        assert!(t.scenario >= n / 3, "too few scenario setups: {t:?}");
    }
}
