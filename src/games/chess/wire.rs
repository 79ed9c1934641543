//! Chess's parts of the protocol (`spec/chess/protocol.md`): the setup as
//! `{"fen": …}`, and the fields of a `state` reply.

use serde_json::{Value, json};

use crate::rules::state::kind_of;
use crate::rules::state::{plain, read_bool};
use crate::rules::{StateField, Wire};

use super::action::ClaimKind;
use super::game::{Chess, Note, Outcome};
use super::position::Position;

fn read_count(v: &Value) -> Result<Value, String> {
    v.as_u64()
        .filter(|n| *n <= u64::from(u32::MAX))
        .map(Value::from)
        .ok_or_else(|| format!("expected a whole number, got {v}"))
}

fn claimable_value(n: &Note, _: &Outcome) -> Value {
    serde_json::to_value(&n.claimable).unwrap_or_default()
}

fn claimable_read(v: &Value) -> Result<Value, String> {
    let mut kinds: Vec<ClaimKind> = serde_json::from_value(v.clone())
        .map_err(|_| format!("`{v}` is not a list of claims (threefold, fifty)"))?;
    kinds.sort();
    kinds.dedup();
    serde_json::to_value(kinds).map_err(|e| e.to_string())
}

impl Wire for Chess {
    /// The setup as the protocol spells it: its FEN, all six fields.
    fn setup_to_wire(setup: &Position) -> Value {
        json!({ "fen": setup.fen() })
    }

    /// Reads a protocol setup; the error names the field.
    fn setup_from_wire(value: &Value) -> Result<Position, (String, String)> {
        let Value::Object(obj) = value else {
            return Err((
                "setup".into(),
                format!("expected an object, got {}", kind_of(value)),
            ));
        };
        if let Some(k) = obj.keys().find(|k| *k != "fen") {
            return Err((
                format!("setup.{k}"),
                "unknown field: a chess setup has only `fen` (`{}` is the initial position)".into(),
            ));
        }
        match obj.get("fen") {
            // `{}`, as in scenario files: the initial position.
            None => Ok(Position::start()),
            Some(Value::String(f)) => Position::from_fen(f).map_err(|e| ("setup.fen".into(), e)),
            Some(other) => Err((
                "setup.fen".into(),
                format!("expected a string, got {}", kind_of(other)),
            )),
        }
    }

    /// The fields of a chess `state` reply.
    const STATE_FIELDS: &'static [StateField<Self>] = &[
        StateField::OUTCOME,
        StateField {
            capability: "check",
            value: |n, _| Value::Bool(n.check),
            read: read_bool,
            show: plain,
        },
        StateField {
            capability: "capture",
            value: |n, _| Value::Bool(n.capture),
            read: read_bool,
            show: plain,
        },
        StateField {
            capability: "halfmove-clock",
            value: |n, _| Value::from(n.halfmove_clock),
            read: read_count,
            show: plain,
        },
        StateField {
            capability: "repetitions",
            value: |n, _| Value::from(n.repetitions),
            read: read_count,
            show: plain,
        },
        StateField {
            capability: "claimable",
            value: claimable_value,
            read: claimable_read,
            show: plain,
        },
    ];
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setups_round_trip_and_errors_name_the_field() {
        let p = Position::start();
        assert_eq!(
            Chess::setup_from_wire(&Chess::setup_to_wire(&p)).unwrap(),
            p
        );
        assert_eq!(
            Chess::setup_from_wire(&json!({})).unwrap(),
            Position::start()
        );
        assert_eq!(
            Chess::setup_from_wire(&json!({"start": true}))
                .unwrap_err()
                .0,
            "setup.start"
        );
        assert_eq!(
            Chess::setup_from_wire(&json!({"fen": 3})).unwrap_err().0,
            "setup.fen"
        );
        assert_eq!(
            Chess::setup_from_wire(&json!({"fen": "x"})).unwrap_err().0,
            "setup.fen"
        );
        assert_eq!(
            Chess::setup_from_wire(
                &json!({"fen": crate::games::chess::position::START_FEN, "board": 1})
            )
            .unwrap_err()
            .0,
            "setup.board"
        );
        assert_eq!(Chess::setup_from_wire(&json!([])).unwrap_err().0, "setup");
    }
}
