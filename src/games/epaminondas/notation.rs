//! The notations of Epaminondas's players and records (`spec/epaminondas/notation.md`).

use super::game::Epaminondas;
use crate::rules::Notation;

impl Notation for Epaminondas {}
