//! Every class of malformed scenario is refused with an error that names the
//! file, the line and column of the offending text, and what was expected
//! there; a listed move that turns out illegal is reported by the runner at
//! the move's own line. The loader never panics, whatever the input.

use std::path::{Path, PathBuf};

use arbiter::scenario::any::{load_all, parse};
use arbiter::scenario::load::LoadError;
use arbiter::scenario::run::Status;
use proptest::prelude::*;
use rstest::rstest;

/// The name errors must carry for inline texts.
const INLINE: &str = "tests/data/malformed/inline.yaml";

fn refuse(text: &str) -> LoadError {
    let path = Path::new(INLINE);
    match parse(path, text) {
        Ok(s) => panic!("loaded, but should not have: {}", s.id()),
        Err(e) => {
            assert_eq!(e.file, path, "the error names the file: {e}");
            e
        }
    }
}

/// A valid head: lines 1 to 5. Bodies below start on line 6.
const HEAD: &str = "id: rp/x\ntitle: t\nsource: s\nclauses: [RP-1.1]\ngame: stratego\n";

#[rstest]
// YAML shape: keys the format does not know, keys given twice, missing keys.
#[case::unknown_top_level_key("setup: {}\ncolour: red\n", 7, 1, "unknown field `colour`")]
#[case::unknown_key_in_a_flow_move(
    "setup:\n  red: {E4: scout}\nmoves:\n  - {move: E4-E5, comabt: attacker-wins}\n",
    9,
    19,
    "unknown field `comabt`, expected one of move, expect"
)]
#[case::unknown_key_in_a_block_move(
    "setup:\n  red: {E4: scout}\nmoves:\n  - move: E4-E5\n    comabt: attacker-wins\n",
    10,
    5,
    "unknown field `comabt`"
)]
#[case::unknown_key_in_setup("setup:\n  green: {E4: scout}\n", 7, 3, "unknown field `green`")]
#[case::unknown_key_in_a_probe(
    "setup:\n  red: {E4: scout}\nprobes:\n  - {move: E4-E5, expect: legal, reason: x}\n",
    9,
    34,
    "unknown field `reason`"
)]
#[case::duplicate_top_level_key("title: again\nsetup: {}\n", 6, 1, "duplicate mapping key: title")]
#[case::duplicate_key_in_a_move(
    "setup:\n  red: {E4: scout}\nmoves:\n  - move: E4-E5\n    combat: attacker-wins\n    combat: defender-wins\n",
    11,
    5,
    "duplicate mapping key: combat"
)]
#[case::duplicate_square_in_one_colour(
    "setup:\n  red: {E4: scout, E4: miner}\n",
    7,
    20,
    "duplicate mapping key: E4"
)]
#[case::missing_move_text(
    "setup:\n  red: {E4: scout}\nmoves:\n  - {expect: legal}\n",
    9,
    6,
    "missing field `move`"
)]
#[case::unclosed_bracket("setup: {red: {E4: scout}\n", 6, 8, "unclosed bracket")]
#[case::list_where_a_mapping_belongs(
    "setup:\n  red: [E4, scout]\n",
    7,
    8,
    "`red` expects a mapping"
)]
// Values of a closed set.
#[case::bad_colour_to_move(
    "setup:\n  to_move: green\n",
    7,
    12,
    "`to_move` expects one of red, blue, not `green`"
)]
#[case::unknown_rule_code(
    "setup:\n  red: {E4: scout}\nprobes:\n  - {move: E4-E5, expect: illegal, rule: play.foo}\n",
    9,
    42,
    "`rule` expects one of play.game-over"
)]
#[case::unknown_outcome(
    "setup:\n  red: {E4: scout}\nresult: {red-wins: resigned}\n",
    8,
    20,
    "`red-wins` expects one of"
)]
// Squares and ranks of the setup.
#[case::bad_square("setup:\n  red: {E44: scout}\n", 7, 9, "`E44` is not a square name")]
#[case::lower_case_square("setup:\n  blue: {e4: scout}\n", 7, 10, "`e4` is not a square name")]
#[case::bad_rank("setup:\n  red: {E4: knight}\n", 7, 13, "`knight` is not a rank")]
#[case::number_for_a_rank("setup:\n  red: {E4: 3}\n", 7, 13, "`3` is not a rank")]
#[case::off_board_square("setup:\n  red: {K4: scout}\n", 7, 9, "K4 is not on the 10×10 board")]
#[case::off_board_rank("setup:\n  red: {A1: flag, A11: scout}\n", 7, 19, "A11 is not on the")]
#[case::two_pieces_on_one_square(
    "setup:\n  red: {E4: scout}\n  blue: {E4: miner}\n",
    8,
    10,
    "E4 already holds the red scout"
)]
#[case::piece_on_a_lake("setup:\n  red: {A1: flag, C5: scout}\n", 7, 19, "C5 is a lake")]
#[case::more_pieces_than_an_army(
    "setup:\n  blue: {A1: marshal, B1: marshal}\n",
    7,
    27,
    "blue has more than 1 marshal"
)]
#[case::ninth_scout(
    "setup:\n  red: {A1: scout, B1: scout, C1: scout, D1: scout, E1: scout, F1: scout, G1: scout, H1: scout, I1: scout}\n",
    7,
    101,
    "more than 8 scout"
)]
// Profiles and boards.
#[case::unknown_profile("profiles: [isf, fide]\nsetup: {}\n", 6, 17, "`fide` is not a profile")]
#[case::profile_listed_twice("profiles: [isf, isf]\nsetup: {}\n", 6, 17, "listed twice")]
#[case::empty_profile_list("profiles: []\nsetup: {}\n", 1, 5, "`profiles` is empty")]
#[case::unknown_board("setup: {board: mini}\n", 6, 16, "`mini` is not a board")]
// Boards and armies other than the standard ones (RP-1.6, RP-2.4).
#[case::unknown_army("setup: {army: elite}\n", 6, 15, "`elite` is not an army")]
#[case::a_lake_of_the_8x8_board(
    "setup: {board: quick-8x8, red: {A1: flag, C4: scout}}\n",
    6,
    43,
    "C4 is a lake"
)]
#[case::off_the_8x8_board(
    "setup: {board: quick-8x8, blue: {I8: scout}}\n",
    6,
    34,
    "I8 is not on the 8×8 board"
)]
#[case::third_bomb_of_the_quick_army(
    "setup:\n  board: quick-8x8\n  blue: {A8: bomb, B8: bomb, C8: bomb}\n",
    8,
    34,
    "blue has more than 2 bomb piece(s); the quick army has only 2"
)]
#[case::colonel_in_barrage(
    "setup:\n  army: barrage\n  red: {A1: flag, B1: colonel}\n",
    8,
    23,
    "red has a colonel, but the barrage army has none"
)]
#[case::second_miner_in_barrage(
    "setup:\n  army: barrage\n  red: {A1: miner, B1: miner}\n",
    8,
    24,
    "red has more than 1 miner piece(s); the barrage army has only 1"
)]
#[case::custom_army_count(
    "setup:\n  army: {scout: 1, flag: 1}\n  blue: {A1: scout, B1: scout}\n",
    8,
    25,
    "the custom army (1 scout, 1 flag) has only 1"
)]
#[case::custom_army_unknown_rank(
    "setup:\n  army: {scout: 1, knight: 1}\n",
    7,
    20,
    "`knight` is not a rank"
)]
#[case::custom_board_lake_off_the_board(
    "setup:\n  board: {files: 6, ranks: 5, lakes: [C3, G1]}\n",
    7,
    43,
    "lake G1 is not on the 6×5 board"
)]
#[case::custom_board_too_big(
    "setup:\n  board: {files: 6, ranks: 27}\n",
    7,
    28,
    "a board has 1 to 26 ranks, not 27"
)]
#[case::custom_board_unknown_key(
    "setup:\n  board: {files: 6, ranks: 5, lake: [C3]}\n",
    7,
    31,
    "unknown field `lake`"
)]
#[case::move_override_for_an_unlisted_profile(
    "profiles: [isf]\nsetup:\n  red: {E4: scout}\nmoves:\n  - {move: E4-E5, profiles: {modern-3: {two_squares: 1}}}\n",
    10,
    30,
    "`modern-3` is not one of this scenario's profiles (isf)"
)]
#[case::probe_override_for_an_unlisted_profile(
    "profiles: [isf, gravon]\nsetup:\n  red: {E4: scout}\nprobes:\n  - {move: E4-E5, expect: legal, profiles: {play-only: {expect: legal}}}\n",
    10,
    45,
    "`play-only` is not one of this scenario's profiles"
)]
// Expectations.
#[case::illegal_move_without_rule(
    "setup:\n  red: {E4: scout}\nmoves:\n  - {move: E4-E5, expect: illegal}\n",
    9,
    12,
    "`expect: illegal` needs `rule`"
)]
#[case::illegal_probe_without_rule(
    "setup:\n  red: {E4: scout}\nprobes:\n  - {move: E4-E5, expect: illegal}\n",
    9,
    12,
    "`expect: illegal` needs `rule`"
)]
#[case::illegal_override_without_rule(
    "profiles: [isf, modern-3]\nsetup:\n  red: {E4: scout}\nmoves:\n  - {move: E4-E5, profiles: {modern-3: {expect: illegal}}}\n",
    10,
    30,
    "`expect: illegal` needs `rule`"
)]
#[case::rule_on_a_legal_probe(
    "setup:\n  red: {E4: scout}\nprobes:\n  - {move: E4-E5, expect: legal, rule: play.lake}\n",
    9,
    12,
    "`rule: play.lake` is given but the move is expected legal"
)]
// The why of a refusal: beside `expect: illegal` only, a clause of the
// spec and of the scenario's `clauses`, words that are not empty.
#[case::clause_on_a_legal_probe(
    "setup:\n  red: {E4: scout}\nprobes:\n  - {move: E4-E5, expect: legal, clause: RP-1.1}\n",
    9,
    42,
    "`clause: RP-1.1` is given but the action is not expected illegal here"
)]
#[case::because_on_a_legal_move(
    "setup:\n  red: {E4: scout}\nmoves:\n  - {move: E4-E5, because: moves}\n",
    9,
    28,
    "`because: moves` is given but the action is not expected illegal here"
)]
#[case::because_on_an_override_without_its_verdict(
    "profiles: [isf, modern-3]\nsetup:\n  red: {E4: scout}\nmoves:\n  - {move: E4-E5, profiles: {modern-3: {because: far}}}\n",
    10,
    50,
    "`because: far` is given but the action is not expected illegal here"
)]
#[case::clause_unknown_to_the_spec(
    "setup:\n  red: {E4: scout}\nprobes:\n  - {move: E4-F5, expect: illegal, rule: play.not-a-step, clause: RP-99.9}\n",
    9,
    67,
    "`clause: RP-99.9`: `RP-99.9` is not a clause of the stratego spec"
)]
#[case::clause_the_scenario_does_not_list(
    "setup:\n  red: {E4: scout}\nprobes:\n  - {move: E4-F5, expect: illegal, rule: play.not-a-step, clause: RP-3.3}\n",
    9,
    67,
    "`clause: RP-3.3` names a clause the scenario does not list: add `RP-3.3` to `clauses` (RP-1.1)"
)]
#[case::because_empty(
    "setup:\n  red: {E4: scout}\nprobes:\n  - {move: E4-F5, expect: illegal, rule: play.not-a-step, because: \"\"}\n",
    9,
    68,
    "`because` is empty"
)]
// Move text.
#[case::move_without_separator(
    "setup:\n  red: {E4: scout}\nmoves:\n  - {move: E4E5}\n",
    9,
    12,
    "`E4E5` is not a move"
)]
#[case::move_with_a_bad_square(
    "setup:\n  red: {E4: scout}\nprobes:\n  - {move: E4-E0, expect: legal}\n",
    9,
    12,
    "in move `E4-E0`: `E0` is not a square name"
)]
fn a_malformed_body_is_refused_at_its_place(
    #[case] body: &str,
    #[case] line: u64,
    #[case] column: u64,
    #[case] says: &str,
) {
    let e = refuse(&format!("{HEAD}{body}"));
    assert_eq!((e.at.line, e.at.column), (line, column), "{e}");
    assert!(e.message.contains(says), "message lacks {says:?}: {e}");
}

