//! Every illegal verdict names the spec clause that decides it. For each
//! probe of the rules-of-play corpus that is expected illegal, the
//! reference's verdict must cite one of the clauses the spec gives for that
//! rule code (`spec/stratego/rules-of-play.md`, and the rule-code table of
//! `spec/scenario-format.md`).

use std::path::PathBuf;

use arbiter::games::stratego::game::Stratego;
use arbiter::games::stratego::reference::Reference;
use arbiter::games::stratego::verdict::RuleCode;
use arbiter::rules::{Implementation, Verdict};
use arbiter::scenario::any::{load_all, of_game};
use arbiter::scenario::format::Legality;

/// The clauses that may be cited for a code.
fn clauses_for(code: RuleCode) -> &'static [&'static str] {
    match code {
        RuleCode::GameOver => &["RP-6.5"],
        RuleCode::OffBoard => &["RP-1.1"],
        RuleCode::EmptySquare | RuleCode::OpponentPiece => &["RP-3.1"],
        RuleCode::Immovable => &["RP-3.4"],
        RuleCode::NotAStep => &["RP-3.2", "RP-3.3"],
        RuleCode::Lake => &["RP-3.5"],
        RuleCode::Blocked => &["RP-3.3"],
        RuleCode::OwnPiece => &["RP-3.5"],
        RuleCode::TwoSquares => &["TS-4.1", "TS-5.1", "TS-5.2"],
        RuleCode::MoreSquares => &["MS-7.1"],
    }
}

#[test]
fn illegal_probes_cite_the_clause_of_their_rule() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenarios/stratego/rules-of-play");
    let (all, errors) = load_all(&[dir]);
    assert!(errors.is_empty(), "{errors:?}");
    let scenarios = of_game::<Stratego>(&all);
    let mut seen = std::collections::BTreeSet::new();
    let mut wrong = Vec::new();
    for s in scenarios {
        let profile = &s.profiles[0];
        let mut game = Reference.start(&s.setup, profile).expect("setup loads");
        let mut ended = false;
        for m in &s.moves {
            if m.expectations(&profile.name).expect == Some(Legality::Illegal) {
                ended = true;
                break;
            }
            game.play(&m.mv).expect("the corpus passes");
        }
        if ended {
            continue;
        }
        for p in &s.probes {
            if let Verdict::Illegal(i) = game.judge(&p.mv) {
                seen.insert(i.rule);
                if !clauses_for(i.rule).contains(&i.clause.as_str()) {
                    wrong.push(format!(
                        "{} probe {}: {} cites {}, expected one of {:?}",
                        s.id,
                        p.mv,
                        i.rule,
                        i.clause,
                        clauses_for(i.rule)
                    ));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // The corpus exercises every rule of play.
    for code in &RuleCode::ALL[..9] {
        assert!(seen.contains(code), "no illegal probe with {code}");
    }
}
