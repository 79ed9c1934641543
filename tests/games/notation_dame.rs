//! Dame's PDN records (`spec/dame/notation.md`): the real records under
//! `tests/data/records/dame/` read with `read_records` and replayed move by
//! move on the reference with `resolve` and `play`, every move legal and
//! every claimed result allowed; one record edited to hold an illegal move
//! and one with a wrong result, found at the right ply, rule and clause.

use arbiter::games::dame::game::Dame;
use arbiter::games::dame::profile::Profile;
use arbiter::games::dame::verdict::RuleCode;
use arbiter::rules::notation::{Record, Resolved, resolve};
use arbiter::rules::{Basics, Notation};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/records/dame");

fn records(file: &str) -> Vec<Record<Dame>> {
    let text = std::fs::read_to_string(format!("{DIR}/{file}")).expect("the record file");
    Dame::read_records("pdn", &text)
        .into_iter()
        .map(|r| r.unwrap_or_else(|e| panic!("{file}: {e:?}")))
        .collect()
}

/// What replaying a record found.
#[derive(Debug)]
enum Replay {
    /// Every move legal; the result check's complaint, if any.
    Played {
        plies: usize,
        result: Option<String>,
    },
    /// The first illegal move: its ply (from 1), text, rule and clause.
    Illegal {
        ply: usize,
        text: String,
        rule: Option<RuleCode>,
        clause: String,
    },
}

/// The profile the record names (GameType 21), else `english`: every file
/// here is English checkers.
fn replay(record: &Record<Dame>) -> Replay {
    let name = Dame::record_profile(record).unwrap_or("english");
    let profile = Profile::parse(name).expect("a built-in profile");
    let mut g = Dame::reference()
        .start(&record.setup, &profile)
        .expect("a legal setup");
    for (i, m) in record.moves.iter().enumerate() {
        match resolve::<Dame>(Some("pdn"), &*g, &m.text) {
            Resolved::Legal { action } => {
                g.play(&action).expect("a resolved action is legal");
            }
            Resolved::Refused(r) => {
                return Replay::Illegal {
                    ply: i + 1,
                    text: m.text.clone(),
                    rule: r.rule,
                    clause: r.clause,
                };
            }
        }
    }
    let result = record
        .result
        .as_deref()
        .and_then(|c| Dame::check_result(c, record, &*g));
    Replay::Played {
        plies: record.moves.len(),
        result,
    }
}

/// Replays every game of `file`: (games, plies), asserting each legal with
/// its result allowed.
fn replay_all(file: &str) -> (usize, usize) {
    let recs = records(file);
    let mut plies = 0;
    for r in &recs {
        match replay(r) {
            Replay::Played { plies: p, result } => {
                assert_eq!(result, None, "{file}, game at line {}", r.line);
                plies += p;
            }
            other => panic!("{file}, game at line {}: {other:?}", r.line),
        }
    }
    (recs.len(), plies)
}

#[test]
fn payne_1756_replays_legally_under_english() {
    let (games, plies) = replay_all("payne-1756.pdn");
    assert_eq!(games, 50);
    assert!(plies > 1500, "{plies} plies");
}

#[test]
fn denvir_and_hopper_traps_with_hyphen_captures_replay_legally() {
    // Clauses DA-N.5 (the notation page).
    let (games, plies) = replay_all("denvir-hopper-traps.pdn");
    assert_eq!(games, 15);
    assert!(plies > 300, "{plies} plies");
}

#[test]
fn pydraughts_games_replay_legally_under_the_profile_their_gametype_names() {
    let recs = records("pydraughts-english.pdn");
    assert!(
        recs.iter()
            .all(|r| Dame::record_profile(r) == Some("english"))
    );
    let (games, plies) = replay_all("pydraughts-english.pdn");
    assert_eq!(games, 8);
    assert!(plies > 500, "{plies} plies");
}

#[test]
fn an_edited_illegal_move_is_found_with_its_ply_rule_and_clause() {
    let recs = records("payne-illegal-move.pdn");
    assert_eq!(recs.len(), 2);
    // The first game is Payne's game 1 with Black's second move 15x22
    // changed to 15-19: a step while a capture is compulsory.
    match replay(&recs[0]) {
        Replay::Illegal {
            ply,
            text,
            rule,
            clause,
        } => {
            assert_eq!((ply, text.as_str()), (3, "15-19"));
            assert_eq!(rule, Some(RuleCode::Compulsory));
            assert_eq!(clause, "AD-1");
        }
        other => panic!("{other:?}"),
    }
    // The second game is untouched.
    assert!(matches!(
        replay(&recs[1]),
        Replay::Played { result: None, .. }
    ));
}

