//! Backgammon's own checks: the page's garbled setup (erratum E-1) is
//! refused as the page prints it, and more (the kill matrix is checked with
//! every game's in `tests/mutants/kill_matrices.rs`).

use arbiter::rules::prelude::*;
use std::path::Path;

use arbiter::games::backgammon::game::Backgammon;

fn load(setup: &str) -> Result<(), String> {
    let text = format!(
        "game: backgammon\nid: t/x\ntitle: t\nsource: s\nclauses: [BG-1.4]\nsetup:\n{setup}\n"
    );
    arbiter::scenario::load::parse::<Backgammon>(Path::new("t.yaml"), &text)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

#[test]
fn the_pages_white_setup_as_printed_is_refused() {
    let black = "  black: {W1: 2, W12: 5, S8: 3, S6: 5}";
    // "2,3 auf W8" read as 2: fourteen checkers.
    let two = load(&format!(
        "  white: {{S1: 2, S12: 5, W8: 2, W6: 5}}\n{black}\n  off: {{white: 0, black: 0}}"
    ));
    assert!(
        two.as_ref().is_err_and(|e| e.contains("14 checkers")),
        "{two:?}"
    );
    // Read as 5: seventeen.
    let five = load(&format!(
        "  white: {{S1: 2, S12: 5, W8: 5, W6: 5}}\n{black}"
    ));
    assert!(
        five.as_ref().is_err_and(|e| e.contains("17 checkers")),
        "{five:?}"
    );
    // Read as 3: the standard start (E-1).
    assert_eq!(
        load(&format!(
            "  white: {{S1: 2, S12: 5, W8: 3, W6: 5}}\n{black}"
        )),
        Ok(())
    );
}

#[test]
fn both_colours_on_one_point_are_refused() {
    let e = load("  white: {24: 2, 13: 5, 8: 3, 6: 5}\n  black: {24: 2, 13: 5, 8: 3, 19: 5}");
    assert!(
        e.as_ref().is_err_and(|m| m.contains("both colours")),
        "{e:?}"
    );
    // Two names of one point add up, and never past 15 (this overflowed).
    let over = load("  white: {1: 200, W1: 100}\n  black: {6: 15}");
    let twenty = load("  white: {1: 10, W1: 10}\n  black: {6: 15}");
    assert!(
        twenty
            .as_ref()
            .is_err_and(|m| m.contains("point 1 would hold 20 checkers")),
        "{twenty:?}"
    );
    assert!(
        over.as_ref()
            .is_err_and(|m| m.contains("point 1 would hold 200 checkers")),
        "{over:?}"
    );
    let bad = load("  white: {25: 1}");
    assert!(
        bad.as_ref().is_err_and(|m| m.contains("is not a point")),
        "{bad:?}"
    );
}

fn arbiter(args: &[&str]) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("arbiter runs");
    assert!(out.status.success(), "arbiter {args:?} failed");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn squeeze(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `explain` lays a game out as a match transcript: white's and black's
/// columns, each roll written in front of its play with the number of
/// distinct plays, the cube's actions in the column of the player who
/// makes them, and after each row the pips, bar, borne off and cube.
/// Checked by hand: 167 pips each at the start (BG-1.4: 2×24 + 5×13 +
/// 3×8 + 5×6), 6-5 has 7 plays and 3-1 16 from the start (the issue's
/// published figures; black's run 24/18 18/13 leaves white's 3-1 plays
/// unchanged), the taker owns the cube (BG-8.4).
#[test]
fn explain_shows_a_cube_game_as_a_transcript() {
    let out = arbiter(&[
        "explain",
        "scenarios/backgammon/cube/double-take-redouble.yaml",
    ]);
    let lines: Vec<String> = out.lines().map(squeeze).collect();
    for row in [
        "turn white black state after the turn",
        "1 doubles to 2 white 167 pips; black 167 pips; cube 1 centred",
        "2 takes, owns the cube at 2 6-5 [7]: 24/18 18/13 white 167 pips; black 156 pips; cube 2 white",
        "3 doubles to 4 takes, owns the cube at 4 white 167 pips; black 156 pips; cube 4 black",
        "4 3-1 [16]: 8/5 6/5 white 163 pips; black 156 pips; cube 4 black",
    ] {
        assert!(lines.iter().any(|l| l == row), "no row `{row}` in\n{out}");
    }
}

/// A refused opening tie gets a row of its own with its reason; the
/// opening roll that follows opens the winner's cell.
#[test]
fn explain_shows_a_refused_tie_and_the_opening_roll() {
    let out = arbiter(&[
        "explain",
        "scenarios/backgammon/seed004/opening-tie-rolled-again.yaml",
    ]);
    let lines: Vec<String> = out.lines().map(squeeze).collect();
    assert!(lines.iter().any(|l| l == "1 w3-b3 refused [1]"), "{out}");
    assert!(
        lines.iter().any(|l| l.starts_with("2 opening w1-b4 [")),
        "{out}"
    );
    assert!(
        out.contains("[1] w3-b3  illegal (roll.tie, BG-2.3)"),
        "{out}"
    );
}

/// `show` draws the board as it stands on the table, in the page's point
/// names: S12…S1 on top, W12…W1 below. The start (BG-1.4): white (`O`)
/// 5 on S12, 2 on S1, 3 on W8, 5 on W6; black (`X`) 3 on S8, 5 on S6, 5
/// on W12, 2 on W1. A stack higher than five shows its count; checkers on
/// the bar and borne off have their own columns.
#[test]
fn show_draws_the_board_in_the_pages_point_names() {
    let out = arbiter(&[
        "show",
        "scenarios/backgammon/cube/double-take-redouble.yaml",
    ]);
    let board: Vec<&str> = out
        .split("start, black to move\n")
        .nth(1)
        .unwrap()
        .lines()
        .take(18)
        .collect();
    let expected = [
        "| S12 S11 S10  S9  S8  S7 | bar |  S6  S5  S4  S3  S2  S1 | off |",
        "+-------------------------+-----+-------------------------+-----+",
        "|   O               X     |     |   X                   O |     |",
        "|   O               X     |     |   X                   O |     |",
        "|   O               X     |     |   X                     |     |",
        "|   O                     |     |   X                     |     |",
        "|   O                     |     |   X                     |     |",
        "|                         |     |                         |     |",
        "|   X                     |     |   O                     |     |",
        "|   X                     |     |   O                     |     |",
        "|   X               O     |     |   O                     |     |",
        "|   X               O     |     |   O                   X |     |",
        "|   X               O     |     |   O                   X |     |",
        "+-------------------------+-----+-------------------------+-----+",
        "| W12 W11 W10  W9  W8  W7 | bar |  W6  W5  W4  W3  W2  W1 | off |",
        "O white (S1 → W1, home W6–W1): 167 pips, 0 on the bar, 0 off",
        "X black (W1 → S1, home S6–S1): 167 pips, 0 on the bar, 0 off",
        "cube 1 centred; to act: black",
    ];
    assert_eq!(board, expected, "{out}");
    // The bear-off example: black's 15 on W12 written as a count, white's
    // checker on the bar (upper half) and its 10 borne off (lower right).
    let out = arbiter(&[
        "show",
        "scenarios/backgammon/seed004/ex5-hit-during-bear-off.yaml",
    ]);
    assert!(
        out.contains("|                         |  O  |                         |     |"),
        "{out}"
    );
    assert!(
        out.contains("|  15                     |     |                         |     |"),
        "{out}"
    );
    assert!(
        out.contains("|   X                     |     |   O   O                 | O 10|"),
        "{out}"
    );
    assert!(
        out.contains("cube 1 centred; dice 6-5 for white; to act: white"),
        "{out}"
    );
}

/// A setup on the wire: white's last checker on its 2-point, black's
/// fifteen at home but one in white's home board (a backgammon when white
/// bears off), the cube at `cube` owned by white, white to decide.
fn cube_setup(cube: u64) -> serde_json::Value {
    serde_json::json!({
        "white": {"2": 1}, "black": {"6": 14, "19": 1},
        "off": {"white": 14, "black": 0},
        "cube": {"value": cube, "owner": "white"},
        "to-move": "white"
    })
}

fn state_request(id: u64, cube: u64, moves: &[&str]) -> String {
    use arbiter::games::backgammon::profile::Profile;
    // The page without its cap: a decision before each roll (it may
    // resign), and doubles up to the largest cube.
    let mut p = Profile::seed_004();
    p.cube.cap = None;
    let profile = serde_json::to_value(p).unwrap();
    serde_json::json!({
        "protocol": 1, "id": id, "game": "backgammon", "query": "state",
        "profile": profile, "setup": cube_setup(cube), "moves": moves
    })
    .to_string()
}

/// `arbiter serve` for backgammon on `imp`, fed `lines`: its replies, one
/// per line, and whether it exited cleanly.
fn serve_backgammon(imp: &str, lines: &[String]) -> (Vec<serde_json::Value>, bool) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["serve", "--game", "backgammon", "--impl", imp])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("arbiter serve starts");
    let mut stdin = child.stdin.take().unwrap();
    for l in lines {
        // A dead server makes the write fail; the replies tell the rest.
        let _ = writeln!(stdin, "{l}");
    }
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let replies = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a reply is JSON"))
        .collect();
    (replies, out.status.success())
}