/// Issue 18: the YAML reader's own words ("use from_str_multiple",
/// "expected sequence start", "invalid u32", "simple key expected ':'")
/// told nobody what to change; and some texts loaded that should not (a
/// null setup that became an empty board, text after `...`, a `!!binary`
/// tag that silently decoded a string). Each is now refused at its place
/// with what to write instead.
#[rstest]
#[case::two_documents(
    "setup: {}\n---\nid: rp/y\n",
    7,
    1,
    "one scenario per file: a second YAML document starts at line 7"
)]
#[case::two_documents_after_an_end_marker(
    "setup: {}\n...\n---\nid: rp/y\n",
    8,
    1,
    "one scenario per file: a second YAML document starts at line 8"
)]
#[case::text_where_a_list_belongs(
    "setup:\n  red: {E4: scout}\nmoves: E4-E5\n",
    8,
    8,
    "`moves` expects a list"
)]
#[case::a_mapping_where_a_list_belongs(
    "setup:\n  red: {E4: scout}\nprobes:\n  move: E4-E5\n",
    9,
    3,
    "`probes` expects a list"
)]
#[case::a_list_where_text_belongs(
    "setup:\n  red: {E4: scout}\nmoves:\n  - {move: [E4-E5]}\n",
    9,
    12,
    "`move` expects a single value"
)]
#[case::negative_count(
    "setup:\n  red: {E4: scout}\nmoves:\n  - {move: E4-E5, two_squares: -1}\n",
    9,
    32,
    "`two_squares` is a whole number from 0 to 4294967295, not `-1`"
)]
#[case::huge_count(
    "setup:\n  red: {E4: scout}\nmoves:\n  - move: E4-E5\n    two_squares: 99999999999\n",
    10,
    18,
    "`two_squares` is a whole number from 0 to 4294967295, not `99999999999`"
)]
#[case::very_long_key(
    &format!("setup: {{}}\n{}: 1\n", "k".repeat(1100)),
    7,
    1,
    "a key of more than 1024 characters"
)]
#[case::null_setup("setup: ~\n", 6, 8, "`setup` is null")]
#[case::empty_setup("setup:\nmoves: []\n", 6, 6, "`setup` is null")]
#[case::text_after_the_end_marker(
    "setup: {}\n...\n%YAML 1.2\n",
    8,
    1,
    "text after the end-of-document marker `...` of line 7"
)]
#[case::a_second_end_marker(
    "setup: {}\n...\n# a comment is fine\n...\n",
    9,
    1,
    "text after the end-of-document marker `...` of line 7"
)]
#[case::binary_tag_on_text(
    "setup: {}\nnotes: !!binary aGVsbG8=\n",
    7,
    8,
    "`!!binary` is a YAML tag"
)]
#[case::local_tag_on_a_list("setup: {}\nclauses2: !mine [a]\n", 7, 11, "`!mine` is a YAML tag")]
fn unclear_or_silent_yaml_is_refused_with_what_to_write(
    #[case] body: &str,
    #[case] line: u64,
    #[case] column: u64,
    #[case] says: &str,
) {
    let e = refuse(&format!("{HEAD}{body}"));
    assert_eq!((e.at.line, e.at.column), (line, column), "{e}");
    assert!(e.message.contains(says), "message lacks {says:?}: {e}");
}

