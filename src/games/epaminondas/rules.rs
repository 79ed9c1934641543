//! Epaminondas as a game of the generic core: its names, its types, where
//! its rules are written, and its two implementations (the reference
//! interpreter and the bitboard engine).

use crate::rules::Basics;

use super::board::Side;
use super::engine::Engine;
use super::game::{Epaminondas, Note, Outcome};
use super::moves::Move;
use super::profile::Profile;
use super::reference::Reference;
use super::setup::Setup;
use super::verdict::RuleCode;

impl Basics for Epaminondas {
    crate::game_basics! {
        name: "epaminondas", seed: "seed 003", example_adapter: "examples/python-epaminondas/adapter.py",
        spec_files: ["rules.md", "ambiguities.md", "errata.md", "notation.md"], implementations: [Reference, Engine],
        types: { Setup = Setup, Action = Move, Profile = Profile, RuleCode = RuleCode, Note = Note, Outcome = Outcome, Side = Side },
    }
}
