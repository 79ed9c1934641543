//! The integer action spaces (`Rules::STEP_COUNT`, `Rules::action_steps`;
//! `Rules::ACTION_COUNT`, `Rules::action_index` where a step is a whole
//! action) and the type-erased sessions the Python package plays through
//! (`arbiter::session`), checked on random games of every game and profile
//! on the fastest implementation (the engine, where the game has one):
//! every legal action has exactly one step path, every path
//! the session offers leads to exactly one legal action, every index is
//! below the count, and steps play the action they name.

use std::collections::BTreeMap;

use arbiter::rng::SplitMix;
use arbiter::session::AnyGame;

/// Every path of steps the session offers from the pending steps `prefix`
/// on, with the action each ends in: a walk of the tree of next steps
/// (`legal_indices`) that leaves `s` as it found it.
fn offered(s: &mut dyn AnyGame, prefix: &[usize], out: &mut Vec<(Vec<usize>, String)>) {
    let count = s.action_count();
    let next = s.legal_indices();
    assert!(
        !next.is_empty(),
        "a pending prefix {prefix:?} leads nowhere"
    );
    for i in next {
        assert!(i < count, "{}: step {i} >= {count}", s.game());
        let mut path = prefix.to_vec();
        path.push(i);
        match s.action_of_index(i) {
            Some(a) => out.push((path, a)),
            None => {
                assert_eq!(s.play_index(i), Ok(None), "{}: {path:?} goes on", s.game());
                assert_eq!(s.pending(), path);
                offered(s, &path, out);
                s.clear_pending();
                for &j in prefix {
                    assert_eq!(s.play_index(j), Ok(None));
                }
            }
        }
    }
}

/// Checks the position `s` is at (with no pending steps): the steps are
/// one-to-one with the legal actions. Returns the path of each action.
fn check_position(s: &mut dyn AnyGame) -> BTreeMap<String, Vec<usize>> {
    let game = s.game();
    let legal = s.legal_moves();
    let mut paths = Vec::new();
    offered(s, &[], &mut paths);
    assert!(s.pending().is_empty());
    let mut of_action = BTreeMap::new();
    for (path, a) in paths {
        assert!(legal.contains(&a), "{game}: {path:?} offers {a}, not legal");
        if let Some(other) = of_action.insert(a.clone(), path.clone()) {
            panic!("{game}: {a} has two paths, {other:?} and {path:?}");
        }
        assert_eq!(
            s.action_steps(&a),
            Ok(path),
            "{game}: {a}'s own steps are the path that leads to it"
        );
    }
    for a in &legal {
        assert!(
            of_action.contains_key(a),
            "{game}: no path leads to {a} after {:?}",
            s.history()
        );
    }
    if s.stop_index().is_none() {
        // One step an action: the indices are the legal actions', in order.
        let first: Vec<usize> = legal.iter().map(|a| of_action[a][0]).collect();
        assert_eq!(s.legal_indices(), first, "{game}");
    }
    of_action
}

/// Random games from the start of every profile of `game`, each action
/// played by its steps (a copy plays it by text alike); returns how many
/// positions were checked.
fn walk(game: &str, games: usize, plies: usize) -> usize {
    let entry = arbiter::games::about(game).expect("a registered game");
    let mut rng = SplitMix(0x5eed ^ game.len() as u64);
    let mut positions = 0;
    for profile in entry.profile_names {
        let profile = serde_json::json!(profile);
        for _ in 0..games {
            let mut s =
                arbiter::session::start_named(entry.name, entry.fastest(), Some(&profile), None)
                    .expect("the start");
            assert!(s.action_count() > 0, "{game} has an action space");
            for _ in 0..plies {
                if s.is_over() {
                    break;
                }
                let paths = check_position(s.as_mut());
                positions += 1;
                let legal = s.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let pick = &legal[rng.pick(legal.len())];
                let mut t = s.copy();
                t.play(pick).expect("a listed action plays");
                let path = &paths[pick];
                for (k, &i) in path.iter().enumerate() {
                    let played = s.play_index(i).expect("an offered step");
                    let last = k + 1 == path.len();
                    assert_eq!(played.as_deref(), last.then_some(pick.as_str()));
                }
                assert_eq!(s.history(), t.history(), "{game}");
                assert_eq!(s.state(), t.state(), "{game}: steps and text play alike");
            }
        }
    }
    positions
}

