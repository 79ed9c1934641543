//! `arbiter replay` on real and edited records (`tests/data/records/`): the
//! real ones replay legal to their claimed results; the edited ones are
//! reported at the right ply, with the rule and the clause.

use crate::common::run;
use serde_json::Value;

/// `arbiter replay --json FILE EXTRA…`: the per-game reports, the summary
/// line and the exit status.
pub(crate) fn reports(file: &str, extra: &[&str]) -> (Vec<Value>, Value, i32) {
    let mut args = vec!["replay", "--json", file];
    args.extend_from_slice(extra);
    let (out, err, code) = run(&args);
    let mut lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}\n{err}")))
        .collect();
    let summary = lines.pop().expect("a summary line");
    (lines, summary, code)
}

#[test]
fn historic_chess_games_replay_legal_to_the_mate_they_claim() {
    for imp in ["reference", "engine"] {
        let (games, summary, code) =
            reports("tests/data/records/chess/historic.pgn", &["--impl", imp]);
        assert_eq!(code, 0, "{summary}");
        assert_eq!(games.len(), 2);
        assert_eq!(games[0]["plies"], 33, "{}", games[0]);
        assert_eq!(games[1]["plies"], 45, "{}", games[1]);
        for g in &games {
            assert_eq!(g["outcome"], "white-wins: checkmate", "{g}");
            assert!(g["illegal"].is_null() && g["wrong_result"].is_null(), "{g}");
        }
        assert_eq!(summary["summary"]["plies"], 78);
    }
}

#[test]
fn an_illegal_move_a_wrong_result_play_after_mate_and_a_broken_record_are_each_reported() {
    let (games, summary, code) = reports("tests/data/records/chess/findings.pgn", &[]);
    assert_eq!(code, 1, "findings make the exit status 1");
    assert_eq!(games.len(), 4, "{games:?}");
    // 11...Ke7: the black queen stands on e7.
    let i = &games[0]["illegal"];
    assert_eq!(i["ply"], 22, "{i}");
    assert_eq!(i["text"], "Ke7");
    assert_eq!(i["rule"], "play.own-piece", "{i}");
    assert_eq!(i["clause"], "CH-2.1", "{i}");
    assert_eq!(i["line"], 11, "{i}");
    // Black mated, the record says White won.
    let w = games[1]["wrong_result"].as_str().expect("a wrong result");
    assert!(w.contains("0-1") && w.contains("CH-3.3"), "{w}");
    // A move after mate.
    let i = &games[2]["illegal"];
    assert_eq!(i["ply"], 8, "{i}");
    assert_eq!(i["rule"], "play.game-over", "{i}");
    assert_eq!(i["clause"], "CH-10.3", "{i}");
    // A record that cannot be read names its line.
    assert!(
        games[3]["error"].as_str().unwrap().contains("line 23"),
        "{}",
        games[3]
    );
    assert_eq!(summary["summary"]["illegal"], 2);
    assert_eq!(summary["summary"]["wrong_results"], 1);
    assert_eq!(summary["summary"]["errors"], 1);
}

#[test]
fn the_text_report_names_the_ply_the_rule_and_the_closest_legal_moves() {
    let (out, _, code) = run(&["replay", "tests/data/records/chess/findings.pgn"]);
    assert_eq!(code, 1);
    assert!(
        out.contains("ILLEGAL at ply 22 `Ke7` (line 11): play.own-piece, CH-2.1"),
        "{out}"
    );
    assert!(out.contains("closest legal:"), "{out}");
    assert!(out.contains("WRONG RESULT"), "{out}");
    assert!(out.contains("4 games"), "{out}");
}

#[test]
fn profiles_that_split_on_a_record_are_attributed_to_the_switch_that_splits_them() {
    // Knights out and back twice: the third occurrence of the start
    // position ends the game only where threefold repetition is automatic.
    let dir = std::env::temp_dir().join(format!("arbiter-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("repetition.pgn");
    std::fs::write(
        &file,
        "[Result \"*\"]\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *\n",
    )
    .unwrap();
    let (games, summary, _) = reports(file.to_str().unwrap(), &["--profiles", "all"]);
    let splits = games[0]["splits"].as_array().expect("splits");
    assert!(!splits.is_empty(), "{}", games[0]);
    for s in splits {
        assert_eq!(s["ply"], 8, "{s}");
        assert_eq!(s["switches"], serde_json::json!(["threefold"]), "{s}");
    }
    assert!(
        summary["summary"]["ambiguities"].get("AM-3").is_some(),
        "{summary}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_of_no_known_game_or_format_is_a_usage_error() {
    let (_, err, code) = run(&["replay", "Cargo.toml"]);
    assert_eq!(code, 2);
    assert!(err.contains("--game") && err.contains(".pgn"), "{err}");
    let (_, err, code) = run(&["replay", "--game", "chess", "--format", "pdn", "Cargo.toml"]);
    assert_eq!(code, 2);
    assert!(err.contains("pgn"), "{err}");
}

#[test]
fn a_world_championship_game_drawn_by_agreement_replays_legal_and_its_draw_stands() {
    let (games, _, code) = reports("tests/data/records/chess/wch-2023-game1.pgn", &[]);
    assert_eq!(code, 0);
    assert_eq!(games[0]["plies"], 97, "{}", games[0]);
    assert_eq!(games[0]["outcome"], "ongoing");
    assert!(games[0]["wrong_result"].is_null());
}
