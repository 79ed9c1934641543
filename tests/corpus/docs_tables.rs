//! The per-game tables of `README.md`, `spec/protocol.md`,
//! `docs/architecture.md` and `docs/conformance.md` are generated from the
//! registry (`src/docs.rs`). This fails when a marked block is stale, when
//! a page lost its blocks, or when a game's example adapter is not run by
//! CI; `ARBITER_BLESS=1 cargo test --test corpus docs_tables` rewrites the
//! blocks.

use std::path::{Path, PathBuf};

use arbiter::docs;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn generated_blocks_are_current() {
    let root = root();
    let (scenarios, errors) = arbiter::scenario::any::load_all(&[root.join("scenarios")]);
    assert!(errors.is_empty(), "the corpus loads: {errors:?}");
    let games = docs::facts(&scenarios, &root);
    let bless = std::env::var_os("ARBITER_BLESS").is_some_and(|v| v == "1");
    let mut stale = Vec::new();
    for page in docs::PAGES {
        let path = root.join(page);
        let text = std::fs::read_to_string(&path).expect("a page");
        let (fresh, blocks) = docs::refresh(&text, &games, page).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            blocks
                .iter()
                .any(|b| b == "games-table" || b == "capabilities-table"),
            "{page} has no generated table of the games"
        );
        for g in &games {
            assert!(
                fresh.contains(&format!("`{}`", g.name)),
                "{page} does not name the game `{}`",
                g.name
            );
        }
        if fresh != text {
            if bless {
                std::fs::write(&path, fresh).expect("writable");
            } else {
                stale.push(*page);
            }
        }
    }
    assert!(
        stale.is_empty(),
        "generated blocks are stale in {stale:?}: run `ARBITER_BLESS=1 cargo test --test corpus docs_tables`"
    );
}

/// Every game's example adapter exists, has its expected failures, and is
/// run by CI with them (the examples table says so): `.ci/run` runs each
/// line of `arbiter games --adapters` with the expected failures beside the
/// adapter.
#[test]
fn every_example_adapter_is_run_by_ci() {
    let root = root();
    let ci = std::fs::read_to_string(root.join(".ci/run")).expect(".ci/run");
    assert!(
        ci.contains("games --adapters >")
            && ci.contains(
                "--xfail \"$(dirname \"$adapter\")/expected-failures.txt\" -- python3 \"$adapter\""
            ),
        ".ci/run does not run every line of `arbiter games --adapters` with its expected failures"
    );
    let listed = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["games", "--adapters"])
        .output()
        .expect("arbiter games --adapters");
    let listed = String::from_utf8(listed.stdout).expect("UTF-8");
    for g in arbiter::games::all() {
        let script = g.example_adapter;
        assert!(
            root.join(script).is_file(),
            "{}: {script} is missing",
            g.name
        );
        let dir = Path::new(script).parent().expect("a directory");
        let xfail = dir.join("expected-failures.txt");
        assert!(
            root.join(&xfail).is_file(),
            "{} is missing",
            xfail.display()
        );
        assert!(
            listed.lines().any(|l| l == format!("{}\t{script}", g.name)),
            "`arbiter games --adapters` does not list {script} for {}",
            g.name
        );
    }
}

#[test]
fn an_unknown_or_unclosed_block_is_an_error() {
    let games = docs::facts(&[], &root());
    assert!(
        docs::refresh(
            "<!-- generated: nope -->\n<!-- end -->",
            &games,
            "README.md"
        )
        .is_err()
    );
    assert!(docs::refresh("<!-- generated: games-table -->\n", &games, "README.md").is_err());
    let (once, _) = docs::refresh(
        "a\n<!-- generated: games-table -->\nold\n<!-- end -->\nb",
        &games,
        "README.md",
    )
    .unwrap();
    let (twice, _) = docs::refresh(&once, &games, "README.md").unwrap();
    assert_eq!(once, twice, "refreshing is idempotent");
    assert!(once.starts_with("a\n") && once.ends_with("\nb"));
    for g in &games {
        assert!(once.contains(&format!("`{}`", g.name)));
    }
}

/// The rows of the table that opens section `## heading` of `text`, up to
/// the next heading, that name a game (`| \`stratego\` | …`).
fn game_rows(text: &str, heading: &str) -> Vec<String> {
    let s = text
        .split(&format!("\n## {heading}\n"))
        .nth(1)
        .unwrap_or_else(|| panic!("no `## {heading}` section"));
    let s = s.split("\n## ").next().unwrap_or(s);
    let s = s.split("\n### ").next().unwrap_or(s);
    s.lines()
        .filter(|l| l.starts_with("| `"))
        .map(str::to_string)
        .collect()
}

/// The README's speed table has one row per game of the registry, each
/// with the engine's figure and the peer or reference it was measured
/// beside (`docs/benchmarks.md`, "Side by side with the peers", holds the
/// commands and loads). The figures are measurements, so they are written
/// by hand; this only keeps a new game from being left out.
#[test]
fn the_readme_speed_table_covers_every_game() {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    let rows = game_rows(&readme, "Speed");
    for g in arbiter::games::all() {
        let row = rows
            .iter()
            .find(|r| r.starts_with(&format!("| `{}`", g.name)))
            .unwrap_or_else(|| panic!("the README's speed table has no row for `{}`", g.name));
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        assert!(
            cells.len() >= 6 && cells[1..6].iter().all(|c| !c.is_empty()),
            "the speed row of `{}` has an empty cell: {row}",
            g.name
        );
    }
}