/// The empty board is still written `setup: {}`, and a comment may follow
/// the end marker.
#[test]
fn an_explicit_empty_setup_and_a_comment_after_the_end_load() {
    let text = format!("{HEAD}setup: {{}}\n...\n# the end\n\n");
    assert!(parse(Path::new(INLINE), &text).is_ok());
}

#[rstest]
#[case::bad_id(
    "id: RP/Upper\ntitle: t\nsource: s\nclauses: [RP-1.1]\nsetup: {}\ngame: stratego\n",
    1,
    5,
    "`RP/Upper` is not a scenario id"
)]
#[case::id_with_an_empty_group(
    "id: rp//x\ntitle: t\nsource: s\nclauses: [RP-1.1]\nsetup: {}\ngame: stratego\n",
    1,
    5,
    "is not a scenario id"
)]
#[case::id_with_a_space(
    "id: rp/two words\ntitle: t\nsource: s\nclauses: [RP-1.1]\nsetup: {}\ngame: stratego\n",
    1,
    5,
    "is not a scenario id"
)]
#[case::unknown_clause(
    "id: rp/x\ntitle: t\nsource: s\nclauses: [RP-1.1, RP-9.9]\nsetup: {}\ngame: stratego\n",
    4,
    19,
    "`RP-9.9` is not a clause of the stratego spec"
)]
#[case::lower_case_clause(
    "id: rp/x\ntitle: t\nsource: s\nclauses: [rp-1.1]\nsetup: {}\ngame: stratego\n",
    4,
    11,
    "`rp-1.1` is not a clause"
)]
#[case::no_clause(
    "id: rp/x\ntitle: t\nsource: s\nclauses: []\nsetup: {}\ngame: stratego\n",
    1,
    5,
    "`clauses` is empty"
)]
#[case::missing_title(
    "id: rp/x\nsource: s\nclauses: [RP-1.1]\nsetup: {}\ngame: stratego\n",
    5,
    1,
    "missing field `title`"
)]
#[case::empty_file("", 1, 1, "missing field `game`")]
#[case::null_document("~\n", 1, 1, "missing field `game`")]
#[case::empty_document("--- \n", 1, 1, "missing field `game`")]
#[case::lone_anchor("&a \n", 1, 1, "missing field `game`")]
#[case::unknown_game(
    "game: chess960\nid: x\n",
    1,
    7,
    "`chess960` is not a game: expected one of stratego, dame, chess, epaminondas"
)]
fn a_malformed_header_is_refused_at_its_place(
    #[case] text: &str,
    #[case] line: u64,
    #[case] column: u64,
    #[case] says: &str,
) {
    let e = refuse(text);
    assert_eq!((e.at.line, e.at.column), (line, column), "{e}");
    assert!(e.message.contains(says), "message lacks {says:?}: {e}");
}

