//! `arbiter explain --html`: a self-contained page with the seed-style
//! table beside a board that steps through the moves. The page is checked
//! as text, then rendered in headless Chromium (Debian's `chromium`
//! package), whose script reports what it laid out.
//!
//! Without Chromium the browser test says so and passes, unless
//! `ARBITER_REQUIRE_CHROMIUM` is set (CI sets it after installing the
//! package), so a missing browser cannot go unnoticed where it matters.

use std::os::unix::process::CommandExt as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::common::{self, repo, run, secs, temp_dir};

/// Seed 001 example 1: four turns, eight plies, five pieces.
const EX1: &str = "scenarios/stratego/more-squares/seed001/ex1-three-squares.yaml";

fn page(file: &str, dir: &Path) -> (PathBuf, String) {
    page_under(file, dir, &[])
}

/// The page of `file`, with `more` arguments (a `--profile`); every page
/// is checked to be self-contained: nothing is fetched.
fn page_under(file: &str, dir: &Path, more: &[&str]) -> (PathBuf, String) {
    let out = dir.join("page.html");
    let mut args = vec!["explain", "--html", file, "-o", out.to_str().unwrap()];
    args.extend_from_slice(more);
    let (stdout, stderr, code) = run(&args);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let text = std::fs::read_to_string(&out).unwrap();
    for outside in ["src=", "href=\"http", "@import", "url(http"] {
        assert!(!text.contains(outside), "{file} fetches `{outside}`");
    }
    (out, text)
}