/// The mutation scores: `docs/mutation.md` ("Where it stands") has one row
/// per game of the registry, each row's counts add up to its mutants, its
/// score is (caught + timeout) / (caught + missed + timeout) and its score
/// in scope leaves out the missed mutants its `spec/<game>/mutants.md`
/// argues equivalent or out of scope, and the
/// README's "What the corpus catches" table repeats those rows word for
/// word. The counts are measurements of long runs (the page gives the
/// command and commit of each); this keeps the figures consistent where
/// they are quoted.
#[test]
fn the_mutation_scores_add_up_and_the_readme_quotes_them() {
    let doc = std::fs::read_to_string(root().join("docs/mutation.md")).expect("docs/mutation.md");
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    let rows = game_rows(&doc, "Where it stands");
    let quoted = game_rows(&readme, "What the corpus catches");
    assert_eq!(
        rows, quoted,
        "the README's mutation table differs from docs/mutation.md's"
    );
    for g in arbiter::games::all() {
        let row = rows
            .iter()
            .find(|r| r.starts_with(&format!("| `{}`", g.name)))
            .unwrap_or_else(|| panic!("docs/mutation.md has no score for `{}`", g.name));
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        // | game | commit | mutants | caught | missed | unviable | timeout | score | …
        let n = |i: usize| -> u32 {
            cells[i]
                .replace(',', "")
                .parse()
                .unwrap_or_else(|_| panic!("cell {i} of `{}` is no count: {row}", g.name))
        };
        let (mutants, caught, missed, unviable, timeout) = (n(3), n(4), n(5), n(6), n(7));
        assert_eq!(
            mutants,
            caught + missed + unviable + timeout,
            "the counts of `{}` do not add up: {row}",
            g.name
        );
        let score = f64::from(caught + timeout) * 100.0 / f64::from(caught + missed + timeout);
        assert_eq!(
            cells[8],
            format!("{score:.1} %"),
            "the score of `{}` is not its counts': {row}",
            g.name
        );
        // | … | argued | score in scope | …: the missed mutants that
        // spec/<game>/mutants.md argues equivalent or out of scope.
        let argued = n(9);
        assert!(
            argued <= missed,
            "`{}` argues more than it missed: {row}",
            g.name
        );
        let in_scope =
            f64::from(caught + timeout) * 100.0 / f64::from(caught + missed + timeout - argued);
        assert_eq!(
            cells[10],
            format!("{in_scope:.1} %"),
            "the in-scope score of `{}` is not its counts': {row}",
            g.name
        );
        if missed > 0 {
            assert!(
                root().join(format!("spec/{}/mutants.md", g.name)).exists(),
                "`{}` misses mutants but has no spec/{}/mutants.md accounting for them",
                g.name,
                g.name
            );
        }
    }
}

/// The engines' scores by the corpus alone: `docs/mutation.md` ("Engines
/// by the corpus alone") has one row per game of the registry, and each
/// row's counts add up to its mutants and give its score, (caught +
/// timeout) / (caught + missed + timeout). The counts are measurements of
/// long runs (the page gives each command and commit); this keeps them
/// consistent, and keeps a new game's engine from going unmeasured.
#[test]
fn the_engines_mutation_scores_add_up() {
    let doc = std::fs::read_to_string(root().join("docs/mutation.md")).expect("docs/mutation.md");
    let section = doc
        .split("\n### Engines by the corpus alone\n")
        .nth(1)
        .expect("docs/mutation.md has no `### Engines by the corpus alone` section");
    let section = section.split("\n#").next().unwrap_or(section);
    let rows: Vec<&str> = section.lines().filter(|l| l.starts_with("| `")).collect();
    for g in arbiter::games::all() {
        let row = rows
            .iter()
            .find(|r| r.starts_with(&format!("| `{}`", g.name)))
            .unwrap_or_else(|| panic!("docs/mutation.md has no engine score for `{}`", g.name));
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        // | engine | run | mutants | caught | missed | unviable | timeout | score | in scope |
        let n = |i: usize| -> u32 {
            cells[i]
                .replace(',', "")
                .parse()
                .unwrap_or_else(|_| panic!("cell {i} of `{}` is no count: {row}", g.name))
        };
        let (mutants, caught, missed, unviable, timeout) = (n(3), n(4), n(5), n(6), n(7));
        assert_eq!(
            mutants,
            caught + missed + unviable + timeout,
            "the engine counts of `{}` do not add up: {row}",
            g.name
        );
        let score = f64::from(caught + timeout) * 100.0 / f64::from(caught + missed + timeout);
        assert_eq!(
            cells[8],
            format!("{score:.1} %"),
            "the engine score of `{}` is not its counts': {row}",
            g.name
        );
    }
}