/// A game name of any length is repeated cut to its first 40 characters:
/// a 1 MB name came back whole in the error.
#[test]
fn an_unknown_game_name_is_echoed_cut_short() {
    let name = "q".repeat(1 << 20);
    let e = refuse(&format!("game: {name}\nid: x\n"));
    assert!(
        e.message.starts_with(&format!(
            "`{}…` is not a game: expected one of ",
            "q".repeat(40)
        )),
        "{}",
        &e.message[..e.message.len().min(200)]
    );
    assert!(e.message.len() < 200, "{} bytes", e.message.len());
}

/// A fresh directory under Cargo's scratch space for integration tests.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn an_id_used_by_two_files_is_refused_in_the_second() {
    let dir = scratch("duplicate-id");
    let text = format!("{HEAD}setup: {{}}\n");
    std::fs::write(dir.join("a.yaml"), &text).unwrap();
    std::fs::create_dir(dir.join("sub")).unwrap();
    std::fs::write(dir.join("sub/b.yaml"), &text).unwrap();
    let (loaded, errors) = load_all(std::slice::from_ref(&dir));
    assert_eq!(loaded.len(), 1, "the first file still loads");
    assert_eq!(loaded[0].path(), dir.join("a.yaml"));
    assert_eq!(errors.len(), 1, "{errors:?}");
    let e = &errors[0];
    assert_eq!(e.file, dir.join("sub/b.yaml"));
    assert_eq!((e.at.line, e.at.column), (1, 5), "{e}");
    assert!(e.message.contains("id `rp/x` is already used by"), "{e}");
    assert!(e.message.contains("a.yaml"), "names the first file: {e}");
}