#[test]
fn the_page_holds_the_table_and_one_board_per_position() {
    let dir = temp_dir("explain-html");
    let (_, html) = page(EX1, &dir);
    assert!(html.starts_with("<!DOCTYPE html>"));
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
    // The arrow head's marker is the frame's own: `url(#id)` finds the
    // first element of that id in the page, and frame 1's sits hidden.
    assert!(frame5.contains("<marker id=\"f5-arrowhead\""), "{frame5}");
    assert!(frame5.contains("marker-end=\"url(#f5-arrowhead)\""));
    assert_eq!(html.matches("<marker id=\"f5-arrowhead\"").count(), 1);
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
        // A group of its own, so its renderer and helper processes go
        // with it if it has to be killed.
        .process_group(0)
        .spawn()
        .expect("chromium starts");
    // Read the DOM on a thread (it is larger than a pipe holds), and give
    // the browser two minutes on the tests' time scale (a dump takes
    // seconds; CI's two cores run other tests beside it).
    let pid = child.id();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(child.wait_with_output());
    });
    let limit = secs(120);
    let out = match rx.recv_timeout(limit) {
        Ok(out) => out.expect("chromium's output"),
        Err(_) => {
            // SAFETY: signals the process group of the browser this test
            // started.
            unsafe { libc::kill(-(pid as i32), libc::SIGKILL) };
            panic!("chromium did not finish in {limit:?}");
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

/// Picture `i` of a page: from its `data-index` to the end of its frame.
fn frame_of(html: &str, i: usize) -> String {
    let f = html
        .split(&format!("data-index=\"{i}\""))
        .nth(1)
        .unwrap_or_else(|| panic!("no frame {i}"));
    f[..f.find("</svg>").unwrap_or(f.len())].to_string()
}

/// The headings of a page's table.
fn headings(html: &str) -> Vec<String> {
    let row = html.split("<tr>").nth(1).unwrap();
    let row = &row[..row.find("</tr>").unwrap()];
    row.split("<th>")
        .skip(1)
        .map(|h| h[..h.find("</th>").unwrap()].to_string())
        .collect()
}

/// Chess: the queen checks from f8 and f5 and the king shuttles between
/// h8 and h7, until the position after Qf8+ stands a third time (ply 9;
/// it stood after plies 1 and 5).
const CHESS_PERPETUAL: &str = "scenarios/chess/statements/perpetual-check.yaml";

#[test]
fn the_chess_page_is_a_score_sheet_and_draws_check_and_the_repetition() {
    let dir = temp_dir("explain-html-chess");
    let (_, html) = page(CHESS_PERPETUAL, &dir);
    assert_eq!(
        headings(&html),
        [
            "move",
            "White",
            "Black",
            "after the move: repetitions, clock, claims"
        ]
    );
    // Five moves by each side from move 1 of the FEN (`w - - 0 1`): the
    // queen's check and the king's answer on one row.
    assert!(
        html.contains(
            "<tr><td>1</td><td data-frame=\"1\">f2f8 +</td><td data-frame=\"2\">h8h7</td>"
        ),
        "{html}"
    );
    assert!(html.contains("<tr><td>5</td><td data-frame=\"9\">f5f8 +</td>"));
    // The setup and the ten positions after each action.
    assert_eq!(html.matches("<div class=\"frame\"").count(), 11);
    for i in 0..11 {
        // 7k/6p1/7p/8/8/8/5Q2/1K6: five pieces, none taken.
        assert_eq!(
            frame_of(&html, i).matches("class=\"piece ").count(),
            5,
            "frame {i}"
        );
    }
    let setup = frame_of(&html, 0);
    assert!(setup.contains("<title>white queen on f2</title>"));
    assert!(!setup.contains("class=\"move\""));
    assert!(!setup.contains("class=\"in-check\""));
    // Ply 9, Qf8+: the arrow, the king in check, the queen giving it, and
    // the squares of the four moves since ply 5 (h8h7, f8f5, h7h8, f5f8).
    let qf8 = frame_of(&html, 9);
    assert_eq!(qf8.matches("class=\"move\"").count(), 1);
    assert!(qf8.contains("<title>black king in check</title>"), "{qf8}");
    assert!(qf8.contains("<title>white queen on f8 gives check</title>"));
    assert_eq!(qf8.matches("class=\"check-line\"").count(), 1);
    assert_eq!(qf8.matches("class=\"repetition\"").count(), 4);
    for sq in ["h8", "h7", "f8", "f5"] {
        assert!(
            qf8.contains(&format!(
                "<title>{sq}: a move since the position last stood</title>"
            )),
            "{sq}"
        );
    }
    assert!(qf8.contains("3rd time this position stands (last after ply 5)"));
    // Ply 10, black's claim: it moves nothing, so the position it is made
    // in has stood since ply 9, and before that after ply 5.
    let claim = frame_of(&html, 10);
    assert!(
        claim.contains("3rd time this position stands (last after ply 5)"),
        "{claim}"
    );
    assert_eq!(claim.matches("class=\"repetition\"").count(), 4);
    // Ply 2, the king's step: no check, no repetition.
    let kh7 = frame_of(&html, 2);
    assert!(!kh7.contains("class=\"in-check\""));
    assert!(!kh7.contains("class=\"repetition\""));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Chess: the white king walks a1-a2-b1-a1 while the black king steps
/// h8-g8-h8, so after ply 5 every piece stands as at the setup, with black
/// to move instead of white.
const CHESS_SIDE_TO_MOVE: &str = "scenarios/chess/repetition/side-to-move.yaml";

#[test]
fn the_chess_repetition_is_found_as_the_profile_keys_positions() {
    let dir = temp_dir("explain-html-chess-key");
    // Under fide the side to move is part of the position: ply 5 is new.
    let (_, html) = page(CHESS_SIDE_TO_MOVE, &dir);
    assert!(!frame_of(&html, 5).contains("class=\"repetition\""));
    // Without it, ply 5's position is the setup's: the count is 2, and the
    // squares of all five moves (a1, a2, b1, h8, g8) brought it back.
    let (_, html) = page_under(
        CHESS_SIDE_TO_MOVE,
        &dir,
        &["--profile", "fide+side-to-move-in-key=false"],
    );
    let back = frame_of(&html, 5);
    assert!(
        back.contains("2nd time this position stands (last at the setup)"),
        "{back}"
    );
    assert_eq!(back.matches("class=\"repetition\"").count(), 5, "{back}");
    for sq in ["a1", "a2", "b1", "h8", "g8"] {
        assert!(
            back.contains(&format!(
                "<title>{sq}: a move since the position last stood</title>"
            )),
            "{sq}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_chess_page_marks_the_pawn_taken_en_passant_and_numbers_a_sheet_black_starts() {
    let dir = temp_dir("explain-html-chess-ep");
    let (_, html) = page("scenarios/chess/movement/en-passant.yaml", &dir);
    // `b - - 0 1`: Black's first move stands alone on move 1.
    assert!(
        html.contains("<tr><td>1</td><td></td><td data-frame=\"1\">d7d5</td>"),
        "{html}"
    );
    assert!(html.contains("<tr><td>3</td><td data-frame=\"4\">e5f6 x</td>"));
    // exf6 e.p. lands on the empty f6 and takes the pawn on f5.
    let ep = frame_of(&html, 4);
    assert!(
        ep.contains("<title>took the black pawn on f5</title>"),
        "{ep}"
    );
    assert!(!ep.contains("black pawn on f5</title><text"));
    // The refused probe f5f4 (the pawn is gone) has a picture of its own,
    // linked from the probe's line.
    assert!(html.contains("<span data-frame=\"5\">  f5f4"), "{html}");
    assert!(frame_of(&html, 5).contains("class=\"refused\""));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Dame: the white man on c3 jumps d4 and f6 in one move (c3xe5xg7).
const DAME_MULTI: &str = "scenarios/dame/capture/multi-jump-played.yaml";

#[test]
fn the_dame_page_draws_the_capture_path_and_the_huff() {
    let dir = temp_dir("explain-html-dame");
    let (_, html) = page(DAME_MULTI, &dir);
    assert_eq!(
        headings(&html),
        ["move", "White", "Black", "after the move: huffing"]
    );
    assert!(
        html.contains("<tr><td>1</td><td data-frame=\"1\">c3xe5xg7  takes d4 f6</td><td data-frame=\"2\">a7-b6</td>"),
        "{html}"
    );
    // Four stones at the setup, two after the double capture.
    assert_eq!(frame_of(&html, 0).matches("class=\"piece ").count(), 4);
    let jump = frame_of(&html, 1);
    assert_eq!(jump.matches("class=\"piece ").count(), 2);
    // One arrow through c3, e5, g7 (three points), the two taken stones
    // faint, crossed and numbered in the order jumped.
    let arrow = jump.split("class=\"move\"").nth(1).unwrap();
    let points = arrow.split("points=\"").nth(1).unwrap();
    assert_eq!(points[..points.find('"').unwrap()].split(' ').count(), 3);
    assert_eq!(jump.matches("class=\"captured ").count(), 2);
    assert!(jump.contains("<title>taken 1: the stone on d4</title>"));
    assert!(jump.contains("<title>taken 2: the stone on f6</title>"));
    assert!(jump.contains("<title>white man on g7</title>"));
    assert!(!jump.contains("class=\"crowned\""));

    // The huff: g3-h4 overlooks c3xe5; black huffs c3 and moves in the
    // same turn (one cell).
    let (_, html) = page(
        "scenarios/dame/huffing/overlooked-capture-huffed.yaml",
        &dir,
    );
    assert!(
        html.contains("<td data-frame=\"3\">huff c3 a7-b6</td>"),
        "{html}"
    );
    let overlooked = frame_of(&html, 1);
    assert!(overlooked.contains("<title>c3 overlooked a capture and may be huffed</title>"));
    let huffed = frame_of(&html, 2);
    assert!(huffed.contains("<title>huffed: the stone on c3</title>"));
    assert!(huffed.contains("class=\"captured white man\""));
    // The crowning: b6xd8 crowns the man.
    let (_, html) = page(
        "scenarios/dame/dame/crowning-ends-the-move-played.yaml",
        &dir,
    );
    let crowned = frame_of(&html, 1);
    assert!(crowned.contains("<title>crowned on d8</title>"));
    assert!(crowned.contains("<title>white dame on d8</title>"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Epaminondas on 8 × 8: d2-d3-d4 moves two squares north and takes the
/// black line d6-d7.
const EPA_CAPTURE: &str = "scenarios/epaminondas/seed003/capture-example.yaml";
/// Epaminondas on 14 × 12: h11-h12 would mirror g12 across the middle.
const EPA_MIRROR: &str = "scenarios/epaminondas/symmetry/mirror-entry-14x12.yaml";

#[test]
fn the_epaminondas_page_draws_the_phalanx_the_capture_and_the_forbidden_symmetry() {
    let dir = temp_dir("explain-html-epaminondas");
    let (_, html) = page(EPA_CAPTURE, &dir);
    assert_eq!(
        headings(&html),
        [
            "move",
            "White",
            "Black",
            "after the move: stones on the opponent's home row"
        ]
    );
    assert!(
        html.contains("<td data-frame=\"1\">d4-d6/3 (3 stones, 2 squares n), takes d6 d7</td>"),
        "{html}"
    );
    assert_eq!(frame_of(&html, 0).matches("class=\"piece ").count(), 10);
    let mv = frame_of(&html, 1);
    assert_eq!(mv.matches("class=\"piece ").count(), 8);
    // The three stones ringed where they landed, the squares they left
    // shaded, the two captured stones marked.
    for sq in ["d4", "d5", "d6"] {
        assert!(
            mv.contains(&format!("<title>moved to {sq}</title>")),
            "{sq}"
        );
    }
    assert_eq!(mv.matches("class=\"left\"").count(), 3);
    assert!(mv.contains("<title>captured: the black stone on d6</title>"));
    assert!(mv.contains("<title>captured: the black stone on d7</title>"));
    assert!(mv.contains("on the home rows: white 0, black 0"));

    let (_, html) = page(EPA_MIRROR, &dir);
    // No move is played; the refused probe has the only other picture: the
    // position h11-h12 would make (white g12 and h12), the mirror line
    // between files g and h, the stones on the opponent's home rows ringed.
    assert_eq!(html.matches("<div class=\"frame\"").count(), 2);
    assert!(html.contains("<span data-frame=\"1\">  h11-h12"), "{html}");
    let refused = frame_of(&html, 1);
    assert!(refused.contains("<title>white stone on h12</title>"));
    assert!(!refused.contains("<title>white stone on h11</title>"));
    assert!(refused.contains("<title>the mirror line</title>"));
    // 14 squares of 36 and two margins of 22: the line at 22 + 7 × 36.
    assert!(refused.contains("class=\"axis\" x1=\"274\""), "{refused}");
    assert_eq!(refused.matches("class=\"crossing\"").count(), 4);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The browser's measure of one page: the `#drawn` line, and the marked
/// cell after opening it at `#ply-N`.
fn measured(
    browser: &Path,
    file: &str,
    dir: &Path,
    drawn: &str,
    ply: usize,
    position: &str,
    cell: &str,
) {
    let (page, _) = page(file, dir);
    let url = format!("file://{}", page.display());
    let dom = rendered(browser, &url, &dir.join("profile"));
    assert!(
        dom.contains(&format!("<div id=\"drawn\">{drawn}</div>")),
        "{dom}"
    );
    let dom = rendered(browser, &format!("{url}#ply-{ply}"), &dir.join("profile"));
    assert!(
        dom.contains(&format!("<span id=\"position\">{position}</span>")),
        "{dom}"
    );
    assert!(dom.contains(cell), "{dom}");
}

#[test]
fn chromium_draws_the_chess_dame_and_epaminondas_boards() {
    let Some(browser) = chromium() else {
        assert!(
            std::env::var_os("ARBITER_REQUIRE_CHROMIUM").is_none(),
            "ARBITER_REQUIRE_CHROMIUM is set but no chromium is on the path"
        );
        eprintln!("no chromium on the path: the browser test is not run");
        return;
    };
    let dir = temp_dir("explain-chromium-square-boards");
    // Chess and Dame: 8 squares of 48 and two margins of 22 across (428);
    // down, the same and three legend lines (56): 484.
    measured(
        &browser,
        CHESS_PERPETUAL,
        &dir,
        "frames=11 board=428x484 pieces=5",
        9,
        "10 / 11",
        "<td data-frame=\"9\" class=\"current\">f5f8 +</td>",
    );
    measured(
        &browser,
        DAME_MULTI,
        &dir,
        "frames=3 board=428x484 pieces=4",
        1,
        "2 / 3",
        "<td data-frame=\"1\" class=\"current\">c3xe5xg7",
    );
    // Epaminondas on 8 × 8 (squares of 48): the setup, the move and the
    // refused probe e7-d6's picture.
    measured(
        &browser,
        EPA_CAPTURE,
        &dir,
        "frames=3 board=428x484 pieces=10",
        1,
        "2 / 3",
        "<td data-frame=\"1\" class=\"current\">d4-d6/3",
    );
    // On 14 × 12 (squares of 36): 14 × 36 + 44 = 548 across,
    // 12 × 36 + 44 + 56 = 532 down.
    measured(
        &browser,
        EPA_MIRROR,
        &dir,
        "frames=2 board=548x532 pieces=4",
        0,
        "1 / 2",
        "<span data-frame=\"1\">  h11-h12",
    );
    // `#frame-N` opens a picture that is no position: the refused probe's,
    // its line marked.
    let (file, _) = page(EPA_MIRROR, &dir);
    let url = format!("file://{}#frame-1", file.display());
    let dom = rendered(&browser, &url, &dir.join("profile"));
    assert!(dom.contains("<span id=\"position\">2 / 2</span>"), "{dom}");
    assert!(
        dom.contains("<span data-frame=\"1\" class=\"current\">  h11-h12"),
        "{dom}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A scenario of two Dames stepping back and forth, `n` moves long.
fn long_dame_line(n: usize) -> String {
    let cycle = ["c1-d2", "f8-e7", "d2-c1", "e7-f8"];
    let mut text = String::from(
        "game: dame\nid: da/long\ntitle: a long line\nsource: test\nclauses: [DA-4.2]\nprofiles: [seed-004]\nsetup:\n  to_move: white\n  white: {c1: dame}\n  black: {f8: dame}\nmoves:\n",
    );
    for i in 0..n {
        text.push_str(&format!("  - {{move: {}}}\n", cycle[i % 4]));
    }
    text
}

/// `explain --html` draws at most `HTML_MAX_ACTIONS` actions: one more is
/// an error that names the limit, and no page is written (a line of
/// 20,000 moves made a page of 187 MB).
#[test]
fn a_line_longer_than_the_page_draws_is_refused() {
    use arbiter::explain::HTML_MAX_ACTIONS;
    let dir = temp_dir("explain-html-cap");
    let file = dir.join("long.yaml");
    let out = dir.join("page.html");
    std::fs::write(&file, long_dame_line(HTML_MAX_ACTIONS + 1)).unwrap();
    let (stdout, stderr, code) = run(&[
        "explain",
        "--html",
        file.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_ne!(code, 0, "{stdout}{stderr}");
    assert!(
        stdout.contains(&format!(
            "explain --html draws at most {HTML_MAX_ACTIONS} actions (moves and probes), and da/long has {} under profile seed-004",
            HTML_MAX_ACTIONS + 1
        )),
        "{stdout}{stderr}"
    );
    assert!(!out.exists(), "a page was written");
    // The text table has no pictures and no cap.
    let (stdout, stderr, code) = run(&["explain", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    // At the limit, the page is drawn.
    std::fs::write(&file, long_dame_line(HTML_MAX_ACTIONS)).unwrap();
    let (stdout, stderr, code) = run(&[
        "explain",
        "--html",
        file.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let page = std::fs::read_to_string(&out).unwrap();
    assert_eq!(
        page.matches("<div class=\"frame\"").count(),
        HTML_MAX_ACTIONS + 1
    );
}
