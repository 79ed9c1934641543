//! Backgammon as a game of the generic core: its names, its types, where
//! its rules are written, and its two implementations (the reference
//! interpreter and the engine).

use crate::rules::{Basics, Implementation};

use super::board::{Action, Side};
use super::engine::Engine;
use super::game::{Backgammon, Note, Outcome, WinBy};
use super::profile::Profile;
use super::reference::Reference;
use super::setup::Setup;
use super::verdict::RuleCode;

impl Basics for Backgammon {
    const NAME: &'static str = "backgammon";

    const SEED: &'static str = "seed 004 (Backgammon, Dopplerwürfel)";

    const EXAMPLE_ADAPTER: &'static str = "examples/python-backgammon/adapter.py";

    /// The spec files compiled into the binary, by path relative to the repo.
    const SPEC_FILES: &'static [(&'static str, &'static str)] = crate::spec_files!("backgammon", "rules.md", "ambiguities.md");

    type Setup = Setup;

    type Action = Action;

    type Profile = Profile;

    type RuleCode = RuleCode;

    type Note = Note;

    type Outcome = Outcome;

    type Side = Side;

    fn reference() -> &'static dyn Implementation<Self> {
        &Reference
    }

    fn implementations() -> Vec<&'static dyn Implementation<Self>> {
        vec![&Reference, &Engine]
    }

    fn is_over(outcome: &Outcome) -> bool {
        outcome.is_over()
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
