//! The game-generic properties the fuzz targets check
//! (`fuzz/fuzz_targets/`), kept in the library so the targets are one line
//! each and `cargo test` can replay the committed corpora and any saved
//! crash (`tests/differential/fuzz_corpus.rs`). Each function panics exactly
//! when the property fails. A game's targets that compare its
//! implementations share one body, [`compare`]: the game lists them
//! ([`Workloads::FUZZ_TARGETS`](crate::rules::Workloads::FUZZ_TARGETS)),
//! each reading its case from the input its own way and comparing it with
//! [`Compare`](crate::rules::compare::Compare).

use std::path::Path;

use crate::games::{self, Visit};
use crate::rules::Rules;
use crate::scenario::any::parse;

/// The body of every fuzz target that compares a game's implementations:
/// game `G`'s target `name` ([`Workloads::FUZZ_TARGETS`](crate::rules::Workloads::FUZZ_TARGETS))
/// on `data`. Panics on a difference, and for a name `G` does not list.
pub fn compare<G: Rules>(name: &str, data: &[u8]) {
    match G::FUZZ_TARGETS.iter().find(|t| t.name == name) {
        Some(t) => (t.check)(data),
        None => panic!("{} has no fuzz target `{name}`", G::NAME),
    }
}

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
    let imps = games::about(scenario.game())
        .expect("a loaded scenario's game is registered")
        .implementations;
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
/// round trip ([`check_reader`]).
pub fn check_protocol_reader(data: &[u8]) {
    struct Reader<'a>(&'a [u8]);
    impl Visit for Reader<'_> {
        type Out = ();
        fn visit<G: Rules>(&mut self) {
            check_reader::<G>(self.0);
        }
    }
    games::each(&mut Reader(data));
}

/// Target `serve_lines`: the first byte picks the longest line `serve`
/// reads (32 to 8,192 bytes), the rest is `serve`'s whole input: lines that
/// are not UTF-8, too long, blank, with or without a final line break.
/// Serving the game's reference never fails nor panics, and every line but
/// the blank ones gets exactly one reply, a line of JSON with
/// `"protocol": 1` and an id
/// ([`check_serve`](crate::protocol::serve::check_serve)), for every game.
pub fn check_serve_lines(data: &[u8]) {
    let (max_line, input) = match data.split_first() {
        Some((b, rest)) => (32 + usize::from(*b) * 32, rest),
        None => (crate::protocol::serve::MAX_LINE, data),
    };
    struct Serve<'a>(&'a [u8], usize);
    impl Visit for Serve<'_> {
        type Out = ();
        fn visit<G: Rules>(&mut self) {
            crate::protocol::serve::check_serve(G::reference(), self.0, self.1);
        }
    }
    games::each(&mut Serve(input, max_line));
}

/// The reader's property, for fuzzing and for replaying inputs under
/// `cargo test`: on any bytes, reading never panics, and whatever reads as a
/// request or a reply of game `G` is written back and read again to the
/// same value.
pub fn check_reader<G: Rules>(bytes: &[u8]) {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return;
    };
    let _ = crate::protocol::reader::peek_id(text);
    let _ = crate::protocol::reader::peek_game(text);
    if let Ok(req) = crate::protocol::reader::read_request::<G>(text) {
        let line = crate::protocol::writer::request_line(&req);
        let again = crate::protocol::reader::read_request::<G>(&line)
            .expect("a request arbiter wrote must read back");
        assert_eq!(again.id, req.id);
        assert_eq!(again.case, req.case);
        assert_eq!(again.query.kind(), req.query.kind());
        // Written again, the request is the same text: setup, profile and
        // actions survived the round trip.
        assert_eq!(crate::protocol::writer::request_line(&again), line);
    }
    for kind in [
        crate::protocol::message::QueryKind::Hello,
        crate::protocol::message::QueryKind::LegalMoves,
        crate::protocol::message::QueryKind::Judge,
        crate::protocol::message::QueryKind::State,
    ] {
        if let Ok(reply) = crate::protocol::reader::read_reply::<G>(text, kind) {
            let again = crate::protocol::reader::read_reply::<G>(
                &crate::protocol::writer::reply_line(&reply),
                kind,
            )
            .expect("a reply arbiter wrote must read back");
            assert!(again == reply, "a reply read back differs");
        }
    }
}
