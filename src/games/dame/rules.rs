//! What Dame is to the generic core: its names, its types, the spec files
//! its scenarios cite, the reference interpreter and the engine, and the
//! clause behind each outcome.

use crate::rules::Basics;

use super::board::{Setup, Side};
use super::engine::Engine;
use super::game::{Dame, Note, Outcome};
use super::moves::Action;
use super::profile::Profile;
use super::reference::Reference;
use super::verdict::RuleCode;

impl Basics for Dame {
    crate::game_basics! {
        name: "dame", seed: "seed 004 (Dame)", example_adapter: "examples/python-dame-naive/engine.py",
        spec_files: ["rules.md", "ambiguities.md", "notation.md"], implementations: [Reference, Engine],
        types: { Setup = Setup, Action = Action, Profile = Profile, RuleCode = RuleCode, Note = Note, Outcome = Outcome, Side = Side },
    }
}
