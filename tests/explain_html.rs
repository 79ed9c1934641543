//! `arbiter explain --html`: a self-contained page with the seed-style
//! table beside a board that steps through the moves. The page is checked
//! as text, then rendered in headless Chromium (Debian's `chromium`
//! package), whose script reports what it laid out.
//!
//! Without Chromium the browser test says so and passes, unless
//! `ARBITER_REQUIRE_CHROMIUM` is set (CI sets it after installing the
//! package), so a missing browser cannot go unnoticed where it matters.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use common::{repo, run, temp_dir};

/// Seed 001 example 1: four turns, eight plies, five pieces.
const EX1: &str = "scenarios/stratego/more-squares/seed001/ex1-three-squares.yaml";

fn page(file: &str, dir: &Path) -> (PathBuf, String) {
    let out = dir.join("page.html");
    let (stdout, stderr, code) = run(&["explain", "--html", file, "-o", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let text = std::fs::read_to_string(&out).unwrap();
    (out, text)
}

#[test]
fn the_page_holds_the_table_and_one_board_per_position() {
    let dir = temp_dir("explain-html");
    let (_, html) = page(EX1, &dir);
    assert!(html.starts_with("<!DOCTYPE html>"));
    // Self-contained: nothing is fetched.
    for outside in ["src=", "href=\"http", "@import", "url(http"] {
        assert!(!html.contains(outside), "fetches `{outside}`");
    }
    // The setup and one position after each of the eight moves.
    assert_eq!(html.matches("<div class=\"frame\"").count(), 9);
    assert_eq!(html.matches("<svg").count(), 9);
    // The seed table's cells, each linked to the position after it.
    assert!(
        html.contains("<td data-frame=\"5\">C3-D3  start 1x  MFR  chasing</td>"),
        "{html}"
    );
    assert!(html.contains("D3-C3  continue 2x  MFR  chasing (repeats 2a: exception)"));
    // The last move's picture: an arrow, the boundary crossed with its
    // count, the chasing move ringed and the threatened major marked.
    let frame5 = html.split("data-index=\"5\"").nth(1).unwrap();
    let frame5 = &frame5[..frame5.find("</div>").unwrap()];
    assert!(frame5.contains("class=\"move\""));
    assert!(frame5.contains("class=\"boundary\""));
    assert!(frame5.contains(">1x</text>"));
    assert!(frame5.contains("class=\"chasing\""));
    assert!(frame5.contains("class=\"threatened\""));
    assert!(
        frame5.contains("<title>red colonel on D3</title>"),
        "{frame5}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Debian's binary, or another Chromium on the path.
fn chromium() -> Option<PathBuf> {
    ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .find_map(|b| which::which(b).ok())
}

/// The DOM after the page's script ran, from headless Chromium.
fn rendered(browser: &Path, url: &str, profile: &Path) -> String {
    let child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--window-size=1400,900",
            &format!("--user-data-dir={}", profile.display()),
            "--dump-dom",
            url,
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromium starts");
    // Read the DOM on a thread (it is larger than a pipe holds), and give
    // the browser two minutes.
    let pid = child.id();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(child.wait_with_output());
    });
    let out = match rx.recv_timeout(Duration::from_secs(120)) {
        Ok(out) => out.expect("chromium's output"),
        Err(_) => {
            // SAFETY: signals the browser this test started.
            unsafe { libc::kill(pid as i32, libc::SIGKILL) };
            panic!("chromium did not finish in 120 s");
        }
    };
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn chromium_draws_the_board_and_steps_to_a_position() {
    let Some(browser) = chromium() else {
        assert!(
            std::env::var_os("ARBITER_REQUIRE_CHROMIUM").is_none(),
            "ARBITER_REQUIRE_CHROMIUM is set but no chromium is on the path"
        );
        eprintln!(
            "no chromium on the path: the browser test is not run (apt-get install chromium)"
        );
        return;
    };
    let dir = temp_dir("explain-chromium");
    let (file, _) = page(EX1, &dir);
    let url = format!("file://{}", file.display());
    let dom = rendered(&browser, &url, &dir.join("profile"));
    // The script measured the laid-out board: 10 × 40 squares and the
    // margins, and the five pieces of the setup.
    assert!(
        dom.contains("<div id=\"drawn\">frames=9 board=448x448 pieces=5</div>"),
        "{dom}"
    );
    // Only the setup is shown at first, and no cell is marked.
    assert!(dom.contains("<span id=\"position\">1 / 9</span>"), "{dom}");
    // Opened at a ply, the page shows that position and marks its cell.
    let dom = rendered(&browser, &format!("{url}#ply-5"), &dir.join("profile"));
    assert!(dom.contains("<span id=\"position\">6 / 9</span>"), "{dom}");
    assert!(
        dom.contains("<td data-frame=\"5\" class=\"current\">C3-D3"),
        "{dom}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Backgammon: white rolls 5-3 and plays 8/3* 6/3, hitting black's blot
/// on W3 (black's 22) and making the point.
const BG_HIT: &str = "scenarios/backgammon/moving/hit-making-a-point.yaml";

#[test]
fn the_backgammon_page_draws_points_bar_dice_cube_and_the_play() {
    let dir = temp_dir("explain-html-backgammon");
    let (_, html) = page(BG_HIT, &dir);
    // The setup, the position after the roll and after the play.
    assert_eq!(html.matches("<div class=\"frame\"").count(), 3);
    assert_eq!(html.matches("<svg").count(), 3);
    // The table: a column for each player, the roll and its play in one
    // cell that shows the position after the play.
    assert!(html.contains("<th>white</th><th>black</th>"), "{html}");
    let cell = html.split("<td data-frame=\"2\">5-3 [").nth(1).unwrap();
    assert!(
        cell[..cell.find("</td>").unwrap()].ends_with("]: 8/3* 6/3 (hits 1)"),
        "{cell}"
    );
    assert!(html.contains("1 on the bar; cube 1 centred"), "{html}");
    let frame = |i: usize| {
        let f = html.split(&format!("data-index=\"{i}\"")).nth(1).unwrap();
        f[..f.find("</div>").unwrap()].to_string()
    };
    let (setup, rolled, played) = (frame(0), frame(1), frame(2));
    for f in [&setup, &rolled, &played] {
        // 24 points named as the page names them, the cube, 30 checkers.
        assert_eq!(f.matches("class=\"point\"").count(), 24);
        for name in [">S1<", ">S12<", ">W1<", ">W12<"] {
            assert!(f.contains(name), "{name}");
        }
        assert!(f.contains("<title>the cube: 1, centred</title>"));
        assert_eq!(f.matches("class=\"piece ").count(), 30);
    }
    // Black's two back checkers on W1 and W3 (its 24 and 22).
    assert!(setup.contains("<title>black checker on W3 (black's 22)</title>"));
    assert!(!setup.contains("class=\"die\""));
    // The roll: two dice for white.
    assert_eq!(rolled.matches("class=\"die\"").count(), 2);
    assert!(rolled.contains("<title>white to play 5-3</title>"));
    // The play: an arrow per step, the hit ringed, the blot on the bar and
    // white's new point of two checkers.
    assert_eq!(played.matches("class=\"move\"").count(), 2);
    assert_eq!(played.matches("class=\"hit\"").count(), 1);
    assert_eq!(
        played
            .matches("<title>black checker on the bar</title>")
            .count(),
        1
    );
    assert_eq!(
        played
            .matches("<title>white checker on W3 (white's 3)</title>")
            .count(),
        2
    );
    assert!(!played.contains("<title>black checker on W3"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn chromium_draws_the_backgammon_board() {
    let Some(browser) = chromium() else {
        assert!(
            std::env::var_os("ARBITER_REQUIRE_CHROMIUM").is_none(),
            "ARBITER_REQUIRE_CHROMIUM is set but no chromium is on the path"
        );
        eprintln!("no chromium on the path: the browser test is not run");
        return;
    };
    let dir = temp_dir("explain-chromium-backgammon");
    let (file, _) = page(BG_HIT, &dir);
    let url = format!("file://{}", file.display());
    let dom = rendered(&browser, &url, &dir.join("profile"));
    // 12 points of 36 units, the bar (44), the cube strip (48) and the
    // tray (52) across; two halves of five checkers (2 × 170), the gap
    // (44) and the two rows of names (2 × 22) down; the 30 checkers.
    assert!(
        dom.contains("<div id=\"drawn\">frames=3 board=576x428 pieces=30</div>"),
        "{dom}"
    );
    let dom = rendered(&browser, &format!("{url}#ply-2"), &dir.join("profile"));
    assert!(dom.contains("<span id=\"position\">3 / 3</span>"), "{dom}");
    assert!(
        dom.contains("<td data-frame=\"2\" class=\"current\">5-3 ["),
        "{dom}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_matrix_links_each_scenario_to_its_page() {
    let dir = temp_dir("matrix-explain");
    let report = dir.join("ref.json");
    let corpus = repo("tests/data/harness/corpus");
    let (_, err, code) = run(&[
        "conform",
        "--scenarios",
        corpus.to_str().unwrap(),
        "--format",
        "json",
        "--output",
        report.to_str().unwrap(),
        "--",
        common::arbiter(),
        "serve",
    ]);
    assert_eq!(code, 0, "{err}");
    let matrix = dir.join("matrix.html");
    let pages = dir.join("explain");
    let (_, err, code) = run(&[
        "matrix",
        "--html",
        report.to_str().unwrap(),
        "--output",
        matrix.to_str().unwrap(),
        "--explain-dir",
        pages.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let html = std::fs::read_to_string(&matrix).unwrap();
    let target = "explain/stratego-harness_isf-limit.html";
    assert!(
        html.contains(&format!("<a href=\"{target}\">harness/isf-limit</a>")),
        "{html}"
    );
    let linked = std::fs::read_to_string(dir.join(target)).unwrap();
    assert!(linked.contains("<h1>harness/isf-limit</h1>"));
    assert_eq!(std::fs::read_dir(&pages).unwrap().count(), 4);
    let _ = std::fs::remove_dir_all(&dir);
}
