//! Chess: the engine gives the reference's legal actions, verdicts (rule
//! codes), notes and outcomes in random games under every named profile and
//! every mutant, from the workload's setups. The tally printed at the end
//! (`cargo test --test differential chess_differential -- --nocapture`) shows
//! what the games reached. Longer runs: the `#[ignore]`d test, or the
//! `chess_differential` fuzz target (docs/fuzzing.md). Short random games from
//! the same setups and profiles are also the chess part of
//! `tests/differential/battery.rs`.

use arbiter::games::chess::action::{Action, ClaimKind};
use arbiter::games::chess::engine::EngineGame;
use arbiter::games::chess::game::Chess;
use arbiter::games::chess::position::Position;
use arbiter::games::chess::profile::Profile;
use arbiter::games::chess::reference::ReferenceGame;
use arbiter::games::chess::verdict::RuleCode;
use arbiter::games::chess::workload::{SETUPS, SplitMix, Tally, compare_game, profiles};
use arbiter::rules::{Game, Verdict};

fn run(seeds: std::ops::Range<u64>, plies: usize) -> Tally {
    let profiles = profiles();
    let mut tally = Tally::default();
    for seed in seeds {
        for (i, fen) in SETUPS.iter().enumerate() {
            let setup = Position::from_fen(fen).unwrap();
            let profile = &profiles[(seed as usize * SETUPS.len() + i) % profiles.len()];
            let mut src = SplitMix(seed * 1000 + i as u64);
            if let Err(e) = compare_game(&setup, profile, &mut src, plies, &mut tally) {
                panic!("{e}");
            }
        }
    }
    tally
}

#[test]
fn engine_plays_like_the_reference() {
    let tally = run(0..6, 120);
    println!("{tally}");
    assert!(tally.games >= 100);
    // The games reach the rules they are meant to test.
    assert!(tally.threefold + tally.fivefold > 0, "{tally}");
    assert!(
        tally.checkmates + tally.stalemates + tally.material > 0,
        "{tally}"
    );
}

#[test]
#[ignore = "a few minutes in a debug build; cargo test --release --test differential chess_differential -- --ignored"]
fn engine_plays_like_the_reference_long() {
    let tally = run(0..200, 300);
    println!("{tally}");
}

/// Both implementations' games from `fen` under `fide`.
fn both(fen: &str) -> [Box<dyn Game<Chess>>; 2] {
    let setup = Position::from_fen(fen).unwrap();
    let profile = Profile::parse("fide").unwrap();
    [
        Box::new(ReferenceGame::new(&setup, &profile).unwrap()),
        Box::new(EngineGame::new(&setup, &profile).unwrap()),
    ]
}

/// Both refuse `action` with `rule` under `clause`.
fn refused(games: &[Box<dyn Game<Chess>>; 2], action: &Action, rule: RuleCode, clause: &str) {
    for g in games {
        let Verdict::Illegal(i) = g.judge(action) else {
            panic!("{action} judged legal");
        };
        assert_eq!((i.rule, i.clause.as_str()), (rule, clause), "{action}: {i}");
    }
}

/// Found by `chess_short` once clauses were compared: the engine named
/// CH-2.2 (the moves of king, queen, rook and bishop) for every impossible
/// or blocked move, the reference CH-2.4 for a pawn's, as the spec does
/// (CH-2.4 is the pawn's clause). Both must name CH-2.4, for a move and for
/// a claim made with that move.
#[test]
fn a_pawns_impossible_or_blocked_move_is_refused_under_ch_2_4() {
    // White pawn e2 blocked by a knight on e3; black to move nowhere near.
    let games = both("4k3/8/8/8/8/4n3/4P3/4K3 w - - 100 80");
    for (spelled, rule) in [
        ("e2g4", RuleCode::NotAMove),
        ("e2d3", RuleCode::NotAMove),
        ("e2e3", RuleCode::Blocked),
        ("e2e4", RuleCode::Blocked),
    ] {
        let mv = spelled.parse().unwrap();
        for action in [Action::Move(mv), Action::Claim(ClaimKind::Fifty, Some(mv))] {
            refused(&games, &action, rule, "CH-2.4");
        }
    }
}

/// CH-2.3 is the knight's clause, CH-2.2 the king's, queen's, rook's and
/// bishop's: a refused move names the clause of the piece that tried it, in
/// both implementations (both named CH-2.2 for a knight until 2026-11-26).
#[test]
fn a_refused_move_names_its_pieces_clause() {
    // Knight b1, rook a1 behind a pawn on a2, bishop c1 behind b2, king e1.
    let games = both("4k3/8/8/8/8/8/PP6/RNB1K3 w - - 0 1");
    for (spelled, rule, clause) in [
        ("b1b3", RuleCode::NotAMove, "CH-2.3"),
        ("b1d3", RuleCode::NotAMove, "CH-2.3"),
        ("a1b3", RuleCode::NotAMove, "CH-2.2"),
        ("a1a4", RuleCode::Blocked, "CH-2.2"),
        ("c1a3", RuleCode::Blocked, "CH-2.2"),
        ("e1e3", RuleCode::NotAMove, "CH-2.2"),
    ] {
        refused(
            &games,
            &Action::Move(spelled.parse().unwrap()),
            rule,
            clause,
        );
    }
}

/// The seed `perpetual-three-checks-queen` of `chess_differential` plays a
/// game from `k7/8/8/2Q5/8/8/8/7K` under the `perpetual-three-checks`
/// mutant that ends in a perpetual-check draw: the rule function (checks
/// in a row) no other seed of that long target reached (docs/fuzzing.md,
/// "Coverage of the rules"). Read as `check_differential` reads it.
#[test]
fn a_chess_differential_seed_ends_in_perpetual_check() {
    use arbiter::games::chess::workload::{Bytes, Source};
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/corpus/chess_differential/perpetual-three-checks-queen");
    let data = std::fs::read(path).expect("the committed seed");
    let mut src = Bytes(&data);
    let setup = SETUPS[src.below(SETUPS.len()).unwrap()];
    let all = profiles();
    let profile = &all[src.next().unwrap() as usize % all.len()];
    assert_eq!(setup, "k7/8/8/2Q5/8/8/8/7K w - - 0 1");
    assert!(
        profile.name.ends_with("~perpetual-three-checks"),
        "{}",
        profile.name
    );
    let mut tally = Tally::default();
    compare_game(
        &Position::from_fen(setup).unwrap(),
        profile,
        &mut src,
        200,
        &mut tally,
    )
    .unwrap();
    assert_eq!(tally.perpetual, 1, "{tally}");
}
