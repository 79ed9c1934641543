//! The game-generic properties the fuzz targets check
//! (`fuzz/fuzz_targets/`), kept in the library so the targets are one line
//! each and `cargo test` can replay the committed corpora and any saved
//! crash (`tests/fuzz_corpus.rs`). Each function panics exactly when the
//! property fails. A game's own properties (Stratego's differential target)
//! live with that game, in its `workload` module.

use std::path::Path;

use crate::corpus::parse;

/// Target `scenario_load`: the loader never panics, whatever the bytes; a
/// scenario it accepts runs to the same failures (messages included) on
/// every implementation of its game as on the reference, under each of its
/// profiles.
pub fn check_scenario_load(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(scenario) = parse(Path::new("fuzz.yaml"), text) else {
        return;
    };
    let game = crate::games::find(scenario.game()).expect("a loaded scenario's game is registered");
    let imps = game.implementations();
    for profile in scenario.profile_names() {
        let reference = scenario.check(imps[0], Some(&profile));
        for imp in &imps[1..] {
            let other = scenario.check(imp, Some(&profile));
            assert_eq!(
                reference.as_ref().map(|r| &r.status),
                other.as_ref().map(|r| &r.status),
                "scenario {} under {profile}: reference and {imp} fail differently",
                scenario.id()
            );
        }
    }
}

/// Target `protocol_reader`: the protocol reader of every game, on any
/// bytes, never panics, and whatever it reads survives a write-and-read
/// round trip ([`check_reader`](crate::protocol::reader::check_reader)).
pub fn check_protocol_reader(data: &[u8]) {
    for game in crate::games::registry() {
        game.check_reader(data);
    }
}
