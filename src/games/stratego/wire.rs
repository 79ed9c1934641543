//! Stratego's parts of the protocol (`spec/stratego/protocol.md`): the
//! setup as JSON, and the fields of a `state` reply.

use serde_json::{Map, Value, json};

use crate::rules::state::kind_of;
use crate::rules::state::{canonical, plain};
use crate::rules::wire::{FieldError, field_err, object, optional, string_field};
use crate::rules::{StateField, Wire, not_one_of};

use super::army::Army;
use super::combat::CombatResult;
use super::game::{Chasers, Outcome, PlyReport, Stratego};
use super::geometry::Geometry;
use super::piece::{Color, Piece, Rank};
use super::position::Setup;
use super::square::Square;

impl Wire for Stratego {
    fn setup_to_move(setup: &Self::Setup, _profile: &Self::Profile) -> Option<Self::Side> {
        Some(setup.to_move)
    }

    /// The fields of a Stratego `state` reply (`spec/stratego/protocol.md`).
    const STATE_FIELDS: &'static [StateField<Self>] = &[
        StateField::new(
            "two-squares",
            two_squares_value,
            two_squares_read,
            two_squares_show,
        ),
        StateField::plain("combat", combat_value, combat_read),
        StateField::OUTCOME,
        StateField::new("chase", chase_value, chase_read, chase_show),
    ];

    /// The setup as the protocol spells it: the board and the army spelled out
    /// (so an implementation can refuse a board or army it does not play), who
    /// moves first, and each side's pieces as `square: rank`.
    fn setup_to_wire(setup: &Setup) -> Value {
        let g = &setup.geometry;
        let counts = army_counts_value(&setup.army);
        let mut sides = [Map::new(), Map::new()];
        for (sq, piece) in &setup.pieces {
            let side = usize::from(piece.color == Color::Blue);
            sides[side].insert(sq.to_string(), json!(piece.rank.name()));
        }
        let [red, blue] = sides;
        json!({
            "board": {
                "name": g.name,
                "files": g.files,
                "ranks": g.ranks,
                "lakes": g.lakes.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
            },
            "army": {"name": setup.army.name, "counts": counts},
            "to-move": setup.to_move.name(),
            "red": red,
            "blue": blue,
        })
    }

    /// Reads a protocol setup; the error is (field, what was expected).
    fn setup_from_wire(v: &Value) -> Result<Setup, FieldError> {
        let map = object(v, "setup")?;
        // Stratego has no start position to name: each player places their own
        // army (RP-1.3), so a setup always lists its pieces.
        if map.contains_key("start") {
            return Err(field_err(
                "setup.start",
                "Stratego has no start position: the players place their armies (RP-1.3), so a setup lists its pieces under `red` and `blue`",
            ));
        }
        let board = map
            .get("board")
            .ok_or_else(|| field_err("setup.board", "missing"))?;
        let b = object(board, "setup.board")?;
        let name = string_field(b, "setup.board", "name")?;
        let geometry = read_board(b, name)?;
        let army = match map.get("army") {
            None => Army::default_for(&geometry),
            Some(a) => read_army(object(a, "setup.army")?)?,
        };
        let to_move = optional(map, "to-move", Color::Red, |v| {
            format!("`{v}` is not a colour (red or blue)")
        })?;
        let mut pieces = Vec::new();
        for color in [Color::Red, Color::Blue] {
            let field = format!("setup.{}", color.name());
            match map.get(color.name()) {
                None => {}
                Some(Value::Object(side)) => {
                    for (sq, rank) in side {
                        let square: Square =
                            sq.parse().map_err(|e| field_err(&field, format!("{e}")))?;
                        let at = format!("{field}.{sq}");
                        let Value::String(rank) = rank else {
                            return Err(field_err(
                                &at,
                                format!("expected a string, got {}", kind_of(rank)),
                            ));
                        };
                        let rank: Rank =
                            rank.parse().map_err(|e| field_err(&at, format!("{e}")))?;
                        pieces.push((square, Piece { color, rank }));
                    }
                }
                Some(other) => {
                    return Err(field_err(
                        &field,
                        format!("expected an object of square: rank, got {}", kind_of(other)),
                    ));
                }
            }
        }
        let setup = Setup {
            geometry,
            army,
            pieces,
            to_move,
        };
        // What the scenario loader refuses, the wire refuses: a piece off the
        // board or on a lake, two on a square, more of a rank than the army has.
        if let Err(e) = setup.validate() {
            let (square, piece) = setup.pieces[e.entry()];
            return Err(field_err(
                &format!("setup.{}.{square}", piece.color.name()),
                e.to_string(),
            ));
        }
        Ok(setup)
    }
}

