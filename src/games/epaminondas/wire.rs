//! Epaminondas's parts of the protocol (`spec/epaminondas/protocol.md`):
//! the setup as JSON, and the fields of a `state` reply.

use serde_json::{Map, Value, json};

use crate::rules::state::kind_of;
use crate::rules::state::{canonical, plain};
use crate::rules::wire::{FieldError, field_err, object, optional, sides_left_out, string_field};
use crate::rules::{StateField, Wire, not_one_of};

use super::board::{Side, Size, Square};
use super::game::{Crossings, Epaminondas, Note, Outcome};
use super::setup::Setup;

fn squares(obj: &Map<String, Value>, key: &str) -> Result<Vec<Square>, FieldError> {
    let at = format!("setup.{key}");
    match obj.get(key) {
        None => Ok(Vec::new()),
        Some(Value::Array(items)) => items
            .iter()
            .enumerate()
            .map(|(i, v)| match v {
                Value::String(s) => s
                    .parse::<Square>()
                    .map_err(|e| field_err(&format!("{at}[{i}]"), e)),
                other => Err(field_err(
                    &format!("{at}[{i}]"),
                    format!("expected a square name, got {}", kind_of(other)),
                )),
            })
            .collect(),
        Some(other) => Err(field_err(
            &at,
            format!("expected a list of squares, got {}", kind_of(other)),
        )),
    }
}

fn captures_value(n: &Note, _: &Outcome) -> Value {
    let mut c = n.captures.clone();
    c.sort();
    json!(c.iter().map(|s| s.to_string()).collect::<Vec<_>>())
}

fn captures_read(v: &Value) -> Result<Value, String> {
    let Value::Array(items) = v else {
        return Err(format!("expected a list of squares, got {}", kind_of(v)));
    };
    let mut out = Vec::new();
    for item in items {
        let Value::String(s) = item else {
            return Err(format!("expected square names, got {}", kind_of(item)));
        };
        out.push(s.parse::<Square>()?);
    }
    out.sort();
    Ok(json!(out.iter().map(|s| s.to_string()).collect::<Vec<_>>()))
}

fn captures_show(v: &Value) -> String {
    match v.as_array() {
        Some(a) if a.is_empty() => "none".into(),
        Some(a) => a.iter().map(plain).collect::<Vec<_>>().join(" "),
        None => plain(v),
    }
}

fn crossings_value(n: &Note, _: &Outcome) -> Value {
    serde_json::to_value(n.crossings).unwrap_or_default()
}

fn crossings_read(v: &Value) -> Result<Value, String> {
    canonical::<Crossings>(v, "an object {white, black} of whole numbers")
}

fn crossings_show(v: &Value) -> String {
    match (v.get("white"), v.get("black")) {
        (Some(w), Some(b)) => format!("white {w}, black {b}"),
        _ => plain(v),
    }
}

impl Wire for Epaminondas {
    fn setup_to_move(setup: &Self::Setup, _profile: &Self::Profile) -> Option<Self::Side> {
        Some(setup.to_move)
    }

    /// One position whatever the order each side's stones are listed in
    /// (`spec/epaminondas/protocol.md`: the stones "in any order").
    fn same_position(a: &Setup, b: &Setup) -> bool {
        let sorted = |s: &Setup| {
            let (mut w, mut b) = (s.white.clone(), s.black.clone());
            w.sort();
            b.sort();
            (s.size, s.to_move, w, b)
        };
        sorted(a) == sorted(b)
    }

    /// The setup as the protocol spells it: the board's name and size (so an
    /// implementation can refuse a board it does not play), who moves first,
    /// and each side's stones as a list of squares.
    fn setup_to_wire(setup: &Setup) -> Value {
        let names = |v: &[Square]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        json!({
            "board": {
                "name": setup.size.name(),
                "files": setup.size.files(),
                "ranks": setup.size.ranks(),
            },
            "to-move": setup.to_move.name(),
            "white": names(&setup.white),
            "black": names(&setup.black),
        })
    }

