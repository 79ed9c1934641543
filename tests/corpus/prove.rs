//! `arbiter prove` end to end: verdicts that the seed pages and a hand
//! count fix, the exit status on a verdict that differs from `expect`, the
//! strict loader's located errors, and the written decisive line replayed
//! by `arbiter check`.
//!
//! The whole claim set takes minutes in a release build; run it with
//! `cargo test --release --test corpus prove:: -- --include-ignored`.

use std::process::Command;

fn arbiter(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("arbiter runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Seed 000, Beispiel 1 under modern-3 (limit 3): the captain may cross
/// its line three times, so after B1-B2 and three crossings each way the
/// marshal's threat from C2 cannot be answered by C3-B3 (a fourth crossing);
/// blue moves another piece and C2xC3 is ply 9.
#[test]
fn the_frontal_maxim_is_forced_in_nine_plies_under_modern_3() {
    let (code, out, err) = arbiter(&[
        "prove",
        "claims/stratego/ts-frontal.yaml",
        "--profile",
        "modern-3",
    ]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("modern-3        holds"), "{out}");
    assert!(out.contains("capture forced in 9 plies"), "{out}");
}

/// Two chasers trap the captain without any repetition rule: a finding,
/// so the claim file expects `fails` and the run exits 0.
#[test]
fn two_chasers_win_the_three_square_piece_under_every_profile() {
    let (code, out, err) = arbiter(&["prove", "claims/stratego/ms-two-chasers.yaml"]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert_eq!(out.matches(" fails").count(), 4, "{out}");
}

#[test]
fn a_verdict_that_differs_from_expect_exits_1_and_a_broken_file_exits_2() {
    let dir = std::env::temp_dir().join(format!("arbiter-prove-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let claim = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("claims/stratego/ts-frontal.yaml"),
    )
    .unwrap();
    let wrong = dir.join("wrong.yaml");
    std::fs::write(&wrong, claim.replace("modern-3: holds", "modern-3: fails")).unwrap();
    let (code, out, _) = arbiter(&["prove", wrong.to_str().unwrap(), "--profile", "modern-3"]);
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("expected otherwise"), "{out}");
    let broken = dir.join("broken.yaml");
    std::fs::write(&broken, claim.replace("fixed:", "fixd:")).unwrap();
    let (code, _, err) = arbiter(&["prove", broken.to_str().unwrap()]);
    assert_eq!(code, Some(2));
    assert!(err.contains("broken.yaml:18:1"), "{err}");
    assert!(err.contains("fixd"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Issue 28: `prove` had no time limit. With one, a search still running
/// then stops, the claim is undecided with the nodes searched, and the
/// exit status is 3 (the long claim takes minutes otherwise).
#[test]
fn a_time_limit_stops_the_search_with_an_undecided_verdict() {
    let start = std::time::Instant::now();
    let (code, out, err) = arbiter(&[
        "prove",
        "claims/stratego-long/ts-frontal-everywhere.yaml",
        "--profile",
        "isf",
        "--time-limit",
        "1s",
    ]);
    assert_eq!(code, Some(3), "{out}{err}");
    assert!(
        out.contains("isf             undecided: time limit reached after "),
        "{out}"
    );
    assert!(out.contains("the time limit of 1s was reached"), "{out}");
    assert!(start.elapsed() < std::time::Duration::from_secs(30));
    let (code, _, err) = arbiter(&[
        "prove",
        "claims/stratego/ts-frontal.yaml",
        "--time-limit",
        "soon",
    ]);
    assert_eq!(code, Some(2));
    assert!(err.contains("`soon` is not a duration"), "{err}");
}

#[test]
fn the_written_decisive_line_is_replayed_by_check() {
    let dir = std::env::temp_dir().join(format!("arbiter-prove-w-{}", std::process::id()));
    let (code, out, err) = arbiter(&[
        "prove",
        "claims/stratego/ms-two-chasers.yaml",
        "--profile",
        "modern-3",
        "--write",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{out}{err}");
    let file = dir.join("ms-two-chasers-modern-3.yaml");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.contains("{move: D2-C2, combat: attacker-wins"),
        "{text}"
    );
    let (code, out, err) = arbiter(&["check", dir.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("1 passed, 0 failed"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Every committed claim, every profile: each verdict as its file expects.
#[test]
#[ignore = "minutes in a release build; cargo test --release --test corpus prove:: -- --include-ignored"]
fn every_committed_claim_gets_its_expected_verdict() {
    let (code, out, err) = arbiter(&["prove", "claims/stratego"]);
    assert_eq!(code, Some(0), "{out}{err}");
}