/// A whole number from 0 to 255 at `at`.
fn small_number(v: &Value, at: &str) -> Result<u8, FieldError> {
    v.as_u64()
        .and_then(|n| u8::try_from(n).ok())
        .ok_or_else(|| {
            field_err(
                at,
                format!("expected a whole number from 0 to 255, got {v}"),
            )
        })
}

/// The board of a setup: a named board, whose `files`, `ranks` and `lakes`
/// must agree with the name when given, or a `custom` board, which needs
/// `files` and `ranks` and has no lakes unless it lists them (RP-1.6).
fn read_board(b: &Map<String, Value>, name: &str) -> Result<Geometry, FieldError> {
    if name == "custom" {
        let mut size = [0u8; 2];
        for (n, key) in size.iter_mut().zip(["files", "ranks"]) {
            let at = format!("setup.board.{key}");
            let v = b
                .get(key)
                .ok_or_else(|| field_err(&at, "missing (a custom board gives its size)"))?;
            *n = small_number(v, &at)?;
        }
        let lakes = match b.get("lakes") {
            None => Vec::new(),
            Some(Value::Array(l)) => {
                let mut out = Vec::new();
                for v in l {
                    let Value::String(s) = v else {
                        return Err(field_err(
                            "setup.board.lakes",
                            format!("expected square names, got {}", kind_of(v)),
                        ));
                    };
                    out.push(
                        s.parse::<Square>()
                            .map_err(|e| field_err("setup.board.lakes", format!("{e}")))?,
                    );
                }
                out
            }
            Some(other) => {
                return Err(field_err(
                    "setup.board.lakes",
                    format!("expected a list of squares, got {}", kind_of(other)),
                ));
            }
        };
        return Geometry::custom(size[0], size[1], lakes).map_err(|(i, m)| {
            let at = match i {
                Some(_) => "setup.board.lakes",
                None => "setup.board",
            };
            field_err(at, m)
        });
    }
    let geometry = Geometry::named(name).ok_or_else(|| {
        let why = not_one_of(name, "a board", Geometry::NAMES, Some("custom"));
        field_err("setup.board.name", why)
    })?;
    // The rest of the board description must agree with the name.
    for (key, want) in [
        ("files", Value::from(geometry.files)),
        ("ranks", Value::from(geometry.ranks)),
        (
            "lakes",
            geometry
                .lakes
                .iter()
                .map(|s| Value::from(s.to_string()))
                .collect(),
        ),
    ] {
        // The lakes are a set of squares (RP-1.2): any order, each once.
        let agrees = |got: &Value| match (key, got, &want) {
            ("lakes", Value::Array(g), Value::Array(w)) => {
                g.len() == w.len()
                    && g.iter()
                        .enumerate()
                        .all(|(i, s)| w.contains(s) && !g[..i].contains(s))
            }
            _ => *got == want,
        };
        if let Some(got) = b.get(key)
            && !agrees(got)
        {
            return Err(field_err(
                &format!("setup.board.{key}"),
                format!("board `{name}` has {key} {want}, not {got}"),
            ));
        }
    }
    Ok(geometry)
}

/// The army of a setup: a named army, whose `counts` must agree with the
/// name when given, or a `custom` army, which needs them (RP-2.4). A rank
/// left out of `counts` counts 0.
fn read_army(a: &Map<String, Value>) -> Result<Army, FieldError> {
    let name = string_field(a, "setup.army", "name")?;
    let named = if name == "custom" {
        None
    } else {
        Some(Army::named(name).ok_or_else(|| {
            let why = not_one_of(name, "an army", Army::NAMES, Some("custom"));
            field_err("setup.army.name", why)
        })?)
    };
    let counts = match (a.get("counts"), named) {
        (None, Some(army)) => return Ok(army),
        (None, None) => {
            return Err(field_err(
                "setup.army.counts",
                "missing (a custom army gives its counts)",
            ));
        }
        (Some(Value::Object(c)), _) => c,
        (Some(other), _) => {
            return Err(field_err(
                "setup.army.counts",
                format!("expected an object of rank: count, got {}", kind_of(other)),
            ));
        }
    };
    let mut list = Vec::new();
    for (rank, n) in counts {
        let at = format!("setup.army.counts.{rank}");
        let r: Rank = rank.parse().map_err(|e| field_err(&at, format!("{e}")))?;
        list.push((r, small_number(n, &at)?));
    }
    let custom = Army::custom(list);
    match named {
        None => Ok(custom),
        Some(army) if army.same_counts(&custom) => Ok(army),
        Some(army) => Err(field_err(
            "setup.army.counts",
            format!(
                "army `{name}` has counts {}, not {}",
                army_counts_value(&army),
                army_counts_value(&custom)
            ),
        )),
    }
}

