//! The notations of Backgammon's players and records (`spec/backgammon/notation.md`).

use super::game::Backgammon;
use crate::rules::Notation;

impl Notation for Backgammon {}
