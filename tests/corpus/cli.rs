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

// Seed 000 tables have no MFR column: the rows assert that no MFR mark appears.

#[test]
fn explain_reproduces_seed000_example1_frontal() {
    assert_rows(
        "scenarios/stratego/two-squares/seed000/ex1-frontal.yaml",
        &[
            (1, "A1-A2 start 1x", false, "A3-B3 start 1x"),
            (2, "A2-B2 start 1x", false, "B3-A3 continue 2x"),
            (3, "B2-A2 continue 2x", false, "A3-B3 continue 3x"),
            (4, "A2-B2 continue 3x", false, "B3-A3 continue 4x"),
            (5, "B2-A2 continue 4x", false, "A3-B3 continue 5x"),
        ],
    );
}

#[test]
fn explain_reproduces_seed000_example2_diagonal() {
    assert_rows(
        "scenarios/stratego/two-squares/seed000/ex2-diagonal.yaml",
        &[
            (1, "B2-A2 start 1x", false, "A3-B3 start 1x"),
            (2, "A2-B2 continue 2x", false, "B3-A3 continue 2x"),
            (3, "B2-A2 continue 3x", false, "A3-B3 continue 3x"),
            (4, "A2-B2 continue 4x", false, "B3-A3 continue 4x"),
            (5, "B2-A2 continue 5x", false, "A3-B3 continue 5x"),
        ],
    );
}

#[test]
fn explain_reproduces_seed000_example3_lateral() {
    assert_rows(
        "scenarios/stratego/two-squares/seed000/ex3-lateral.yaml",
        &[
            (1, "C2-B2 start 1x", false, "B3-A3 start 1x"),
            (2, "B2-A2 start 1x", false, "A3-B3 continue 2x"),
            (3, "A2-B2 continue 2x", false, "B3-A3 continue 3x"),
            (4, "B2-A2 continue 3x", false, "A3-B3 continue 4x"),
            (5, "A2-B2 continue 4x", false, "B3-A3 continue 5x"),
        ],
    );
}

#[test]
fn explain_reproduces_seed000_example4_distant() {
    assert_rows(
        "scenarios/stratego/two-squares/seed000/ex4-distant.yaml",
        &[
            (1, "C1-B1 start 1x", false, "B3-A3 start 1x"),
            (2, "B1-A1 start 1x", false, "A3-B3 continue 2x"),
            (3, "A1-B1 continue 2x", false, "B3-A3 continue 3x"),
            (4, "B1-A1 continue 3x", false, "A3-B3 continue 4x"),
            (5, "A1-B1 continue 4x", false, "B3-A3 continue 5x"),
        ],
    );
}