/// An army's counts as the wire writes them, for messages.
fn army_counts_value(army: &Army) -> Value {
    army.ranks()
        .map(|(r, n)| (r.name().to_string(), json!(n)))
        .collect::<Map<String, Value>>()
        .into()
}

fn two_squares_value(r: &PlyReport, _: &Outcome) -> Value {
    match &r.two_squares {
        None => Value::Null,
        Some(n) => json!({
            "count": n.count,
            "sequence": if n.starts { "start" } else { "continue" },
        }),
    }
}

/// Reads a field that is an object, read by `read`, or null (nothing to
/// report: no two-squares sequence, no chase).
fn object_or_null(
    v: &Value,
    read: impl FnOnce(&Map<String, Value>) -> Result<Value, String>,
) -> Result<Value, String> {
    match v {
        Value::Null => Ok(Value::Null),
        Value::Object(o) => read(o),
        other => Err(format!(
            "expected an object or null, got {}",
            kind_of(other)
        )),
    }
}

fn two_squares_read(v: &Value) -> Result<Value, String> {
    object_or_null(v, |ts| {
        let count = ts
            .get("count")
            .ok_or("missing `count`")?
            .as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .ok_or("`count`: expected a small non-negative integer")?;
        let sequence = match ts.get("sequence").map(|v| v.as_str()) {
            Some(Some(s @ ("start" | "continue"))) => s,
            None => return Err("missing `sequence`".into()),
            Some(_) => return Err("`sequence`: expected start or continue".into()),
        };
        Ok(json!({"count": count, "sequence": sequence}))
    })
}

fn two_squares_show(v: &Value) -> String {
    match (v.get("count"), v.get("sequence").and_then(Value::as_str)) {
        (Some(c), Some(s)) => format!("{c}x {s}"),
        _ => plain(v),
    }
}

fn combat_value(r: &PlyReport, _: &Outcome) -> Value {
    r.combat.map_or(Value::Null, |c| {
        serde_json::to_value(c.1).unwrap_or_default()
    })
}

fn combat_read(v: &Value) -> Result<Value, String> {
    match v {
        Value::Null => Ok(Value::Null),
        v => canonical::<CombatResult>(
            v,
            "a combat result (attacker-wins, defender-wins, both-removed)",
        ),
    }
}

fn chase_value(r: &PlyReport, _: &Outcome) -> Value {
    match &r.chase {
        None => Value::Null,
        Some(c) => json!({"chasers": c.chasers, "chasing-move": c.chasing_move}),
    }
}

fn chase_read(v: &Value) -> Result<Value, String> {
    object_or_null(v, |c| {
        let chasers = canonical::<Chasers>(
            c.get("chasers").ok_or("missing `chasers`")?,
            "none, red, blue or both",
        )?;
        let chasing_move = c
            .get("chasing-move")
            .ok_or("missing `chasing-move`")?
            .as_bool()
            .ok_or("`chasing-move`: expected true or false")?;
        Ok(json!({"chasers": chasers, "chasing-move": chasing_move}))
    })
}

