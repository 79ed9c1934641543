//! What chess is to the generic core: its names, its types, the spec files
//! its scenarios cite, the reference interpreter and the engine, and the
//! clause behind each outcome.

use crate::rules::Basics;

use super::action::Action;
use super::board::Color;
use super::engine::Engine;
use super::game::{Chess, Note, Outcome};
use super::position::Position;
use super::profile::Profile;
use super::reference::Reference;
use super::verdict::RuleCode;

impl Basics for Chess {
    crate::game_basics! {
        name: "chess", seed: "seed 004 (Schach)", example_adapter: "examples/chess-naive/adapter.py",
        spec_files: ["rules.md", "ambiguities.md", "notation.md"], implementations: [Reference, Engine],
        types: { Setup = Position, Action = Action, Profile = Profile, RuleCode = RuleCode, Note = Note, Outcome = Outcome, Side = Color },
    }
}
