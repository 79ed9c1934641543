//! The third-party path of the protocol (issue 27): profiles by name,
//! one `serve` for every game, a default profile, `state` at the setup and
//! the `position` field, the start position's short form.

use arbiter::games::chess::game::Chess;
use arbiter::games::chess::profile::{DrawRule, Profile};
use arbiter::protocol::message::Query;
use arbiter::protocol::reader::{ProtocolError, read_request};
use serde_json::{Value, json};

const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A chess `legal-moves` request from the start with `profile` as given.
fn chess_request(profile: Value) -> String {
    json!({"protocol": 1, "id": 3, "game": "chess", "query": "legal-moves",
           "profile": profile, "setup": {"fen": START_FEN}, "moves": []})
    .to_string()
}

fn read_profile(profile: Value) -> Result<Profile, ProtocolError> {
    let req = read_request::<Chess>(&chess_request(profile))?;
    match req.query {
        Query::LegalMoves(p) => Ok(p.profile),
        other => panic!("read as {:?}", other.kind()),
    }
}

#[test]
fn a_profile_may_be_given_by_its_name_alone() {
    assert_eq!(read_profile(json!("fide")).unwrap(), Profile::fide());
    assert_eq!(
        read_profile(json!({"name": "seed"})).unwrap(),
        Profile::seed()
    );
    let p = read_profile(json!("fide+threefold=automatic")).unwrap();
    assert_eq!(p.threefold, DrawRule::Automatic);
    assert_eq!(p.name, "fide+threefold=automatic");
    let p = read_profile(json!({"name": "openspiel+occurrences=4"})).unwrap();
    assert_eq!(p.occurrences, 4);
    assert_eq!(p.fifty_moves, DrawRule::Automatic);
}

#[test]
fn switches_beside_a_built_in_name_override_it() {
    let p =
        read_profile(json!({"name": "fide", "threefold": "automatic", "occurrences": 4})).unwrap();
    assert_eq!(p.name, "fide");
    assert_eq!(p.threefold, DrawRule::Automatic);
    assert_eq!(p.occurrences, 4);
    // The switches not given are fide's.
    assert_eq!(p.fifty_moves, DrawRule::Claim);
    assert!(p.fivefold);
}

#[test]
fn the_full_switch_object_reads_as_before_under_any_name() {
    let mut full = serde_json::to_value(Profile::seed()).unwrap();
    full["name"] = json!("my-house-rules");
    let p = read_profile(full).unwrap();
    assert_eq!(p.name, "my-house-rules");
    assert_eq!(p.threefold, Profile::seed().threefold);
}

#[test]
fn unknown_switches_are_still_declined_in_every_spelling() {
    for profile in [
        json!({"name": "fide", "speed": 1}),
        json!("fide+speed=1"),
        json!({"name": "fide+speed=1"}),
    ] {
        let err = read_profile(profile.clone()).unwrap_err();
        assert_eq!(
            err,
            ProtocolError::UnknownSwitch {
                field: "profile.speed".into()
            },
            "{profile}"
        );
    }
}

#[test]
fn unknown_profile_names_list_the_known_ones() {
    for profile in [json!("blitz"), json!({"name": "blitz"})] {
        let err = read_profile(profile.clone()).unwrap_err().to_string();
        assert!(
            err.contains("`blitz` is not a profile: expected one of fide, seed, openspiel"),
            "{profile}: {err}"
        );
    }
    let err = read_profile(json!({"name": "blitz"}))
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("field `profile.name`"), "{err}");
}

#[test]
fn a_bad_switch_value_names_the_switch() {
    let err = read_profile(json!({"name": "fide", "threefold": "sometimes"}))
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("field `profile.threefold`"), "{err}");
    let err = read_profile(json!(7)).unwrap_err().to_string();
    assert_eq!(
        err,
        "field `profile`: expected a profile name or an object of switches, got a number"
    );
    let err = read_profile(json!({"name": 7})).unwrap_err().to_string();
    assert_eq!(err, "field `profile.name`: expected a string, got a number");
}
