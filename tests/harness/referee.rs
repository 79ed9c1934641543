//! arbiter's own server as a referee (`spec/protocol.md`, "The referee"):
//! moves in a declared notation, `play`, and refusals that say which rule,
//! which clause, why, and the closest legal moves.

use arbiter::protocol::all_games::AllGames;
use arbiter::protocol::serve::AnswerLine;
use serde_json::{Value, json};

fn ask(request: Value) -> Value {
    let server = AllGames::new("reference", None).expect("every game has a reference");
    server.answer_line(&request.to_string()).reply
}

fn chess(query: &str, notation: Option<&str>, moves: &[&str], mv: Option<&str>) -> Value {
    let mut r = json!({"protocol": 1, "id": 7, "game": "chess", "query": query, "profile": "fide", "setup": {}, "moves": moves});
    if let Some(n) = notation {
        r["notation"] = json!(n);
    }
    if let Some(m) = mv {
        r["move"] = json!(m);
    }
    ask(r)
}

#[test]
fn a_san_move_the_rules_forbid_gets_rule_clause_why_and_the_closest_legal_moves() {
    let r = chess("judge", Some("san"), &["e4", "e5"], Some("Nf6"));
    assert_eq!(r["id"], 7);
    assert_eq!(r["verdict"], "illegal", "{r}");
    assert_eq!(r["rule"], "play.not-a-move", "{r}");
    assert_eq!(r["clause"], "CH-2.3", "{r}");
    assert!(r["why"].as_str().unwrap().contains("knight"), "{r}");
    assert_eq!(r["closest"][0], "Nf3", "{r}");
    // A pinned piece: the rule is the king's safety.
    let r = ask(
        json!({"protocol": 1, "id": 1, "game": "chess", "query": "judge", "profile": "fide",
        "setup": {"fen": "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1"}, "notation": "san", "move": "Nc3"}),
    );
    assert_eq!(r["rule"], "play.in-check", "{r}");
    assert_eq!(r["clause"], "CH-2.7", "{r}");
    assert_eq!(r["move"], "e2c3", "{r}");
}

#[test]
fn a_text_that_names_no_move_is_illegal_without_a_rule_but_with_its_clause() {
    let r = chess("judge", Some("san"), &[], Some("Zf3"));
    assert_eq!(r["verdict"], "illegal", "{r}");
    assert!(r.get("rule").is_none(), "{r}");
    assert_eq!(r["clause"], "CH-N.2", "{r}");
    assert_eq!(r["closest"][0], "Nf3", "{r}");
    // A piece the player does not have: a rule of the game refuses it.
    let r = ask(
        json!({"protocol": 1, "id": 1, "game": "chess", "query": "judge", "profile": "fide",
        "setup": {"fen": "4k3/8/8/8/8/8/8/4K3 w - - 0 1"}, "notation": "san", "move": "Qd4"}),
    );
    assert_eq!(r["rule"], "play.no-piece", "{r}");
    assert_eq!(r["clause"], "CH-2.1", "{r}");
}

#[test]
fn a_legal_san_move_is_given_in_the_wire_spelling_and_play_gives_the_state_after_it() {
    let r = chess("judge", Some("san"), &["e4"], Some("e5"));
    assert_eq!(r["verdict"], "legal", "{r}");
    assert_eq!(r["move"], "e7e5", "{r}");
    assert_eq!(r["written"], "e5", "{r}");
    let r = chess(
        "play",
        Some("san"),
        &["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6"],
        Some("Qxf7"),
    );
    assert_eq!(r["move"], "h5f7", "{r}");
    assert_eq!(r["written"], "Qxf7#", "{r}");
    assert_eq!(
        r["state"]["outcome"],
        json!({"white-wins": "checkmate"}),
        "{r}"
    );
    assert_eq!(r["state"]["check"], true, "{r}");
    // `play` in the wire spelling works too.
    let r = chess("play", None, &["e2e4"], Some("e7e5"));
    assert_eq!(
        r["state"]["position"]["fen"],
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
        "{r}"
    );
}

#[test]
fn legal_moves_are_written_in_the_requested_notation() {
    let r = chess("legal-moves", Some("san-de"), &[], None);
    let list: Vec<&str> = r["legal-moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(list.len(), 20, "{r}");
    assert!(list.contains(&"Sf3") && list.contains(&"e4"), "{r}");
}

#[test]
fn bad_notations_and_unplayable_moves_are_bad_requests_that_say_why() {
    let r = chess("judge", Some("pgn"), &[], Some("e4"));
    let m = r["error"]["message"].as_str().unwrap();
    assert_eq!(r["error"]["kind"], "bad-request", "{r}");
    assert!(m.contains("san") && m.contains("wire"), "{m}");
    let r = chess("judge", Some("san"), &["e4", "Ke7"], Some("e5"));
    let m = r["error"]["message"].as_str().unwrap();
    assert_eq!(r["error"]["kind"], "bad-request", "{r}");
    assert!(m.contains("moves[1]") && m.contains("CH-2.1"), "{m}");
}

#[test]
fn wire_judge_replies_of_arbiters_server_say_which_clause_and_why() {
    let r = chess("judge", None, &[], Some("e2e5"));
    assert_eq!(r["verdict"], "illegal");
    assert_eq!(r["rule"], "play.not-a-move");
    assert!(r["clause"].as_str().unwrap().starts_with("CH-2."), "{r}");
    assert!(r["why"].as_str().unwrap().contains("e5"), "{r}");
    // A legal move: nothing added.
    let r = chess("judge", None, &[], Some("e2e4"));
    assert_eq!(r, json!({"protocol": 1, "id": 7, "verdict": "legal"}));
}
