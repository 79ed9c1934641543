//! `arbiter replay` on backgammon match files (`tests/data/records/backgammon/`):
//! GNU Backgammon's own matches and a public match replay legal to results
//! the rules allow; the edited ones are reported at the edited ply with the
//! rule and clause, or with the gammon count the rules give
//! (`spec/backgammon/notation.md`, BG-N.10, BG-N.11).

use serde_json::Value;

const DIR: &str = "tests/data/records/backgammon";

/// `arbiter replay --json` on a file of this folder (`replay::reports`).
fn reports(file: &str, extra: &[&str]) -> (Vec<Value>, Value, i32) {
    super::replay::reports(&format!("{DIR}/{file}"), extra)
}

#[test]
fn real_match_files_replay_legal_under_both_implementations() {
    // file, games, plies (each record move one ply; the unwritten decisions
    // to roll are played but not counted).
    let files = [
        ("gnubg-selfplay-3p-seed4301.mat", 3, 270),
        ("gnubg-selfplay-5p-seed4302.mat", 4, 354),
        ("gnubg-selfplay-7p-seed4303.mat", 4, 392),
        ("charlot1-charlot2_7p_2025-11-08-2305.mat", 4, 386),
    ];
    for imp in ["reference", "engine"] {
        for (file, games, plies) in files {
            let (reports, summary, code) = reports(file, &["--impl", imp]);
            assert_eq!(code, 0, "{file} {imp}: {summary}");
            assert_eq!(reports.len(), games, "{file}");
            for g in &reports {
                assert_eq!(g["profile"], "standard", "{g}");
                assert!(
                    g["illegal"].is_null() && g["wrong_result"].is_null() && g["error"].is_null(),
                    "{g}"
                );
                assert!(g["claimed"].as_str().is_some(), "{g}");
            }
            assert_eq!(summary["summary"]["plies"], plies, "{file} {imp}");
        }
    }
    // The charlot match: a gammon at cube 2 and a backgammon at cube 1, as
    // its `Wins 4 points` and `Wins 3 points` say.
    let (games, _, _) = reports("charlot1-charlot2_7p_2025-11-08-2305.mat", &[]);
    assert_eq!(games[2]["outcome"], "white-wins: by: gammon, points: 4");
    assert_eq!(games[2]["claimed"], "white 4");
}

#[test]
fn the_edited_play_is_reported_at_its_ply_with_rule_and_clause() {
    let (games, summary, code) = reports("edited-illegal-move.mat", &[]);
    assert_eq!(code, 1, "a finding makes the exit status 1");
    let i = &games[0]["illegal"];
    // w4-b5, 13/8 24/20, 21, then the edited `13/12 6/4`.
    assert_eq!(i["ply"], 4, "{i}");
    assert_eq!(i["line"], 8, "{i}");
    assert_eq!(i["text"], "13/12 6/4", "{i}");
    assert_eq!(i["rule"], "play.blocked", "{i}");
    assert_eq!(i["clause"], "BG-4.2", "{i}");
    let closest: Vec<&str> = i["closest"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    assert_eq!(closest.len(), 3, "{i}");
    assert!(closest.contains(&"6/5* 6/4"), "{i}");
    assert_eq!(summary["summary"]["illegal"], 1);
}

#[test]
fn the_edited_gammon_count_is_a_wrong_result() {
    let (games, summary, code) = reports("edited-wrong-result.mat", &[]);
    assert_eq!(code, 1);
    let w = games[0]["wrong_result"].as_str().expect("a wrong result");
    assert!(
        w.contains("claims 2 points")
            && w.contains("gammon")
            && w.contains("4 points")
            && w.contains("BG-7.4"),
        "{w}"
    );
    assert_eq!(summary["summary"]["wrong_results"], 1);
}

#[test]
fn profiles_split_where_a_match_doubles_and_nowhere_else() {
    // Under seed-004 every turn has a decision (it has `resign`), under
    // standard only while the roller may double, under no-cube none: the
    // unwritten decisions follow each, so only the doubles part them.
    let (games, summary, code) = reports("gnubg-selfplay-7p-seed4303.mat", &["--profiles", "all"]);
    assert_eq!(code, 0, "{summary}");
    for g in &games {
        let splits = g["splits"].as_array().unwrap();
        assert_eq!(splits.len(), 1, "{g}");
        assert_eq!(splits[0]["profile"], "no-cube", "{g}");
        assert!(
            splits[0]["what"]
                .as_str()
                .unwrap()
                .starts_with("`Doubles => 2` is illegal no-cube"),
            "{g}"
        );
    }
    assert_eq!(summary["summary"]["ambiguities"]["AB-9"], 4, "{summary}");
}
