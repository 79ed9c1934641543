//! Reading a protocol setup ([`Wire::setup_from_wire`](super::Wire::setup_from_wire)):
//! the error every game returns (the field at fault and what was expected)
//! and the readings every game's setup makes alike.

use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use super::state::kind_of;

/// What is wrong with a protocol setup: the field (`setup.…`) and what was
/// expected there.
pub type FieldError = (String, String);

/// The error at `field`.
pub fn field_err(field: &str, message: impl Into<String>) -> FieldError {
    (field.to_string(), message.into())
}

/// `v`, which stands at `field`, as an object.
pub fn object<'a>(v: &'a Value, field: &str) -> Result<&'a Map<String, Value>, FieldError> {
    v.as_object()
        .ok_or_else(|| field_err(field, format!("expected an object, got {}", kind_of(v))))
}

/// The field `key` of the setup `map`, read with serde, or `default`
/// when it is absent; `expected` says what was expected instead of a
/// value that does not read.
pub fn optional<T: DeserializeOwned>(
    map: &Map<String, Value>,
    key: &str,
    default: T,
    expected: impl FnOnce(&Value) -> String,
) -> Result<T, FieldError> {
    match map.get(key) {
        None => Ok(default),
        Some(v) => serde_json::from_value(v.clone())
            .map_err(|_| field_err(&format!("setup.{key}"), expected(v))),
    }
}

/// The string `field` of the object `obj` that stands at `at`, required.
pub fn string_field<'a>(
    obj: &'a Map<String, Value>,
    at: &str,
    field: &str,
) -> Result<&'a str, FieldError> {
    match obj.get(field) {
        None => Err(field_err(&format!("{at}.{field}"), "missing")),
        Some(Value::String(s)) => Ok(s.as_str()),
        Some(other) => Err(field_err(
            &format!("{at}.{field}"),
            format!("expected a string, got {}", kind_of(other)),
        )),
    }
}

/// A setup that names a start, which places every piece itself: the error
/// `why` at the first of `white` and `black` that `map` still places
/// pieces under (any value but one that `places_nothing`: the game's empty
/// spelling).
pub fn sides_left_out(
    map: &Map<String, Value>,
    places_nothing: fn(&Value) -> bool,
    why: &str,
) -> Result<(), FieldError> {
    match ["white", "black"]
        .into_iter()
        .find(|side| map.get(*side).is_some_and(|v| !places_nothing(v)))
    {
        Some(side) => Err(field_err(&format!("setup.{side}"), why)),
        None => Ok(()),
    }
}
