//! Every perft figure of `spec/<game>/perft.yaml`, counted by both
//! implementations of its game up to a node limit (a debug build counts a
//! few hundred thousand leaves a second at best). The deeper figures are
//! counted by `arbiter perft` on the release-built engine, in `.ci/run`.

use std::path::Path;

use arbiter::perft::{count, line, load};

/// Figures with at most this many leaves are counted by the engine here.
const ENGINE_LIMIT: u64 = 700_000;
/// And by the reference (slow by design: each function follows a clause).
const REFERENCE_LIMIT: u64 = 200_000;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every game of the registry has a perft file that loads, and says where
/// each figure comes from.
#[test]
fn every_game_has_a_perft_file_with_sources() {
    for g in arbiter::games::names() {
        let figures = load(root(), g)
            .unwrap_or_else(|e| panic!("{e}"))
            .unwrap_or_else(|| panic!("spec/{}/perft.yaml is missing", g));
        for f in &figures {
            assert!(
                !f.info().source.trim().is_empty(),
                "{} {}: a figure without a source",
                g,
                f.info().name
            );
        }
    }
}

/// Both implementations of every game count every figure under their
/// limit, and get it right; each game's counts run on a thread of their
/// own.
#[test]
fn both_implementations_reproduce_every_figure_up_to_the_node_limit() {
    let results: Vec<(String, usize)> = std::thread::scope(|s| {
        let handles: Vec<_> = arbiter::games::names()
            .into_iter()
            .map(|g| {
                s.spawn(move || {
                    let figures = load(root(), g).unwrap().unwrap_or_default();
                    let mut wrong = String::new();
                    let mut counted = 0;
                    for f in &figures {
                        for (imp, limit) in
                            [("engine", ENGINE_LIMIT), ("reference", REFERENCE_LIMIT)]
                        {
                            if f.info().count > limit {
                                continue;
                            }
                            let c = count(f.as_ref(), imp);
                            counted += 1;
                            if !c.agrees() {
                                wrong.push_str(&line(&c));
                                wrong.push('\n');
                            }
                        }
                    }
                    (wrong, counted)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let wrong: String = results.iter().map(|(w, _)| w.as_str()).collect();
    assert!(wrong.is_empty(), "figures not reproduced:\n{wrong}");
    let counted: usize = results.iter().map(|(_, n)| n).sum();
    assert!(counted >= 60, "only {counted} counts were made");
}

/// A wrong figure is reported as wrong: the check can fail.
#[test]
fn a_wrong_figure_is_caught() {
    let g = "dame";
    let text = "game: dame\nfigures:\n  - {name: start, setup: {start: true}, profile: english, depth: 3, count: 303, source: test}\n";
    let figures = arbiter::perft::parse_named(g, Path::new("t.yaml"), text).unwrap();
    let c = count(figures[0].as_ref(), "engine");
    assert_eq!(c.got, Some(302));
    assert!(!c.agrees());
    assert!(line(&c).starts_with("FAIL"), "{}", line(&c));
}

/// A malformed file names the line and what was expected.
#[test]
fn a_malformed_file_is_refused_with_its_place() {
    let g = "chess";
    let text = "game: chess\nfigures:\n  - name: start\n    setup: {}\n    profile: fide\n    depth: three\n    count: 1\n    source: x\n";
    let e = arbiter::perft::parse_named(g, Path::new("t.yaml"), text)
        .err()
        .expect("refused");
    assert_eq!(e.at.line, 6, "{e}");
    let text = "game: dame\nfigures: []\n";
    assert!(arbiter::perft::parse_named(g, Path::new("t.yaml"), text).is_err());
}
