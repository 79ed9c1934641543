//! Backgammon's parts of the protocol (`spec/backgammon/protocol.md`): the
//! setup as JSON, and the fields of a `state` reply.

use serde_json::{Map, Value, json};

use crate::rules::state::canonical;
use crate::rules::state::kind_of;
use crate::rules::wire::{FieldError, field_err, object, optional};
use crate::rules::{StateField, Wire};

use super::board::{Action, Player, Position};
use super::game::{Backgammon, Cube, Note, Outcome};
use super::setup::Setup;

fn count(v: &Value, at: &str) -> Result<u8, FieldError> {
    v.as_u64()
        .and_then(|n| u8::try_from(n).ok())
        .filter(|&n| n <= 15)
        .ok_or_else(|| field_err(at, format!("expected a count from 0 to 15, got {v}")))
}

fn pair(map: &Map<String, Value>, key: &str) -> Result<[u8; 2], FieldError> {
    let Some(v) = map.get(key) else {
        return Ok([0, 0]);
    };
    let o = object(v, &format!("setup.{key}"))?;
    let mut out = [0; 2];
    for p in Player::BOTH {
        if let Some(v) = o.get(p.name()) {
            out[p.index()] = count(v, &format!("setup.{key}.{p}"))?;
        }
    }
    Ok(out)
}

fn cube_value(n: &Note, _: &Outcome) -> Value {
    serde_json::to_value(n.cube).unwrap_or(Value::Null)
}

fn cube_read(v: &Value) -> Result<Value, String> {
    canonical::<Cube>(v, "a cube ({\"value\": 2, \"owner\": \"black\"})")
}

fn points(v: &[u8]) -> Value {
    let mut v = v.to_vec();
    v.sort_unstable_by(|a, b| b.cmp(a));
    json!(v)
}

fn points_read(v: &Value) -> Result<Value, String> {
    let list: Vec<u8> =
        serde_json::from_value(v.clone()).map_err(|_| format!("`{v}` is not a list of numbers"))?;
    Ok(points(&list))
}

fn hits_value(n: &Note, _: &Outcome) -> Value {
    points(&n.hits)
}

fn unused_value(n: &Note, _: &Outcome) -> Value {
    points(&n.unused)
}

fn off_value(n: &Note, _: &Outcome) -> Value {
    json!(n.borne_off)
}

fn number_read(v: &Value) -> Result<Value, String> {
    v.as_u64()
        .map(|n| json!(n))
        .ok_or_else(|| format!("`{v}` is not a number"))
}

fn pips_value(n: &Note, _: &Outcome) -> Value {
    json!({"white": n.pips[0], "black": n.pips[1]})
}

fn pips_read(v: &Value) -> Result<Value, String> {
    let w = v.get("white").and_then(Value::as_u64);
    let b = v.get("black").and_then(Value::as_u64);
    match (w, b) {
        (Some(w), Some(b)) => Ok(json!({"white": w, "black": b})),
        _ => Err(format!("`{v}` is not {{\"white\": n, \"black\": n}}")),
    }
}

impl Wire for Backgammon {
    fn setup_to_move(setup: &Self::Setup, _profile: &Self::Profile) -> Option<Self::Side> {
        Some(setup.to_move.into())
    }

    /// The setup as the protocol spells it: each player's checkers as
    /// `"point": count` in their own numbers, bar, off, cube, who is on turn,
    /// the dice already rolled (or `null`) and whether the opening roll comes.
    fn setup_to_wire(setup: &Setup) -> Value {
        let pos = &setup.position;
        let mut sides = [Map::new(), Map::new()];
        for p in Player::BOTH {
            for pt in 1..=24u8 {
                let n = pos.at(p, pt);
                if n > 0 {
                    sides[p.index()].insert(pt.to_string(), json!(n));
                }
            }
        }
        let [white, black] = sides;
        json!({
            "white": white,
            "black": black,
            "bar": {"white": pos.bar[0], "black": pos.bar[1]},
            "off": {"white": pos.off[0], "black": pos.off[1]},
            "cube": setup.cube,
            "to-move": setup.to_move,
            "dice": setup.dice.map(|r| r.to_string()),
            "opening": setup.opening,
            "roll-next": setup.roll_next,
        })
    }

