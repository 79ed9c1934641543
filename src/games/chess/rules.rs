//! What chess is to the generic core: its names, its types, the spec files
//! its scenarios cite, the reference interpreter and the engine, and the
//! clause behind each outcome.

use crate::rules::Basics;

use super::action::Action;
use super::board::Color;
use super::engine::Engine;
use super::game::{Chess, DrawReason, Note, Outcome, WinReason};
use super::position::Position;
use super::profile::Profile;
use super::reference::Reference;
use super::verdict::RuleCode;

impl Basics for Chess {
    crate::game_basics! {
        name: "chess", seed: "seed 004 (Schach)", example_adapter: "examples/chess-naive/adapter.py",
        spec_files: ["rules.md", "ambiguities.md"], implementations: [Reference, Engine],
        types: { Setup = Position, Action = Action, Profile = Profile, RuleCode = RuleCode, Note = Note, Outcome = Outcome, Side = Color },
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
