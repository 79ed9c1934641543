//! The per-game tables of the docs, generated from the registry so that no
//! page can forget a game or keep an old count.
//!
//! A page marks each generated block with an HTML comment that names it and
//! a closing one:
//!
//! ```text
//! <!-- generated: games-table -->
//! | game | … |
//! <!-- end -->
//! ```
//!
//! [`refresh`] rewrites every marked block of a page;
//! `tests/corpus/docs_tables.rs` fails when a committed page differs from its
//! refreshed text, and rewrites the pages with `ARBITER_BLESS=1`.

use std::path::Path;

use crate::rules::grouped;
use crate::scenario::any::AnyScenario;
use crate::scenario::clauses::Clause;

/// The pages that hold generated blocks, relative to the repository root.
pub const PAGES: &[&str] = &[
    "README.md",
    "spec/protocol.md",
    "docs/architecture.md",
    "docs/conformance.md",
];

/// The names of the blocks [`block`] can write.
pub const BLOCKS: &[&str] = &["games-table", "capabilities-table", "examples-table"];

const OPEN: &str = "<!-- generated: ";
const END: &str = "<!-- end -->";

/// What the tables say about one game.
#[derive(Clone, Debug)]
pub struct GameFacts {
    /// `stratego`.
    pub name: &'static str,
    /// Where its rules come from.
    pub seed: &'static str,
    /// Clauses of its spec outside `ambiguities.md`.
    pub clauses: usize,
    /// Entries of its `ambiguities.md` (each a clause of its own).
    pub ambiguities: usize,
    /// Scenarios of the game in the corpus.
    pub scenarios: usize,
    /// Its built-in profiles, the default first.
    pub profiles: Vec<&'static str>,
    /// Mutants its kill matrix runs.
    pub mutants: usize,
    /// `judge` and its state fields.
    pub capabilities: Vec<&'static str>,
    /// Its worked adapter's script.
    pub example: &'static str,
    /// Lines of the example's `expected-failures.txt` that name a scenario.
    pub expected_failures: usize,
    /// Its perft figures (`spec/<game>/perft.yaml`): how many, and the
    /// largest count among them (0 when it has none).
    pub perft: (usize, u64),
}

fn is_ambiguity(c: &Clause) -> bool {
    c.is_ambiguity()
}

/// The facts of every registered game, counting its scenarios among
/// `scenarios` and reading example files under `root`.
pub fn facts(scenarios: &[Box<dyn AnyScenario>], root: &Path) -> Vec<GameFacts> {
    crate::games::all()
        .into_iter()
        .map(|g| {
            let clauses = crate::scenario::clauses::of_game(g.name);
            let capabilities = crate::protocol::message::capabilities_named(g.name);
            let example = g.example_adapter;
            let xfail = Path::new(example)
                .parent()
                .map(|d| root.join(d).join("expected-failures.txt"));
            let expected_failures = xfail
                .and_then(|p| std::fs::read_to_string(p).ok())
                .map(|t| {
                    t.lines()
                        .map(|l| l.split('#').next().unwrap_or("").trim())
                        .filter(|l| !l.is_empty())
                        .count()
                })
                .unwrap_or(0);
            GameFacts {
                name: g.name,
                seed: g.seed,
                clauses: clauses.iter().filter(|c| !is_ambiguity(c)).count(),
                ambiguities: clauses.iter().filter(|c| is_ambiguity(c)).count(),
                scenarios: scenarios.iter().filter(|s| s.game() == g.name).count(),
                profiles: g.profile_names.to_vec(),
                mutants: g.mutant_count,
                capabilities,
                example,
                expected_failures,
                perft: perft_facts(root, g.name),
            }
        })
        .collect()
}

/// How many perft figures a game's file holds and the largest count
/// (a file that does not load counts as none: `tests/games/perft_figures.rs`
/// fails on it).
fn perft_facts(root: &Path, g: &str) -> (usize, u64) {
    match crate::perft::load(root, g) {
        Ok(Some(f)) => (f.len(), f.iter().map(|f| f.info().count).max().unwrap_or(0)),
        _ => (0, 0),
    }
}

