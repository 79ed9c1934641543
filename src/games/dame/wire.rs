//! Dame's parts of the protocol (`spec/dame/protocol.md`): the setup as
//! JSON and the state fields.

use serde_json::{Map, Value, json};

use crate::rules::state::{plain, read_bool};
use crate::rules::wire::{FieldError, field_err, sides_left_out};
use crate::rules::{StateField, Wire};

use super::board::{Kind, Setup, Side, Square, Stone};
use super::game::{Dame, Note, Outcome};

fn squares_read(v: &Value) -> Result<Value, String> {
    let Value::Array(items) = v else {
        return Err("expected a list of squares".into());
    };
    let mut out = Vec::new();
    for i in items {
        let sq: Square = i
            .as_str()
            .ok_or("expected a list of squares")?
            .parse()
            .map_err(|e: String| e)?;
        out.push(sq.to_string());
    }
    Ok(json!(out))
}

fn squares_show(v: &Value) -> String {
    match v {
        Value::Array(items) => {
            let s: Vec<String> = items.iter().map(plain).collect();
            format!("[{}]", s.join(", "))
        }
        other => plain(other),
    }
}

fn sorted_squares_read(v: &Value) -> Result<Value, String> {
    let mut v = squares_read(v)?;
    if let Value::Array(a) = &mut v {
        a.sort_by(|x, y| x.as_str().cmp(&y.as_str()));
    }
    Ok(v)
}

fn captures_value(n: &Note, _: &Outcome) -> Value {
    json!(n.captures.iter().map(|s| s.to_string()).collect::<Vec<_>>())
}

fn crowned_value(n: &Note, _: &Outcome) -> Value {
    json!(n.crowned)
}

fn huffable_value(n: &Note, _: &Outcome) -> Value {
    let mut v: Vec<String> = n.huffable.iter().map(|s| s.to_string()).collect();
    v.sort();
    json!(v)
}

impl Wire for Dame {
    fn setup_to_move(setup: &Self::Setup, profile: &Self::Profile) -> Option<Self::Side> {
        Some(setup.to_move.unwrap_or(profile.first))
    }

    /// The setup as the protocol spells it.
    fn setup_to_wire(setup: &Setup) -> Value {
        let mut sides = [Map::new(), Map::new()];
        for (sq, st) in &setup.stones {
            sides[usize::from(st.side == Side::Black)]
                .insert(sq.to_string(), json!(st.kind.to_string()));
        }
        let [white, black] = sides;
        json!({
            "to-move": setup.to_move.map(|s| s.name()),
            "white": white,
            "black": black,
        })
    }

    /// Reads a protocol setup.
    fn setup_from_wire(v: &Value) -> Result<Setup, FieldError> {
        let Value::Object(map) = v else {
            return Err(field_err("setup", "expected an object"));
        };
        for k in map.keys() {
            if !["start", "to-move", "white", "black"].contains(&k.as_str()) {
                return Err(field_err(
                    &format!("setup.{k}"),
                    "unknown field: expected start, to-move, white, black",
                ));
            }
        }
        // `start: true`, as in scenario files: the position of DA-1.2.
        let start = match map.get("start") {
            None | Some(Value::Bool(false)) => false,
            Some(Value::Bool(true)) => true,
            Some(other) => {
                return Err(field_err(
                    "setup.start",
                    format!("expected true or false, got {other}"),
                ));
            }
        };
        let to_move = match map.get("to-move") {
            None | Some(Value::Null) => None,
            Some(v) => Some(serde_json::from_value::<Side>(v.clone()).map_err(|_| {
                field_err(
                    "setup.to-move",
                    format!("`{v}` is not white, black or null"),
                )
            })?),
        };
        if start {
            sides_left_out(
                map,
                |v| v.as_object().is_some_and(Map::is_empty),
                "`start: true` is the whole starting position: leave `white` and `black` out",
            )?;
            return Ok(Setup {
                to_move,
                ..Setup::start()
            });
        }
        let mut stones = Vec::new();
        for side in [Side::White, Side::Black] {
            let at = format!("setup.{side}");
            let Some(m) = map.get(side.name()) else {
                continue;
            };
            let Value::Object(m) = m else {
                return Err(field_err(&at, "expected an object of square: man|dame"));
            };
            for (sq, kind) in m {
                let square: Square = sq
                    .parse()
                    .map_err(|e| field_err(&format!("{at}.{sq}"), e))?;
                let kind: Kind = kind
                    .as_str()
                    .ok_or_else(|| field_err(&format!("{at}.{sq}"), "expected man or dame"))?
                    .parse()
                    .map_err(|e| field_err(&format!("{at}.{sq}"), e))?;
                stones.push((square, Stone { side, kind }));
            }
        }
        let setup = Setup { stones, to_move };
        setup.validate().map_err(|(i, m)| {
            let (sq, st) = setup.stones[i];
            field_err(&format!("setup.{}.{sq}", st.side), m)
        })?;
        Ok(setup)
    }

    /// The fields of a Dame `state` reply.
    const STATE_FIELDS: &'static [StateField<Self>] = &[
        StateField::OUTCOME,
        StateField::new("captures", captures_value, squares_read, squares_show),
        StateField::plain("crowned", crowned_value, read_bool),
        StateField::new(
            "huffable",
            huffable_value,
            sorted_squares_read,
            squares_show,
        ),
    ];
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setups_round_trip() {
        use super::super::board::Board;
        let mut s = Setup::start();
        for _ in 0..2 {
            let back = Dame::setup_from_wire(&Dame::setup_to_wire(&s)).unwrap();
            assert_eq!(Board::from_setup(&back), Board::from_setup(&s));
            assert_eq!(back.to_move, s.to_move);
            s.to_move = Some(Side::Black);
        }
    }

    #[test]
    fn bad_setups_name_the_field() {
        let e = Dame::setup_from_wire(&json!({"white": {"b1": "man"}})).unwrap_err();
        assert_eq!(e.0, "setup.white.b1");
        let e = Dame::setup_from_wire(&json!({"white": {"c3": "king"}})).unwrap_err();
        assert_eq!(e.0, "setup.white.c3");
        let e = Dame::setup_from_wire(&json!({"red": {}})).unwrap_err();
        assert_eq!(e.0, "setup.red");
    }
}