fn chase_show(v: &Value) -> String {
    match (v.get("chasers"), v.get("chasing-move")) {
        (Some(c), Some(m)) => format!("chasers {}, chasing move {m}", plain(c)),
        _ => plain(v),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::stratego::variant::Variant;

    fn sample(geometry: Geometry, army: Army) -> Setup {
        Setup {
            geometry,
            army,
            pieces: vec![(
                Square::new(0, 0),
                Piece {
                    color: Color::Red,
                    rank: Rank::Scout,
                },
            )],
            to_move: Color::Blue,
        }
    }

    fn read(v: &Value) -> Result<(Geometry, Army), FieldError> {
        Stratego::setup_from_wire(v).map(|s| (s.geometry, s.army))
    }

    /// The wire refuses the setups the scenario loader refuses (issue 28):
    /// a piece on a lake, off the board, or one marshal too many.
    #[test]
    fn setups_the_loader_refuses_are_field_errors() {
        let board = json!({"name": "standard"});
        for (red, field) in [
            (json!({"C5": "scout"}), "setup.red.C5"),
            (json!({"K1": "scout"}), "setup.red.K1"),
            (json!({"A1": "marshal", "A2": "marshal"}), "setup.red.A2"),
        ] {
            let v = json!({"board": board, "red": red, "blue": {"A10": "flag"}});
            assert_eq!(Stratego::setup_from_wire(&v).unwrap_err().0, field, "{v}");
        }
        let fine = json!({"board": board, "red": {"A1": "marshal"}, "blue": {"A10": "flag"}});
        assert!(Stratego::setup_from_wire(&fine).is_ok());
    }

    #[test]
    fn every_variant_and_custom_setups_round_trip() {
        let custom_board = Geometry::custom(6, 5, vec![Square::new(2, 2)]).unwrap();
        let custom_army = Army::custom([(Rank::Scout, 3), (Rank::Flag, 1)]);
        let mut cases: Vec<(Geometry, Army)> = Variant::ALL
            .iter()
            .map(|v| (v.geometry(), v.army()))
            .collect();
        cases.push((Geometry::quick_8x8(), Army::STANDARD));
        cases.push((custom_board, custom_army));
        for (g, a) in cases {
            let v = Stratego::setup_to_wire(&sample(g.clone(), a));
            assert_eq!(read(&v), Ok((g, a)), "{v}");
        }
    }

    #[test]
    fn the_army_goes_on_the_wire_with_its_counts() {
        let v = Stratego::setup_to_wire(&sample(Geometry::standard(), Army::BARRAGE));
        assert_eq!(
            v["army"],
            json!({"name": "barrage", "counts": {"marshal": 1, "general": 1, "miner": 1,
                   "scout": 2, "spy": 1, "bomb": 1, "flag": 1}})
        );
        let v = Stratego::setup_to_wire(&sample(Geometry::quick_8x8(), Army::QUICK));
        assert_eq!(
            v["board"],
            json!({"name": "quick-8x8", "files": 8, "ranks": 8, "lakes": ["C4", "C5", "F4", "F5"]})
        );
    }

    /// Requests written before armies existed name the board alone: the
    /// army is then the board's own.
    #[test]
    fn a_setup_without_an_army_has_the_boards_army() {
        let old = json!({"board": {"name": "standard"}, "red": {"A1": "scout"}});
        assert_eq!(read(&old), Ok((Geometry::standard(), Army::STANDARD)));
        let quick = json!({"board": {"name": "quick-8x8"}});
        assert_eq!(read(&quick), Ok((Geometry::quick_8x8(), Army::QUICK)));
        let named = json!({"board": {"name": "standard"}, "army": {"name": "barrage"}});
        assert_eq!(read(&named), Ok((Geometry::standard(), Army::BARRAGE)));
    }

    #[test]
    fn bad_boards_and_armies_name_the_field() {
        let field = |v: Value| read(&v).unwrap_err().0;
        let board = |b: Value| json!({"board": b});
        let army = |a: Value| json!({"board": {"name": "standard"}, "army": a});
        assert_eq!(field(board(json!({"name": "mini"}))), "setup.board.name");
        assert_eq!(
            field(board(json!({"name": "quick-8x8", "files": 10}))),
            "setup.board.files"
        );
        assert_eq!(
            field(board(json!({"name": "custom", "files": 6}))),
            "setup.board.ranks"
        );
        assert_eq!(
            field(board(
                json!({"name": "custom", "files": 6, "ranks": 5, "lakes": ["Z9"]})
            )),
            "setup.board.lakes"
        );
        assert_eq!(
            field(board(json!({"name": "custom", "files": 0, "ranks": 5}))),
            "setup.board"
        );
        assert_eq!(field(army(json!("barrage"))), "setup.army");
        assert_eq!(field(army(json!({"counts": {}}))), "setup.army.name");
        assert_eq!(field(army(json!({"name": "elite"}))), "setup.army.name");
        assert_eq!(field(army(json!({"name": "custom"}))), "setup.army.counts");
        assert_eq!(
            field(army(json!({"name": "barrage", "counts": {"scout": 8}}))),
            "setup.army.counts"
        );
        assert_eq!(
            field(army(json!({"name": "custom", "counts": {"knight": 1}}))),
            "setup.army.counts.knight"
        );
        assert_eq!(
            field(army(json!({"name": "custom", "counts": {"scout": -1}}))),
            "setup.army.counts.scout"
        );
    }
}
