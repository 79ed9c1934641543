//! The standard's lock: what an engine pins when it pins a version of
//! arbiter. One line per thing an engine must do: every scenario file, every
//! clause and ruling (a clause's whole paragraph), every built-in profile's
//! switch values, and the protocol's pages and schema, each with a digest of
//! its text. `spec/standard.lock` holds the lines of the version in
//! `Cargo.toml`; a test compares them with the tree and fails on any change
//! that `CHANGELOG.md` does not name in that version's section, so what an
//! engine must do never changes silently (`docs/conformance.md`,
//! "Pinning a version").

use std::collections::BTreeMap;
use std::path::Path;

use crate::games::{self, Visit};
use crate::rules::Rules;

use super::any::load_all;
use super::clauses::is_clause_id;

/// The version of the standard: the corpus, the protocol and the rulings.
/// It is the crate's version; `hello`, `arbiter --version` and every report
/// state it.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The lock's path in the repository.
pub const FILE: &str = "spec/standard.lock";

/// One locked thing: its key (`scenario chess:draws/claim-mate`), what
/// `CHANGELOG.md` must write to name it (`draws/claim-mate`), and the
/// digest of its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    /// The kind and name, unique in a lock.
    pub key: String,
    /// How a changelog entry names it.
    pub mention: String,
    /// FNV-1a (64 bits) of its text, in hex.
    pub digest: String,
}

