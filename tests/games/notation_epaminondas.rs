//! Epaminondas's AbstractPlay notation (`spec/epaminondas/notation.md`):
//! every legal move of a few hundred positions of random games written
//! and read back, the variant spellings, the refusals with the game's own
//! rule and clause.

use arbiter::games::epaminondas::board::{Side, Size, Square};
use arbiter::games::epaminondas::game::Epaminondas;
use arbiter::games::epaminondas::moves::Move;
use arbiter::games::epaminondas::profile::Profile;
use arbiter::games::epaminondas::setup::Setup;
use arbiter::rules::notation::{Resolved, resolve};
use arbiter::rules::{Basics, Game, Notation};

fn start(setup: &Setup, profile: &Profile) -> Box<dyn Game<Epaminondas>> {
    <Epaminondas as Basics>::reference()
        .start(setup, profile)
        .expect("a valid setup")
}

fn read(game: &dyn Game<Epaminondas>, text: &str) -> Resolved<Epaminondas> {
    resolve::<Epaminondas>(Some("abstractplay"), game, text)
}

fn write(game: &dyn Game<Epaminondas>, m: &Move) -> String {
    Epaminondas::write_move("abstractplay", game, m).expect("written")
}

/// Every legal move of every position of random games on both boards and
/// under two profiles, written in AbstractPlay's notation, reads back as
/// itself, and so does each variant spelling.
#[test]
fn every_legal_move_round_trips() {
    // Clauses EP-N.1.1, EP-N.1.3, EP-N.1.5 (the notation page).
    let mut positions = 0;
    let mut checked = 0;
    let mut several = 0;
    for (k, (size, profile)) in [
        (Size::Small, "abstractplay"),
        (Size::Standard, "abstractplay"),
        (Size::Small, "seed-003"),
        (Size::Standard, "seed-003+phalanx.split=whole-line"),
    ]
    .into_iter()
    .enumerate()
    {
        let profile = Profile::parse(profile).expect(profile);
        let mut game = start(&Setup::standard(size), &profile);
        let mut state = 77 + k as u64;
        for _ in 0..90 {
            if game.outcome().is_over() {
                break;
            }
            positions += 1;
            let legal = game.legal_actions();
            for a in &legal {
                let text = write(game.as_ref(), a);
                if a.count > 1 {
                    several += 1;
                    assert_ne!(text, a.to_string(), "a phalanx is named by its rear stone");
                } else {
                    assert_eq!(text.replace('x', "-"), a.to_string().replace('x', "-"));
                }
                let swapped = if text.contains('x') {
                    text.replace('x', "-")
                } else {
                    text.replace('-', "x")
                };
                let (rear, to) = text.split_once(['-', 'x']).unwrap();
                let variants = [
                    text.clone(),
                    text.to_uppercase(),
                    swapped,
                    format!(" {rear} - {to} "),
                    format!("{}-{}/{}", a.front, a.to, a.count),
                    a.to_string(),
                ];
                // The canonical text of every fourth move is resolved
                // (judged) in full; every spelling is read to the same
                // single candidate.
                if checked % 4 == 0 {
                    match read(game.as_ref(), &text) {
                        Resolved::Legal { action } => assert_eq!(action, *a, "{text}"),
                        Resolved::Refused(r) => panic!("{text} refused: {r}"),
                    }
                }
                for v in variants {
                    assert_eq!(
                        Epaminondas::read_move("abstractplay", game.as_ref(), &v).unwrap(),
                        vec![*a],
                        "{v}"
                    );
                    checked += 1;
                }
                assert_eq!(
                    Epaminondas::read_move("abstractplay", game.as_ref(), &text).unwrap(),
                    vec![*a]
                );
            }
            let pick = (arbiter::rng::splitmix64(&mut state) % legal.len() as u64) as usize;
            game.play(&legal[pick]).unwrap();
        }
    }
    eprintln!("{positions} positions, {checked} spellings, {several} moves of several stones");
    assert!(positions >= 300, "only {positions} positions");
    assert!(several > 1000, "only {several} moves of several stones");
    assert!(checked > 50_000, "only {checked} spellings");
}

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

/// The example of `spec/epaminondas/protocol.md` and EP-N.1.2: White on
/// d2, d3, d4 (8 × 8), Black on d7 and g8.
fn example() -> Box<dyn Game<Epaminondas>> {
    let setup = Setup {
        size: Size::Small,
        white: vec![sq("d2"), sq("d3"), sq("d4")],
        black: vec![sq("d7"), sq("g8")],
        to_move: Side::White,
    };
    start(&setup, &Profile::parse("abstractplay").unwrap())
}

