//! The notations of Chess's players and records (`spec/chess/notation.md`).

use super::game::Chess;
use crate::rules::Notation;

impl Notation for Chess {}
