//! arbiter's own server as a backgammon referee under the players'
//! standard notation (`spec/backgammon/notation.md`): a play in any of its
//! spellings is judged and written back as GNU Backgammon writes it; a play
//! the rules forbid gets the rule, clause, why and the closest legal plays.

use arbiter::protocol::all_games::AllGames;
use arbiter::protocol::serve::AnswerLine;
use serde_json::{Value, json};

fn ask(query: &str, moves: &[&str], mv: &str) -> Value {
    let server = AllGames::new("reference", None).expect("every game has a reference");
    let r = json!({"protocol": 1, "id": 3, "game": "backgammon", "query": query, "profile": "standard",
        "setup": {"start": "standard"}, "notation": "standard", "moves": moves, "move": mv});
    server.answer_line(&r.to_string()).reply
}

#[test]
fn a_play_in_any_spelling_is_judged_and_written_as_gnu_backgammon_writes_it() {
    for text in ["24/13", "24/18/13", "18/13 24/18", "24/18 18/13 Pass"] {
        let r = ask("judge", &["w6-b5"], text);
        assert_eq!(r["verdict"], "legal", "{text}: {r}");
        assert_eq!(r["move"], "24/18 18/13", "{text}: {r}");
        assert_eq!(r["written"], "24/13", "{text}: {r}");
    }
    // The moves before it are read in the notation too: black's 6-5 run,
    // then white's roll and play.
    let r = ask(
        "play",
        &["w6-b5", "24/13", "roll", "65", "24/13", "roll"],
        "33",
    );
    assert_eq!(r["verdict"], "legal", "{r}");
    assert_eq!(r["move"], "3-3", "{r}");
}

#[test]
fn a_play_that_leaves_a_die_unused_gets_the_rule_and_the_closest_plays() {
    let r = ask("judge", &["w6-b5"], "13/7");
    assert_eq!(r["verdict"], "illegal", "{r}");
    assert_eq!(r["rule"], "play.not-maximal", "{r}");
    assert_eq!(r["clause"], "BG-3.5", "{r}");
    assert_eq!(r["closest"].as_array().map(Vec::len), Some(3), "{r}");
    // A roll written where the player must first decide: the turn rule.
    let r = ask("judge", &["w6-b5", "24/13"], "65");
    assert_eq!(r["rule"], "turn.wrong-action", "{r}");
    assert_eq!(r["clause"], "BG-2.1", "{r}");
    // A point the notation cannot read: its own clause, no rule.
    let r = ask("judge", &["w6-b5"], "24/30");
    assert_eq!(r["verdict"], "illegal", "{r}");
    assert!(r["rule"].is_null(), "{r}");
    assert_eq!(r["clause"], "BG-N.3", "{r}");
}