/// Issue 28: a cube of 0 whose moves end the game made the engine divide by
/// zero, and a cube of 2^31 overflowed (in a release build: wrapped to 0
/// points) in both implementations; the server died and the next request
/// went unanswered. The wire now refuses what a scenario refuses (BG-8.8),
/// and the largest cube scores a backgammon without wrapping.
#[test]
fn serve_refuses_out_of_range_cubes_and_answers_the_next_request() {
    let end = ["roll", "3-2", "2/off"];
    let lines = [
        state_request(1, 0, &end),
        state_request(2, 1 << 31, &end),
        state_request(3, 3, &end),
        state_request(4, 1 << 32, &end),
        // 2^29 doubled and taken: the largest cube, and a backgammon at it.
        state_request(5, 1 << 29, &["double", "take", "3-2", "2/off"]),
        // At 2^30 the double is refused (a bad request: the moves of a
        // request are legal), and the server goes on.
        state_request(6, 1 << 30, &["double"]),
        r#"{"protocol":1,"id":7,"query":"hello"}"#.to_string(),
    ];
    for imp in ["reference", "engine"] {
        let (replies, clean) = serve_backgammon(imp, &lines);
        assert!(clean, "{imp}: serve exited with an error: {replies:?}");
        assert_eq!(replies.len(), lines.len(), "{imp}: {replies:?}");
        for (i, r) in replies.iter().enumerate().take(4) {
            assert_eq!(r["id"], i as u64 + 1, "{imp}: {r}");
            assert_eq!(r["error"]["kind"], "bad-request", "{imp}: {r}");
            let m = r["error"]["message"].as_str().unwrap();
            assert!(m.contains("setup.cube"), "{imp}: {m}");
        }
        assert_eq!(
            replies[4]["outcome"],
            serde_json::json!({"white-wins": {"by": "backgammon", "points": 3_221_225_472u64}}),
            "{imp}: {}",
            replies[4]
        );
        assert_eq!(replies[4]["cube"]["value"], 1u64 << 30, "{imp}");
        let m = replies[5]["error"]["message"].as_str().unwrap_or_default();
        assert!(m.contains("cube.at-cap"), "{imp}: {}", replies[5]);
        assert_eq!(replies[6]["id"], 7, "{imp}: {}", replies[6]);
    }
}