#[test]
fn explain_reproduces_seed000_example5_scout() {
    assert_rows(
        "scenarios/stratego/two-squares/seed000/ex5-scout.yaml",
        &[
            (1, "D2-A2 start 1x", false, "A3-B3 start 1x"),
            (2, "A2-D2 continue 2x", false, "B3-A3 continue 2x"),
            (3, "D2-A2 continue 3x", false, "A3-B3 continue 3x"),
            (4, "A2-D2 continue 4x", false, "B3-A3 continue 4x"),
            (5, "D2-A2 continue 5x", false, "A3-B3 continue 5x"),
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

/// The coverage table of `arbiter check`: one row per named profile, the
/// number of scenarios per topic, the total and its percentage.
fn coverage_rows(out: &str) -> Vec<(String, usize, f64)> {
    let lines: Vec<&str> = out.lines().collect();
    let start = lines
        .iter()
        .position(|l| l.starts_with("coverage (stratego)"))
        .unwrap_or_else(|| panic!("no coverage table:\n{out}"));
    lines[start + 3..]
        .iter()
        .take_while(|l| !l.contains(" passed, "))
        .map(|l| {
            let cells: Vec<&str> = l.split_whitespace().collect();
            let n = cells.len();
            (
                cells[0].to_string(),
                cells[n - 2].parse().unwrap(),
                cells[n - 1].parse().unwrap(),
            )
        })
        .collect()
}

#[test]
fn check_prints_the_coverage_table_before_the_summary() {
    let (ok, out) = arbiter(&["check", "--game", "stratego"]);
    assert!(ok, "{out}");
    let header = out
        .lines()
        .find(|l| l.starts_with("profile "))
        .unwrap_or_else(|| panic!("no header:\n{out}"));
    for topic in [
        "ambiguities",
        "more-squares",
        "rules-of-play",
        "two-squares",
    ] {
        assert!(header.contains(topic), "{header}");
    }
    let rows = coverage_rows(&out);
    let names: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
    assert_eq!(
        names,
        ["isf", "gravon", "jumbo-original", "modern-3", "play-only"]
    );
    let all: usize = out
        .lines()
        .find(|l| l.starts_with("(scenarios)"))
        .and_then(|l| l.split_whitespace().last())
        .and_then(|n| n.parse().ok())
        .expect("a row of scenario counts");
    for (p, n, pct) in &rows {
        let want = 100.0 * *n as f64 / all as f64;
        assert!((pct - want).abs() < 0.05, "{p}: {pct} of {n}/{all}");
        // Every named profile is checked on nearly the whole corpus: a
        // scenario leaves a profile out only when it cannot speak for it.
        assert!(
            *pct >= 90.0,
            "profile {p} runs only {n} of {all} scenarios ({pct} %)"
        );
    }
    assert!(out.lines().last().unwrap().ends_with(" skipped"), "{out}");
}

#[test]
fn check_fails_on_a_broken_scenario() {
    let dir = std::env::temp_dir().join(format!("arbiter-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("bad.yaml");
    std::fs::write(
        &file,
        "game: stratego\nid: t/bad\ntitle: t\nsource: s\nclauses: [RP-3.2]\nsetup:\n  red: {A1: marshal}\n  blue: {J10: marshal}\nmoves:\n  - move: A1-A3\n",
    )
    .unwrap();
    let (ok, out) = arbiter(&["check", file.to_str().unwrap()]);
    assert!(!ok);
    assert!(out.contains("bad.yaml:10:11"), "{out}");
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

/// One row of a seed 001 table, typed from the page: turn, the colonel's
/// move with its two-squares cell and whether the row carries the MFR mark,
/// then the major's move with its cell.
type Row = (u32, &'static str, bool, &'static str);

fn assert_rows(file: &str, rows: &[Row]) {
    let (ok, out) = arbiter(&["explain", file]);
    assert!(ok, "explain {file} failed:\n{out}");
    for &(turn, red, mfr, blue) in rows {
        let prefix = format!("{turn} ");
        let line = out
            .lines()
            .map(squeeze)
            .find(|l| l.starts_with(&prefix))
            .unwrap_or_else(|| panic!("{file}: no row {turn} in\n{out}"));
        let rest = &line[prefix.len()..];
        assert!(
            rest.starts_with(red),
            "{file} row {turn}: expected `{red}` in `{line}`"
        );
        let blue_move = &blue[..5];
        let at = rest
            .find(&format!(" {blue_move} "))
            .unwrap_or_else(|| panic!("{file} row {turn}: no {blue_move} in `{line}`"));
        assert_eq!(
            rest[..at].contains("MFR"),
            mfr,
            "{file} row {turn}: MFR mark in `{line}`"
        );
        assert!(
            rest[at + 1..].starts_with(blue),
            "{file} row {turn}: expected `{blue}` in `{line}`"
        );
        assert!(
            !rest[at + 1..]
                .split("chasing;")
                .next()
                .unwrap()
                .contains("MFR"),
            "{file} row {turn}: the major's move carries no MFR mark"
        );
    }
}

#[test]
fn explain_reproduces_seed001_example1() {
    assert_rows(
        "scenarios/stratego/more-squares/seed001/ex1-three-squares.yaml",
        &[
            (1, "B2-B3 start 1x", false, "B4-C4 start 1x"),
            (2, "B3-C3 start 1x", false, "C4-D4 start 1x"),
            (3, "C3-D3 start 1x", true, "D4-C4 continue 2x"),
            (4, "D3-C3 continue 2x", true, "C4-B4 start 1x"),
        ],
    );
}

#[test]
fn explain_reproduces_seed001_example2() {
    assert_rows(
        "scenarios/stratego/more-squares/seed001/ex2-why-the-exception.yaml",
        &[
            (1, "C2-B2 start 1x", false, "B3-A3 start 1x"),
            (2, "B2-A2 start 1x", false, "A3-B3 continue 2x"),
            (3, "A2-B2 continue 2x", false, "B3-A3 continue 3x"),
            (4, "B2-A2 continue 3x", false, "A3-B3 continue 4x"),
            (5, "A2-B2 continue 4x", false, "B3-A3 continue 5x"),
            (6, "B2-A2 continue 5x", false, "A3-A4 start 1x"),
            (7, "A2-A3 start 1x", true, "A4-B4 start 1x"),
            (8, "A3-B3 start 1x", true, "B4-A4 continue 2x"),
            // Row 9b prints only "usw." with 3x; the major's move is A4-B4 (erratum E-001-4).
            (9, "B3-A3 continue 2x", true, "A4-B4 continue 3x"),
        ],
    );
}

#[test]
fn explain_reproduces_seed001_example3() {
    assert_rows(
        "scenarios/stratego/more-squares/seed001/ex3-two-pairs.yaml",
        &[
            (1, "B2-A2 start 1x", false, "A3-B3 start 1x"),
            (2, "A2-B2 continue 2x", false, "B3-A3 continue 2x"),
            (3, "B2-A2 continue 3x", false, "A3-B3 continue 3x"),
            (4, "A2-B2 continue 4x", false, "B3-A3 continue 4x"),
            (5, "B2-A2 continue 5x", false, "A3-B3 continue 5x"),
            (6, "F2-E2 start 1x", true, "E3-F3 start 1x"),
        ],
    );
}

#[test]
fn explain_names_the_repeated_position_of_a_forbidden_move() {
    let (_, out) = arbiter(&[
        "explain",
        "scenarios/stratego/more-squares/seed001/ex1-three-squares.yaml",
        "--profile",
        "isf+more-squares.exception=none",
    ]);
    let row4 = out
        .lines()
        .map(squeeze)
        .find(|l| l.starts_with("4 "))
        .unwrap_or_default();
    assert!(row4.contains("D3-C3 refused [1]"), "{out}");
    let reason = out
        .lines()
        .find(|l| l.starts_with("[1] "))
        .unwrap_or_default();
    assert!(
        reason.contains("D3-C3  illegal (more-squares, MS-7.1)"),
        "{out}"
    );
    assert!(reason.contains("after ply 3 (2a)"), "{out}");
}

/// A profile that refuses a listed move goes on with its own continuation:
/// `explain` and `show` follow that line, with the refusal and its reason.
#[test]
fn explain_and_show_follow_a_profiles_continuation() {
    let file = "scenarios/stratego/more-squares/seed001/ex1-three-squares.yaml";
    let profile = "isf+more-squares.exception=none";
    let (ok, out) = arbiter(&["explain", file, "--profile", profile]);
    assert!(ok, "{out}");
    assert!(out.contains("D3-C3  refused [1]"), "{out}");
    assert!(
        out.contains("[1] D3-C3  illegal (more-squares, MS-7.1)"),
        "{out}"
    );
    assert!(
        out.contains("D3-D4  start 1x"),
        "the continuation is missing:\n{out}"
    );
    assert!(
        out.contains("C4-C3    legal"),
        "the continuation's probes are missing:\n{out}"
    );
    let (ok, out) = arbiter(&["show", file, "--profile", profile]);
    assert!(ok, "{out}");
    assert!(out.contains("this profile's continuation follows"), "{out}");
    assert!(out.contains("D3-D4"), "{out}");
}

/// Issue 28: after a load error `check` also said "no scenarios found in
/// F.yaml: a scenario is a `.yaml` or `.yml` file", which the file is. It
/// says so only where no scenario file was found.
#[test]
fn check_says_no_scenarios_found_only_when_true() {
    let dir = std::env::temp_dir().join(format!("arbiter-cli-none-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("broken.yaml");
    std::fs::write(&file, "game: stratego\nid: t/broken\nnot-a-key: 1\n").unwrap();
    let run = |path: &std::path::Path| {
        let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(["check", path.to_str().unwrap()])
            .output()
            .expect("arbiter runs");
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (ok, err) = run(&file);
    assert!(!ok);
    assert!(!err.contains("no scenarios found"), "{err}");
    assert!(err.contains("1 file did not load"), "{err}");
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    std::fs::write(empty.join("notes.txt"), "not a scenario").unwrap();
    let (ok, err) = run(&empty);
    assert!(!ok);
    assert!(err.contains("no scenarios found"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// `check --game G` counts only G's files: a file of another game that
/// fails to load (as every other game's file does in a one-game build) is
/// not a failure of that run; without `--game` it is.
#[test]
fn check_with_a_game_leaves_other_games_load_errors_out() {
    let dir = std::env::temp_dir().join(format!("arbiter-cli-game-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios/stratego/rules-of-play/miner-defuses-bomb.yaml");
    std::fs::copy(&good, dir.join("good.yaml")).unwrap();
    std::fs::write(dir.join("other.yaml"), "game: dame\nid: t/other\n").unwrap();
    let d = dir.to_str().unwrap();
    let (ok, out) = arbiter(&["check", "--game", "stratego", "--impl", "reference", d]);
    assert!(ok, "{out}");
    assert!(
        out.trim_end().ends_with("1 passed, 0 failed, 0 skipped"),
        "{out}"
    );
    let (ok, out) = arbiter(&["check", "--impl", "reference", d]);
    assert!(!ok, "{out}");
    assert!(out.contains("other.yaml"), "{out}");
    assert!(
        out.trim_end().ends_with("1 passed, 1 failed, 0 skipped"),
        "{out}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
