//! The registry of spec clauses, read from the spec files themselves so the
//! spec stays the single place a clause is defined.
//!
//! A clause is defined by a Markdown line that starts with its ID in bold:
//! `**RP-3.1** A piece moves …`. Each game compiles its own spec files in
//! ([`Rules::spec_files`](crate::rules::Rules::spec_files)), so clause ids
//! are namespaced by game.

/// A clause ID and the spec file that defines it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clause {
    /// `RP-3.1`.
    pub id: String,
    /// Spec file path.
    pub file: &'static str,
    /// The clause text on its defining line (after the ID).
    pub text: String,
}

/// Whether `s` has the shape of a clause ID: capital letters, `-`, then
/// dot-separated numbers.
pub fn is_clause_id(s: &str) -> bool {
    let Some((letters, numbers)) = s.split_once('-') else {
        return false;
    };
    !letters.is_empty()
        && letters.bytes().all(|b| b.is_ascii_uppercase())
        && !numbers.is_empty()
        && numbers
            .split('.')
            .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// Extracts the clauses defined in one Markdown text.
pub fn parse(file: &'static str, text: &str) -> Vec<Clause> {
    text.lines()
        .filter_map(|line| {
            let rest = line.trim_start().strip_prefix("**")?;
            let (id, after) = rest.split_once("**")?;
            is_clause_id(id).then(|| Clause {
                id: id.to_string(),
                file,
                text: after.trim().to_string(),
            })
        })
        .collect()
}

/// Every clause of the given spec files.
pub fn all_in(files: &[(&'static str, &'static str)]) -> Vec<Clause> {
    files.iter().flat_map(|(f, t)| parse(f, t)).collect()
}

/// Looks a clause up by ID in the given spec files.
pub fn find_in(files: &[(&'static str, &'static str)], id: &str) -> Option<Clause> {
    all_in(files).into_iter().find(|c| c.id == id)
}
