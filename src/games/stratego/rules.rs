//! What Stratego is to the generic core ([`Basics`]): its names, its types,
//! its spec files, and who plays it, the reference interpreter first and
//! the engine beside it.

use crate::rules::{Basics, Implementation};

use super::engine::Engine;
use super::game::{DrawReason, Outcome, PlyReport, Stratego, WinReason};
use super::moves::Move;
use super::piece::Color;
use super::position::Setup;
use super::profile::Profile;
use super::reference::Reference;
use super::verdict::RuleCode;

impl Basics for Stratego {
    const NAME: &'static str = "stratego";

    const SEED: &'static str = "seeds 000–002 (ISF articles 10 and 11)";

    const EXAMPLE_ADAPTER: &'static str = "examples/python-naive/adapter.py";

    /// The spec files compiled into the binary, by path relative to the repo.
    const SPEC_FILES: &'static [(&'static str, &'static str)] = crate::spec_files!("stratego", "rules-of-play.md", "two-squares.md", "more-squares.md", "ambiguities.md");

    type Setup = Setup;

    type Action = Move;

    type Profile = Profile;

    type RuleCode = RuleCode;

    type Note = PlyReport;

    type Outcome = Outcome;

    type Side = Color;

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
            Outcome::RedWins(r) | Outcome::BlueWins(r) => Some(match r {
                WinReason::FlagCaptured => "RP-6.1",
                WinReason::NoLegalMove => "RP-6.2",
            }),
            Outcome::Draw(DrawReason::NeitherCanMove) => Some("RP-6.3"),
        }
    }
}
