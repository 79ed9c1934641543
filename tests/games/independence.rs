//! Reference and engine share data types, never rule logic: a bug must not
//! be able to hide in both. This test reads each game's `reference/` and
//! `engine/` sources and fails when they hold the same run of
//! `MIN_RUN` or more consecutive lines, after normalizing (comments, blank
//! lines, `use` lines and lone punctuation are passed over; white space is
//! folded). The few runs that may stand in both are in `ALLOWED`, each with
//! its reason.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// How many consecutive shared lines make a copy.
const MIN_RUN: usize = 6;

/// Runs allowed in both, by game and the first normalized line of the run,
/// each with why it is not shared rule logic.
const ALLOWED: &[(&str, &str, &str)] = &[];

/// One source line kept for comparison: where it stands and its normal form.
#[derive(Clone, Debug)]
struct Line {
    file: PathBuf,
    number: usize,
    text: String,
}

/// The normal form of a line: `None` for what carries no logic.
fn normalize(raw: &str, in_block_comment: &mut bool) -> Option<String> {
    let mut s = raw.trim().to_string();
    if *in_block_comment {
        match s.find("*/") {
            Some(i) => {
                *in_block_comment = false;
                s = s[i + 2..].trim().to_string();
            }
            None => return None,
        }
    }
    if let Some(i) = s.find("/*")
        && !s[..i].contains('"')
    {
        if let Some(j) = s[i..].find("*/") {
            s = format!("{}{}", &s[..i], &s[i + j + 2..]);
        } else {
            *in_block_comment = true;
            s = s[..i].to_string();
        }
    }
    if let Some(i) = comment_start(&s) {
        s.truncate(i);
    }
    let s: String = s.split_whitespace().collect::<Vec<_>>().join(" ");
    if s.is_empty()
        || s.starts_with("use ")
        || s.starts_with("pub use ")
        || s.starts_with("#[")
        || s.chars().all(|c| "{}()[];,.".contains(c) || c == ' ')
    {
        return None;
    }
    Some(s)
}

/// Where a `//` comment starts, outside string literals.
fn comment_start(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    let mut in_str = false;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' if in_str => i += 1,
            b'"' => in_str = !in_str,
            b'/' if !in_str && b.get(i + 1) == Some(&b'/') => return Some(i),
            _ => {}
        }
        i += 1;
    }
    None
}

