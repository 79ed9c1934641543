//! Replays the committed fuzz seed corpora (`fuzz/corpus/<target>/`) and any
//! saved failing input (`fuzz/artifacts/<target>/`) through the same
//! properties the fuzz targets check, so a case the fuzzer once found stays
//! fixed without cargo-fuzz or a nightly toolchain.

use std::path::{Path, PathBuf};

use arbiter::fuzzing::check_scenario_load;

fn inputs(target: &str) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    let mut out = Vec::new();
    for dir in ["corpus", "artifacts"] {
        let Ok(entries) = std::fs::read_dir(root.join(dir).join(target)) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or_default();
            if p.is_file() && !name.starts_with('.') && !name.ends_with(".md") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

fn replay(target: &str, check: fn(&[u8]), at_least: usize) {
    let files = inputs(target);
    assert!(
        files.len() >= at_least,
        "expected at least {at_least} committed inputs for {target}, found {}",
        files.len()
    );
    for f in files {
        let data = std::fs::read(&f).unwrap();
        let r = std::panic::catch_unwind(|| check(&data));
        assert!(r.is_ok(), "{} fails its property", f.display());
    }
}

/// Every game's targets that compare its implementations
/// (`Workloads::FUZZ_TARGETS`), for every registered game: each target's
/// committed inputs replay through its property.
#[test]
fn every_games_comparing_targets_replay() {
    use arbiter::games::Visit;
    use arbiter::rules::Rules;
    use arbiter::rules::compare::FuzzTarget;
    struct Targets;
    impl Visit for Targets {
        type Out = (&'static str, &'static [FuzzTarget]);
        fn visit<G: Rules>(&mut self) -> Self::Out {
            (G::NAME, G::FUZZ_TARGETS)
        }
    }
    for (_, targets) in arbiter::games::each(&mut Targets) {
        for t in targets {
            replay(t.name, t.check, t.seeds);
        }
    }
}

/// Every fuzz target (`fuzz/fuzz_targets/`) is replayed here: the three
/// generic ones, or one a game lists in `Workloads::FUZZ_TARGETS`.
#[test]
fn every_fuzz_target_is_replayed() {
    use arbiter::games::Visit;
    use arbiter::rules::Rules;
    struct Names(Vec<&'static str>);
    impl Visit for Names {
        type Out = ();
        fn visit<G: Rules>(&mut self) {
            self.0.extend(G::FUZZ_TARGETS.iter().map(|t| t.name));
        }
    }
    let mut names = Names(vec!["scenario_load", "protocol_reader", "serve_lines"]);
    arbiter::games::each(&mut names);
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/fuzz_targets");
    for e in std::fs::read_dir(dir).expect("the fuzz targets").flatten() {
        let p = e.path();
        let stem = p.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
        assert!(
            names.0.contains(&stem),
            "fuzz target {stem} is replayed by no test (list it in its game's Workloads::FUZZ_TARGETS)"
        );
    }
}

#[test]
fn scenario_load_corpus_replays() {
    replay("scenario_load", check_scenario_load, 3);
}

#[test]
fn protocol_reader_corpus_replays() {
    replay(
        "protocol_reader",
        arbiter::fuzzing::check_protocol_reader,
        10,
    );
}

#[test]
fn serve_lines_corpus_replays() {
    replay("serve_lines", arbiter::fuzzing::check_serve_lines, 8);
}

/// Whether this run rewrites generated files (`ARBITER_BLESS=1`): here, it
/// seeds the corpora with what a newly registered game lacks.
fn bless() -> bool {
    std::env::var_os("ARBITER_BLESS").is_some_and(|v| v == "1")
}

/// Issue 29: the loader's seed corpus holds, for every registered game, a
/// scenario the loader accepts, so the fuzzer mutates every game's
/// scenario syntax, not Stratego's alone. Under `ARBITER_BLESS=1` a game
/// without one gets a copy of its first scenario file, so a new game needs
/// no file here by hand.
#[test]
fn the_scenario_load_corpus_has_a_scenario_of_every_game() {
    let loaded = || {
        let mut games = Vec::new();
        for f in inputs("scenario_load") {
            let text = std::fs::read_to_string(&f).unwrap_or_default();
            if let Ok(s) = arbiter::scenario::any::parse(&f, &text) {
                games.push(s.game());
            }
        }
        games
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    if bless() {
        let games = loaded();
        for name in arbiter::games::names() {
            if games.contains(&name) {
                continue;
            }
            let (mut scenarios, _) =
                arbiter::scenario::any::load_all(&[root.join("scenarios").join(name)]);
            scenarios.sort_by(|a, b| a.path().cmp(b.path()));
            let first = scenarios
                .first()
                .unwrap_or_else(|| panic!("{name} has no scenario"));
            let to = root.join("fuzz/corpus/scenario_load").join(format!(
                "{name}-{}",
                first.path().file_name().unwrap().to_string_lossy()
            ));
            std::fs::copy(first.path(), to).expect("the corpus is writable");
        }
    }
    let games = loaded();
    for name in arbiter::games::names() {
        assert!(
            games.contains(&name),
            "no scenario of {name} in fuzz/corpus/scenario_load/ loads (loaded: {games:?}); ARBITER_BLESS=1 adds one"
        );
    }
}

/// Issue 29: the reader's seed corpus holds, for every game, a request and
/// a reply its reader accepts, so the fuzzer mutates every game's setup,
/// profile and action spelling. Under `ARBITER_BLESS=1` a game without them
/// gets the `legal-moves` request of its first battery case and the
/// reference's reply, as `serve` writes them.
#[test]
fn the_protocol_reader_corpus_has_a_request_and_a_reply_of_every_game() {
    use arbiter::games::Visit;
    use arbiter::protocol::message::{Position, Query, QueryKind, Request};
    use arbiter::protocol::reader::{read_reply, read_request};
    use arbiter::rules::Rules;

    fn reads<G: Rules>(texts: &[String]) -> (bool, bool) {
        let request = texts.iter().any(|t| read_request::<G>(t).is_ok());
        let reply = texts.iter().any(|t| {
            [QueryKind::LegalMoves, QueryKind::Judge, QueryKind::State]
                .into_iter()
                .any(|k| read_reply::<G>(t, k).is_ok())
        });
        (request, reply)
    }
    /// The request and the reply a game lacks, written into the corpus.
    fn seed<G: Rules>(dir: &Path) {
        let (setup, profile) = G::battery_case(0).expect("a battery case");
        let request = arbiter::protocol::writer::request_line(&Request::<G> {
            id: 1,
            case: Some("seed".into()),
            query: Query::LegalMoves(Position {
                profile,
                setup,
                moves: Vec::new(),
            }),
        });
        let reply = arbiter::protocol::serve::answer_line(G::reference(), &request);
        for (part, line) in [("request", request), ("reply", reply)] {
            let path = dir.join(format!("{}-{part}-legal-moves.json", G::NAME));
            std::fs::write(path, line + "\n").expect("the corpus is writable");
        }
    }
    struct Reads<'a>(&'a [String], Option<&'a Path>);
    impl Visit for Reads<'_> {
        type Out = (&'static str, (bool, bool));
        fn visit<G: Rules>(&mut self) -> Self::Out {
            let found = reads::<G>(self.0);
            if let (Some(dir), false) = (self.1, found == (true, true)) {
                seed::<G>(dir);
            }
            (G::NAME, found)
        }
    }
    let texts = || -> Vec<String> {
        inputs("protocol_reader")
            .iter()
            .filter_map(|f| std::fs::read_to_string(f).ok())
            .collect()
    };
    if bless() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus/protocol_reader");
        arbiter::games::each(&mut Reads(&texts(), Some(&dir)));
    }
    let texts = texts();
    let found = arbiter::games::each(&mut Reads(&texts, None));
    assert_eq!(found.len(), arbiter::games::names().len());
    for (name, found) in found {
        assert_eq!(
            found,
            (true, true),
            "{name}: (a request, a reply) read; ARBITER_BLESS=1 adds them"
        );
    }
}
