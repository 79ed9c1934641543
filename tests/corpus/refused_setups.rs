//! Scenarios that state a setup the rules refuse (`refused: CLAUSE`,
//! `spec/scenario-format.md`): what the loader refuses in them, that the
//! runner fails an implementation that starts a game from such a setup,
//! and that the conformance harness reports an engine that accepts it as a
//! departure naming the clause, one that refuses it as a pass, and one that
//! declines it as declined.
//!
//! The harness is driven in process on chess, whose protocol reader leaves
//! "the side not to move is in check" (CH-1.2) to the implementation. A
//! backgammon setup of 16 checkers never reaches an in-process
//! implementation: the protocol reader refuses it first (`Rules::
//! setup_from_wire` checks BG-1.2, BG-4.4, BG-7.6 and BG-8.8), so backgammon's
//! harness path is shown on the worked Python adapter, which reads the
//! setup itself.

use std::path::Path;

use arbiter::explain::Explain;
use arbiter::games::chess::game::Chess;
use arbiter::games::chess::position::Position;
use arbiter::games::chess::profile::Profile;
use arbiter::games::chess::reference::Reference;
use arbiter::harness::embed::{Options, check_corpus};
use arbiter::harness::report::{CaseReport, SkipKind, Status};
use arbiter::rules::prelude::*;
use arbiter::rules::{Game, Implementation};
use arbiter::scenario::any::parse;
use arbiter::scenario::run::Status as RunStatus;

use crate::common;

const INLINE: &str = "tests/data/malformed/refused.yaml";

/// Lines 1 to 6: a backgammon head that lists BG-1.2 and BG-8.8.
const HEAD: &str = "game: backgammon\nid: setup/x\ntitle: t\nsource: s\nclauses: [BG-1.2, BG-8.8]\nrefused: BG-1.2\n";

/// Lines 7 to 9: sixteen white checkers (one borne off).
const SIXTEEN: &str = "setup:\n  start: standard\n  off: {white: 1, black: 0}\n";

fn refuse(text: &str) -> (u64, u64, String) {
    match parse(Path::new(INLINE), text) {
        Ok(s) => panic!("loaded, but should not have: {}", s.id()),
        Err(e) => {
            assert_eq!(e.file, Path::new(INLINE), "{e}");
            (e.at.line, e.at.column, e.message)
        }
    }
}

#[test]
fn a_refused_setup_loads_and_passes_on_every_implementation() {
    let s = parse(Path::new(INLINE), &format!("{HEAD}{SIXTEEN}")).expect("loads");
    for imp in ["reference", "engine"] {
        let r = s.check(imp, None).expect("an implementation");
        assert_eq!(r.status, RunStatus::Pass, "{imp}");
    }
}

#[test]
fn moves_probes_or_a_result_are_refused_beside_refused() {
    let (line, column, m) = refuse(&format!("{HEAD}{SIXTEEN}moves:\n  - {{move: w5-b2}}\n"));
    assert_eq!((line, column), (11, 12), "{m}");
    assert!(
        m.contains("`refused: BG-1.2` (line 6) has no `moves`"),
        "{m}"
    );

    let (line, column, m) = refuse(&format!(
        "{HEAD}{SIXTEEN}probes:\n  - {{move: w5-b2, expect: legal}}\n"
    ));
    assert_eq!((line, column), (11, 12), "{m}");
    assert!(m.contains("has no `probes`"), "{m}");

    let (line, column, m) = refuse(&format!("{HEAD}{SIXTEEN}result: ongoing\n"));
    assert_eq!((line, column), (6, 10), "{m}");
    assert!(m.contains("has no `result`"), "{m}");
}

#[test]
fn the_refusing_clause_is_a_listed_clause_of_the_spec() {
    let head = HEAD.replace("refused: BG-1.2", "refused: BG-4.4");
    let (line, column, m) = refuse(&format!("{head}{SIXTEEN}"));
    assert_eq!((line, column), (6, 10), "{m}");
    assert!(m.contains("add `BG-4.4` to `clauses`"), "{m}");

    let head = HEAD.replace("refused: BG-1.2", "refused: BG-99.1");
    let (line, _, m) = refuse(&format!("{head}{SIXTEEN}"));
    assert_eq!(line, 6, "{m}");
    assert!(
        m.contains("`BG-99.1` is not a clause of the backgammon spec"),
        "{m}"
    );
}

#[test]
fn without_refused_the_setup_is_still_checked() {
    let head = HEAD.replace("refused: BG-1.2\n", "");
    let (_, _, m) = refuse(&format!("{head}{SIXTEEN}"));
    assert!(m.contains("white has 16 checkers, not 15 (BG-1.2)"), "{m}");
    let (_, _, m) = refuse(&format!(
        "{head}setup:\n  start: standard\n  cube: {{value: 3}}\n"
    ));
    assert!(m.contains("BG-8.8"), "{m}");
}

