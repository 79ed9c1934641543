//! Move counts that scenarios state in their notes but the Stratego
//! scenario format cannot express (it has no count of legal moves): each
//! figure was counted from the rules of play (RP-3) by a script written
//! from the rules, not from arbiter, and both implementations must list
//! exactly that many moves.

use std::path::PathBuf;

use arbiter::games::stratego::engine::Engine;
use arbiter::games::stratego::game::Stratego;
use arbiter::games::stratego::reference::Reference;
use arbiter::rules::Implementation;
use arbiter::scenario::any::{load_all, of_game};

/// `(scenario id, legal moves at its setup)`.
const COUNTS: &[(&str, usize)] = &[("rp/moving/a-hundred-and-seventy-one-moves", 171)];

#[test]
fn both_implementations_list_the_counted_moves() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenarios/stratego/rules-of-play");
    let (all, errors) = load_all(&[dir]);
    assert!(errors.is_empty(), "{errors:?}");
    let scenarios = of_game::<Stratego>(&all);
    for &(id, want) in COUNTS {
        let s = scenarios
            .iter()
            .find(|s| s.id == id)
            .unwrap_or_else(|| panic!("no scenario {id}"));
        for profile in &s.profiles {
            let reference = Reference.start(&s.setup, profile).expect("setup loads");
            let engine = Engine.start(&s.setup, profile).expect("setup loads");
            assert_eq!(reference.legal_actions().len(), want, "{id}, reference");
            assert_eq!(engine.legal_actions().len(), want, "{id}, engine");
        }
    }
}
