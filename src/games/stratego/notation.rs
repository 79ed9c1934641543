//! The notations of Stratego's players and records (`spec/stratego/notation.md`).

use super::game::Stratego;
use crate::rules::Notation;

impl Notation for Stratego {}