#[test]
fn with_refused_what_a_setup_cannot_hold_is_still_an_error() {
    let (line, column, m) = refuse(&format!("{HEAD}setup:\n  white: {{25: 1}}\n"));
    assert_eq!((line, column), (8, 11), "{m}");
    assert!(m.contains("`25` is not a point"), "{m}");
}

/// A scenario that says the rules refuse a legal setup fails on the
/// reference, with the clause: the corpus cannot claim a refusal the
/// rules do not make.
#[test]
fn a_legal_setup_stated_refused_fails_on_the_reference() {
    let s = parse(
        Path::new(INLINE),
        &format!("{HEAD}setup:\n  start: standard\n"),
    )
    .expect("loads: the loader leaves the verdict to the implementations");
    let r = s.check("reference", None).expect("the reference");
    let RunStatus::Fail(failures) = r.status else {
        panic!("passed: {:?}", r.status);
    };
    assert_eq!(failures.len(), 3, "one per profile: {failures:?}");
    for f in &failures {
        assert_eq!(f.at.line, 6, "{f}");
        assert_eq!(
            f.message, "the setup was accepted, but BG-1.2 refuses it",
            "{f}"
        );
    }
    // `show` and `explain` say so rather than print a game.
    let shown = s.show(None).expect_err("show fails");
    assert!(
        shown.contains("states that BG-1.2 refuses the setup, but the reference starts a game"),
        "{shown}"
    );
    assert!(s.explain(None).is_err());
}

/// A setup refused by one clause, stated refused by another (the issue's
/// two cases: BG-8.8 for sixteen checkers, which only BG-1.2 refuses, and
/// CH-1.1 for a king in check on the side not to move, which CH-1.2
/// refuses), fails on every implementation and names both clauses.
#[test]
fn a_setup_stated_refused_by_the_wrong_clause_fails() {
    let wrong_bg = format!(
        "{}{SIXTEEN}",
        HEAD.replace("refused: BG-1.2", "refused: BG-8.8")
    );
    let wrong_chess = "game: chess\nid: statements/x\ntitle: t\nsource: s\nclauses: [CH-1.1, CH-1.2]\nrefused: CH-1.1\nsetup:\n  fen: 4k3/8/8/8/8/8/4R3/4K3 w - - 0 1\n";
    for (text, stated, refusing) in [
        (wrong_bg.as_str(), "BG-8.8", "BG-1.2"),
        (wrong_chess, "CH-1.1", "CH-1.2"),
    ] {
        let s = parse(Path::new(INLINE), text).expect("loads");
        for imp in ["reference", "engine"] {
            let r = s.check(imp, None).expect("an implementation");
            let RunStatus::Fail(failures) = r.status else {
                panic!("{stated} on a {refusing} setup passed on the {imp}");
            };
            for f in &failures {
                assert_eq!(f.at.line, 6, "{f}");
                assert!(
                    f.message.starts_with(&format!(
                        "the setup is refused by {refusing}, not by {stated}: "
                    )),
                    "{imp}: {f}"
                );
            }
        }
    }
}

/// Every refusal of a setup by arbiter's implementations ends with its
/// clause, which is what the runner reads.
#[test]
fn the_clause_a_refusal_names_is_its_last() {
    use arbiter::scenario::clauses::named_clause;
    assert_eq!(
        named_clause("a cube shows a power of two (1, 2, 4, …; BG-8.8), not 3 (BG-8.8)"),
        Some("BG-8.8")
    );
    assert_eq!(
        named_clause("black has 14 checkers, not 15 (BG-1.2)."),
        Some("BG-1.2")
    );
    assert_eq!(named_clause("see CH-2.7, then CH-1.2"), Some("CH-1.2"));
    assert_eq!(named_clause("no clause here (x-1, A-b)"), None);
}

#[test]
fn show_and_explain_give_the_reason() {
    let s = parse(Path::new(INLINE), &format!("{HEAD}{SIXTEEN}")).expect("loads");
    let shown = s.show(None).expect("shows");
    assert!(
        shown.contains("the setup is refused, as BG-1.2 requires: white has 16 checkers, not 15"),
        "{shown}"
    );
    let explained = s.explain(None).expect("explains");
    assert!(explained.contains("as BG-1.2 requires"), "{explained}");
    let page = s.explain_html(None).expect("a page");
    assert!(page.contains("as BG-1.2 requires"), "{page}");
    assert!(page.contains("class=\"frame\""), "{page}");
}

/// An engine that starts a game from any setup: the initial position
/// stands in for one the reference refuses.
struct Lenient;

impl Implementation<Chess> for Lenient {
    fn name(&self) -> &'static str {
        "lenient"
    }
    fn start(&self, setup: &Position, profile: &Profile) -> Result<Box<dyn Game<Chess>>, String> {
        Reference.start(setup, profile).or_else(|_| {
            let initial = Chess::start_setup().ok_or("no initial position")?;
            Reference.start(&initial, profile)
        })
    }
}