/// The kept lines of every `.rs` file under `dir`, file by file, the unit
/// tests left out (a `#[cfg(test)]` module is checked code, not rule code).
fn lines_of(dir: &Path) -> Vec<Vec<Line>> {
    let mut files = Vec::new();
    collect(dir, &mut files);
    files.sort();
    files
        .into_iter()
        .map(|f| {
            let text = std::fs::read_to_string(&f).unwrap();
            let text = match text.find("#[cfg(test)]\nmod ") {
                Some(i) => &text[..i],
                None => &text[..],
            };
            let mut block = false;
            text.lines()
                .enumerate()
                .filter_map(|(n, raw)| {
                    normalize(raw, &mut block).map(|t| Line {
                        file: f.clone(),
                        number: n + 1,
                        text: t,
                    })
                })
                .collect()
        })
        .collect()
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// Every maximal run of at least `MIN_RUN` lines that stands in both `a`
/// and `b`: (where in a, where in b, its length).
fn shared_runs(a: &[Vec<Line>], b: &[Vec<Line>]) -> Vec<(Line, Line, usize, String)> {
    let mut index: HashMap<&[String], Vec<(usize, usize)>> = HashMap::new();
    let texts_b: Vec<Vec<String>> = b
        .iter()
        .map(|f| f.iter().map(|l| l.text.clone()).collect())
        .collect();
    for (fi, f) in texts_b.iter().enumerate() {
        for i in 0..f.len().saturating_sub(MIN_RUN - 1) {
            index.entry(&f[i..i + MIN_RUN]).or_default().push((fi, i));
        }
    }
    let mut out = Vec::new();
    for fa in a {
        let ta: Vec<String> = fa.iter().map(|l| l.text.clone()).collect();
        let mut i = 0;
        while i + MIN_RUN <= ta.len() {
            let Some(places) = index.get(&ta[i..i + MIN_RUN]) else {
                i += 1;
                continue;
            };
            // The longest run from here over every place it stands in b.
            let (mut best, mut at) = (0, places[0]);
            for &(fi, j) in places {
                let fb = &texts_b[fi];
                let mut n = 0;
                while i + n < ta.len() && j + n < fb.len() && ta[i + n] == fb[j + n] {
                    n += 1;
                }
                if n > best {
                    best = n;
                    at = (fi, j);
                }
            }
            out.push((fa[i].clone(), b[at.0][at.1].clone(), best, ta[i].clone()));
            i += best;
        }
    }
    out
}

#[test]
fn no_game_shares_rule_code_between_reference_and_engine() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/games");
    let mut report = String::new();
    let mut used = vec![false; ALLOWED.len()];
    let mut games: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.join("reference").is_dir() && p.join("engine").is_dir())
        .collect();
    games.sort();
    assert!(games.len() >= 5, "found only {games:?}");
    for g in &games {
        let name = g.file_name().unwrap().to_string_lossy().to_string();
        let runs = shared_runs(
            &lines_of(&g.join("engine")),
            &lines_of(&g.join("reference")),
        );
        for (e, r, n, first) in runs {
            if let Some(k) = ALLOWED
                .iter()
                .position(|(game, line, _)| *game == name && *line == first)
            {
                used[k] = true;
                continue;
            }
            report.push_str(&format!(
                "{}:{} ~ {}:{} ({n} lines, from `{first}`)\n",
                e.file.strip_prefix(&root).unwrap().display(),
                e.number,
                r.file.strip_prefix(&root).unwrap().display(),
                r.number
            ));
        }
    }
    for (k, u) in used.iter().enumerate() {
        assert!(
            u,
            "allow-list entry {:?} matches nothing: remove it",
            ALLOWED[k]
        );
    }
    assert!(
        report.is_empty(),
        "engine and reference share these runs of {MIN_RUN} or more lines (rewrite the engine's side in its own representation):\n{report}"
    );
}

/// The comparison can fail: a run copied into two line lists is found, a
/// shorter one is not.
#[test]
fn a_copied_run_is_found() {
    let mk = |file: &str, texts: &[&str]| -> Vec<Line> {
        texts
            .iter()
            .enumerate()
            .map(|(n, t)| Line {
                file: PathBuf::from(file),
                number: n + 1,
                text: t.to_string(),
            })
            .collect()
    };
    let body: Vec<String> = (0..MIN_RUN).map(|i| format!("let x{i} = {i};")).collect();
    let body: Vec<&str> = body.iter().map(String::as_str).collect();
    let mut a = vec!["fn a() {"];
    a.extend(&body);
    let mut b = vec!["fn b() {", "let y = 1;"];
    b.extend(&body);
    let runs = shared_runs(&[mk("a.rs", &a)], &[mk("b.rs", &b)]);
    assert_eq!(runs.len(), 1);
    assert_eq!(runs[0].2, MIN_RUN);
    assert_eq!((runs[0].0.number, runs[0].1.number), (2, 3));
    let runs = shared_runs(&[mk("a.rs", &a[..MIN_RUN])], &[mk("b.rs", &b)]);
    assert!(runs.is_empty());
}

#[test]
fn comments_and_punctuation_are_passed_over() {
    let mut block = false;
    assert_eq!(normalize("    // a comment", &mut block), None);
    assert_eq!(normalize("  }); ", &mut block), None);
    assert_eq!(
        normalize("let a  =  \"//x\"; // note", &mut block).as_deref(),
        Some("let a = \"//x\";")
    );
    assert_eq!(normalize("/* start", &mut block), None);
    assert!(block);
    assert_eq!(
        normalize("end */ x += 1;", &mut block).as_deref(),
        Some("x += 1;")
    );
}