    /// Reads a protocol setup; the error names the field and says what was
    /// expected.
    fn setup_from_wire(value: &Value) -> Result<Setup, FieldError> {
        let obj = object(value, "setup")?;
        let size = match obj.get("board") {
            None => Size::Standard,
            Some(v) => {
                let b = object(v, "setup.board")?;
                let name = string_field(b, "setup.board", "name")?;
                let size = Size::named(name).ok_or_else(|| {
                    field_err(
                        "setup.board.name",
                        not_one_of(name, "a board", Size::NAMES, None),
                    )
                })?;
                for (key, want) in [("files", size.files()), ("ranks", size.ranks())] {
                    if let Some(v) = b.get(key)
                        && v.as_u64() != Some(want as u64)
                    {
                        return Err(field_err(
                            &format!("setup.board.{key}"),
                            format!("the {name} board has {want} {key}, not {v}"),
                        ));
                    }
                }
                size
            }
        };
        let to_move = optional(obj, "to-move", Side::White, |v| {
            format!("expected white or black, got {v}")
        })?;
        // `start: "standard"`, as in scenario files: the opening array of EP-1.4
        // on the board given.
        match obj.get("start") {
            None | Some(Value::Null) => {}
            Some(Value::String(s)) if s == "standard" => {
                sides_left_out(
                    obj,
                    |v| v.as_array().is_some_and(Vec::is_empty),
                    "`start: standard` places every stone: leave `white` and `black` out",
                )?;
                return Ok(Setup {
                    to_move,
                    ..Setup::standard(size)
                });
            }
            Some(other) => {
                return Err(field_err(
                    "setup.start",
                    format!("`{other}` is not a start: expected \"standard\""),
                ));
            }
        }
        let setup = Setup {
            size,
            white: squares(obj, "white")?,
            black: squares(obj, "black")?,
            to_move,
        };
        if let Err(e) = setup.validate() {
            let (side, i) = e.entry();
            return Err(field_err(&format!("setup.{side}[{i}]"), e.to_string()));
        }
        Ok(setup)
    }

    /// The fields of an Epaminondas `state` reply.
    const STATE_FIELDS: &'static [StateField<Self>] = &[
        StateField::OUTCOME,
        StateField::new("captures", captures_value, captures_read, captures_show),
        StateField::new("crossings", crossings_value, crossings_read, crossings_show),
    ];
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The stones in any order are one position; other stones are not.
    #[test]
    fn stones_in_any_order_spell_one_position() {
        let s = Setup::standard(Size::Standard);
        let mut reversed = s.clone();
        reversed.white.reverse();
        reversed.black.reverse();
        assert_ne!(
            Epaminondas::setup_to_wire(&s),
            Epaminondas::setup_to_wire(&reversed)
        );
        assert!(Epaminondas::same_position(&s, &reversed));
        let mut fewer = s.clone();
        fewer.white.pop();
        assert!(!Epaminondas::same_position(&s, &fewer));
        let mut other_side = s.clone();
        other_side.to_move = other_side.to_move.opponent();
        assert!(!Epaminondas::same_position(&s, &other_side));
    }

    #[test]
    fn setups_round_trip() {
        for size in Size::ALL {
            let s = Setup::standard(size);
            assert_eq!(
                Epaminondas::setup_from_wire(&Epaminondas::setup_to_wire(&s)),
                Ok(s)
            );
        }
    }

    #[test]
    fn bad_setups_name_the_field() {
        let field = |v: Value| Epaminondas::setup_from_wire(&v).unwrap_err().0;
        assert_eq!(field(json!({"board": {"name": "9x9"}})), "setup.board.name");
        assert_eq!(
            field(json!({"board": {"name": "8x8", "files": 9}})),
            "setup.board.files"
        );
        assert_eq!(field(json!({"white": ["a1", "zz"]})), "setup.white[1]");
        assert_eq!(
            field(json!({"white": ["a1"], "black": ["a1"]})),
            "setup.black[0]"
        );
        assert_eq!(field(json!({"to-move": "red"})), "setup.to-move");
        assert_eq!(
            field(json!({"board": {"name": "8x8"}, "black": ["i1"]})),
            "setup.black[0]"
        );
    }
}
