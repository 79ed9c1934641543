//! What Stratego is to the generic core ([`Basics`]): its names, its types,
//! its spec files, and who plays it, the reference interpreter first and
//! the engine beside it.

use crate::rules::Basics;

use super::engine::Engine;
use super::game::{Outcome, PlyReport, Stratego};
use super::moves::Move;
use super::piece::Color;
use super::position::Setup;
use super::profile::Profile;
use super::reference::Reference;
use super::verdict::RuleCode;

impl Basics for Stratego {
    crate::game_basics! {
        name: "stratego", seed: "seeds 000–002 (ISF articles 10 and 11)", example_adapter: "examples/python-naive/adapter.py",
        spec_files: ["rules-of-play.md", "two-squares.md", "more-squares.md", "ambiguities.md", "notation.md"], implementations: [Reference, Engine],
        types: { Setup = Setup, Action = Move, Profile = Profile, RuleCode = RuleCode, Note = PlyReport, Outcome = Outcome, Side = Color },
    }
}
