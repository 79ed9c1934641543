//! Every game's kill matrix, checked the same way for each:
//!
//! - every mutant (alternative reading or plain bug) of every named profile
//!   is killed by at least one scenario written for that profile; a survivor
//!   means the corpus cannot tell that reading from the rule;
//! - the committed `spec/<game>/kill-matrix.md` is the current matrix
//!   (`cargo run --release -- mutants --game <game> --write`);
//! - where the engine plays every mutant, it fails every scenario run under
//!   a mutant exactly as the reference does, messages included: these are
//!   the positions where each reading changes a verdict.

use std::path::PathBuf;
use std::sync::OnceLock;

use arbiter::rules::{Implementation, Rules};
use arbiter::scenario::any::{load_all, of_game};
use arbiter::scenario::kill::{Row, markdown, matrix_against};

/// The matrix and the engine's departures from the reference.
type Computed = (Vec<Row>, Vec<String>);

fn compute<G: Rules>(game: &str, engine: Option<&dyn Implementation<G>>) -> Computed {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios")
        .join(game);
    let (scenarios, errors) = load_all(&[root]);
    assert!(errors.is_empty(), "{errors:?}");
    matrix_against(&of_game::<G>(&scenarios), engine)
}

fn assert_every_mutant_killed(rows: &[Row], min_rows: usize) {
    assert!(
        rows.len() >= min_rows,
        "only {} mutant rows, expected at least {min_rows}",
        rows.len()
    );
    let survivors: Vec<String> = rows
        .iter()
        .filter(|r| !r.killed())
        .map(|r| format!("{} on {}", r.mutant.name, r.base))
        .collect();
    assert!(
        survivors.is_empty(),
        "surviving mutants: {}\n\n{}",
        survivors.join(", "),
        markdown(rows)
    );
}

fn assert_matrix_current(rows: &[Row], game: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("spec")
        .join(game)
        .join("kill-matrix.md");
    let committed = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{} cannot be read: {e}", path.display()));
    assert!(
        committed.contains(&markdown(rows)),
        "spec/{game}/kill-matrix.md is stale: regenerate it with \
         `cargo run --release -- mutants --game {game} --write`"
    );
}

/// The mutants whose profile `engine` declines on some scenario written
/// for the mutant's base profile: those runs are not compared. A setup the
/// engine declines under the base profile too (a chess setup beyond
/// cozy-chess's board) is the setup's decline, not the mutant's.
fn declined<G: Rules>(game: &str, engine: &dyn Implementation<G>) -> Vec<&'static str> {
    use arbiter::rules::RuleProfile;
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios")
        .join(game);
    let (scenarios, _) = load_all(&[root]);
    let scenarios = of_game::<G>(&scenarios);
    let mut names = Vec::new();
    for name in G::Profile::names() {
        let base = G::Profile::parse(name).unwrap();
        for m in G::MUTANTS {
            let Some(mutated) = m.mutate(&base) else {
                continue;
            };
            let declines = scenarios
                .iter()
                .filter(|s| s.profiles.iter().any(|p| p.name() == base.name()))
                .any(|s| {
                    engine.supports(&s.setup, &mutated).is_err()
                        && engine.supports(&s.setup, &base).is_ok()
                });
            if declines && !names.contains(&m.name) {
                names.push(m.name);
            }
        }
    }
    names
}

fn assert_engine_fails_like_the_reference(computed: &Computed, min_failing: usize) {
    let (rows, departures) = computed;
    assert!(
        departures.is_empty(),
        "the engine departs from the reference: {departures:#?}"
    );
    // The comparison means something only if the mutants make runs fail.
    let failing: usize = rows.iter().map(|r| r.killed_by.len()).sum();
    assert!(
        failing >= min_failing,
        "only {failing} failing runs, expected at least {min_failing}"
    );
    println!("{failing} failing scenario runs under mutants, identical on the engine");
}

/// What each game's matrix must show: at least `min_rows` rows and
/// `min_failing` failing runs under mutants, and the mutants its engine
/// declines (the engine being the game's last implementation).
#[derive(Clone, Copy)]
struct Expect {
    min_rows: usize,
    min_failing: usize,
    declined: &'static [&'static str],
}

const EXPECT: &[(&str, Expect)] = &[
    // Stratego: the engine declines the fault that ends the game for the
    // player who has just moved (`src/games/stratego/engine/mod.rs` says
    // why).
    (
        "stratego",
        Expect {
            min_rows: 80,
            min_failing: 100,
            declined: &["end-mover-immobile-loses"],
        },
    ),
    // Dame: 21 mutants; those a profile cannot tell apart are left out
    // (`observably_equal`), which leaves 19 on seed-004, 14 on damenspiel,
    // 11 on english and 12 on openspiel.
    (
        "dame",
        Expect {
            min_rows: 35,
            min_failing: 50,
            declined: &[],
        },
    ),
    (
        "chess",
        Expect {
            min_rows: 50,
            min_failing: 50,
            declined: &[],
        },
    ),
    (
        "epaminondas",
        Expect {
            min_rows: 50,
            min_failing: 100,
            declined: &[],
        },
    ),
    // Backgammon: the engine declines the two faults that stop a checker on
    // a closed point on its way (`src/games/backgammon/engine/mod.rs` says
    // why).
    (
        "backgammon",
        Expect {
            min_rows: 50,
            min_failing: 50,
            declined: &["bg-enter-with-sum", "bg-skip-intermediate"],
        },
    ),
];

/// The game's engine: its last implementation.
fn engine<G: Rules>() -> &'static dyn Implementation<G> {
    *G::implementations().last().expect("an implementation")
}

/// `G`'s matrix, computed once for the four tests of the game (the
/// reference's runs dominate this file's time).
fn computed<G: Rules>() -> &'static Computed {
    use std::collections::HashMap;
    use std::sync::Mutex;
    static ALL: OnceLock<Mutex<HashMap<&'static str, &'static OnceLock<Computed>>>> =
        OnceLock::new();
    let cell: &'static OnceLock<Computed> = ALL
        .get_or_init(Default::default)
        .lock()
        .unwrap()
        .entry(G::NAME)
        .or_insert_with(|| Box::leak(Box::new(OnceLock::new())));
    cell.get_or_init(|| compute::<G>(G::NAME, Some(engine::<G>())))
}

fn every_mutant_killed<G: Rules>() {
    let want = crate::common::per_game(EXPECT, G::NAME);
    assert_every_mutant_killed(&computed::<G>().0, want.min_rows);
}

fn matrix_current<G: Rules>() {
    assert_matrix_current(&computed::<G>().0, G::NAME);
}

fn engine_fails_like_the_reference<G: Rules>() {
    let want = crate::common::per_game(EXPECT, G::NAME);
    assert_engine_fails_like_the_reference(computed::<G>(), want.min_failing);
}

/// The engine plays every mutant but the ones listed, so the comparison
/// above covers the rest.
fn engine_declines_only_the_listed<G: Rules>() {
    let want = crate::common::per_game(EXPECT, G::NAME);
    assert_eq!(declined::<G>(G::NAME, engine::<G>()), want.declined);
}

arbiter::each_game_test!(every_mutant_is_killed => every_mutant_killed);
arbiter::each_game_test!(committed_matrix_is_current => matrix_current);
arbiter::each_game_test!(engine_fails_every_mutant_run_like_the_reference => engine_fails_like_the_reference);
arbiter::each_game_test!(engine_declines_only_the_listed_mutants => engine_declines_only_the_listed);
