//! Backgammon as a game of the generic core: its names, its types, where
//! its rules are written, and its two implementations (the reference
//! interpreter and the engine).

use crate::rules::Basics;

use super::board::{Action, Side};
use super::engine::Engine;
use super::game::{Backgammon, Note, Outcome};
use super::profile::Profile;
use super::reference::Reference;
use super::setup::Setup;
use super::verdict::RuleCode;

impl Basics for Backgammon {
    crate::game_basics! {
        name: "backgammon", seed: "seed 004 (Backgammon, Dopplerwürfel)", example_adapter: "examples/python-backgammon/adapter.py",
        spec_files: ["rules.md", "ambiguities.md", "notation.md"], implementations: [Reference, Engine],
        types: { Setup = Setup, Action = Action, Profile = Profile, RuleCode = RuleCode, Note = Note, Outcome = Outcome, Side = Side },
    }

    fn spelling_clause() -> Option<&'static str> {
        Some("BG-3.8")
    }
}
