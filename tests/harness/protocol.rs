//! The protocol reader and writer: clear errors on bad messages, round
//! trips, the spec's example answered as the spec says, and the reader's
//! fuzz property replayed on committed inputs and on generated ones.

use std::io::Cursor;

use arbiter::fuzzing::check_reader;
use arbiter::games::stratego::game::Stratego;
use arbiter::games::stratego::profile::Profile;
use arbiter::games::stratego::reference::Reference;
use arbiter::protocol::message::{ErrorKind, QueryKind, ReplyBody};
use arbiter::protocol::reader::{read_reply, read_request};
use arbiter::protocol::serve::serve;
use proptest::prelude::*;
use rstest::rstest;

#[rstest]
#[case("", "empty message: expected one JSON object")]
#[case("[1]", "expected a JSON object, got an array")]
#[case("{\"id\":1}", "missing field `protocol`")]
#[case(
    "{\"protocol\":2,\"id\":1}",
    "speaks protocol 2, but this is protocol 1"
)]
#[case(
    "{\"protocol\":\"1\",\"id\":1}",
    "field `protocol`: must be the number 1, not the string \"1\""
)]
#[case(
    "{\"protocol\":1.0,\"id\":1}",
    "field `protocol`: must be the number 1, not 1.0"
)]
#[case(
    "{\"protocol\":1,\"id\":-1}",
    "field `id`: expected a whole number from 0 to 18446744073709551615 (2^64 - 1), got -1"
)]
#[case(
    "{\"protocol\":1,\"id\":1.5}",
    "field `id`: expected a whole number from 0 to 18446744073709551615 (2^64 - 1), got 1.5"
)]
#[case(
    "{\"protocol\":1,\"id\":18446744073709551616}",
    "field `id`: expected a whole number from 0 to 18446744073709551615 (2^64 - 1), got 1.8446744073709552e+19"
)]
#[case("{\"protocol\":1,\"id\":1}", "missing field `query`")]
#[case(
    "{\"protocol\":1,\"id\":1,\"query\":\"perft\"}",
    "field `query`: `\"perft\"` is not a query: expected hello, legal-moves, judge or state"
)]
#[case(
    "{\"protocol\":1,\"id\":1,\"query\":\"legal-moves\"}",
    "missing field `profile`"
)]
fn bad_requests_say_what_is_wrong(#[case] text: &str, #[case] want: &str) {
    let err = read_request::<Stratego>(text).unwrap_err();
    assert_eq!(err.to_string(), want);
}

/// Ids span 0 to 2^64 - 1 (spec/protocol.md, "Requests"): the harness
/// sends ids above 2^32 with several workers; each is echoed exactly.
#[test]
fn ids_up_to_2_pow_64_minus_1_are_echoed_exactly() {
    for id in [0, 1 << 32, (1 << 53) + 1, u64::MAX] {
        let line = format!("{{\"protocol\":1,\"id\":{id},\"query\":\"hello\"}}\n");
        let mut out = Vec::new();
        serve(&Reference, Cursor::new(line), &mut out, None).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains(&format!("\"id\":{id},")), "{id}: {text}");
    }
}

/// Issue 28: a switch of the wrong type was reported in the JSON library's
/// words (`invalid type: floating point `2.5`, expected u32`).
#[rstest]
#[case(
    "limit",
    "2.5",
    "expected a whole number from 0 to 4294967295, got 2.5"
)]
#[case(
    "limit",
    "5000000000",
    "expected a whole number from 0 to 4294967295, got 5000000000"
)]
#[case(
    "limit",
    "\"3\"",
    "expected a whole number from 0 to 4294967295, got the string \"3\""
)]
#[case("enabled", "1", "expected true or false, got 1")]
fn switches_of_the_wrong_type_are_said_in_our_words(
    #[case] switch: &str,
    #[case] value: &str,
    #[case] want: &str,
) {
    let line = request_with_moves(&[]);
    let mut v: serde_json::Value = serde_json::from_str(&line).unwrap();
    v["profile"]["two-squares"][switch] = serde_json::from_str(value).unwrap();
    let err = read_request::<Stratego>(&v.to_string()).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!("field `profile.two-squares.{switch}`: {want}")
    );
}

