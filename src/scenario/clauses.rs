//! The registry of spec clauses, read from the spec files themselves so the
//! spec stays the single place a clause is defined.
//!
//! A clause is defined by a Markdown line that starts with its ID in bold:
//! `**RP-3.1** A piece moves …`. Each game compiles its own spec files in
//! ([`Basics::SPEC_FILES`](crate::rules::Basics::SPEC_FILES)), so clause ids
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

impl Clause {
    /// Whether the clause is an entry of the game's ambiguity catalogue
    /// (`spec/<game>/ambiguities.md`): a point where sources split, with the
    /// profile switch that models it.
    pub fn is_ambiguity(&self) -> bool {
        self.file.ends_with("/ambiguities.md")
    }
}

/// The ambiguity entries among `ids` (the catalogue's `A…` clauses), in
/// order, each once: the readings a scenario that cites them involves.
pub fn readings_among(files: &[(&'static str, &'static str)], ids: &[String]) -> Vec<String> {
    let all = all_in(files);
    let mut out: Vec<String> = Vec::new();
    for id in ids {
        if !out.contains(id) && all.iter().any(|c| &c.id == id && c.is_ambiguity()) {
            out.push(id.clone());
        }
    }
    out
}

/// The ambiguity entries clause `id` relates to: itself when it is one,
/// and every entry its paragraph (the defining line up to the next blank
/// line or clause) cites, as `CH-4.2` cites `AM-6`.
pub fn readings_of(files: &[(&'static str, &'static str)], id: &str) -> Vec<String> {
    let mut cited = vec![id.to_string()];
    for (_, text) in files {
        let mut lines = text.lines().skip_while(|l| {
            l.trim_start()
                .strip_prefix("**")
                .and_then(|r| r.split_once("**"))
                .is_none_or(|(i, _)| i != id)
        });
        let Some(first) = lines.next() else { continue };
        let mut para = first.to_string();
        for l in lines {
            let t = l.trim_start();
            if t.is_empty() || (t.starts_with("**") && parse("", t).len() == 1) {
                break;
            }
            para.push(' ');
            para.push_str(t);
        }
        for word in cited_in(&para) {
            if !cited.iter().any(|c| c == word) {
                cited.push(word.to_string());
            }
        }
        break;
    }
    readings_among(files, &cited)
}

/// Whether `s` has the shape of a clause ID: capital letters, `-`, then
/// dot-separated numbers, optionally after one capital letter naming a
/// section page (`CH-N.3`, a clause of `spec/chess/notation.md`).
pub fn is_clause_id(s: &str) -> bool {
    let Some((letters, numbers)) = s.split_once('-') else {
        return false;
    };
    let numbers = match numbers.split_once('.') {
        Some((page, rest)) if page.len() == 1 && page.bytes().all(|b| b.is_ascii_uppercase()) => {
            rest
        }
        _ => numbers,
    };
    !letters.is_empty()
        && letters.bytes().all(|b| b.is_ascii_uppercase())
        && !numbers.is_empty()
        && numbers
            .split('.')
            .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// The clause a refusal of a setup names: the last clause ID in its
/// message. arbiter's implementations end each refusal with the clause
/// that refuses, in parentheses (`black has 14 checkers, not 15
/// (BG-1.2)`), and `arbiter check` holds a scenario's `refused: CLAUSE` to
/// it. `None` when the message names no clause.
pub fn named_clause(message: &str) -> Option<&str> {
    clause_words(message).rfind(|w| is_clause_id(w))
}

/// The words of a text that could be clause IDs: split at anything but
/// letters, digits, `-` and `.`, a sentence's closing dot dropped.
fn clause_words(text: &str) -> impl DoubleEndedIterator<Item = &str> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '.'))
        .map(|w| w.trim_end_matches('.'))
}

/// The clause IDs a free text names, in order, each once (a scenario
/// note's "EP-5.5 judges the lead first").
pub fn cited_in(text: &str) -> Vec<&str> {
    let mut out: Vec<&str> = Vec::new();
    for w in clause_words(text) {
        if is_clause_id(w) && !out.contains(&w) {
            out.push(w);
        }
    }
    out
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

/// Every clause of the game named `game` ([`all_in`] its spec files); none
/// for a game this build does not have.
pub fn of_game(game: &str) -> Vec<Clause> {
    struct Clauses;
    impl crate::games::Visit for Clauses {
        type Out = Vec<Clause>;
        fn visit<G: crate::rules::Rules>(&mut self) -> Self::Out {
            all_in(G::SPEC_FILES)
        }
    }
    crate::games::visit(game, &mut Clauses).unwrap_or_default()
}
