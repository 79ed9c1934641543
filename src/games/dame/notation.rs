//! The notations of Dame's players and records (`spec/dame/notation.md`).

use super::game::Dame;
use crate::rules::Notation;

impl Notation for Dame {}
