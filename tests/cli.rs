//! The `arbiter` binary end to end: `explain` reproduces the seed tables,
//! `check` prints the summary line and sets the exit status.

use std::process::Command;

fn arbiter(args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("arbiter runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

fn squeeze(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Rows of a seed 000 table, typed from the page: turn, then for each side
/// the move, `start` (Beginn) or `continue` (Fortsetzung), and the count.
fn assert_rows(file: &str, rows: &[&str]) {
    let (ok, out) = arbiter(&["explain", file]);
    assert!(ok, "explain {file} failed:\n{out}");
    let lines: Vec<String> = out.lines().map(squeeze).collect();
    for row in rows {
        assert!(
            lines.iter().any(|l| l == row),
            "{file}: no row `{row}` in\n{out}"
        );
    }
}

#[test]
fn explain_reproduces_seed000_example1_frontal() {
    assert_rows(
        "scenarios/stratego/two-squares/seed000/ex1-frontal.yaml",
        &[
            "1 A1-A2 start 1x A3-B3 start 1x",
            "2 A2-B2 start 1x B3-A3 continue 2x",
            "3 B2-A2 continue 2x A3-B3 continue 3x",
            "4 A2-B2 continue 3x B3-A3 continue 4x",
            "5 B2-A2 continue 4x A3-B3 continue 5x",
        ],
    );
}

#[test]
fn explain_reproduces_seed000_example2_diagonal() {
    assert_rows(
        "scenarios/stratego/two-squares/seed000/ex2-diagonal.yaml",
        &[
            "1 B2-A2 start 1x A3-B3 start 1x",
            "2 A2-B2 continue 2x B3-A3 continue 2x",
            "3 B2-A2 continue 3x A3-B3 continue 3x",
            "4 A2-B2 continue 4x B3-A3 continue 4x",
            "5 B2-A2 continue 5x A3-B3 continue 5x",
        ],
    );
}

#[test]
fn explain_reproduces_seed000_example3_lateral() {
    assert_rows(
        "scenarios/stratego/two-squares/seed000/ex3-lateral.yaml",
        &[
            "1 C2-B2 start 1x B3-A3 start 1x",
            "2 B2-A2 start 1x A3-B3 continue 2x",
            "3 A2-B2 continue 2x B3-A3 continue 3x",
            "4 B2-A2 continue 3x A3-B3 continue 4x",
            "5 A2-B2 continue 4x B3-A3 continue 5x",
        ],
    );
}

#[test]
fn explain_reproduces_seed000_example4_distant() {
    assert_rows(
        "scenarios/stratego/two-squares/seed000/ex4-distant.yaml",
        &[
            "1 C1-B1 start 1x B3-A3 start 1x",
            "2 B1-A1 start 1x A3-B3 continue 2x",
            "3 A1-B1 continue 2x B3-A3 continue 3x",
            "4 B1-A1 continue 3x A3-B3 continue 4x",
            "5 A1-B1 continue 4x B3-A3 continue 5x",
        ],
    );
}

#[test]
fn explain_reproduces_seed000_example5_scout() {
    assert_rows(
        "scenarios/stratego/two-squares/seed000/ex5-scout.yaml",
        &[
            "1 D2-A2 start 1x A3-B3 start 1x",
            "2 A2-D2 continue 2x B3-A3 continue 2x",
            "3 D2-A2 continue 3x A3-B3 continue 3x",
            "4 A2-D2 continue 4x B3-A3 continue 4x",
            "5 D2-A2 continue 5x A3-B3 continue 5x",
        ],
    );
}

#[test]
fn check_prints_the_summary_line_last() {
    let (ok, out) = arbiter(&["check", "scenarios/stratego/two-squares"]);
    assert!(ok, "{out}");
    let last = out.lines().last().unwrap_or_default();
    let words: Vec<&str> = last.split(' ').collect();
    assert_eq!(words.len(), 6, "summary line: {last}");
    assert_eq!(
        (words[1], words[3], words[5]),
        ("passed,", "failed,", "skipped")
    );
    assert!(words[0].parse::<u32>().unwrap() > 0);
    assert_eq!(words[2], "0");
}

#[test]
fn check_fails_on_a_broken_scenario() {
    let dir = std::env::temp_dir().join(format!("arbiter-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("bad.yaml");
    std::fs::write(
        &file,
        "id: t/bad\ntitle: t\nsource: s\nclauses: [RP-3.2]\nsetup:\n  red: {A1: marshal}\n  blue: {J10: marshal}\nmoves:\n  - move: A1-A3\n",
    )
    .unwrap();
    let (ok, out) = arbiter(&["check", file.to_str().unwrap()]);
    assert!(!ok);
    assert!(out.contains("bad.yaml:9:11"), "{out}");
    assert!(out.contains("play.not-a-step"), "{out}");
    assert!(
        out.trim_end().ends_with("0 passed, 1 failed, 0 skipped"),
        "{out}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn show_prints_a_board_per_move() {
    let (ok, out) = arbiter(&[
        "show",
        "scenarios/stratego/two-squares/seed000/ex1-frontal.yaml",
    ]);
    assert!(ok, "{out}");
    // The start position plus one board after each of the eleven moves.
    assert_eq!(out.matches("      A   B   C").count(), 12, "{out}");
}
