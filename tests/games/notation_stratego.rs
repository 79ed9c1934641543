//! Stratego's Gravon notation and `.gsn` records
//! (`spec/stratego/notation.md`): every legal move of a few hundred
//! positions of random games written and read back, the variant spellings,
//! the refusals with the game's own rule and clause, and the records under
//! `tests/data/records/stratego/` replayed move by move on the reference.
//!
//! The records were written from arbiter's own random games by the ignored
//! test `write_records` (`ARBITER_WRITE_RECORDS=1 cargo test --test games
//! notation_stratego::write_records -- --ignored`); see their README.

use arbiter::games::stratego::army::Army;
use arbiter::games::stratego::game::{Outcome, Stratego};
use arbiter::games::stratego::geometry::Geometry;
use arbiter::games::stratego::moves::Move;
use arbiter::games::stratego::notation::{gravon_square, write_gsn};
use arbiter::games::stratego::notation_xml;
use arbiter::games::stratego::piece::{Color, Piece};
use arbiter::games::stratego::position::Setup;
use arbiter::games::stratego::profile::Profile;
use arbiter::games::stratego::square::Square;
use arbiter::rules::notation::{Record, Resolved, resolve, spell};
use arbiter::rules::{Basics, Game, Notation};

use crate::common::repo;

const DIR: &str = "tests/data/records/stratego";

fn rng_below(state: &mut u64, n: usize) -> usize {
    (arbiter::rng::splitmix64(state) % n as u64) as usize
}

/// A random placement of `army` for both sides on their home ranks.
fn random_setup(army: Army, seed: u64) -> Setup {
    let mut state = seed;
    let mut pieces = Vec::new();
    for color in [Color::Red, Color::Blue] {
        let ranks: Vec<u8> = if color == Color::Red {
            (0..4).collect()
        } else {
            (6..10).collect()
        };
        let mut squares: Vec<Square> = ranks
            .iter()
            .flat_map(|&r| (0..10).map(move |f| Square::new(f, r)))
            .collect();
        for rank in army.pieces() {
            let k = rng_below(&mut state, squares.len());
            let sq = squares.swap_remove(k);
            pieces.push((sq, Piece { color, rank }));
        }
    }
    Setup {
        geometry: Geometry::standard(),
        army,
        pieces,
        to_move: Color::Red,
    }
}

fn start(setup: &Setup, profile: &Profile) -> Box<dyn Game<Stratego>> {
    <Stratego as Basics>::reference()
        .start(setup, profile)
        .expect("a valid setup")
}

/// Plays random legal moves from `setup` to the end or `cap` plies.
fn random_game(setup: &Setup, profile: &Profile, seed: u64, cap: usize) -> Vec<Move> {
    let mut game = start(setup, profile);
    let mut state = seed ^ 0x9e37_79b9;
    let mut moves = Vec::new();
    while moves.len() < cap && !game.outcome().is_over() {
        let legal = game.legal_actions();
        if legal.is_empty() {
            break;
        }
        let m = legal[rng_below(&mut state, legal.len())];
        game.play(&m).expect("a legal move");
        moves.push(m);
    }
    moves
}

#[test]
fn squares_have_two_characters_and_the_tenth_rank_is_zero() {
    assert_eq!(gravon_square(Square::new(0, 3)), "A4");
    assert_eq!(gravon_square(Square::new(9, 9)), "J0");
    assert_eq!(gravon_square(Square::new(2, 8)), "C9");
}

/// Every legal move of every position of a few random games, written in
/// Gravon's notation, reads back as itself, and so does each variant
/// spelling (lower case, the wire's `10`, `x` for the dash).
#[test]
fn every_legal_move_round_trips() {
    // Clauses ST-N.1.3 (the notation page).
    let profile = Profile::gravon();
    let mut positions = 0;
    let mut checked = 0;
    for (k, army) in [Army::STANDARD, Army::BARRAGE, Army::STANDARD, Army::BARRAGE]
        .into_iter()
        .enumerate()
    {
        let setup = random_setup(army, 11 + k as u64);
        let moves = random_game(&setup, &profile, 100 + k as u64, 80);
        let mut game = start(&setup, &profile);
        for i in 0..=moves.len() {
            positions += 1;
            for a in game.legal_actions() {
                let text = Stratego::write_move("gravon", game.as_ref(), &a).expect("written");
                assert_eq!(
                    text.len(),
                    5,
                    "{text}: five characters on the standard board"
                );
                let variants = [
                    text.clone(),
                    text.to_lowercase(),
                    text.replace('-', "x"),
                    format!(" {} - {} ", &text[..2], &text[3..]),
                    a.to_string(),
                ];
                for v in variants {
                    assert_eq!(
                        Stratego::read_move("gravon", game.as_ref(), &v).unwrap(),
                        vec![a],
                        "{v}"
                    );
                    match resolve::<Stratego>(Some("gravon"), game.as_ref(), &v) {
                        Resolved::Legal { action } => assert_eq!(action, a, "{v}"),
                        Resolved::Refused(r) => panic!("{v} refused: {r}"),
                    }
                    checked += 1;
                }
            }
            if let Some(m) = moves.get(i) {
                game.play(m).unwrap();
            }
        }
    }
    eprintln!("{positions} positions, {checked} spellings");
    assert!(positions >= 300, "only {positions} positions");
    assert!(checked > 10_000, "only {checked} spellings");
}

