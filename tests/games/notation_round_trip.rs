//! Every notation of every game (`spec/<game>/notation.md`), written and
//! read back: along random games from the game's battery setups, every
//! legal action of every position is written in each notation and read
//! back (`rules::notation::resolve`) as that action. A game without a
//! notation passes trivially; a game that declares one is held to it.

use arbiter::rules::notation::{Resolved, resolve, spell};
use arbiter::rules::{Basics, Rules};

/// Positions visited per setup, and setups per game: enough to meet
/// captures, promotions, crownings, bear-offs and the end, cheap in debug.
const PLIES: usize = 40;
const SETUPS: u64 = 3;

fn round_trip<G: Rules>() {
    if G::NOTATIONS.is_empty() {
        return;
    }
    let mut checked = 0usize;
    let mut failures = Vec::new();
    for seed in 0..SETUPS {
        let Some((setup, profile)) = G::battery_case(seed) else {
            break;
        };
        let Ok(mut game) = G::reference().start(&setup, &profile) else {
            continue;
        };
        let mut rng = arbiter::rng::SplitMix(0xC0DE ^ seed);
        for _ in 0..PLIES {
            let legal = game.legal_actions();
            if legal.is_empty() {
                break;
            }
            for n in G::NOTATIONS {
                for a in &legal {
                    let text = spell::<G>(Some(n.name), &*game, a);
                    match resolve::<G>(Some(n.name), &*game, &text) {
                        Resolved::Legal { action } if action == *a => checked += 1,
                        Resolved::Legal { action } => failures.push(format!(
                            "{} {}: {a} written `{text}` reads as {action}",
                            G::NAME,
                            n.name
                        )),
                        Resolved::Refused(r) => failures.push(format!(
                            "{} {}: {a} written `{text}` is refused: {r}",
                            G::NAME,
                            n.name
                        )),
                    }
                }
            }
            let a = legal[rng.pick(legal.len())].clone();
            game.play(&a).expect("a legal action plays");
        }
    }
    failures.truncate(10);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked > 0, "{}: no action was written", G::NAME);
}

arbiter::each_game_test!(every_legal_action_reads_back_from_each_notation => round_trip);

/// Every game of the registry has a notation page among its spec files,
/// and each notation and record format it declares names a clause of it.
fn notation_page<G: Rules>() {
    let Some((_, page)) = G::SPEC_FILES
        .iter()
        .find(|(p, _)| p.ends_with("notation.md"))
    else {
        panic!(
            "{}: no spec/{}/notation.md among its spec files",
            G::NAME,
            G::NAME
        )
    };
    for clause in G::NOTATIONS
        .iter()
        .map(|n| n.clause)
        .chain(G::RECORD_FORMATS.iter().map(|f| f.clause))
    {
        assert!(
            page.contains(&format!("**{clause}**")),
            "{}: clause {clause} is not on the notation page",
            G::NAME
        );
    }
    let _ = <G as Basics>::NAME;
}

arbiter::each_game_test!(every_game_has_a_notation_page_with_its_clauses => notation_page);
