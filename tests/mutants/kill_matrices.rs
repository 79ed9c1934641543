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
/// for the mutant's base profile: those runs are not compared.
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
                .any(|s| engine.supports(&s.setup, &mutated).is_err());
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

/// The three tests for one game. The matrix is computed once per game (the
/// reference's runs dominate this file's time).
macro_rules! kill_matrix {
    ($game:ident, $rules:ty, $engine:expr, min_rows: $rows:expr, min_failing: $failing:expr,
     declined: [$($declined:literal),*]) => {
        mod $game {
            use super::*;

            fn computed() -> &'static Computed {
                static COMPUTED: OnceLock<Computed> = OnceLock::new();
                COMPUTED.get_or_init(|| compute::<$rules>(stringify!($game), Some(&$engine)))
            }

            #[test]
            fn every_mutant_is_killed() {
                assert_every_mutant_killed(&computed().0, $rows);
            }

            #[test]
            fn committed_matrix_is_current() {
                assert_matrix_current(&computed().0, stringify!($game));
            }

            #[test]
            fn engine_fails_every_mutant_run_like_the_reference() {
                assert_engine_fails_like_the_reference(computed(), $failing);
            }

            /// The engine plays every mutant but the ones listed, so the
            /// comparison above covers the rest.
            #[test]
            fn engine_declines_only_the_listed_mutants() {
                let want: Vec<&str> = vec![$($declined),*];
                assert_eq!(declined::<$rules>(stringify!($game), &$engine), want);
            }
        }
    };
}

// Stratego: the engine declines the fault that ends the game for the player
// who has just moved (`src/games/stratego/engine/mod.rs` says why).
kill_matrix!(stratego, arbiter::games::stratego::game::Stratego,
    arbiter::games::stratego::engine::Engine, min_rows: 80, min_failing: 100,
    declined: ["end-mover-immobile-loses"]);
// Dame: 20 mutants; those a profile cannot tell apart are left out
// (`observably_equal`), which leaves 19 on seed-004, 14 on damenspiel and 11
// on english.
kill_matrix!(dame, arbiter::games::dame::game::Dame,
    arbiter::games::dame::engine::Engine, min_rows: 35, min_failing: 50, declined: []);
kill_matrix!(chess, arbiter::games::chess::game::Chess,
    arbiter::games::chess::engine::Engine, min_rows: 50, min_failing: 50, declined: []);
kill_matrix!(epaminondas, arbiter::games::epaminondas::game::Epaminondas,
    arbiter::games::epaminondas::engine::Engine, min_rows: 50, min_failing: 100, declined: []);
// Backgammon: the engine declines the two faults that stop a checker on a
// closed point on its way (`src/games/backgammon/engine/mod.rs` says why).
kill_matrix!(backgammon, arbiter::games::backgammon::game::Backgammon,
    arbiter::games::backgammon::engine::Engine, min_rows: 50, min_failing: 50,
    declined: ["bg-enter-with-sum", "bg-skip-intermediate"]);

/// `kill::survivors` (the readings half of the mutation runs' test, which
/// stops each mutant at its first killing scenario) names exactly the rows
/// the full matrix leaves unkilled. On the whole corpus both are empty, so
/// the check runs on a cut of it: the first dozen Dame scenarios by id,
/// which leave some mutants alive.
#[test]
fn survivors_are_the_matrix_rows_left_unkilled() {
    use arbiter::games::dame::game::Dame;
    use arbiter::scenario::kill::{matrix, survivors};
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenarios/dame");
    let (loaded, errors) = load_all(&[root]);
    assert!(errors.is_empty(), "{errors:?}");
    let mut all = of_game::<Dame>(&loaded);
    all.sort_by(|a, b| a.id.cmp(&b.id));
    let cut = &all[..12];
    let from_matrix: Vec<String> = matrix(cut)
        .iter()
        .filter(|r| !r.killed())
        .map(|r| format!("{} on {}", r.mutant.name, r.base))
        .collect();
    assert!(
        !from_matrix.is_empty(),
        "the cut kills every mutant: the comparison would show nothing"
    );
    assert_eq!(survivors(cut), from_matrix);
}