fn sparse(pieces: &[(&str, Color, &str)]) -> Setup {
    Setup {
        geometry: Geometry::standard(),
        army: Army::STANDARD,
        pieces: pieces
            .iter()
            .map(|(sq, color, rank)| {
                (
                    sq.parse().unwrap(),
                    Piece {
                        color: *color,
                        rank: rank.parse().unwrap(),
                    },
                )
            })
            .collect(),
        to_move: Color::Red,
    }
}

/// A move a rule forbids is refused with that rule and clause, and the
/// refusal lists the closest legal moves in Gravon's notation.
#[test]
fn refusals_name_the_games_rule_and_the_closest_legal_moves() {
    // Clauses ST-N.1.4 (the notation page).
    let setup = sparse(&[
        ("C4", Color::Red, "captain"),
        ("A1", Color::Red, "flag"),
        ("J10", Color::Blue, "flag"),
        ("A10", Color::Blue, "scout"),
    ]);
    let game = start(&setup, &Profile::gravon());
    let refused = |text: &str| match resolve::<Stratego>(Some("gravon"), game.as_ref(), text) {
        Resolved::Refused(r) => r,
        Resolved::Legal { action } => panic!("{text} read as legal {action}"),
    };
    // Into a lake.
    let r = refused("C4-C5");
    assert_eq!(r.rule.map(|c| c.to_string()).as_deref(), Some("play.lake"));
    assert_eq!(r.clause, "RP-3.5");
    assert_eq!(r.closest.len(), 3);
    assert!(
        r.closest
            .iter()
            .all(|c| c.len() == 5 && c.starts_with("C4-"))
    );
    // A flag does not move.
    let r = refused("A1-A2");
    assert_eq!(
        r.rule.map(|c| c.to_string()).as_deref(),
        Some("play.immovable")
    );
    assert_eq!(r.clause, "RP-3.4");
    // No piece on the start square.
    let r = refused("E4-E5");
    assert_eq!(
        r.rule.map(|c| c.to_string()).as_deref(),
        Some("play.empty-square")
    );
    // The opponent's piece.
    let r = refused("A0-A9");
    assert_eq!(
        r.rule.map(|c| c.to_string()).as_deref(),
        Some("play.opponent-piece")
    );
    // Not a move at all: the notation's own clause, no rule.
    for bad in ["C4C5", "C-C5", "C04-C5", "44-45", ""] {
        let r = refused(bad);
        assert_eq!(r.rule, None, "{bad}");
        assert_eq!(r.clause, "ST-N.1.1", "{bad}");
        assert!(!r.closest.is_empty(), "{bad}");
    }
    // A Gravon move is never ambiguous: every legal move has one reading.
    for a in game.legal_actions() {
        assert_eq!(
            Stratego::read_move(
                "gravon",
                game.as_ref(),
                &spell(Some("gravon"), game.as_ref(), &a)
            )
            .unwrap()
            .len(),
            1
        );
    }
}

fn records(name: &str) -> Vec<Result<Record<Stratego>, arbiter::rules::Located>> {
    let text = std::fs::read_to_string(repo(&format!("{DIR}/{name}"))).expect("record file");
    Stratego::read_records("gsn", &text)
}

/// The first move of a record refused: ply (from 1), text, rule, clause.
type FirstRefused = (usize, String, String, String);