#[test]
fn a_file_on_disk_is_named_in_its_error() {
    let dir = scratch("on-disk");
    let path = dir.join("lake.yaml");
    std::fs::write(
        &path,
        format!("{HEAD}setup:\n  red: {{A1: flag, C5: scout}}\n"),
    )
    .unwrap();
    let (loaded, errors) = load_all(std::slice::from_ref(&path));
    assert!(loaded.is_empty());
    let rendered = errors[0].to_string();
    assert!(
        rendered.starts_with(&format!("{}:7:19: C5 is a lake", path.display())),
        "{rendered}"
    );
}

#[test]
fn a_missing_path_is_an_error_not_a_panic() {
    let (loaded, errors) = load_all(&[PathBuf::from("tests/data/no-such-dir")]);
    assert!(loaded.is_empty());
    assert_eq!(errors.len(), 1);
    assert!(errors[0].message.contains("no such file"), "{}", errors[0]);
}

#[test]
fn an_illegal_listed_move_is_reported_at_its_line_with_the_reason() {
    let text = format!(
        "{HEAD}setup:\n  red: {{E4: scout, A1: flag}}\n  blue: {{J10: flag, J9: scout}}\nmoves:\n  - {{move: E4-E5}}\n  - {{move: J9-J8}}\n  - {{move: E5-D5}}\n"
    );
    let s = parse(Path::new(INLINE), &text).expect("the file itself is well formed");
    let Status::Fail(failures) = s.check("reference", None).unwrap().status else {
        panic!("a lake move played as legal must fail");
    };
    // No `profiles:`, so every named profile runs it, and each reports it.
    let profiles: Vec<&str> = failures.iter().map(|f| f.profile.as_str()).collect();
    assert_eq!(
        profiles,
        ["isf", "gravon", "jumbo-original", "modern-3", "play-only"],
        "{failures:?}"
    );
    for f in &failures {
        assert_eq!((f.at.line, f.at.column), (12, 12), "{f}");
    }
    let f = &failures[0];
    for part in [
        "move 3 E5-D5 is illegal",
        "play.lake",
        "RP-3.5",
        "D5 is a lake",
    ] {
        assert!(f.message.contains(part), "message lacks {part:?}: {f}");
    }
}

