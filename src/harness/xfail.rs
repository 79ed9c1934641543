//! Expected-failures files: one scenario id per line, `#` starts a comment
//! (write the reason there). An expected failure is not a skip: the scenario
//! still runs, and if it passes it is reported as `xpass`, which fails the
//! run until the line is removed. An id that names no scenario is an error
//! too, so the list never goes stale.

use std::path::Path;

use crate::scenario::load::is_scenario_id;

/// A parsed expected-failures list.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Xfail {
    /// The ids, in file order, each with its 1-based line number.
    pub entries: Vec<(String, usize)>,
}

impl Xfail {
    /// Parses the text of a list; `name` is used in errors.
    pub fn parse(name: &str, text: &str) -> Result<Self, String> {
        let mut entries: Vec<(String, usize)> = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line_no = i + 1;
            let id = line.split('#').next().unwrap_or_default().trim();
            if id.is_empty() {
                continue;
            }
            // A bare id, or one qualified by its game (`stratego:ts/…`).
            let bare = id.split_once(':').map_or(id, |(game, rest)| {
                if game
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
                {
                    rest
                } else {
                    id
                }
            });
            if !is_scenario_id(bare) {
                return Err(format!(
                    "{name}:{line_no}: `{id}` is not a scenario id: expected one id per line, then an optional `# reason`"
                ));
            }
            if let Some((_, first)) = entries.iter().find(|(e, _)| e == id) {
                return Err(format!(
                    "{name}:{line_no}: `{id}` is already listed on line {first}"
                ));
            }
            entries.push((id.to_string(), line_no));
        }
        Ok(Xfail { entries })
    }

    /// Reads a list from a file.
    pub fn load(path: &Path) -> Result<Self, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        Self::parse(&path.display().to_string(), &text)
    }

    /// A list from ids given in code (for embedding).
    pub fn of<S: AsRef<str>>(ids: &[S]) -> Self {
        Xfail {
            entries: ids
                .iter()
                .enumerate()
                .map(|(i, s)| (s.as_ref().to_string(), i + 1))
                .collect(),
        }
    }

    /// Whether `id` is expected to fail.
    pub fn contains(&self, id: &str) -> bool {
        self.entries.iter().any(|(e, _)| e == id)
    }
}

#[cfg(test)]
mod tests {
    use super::Xfail;

    #[test]
    fn reads_ids_and_comments() {
        let x = Xfail::parse("f", "# header\n\nts/a-1  # scouts\nrp/b\n").unwrap();
        assert_eq!(
            x.entries,
            vec![("ts/a-1".to_string(), 3), ("rp/b".to_string(), 4)]
        );
        assert!(x.contains("rp/b"));
        assert!(!x.contains("rp/c"));
    }

    #[test]
    fn rejects_bad_ids_and_repeats() {
        let e = Xfail::parse("f", "ts/a b\n").unwrap_err();
        assert!(e.starts_with("f:1: `ts/a b` is not a scenario id"), "{e}");
        let e = Xfail::parse("f", "ts/a\nts/a\n").unwrap_err();
        assert_eq!(e, "f:2: `ts/a` is already listed on line 1");
    }
}
