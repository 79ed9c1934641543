//! Positions are compared as positions, not as spellings: arbiter's own
//! server behind a proxy that writes another accepted spelling of each
//! position passes the game's whole corpus.

use crate::common;

/// Epaminondas: every stone list reversed (`tests/data/harness/reverse_stones.py`).
#[test]
fn epaminondas_stones_in_reverse_order_pass_the_corpus() {
    if !common::python3_available() {
        return;
    }
    let shim = common::repo("tests/data/harness/reverse_stones.py");
    let (out, err, code) = common::run(&[
        "conform",
        "--game",
        "epaminondas",
        "--mode",
        "persistent",
        "--timeout",
        "120s",
        "--",
        "python3",
        shim.to_str().unwrap(),
        common::arbiter(),
        "serve",
        "--game",
        "epaminondas",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains(" 0 failed"), "{out}");
}
