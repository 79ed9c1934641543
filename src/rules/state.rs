//! The fields of a protocol `state` reply. Each game lists its fields once
//! ([`Wire::STATE_FIELDS`](super::Wire::STATE_FIELDS)); that one list is
//! what `arbiter serve` answers, what an implementation may declare as
//! capabilities, what the harness asks for and what it compares.

use serde_json::Value;

use super::Basics;

/// One field of a `state` reply, named like the capability that declares it.
pub struct StateField<G: Basics> {
    /// The capability and the reply field (`two-squares`, `outcome`, …).
    pub capability: &'static str,
    /// The field's value after an action (`null` when there is nothing to
    /// report, like a move that was no attack), given what the rules noted
    /// about the action and the outcome after it.
    pub value: fn(&G::Note, &G::Outcome) -> Value,
    /// Reads an implementation's value: the same value in canonical form,
    /// or what was expected instead.
    pub read: fn(&Value) -> Result<Value, String>,
    /// Spells a (canonical) value in a departure message.
    pub show: fn(&Value) -> String,
}

impl<G: Basics> StateField<G> {
    /// `outcome`: how the game stands after the action, in the spelling of
    /// the game's `Outcome` (the same in scenario files), shown as the
    /// outcome's text. Every game has it, written once here.
    pub const OUTCOME: StateField<G> = StateField {
        capability: "outcome",
        value: outcome_value::<G>,
        read: outcome_read::<G>,
        show: outcome_show::<G>,
    };

    /// The field declared by `capability`, its value, reader and spelling.
    pub const fn new(
        capability: &'static str,
        value: fn(&G::Note, &G::Outcome) -> Value,
        read: fn(&Value) -> Result<Value, String>,
        show: fn(&Value) -> String,
    ) -> StateField<G> {
        StateField {
            capability,
            value,
            read,
            show,
        }
    }

    /// A field whose values are shown as they are ([`plain`]).
    pub const fn plain(
        capability: &'static str,
        value: fn(&G::Note, &G::Outcome) -> Value,
        read: fn(&Value) -> Result<Value, String>,
    ) -> StateField<G> {
        StateField::new(capability, value, read, plain)
    }

    /// The field of `fields` declared by `capability`.
    pub fn find<'a>(fields: &'a [StateField<G>], capability: &str) -> Option<&'a StateField<G>> {
        fields.iter().find(|f| f.capability == capability)
    }
}

fn outcome_value<G: Basics>(_: &G::Note, o: &G::Outcome) -> Value {
    serde_json::to_value(o).unwrap_or_default()
}

fn outcome_read<G: Basics>(v: &Value) -> Result<Value, String> {
    canonical::<G::Outcome>(v, "an outcome")
}

fn outcome_show<G: Basics>(v: &Value) -> String {
    serde_json::from_value::<G::Outcome>(v.clone()).map_or_else(|_| plain(v), |o| o.to_string())
}

/// Reads a field that is `true` or `false`.
pub fn read_bool(v: &Value) -> Result<Value, String> {
    v.as_bool()
        .map(Value::Bool)
        .ok_or_else(|| format!("expected true or false, got {v}"))
}

/// Reads a value with serde and writes it back: the canonical form of a
/// typed field (rule codes, outcomes, enum names).
pub fn canonical<T: serde::de::DeserializeOwned + serde::Serialize>(
    v: &Value,
    what: &str,
) -> Result<Value, String> {
    let t: T = serde_json::from_value(v.clone()).map_err(|_| format!("`{v}` is not {what}"))?;
    serde_json::to_value(t).map_err(|e| e.to_string())
}

/// A value as a person reads it: a string without its quotes, `none` for
/// null, anything else as compact JSON.
pub fn plain(v: &Value) -> String {
    match v {
        Value::Null => "none".into(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// A JSON value's kind, as error messages name it (`a string`, `null`).
pub fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}
