//! Replays the committed seeds of the `dame_differential` fuzz target
//! (`fuzz/corpus/dame_differential/`) and any saved failing input
//! (`fuzz/artifacts/dame_differential/`) through the target's property,
//! so a case the fuzzer once found stays fixed without cargo-fuzz.

use std::path::Path;

use arbiter::games::dame::workload::check_differential;

#[test]
fn dame_differential_inputs_replay() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    let mut n = 0;
    for dir in ["corpus", "artifacts"] {
        let Ok(entries) = std::fs::read_dir(root.join(dir).join("dame_differential")) else {
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
    assert!(n >= 16, "only {n} inputs");
}
