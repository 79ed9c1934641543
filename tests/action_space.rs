//! The integer action spaces (`Rules::ACTION_COUNT`, `Rules::action_index`)
//! and the type-erased sessions the Python package plays through
//! (`arbiter::session`), checked on random games of every game's engine:
//! within a position no two legal actions share an index, every index is
//! below the count, and an index plays the action it names.

use arbiter::rng::SplitMix;

/// Random games from each game's start; returns how many positions were
/// checked.
fn walk(game: &str, games: usize, plies: usize) -> usize {
    let entry = arbiter::games::find(game).expect("a registered game");
    let mut rng = SplitMix(0x5eed ^ game.len() as u64);
    let mut positions = 0;
    for _ in 0..games {
        let mut s = entry.session("engine", None, None).expect("the start");
        let count = s.action_count();
        for _ in 0..plies {
            if s.is_over() {
                break;
            }
            let legal = s.legal_moves();
            let indices = s.legal_indices();
            if count > 0 {
                assert_eq!(
                    indices.len(),
                    legal.len(),
                    "{game}: every legal action has an index"
                );
                let mut seen = std::collections::BTreeMap::new();
                for (a, &i) in legal.iter().zip(&indices) {
                    assert!(i < count, "{game}: {a} has index {i} >= {count}");
                    if let Some(b) = seen.insert(i, a) {
                        panic!(
                            "{game}: {a} and {b} share index {i} after {:?}",
                            s.history()
                        );
                    }
                    assert_eq!(s.action_index(a), Ok(i));
                    assert_eq!(s.action_of_index(i).as_deref(), Some(a.as_str()));
                }
            } else {
                assert!(indices.is_empty());
            }
            positions += 1;
            if legal.is_empty() {
                break;
            }
            let pick = rng.pick(legal.len());
            if count > 0 {
                let mut t = s.copy();
                t.play(&legal[pick]).expect("a listed action plays");
                s.play(&s.action_of_index(indices[pick]).unwrap()).unwrap();
                assert_eq!(s.state(), t.state(), "{game}: the copy went on alike");
            } else {
                s.play(&legal[pick]).expect("a listed action plays");
            }
        }
    }
    positions
}

#[test]
fn indices_name_one_legal_action_each() {
    for game in arbiter::games::names() {
        let n = walk(game, 3, 80);
        assert!(n > 10, "{game}: only {n} positions");
    }
}

#[test]
fn bad_input_is_refused_with_the_rule() {
    for entry in arbiter::games::registry() {
        let mut s = entry.session("engine", None, None).unwrap();
        let r = s.play("not an action").unwrap_err();
        assert_eq!(r.rule, arbiter::session::UNREADABLE, "{}", entry.name());
        assert!(s.history().is_empty());
        assert!(entry.session("nobody", None, None).is_err());
        assert!(
            entry
                .session("engine", Some(&serde_json::json!("no-such-profile")), None)
                .is_err()
        );
    }
}

#[test]
fn profiles_are_read_as_the_protocol_reads_them() {
    use serde_json::json;
    for entry in arbiter::games::registry() {
        let game = entry.name();
        let default = entry.profile_names()[0];
        // An object naming a built-in profile need spell no switch
        // (spec/protocol.md), and keeps the name as written.
        let s = entry
            .session("engine", Some(&json!({ "name": default })), None)
            .unwrap_or_else(|e| panic!("{game}: {e}"));
        assert_eq!(s.profile(), default, "{game}");
        // A switch the game does not have is refused, in either spelling.
        let e = entry
            .session(
                "engine",
                Some(&json!({ "name": default, "no-such-switch": true })),
                None,
            )
            .err()
            .unwrap_or_else(|| panic!("{game}: an unknown switch was ignored"));
        assert!(e.contains("no-such-switch"), "{game}: {e}");
        let named = json!(format!("{default}+no-such-switch=1"));
        assert!(
            entry.session("engine", Some(&named), None).is_err(),
            "{game}: an unknown override was ignored"
        );
    }
}