/// A 64-bit FNV-1a digest: stable across platforms and Rust versions, which
/// a lock committed to the repository needs (and no secret is at stake).
pub fn digest(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// The clauses of a spec text with the paragraph each opens: from its
/// defining line (`**CH-9.4** …`) to the next clause's, or a heading.
fn clause_blocks(text: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    let mut open = false;
    for line in text.lines() {
        let t = line.trim_start();
        let id = t
            .strip_prefix("**")
            .and_then(|r| r.split_once("**"))
            .map(|(id, _)| id)
            .filter(|id| is_clause_id(id));
        if let Some(id) = id {
            out.push((id.to_string(), String::new()));
            open = true;
        } else if t.starts_with('#') {
            open = false;
        }
        if open && let Some((_, block)) = out.last_mut() {
            block.push_str(line.trim_end());
            block.push('\n');
        }
    }
    out
}

/// The lock of the tree under `root`, sorted by key.
pub fn compute(root: &Path) -> Result<Vec<Item>, String> {
    let mut items = BTreeMap::new();
    let mut add = |key: String, mention: String, text: &[u8]| {
        items.insert(
            key.clone(),
            Item {
                key,
                mention,
                digest: digest(text),
            },
        );
    };
    let (scenarios, errors) = load_all(&[root.join("scenarios")]);
    if let Some(e) = errors.first() {
        return Err(format!("the corpus does not load: {e}"));
    }
    for s in &scenarios {
        let text = std::fs::read(s.path()).map_err(|e| format!("{}: {e}", s.path().display()))?;
        add(
            format!("scenario {}", s.qualified_id()),
            s.id().to_string(),
            &text,
        );
    }
    struct Specs;
    impl Visit for Specs {
        type Out = (&'static str, &'static [(&'static str, &'static str)]);
        fn visit<G: Rules>(&mut self) -> Self::Out {
            (G::NAME, G::SPEC_FILES)
        }
    }
    for (game, files) in games::each(&mut Specs) {
        for (_, text) in files {
            for (id, block) in clause_blocks(text) {
                add(format!("clause {game} {id}"), id, block.as_bytes());
            }
        }
    }
    for about in games::all() {
        let described = (about.profiles)();
        let switches = described["switches"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        for s in &switches {
            let name = s["switch"].as_str().unwrap_or_default();
            // What a switch is: its values and what it allows (not its
            // description's words).
            let shape = serde_json::json!({"allowed": s["allowed"], "values": s["values"]});
            add(
                format!("switch {} {name}", about.name),
                name.to_string(),
                shape.to_string().as_bytes(),
            );
        }
        for p in about.profile_names {
            let values: Vec<_> = switches
                .iter()
                .map(|s| (s["switch"].clone(), s["values"][p].clone()))
                .collect();
            add(
                format!("profile {} {p}", about.name),
                p.to_string(),
                serde_json::json!(values).to_string().as_bytes(),
            );
        }
        let page = format!("spec/{}/protocol.md", about.name);
        if let Ok(text) = std::fs::read(root.join(&page)) {
            add(format!("page {page}"), page, &text);
        }
    }
    let page = "spec/protocol.md";
    let text = std::fs::read(root.join(page)).map_err(|e| format!("{page}: {e}"))?;
    add(format!("page {page}"), page.to_string(), &text);
    // The schemas are generated from the registry: each game's part is
    // locked as the game's (so a new game's part is one of its additions,
    // and adding it changes no other item), the rest as the page.
    let names = games::names();
    for page in ["spec/protocol.schema.json", "spec/scenario.schema.json"] {
        let text = std::fs::read_to_string(root.join(page)).map_err(|e| format!("{page}: {e}"))?;
        let schema: serde_json::Value =
            serde_json::from_str(&text).map_err(|e| format!("{page}: {e}"))?;
        for (game, part) in schema_parts(&schema, &names) {
            let key = match game {
                Some(g) => format!("schema {g} {page}"),
                None => format!("page {page}"),
            };
            add(key, page.to_string(), part.to_string().as_bytes());
        }
    }
    Ok(items.into_values().collect())
}

/// A generated schema split into what each game owns and the rest: each
/// game's part is its `$defs/<game>-…` entries, the rest is the document
/// without them; both with every `$ref` replaced by what it names, so that
/// the numbered names the generator gives shared type names (`Outcome3`)
/// and the list of games leave no trace.
pub fn schema_parts(
    schema: &serde_json::Value,
    games: &[&str],
) -> Vec<(Option<String>, serde_json::Value)> {
    use serde_json::Value;
    let empty = serde_json::Map::new();
    let defs = schema
        .get("$defs")
        .and_then(Value::as_object)
        .unwrap_or(&empty);
    let owner = |name: &str| {
        games
            .iter()
            .find(|g| name.strip_prefix(**g).is_some_and(|r| r.starts_with('-')))
            .copied()
    };
    /// `v` with every `$ref` replaced by what it names; with `rest`, a
    /// `$ref` to a game's part is left out instead (with the array entry
    /// that holds it).
    fn resolve(
        v: &Value,
        defs: &serde_json::Map<String, Value>,
        owned: &dyn Fn(&str) -> bool,
        rest: bool,
        stack: &mut Vec<String>,
    ) -> Option<Value> {
        match v {
            Value::Object(map) => {
                if let Some(Value::String(r)) = map.get("$ref")
                    && let Some(name) = r.strip_prefix("#/$defs/")
                {
                    if rest && owned(name) {
                        return None;
                    }
                    if stack.iter().any(|s| s == name) {
                        return Some(Value::String("(recursive)".into()));
                    }
                    stack.push(name.to_string());
                    let out = defs
                        .get(name)
                        .and_then(|d| resolve(d, defs, owned, rest, stack));
                    stack.pop();
                    return out;
                }
                Some(Value::Object(
                    map.iter()
                        .filter(|(k, _)| *k != "$defs")
                        .filter_map(|(k, v)| {
                            resolve(v, defs, owned, rest, stack).map(|v| (k.clone(), v))
                        })
                        .collect(),
                ))
            }
            Value::Array(items) => Some(Value::Array(
                items
                    .iter()
                    .filter_map(|v| resolve(v, defs, owned, rest, stack))
                    .collect(),
            )),
            other => Some(other.clone()),
        }
    }
    let owned = |name: &str| owner(name).is_some();
    let mut out = Vec::new();
    for game in games {
        let mut part = serde_json::Map::new();
        for (name, def) in defs.iter().filter(|(n, _)| owner(n) == Some(game)) {
            let mut stack = vec![name.clone()];
            if let Some(v) = resolve(def, defs, &owned, false, &mut stack) {
                part.insert(name.clone(), v);
            }
        }
        out.push((Some(game.to_string()), Value::Object(part)));
    }
    let rest = resolve(schema, defs, &owned, true, &mut Vec::new()).unwrap_or(Value::Null);
    out.push((None, rest));
    out
}

/// The lock as its file writes it.
pub fn render(items: &[Item]) -> String {
    let mut out = format!(
        "# What an engine pins with a version of arbiter: each scenario, clause,\n\
         # switch, profile and protocol page, with a digest of its text. A change\n\
         # needs an entry in CHANGELOG.md that names it; then\n\
         # `ARBITER_BLESS=1 cargo test --lib scenario::lock` rewrites this file.\n\
         version {VERSION}\n"
    );
    for i in items {
        out.push_str(&format!("{} {}\n", i.key, i.digest));
    }
    out
}

/// The game an item's key belongs to: `scenario chess:draws/x`,
/// `clause chess CH-1.1`, `switch chess …`, `profile chess …`, `page
/// spec/chess/protocol.md`; `None` for a page of no game.
pub fn game_of(key: &str) -> Option<&str> {
    let (kind, rest) = key.split_once(' ')?;
    match kind {
        "scenario" => rest.split_once(':').map(|(g, _)| g),
        "page" => rest.strip_prefix("spec/")?.split_once('/').map(|(g, _)| g),
        _ => rest.split_once(' ').map(|(g, _)| g),
    }
}

/// Whether the key `added` belongs to a game the lock has no item of and
/// that `section` announces as `new game `<game>``: a new game's
/// scenarios, clauses, switches and profiles are one entry, not one each.
pub fn added_with_a_new_game(
    locked: &BTreeMap<String, String>,
    section: &str,
    added: &str,
) -> bool {
    let Some(game) = game_of(added) else {
        return false;
    };
    !locked.contains_key(added)
        && !locked.keys().any(|k| game_of(k) == Some(game))
        && section.contains(&format!("new game `{game}`"))
}

/// Reads a lock file: its version and its `key → digest`.
pub fn read(text: &str) -> (Option<String>, BTreeMap<String, String>) {
    let mut version = None;
    let mut items = BTreeMap::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        if let Some(v) = line.strip_prefix("version ") {
            version = Some(v.trim().to_string());
        } else if let Some((key, digest)) = line.rsplit_once(' ') {
            items.insert(key.to_string(), digest.to_string());
        }
    }
    (version, items)
}

/// The section of `changelog` headed with `version` (`## 0.2.0 …`): the
/// entries of the version being written.
pub fn section(changelog: &str, version: &str) -> Option<String> {
    let head = format!("## {version}");
    let mut lines = changelog
        .lines()
        .skip_while(|l| *l != head && !l.starts_with(&format!("{head} ")));
    lines.next()?;
    Some(
        lines
            .take_while(|l| !l.starts_with("## "))
            .collect::<Vec<_>>()
            .join("\n"),
    )
}

/// What differs between the lock `locked` and the tree's `items`: each
/// item added, changed or removed, with how a changelog names it.
pub fn changes(locked: &BTreeMap<String, String>, items: &[Item]) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let now: BTreeMap<&str, &Item> = items.iter().map(|i| (i.key.as_str(), i)).collect();
    for i in items {
        match locked.get(&i.key) {
            None => out.push((format!("added: {}", i.key), i.mention.clone())),
            Some(d) if *d != i.digest => {
                out.push((format!("changed: {}", i.key), i.mention.clone()))
            }
            Some(_) => {}
        }
    }
    for key in locked.keys() {
        if !now.contains_key(key.as_str()) {
            let mention = key.rsplit(' ').next().unwrap_or(key);
            let mention = mention.rsplit(':').next().unwrap_or(mention);
            out.push((format!("removed: {key}"), mention.to_string()));
        }
    }
    out
}