/// Replays a record on the reference under its profile; the first move
/// refused, or the final game.
fn replay(record: &Record<Stratego>) -> Result<Box<dyn Game<Stratego>>, FirstRefused> {
    let profile = Profile::named(Stratego::record_profile(record).unwrap()).unwrap();
    let mut game = start(&record.setup, &profile);
    for (i, m) in record.moves.iter().enumerate() {
        match resolve::<Stratego>(Some("gravon"), game.as_ref(), &m.text) {
            Resolved::Legal { action } => {
                game.play(&action).unwrap();
            }
            Resolved::Refused(r) => {
                return Err((
                    i + 1,
                    m.text.clone(),
                    r.rule.map(|c| c.to_string()).unwrap_or_default(),
                    r.clause,
                ));
            }
        }
    }
    Ok(game)
}

const GOOD: [&str; 5] = [
    "arbiter-barrage-1.gsn",
    "arbiter-barrage-2.gsn",
    "arbiter-barrage-3.gsn",
    "arbiter-classic-1.gsn",
    "arbiter-classic-2.gsn",
];

/// Every game of the committed records replays, every move legal, and
/// the result it claims is one the rules allow.
#[test]
fn the_records_replay_and_their_results_hold() {
    // Clauses ST-N.2.1, ST-N.2.5 (the notation page).
    let mut games = 0;
    let mut plies = 0;
    for name in GOOD {
        for rec in records(name) {
            let rec = rec.unwrap_or_else(|e| panic!("{name}: {e:?}"));
            assert_eq!(rec.tag("Version"), Some("1"));
            let game = replay(&rec).unwrap_or_else(|e| panic!("{name}: {e:?}"));
            let claimed = rec.result.as_deref().expect("a result");
            assert_eq!(
                Stratego::check_result(claimed, &rec, game.as_ref()),
                None,
                "{name}"
            );
            games += 1;
            plies += rec.moves.len();
        }
    }
    assert_eq!(games, 5);
    assert!(plies > 500, "{plies} plies");
}

/// The record edited to have an illegal move: the ply, rule and clause.
#[test]
fn an_illegal_move_in_a_record_is_found_with_its_rule() {
    let recs = records("edited-illegal-move.gsn");
    let rec = recs[0].as_ref().unwrap();
    let (ply, text, rule, clause) = match replay(rec) {
        Ok(_) => panic!("the edited record replays"),
        Err(e) => e,
    };
    assert_eq!(ply, 7);
    assert_eq!(text, rec.moves[6].text);
    assert_eq!(rule, "play.lake");
    assert_eq!(clause, "RP-3.5");
}

/// The record edited to claim the wrong winner and the one claiming a
/// flag capture in an unfinished game.
#[test]
fn a_wrong_claimed_result_is_found() {
    let recs = records("edited-wrong-result.gsn");
    assert_eq!(recs.len(), 2);
    for rec in &recs {
        let rec = rec.as_ref().unwrap();
        let game = replay(rec).unwrap();
        let why = Stratego::check_result(rec.result.as_deref().unwrap(), rec, game.as_ref())
            .expect("a contradiction");
        assert!(why.contains("ST-N.2.4"), "{why}");
        assert!(why.contains("flag captured"), "{why}");
    }
    // The first is a finished game whose winner is swapped: the rules say
    // the other side won by RP-6.1.
    let rec = recs[0].as_ref().unwrap();
    let game = replay(rec).unwrap();
    assert!(matches!(
        game.outcome(),
        Outcome::RedWins(_) | Outcome::BlueWins(_)
    ));
    let why = Stratego::check_result(rec.result.as_deref().unwrap(), rec, game.as_ref()).unwrap();
    assert!(why.contains("RP-6.1"), "{why}");
    // A forfeit or an agreed tie in the same finished game contradicts the
    // rules too; in an unfinished one it is allowed.
    assert!(Stratego::check_result("result 3 winner 0", rec, game.as_ref()).is_some());
    let rec2 = recs[1].as_ref().unwrap();
    let game2 = replay(rec2).unwrap();
    assert_eq!(game2.outcome(), Outcome::Ongoing);
    assert_eq!(
        Stratego::check_result("result 3 winner 1", rec2, game2.as_ref()),
        None
    );
    assert_eq!(
        Stratego::check_result("result 4 winner 2", rec2, game2.as_ref()),
        None
    );
    assert!(Stratego::check_result("result 4 winner 1", rec2, game2.as_ref()).is_some());
    assert!(Stratego::check_result("result 7 winner 1", rec2, game2.as_ref()).is_some());
    assert!(Stratego::check_result("red wins", rec2, game2.as_ref()).is_some());
}

