//! Profile coverage: how many scenarios of each topic run under each named
//! profile of their game (`arbiter check` prints it). A topic is the
//! directory right under `scenarios/<game>/` (`two-squares`, `rules-of-play`,
//! …). A scenario runs under a named profile when its `profiles:` list names
//! it, or when it has no list (then it runs under all of them); a profile
//! spelled with switch overrides (`isf+…`) is a reading the scenario shows,
//! not the named profile, and does not count.

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

use crate::scenario::any::AnyScenario;

/// The coverage table of one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Coverage {
    /// The game.
    pub game: &'static str,
    /// The topics, in name order, each with its number of scenarios.
    pub topics: Vec<(String, usize)>,
    /// One row per named profile, in the game's order: the profile and how
    /// many scenarios of each topic (in the order of `topics`) run under it.
    pub rows: Vec<(String, Vec<usize>)>,
}

impl Coverage {
    /// How many scenarios the table counts.
    pub fn scenarios(&self) -> usize {
        self.topics.iter().map(|t| t.1).sum()
    }

    /// How many scenarios run under `profile`, and the percentage of all;
    /// `None` for a profile that has no row.
    pub fn share(&self, profile: &str) -> Option<(usize, f64)> {
        let (_, counts) = self.rows.iter().find(|r| r.0 == profile)?;
        let n: usize = counts.iter().sum();
        let all = self.scenarios();
        Some((
            n,
            if all == 0 {
                0.0
            } else {
                100.0 * n as f64 / all as f64
            },
        ))
    }
}

/// The topic of a scenario file: the directory right under the game's own
/// directory (`scenarios/stratego/two-squares/…` gives `two-squares`), or
/// the file's directory when the path has no directory named after the
/// game.
pub fn topic(path: &Path, game: &str) -> String {
    let parts: Vec<String> = path
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    // The last directory named after the game that has a topic and a file
    // below it.
    if let Some(i) = (0..parts.len().saturating_sub(2))
        .rev()
        .find(|&i| parts[i] == game)
    {
        return parts[i + 1].clone();
    }
    path.parent()
        .and_then(|p| p.file_name())
        .map_or_else(|| ".".to_string(), |n| n.to_string_lossy().into_owned())
}

/// The coverage tables of `scenarios`, one per game that has any, in
/// registry order; the rows are the game's named profiles, or only `only`
/// when it is one of them.
pub fn coverage(scenarios: &[&dyn AnyScenario], only: Option<&str>) -> Vec<Coverage> {
    let mut tables = Vec::new();
    for about in crate::games::all() {
        let game = about.name;
        let mine: Vec<&&dyn AnyScenario> = scenarios.iter().filter(|s| s.game() == game).collect();
        if mine.is_empty() {
            continue;
        }
        let mut topics: BTreeMap<String, usize> = BTreeMap::new();
        for s in &mine {
            *topics.entry(topic(s.path(), game)).or_default() += 1;
        }
        let index: BTreeMap<&str, usize> = topics
            .keys()
            .enumerate()
            .map(|(i, t)| (t.as_str(), i))
            .collect();
        let profiles: Vec<&str> = about
            .profile_names
            .iter()
            .copied()
            .filter(|p| only.is_none_or(|o| o == *p))
            .collect();
        let mut rows: Vec<(String, Vec<usize>)> = profiles
            .iter()
            .map(|p| (p.to_string(), vec![0; topics.len()]))
            .collect();
        for s in &mine {
            let listed = s.profile_names();
            let col = index[topic(s.path(), game).as_str()];
            for (p, counts) in &mut rows {
                if listed.iter().any(|l| l == p) {
                    counts[col] += 1;
                }
            }
        }
        tables.push(Coverage {
            game,
            topics: topics.into_iter().collect(),
            rows,
        });
    }
    tables
}

impl fmt::Display for Coverage {
    /// A table: one row per profile, one column per topic, then the total
    /// and its percentage of the game's scenarios; the first row gives the
    /// number of scenarios of each topic.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut grid: Vec<Vec<String>> = Vec::new();
        let mut head = vec!["profile".to_string()];
        head.extend(self.topics.iter().map(|t| t.0.clone()));
        head.extend(["total".to_string(), "%".to_string()]);
        grid.push(head);
        let mut all = vec!["(scenarios)".to_string()];
        all.extend(self.topics.iter().map(|t| t.1.to_string()));
        all.extend([self.scenarios().to_string(), String::new()]);
        grid.push(all);
        for (p, counts) in &self.rows {
            let (n, pct) = self.share(p).unwrap_or_default();
            let mut row = vec![p.clone()];
            row.extend(counts.iter().map(|c| c.to_string()));
            row.extend([n.to_string(), format!("{pct:.1}")]);
            grid.push(row);
        }
        let cols = grid[0].len();
        let width: Vec<usize> = (0..cols)
            .map(|c| grid.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
            .collect();
        writeln!(
            f,
            "coverage ({}): scenarios of each topic run under each profile",
            self.game
        )?;
        for r in &grid {
            let mut line = String::new();
            for (c, cell) in r.iter().enumerate() {
                if c == 0 {
                    line.push_str(&format!("{cell:<w$}", w = width[c]));
                } else {
                    line.push_str(&format!("  {cell:>w$}", w = width[c]));
                }
            }
            writeln!(f, "{}", line.trim_end())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::topic;
    use std::path::Path;

    #[test]
    fn the_topic_is_the_directory_under_the_game() {
        let t = |p: &str| topic(Path::new(p), "stratego");
        assert_eq!(
            t("scenarios/stratego/two-squares/seed000/ex1.yaml"),
            "two-squares"
        );
        assert_eq!(t("/x/scenarios/stratego/ambiguities/a.yaml"), "ambiguities");
        assert_eq!(t("tests/data/harness/corpus/a.yaml"), "corpus");
        // A file right in the game's directory has no topic directory.
        assert_eq!(t("scenarios/stratego/a.yaml"), "stratego");
    }
}
