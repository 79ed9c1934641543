//! What chess is to the generic core: its names, its types, the spec files
//! its scenarios cite, the reference interpreter and the engine, and the
//! clause behind each outcome.

use crate::rules::{Basics, Implementation};

use super::action::Action;
use super::board::Color;
use super::engine::Engine;
use super::game::{Chess, DrawReason, Note, Outcome, WinReason};
use super::position::Position;
use super::profile::Profile;
use super::reference::Reference;
use super::verdict::RuleCode;

impl Basics for Chess {
    const NAME: &'static str = "chess";

    const SEED: &'static str = "seed 004 (Schach)";

    const EXAMPLE_ADAPTER: &'static str = "examples/chess-naive/adapter.py";

    type Setup = Position;

    type Action = Action;

    type Profile = Profile;

    type RuleCode = RuleCode;

    type Note = Note;

    type Outcome = Outcome;

    type Side = Color;

    /// The spec files compiled into the binary, by path relative to the
    /// repo.
    const SPEC_FILES: &'static [(&'static str, &'static str)] = crate::spec_files!("chess", "rules.md", "ambiguities.md");

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
                WinReason::Checkmate => "CH-3.3",
                WinReason::Stalemate => "CH-4.2",
            }),
            Outcome::Draw(r) => Some(match r {
                DrawReason::Stalemate => "CH-4.1",
                DrawReason::InsufficientMaterial => "CH-5.1",
                DrawReason::ThreefoldRepetition => "CH-6.4",
                DrawReason::FivefoldRepetition => "CH-6.5",
                DrawReason::FiftyMoves => "CH-8.2",
                DrawReason::SeventyFiveMoves => "CH-8.3",
                DrawReason::PerpetualCheck => "AM-7",
            }),
        }
    }
}