/// A broken game is an error with its line and column; the games after
/// it are still read.
#[test]
fn a_broken_game_is_located_and_the_next_is_read() {
    let good = std::fs::read_to_string(repo(&format!("{DIR}/arbiter-barrage-1.gsn"))).unwrap();
    let lines: Vec<&str> = good.lines().collect();
    // The field line with one letter that is no field letter, at column 5.
    let mut field: Vec<char> = lines[2].chars().collect();
    field[4] = 'Z';
    let field: String = field.into_iter().collect();
    let broken = good.replacen(lines[2], &field, 1);
    // A move line that is no move.
    let broken_move = good.replacen(&format!("\n{}\n", lines[3]), "\nA4A5\n", 1);
    let text = format!("{broken}\n{good}{broken_move}{good}");
    let recs = Stratego::read_records("gsn", &text);
    assert_eq!(recs.len(), 4);
    let e = recs[0].as_ref().unwrap_err();
    assert_eq!((e.at.line, e.at.column), (3, 5), "{}", e.message);
    assert!(e.message.contains("ST-N.2.2"), "{}", e.message);
    assert!(recs[1].is_ok());
    let e = recs[2].as_ref().unwrap_err();
    let first_of_third = lines.len() + 1 + lines.len() + 1;
    assert_eq!(e.at.line as usize, first_of_third + 3, "{}", e.message);
    assert!(e.message.contains("ST-N.2.3"), "{}", e.message);
    let last = recs[3].as_ref().unwrap();
    assert_eq!(last.line, first_of_third + lines.len());
    // Other damage: a missing END, a bad header version, no field line.
    let no_end = good.replace("END\n", "");
    assert!(Stratego::read_records("gsn", &no_end)[0].is_err());
    let v3 = good.replacen("Notation v1", "Notation v3", 1);
    let e = Stratego::read_records("gsn", &v3).remove(0).unwrap_err();
    assert_eq!(e.at.line, 1);
    let unset = format!(
        "{}\n{}\nEND\n{}\n",
        lines[0],
        lines[1],
        lines[lines.len() - 1]
    );
    let e = Stratego::read_records("gsn", &unset).remove(0).unwrap_err();
    assert!(e.message.contains("set up"), "{}", e.message);
    assert!(Stratego::read_records("pgn", &good)[0].is_err());
}

/// Writes the committed records from arbiter's own random games (run by
/// hand; see the module's doc).
#[test]
#[ignore]
fn write_records() {
    if std::env::var_os("ARBITER_WRITE_RECORDS").is_none() {
        return;
    }
    let profile = Profile::gravon();
    let dir = repo(DIR);
    std::fs::create_dir_all(&dir).unwrap();
    let write = |name: &str, text: &str| std::fs::write(dir.join(name), text).unwrap();
    let code = |o: Outcome| -> (u8, u8) {
        use arbiter::games::stratego::game::WinReason;
        match o {
            Outcome::RedWins(WinReason::FlagCaptured) => (1, 0),
            Outcome::BlueWins(WinReason::FlagCaptured) => (1, 1),
            Outcome::RedWins(WinReason::NoLegalMove) => (0, 0),
            Outcome::BlueWins(WinReason::NoLegalMove) => (0, 1),
            Outcome::Draw(_) => (2, 2),
            Outcome::Ongoing => (3, 0),
        }
    };
    let mut finished = Vec::new();
    for k in 1..=3u64 {
        let setup = random_setup(Army::BARRAGE, 1000 + k);
        let moves = random_game(&setup, &profile, 2000 + k, 3000);
        let mut game = start(&setup, &profile);
        for m in &moves {
            game.play(m).unwrap();
        }
        let (ending, winner) = code(game.outcome());
        let text = write_gsn(&setup, 1, &moves, "randomred", "randomblue", ending, winner).unwrap();
        write(&format!("arbiter-barrage-{k}.gsn"), &text);
        if k == 2 {
            let xml = notation_xml::write(
                &setup,
                "barrage",
                &moves,
                "randomred",
                "randomblue",
                ending,
                winner,
            )
            .unwrap();
            write("arbiter-barrage-2.xml", &xml);
        }
        finished.push((setup, moves, ending, winner));
    }
    for k in 1..=2u64 {
        let setup = random_setup(Army::STANDARD, 3000 + k);
        let moves = random_game(&setup, &profile, 4000 + k, 150);
        let text = write_gsn(
            &setup,
            0,
            &moves,
            "randomred",
            "randomblue",
            3,
            (k % 2) as u8,
        )
        .unwrap();
        write(&format!("arbiter-classic-{k}.gsn"), &text);
    }
    // One record with an illegal seventh move: a move into a lake (the
    // first piece that stands beside a lake at the seventh ply moves in).
    let setup = random_setup(Army::STANDARD, 5001);
    let moves = random_game(&setup, &profile, 6001, 30);
    let mut game = start(&setup, &profile);
    for m in &moves[..6] {
        game.play(m).unwrap();
    }
    let lakes = Geometry::standard().lakes;
    let into_lake = game
        .legal_actions()
        .into_iter()
        .find_map(|m| {
            lakes
                .iter()
                .find(|l| l.is_adjacent(m.from))
                .map(|l| Move::new(m.from, *l))
        })
        .expect("a piece beside a lake");
    let mut edited = moves[..6].to_vec();
    edited.push(into_lake);
    edited.extend_from_slice(&moves[7..]);
    write(
        "edited-illegal-move.gsn",
        &write_gsn(&setup, 0, &edited, "randomred", "randomblue", 3, 0).unwrap(),
    );
    // Two records with a wrong claimed result: the first finished barrage
    // game with its winner swapped, and a classic game cut short that claims
    // a flag capture.
    let (setup, moves, _, winner) = finished
        .iter()
        .find(|f| f.2 == 1)
        .expect("a barrage game ended by a flag capture");
    let mut text = write_gsn(setup, 1, moves, "randomred", "randomblue", 1, 1 - winner).unwrap();
    let setup = random_setup(Army::STANDARD, 7001);
    let moves = random_game(&setup, &profile, 8001, 40);
    text.push_str(&write_gsn(&setup, 0, &moves, "randomred", "randomblue", 1, 0).unwrap());
    write("edited-wrong-result.gsn", &text);
}

