//! Running arbiter's corpus against your own Rust engine, inside your own
//! `cargo test`. Here "your engine" wraps the reference interpreter so the
//! example is complete; in your crate, implement `arbiter::rules::Implementation<Stratego>` and
//! `arbiter::rules::Game<Stratego>` for your engine instead, and put the call in a `#[test]`:
//!
//! ```ignore
//! #[test]
//! fn conforms_to_arbiter() {
//!     let opts = arbiter::harness::embed::Options {
//!         xfail: vec!["ts/some-known-gap".into()],
//!         ..Default::default()
//!     };
//!     arbiter::harness::embed::run_corpus(&MyEngine::new(), &opts);
//! }
//! ```
//!
//! Run this example with `cargo run --example embed`.

use arbiter::games::stratego::game::Stratego;
use arbiter::games::stratego::position::Setup;
use arbiter::games::stratego::profile::Profile;
use arbiter::games::stratego::reference::Reference;
use arbiter::harness::embed::{Options, run_corpus};
use arbiter::rules::{Game, Implementation};

/// Stands in for your engine.
struct MyEngine;

impl Implementation<Stratego> for MyEngine {
    fn name(&self) -> &'static str {
        "my-engine"
    }

    fn start(&self, setup: &Setup, profile: &Profile) -> Result<Box<dyn Game<Stratego>>, String> {
        Reference.start(setup, profile)
    }
}

fn main() {
    // Panics with one line per failing scenario if the engine departs.
    let report = run_corpus(&MyEngine, &Options::default());
    println!("{}", report.closing_line());
}