#[test]
fn a_wrong_claimed_result_is_reported_with_the_outcome_and_its_clause() {
    let recs = records("pydraughts-wrong-result.pdn");
    assert_eq!(recs.len(), 1);
    match replay(&recs[0]) {
        Replay::Played {
            result: Some(why), ..
        } => {
            eprintln!("{why}");
            assert!(why.contains("a win for black"), "{why}");
            assert!(why.contains("white"), "{why}");
            assert!(why.contains("DA-5.1") || why.contains("DA-5.2"), "{why}");
            assert!(why.contains("1-0"), "{why}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_broken_game_is_located_and_the_games_after_it_still_read() {
    // Clauses DA-N.5 (the notation page).
    let text = "[Event \"one\"]\n1. 11-15 *\n\n[Event \"two\n1. 11-15 *\n\n[Event \"three\"]\n[FEN \"B:W2:B30\"]\n1. 30-26 *\n\n[GameType \"20\"]\n1. 32-28 *\n\n[Event \"five\"]\n1. 11-15 huff\n";
    let recs = Dame::read_records("pdn", text);
    assert_eq!(recs.len(), 5);
    assert!(recs[0].is_ok());
    assert_eq!(recs[1].as_ref().unwrap_err().at.line, 4);
    let e = recs[2].as_ref().unwrap_err();
    assert_eq!(e.at.line, 7);
    assert!(e.message.contains("FEN"), "{}", e.message);
    let e = recs[3].as_ref().unwrap_err();
    assert!(e.message.contains("GameType 20"), "{}", e.message);
    let e = recs[4].as_ref().unwrap_err();
    assert!(e.message.contains("huff"), "{}", e.message);
    assert!(Dame::read_records("pgn", text)[0].is_err());
}

/// The collection's figures (`docs/records.md`): games, plies, moves
/// written with `-` for a capture, short multi-captures, games the rules
/// ended, and the claimed results.
#[test]
fn the_collection_figures() {
    let mut rows = Vec::new();
    for file in [
        "payne-1756.pdn",
        "denvir-hopper-traps.pdn",
        "pydraughts-english.pdn",
    ] {
        let (mut games, mut plies, mut dash_captures, mut short_multi, mut ended) = (0, 0, 0, 0, 0);
        for r in records(file) {
            games += 1;
            let profile = Profile::parse(Dame::record_profile(&r).unwrap_or("english")).unwrap();
            let mut g = Dame::reference().start(&r.setup, &profile).unwrap();
            for m in &r.moves {
                let Resolved::Legal { action } = resolve::<Dame>(Some("pdn"), &*g, &m.text) else {
                    panic!("{file}: {}", m.text);
                };
                if let arbiter::games::dame::moves::Action::Capture(p) = &action {
                    if m.text.contains('-') {
                        dash_captures += 1;
                    }
                    if p.len() > 2 && m.text.split(['x', '-']).count() == 2 {
                        short_multi += 1;
                    }
                }
                g.play(&action).unwrap();
                plies += 1;
            }
            if Dame::is_over(&g.outcome()) {
                ended += 1;
            }
        }
        eprintln!(
            "{file}: {games} games, {plies} plies, {dash_captures} captures written with -, {short_multi} short multi-captures, {ended} ended by the rules"
        );
        rows.push((games, plies, ended));
    }
    assert!(rows.iter().all(|(g, p, _)| *g > 0 && *p > 0));
    // pydraughts plays its games to the end: all but its own draw end by
    // the rules here too.
    assert_eq!(rows[2].2, 7);
}

fn arbiter_replay(args: &[&str]) -> (Vec<serde_json::Value>, Option<i32>) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("replay")
        .args(args)
        .arg("--json")
        .current_dir(DIR)
        .output()
        .expect("arbiter runs");
    let lines = String::from_utf8(out.stdout)
        .expect("utf-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    (lines, out.status.code())
}

#[test]
fn arbiter_replay_finds_the_edited_move_and_result_and_nothing_else() {
    let (lines, code) = arbiter_replay(&[
        "payne-1756.pdn",
        "denvir-hopper-traps.pdn",
        "pydraughts-english.pdn",
        "payne-illegal-move.pdn",
        "pydraughts-wrong-result.pdn",
        "--profile",
        "english",
    ]);
    assert_eq!(code, Some(1), "a finding makes the exit code 1");
    let summary = &lines.last().unwrap()["summary"];
    assert_eq!(summary["games"], 76);
    assert_eq!(summary["illegal"], 1);
    assert_eq!(summary["wrong_results"], 1);
    assert_eq!(summary["errors"], 0);
    let illegal: Vec<&serde_json::Value> =
        lines.iter().filter(|l| !l["illegal"].is_null()).collect();
    assert_eq!(illegal.len(), 1);
    assert_eq!(illegal[0]["file"], "payne-illegal-move.pdn");
    let i = &illegal[0]["illegal"];
    assert_eq!(
        (&i["ply"], &i["text"], &i["line"]),
        (&3.into(), &"15-19".into(), &5.into())
    );
    assert_eq!(
        (&i["rule"], &i["clause"]),
        (&"capture.compulsory".into(), &"AD-1".into())
    );
    assert_eq!(i["closest"][0], "15x22");
    let wrong: Vec<&serde_json::Value> = lines
        .iter()
        .filter(|l| !l["wrong_result"].is_null() && l.get("wrong_result").is_some())
        .collect();
    assert_eq!(wrong.len(), 1);
    assert_eq!(wrong[0]["file"], "pydraughts-wrong-result.pdn");
    assert!(
        wrong[0]["wrong_result"]
            .as_str()
            .unwrap()
            .contains("DA-5.1")
    );
}

#[test]
fn arbiter_replay_takes_the_english_profile_from_the_gametype() {
    let (lines, code) = arbiter_replay(&["pydraughts-english.pdn"]);
    assert_eq!(code, Some(0));
    let games: Vec<&serde_json::Value> = lines
        .iter()
        .filter(|l| l.get("summary").is_none())
        .collect();
    assert_eq!(games.len(), 8);
    assert!(
        games
            .iter()
            .all(|g| g["profile"] == "english" && g["illegal"].is_null())
    );
    // Without a GameType the game's default profile (seed-004, White
    // first) refuses Payne's first move, Black's: the record must name
    // its profile, or the command line must (DA-N.7).
    let (lines, _) = arbiter_replay(&["payne-illegal-move.pdn"]);
    assert_eq!(lines[0]["profile"], "seed-004");
    assert_eq!(lines[0]["illegal"]["rule"], "play.opponent-piece");
    assert_eq!(lines[0]["illegal"]["ply"], 1);
}

/// DA-N.8: whose score a result writes first, by the `GameType` or, without
/// one, by who moved first; and a `Result` tag the movetext contradicts.
#[test]
fn the_first_score_belongs_to_the_side_the_record_says() {
    let text = std::fs::read_to_string(format!("{DIR}/pydraughts-wrong-result.pdn")).unwrap();
    let complaint = |text: &str| {
        let r = Dame::read_records("pdn", text).remove(0).unwrap();
        match replay(&r) {
            Replay::Played { result, .. } => result,
            other => panic!("{other:?}"),
        }
    };
    // GameType 21: `1-0` is Black's win, and White won.
    assert!(complaint(&text).is_some());
    // Without a GameType: Black made the first move, so the same.
    let bare = text.replace("[GameType \"21,B,8,8,N1,0\"]\n", "");
    assert!(!bare.contains("GameType"));
    let why = complaint(&bare).expect("1-0 is Black's here too");
    assert!(why.contains("the first number is black's"), "{why}");
    // PDN 3.0's reading for another 8×8 GameType (25, Russian): `1-0` is
    // White's win, which it was. (Replayed under english all the same: only
    // GameType 21 names a profile.)
    let russian = text.replace("[GameType \"21,B,8,8,N1,0\"]", "[GameType \"25\"]");
    assert_eq!(complaint(&russian), None);
    // `0-1` in the tag but `1-0` after the moves.
    let split = text.replace("[Result \"1-0\"]", "[Result \"0-1\"]");
    let why = complaint(&split).unwrap();
    assert!(why.contains("the Result tag says 0-1"), "{why}");
    // An unfinished claim for a game the rules ended.
    let star = text.trim_end().trim_end_matches("1-0").to_string() + "*\n";
    let star = star.replace("[Result \"1-0\"]", "[Result \"*\"]");
    let why = complaint(&star).unwrap();
    assert!(why.contains("unfinished"), "{why}");
}

/// Two more capers files with real faults: `zzz-err.pdn` (capers' own file
/// of broken records) and `suicide.pdn`, a giveaway-checkers ending.
#[test]
fn capers_faulty_records_are_found_where_they_go_wrong() {
    let recs = records("capers-zzz-err.pdn");
    assert_eq!(recs.len(), 2);
    // An 11-man ballot from a FEN; its 43rd ply `32-29` joins g1 and a1.
    match replay(&recs[0]) {
        Replay::Illegal {
            ply,
            text,
            rule,
            clause,
        } => {
            assert_eq!((ply, text.as_str()), (43, "32-29"));
            assert_eq!(rule, Some(RuleCode::NotDiagonal));
            assert_eq!(clause, "DA-2.1");
        }
        other => panic!("{other:?}"),
    }
    // Payne's game 2 with its result in braces: a comment, so the game has
    // no result token, and the Result tag `{1/2-1/2}` is no PDN result.
    match replay(&recs[1]) {
        Replay::Played {
            plies: 53,
            result: Some(why),
        } => assert!(why.contains("not a PDN result"), "{why}"),
        other => panic!("{other:?}"),
    }
    // Giveaway checkers: Black (first in the FEN) wins by losing its last
    // king, `1-0`; under English rules White took everything (DA-5.1).
    let recs = records("capers-suicide.pdn");
    match replay(&recs[0]) {
        Replay::Played {
            plies: 22,
            result: Some(why),
        } => assert!(
            why.contains("a win for black") && why.contains("DA-5.1"),
            "{why}"
        ),
        other => panic!("{other:?}"),
    }
}
