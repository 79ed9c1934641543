//! A game's own per-action expectations in scenario files (the seed tables'
//! counts, captures, crownings, dice used, …), beside the generic ones
//! (`move`, `expect`, `rule`, `outcome`, `note`).
//!
//! The scenario loader reads a move entry key by key: the generic keys
//! itself, every other key through [`Annotations::read_field`]. That keeps
//! loading strict (an unknown key is an error at its line and column) and
//! keeps the located values that `#[serde(flatten)]` would lose.

use std::fmt::{Debug, Display};
use std::str::FromStr;

use schemars::JsonSchema;
use serde::de::MapAccess;

use super::Basics;

/// For [`Annotations::check`]: every text given under the annotation `key`
/// reads as a `T` (a square, an action), or the error says which did not.
pub fn each_reads<'a, T: FromStr>(
    key: &str,
    texts: impl IntoIterator<Item = &'a String>,
) -> Result<(), String>
where
    T::Err: Display,
{
    for text in texts {
        text.parse::<T>().map_err(|e| format!("in `{key}`: {e}"))?;
    }
    Ok(())
}

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
/// from the list of its fields (every field an `Option`): a field's key in
/// scenario files is its name, so the two cannot drift apart.
#[macro_export]
macro_rules! annotation_fields {
    ($($field:ident),* $(,)?) => {
        const FIELDS: &'static [&'static str] = &[$(stringify!($field)),*];
        fn read_field<'de, A: serde::de::MapAccess<'de>>(
            &mut self,
            key: &str,
            map: &mut A,
        ) -> Result<bool, A::Error> {
            match key {
                $(stringify!($field) => {
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

/// Holds a game's annotations against what was noted, one at a time, each
/// failing in the same words (`FIELD expected WANT, got GOT`), so that the
/// games' `compare` say only which note field each annotation is about.
pub struct Held<'a> {
    fail: &'a mut dyn FnMut(String),
}

impl<'a> Held<'a> {
    /// Reports each annotation that does not hold to `fail`.
    pub fn new(fail: &'a mut dyn FnMut(String)) -> Self {
        Held { fail }
    }

    /// The reporter, for an annotation the game holds in its own words.
    pub fn fail(&mut self) -> &mut dyn FnMut(String) {
        &mut *self.fail
    }

    /// A value: when the scenario gives one, it must be the one noted.
    pub fn same<T: PartialEq + std::fmt::Display>(&mut self, field: &str, want: Option<T>, got: T) {
        if let Some(want) = want
            && want != got
        {
            (self.fail)(format!("{field} expected {want}, got {got}"));
        }
    }

    /// A list the pages read in any order: when the scenario gives one, its
    /// items sorted must be the noted items sorted.
    pub fn same_set<T: Ord + std::fmt::Display>(
        &mut self,
        field: &str,
        want: Option<Vec<T>>,
        mut got: Vec<T>,
    ) {
        let Some(mut want) = want else { return };
        want.sort();
        got.sort();
        if want != got {
            let show = |v: &[T]| {
                v.iter()
                    .map(|t| t.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            (self.fail)(format!(
                "{field} expected [{}], got [{}]",
                show(&want),
                show(&got)
            ));
        }
    }
}