/// `arbiter replay` on the committed records (JSON lines): the good games
/// replay legal with no wrong result, the edited ones are reported with
/// the ply, rule and clause, and a `--profiles all` run attributes the
/// 3-limit's splits to the two-squares switch.
#[test]
fn arbiter_replay_reports_the_records() {
    let files: Vec<String> = std::fs::read_dir(repo(DIR))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "gsn"))
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    assert_eq!(files.len(), 7);
    let mut args = vec!["replay", "--json", "--profiles", "all"];
    args.extend(files.iter().map(String::as_str));
    let (out, err, code) = crate::common::run(&args);
    assert_eq!(code, 1, "findings make the exit code 1: {err}");
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let games: Vec<&serde_json::Value> = lines.iter().filter(|v| v.get("file").is_some()).collect();
    assert_eq!(games.len(), 8);
    for g in &games {
        let file = g["file"].as_str().unwrap();
        assert_eq!(g["game"], "stratego");
        assert_eq!(g["profile"], "gravon");
        assert!(g["error"].is_null(), "{file}: {}", g["error"]);
        if file.ends_with("edited-illegal-move.gsn") {
            assert_eq!(g["illegal"]["ply"], 7);
            assert_eq!(g["illegal"]["rule"], "play.lake");
            assert_eq!(g["illegal"]["clause"], "RP-3.5");
            assert_eq!(g["illegal"]["line"], 10);
        } else if file.ends_with("edited-wrong-result.gsn") {
            assert!(g["illegal"].is_null());
            let why = g["wrong_result"].as_str().unwrap();
            assert!(why.contains("ST-N.2.4"), "{why}");
        } else {
            assert!(g["illegal"].is_null(), "{file}");
            assert!(g["wrong_result"].is_null(), "{file}");
        }
        for s in g["splits"].as_array().unwrap() {
            assert!(s.to_string().contains("two-squares"), "{file}: {s}");
        }
    }
    // The random barrage games shuttle a piece more than three times:
    // modern-3 (limit 3) refuses a move the gravon profile (limit 5) allows.
    let split = games
        .iter()
        .filter(|g| !g["splits"].as_array().unwrap().is_empty())
        .count();
    assert!(split >= 1, "no game splits from modern-3");
    let summary = &lines.last().unwrap()["summary"];
    assert_eq!(summary["games"], 8);
    assert_eq!(summary["illegal"], 1);
    assert_eq!(summary["wrong_results"], 2);
    assert_eq!(summary["errors"], 0);
    let plies: u64 = games.iter().map(|g| g["plies"].as_u64().unwrap()).sum();
    assert_eq!(summary["plies"], plies);
}

