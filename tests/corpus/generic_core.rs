//! The layers above `src/games/` know no game: the scenario format, the
//! protocol, the harness, the corpus dispatch, the rules traits and the
//! command line reach each game through the registry
//! (`src/games/mod.rs`), the one place that names the games.

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a source directory") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn nothing_above_the_games_names_a_game() {
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src");
    // Everything under src/ but src/games/: a new module is covered the
    // day it is written.
    let mut files = Vec::new();
    for entry in std::fs::read_dir(&src).expect("src/ is readable").flatten() {
        let p = entry.path();
        if p.is_dir() {
            if p.file_name().is_some_and(|n| n != "games") {
                rust_files(&p, &mut files);
            }
        } else if p.extension().is_some_and(|x| x == "rs") {
            files.push(p);
        }
    }
    assert!(files.len() > 40, "only {} files scanned", files.len());
    let games = arbiter::games::names();
    let mut offenders = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).expect("readable");
        for (n, line) in text.lines().enumerate() {
            if line.trim_start().starts_with("//") {
                continue;
            }
            for g in &games {
                // A game's module path or type: `games::stratego`, `Stratego`.
                let module = format!("games::{g}");
                let mut ty = g.to_string();
                ty[..1].make_ascii_uppercase();
                if line.contains(&module) || line.contains(&ty) {
                    offenders.push(format!("{}:{}: {}", f.display(), n + 1, line.trim()));
                }
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "game types named above src/games/:\n{}",
        offenders.join("\n")
    );
}

/// The generic tests run for every game of the registry without naming
/// one: each is written once over `G: Rules` and instantiated per game by
/// `arbiter::each_game_test!` (or iterates `arbiter::games::each`), so a new
/// game is run by all of them; what differs by game (a minimum count) is
/// the game's own (`Workloads::KILL_FLOORS`). A file listed here that names
/// a game's module or type fails.
#[test]
fn the_generic_tests_name_no_game() {
    const GENERIC: &[&str] = &[
        "tests/mutants/kill_matrices.rs",
        "tests/mutants/equivalent_mutants.rs",
        "tests/corpus/switch_values_run.rs",
        "tests/corpus/runner_invariants.rs",
        "tests/corpus/profiles.rs",
        "tests/corpus/whole_corpus.rs",
        "tests/differential/battery.rs",
        "tests/differential/fuzz_corpus.rs",
        "tests/games/perft_figures.rs",
        "tests/games/action_space.rs",
    ];
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut offenders = Vec::new();
    for f in GENERIC {
        let text = std::fs::read_to_string(root.join(f)).expect("a generic test file");
        for (n, line) in text.lines().enumerate() {
            if line.trim_start().starts_with("//") {
                continue;
            }
            for g in arbiter::games::names() {
                let mut ty = g.to_string();
                ty[..1].make_ascii_uppercase();
                if line.contains(&format!("games::{g}")) || line.contains(&format!("<{ty}>")) {
                    offenders.push(format!("{f}:{}: {}", n + 1, line.trim()));
                }
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "generic tests that name a game instead of running every game:\n{}",
        offenders.join("\n")
    );
}

/// Reference and engine share data types, never rule logic: no engine
/// source names the reference interpreter, and no reference source names
/// the engine, so a bug cannot hide in code both run. (The random games that
/// drive both live in each game's `workload` module.)
#[test]
fn reference_and_engine_do_not_import_each_other() {
    let games = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src/games");
    let mut offenders = Vec::new();
    for g in arbiter::games::names() {
        for (dir, other) in [("engine", "reference"), ("reference", "engine")] {
            let root = games.join(g).join(dir);
            if !root.is_dir() {
                continue;
            }
            let mut files = Vec::new();
            rust_files(&root, &mut files);
            for f in &files {
                let text = std::fs::read_to_string(f).expect("readable");
                for (n, line) in text.lines().enumerate() {
                    let code = line.trim_start();
                    if code.starts_with("//") {
                        continue;
                    }
                    if code.contains(&format!("{other}::")) || code.contains(&format!("::{other}"))
                    {
                        offenders.push(format!("{}:{}: {}", f.display(), n + 1, code));
                    }
                }
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "reference and engine import each other:\n{}",
        offenders.join("\n")
    );
}
