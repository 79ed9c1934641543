//! Dame scenarios that break DA-1 or the Dame notation are refused at the
//! line and column of the offending text, with what was expected.

use std::path::Path;

use arbiter::scenario::any::parse;
use rstest::rstest;

const HEAD: &str = "game: dame\nid: da/x\ntitle: t\nsource: s\nclauses: [DA-1.1]\n";

#[rstest]
#[case::light_square(
    "setup:\n  white: {b1: man}\n  black: {h8: man}\n",
    7,
    11,
    "light square"
)]
#[case::not_a_square("setup:\n  white: {z9: man}\n", 7, 11, "not a square")]
#[case::not_a_stone("setup:\n  white: {c3: king}\n", 7, 15, "expected man or dame")]
#[case::two_stones_on_a_square(
    "setup:\n  white: {c3: man}\n  black: {c3: man}\n",
    8,
    11,
    "holds two stones"
)]
#[case::man_on_its_crowning_row("setup:\n  white: {b8: man}\n", 7, 11, "write it as a dame")]
#[case::start_with_stones(
    "setup:\n  start: true\n  white: {c3: man}\n",
    8,
    11,
    "leave `white` and `black` out"
)]
#[case::thirteen_stones(
    "setup:\n  white: {a1: man, c1: man, e1: man, g1: man, b2: man, d2: man, f2: man, h2: man, a3: man, c3: man, e3: man, g3: man, b4: man}\n",
    7,
    119,
    "more than 12 stones"
)]
#[case::bad_action(
    "setup:\n  white: {c3: man}\nmoves:\n  - {move: c3/d4}\n",
    9,
    12,
    "not a Dame action"
)]
#[case::bad_annotation_square(
    "setup:\n  white: {c3: man}\nmoves:\n  - {move: c3-d4, captures: [x1]}\n",
    9,
    12,
    "in `captures`"
)]
fn malformed_dame_scenarios_are_refused_at_their_place(
    #[case] body: &str,
    #[case] line: u64,
    #[case] column: u64,
    #[case] message: &str,
) {
    let text = format!("{HEAD}{body}");
    match parse(Path::new("inline.yaml"), &text) {
        Ok(_) => panic!("loaded:\n{text}"),
        Err(e) => {
            let shown = e.to_string();
            assert!(shown.contains(message), "{shown}");
            assert_eq!((e.at.line, e.at.column), (line, column), "{shown}");
        }
    }
}
