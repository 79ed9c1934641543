//! Epaminondas as a game of the generic core: its names, its types, where
//! its rules are written, and its two implementations (the reference
//! interpreter and the bitboard engine).

use crate::rules::{Basics, Implementation};

use super::board::Side;
use super::engine::Engine;
use super::game::{DrawReason, Epaminondas, Note, Outcome, WinReason};
use super::moves::Move;
use super::profile::Profile;
use super::reference::Reference;
use super::setup::Setup;
use super::verdict::RuleCode;

impl Basics for Epaminondas {
    const NAME: &'static str = "epaminondas";

    const SEED: &'static str = "seed 003";

    const EXAMPLE_ADAPTER: &'static str = "examples/python-epaminondas/adapter.py";

    /// The spec files compiled into the binary, by path relative to the repo.
    const SPEC_FILES: &'static [(&'static str, &'static str)] = crate::spec_files!("epaminondas", "rules.md", "ambiguities.md", "errata.md");

    type Setup = Setup;

    type Action = Move;

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

    fn outcome_clause(outcome: &Outcome) -> Option<&'static str> {
        match outcome {
            Outcome::Ongoing => None,
            Outcome::WhiteWins(r) | Outcome::BlackWins(r) => Some(match r {
                WinReason::Crossing => "EP-5.2",
                WinReason::NoLegalMove => "EP-5.3",
            }),
            Outcome::Draw(DrawReason::NoLegalMove) => Some("AE-5"),
        }
    }
}
