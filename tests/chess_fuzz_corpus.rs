//! Replays the committed seed corpus of the `chess_differential` fuzz
//! target (and any saved failing input) through its property, so that
//! `cargo test` keeps every case the fuzzer once ran.

use std::path::Path;

use arbiter::games::chess::workload::check_differential;

#[test]
fn chess_differential_corpus_replays() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    let mut n = 0;
    for dir in ["corpus", "artifacts"] {
        let Ok(entries) = std::fs::read_dir(root.join(dir).join("chess_differential")) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_file() {
                check_differential(&std::fs::read(&p).unwrap());
                n += 1;
            }
        }
    }
    assert!(n >= 10, "only {n} inputs");
}
