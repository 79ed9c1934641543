//! A game's own per-action expectations in scenario files (the seed tables'
//! counts, captures, crownings, dice used, …), beside the generic ones
//! (`move`, `expect`, `rule`, `outcome`, `note`).
//!
//! The scenario loader reads a move entry key by key: the generic keys
//! itself, every other key through [`Annotations::read_field`]. That keeps
//! loading strict (an unknown key is an error at its line and column) and
//! keeps the located values that `#[serde(flatten)]` would lose.

use std::fmt::Debug;

use schemars::JsonSchema;
use serde::de::MapAccess;

use super::Basics;

/// The per-action annotations of game `G`, every field optional.
pub trait Annotations<G: Basics>: Default + Clone + Debug + JsonSchema + Send + Sync {
    /// The keys this game adds to a move entry, for error messages.
    const FIELDS: &'static [&'static str];
    /// Reads the value of `key` from `map` into `self`; `Ok(false)` when
    /// `key` is not one of this game's annotations.
    fn read_field<'de, A: MapAccess<'de>>(
        &mut self,
        key: &str,
        map: &mut A,
    ) -> Result<bool, A::Error>;
    /// Lays the fields given in `over` over `self` (a per-profile override).
    fn overlay(&mut self, over: &Self);
    /// Checks what loading can check (a square in a list is on the board).
    fn check(&self) -> Result<(), String> {
        Ok(())
    }
    /// Compares the expectations with what the rules noted about the
    /// action played under `profile`; calls `fail` once per expectation that
    /// does not hold. An annotation about a rule that `profile` switches off
    /// cannot hold or fail: the game checks instead that nothing was noted
    /// for that rule (`spec/scenario-format.md`, "Per-profile expectations").
    fn compare(&self, note: &G::Note, profile: &G::Profile, fail: &mut dyn FnMut(String));
}

/// Writes `FIELDS`, `read_field` and `overlay` of an [`Annotations`] impl
/// from a list of `"key" => field` pairs (every field an `Option`).
#[macro_export]
macro_rules! annotation_fields {
    ($($key:literal => $field:ident),* $(,)?) => {
        const FIELDS: &'static [&'static str] = &[$($key),*];
        fn read_field<'de, A: serde::de::MapAccess<'de>>(
            &mut self,
            key: &str,
            map: &mut A,
        ) -> Result<bool, A::Error> {
            match key {
                $($key => {
                    self.$field = Some(map.next_value()?);
                    Ok(true)
                })*
                _ => Ok(false),
            }
        }
        fn overlay(&mut self, over: &Self) {
            $(if over.$field.is_some() {
                self.$field = over.$field.clone();
            })*
        }
    };
}
