//! Chess's parts of the protocol (`spec/chess/protocol.md`): the setup as
//! `{"fen": …}`, and the fields of a `state` reply.

use serde_json::{Value, json};

use crate::rules::state::kind_of;
use crate::rules::state::read_bool;
use crate::rules::wire::object;
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
    fn setup_to_move(setup: &Self::Setup, _profile: &Self::Profile) -> Option<Self::Side> {
        Some(setup.to_move)
    }

    /// The setup as the protocol spells it: its FEN, all six fields.
    fn setup_to_wire(setup: &Position) -> Value {
        json!({ "fen": setup.fen() })
    }

    /// One position whether its FEN writes the en-passant square after
    /// every double step (arbiter's convention, the FEN standard's) or only
    /// when a capture there is possible (python-chess's and OpenSpiel's
    /// default): the square counts only when a legal capture takes on it
    /// (CH-6.2: the same position has the same possible moves).
    fn same_position(a: &Position, b: &Position) -> bool {
        en_passant_that_counts(a) == en_passant_that_counts(b)
    }

    /// Reads a protocol setup; the error names the field.
    fn setup_from_wire(value: &Value) -> Result<Position, (String, String)> {
        let obj = object(value, "setup")?;
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
        StateField::plain("check", |n: &Note, _| Value::Bool(n.check), read_bool),
        StateField::plain("capture", |n: &Note, _| Value::Bool(n.capture), read_bool),
        StateField::plain(
            "halfmove-clock",
            |n: &Note, _| Value::from(n.halfmove_clock),
            read_count,
        ),
        StateField::plain(
            "repetitions",
            |n: &Note, _| Value::from(n.repetitions),
            read_count,
        ),
        StateField::plain("claimable", claimable_value, claimable_read),
    ];
}

/// `p` with its en-passant square kept only when a legal move captures
/// there: the field both FEN conventions agree on.
fn en_passant_that_counts(p: &Position) -> Position {
    use super::reference::movement::{is_en_passant, legal_moves};
    let mut out = p.clone();
    if out.ep.is_some() && !legal_moves(p).into_iter().any(|m| is_en_passant(p, m)) {
        out.ep = None;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both FEN conventions of one position are one position; a square a
    /// legal capture takes on is part of it.
    #[test]
    fn both_en_passant_conventions_spell_one_position() {
        let fen = |f: &str| Position::from_fen(f).unwrap();
        // After 1. e4: no black pawn can take on e3.
        let always = fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
        let when_possible = fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        assert!(Chess::same_position(&always, &when_possible));
        assert!(Chess::same_position(&when_possible, &always));
        // After 1. e4 d5 2. e5 f5: exf6 is legal, so the square counts.
        let can = fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
        let cannot = fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3");
        assert!(!Chess::same_position(&can, &cannot));
        // A capture that would leave the king in check is no capture: the
        // white king on a5 and a black rook on h5 pin the e5 pawn.
        let pinned = fen("4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 2");
        let unpinned = fen("4k3/8/8/K2pP2r/8/8/8/8 w - - 0 2");
        assert!(Chess::same_position(&pinned, &unpinned));
        // Anything else still counts.
        let moved = fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 1 1");
        assert!(!Chess::same_position(&when_possible, &moved));
    }

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