/// The scenario loader and both implementations refuse a cube outside
/// 1, 2, 4, … 2^30, each by its own check (BG-8.8).
#[test]
fn cubes_outside_the_range_are_refused_everywhere() {
    use arbiter::games::backgammon::board::{Player, Position};
    use arbiter::games::backgammon::game::Cube;
    use arbiter::games::backgammon::setup::Setup;
    for bad in [0u64, 3, 1 << 31] {
        let e = load(&format!(
            "  start: standard\n  cube: {{value: {bad}, owner: white}}"
        ));
        assert!(
            e.as_ref().is_err_and(|m| m.contains("BG-8.8")),
            "{bad}: {e:?}"
        );
    }
    assert_eq!(
        load(&format!(
            "  start: standard\n  cube: {{value: {}, owner: white}}",
            1u64 << 30
        )),
        Ok(())
    );
    for value in [0u32, 6, 1 << 31] {
        let setup = Setup {
            position: Position::standard(),
            cube: Cube {
                value,
                owner: Some(Player::White),
            },
            ..Setup::standard()
        };
        for imp in Backgammon::implementations() {
            let e = imp
                .start(&setup, &Default::default())
                .err()
                .unwrap_or_default();
            assert!(e.contains("BG-8.8"), "{}, {value}: {e:?}", imp.name());
        }
    }
}