fn code_list(items: &[&str]) -> String {
    items
        .iter()
        .map(|i| format!("`{i}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn dir_of(path: &str) -> &str {
    path.rsplit_once('/').map_or(path, |(d, _)| d)
}

/// The block `name` for a page at `page` (a path from the repository root:
/// links are written relative to it); `None` for an unknown name.
pub fn block(name: &str, games: &[GameFacts], page: &str) -> Option<String> {
    let up = "../".repeat(page.matches('/').count());
    let mut out = String::new();
    match name {
        "games-table" => {
            out.push_str(
                "| game | source | clauses | ambiguities | scenarios | profiles (default first) | mutants | perft figures | protocol | example adapter |\n\
                 |---|---|--:|--:|--:|---|--:|---|---|---|\n",
            );
            for g in games {
                let n = g.name;
                out.push_str(&format!(
                    "| `{n}` | {} | [{}]({up}spec/{n}/) | [{}]({up}spec/{n}/ambiguities.md) | [{}]({up}scenarios/{n}/) | {} | [{}]({up}spec/{n}/kill-matrix.md) | {} | [`{n}/protocol.md`]({up}spec/{n}/protocol.md) | [`{}`]({up}{}/) |\n",
                    g.seed,
                    g.clauses,
                    g.ambiguities,
                    g.scenarios,
                    code_list(&g.profiles),
                    g.mutants,
                    match g.perft {
                        (0, _) => "none published".to_string(),
                        (k, top) => format!(
                            "[{k}, up to {}]({up}spec/{n}/perft.yaml)",
                            grouped(top)
                        ),
                    },
                    dir_of(g.example),
                    dir_of(g.example),
                ));
            }
        }
        "capabilities-table" => {
            out.push_str("| game | capabilities | spelled in |\n|---|---|---|\n");
            for g in games {
                let n = g.name;
                out.push_str(&format!(
                    "| `{n}` | {} | [`{n}/protocol.md`]({up}spec/{n}/protocol.md) |\n",
                    code_list(&g.capabilities),
                ));
            }
        }
        "examples-table" => {
            out.push_str("| game | example | expected failures | run it |\n|---|---|--:|---|\n");
            for g in games {
                let n = g.name;
                let dir = dir_of(g.example);
                out.push_str(&format!(
                    "| `{n}` | [`{dir}/`]({up}{dir}/) | {} | `arbiter conform --game {n} --mode persistent --xfail {dir}/expected-failures.txt -- python3 {}` |\n",
                    g.expected_failures, g.example,
                ));
            }
        }
        _ => return None,
    }
    Some(out)
}

/// The first `needle` of `text` that starts a line (a marker quoted inside
/// a sentence is not one).
fn line_start_find(text: &str, needle: &str) -> Option<usize> {
    text.match_indices(needle)
        .map(|(i, _)| i)
        .find(|&i| i == 0 || text[..i].ends_with('\n'))
}

/// `text` (the page at `page`) with every marked block rewritten, and the
/// names of the blocks it holds; an error for an unknown block name or a
/// block without its end. Markers count only at the start of a line.
pub fn refresh(
    text: &str,
    games: &[GameFacts],
    page: &str,
) -> Result<(String, Vec<String>), String> {
    let mut out = String::with_capacity(text.len());
    let mut names = Vec::new();
    let mut rest = text;
    while let Some(start) = line_start_find(rest, OPEN) {
        let after_open = start + OPEN.len();
        let Some(close) = rest[after_open..].find("-->") else {
            return Err(format!("{page}: a `{OPEN}` marker is not closed"));
        };
        let name = rest[after_open..after_open + close].trim().to_string();
        let header_end = after_open + close + "-->".len();
        let Some(end) = line_start_find(&rest[header_end..], END) else {
            return Err(format!("{page}: block `{name}` has no `{END}`"));
        };
        let Some(body) = block(&name, games, page) else {
            return Err(format!(
                "{page}: no generated block is called `{name}` (known: {})",
                BLOCKS.join(", ")
            ));
        };
        out.push_str(&rest[..header_end]);
        out.push_str("\n\n");
        out.push_str(&body);
        out.push('\n');
        out.push_str(END);
        rest = &rest[header_end + end + END.len()..];
        names.push(name);
    }
    out.push_str(rest);
    Ok((out, names))
}
