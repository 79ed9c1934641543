//! Backgammon as a game of the generic core: its names, its types, where
//! its rules are written, and its two implementations (the reference
//! interpreter and the engine).

use crate::rules::Basics;

use super::board::{Action, Side};
use super::engine::Engine;
use super::game::{Backgammon, Note, Outcome, WinBy};
use super::profile::Profile;
use super::reference::Reference;
use super::setup::Setup;
use super::verdict::RuleCode;

impl Basics for Backgammon {
    crate::game_basics! {
        name: "backgammon", seed: "seed 004 (Backgammon, Dopplerwürfel)", example_adapter: "examples/python-backgammon/adapter.py",
        spec_files: ["rules.md", "ambiguities.md"], implementations: [Reference, Engine],
        types: { Setup = Setup, Action = Action, Profile = Profile, RuleCode = RuleCode, Note = Note, Outcome = Outcome, Side = Side },
    }

    fn spelling_clause() -> Option<&'static str> {
        Some("BG-3.8")
    }

    fn outcome_clause(outcome: &Outcome) -> Option<&'static str> {
        match outcome {
            Outcome::Ongoing => None,
            Outcome::WhiteWins(w) | Outcome::BlackWins(w) => Some(match w.by {
                WinBy::Single | WinBy::Gammon => "BG-7.2",
                WinBy::Backgammon => "BG-7.3",
                WinBy::Drop => "BG-8.5",
                WinBy::Resign => "BG-9.1",
            }),
        }
    }
}