/// Whether `section` names `mention` as a whole word (in backquotes or
/// not): `draws/claim` does not name `draws/claim-mate`.
pub fn names(section: &str, mention: &str) -> bool {
    section.match_indices(mention).any(|(i, _)| {
        let before = section[..i].chars().next_back();
        let after = section[i + mention.len()..].chars().next();
        let word = |c: Option<char>| {
            c.is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '/' | '_' | '.'))
        };
        // A full stop after the name ends a sentence, not the name.
        let ends = after == Some('.') || !word(after);
        !word(before) && ends
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root() -> &'static Path {
        Path::new(env!("CARGO_MANIFEST_DIR"))
    }

    /// The committed lock is the tree's, for the crate's version; a change
    /// to what an engine must do is named in that version's section of
    /// `CHANGELOG.md` before the lock may be rewritten
    /// (`ARBITER_BLESS=1`).
    #[test]
    fn the_lock_is_current_and_every_change_is_in_the_changelog() {
        let items = compute(root()).expect("the tree's lock");
        let text = std::fs::read_to_string(root().join(FILE)).unwrap_or_default();
        let (version, locked) = read(&text);
        let changelog = std::fs::read_to_string(root().join("CHANGELOG.md")).expect("CHANGELOG.md");
        let section = section(&changelog, VERSION)
            .unwrap_or_else(|| panic!("CHANGELOG.md has no section `## {VERSION}`"));
        // No lock yet: the first bless writes the baseline.
        let baseline = locked.is_empty();
        let new_game = |what: &str| {
            what.strip_prefix("added: ")
                .is_some_and(|key| added_with_a_new_game(&locked, &section, key))
        };
        let unlogged: Vec<String> = changes(&locked, &items)
            .into_iter()
            .filter(|(what, mention)| !baseline && !names(&section, mention) && !new_game(what))
            .map(|(what, mention)| format!("{what} (name `{mention}`)"))
            .collect();
        // A lock of an older version is the previous release: everything
        // since must be logged under the new version.
        assert!(
            unlogged.is_empty(),
            "changed without an entry in CHANGELOG.md's `## {VERSION}` section:\n  {}",
            unlogged.join("\n  ")
        );
        let fresh = render(&items);
        if std::env::var_os("ARBITER_BLESS").is_some() {
            std::fs::write(root().join(FILE), &fresh).expect("write the lock");
            return;
        }
        assert_eq!(
            version.as_deref(),
            Some(VERSION),
            "{FILE} was written for another version: bless it (ARBITER_BLESS=1)"
        );
        assert!(
            text == fresh,
            "{FILE} is stale (the changelog names every change): ARBITER_BLESS=1 cargo test --lib scenario::lock"
        );
    }

    #[test]
    fn a_new_game_is_one_entry_and_only_for_its_additions() {
        assert_eq!(game_of("scenario chess:draws/x"), Some("chess"));
        assert_eq!(game_of("clause nim NI-1.1"), Some("nim"));
        assert_eq!(game_of("page spec/nim/protocol.md"), Some("nim"));
        assert_eq!(game_of("page spec/protocol.md"), None);
        let locked: BTreeMap<String, String> =
            [("clause chess CH-1.1".to_string(), "a".to_string())].into();
        let section = "- new game `nim`: its scenarios, clauses and profiles.";
        assert!(added_with_a_new_game(
            &locked,
            section,
            "scenario nim:basics/take"
        ));
        assert!(added_with_a_new_game(&locked, section, "clause nim NI-1.1"));
        // Not a game the lock knows, nor one the section does not announce.
        assert!(!added_with_a_new_game(
            &locked,
            section,
            "clause chess CH-1.2"
        ));
        assert!(!added_with_a_new_game(
            &locked,
            "- `nim` notes",
            "clause nim NI-1.1"
        ));
    }

    #[test]
    fn a_change_is_named_only_by_its_whole_name() {
        assert!(names("- `draws/claim-mate`: new", "draws/claim-mate"));
        assert!(names("CH-9.4 now says.", "CH-9.4"));
        assert!(!names("- `draws/claim-mate`: new", "draws/claim"));
        assert!(!names("CH-9.41", "CH-9.4"));
        assert!(!names("", "CH-9.4"));
    }

    #[test]
    fn a_clause_block_runs_to_the_next_clause_or_heading() {
        let text = "# R\n**CH-1.1** one\nmore\n\n**CH-1.2** two\n## Next\nnot it\n";
        let b = clause_blocks(text);
        assert_eq!(b.len(), 2);
        assert_eq!(
            b[0],
            ("CH-1.1".to_string(), "**CH-1.1** one\nmore\n\n".to_string())
        );
        assert_eq!(b[1], ("CH-1.2".to_string(), "**CH-1.2** two\n".to_string()));
    }

    #[test]
    fn a_change_a_removal_and_an_addition_are_each_found() {
        let item = |key: &str, d: &str| Item {
            key: key.into(),
            mention: key.rsplit(' ').next().unwrap().into(),
            digest: d.into(),
        };
        let locked: BTreeMap<String, String> = [
            ("clause chess CH-1.1".to_string(), "a".to_string()),
            ("clause chess CH-1.2".to_string(), "b".to_string()),
        ]
        .into();
        let now = [
            item("clause chess CH-1.1", "z"),
            item("clause chess CH-1.3", "c"),
        ];
        let found: Vec<String> = changes(&locked, &now).into_iter().map(|c| c.1).collect();
        assert_eq!(found, ["CH-1.1", "CH-1.3", "CH-1.2"]);
    }
}