#[rstest]
#[case(
    QueryKind::LegalMoves,
    "{\"protocol\":1,\"id\":1,\"legal-moves\":[\"A1-A2\",7]}",
    "field `legal-moves[1]`: expected a string, got a number"
)]
#[case(
    QueryKind::LegalMoves,
    "{\"protocol\":1,\"id\":1,\"legal-moves\":[\"A1A2\"]}",
    "field `legal-moves[0]`: `A1A2` is not a move: expected two squares joined by `-` or `x`, like `B2-B3`"
)]
#[case(
    QueryKind::Judge,
    "{\"protocol\":1,\"id\":1,\"verdict\":\"illegal\",\"rule\":\"three-squares\"}",
    "field `rule`: `\"three-squares\"` is not a rule code"
)]
#[case(
    QueryKind::State,
    "{\"protocol\":1,\"id\":1,\"two-squares\":{\"count\":2}}",
    "field `two-squares`: missing `sequence`"
)]
#[case(
    QueryKind::State,
    "{\"protocol\":1,\"id\":1,\"chase\":{\"chasers\":\"red\"}}",
    "field `chase`: missing `chasing-move`"
)]
#[case(
    QueryKind::State,
    "{\"protocol\":1,\"id\":1,\"chase\":{\"chasers\":\"green\",\"chasing-move\":true}}",
    "field `chase`: `\"green\"` is not none, red, blue or both"
)]
#[case(
    QueryKind::State,
    "{\"protocol\":1,\"id\":1,\"chase\":true}",
    "field `chase`: expected an object or null, got a boolean"
)]
#[case(QueryKind::Hello, "{\"protocol\":1,\"id\":0}", "missing field `name`")]
#[case(
    QueryKind::Hello,
    "{\"protocol\":1,\"id\":0,\"error\":{\"kind\":\"oops\"}}",
    "field `error.kind`: `oops` is not an error kind: expected unsupported, bad-request or internal"
)]
fn bad_replies_say_what_is_wrong(#[case] kind: QueryKind, #[case] text: &str, #[case] want: &str) {
    let err = read_reply::<Stratego>(text, kind).unwrap_err();
    assert_eq!(err.to_string(), want);
}

#[test]
fn hello_tolerates_unknown_capabilities_and_repeats() {
    let r = read_reply::<Stratego>(
        r#"{"protocol":1,"id":0,"name":"x","capabilities":["outcome","telepathy","judge","outcome"]}"#,
        QueryKind::Hello,
    )
    .unwrap();
    let ReplyBody::Hello(h) = r.body else {
        panic!("not a hello")
    };
    // Kept once each, in the order declared; the harness uses those of the
    // game at hand.
    assert_eq!(h.capabilities, ["outcome", "telepathy", "judge"]);
}

#[test]
fn an_error_reply_reads_as_such_for_any_query() {
    let r = read_reply::<Stratego>(
        r#"{"protocol":1,"id":4,"error":{"kind":"unsupported","message":"limit 5"}}"#,
        QueryKind::State,
    )
    .unwrap();
    assert_eq!(r.id, 4);
    assert_eq!(
        r.body,
        ReplyBody::Error {
            kind: ErrorKind::Unsupported,
            message: "limit 5".into()
        }
    );
}