#[test]
fn a_phalanx_is_named_by_its_rear_stone() {
    let game = example();
    let legal = |text: &str| match read(game.as_ref(), text) {
        Resolved::Legal { action } => action.to_string(),
        Resolved::Refused(r) => panic!("{text}: {r}"),
    };
    assert_eq!(legal("d2-d5"), "d4-d5/3");
    assert_eq!(legal("d3-d5"), "d4-d5/2");
    assert_eq!(legal("d4-d5"), "d4-d5");
    assert_eq!(legal("d2xd7"), "d4-d7/3");
    assert_eq!(legal("D2 X D7"), "d4-d7/3");
    assert_eq!(legal("d2-d7"), "d4-d7/3");
    assert_eq!(legal("d2-d1"), "d2-d1");
    assert_eq!(legal("d4-d1"), "d2-d1/3");
    let m: Move = "d4-d7/3".parse().unwrap();
    assert_eq!(write(game.as_ref(), &m), "d2xd7");
    let m: Move = "d2-d1/3".parse().unwrap();
    assert_eq!(write(game.as_ref(), &m), "d4-d1");
}

#[test]
fn refusals_name_the_games_rule_and_the_closest_legal_moves() {
    // Clauses EP-N.1.4 (the notation page).
    let game = example();
    let refused = |text: &str| match read(game.as_ref(), text) {
        Resolved::Refused(r) => r,
        Resolved::Legal { action } => panic!("{text} read as legal {action}"),
    };
    let rule = |text: &str| {
        refused(text)
            .rule
            .map(|r| r.to_string())
            .unwrap_or_default()
    };
    // Two stones go at most two squares.
    let r = refused("d3-d7");
    assert_eq!(
        r.rule.map(|c| c.to_string()).as_deref(),
        Some("phalanx.too-far")
    );
    assert_eq!(r.clause, "EP-3.2");
    assert!(
        r.closest.iter().all(|c| !c.contains('/')),
        "{:?}",
        r.closest
    );
    assert!(!r.closest.is_empty());
    // Not on a line; no stone; the opponent's stone; inside the phalanx.
    assert_eq!(rule("d2-e4"), "play.not-a-line");
    assert_eq!(rule("a1-a2"), "play.no-stone");
    assert_eq!(rule("d7-d6"), "play.opponent-stone");
    assert_eq!(rule("d2-d3"), "phalanx.own-stone");
    // A lone stone goes one square, capture or not.
    assert_eq!(rule("d4xd7"), "phalanx.too-far");
    // Not a move: the notation's own clause, no rule.
    for bad in ["d2d5", "d2-", "zz-d5", "e5", ""] {
        let r = refused(bad);
        assert_eq!(r.rule, None, "{bad}");
        assert!(r.clause.starts_with("EP-N.1."), "{bad}: {}", r.clause);
        assert!(!r.closest.is_empty(), "{bad}");
    }
    assert!(refused("e5").why.contains("stones"));
    // The wire spelling with a count keeps its wire meaning: d2-d5/3 is
    // the rear stone named as a front, refused as on the wire.
    assert_eq!(rule("d2-d5/3"), "phalanx.count");
}

/// Under `phalanx.split=whole-line`, a move picked from the middle of a
/// line reads as the front part and is refused by the game.
#[test]
fn a_front_part_under_whole_line_is_the_games_refusal() {
    let setup = Setup {
        size: Size::Small,
        white: vec![sq("d2"), sq("d3"), sq("d4")],
        black: vec![sq("g8")],
        to_move: Side::White,
    };
    let profile = Profile::parse("seed-003+phalanx.split=whole-line").unwrap();
    let game = start(&setup, &profile);
    match read(game.as_ref(), "d3-d5") {
        Resolved::Refused(r) => {
            assert_eq!(
                r.rule.map(|c| c.to_string()).as_deref(),
                Some("phalanx.count")
            );
            assert_eq!(r.clause, "EP-3.3");
        }
        Resolved::Legal { action } => panic!("read as legal {action}"),
    }
    assert!(matches!(
        read(game.as_ref(), "d2-d5"),
        Resolved::Legal { .. }
    ));
}