/// Hole 2 of the core issue: what follows an action a profile refuses was
/// loaded and never checked under that profile. Each unreachable
/// expectation is now a load error at its own place.
#[rstest]
#[case::a_later_move(
    "profiles: [isf, modern-3]\nsetup:\n  red: {B2: lieutenant}\n  blue: {J9: sergeant}\nmoves:\n  - {move: B2-B3, profiles: {modern-3: {expect: illegal, rule: two-squares}}}\n  - {move: J9-J8}\n",
    12,
    12,
    "move 2 is never checked under profile `modern-3`"
)]
#[case::a_probe(
    "setup:\n  red: {B2: lieutenant}\nmoves:\n  - {move: B2-B4, expect: illegal, rule: play.not-a-step}\nprobes:\n  - {move: B2-B3, expect: legal}\n",
    11,
    12,
    "probe 1 is never checked under profile `isf`"
)]
#[case::a_result(
    "setup:\n  red: {B2: lieutenant}\nmoves:\n  - {move: B2-B4, expect: illegal, rule: play.not-a-step}\nresult: ongoing\n",
    1,
    5,
    "`result` is never checked under profile `isf`"
)]
#[case::a_continuation_without_illegal(
    "setup:\n  red: {B2: lieutenant}\nmoves:\n  - {move: B2-B3, continuation: {}}\n",
    9,
    12,
    "`continuation` needs `expect: illegal`"
)]
fn expectations_a_profile_never_reaches_are_refused(
    #[case] body: &str,
    #[case] line: u64,
    #[case] column: u64,
    #[case] says: &str,
) {
    let e = refuse(&format!("{HEAD}{body}"));
    assert_eq!((e.at.line, e.at.column), (line, column), "{e}");
    assert!(e.message.contains(says), "message lacks {says:?}: {e}");
}