fn serve_lines(input: &str) -> Vec<serde_json::Value> {
    let mut out = Vec::new();
    serve(&Reference, Cursor::new(input.to_string()), &mut out, None).unwrap();
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn the_request_example_of_the_spec_is_answered_as_the_spec_shows() {
    // spec/protocol.md, "Requests" and "legal-moves": the lieutenant on B3
    // may go anywhere, B2 included (a second crossing under the limit 3).
    let spec = include_str!("../../spec/protocol.md");
    let start = spec.find("{\"protocol\": 1, \"id\": 7, \"case\"").unwrap();
    let end = start + spec[start..].find("\n```").unwrap();
    let mut request: serde_json::Value =
        serde_json::from_str(&spec[start..end]).expect("the example is JSON");
    // The profile's switches are those of profile.rs: a switch added since
    // the page was written is one more field, which the example need not show.
    let current = Profile::modern_3();
    assert_eq!(request["profile"]["name"], "modern-3");
    for (key, value) in request["profile"]["two-squares"].as_object().unwrap() {
        let now = serde_json::to_value(&current.two_squares).unwrap();
        assert_eq!(
            &now[key], value,
            "spec/protocol.md shows two-squares.{key} wrongly"
        );
    }
    request["profile"] = serde_json::to_value(&current).unwrap();
    let replies = serve_lines(&format!("{request}\n"));
    assert_eq!(
        replies,
        [serde_json::json!({"protocol": 1, "id": 7,
            "legal-moves": ["B3-A3", "B3-B2", "B3-B4", "B3-C3"]})]
    );
    assert!(spec.contains(r#""legal-moves": ["B3-A3", "B3-B2", "B3-B4", "B3-C3"]"#));
}

#[test]
fn serve_answers_each_line_and_refuses_what_it_cannot_read() {
    let replies = serve_lines(
        "{\"protocol\":1,\"id\":3,\"query\":\"hello\"}\n\n\
         not json\n\
         {\"protocol\":2,\"id\":9,\"query\":\"hello\"}\n",
    );
    assert_eq!(replies.len(), 3);
    assert_eq!(replies[0]["name"], "arbiter-reference");
    assert_eq!(replies[1]["error"]["kind"], "bad-request");
    assert_eq!(replies[2]["id"], 9);
    assert_eq!(replies[2]["error"]["kind"], "unsupported");
}

#[test]
fn an_illegal_move_in_a_request_is_a_bad_request() {
    let replies = serve_lines(&format!("{}\n", request_with_moves(&["J9-J7"])));
    assert_eq!(replies[0]["error"]["kind"], "bad-request");
    let message = replies[0]["error"]["message"].as_str().unwrap();
    assert!(
        message.starts_with("moves[0] J9-J7 cannot be played: illegal (play.not-a-step"),
        "{message}"
    );
}

/// A legal-moves request written by arbiter's writer.
fn request_with_moves(moves: &[&str]) -> String {
    use arbiter::games::stratego::army::Army;
    use arbiter::games::stratego::geometry::Geometry;
    use arbiter::games::stratego::piece::{Color, Piece, Rank};
    use arbiter::games::stratego::position::Setup;
    use arbiter::protocol::message::{Position, Query, Request};
    let setup = Setup {
        geometry: Geometry::standard(),
        army: Army::STANDARD,
        pieces: vec![
            (
                "B2".parse().unwrap(),
                Piece {
                    color: Color::Red,
                    rank: Rank::Lieutenant,
                },
            ),
            (
                "J9".parse().unwrap(),
                Piece {
                    color: Color::Blue,
                    rank: Rank::Sergeant,
                },
            ),
        ],
        to_move: Color::Blue,
    };
    let req = Request::<Stratego> {
        id: 1,
        case: None,
        query: Query::LegalMoves(Position {
            profile: Profile::modern_3(),
            setup,
            moves: moves.iter().map(|m| m.parse().unwrap()).collect(),
        }),
    };
    arbiter::protocol::writer::request_line(&req)
}

/// The committed inputs of the reader's fuzz property (seeds, and any input
/// that once broke it), replayed under plain `cargo test`.
#[test]
fn reader_property_holds_on_committed_inputs() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/protocol-reader");
    let mut n = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let bytes = std::fs::read(entry.unwrap().path()).unwrap();
        check_reader::<Stratego>(&bytes);
        n += 1;
    }
    assert!(n >= 10, "only {n} inputs");
    // A request as arbiter writes it reads back.
    assert!(read_request::<Stratego>(&request_with_moves(&["J9-J8"])).is_ok());
}

proptest! {
    #![proptest_config(ProptestConfig {
        failure_persistence: crate::common::regressions_beside_source(),
        ..ProptestConfig::default()
    })]

    #[test]
    fn reader_property_holds_on_any_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        check_reader::<Stratego>(&bytes);
    }

    /// Mutations of a valid request: most stay JSON, so they reach the
    /// field checks rather than stopping at the parser.
    #[test]
    fn reader_property_holds_on_mutated_requests(pos in 0usize..400, byte in any::<u8>(), cut in 0usize..400) {
        let seed = include_str!("../data/protocol-reader/request-legal-moves.json").as_bytes();
        let mut bytes = seed.to_vec();
        let i = pos % bytes.len();
        bytes[i] = byte;
        bytes.truncate(cut.max(i + 1));
        check_reader::<Stratego>(&bytes);
    }
}

#[test]
fn chase_state_round_trips() {
    use arbiter::protocol::message::{Reply, State};
    use arbiter::protocol::writer::reply_line;
    let mut state = State::new();
    state.insert(
        "chase".into(),
        serde_json::json!({"chasers": "both", "chasing-move": true}),
    );
    let line = reply_line(&Reply::<Stratego> {
        id: 4,
        body: ReplyBody::State(state.clone()),
    });
    assert!(
        line.contains(r#""chase":{"chasers":"both","chasing-move":true}"#),
        "{line}"
    );
    let back = read_reply::<Stratego>(&line, QueryKind::State).unwrap();
    assert_eq!(back.body, ReplyBody::State(state));
}

/// Issue 28: an error reply repeated a 1 MB move in full. What it repeats
/// of the request is cut, with the size said.
#[test]
fn error_replies_do_not_echo_a_huge_move_in_full() {
    let big = "A".repeat(1 << 20);
    let line = request_with_moves(&[]).replace("\"moves\":[]", &format!("\"moves\":[\"{big}\"]"));
    assert!(line.len() > 1 << 20, "the request carries the move");
    let replies = serve_lines(&format!("{line}\n"));
    assert_eq!(replies[0]["error"]["kind"], "bad-request");
    let message = replies[0]["error"]["message"].as_str().unwrap();
    assert!(
        message.len() < 400,
        "{} bytes: {message:.300}",
        message.len()
    );
    assert!(message.contains("bytes)"), "{message}");
    assert!(message.contains("moves[0]"), "{message}");
}
