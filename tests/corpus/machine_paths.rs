//! Committed pages record commands and runs without one machine's paths:
//! no absolute path of a home or work directory, and no work directory
//! beside the checkout that only one machine had (`docs/fuzzing.md`
//! recorded its runs in `../fz`, `../fzb` and `../tmp`: issue 42). A run
//! names its work directory `WORKDIR`.

use std::path::Path;

use crate::common;

/// What a machine's own path starts with. Built from parts, so that this
/// file does not hold one itself.
fn machine_prefixes() -> Vec<String> {
    let mut out: Vec<String> = ["work", "home", "root", "Users", "tmp"]
        .iter()
        .map(|d| format!("/{d}/"))
        .collect();
    out.extend(["fz", "fzb", "tmp"].iter().map(|d| format!("../{d}/")));
    out
}

/// The Markdown files of the repository: its root's and those under its
/// folders of pages and code (not build output).
fn pages() -> Vec<String> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for e in entries.flatten() {
            let path = e.path();
            let name = e.file_name().to_string_lossy().into_owned();
            if path.is_dir() {
                if !(name.starts_with('.') || name == "target" || name == "node_modules") {
                    walk(root, &path, out);
                }
            } else if name.ends_with(".md") {
                let rel = path.strip_prefix(root).unwrap_or(&path);
                out.push(rel.display().to_string());
            }
        }
    }
    let root = common::repo("");
    let mut out = Vec::new();
    walk(&root, &root, &mut out);
    out.sort();
    out
}

#[test]
fn no_page_names_one_machines_paths() {
    let pages = pages();
    assert!(
        pages.iter().any(|p| p == "docs/fuzzing.md"),
        "git lists the pages: {pages:?}"
    );
    let mut found = Vec::new();
    for page in &pages {
        let Ok(text) = std::fs::read_to_string(common::repo(page)) else {
            continue;
        };
        for (n, line) in text.lines().enumerate() {
            for prefix in machine_prefixes() {
                // A path starts the line or follows a space, a quote, a
                // bracket or `=`.
                let starts = line.match_indices(&prefix).any(|(i, _)| {
                    i == 0
                        || line[..i]
                            .chars()
                            .next_back()
                            .is_some_and(|c| " `'\"(=".contains(c))
                });
                if starts {
                    found.push(format!("{page}:{}: {prefix}", n + 1));
                }
            }
        }
    }
    assert!(found.is_empty(), "one machine's paths: {found:#?}");
    assert!(Path::new(&common::repo("docs/fuzzing.md")).exists());
}