/// Each `.gsn` record written as Gravon's `.xml` reads back as the same
/// game: setup, moves and claimed result.
#[test]
fn xml_records_read_as_their_gsn_twins() {
    // Clauses ST-N.3.2 (the notation page).
    for name in GOOD {
        let rec = records(name).remove(0).unwrap();
        let moves: Vec<Move> = {
            let profile = Profile::gravon();
            let mut game = start(&rec.setup, &profile);
            rec.moves
                .iter()
                .map(
                    |m| match resolve::<Stratego>(Some("gravon"), game.as_ref(), &m.text) {
                        Resolved::Legal { action } => {
                            game.play(&action).unwrap();
                            action
                        }
                        Resolved::Refused(r) => panic!("{name}: {r}"),
                    },
                )
                .collect()
        };
        let words: Vec<&str> = rec.result.as_deref().unwrap().split(' ').collect();
        let (ending, winner): (u8, u8) = (words[1].parse().unwrap(), words[3].parse().unwrap());
        let kind = if rec.tag("Type") == Some("1") {
            "barrage"
        } else {
            "classic"
        };
        let xml = notation_xml::write(
            &rec.setup, kind, &moves, "red & co", "<blue>", ending, winner,
        )
        .unwrap();
        let back = Stratego::read_records("gravon-xml", &xml)
            .remove(0)
            .unwrap();
        assert_eq!(back.setup, rec.setup, "{name}");
        let texts =
            |r: &Record<Stratego>| r.moves.iter().map(|m| m.text.clone()).collect::<Vec<_>>();
        assert_eq!(texts(&back), texts(&rec), "{name}");
        assert_eq!(back.result, rec.result, "{name}");
        assert_eq!(back.tag("Red"), Some("red & co"));
        assert_eq!(back.tag("Blue"), Some("<blue>"));
        assert_eq!(back.moves[0].line, 5, "{name}: the first move's line");
    }
    // The committed .xml twin of a .gsn game reads as it.
    let xml = std::fs::read_to_string(repo(&format!("{DIR}/arbiter-barrage-2.xml"))).unwrap();
    let a = Stratego::read_records("gravon-xml", &xml)
        .remove(0)
        .unwrap();
    let b = records("arbiter-barrage-2.gsn").remove(0).unwrap();
    assert_eq!((a.setup, a.result), (b.setup, b.result));
    assert_eq!(a.moves.len(), b.moves.len());
}

/// A broken `.xml` game is an error at its tag; the next game is read.
#[test]
fn a_broken_xml_game_is_located_and_the_next_is_read() {
    let xml = std::fs::read_to_string(repo(&format!("{DIR}/arbiter-barrage-2.xml"))).unwrap();
    let start = xml.find(" <game").unwrap();
    let end = xml.find("</stratego>").unwrap();
    let game = &xml[start..end];
    let bad_winner = game.replace("winner=\"", "winner=\"9");
    let bad_type = game.replacen("type=\"barrage\"", "type=\"chess\"", 1);
    let bad_move = game.replacen("source=\"", "source=\"Q", 1);
    let text = format!("<stratego>\n{bad_winner}{game}{bad_type}{bad_move}{game}</stratego>\n");
    let recs = Stratego::read_records("gravon-xml", &text);
    assert_eq!(recs.len(), 5);
    let lines = game.lines().count();
    let e = recs[0].as_ref().unwrap_err();
    assert_eq!(e.at.line as usize, 1 + lines - 1, "{}", e.message);
    assert!(e.message.contains("winner"), "{}", e.message);
    assert!(recs[1].is_ok());
    let e = recs[2].as_ref().unwrap_err();
    assert_eq!(
        (e.at.line as usize, e.at.column),
        (2 + 2 * lines, 2),
        "{}",
        e.message
    );
    let e = recs[3].as_ref().unwrap_err();
    assert_eq!(e.at.line as usize, 2 + 3 * lines + 2, "{}", e.message);
    assert!(e.message.contains("ST-N.3.1"), "{}", e.message);
    assert!(recs[4].is_ok());
    let unclosed = format!("<stratego>\n{}", &game[..game.find("</game>").unwrap()]);
    let e = Stratego::read_records("gravon-xml", &unclosed)
        .remove(0)
        .unwrap_err();
    assert!(e.message.contains("never closed"), "{}", e.message);
    let e = Stratego::read_records("gravon-xml", "<stratego/>")
        .remove(0)
        .unwrap_err();
    assert!(e.message.contains("no `<game>`"), "{}", e.message);
}