/// A continuation is checked: a wrong probe in it fails the run of its
/// profile, and only of its profile.
#[test]
fn a_continuation_is_played_and_checked_under_its_profile() {
    let text = format!(
        "{HEAD}profiles: [isf, modern-3]\nsetup:\n  red: {{B2: lieutenant}}\n  blue: {{J9: sergeant}}\nmoves:\n  - {{move: B2-B3}}\n  - {{move: J9-J8}}\n  - {{move: B3-B2}}\n  - {{move: J8-J9}}\n  - {{move: B2-B3}}\n  - {{move: J9-J8}}\n  - move: B3-B2\n    profiles:\n      modern-3:\n        expect: illegal\n        rule: two-squares\n        continuation:\n          moves: [{{move: B3-C3, two_squares: 1}}, {{move: J8-J7}}]\n          probes: [{{move: C3-B3, expect: illegal, rule: play.lake}}]\n"
    );
    let s = parse(Path::new(INLINE), &text).expect("well formed");
    let Status::Fail(failures) = s.check("reference", None).unwrap().status else {
        panic!("the continuation's wrong probe must fail");
    };
    assert_eq!(failures.len(), 1, "{failures:?}");
    assert_eq!(failures[0].profile, "modern-3");
    assert!(
        failures[0]
            .message
            .contains("probe C3-B3: expected illegal (play.lake), got legal"),
        "{}",
        failures[0]
    );
}

#[test]
fn a_wrong_verdict_for_an_illegal_move_names_both_rules() {
    let text = format!(
        "{HEAD}setup:\n  red: {{E4: scout}}\nmoves:\n  - {{move: E4-D4, expect: illegal, rule: play.lake}}\n"
    );
    let s = parse(Path::new(INLINE), &text).unwrap();
    let Status::Fail(failures) = s.check("reference", None).unwrap().status else {
        panic!("E4-D4 is legal, so the expectation must fail");
    };
    let f = &failures[0];
    assert_eq!((f.at.line, f.at.column), (9, 12), "{f}");
    assert!(
        f.message
            .contains("move 1 E4-D4: expected illegal (play.lake), got legal"),
        "{f}"
    );
}

/// `clause:` and `because:` pin why a refusal refuses: the clause it cites
/// and words its explanation contains. A wrong clause or missing words fail
/// the run at the action's place, each with what the refusal said.
#[test]
fn the_why_of_a_refusal_is_checked_clause_and_words() {
    let head = "id: rp/x\ntitle: t\nsource: s\nclauses: [RP-3.2, RP-3.3]\ngame: stratego\n";
    let run = |probe: &str| {
        let text = format!(
            "{head}setup:\n  red: {{E4: captain}}\nprobes:\n  - {{move: E4-F5, expect: illegal, rule: play.not-a-step, {probe}}}\n"
        );
        let s = parse(Path::new(INLINE), &text).unwrap();
        s.check("reference", None).unwrap().status
    };
    // What the rules say: a captain steps one square along a file or rank
    // (RP-3.2); E4-F5 is a diagonal.
    assert_eq!(
        run("clause: RP-3.2, because: \"E4 to F5 is not a straight\""),
        Status::Pass
    );
    let Status::Fail(f) = run("clause: RP-3.3") else {
        panic!("a captain's refusal cites RP-3.2, the scout's clause is RP-3.3");
    };
    assert_eq!((f[0].at.line, f[0].at.column), (9, 12), "{}", f[0]);
    assert!(
        f[0].message
            .contains("probe E4-F5: refused (play.not-a-step) citing RP-3.2, not RP-3.3"),
        "{}",
        f[0]
    );
    let Status::Fail(f) = run("because: \"E4 to F6\"") else {
        panic!("the explanation names F5, not F6");
    };
    assert!(
        f[0].message.contains(
            "probe E4-F5: the refusal (play.not-a-step, RP-3.2) does not say \"E4 to F6\""
        ),
        "{}",
        f[0]
    );
    // On a move expected illegal too (judged, not played).
    let text = format!(
        "{head}setup:\n  red: {{E4: captain}}\nmoves:\n  - {{move: E4-F5, expect: illegal, rule: play.not-a-step, because: \"E4 to F6\"}}\n"
    );
    let s = parse(Path::new(INLINE), &text).unwrap();
    let Status::Fail(f) = s.check("reference", None).unwrap().status else {
        panic!("the words are checked on a refused move");
    };
    assert!(
        f[0].message.contains("move 1 E4-F5: the refusal"),
        "{}",
        f[0]
    );
}

/// Valid scenarios whose every prefix and every small corruption must load
/// or fail cleanly. Between them they use flow and block style, folded
/// text, per-profile overrides, probes and a result.
const VALID: &[&str] = &[
    include_str!("../../scenarios/stratego/rules-of-play/end/repetition-does-not-draw.yaml"),
    include_str!("../../scenarios/stratego/rules-of-play/moving/notation.yaml"),
];

