//! arbiter's own server as a Dame referee in PDN (`spec/dame/notation.md`):
//! moves in numbered squares, a huff, and refusals with rule, clause and
//! the closest legal moves written in PDN.

use arbiter::protocol::all_games::AllGames;
use arbiter::protocol::serve::AnswerLine;
use serde_json::{Value, json};

fn ask(request: Value) -> Value {
    let server = AllGames::new("reference", None).expect("every game has a reference");
    server.answer_line(&request.to_string()).reply
}

fn english(query: &str, moves: &[&str], mv: Option<&str>) -> Value {
    let mut r = json!({"protocol": 1, "id": 3, "game": "dame", "query": query, "profile": "english",
        "setup": {"start": true}, "notation": "pdn", "moves": moves});
    if let Some(m) = mv {
        r["move"] = json!(m);
    }
    ask(r)
}

#[test]
fn a_step_where_a_capture_is_compulsory_names_ad_1_and_the_capture_in_pdn() {
    let r = english("judge", &["11-15", "22-18"], Some("12-16"));
    assert_eq!(r["verdict"], "illegal", "{r}");
    assert_eq!(r["rule"], "capture.compulsory", "{r}");
    assert_eq!(r["clause"], "AD-1", "{r}");
    assert_eq!(r["closest"], json!(["15x22"]), "{r}");
    // The capture written with `-`, as older records do, is the capture.
    let r = english("judge", &["11-15", "22-18"], Some("15-22"));
    assert_eq!(r["verdict"], "legal", "{r}");
    assert_eq!(r["move"], "e5xc3", "{r}");
    assert_eq!(r["written"], "15x22", "{r}");
}

#[test]
fn legal_moves_are_numbered_squares_and_a_bad_number_is_refused_by_its_clause() {
    let r = english("legal-moves", &[], None);
    assert_eq!(
        r["legal-moves"],
        json!(["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"]),
        "{r}"
    );
    let r = english("judge", &[], Some("33-29"));
    assert_eq!(r["verdict"], "illegal", "{r}");
    assert!(r.get("rule").is_none(), "{r}");
    assert_eq!(r["clause"], "DA-N.1", "{r}");
}

#[test]
fn a_huff_is_played_as_huff_and_a_number() {
    // The session of spec/dame/protocol.md in PDN: c3-d4 is 22-18, d6-c5
    // is 10-14, and the Dame on h8 is 4.
    let r = ask(
        json!({"protocol": 1, "id": 4, "game": "dame", "query": "play", "profile": "seed-004",
        "setup": {"white": {"c3": "man", "e3": "man"}, "black": {"d6": "man", "h8": "dame"}},
        "notation": "pdn", "moves": ["22-18", "10-14"], "move": "huff 4"}),
    );
    assert_eq!(r["move"], "huff h8", "{r}");
    assert_eq!(r["written"], "huff 4", "{r}");
    assert_eq!(r["state"]["huffable"], json!([]), "{r}");
}