/// A step backwards (`6/8`) reads as an action; both implementations judge
/// it `play.dice` (BG-3.1) instead of overflowing on the distance (found
/// by the battery's respelled candidates).
#[test]
fn a_step_backwards_is_judged_not_a_crash() {
    use arbiter::games::backgammon::board::Action;
    use arbiter::games::backgammon::setup::Setup;
    let p = <Backgammon as Basics>::Profile::parse("seed-004").unwrap();
    for imp in Backgammon::implementations() {
        let mut g = imp.start(&Setup::standard(), &p).unwrap();
        let first = g.legal_actions()[0].clone();
        g.play(&first).unwrap();
        for t in ["6/8", "8/13 6/5", "3/off 1/2"] {
            let a: Action = t.parse().unwrap();
            let v = g.judge(&a);
            assert_eq!(
                v.rule().map(|r| r.to_string()).as_deref(),
                Some("play.dice"),
                "{} {t}: {v}",
                imp.name()
            );
        }
    }
}

/// BG-7.6: random games under every named profile, on both
/// implementations, played to their end; a game won by bearing off writes
/// a position that starts the same finished game: over at ply 0, the same
/// outcome, nothing legal, and the same position written again.
#[test]
fn finished_position_restarts_finished() {
    use arbiter::games::backgammon::game::{Outcome, WinBy};
    use arbiter::games::backgammon::profile::Profile;
    use arbiter::rules::RuleProfile;
    let mut finished = 0;
    for name in Profile::names() {
        let profile = Profile::parse(name).unwrap();
        for imp in Backgammon::implementations() {
            for seed in 0..4u64 {
                let mut g = imp
                    .start(&Backgammon::start_setup().unwrap(), &profile)
                    .unwrap();
                let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
                for _ in 0..2000 {
                    let legal = g.legal_actions();
                    if legal.is_empty() {
                        break;
                    }
                    rng ^= rng << 13;
                    rng ^= rng >> 7;
                    rng ^= rng << 17;
                    // Never resign or double: those end a game no setup can say.
                    let keep: Vec<_> = legal
                        .iter()
                        .filter(|a| !matches!(a.to_string().as_str(), "resign" | "double"))
                        .collect();
                    let pool: Vec<_> = if keep.is_empty() {
                        legal.iter().collect()
                    } else {
                        keep
                    };
                    g.play(pool[(rng % pool.len() as u64) as usize]).unwrap();
                }
                let win = match g.outcome() {
                    Outcome::WhiteWins(w) | Outcome::BlackWins(w) => w,
                    Outcome::Ongoing => continue,
                };
                if matches!(win.by, WinBy::Drop | WinBy::Resign) {
                    continue;
                }
                finished += 1;
                let p = g.position().expect("a finished game tells its position");
                let wire = Backgammon::setup_to_wire(&p);
                let back = Backgammon::setup_from_wire(&wire).unwrap();
                let again = imp.start(&back, &profile).unwrap();
                let at = format!("{} under {name}, seed {seed}: {wire}", imp.name());
                assert_eq!(again.outcome(), g.outcome(), "{at}");
                assert!(again.legal_actions().is_empty(), "{at}");
                assert_eq!(
                    again.position().map(|q| Backgammon::setup_to_wire(&q)),
                    Some(wire.clone()),
                    "{at}"
                );
            }
        }
    }
    assert!(finished >= 8, "only {finished} games ended by bearing off");
}