/// Loads `text`; when it loads, runs it too. Neither may panic, and an
/// error must point inside the text.
fn load_and_run(text: &str) {
    match parse(Path::new(INLINE), text) {
        Ok(s) => {
            let _ = s.check("reference", None);
        }
        Err(e) => {
            let lines = text.lines().count() as u64 + 1;
            assert!(
                e.at.line >= 1 && e.at.line <= lines,
                "error outside the text ({lines} lines): {e}"
            );
            assert!(!e.message.is_empty());
        }
    }
}

#[test]
fn every_prefix_of_a_valid_file_loads_or_fails_cleanly() {
    for text in VALID {
        assert!(parse(Path::new(INLINE), text).is_ok(), "the base loads");
        for (i, _) in text.char_indices() {
            load_and_run(&text[..i]);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        failure_persistence: crate::common::regressions_beside_source(),
        ..ProptestConfig::with_cases(300)
    })]

    #[test]
    fn garbled_files_load_or_fail_cleanly(
        which in 0..VALID.len(),
        at in 0.0f64..1.0,
        cut in 0usize..40,
        insert in "[ -~\t\n{}\\[\\]:,&*!|>'\"#%@`-]{0,12}",
    ) {
        let text = VALID[which];
        let mut start = (at * text.len() as f64) as usize;
        while !text.is_char_boundary(start) {
            start -= 1;
        }
        let mut end = (start + cut).min(text.len());
        while !text.is_char_boundary(end) {
            end += 1;
        }
        let garbled = format!("{}{}{}", &text[..start], insert, &text[end..]);
        load_and_run(&garbled);
    }

    #[test]
    fn arbitrary_text_loads_or_fails_cleanly(text in "\\PC{0,200}") {
        load_and_run(&text);
    }
}

/// Issue 28: the YAML reader's limits were reported in its internal words
/// (`budget breached: Depth { depth: 65 }`). The message says which limit
/// and what the file exceeded, and points at the spec's "Limits".
#[test]
fn the_yaml_readers_limits_are_said_in_our_words() {
    let deep = format!("{HEAD}setup: {}{}\n", "[".repeat(70), "]".repeat(70));
    let e = refuse(&deep).to_string();
    assert!(
        e.contains("lists and mappings nest more than 64 deep")
            && e.contains("\"Limits\" in spec/scenario-format.md")
            && !e.contains("Depth {"),
        "{e}"
    );
    // Deeper than the parser's own ceiling (255 levels) it said only
    // "recursion limit exceeded" (issue 42): the same limit is named, at
    // the place the parser stopped, for flow lists, flow mappings and
    // block mappings alike.
    let block: String = (0..300)
        .map(|i| format!("{}a:\n", " ".repeat(2 * i)))
        .collect();
    for (what, text) in [
        (
            "flow lists",
            format!(
                "{HEAD}setup: {}{}\n",
                "[".repeat(10_000),
                "]".repeat(10_000)
            ),
        ),
        (
            "flow mappings",
            format!(
                "{HEAD}setup: {}1{}\n",
                "{a: ".repeat(10_000),
                "}".repeat(10_000)
            ),
        ),
        ("block mappings", format!("{HEAD}setup:\n{block}")),
    ] {
        let e = refuse(&text);
        let said = e.to_string();
        assert!(
            said.contains("lists and mappings nest more than 64 deep here")
                && !said.contains("recursion limit"),
            "{what}: {said}"
        );
        assert!(e.at.line >= 6, "{what}: the place is the nesting's: {said}");
    }
    let mut big = format!("{HEAD}setup:\n  red: {{A1: scout}}\n  blue: {{J10: scout}}\nmoves:\n");
    for _ in 0..84_000 {
        big.push_str("  - {move: A1-A2}\n");
    }
    let e = refuse(&big).to_string();
    assert!(
        e.contains("more than 250,000 YAML values") && e.contains("about 83,333 moves"),
        "{e}"
    );
    let spec = include_str!("../../spec/scenario-format.md");
    assert!(spec.contains("## Limits") && spec.contains("250,000"));
}
