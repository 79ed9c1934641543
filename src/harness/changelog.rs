//! What `CHANGELOG.md` says, as the harness needs it: the versions, and under
//! each the changed rulings with the clause, ambiguity and scenario ids each
//! entry names. A report names a changed ruling beside a scenario that fails
//! and cites one of those ids, and `--baseline` lists the entries of the
//! versions newer than the baseline's (`docs/conformance.md`, "Regressions
//! against a baseline").

use serde::{Deserialize, Serialize};

use crate::rules::yaml::is_scenario_id;
use crate::scenario::clauses::is_clause_id;

/// The changelog as built into this arbiter.
pub const TEXT: &str = include_str!("../../CHANGELOG.md");

/// One entry of a version's section.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Entry {
    /// The version whose section holds it (`0.2.0`).
    pub version: String,
    /// The subsection (`Changed rulings`, `Added`, `Protocol`, …).
    pub kind: String,
    /// The entry's text, on one line, without its bullet.
    pub text: String,
}

impl Entry {
    /// Whether this entry is under **Changed rulings**.
    pub fn is_ruling(&self) -> bool {
        self.kind.eq_ignore_ascii_case("changed rulings")
    }

    /// The clause and ambiguity ids (`CH-9.4`, `AM-14`) and scenario ids
    /// (`draws/claim-mate`, in backquotes) the entry names.
    pub fn ids(&self) -> Vec<String> {
        let mut out: Vec<String> = self
            .text
            .split(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '/' | '_')))
            .map(|w| w.trim_end_matches('.'))
            .filter(|w| is_clause_id(w) || (w.contains('/') && is_scenario_id(w)))
            .map(str::to_string)
            .collect();
        out.dedup();
        out
    }
}

/// A version string as numbers, for ordering (`0.10.0` after `0.9.1`);
/// `None` when it is not `N.N.N`.
pub fn version_key(v: &str) -> Option<Vec<u64>> {
    let v = v.trim();
    let parts: Option<Vec<u64>> = v.split('.').map(|p| p.parse().ok()).collect();
    parts.filter(|p| p.len() == 3)
}

/// Every entry of `text`, newest version first as the file writes them.
pub fn entries(text: &str) -> Vec<Entry> {
    let mut out: Vec<Entry> = Vec::new();
    let mut version: Option<String> = None;
    let mut kind = String::new();
    let mut open = false;
    for line in text.lines() {
        if let Some(head) = line.strip_prefix("## ") {
            version = head
                .split_whitespace()
                .next()
                .filter(|v| version_key(v).is_some())
                .map(str::to_string);
            kind.clear();
            open = false;
        } else if let Some(head) = line.strip_prefix("### ") {
            kind = head.trim().to_string();
            open = false;
        } else if let (Some(v), Some(item)) = (&version, line.strip_prefix("- ")) {
            if kind.is_empty() {
                open = false;
                continue;
            }
            out.push(Entry {
                version: v.clone(),
                kind: kind.clone(),
                text: item.trim().to_string(),
            });
            open = true;
        } else if open && line.starts_with("  ") && !line.trim().is_empty() {
            if let Some(e) = out.last_mut() {
                e.text.push(' ');
                e.text.push_str(line.trim());
            }
        } else {
            open = false;
        }
    }
    out
}

/// The changed rulings of this arbiter's changelog that name any of `ids`,
/// each as `0.1.0: Chess CH-9.4 / AM-14: …`.
pub fn rulings_citing(ids: &[String]) -> Vec<String> {
    entries(TEXT)
        .into_iter()
        .filter(|e| e.is_ruling() && e.ids().iter().any(|i| ids.contains(i)))
        .map(|e| format!("{}: {}", e.version, e.text))
        .collect()
}

/// The entries of versions newer than `since` (every entry when `since` is
/// not a version), in the changelog's order.
pub fn since(since: &str) -> Vec<Entry> {
    let floor = version_key(since);
    entries(TEXT)
        .into_iter()
        .filter(|e| match (&floor, version_key(&e.version)) {
            (Some(f), Some(v)) => v > *f,
            _ => true,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const LOG: &str = "# Changelog\n\nIntro.\n\n## 0.2.0 — 2026-12-01\n\n### Added\n- Scenario\n  `draws/new-one` (CH-9.1).\n\n### Changed rulings\n- Rule CH-9.4 / AM-14: a claim\n  with a mate.\n\n## 0.1.0 — 2026-11-28\n\nProse.\n\n### Changed rulings\n- Rule DA-3.5: huffs.\n";

    #[test]
    fn entries_are_read_with_their_version_kind_and_continued_lines() {
        let e = entries(LOG);
        assert_eq!(e.len(), 3, "{e:?}");
        assert_eq!(e[0].version, "0.2.0");
        assert_eq!(e[0].kind, "Added");
        assert_eq!(e[0].text, "Scenario `draws/new-one` (CH-9.1).");
        assert!(e[1].is_ruling());
        assert_eq!(e[1].text, "Rule CH-9.4 / AM-14: a claim with a mate.");
        assert_eq!(e[1].ids(), ["CH-9.4", "AM-14"]);
        assert_eq!(e[0].ids(), ["draws/new-one", "CH-9.1"]);
        assert_eq!(e[2].version, "0.1.0");
    }

    #[test]
    fn versions_order_as_numbers() {
        assert!(version_key("0.10.0") > version_key("0.9.1"));
        assert_eq!(version_key("1.0"), None);
        assert_eq!(version_key("x"), None);
    }

    #[test]
    fn the_built_in_changelog_names_the_claim_with_mate_ruling() {
        let r = rulings_citing(&["AM-14".to_string()]);
        assert!(r.iter().any(|r| r.contains("CH-9.4")), "{r:?}");
        assert!(rulings_citing(&["ZZ-1".to_string()]).is_empty());
    }
}
