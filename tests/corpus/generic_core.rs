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