/// An engine that refuses every setup.
struct Refuser;

impl Implementation<Chess> for Refuser {
    fn name(&self) -> &'static str {
        "refuser"
    }
    fn start(&self, _: &Position, _: &Profile) -> Result<Box<dyn Game<Chess>>, String> {
        Err("no setup pleases me".into())
    }
}

/// An engine that plays nothing: every setup is one it was not built for.
struct Decliner;

impl Implementation<Chess> for Decliner {
    fn name(&self) -> &'static str {
        "decliner"
    }
    fn supports(&self, _: &Position, _: &Profile) -> Result<(), String> {
        Err("this engine plays no chess yet".into())
    }
    fn start(&self, _: &Position, _: &Profile) -> Result<Box<dyn Game<Chess>>, String> {
        Err("this engine plays no chess yet".into())
    }
}

/// The refused chess scenarios, and a legal setup beside them.
const REFUSED: &[&str] = &[
    "statements/setup-side-not-to-move-in-check",
    "statements/setup-side-not-to-move-in-check-by-a-pawn",
];
const LEGAL: &str = "statements/setup-en-passant-capture";

fn run_on(imp: &dyn Implementation<Chess>) -> Vec<CaseReport> {
    let paths = REFUSED
        .iter()
        .chain([&LEGAL])
        .map(|id| common::repo(&format!("scenarios/chess/{id}.yaml")))
        .collect();
    let report = check_corpus(
        imp,
        &Options {
            paths,
            ..Default::default()
        },
    );
    assert_eq!(report.cases.len(), 3, "{:?}", report.cases);
    report.cases
}

fn case<'a>(cases: &'a [CaseReport], id: &str) -> &'a CaseReport {
    cases.iter().find(|c| c.id == id).expect(id)
}

#[test]
fn an_engine_that_accepts_a_refused_setup_departs_with_the_clause() {
    let cases = run_on(&Lenient);
    for id in REFUSED {
        let c = case(&cases, id);
        assert_eq!(c.status, Status::Fail, "{id}: {c:?}");
        assert_eq!(c.profiles.len(), 3, "{id}");
        for p in &c.profiles {
            let d = p.departure.as_ref().expect("a departure");
            assert_eq!(d.ply, 0, "{id}");
            // The setup names the side to move: the report says it (it
            // said "no one to move", issue 42).
            assert_eq!(d.to_move, "white", "{id}");
            assert!(
                d.to_string().starts_with("ply 0 (setup, white to move): "),
                "{id}: {d}"
            );
            assert!(
                d.message
                    .starts_with("accepted a setup that CH-1.2 refuses"),
                "{id}: {}",
                d.message
            );
            let reason = &d.reasons[0];
            assert_eq!(reason.clause.as_deref(), Some("CH-1.2"), "{id}");
            assert_eq!(reason.legal, Some(false), "{id}");
            assert!(
                reason
                    .why
                    .contains("black is not to move but its king is attacked"),
                "{id}: {}",
                reason.why
            );
        }
    }
    assert_eq!(case(&cases, LEGAL).status, Status::Pass);
}

#[test]
fn an_engine_that_refuses_passes_the_refused_setups_only() {
    let cases = run_on(&Refuser);
    for id in REFUSED {
        assert_eq!(case(&cases, id).status, Status::Pass, "{id}");
    }
    // Refusing a legal setup is no conformance: the harness asks for the
    // legal actions and gets an error.
    assert_eq!(case(&cases, LEGAL).status, Status::Error);
}

#[test]
fn an_engine_that_declines_is_reported_declined() {
    let cases = run_on(&Decliner);
    for id in REFUSED.iter().chain([&LEGAL]) {
        let c = case(&cases, id);
        assert_eq!(c.status, Status::Skip, "{id}: {c:?}");
        assert_eq!(c.skip, Some(SkipKind::Declined), "{id}");
    }
}

/// Over the protocol, to a process: the worked backgammon adapter reads
/// the setup itself, refuses the setups BG-1.2, BG-4.4, BG-7.6 and BG-8.8 refuse
/// below the largest cube, and accepts a cube of 2^31 (its simplification
/// 3), which the report names with the clause.
#[test]
fn a_process_that_accepts_a_refused_setup_is_reported_with_the_clause() {
    if !common::python3_available() {
        return;
    }
    let adapter = common::repo("examples/python-backgammon/adapter.py");
    let (out, err, code) = common::run(&[
        "conform",
        "--mode",
        "persistent",
        "--game",
        "backgammon",
        "--run",
        "setup/*",
        "--",
        "python3",
        adapter.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains(
            "FAIL setup/cube-above-the-largest: [seed-004] ply 0 (setup, white to move): accepted a setup that BG-8.8 refuses"
        ),
        "{out}"
    );
    assert!(
        out.contains("the setup is illegal (BG-8.8): the cube's value 2147483648 is not one of"),
        "{out}"
    );
    assert!(out.contains("8 passed, 1 failed"), "{out}");
}
