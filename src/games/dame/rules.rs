//! What Dame is to the generic core: its names, its types, the spec files
//! its scenarios cite, the reference interpreter and the engine, and the
//! clause behind each outcome.

use crate::rules::{Basics, Implementation};

use super::board::{Setup, Side};
use super::engine::Engine;
use super::game::{Dame, DrawReason, Note, Outcome, WinReason};
use super::moves::Action;
use super::profile::Profile;
use super::reference::Reference;
use super::verdict::RuleCode;

impl Basics for Dame {
    const NAME: &'static str = "dame";

    const SEED: &'static str = "seed 004 (Dame)";

    const EXAMPLE_ADAPTER: &'static str = "examples/python-dame-naive/engine.py";

    type Setup = Setup;

    type Action = Action;

    type Profile = Profile;

    type RuleCode = RuleCode;

    type Note = Note;

    type Outcome = Outcome;

    type Side = Side;

    /// The spec files compiled into the binary, by path relative to the
    /// repo.
    const SPEC_FILES: &'static [(&'static str, &'static str)] = crate::spec_files!("dame", "rules.md", "ambiguities.md");

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
                WinReason::AllCaptured => "DA-5.1",
                WinReason::NoLegalMove => "DA-5.2",
            }),
            Outcome::Draw(DrawReason::NoProgress) => Some("AD-11"),
        }
    }
}