#[test]
fn steps_are_one_to_one_with_the_legal_actions() {
    for game in arbiter::games::names() {
        let n = walk(game, 2, 60);
        assert!(n > 10, "{game}: only {n} positions");
    }
}

/// The position of `docs/python.md` where Dame's old one-index encoding
/// collided: a white Dame on a1 round four black men. Under `english` two
/// loops (a1xc3xa5xc7xe5xc3 and a1xc3xe5xc7xa5xc3) share first and last
/// landing; under `seed-004` a series may stop at any landing.
#[test]
fn dame_loops_and_early_stops_have_paths_of_their_own() {
    let entry = arbiter::games::about("dame").unwrap();
    let setup = serde_json::json!({
        "to-move": "white",
        "white": {"a1": "dame"},
        "black": {"b2": "man", "d4": "man", "b4": "man", "d6": "man", "b6": "man"},
    });
    for (profile, stop_needed) in [("english", false), ("seed-004", true)] {
        let mut s = arbiter::session::start_named(
            entry.name,
            "engine",
            Some(&serde_json::json!(profile)),
            Some(&setup),
        )
        .unwrap();
        let paths = check_position(s.as_mut());
        assert!(paths.len() >= 2, "{profile}: {paths:?}");
        let stop = s.stop_index().unwrap();
        assert_eq!(
            paths.values().any(|p| p.last() == Some(&stop)),
            stop_needed,
            "{profile}: {paths:?}"
        );
        if profile == "english" {
            let a = &paths["a1xc3xa5xc7xe5xc3"];
            let b = &paths["a1xc3xe5xc7xa5xc3"];
            assert_eq!((a.len(), b.len()), (5, 5));
            // The same first jump and the same last landing (c3), which
            // the old one-index encoding could not tell apart.
            let landing = |p: &[usize]| (p[4] - 1024) % 32;
            assert_eq!((a[0], landing(a)), (b[0], landing(b)));
            assert_ne!(a, b);
        }
        // A step that continues nothing is refused and changes nothing.
        let r = s.play_index(0).unwrap_err();
        assert_eq!(r.rule, "no-legal-action");
        assert!(s.pending().is_empty() && s.history().is_empty());
        // Text may not be played over pending steps.
        let first = paths.values().next().unwrap()[0];
        assert_eq!(s.play_index(first), Ok(None));
        let any = s.legal_moves()[0].clone();
        assert_eq!(s.play(&any).unwrap_err().rule, "steps-pending");
        s.clear_pending();
        s.play(&any).unwrap();
    }
}

#[test]
fn bad_input_is_refused_with_the_rule() {
    for entry in arbiter::games::all() {
        let mut s = arbiter::session::start_named(entry.name, entry.fastest(), None, None).unwrap();
        let r = s.play("not an action").unwrap_err();
        assert_eq!(r.rule, arbiter::session::UNREADABLE, "{}", entry.name);
        assert!(s.history().is_empty());
        assert!(arbiter::session::start_named(entry.name, "nobody", None, None).is_err());
        assert!(
            arbiter::session::start_named(
                entry.name,
                entry.fastest(),
                Some(&serde_json::json!("no-such-profile")),
                None
            )
            .is_err()
        );
    }
}

#[test]
fn profiles_are_read_as_the_protocol_reads_them() {
    use serde_json::json;
    for entry in arbiter::games::all() {
        let game = entry.name;
        let default = entry.profile_names[0];
        // An object naming a built-in profile need spell no switch
        // (spec/protocol.md), and keeps the name as written.
        let s = arbiter::session::start_named(
            entry.name,
            entry.fastest(),
            Some(&json!({ "name": default })),
            None,
        )
        .unwrap_or_else(|e| panic!("{game}: {e}"));
        assert_eq!(s.profile(), default, "{game}");
        // A switch the game does not have is refused, in either spelling.
        let e = arbiter::session::start_named(
            entry.name,
            entry.fastest(),
            Some(&json!({ "name": default, "no-such-switch": true })),
            None,
        )
        .err()
        .unwrap_or_else(|| panic!("{game}: an unknown switch was ignored"));
        assert!(e.contains("no-such-switch"), "{game}: {e}");
        let named = json!(format!("{default}+no-such-switch=1"));
        assert!(
            arbiter::session::start_named(entry.name, entry.fastest(), Some(&named), None).is_err(),
            "{game}: an unknown override was ignored"
        );
    }
}