    /// Reads a protocol setup; the error names the field.
    fn setup_from_wire(v: &Value) -> Result<Setup, FieldError> {
        let map = object(v, "setup")?;
        // `start: "standard"`, as in scenario files: the position of BG-1.4,
        // each player's points given replacing that player's army, and the
        // opening roll to come unless `to-move` or `dice` says otherwise.
        let standard = match map.get("start") {
            None | Some(Value::Null) => false,
            Some(Value::String(s)) if s == "standard" => true,
            Some(other) => {
                return Err(field_err(
                    "setup.start",
                    format!("`{other}` is not a start: expected \"standard\""),
                ));
            }
        };
        let mut pos = if standard {
            Position::standard()
        } else {
            Position::empty()
        };
        for p in Player::BOTH {
            match map.get(p.name()) {
                None if standard => {}
                None => return Err(field_err(&format!("setup.{p}"), "missing")),
                Some(v) => {
                    let o = object(v, &format!("setup.{p}"))?;
                    pos.points[p.index()] = [0; 25];
                    for (k, n) in o {
                        let at = format!("setup.{p}.{k}");
                        let pt: u8 = k
                            .parse()
                            .ok()
                            .filter(|n| (1..=24).contains(n))
                            .ok_or_else(|| field_err(&at, "expected a point from 1 to 24"))?;
                        // `1` and `01` name one point: they add up, as in a
                        // scenario, and never past 15.
                        let on = &mut pos.points[p.index()][usize::from(pt)];
                        *on = on
                            .checked_add(count(n, &at)?)
                            .filter(|&n| n <= 15)
                            .ok_or_else(|| {
                                field_err(
                                    &at,
                                    format!("point {pt} would hold more than 15 checkers"),
                                )
                            })?;
                    }
                }
            }
        }
        pos.bar = pair(map, "bar")?;
        pos.off = pair(map, "off")?;
        let cube: Cube = optional(map, "cube", Cube::CENTRED, |c| {
            format!("expected {{\"value\": 2, \"owner\": \"white\"}}, got {c}")
        })?;
        // The scenario loader's check, so that the wire refuses what a
        // scenario refuses (BG-8.8).
        cube.check().map_err(|e| field_err("setup.cube.value", e))?;
        let to_move = optional(map, "to-move", Player::White, |t| {
            format!("expected \"white\" or \"black\", got {t}")
        })?;
        let dice = match map.get("dice") {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) => match s.parse::<Action>() {
                Ok(Action::Roll(r)) => Some(r),
                _ => {
                    return Err(field_err(
                        "setup.dice",
                        format!("expected a roll like \"5-2\", got \"{s}\""),
                    ));
                }
            },
            Some(other) => {
                return Err(field_err(
                    "setup.dice",
                    format!("expected a string or null, got {}", kind_of(other)),
                ));
            }
        };
        let opening = match map.get("opening") {
            None => standard && !map.contains_key("to-move") && dice.is_none(),
            Some(Value::Bool(b)) => *b,
            Some(other) => {
                return Err(field_err(
                    "setup.opening",
                    format!("expected true or false, got {}", kind_of(other)),
                ));
            }
        };
        let roll_next = match map.get("roll-next") {
            None => false,
            Some(Value::Bool(b)) => *b,
            Some(other) => {
                return Err(field_err(
                    "setup.roll-next",
                    format!("expected true or false, got {}", kind_of(other)),
                ));
            }
        };
        let s = Setup {
            position: pos,
            cube,
            to_move,
            dice,
            opening,
            roll_next,
        };
        super::reference::check_setup(&s).map_err(|e| field_err("setup", e))?;
        Ok(s)
    }

    /// The fields of a `state` reply.
    const STATE_FIELDS: &'static [StateField<Self>] = &[
        StateField::OUTCOME,
        StateField::plain("cube", cube_value, cube_read),
        StateField::plain("hits", hits_value, points_read),
        StateField::plain("unused-dice", unused_value, points_read),
        StateField::plain("borne-off", off_value, number_read),
        StateField::plain("pips", pips_value, pips_read),
    ];
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setups_round_trip() {
        let mut s = Setup::standard();
        assert_eq!(
            Backgammon::setup_from_wire(&Backgammon::setup_to_wire(&s)).unwrap(),
            s
        );
        s.opening = false;
        s.dice = Some(super::super::board::Roll::new(5, 2));
        s.cube = Cube {
            value: 4,
            owner: Some(Player::Black),
        };
        assert_eq!(
            Backgammon::setup_from_wire(&Backgammon::setup_to_wire(&s)).unwrap(),
            s
        );
        let mut bad = Backgammon::setup_to_wire(&s);
        bad["white"]["25"] = json!(1);
        assert_eq!(
            Backgammon::setup_from_wire(&bad).unwrap_err().0,
            "setup.white.25"
        );
        let mut twice = Backgammon::setup_to_wire(&Setup::standard());
        twice["white"]["06"] = json!(11);
        assert!(Backgammon::setup_from_wire(&twice).is_err_and(|e| e.1.contains("more than 15")));
    }

    /// The wire refuses the cubes a scenario refuses (BG-8.8), naming the
    /// field; a cube of 0 once reached the engine and divided by zero.
    #[test]
    fn cubes_outside_the_range_are_field_errors() {
        let mut v = Backgammon::setup_to_wire(&Setup::standard());
        for bad in [0u64, 3, 96, 1 << 31] {
            v["cube"] = json!({"value": bad, "owner": null});
            let (field, message) = Backgammon::setup_from_wire(&v).unwrap_err();
            assert_eq!(field, "setup.cube.value", "{bad}");
            assert!(message.contains(&format!("not {bad}")), "{message}");
        }
        // Past 32 bits the cube does not read at all.
        v["cube"] = json!({"value": 1u64 << 32, "owner": null});
        assert_eq!(Backgammon::setup_from_wire(&v).unwrap_err().0, "setup.cube");
        v["cube"] = json!({"value": 1u32 << 30, "owner": "black"});
        assert_eq!(Backgammon::setup_from_wire(&v).unwrap().cube.value, 1 << 30);
    }
}
