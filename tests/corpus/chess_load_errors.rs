//! Chess scenarios with a bad setup, action or annotation are refused at
//! the line and column of the offending text, saying what was expected.

use std::path::Path;

use arbiter::scenario::any::parse;
use rstest::rstest;

const HEAD: &str = "game: chess\nid: t/x\ntitle: t\nsource: s\nclauses: [CH-1.2]\n";

#[rstest]
#[case::two_white_kings(
    "setup:\n  fen: 4k3/8/8/8/8/8/8/K3K3 w - - 0 1\n",
    7,
    8,
    "white has 2 kings"
)]
#[case::pawn_on_the_first_rank(
    "setup:\n  fen: 4k3/8/8/8/8/8/8/K2P4 w - - 0 1\n",
    7,
    8,
    "no pawn stands"
)]
#[case::castling_without_rook(
    "setup:\n  fen: 4k3/8/8/8/8/8/8/4K3 w K - 0 1\n",
    7,
    8,
    "castling right `K`"
)]
#[case::impossible_en_passant(
    "setup:\n  fen: 4k3/8/8/8/8/8/8/4K3 w - e6 0 1\n",
    7,
    8,
    "en-passant square e6"
)]
#[case::five_fields("setup:\n  fen: 4k3/8/8/8/8/8/8/4K3 w - - 0\n", 7, 8, "six fields")]
#[case::unknown_setup_key("setup:\n  board: standard\n", 7, 3, "unknown field `board`")]
#[case::not_a_move("setup: {}\nmoves:\n  - {move: e2-e4}\n", 8, 12, "not a move")]
#[case::not_a_claim("setup: {}\nmoves:\n  - {move: claim-draw}\n", 8, 12, "not a claim")]
#[case::unknown_annotation(
    "setup: {}\nmoves:\n  - {move: e2e4, chekc: true}\n",
    8,
    18,
    "unknown field `chekc`"
)]
#[case::unknown_claim_kind(
    "setup: {}\nmoves:\n  - {move: e2e4, claimable: [forty]}\n",
    8,
    0,
    "forty"
)]
fn bad_chess_scenarios_are_located(
    #[case] body: &str,
    #[case] line: u64,
    #[case] column: u64,
    #[case] says: &str,
) {
    let text = format!("{HEAD}{body}");
    let e = match parse(Path::new("inline.yaml"), &text) {
        Ok(_) => panic!("loaded: {text}"),
        Err(e) => e,
    };
    assert_eq!(e.at.line, line, "{e}");
    if column > 0 {
        assert_eq!(e.at.column, column, "{e}");
    }
    assert!(e.message.contains(says), "{e}");
}
