//! Notations: how a game's players, books and records write its actions,
//! beside the wire spelling of the protocol (`spec/<game>/notation.md`), and
//! the game records written in them (`arbiter replay`).
//!
//! A game reads a notation into *candidates*: the actions the text may name
//! in the position at hand, found by the notation's own logic (a SAN move
//! names a piece kind and a target; the legal moves that fit are its
//! readings; if none fits, the moves of that kind of piece to that square
//! are). [`resolve`] then asks the game which candidate is legal, so the
//! rule that forbids a refused reading is the game's verdict, never the
//! notation's guess, and a refusal lists the closest legal readings,
//! written in the same notation.

use std::fmt;

use serde::Serialize;

use super::{Basics, Game, Located, Verdict};

/// A notation a game reads and writes (`spec/<game>/notation.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct NotationInfo {
    /// Its name on the wire and the command line (`san`, `pdn`).
    pub name: &'static str,
    /// What it is, for people (`Standard Algebraic Notation, as PGN writes it`).
    pub title: &'static str,
    /// The clause of the game's notation page that defines it.
    pub clause: &'static str,
}

/// A format of game records a game reads (`arbiter replay`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct RecordFormat {
    /// Its name (`pgn`, `pdn`, `mat`, `gsn`).
    pub name: &'static str,
    /// The file name endings it is guessed from, without the dot.
    pub extensions: &'static [&'static str],
    /// The notation its moves are written in (one of the game's
    /// [`NotationInfo`] names).
    pub notation: &'static str,
    /// The clause of the game's notation page that describes the format.
    pub clause: &'static str,
}

/// Why a text names no action of the position at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Misread<G: Basics> {
    /// In words an agent can act on.
    pub why: String,
    /// The rule that forbids what the text asks, when one does (a SAN move
    /// of a piece kind the mover does not have: no piece).
    pub rule: Option<G::RuleCode>,
    /// The clause of that rule, or of the notation page when no rule of
    /// the game but the notation's own refuses the text.
    pub clause: String,
}

impl<G: Basics> Misread<G> {
    /// A text the notation cannot read, by the notation's clause.
    pub fn notation(clause: &str, why: impl Into<String>) -> Self {
        Misread {
            why: why.into(),
            rule: None,
            clause: clause.to_string(),
        }
    }
}

/// The refusal of a notation name game `G` does not have, listing those it
/// has, by the clause of its notation page that lists them.
pub fn unknown_notation<G: Notation>(notation: &str, clause: &str) -> Misread<G> {
    let mut names: Vec<&str> = G::NOTATIONS.iter().map(|n| n.name).collect();
    names.push("wire");
    Misread::notation(
        clause,
        format!(
            "{} has no notation `{notation}`: expected {}",
            G::NAME,
            names.join(", ")
        ),
    )
}

/// What [`Notation::read_records`] gives for a record format game `G` does
/// not read: one error listing those it reads.
pub fn unknown_format<G: Notation>(format: &str) -> Vec<Result<Record<G>, Located>> {
    let names: Vec<&str> = G::RECORD_FORMATS.iter().map(|f| f.name).collect();
    vec![Err(super::located(
        super::Loc::default(),
        format!(
            "{} reads no record format `{format}`: expected {}",
            G::NAME,
            if names.is_empty() {
                "none".to_string()
            } else {
                names.join(", ")
            }
        ),
    ))]
}

/// The name among `items` (by `name`) that is `wanted`, if any.
fn known<T>(items: &[T], name: fn(&T) -> &'static str, wanted: &str) -> Option<&'static str> {
    items.iter().map(name).find(|n| *n == wanted)
}

/// One move of a record, as the record writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordMove {
    /// The text, in the record format's notation (or a wire spelling the
    /// game's reader passes through: a backgammon roll, a cube action).
    pub text: String,
    /// The line of the file it is on (1-based).
    pub line: usize,
}

/// One game of a record file.
#[derive(Clone, Debug)]
pub struct Record<G: Basics> {
    /// The line of the file where the game begins (1-based).
    pub line: usize,
    /// The record's headers (`Event`, `White`, `Result`, …), as written.
    pub tags: Vec<(String, String)>,
    /// The starting position.
    pub setup: G::Setup,
    /// The moves, oldest first.
    pub moves: Vec<RecordMove>,
    /// The result the record claims, as written (`1-0`, `2-0`, `white 2`).
    pub result: Option<String>,
}

impl<G: Basics> Record<G> {
    /// A header's value.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// What a game's notations and records are: implemented beside the game's
/// notation code. Every item has a default (no notation, no record
/// format), so a game without either writes an empty `impl`.
pub trait Notation: Basics {
    /// The notations the game reads and writes besides the wire spelling.
    const NOTATIONS: &'static [NotationInfo] = &[];
    /// The record formats `arbiter replay` reads for the game.
    const RECORD_FORMATS: &'static [RecordFormat] = &[];

    /// The clause of the game's notation page that lists its notations,
    /// cited when a text names a notation the game does not have.
    const NOTATIONS_CLAUSE: &'static str = "";

    /// The actions `text`, written in `notation`, may name in `game`'s
    /// position: one when the text is exact, several when it leaves a
    /// choice (an ambiguous SAN move; every reading of a move no piece can
    /// make). [`resolve`] judges them. `Err` when the text names nothing
    /// here, or the game has no such notation ([`unknown_notation`]); a
    /// notation it has is read by [`Notation::read_notation`].
    fn read_move(
        notation: &str,
        game: &dyn Game<Self>,
        text: &str,
    ) -> Result<Vec<Self::Action>, Misread<Self>> {
        match known(Self::NOTATIONS, |n| n.name, notation) {
            Some(name) => Self::read_notation(name, game, text),
            None => Err(unknown_notation(notation, Self::NOTATIONS_CLAUSE)),
        }
    }

    /// [`Notation::read_move`] for `notation`, one of
    /// [`Notation::NOTATIONS`]: the game's reader.
    fn read_notation(
        notation: &'static str,
        game: &dyn Game<Self>,
        text: &str,
    ) -> Result<Vec<Self::Action>, Misread<Self>> {
        let _ = (game, text);
        Err(unknown_notation(notation, Self::NOTATIONS_CLAUSE))
    }

    /// `action`, legal in `game`'s position, written in `notation`; `None`
    /// for a notation the game does not have. A notation it has is written
    /// by [`Notation::write_notation`].
    fn write_move(notation: &str, game: &dyn Game<Self>, action: &Self::Action) -> Option<String> {
        let name = known(Self::NOTATIONS, |n| n.name, notation)?;
        Self::write_notation(name, game, action)
    }

    /// [`Notation::write_move`] for `notation`, one of
    /// [`Notation::NOTATIONS`]: the game's writer.
    fn write_notation(
        notation: &'static str,
        game: &dyn Game<Self>,
        action: &Self::Action,
    ) -> Option<String> {
        let _ = (notation, game, action);
        None
    }

    /// The games of a record file in `format`, each or the reason it cannot
    /// be read (with its place); a format the game does not read gives one
    /// error ([`unknown_format`]), one it reads is read by
    /// [`Notation::read_format`].
    fn read_records(format: &str, text: &str) -> Vec<Result<Record<Self>, Located>> {
        match known(Self::RECORD_FORMATS, |f| f.name, format) {
            Some(name) => Self::read_format(name, text),
            None => unknown_format::<Self>(format),
        }
    }

    /// [`Notation::read_records`] for `format`, one of
    /// [`Notation::RECORD_FORMATS`]: the game's reader.
    fn read_format(format: &'static str, text: &str) -> Vec<Result<Record<Self>, Located>> {
        let _ = text;
        unknown_format::<Self>(format)
    }

    /// The built-in profile a record says it was played under (a PDN
    /// `GameType` of English checkers), when it says; `arbiter replay`
    /// then replays it under that profile unless told otherwise.
    fn record_profile(record: &Record<Self>) -> Option<&'static str> {
        let _ = record;
        None
    }

    /// An action the record format leaves unwritten before `next`, which a
    /// replay plays before reading `next` (call it again until `None`): a
    /// backgammon match file writes each roll but never the player's
    /// decision to roll rather than double, which the game waits for only
    /// when that player may double. `None` (the default): the record writes
    /// every action.
    fn implied(game: &dyn Game<Self>, next: &RecordMove) -> Option<Self::Action> {
        let _ = (game, next);
        None
    }

    /// What is wrong with the result a record claims, given the game as
    /// replayed to its last move: `None` when the rules allow it (a
    /// resignation or an agreed draw is a result the rules allow in any
    /// position they do not end).
    fn check_result(claimed: &str, record: &Record<Self>, game: &dyn Game<Self>) -> Option<String> {
        let _ = (claimed, record, game);
        None
    }
}

/// What a text names in a position, judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Resolved<G: Basics> {
    /// A legal action; its canonical wire spelling is `action`.
    Legal {
        /// The action, canonical.
        action: G::Action,
    },
    /// No legal action: why, with the closest legal readings.
    Refused(Refusal<G>),
}

/// Why a text names no legal action, in words an agent can act on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal<G: Basics> {
    /// The action the text names, when it names exactly one (illegal).
    pub action: Option<G::Action>,
    /// The rule that forbids it, when one of the game's rules does.
    pub rule: Option<G::RuleCode>,
    /// The clause that decides it (the game's, or the notation page's).
    pub clause: String,
    /// Why.
    pub why: String,
    /// The closest legal readings, in the same notation, closest first.
    pub closest: Vec<String>,
}

impl<G: Basics> fmt::Display for Refusal<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.rule, self.clause.is_empty()) {
            (Some(r), _) => write!(f, "{r}, {}: {}", self.clause, self.why)?,
            (None, false) => write!(f, "{}: {}", self.clause, self.why)?,
            (None, true) => f.write_str(&self.why)?,
        }
        if !self.closest.is_empty() {
            write!(f, " (closest legal: {})", self.closest.join(", "))?;
        }
        Ok(())
    }
}

/// How many closest legal readings a refusal lists.
pub const CLOSEST: usize = 3;

/// Reads `text` in `notation` (`None` or `wire`: the protocol's spelling)
/// in `game`'s position and judges it.
pub fn resolve<G: Notation>(notation: Option<&str>, game: &dyn Game<G>, text: &str) -> Resolved<G> {
    let wire = notation.is_none_or(|n| n == "wire");
    let read = if wire {
        text.trim()
            .parse::<G::Action>()
            .map(|a| vec![a])
            .map_err(|e| Misread {
                why: e.to_string(),
                rule: None,
                clause: String::new(),
            })
    } else {
        G::read_move(notation.unwrap_or("wire"), game, text.trim())
    };
    let candidates = match read {
        Ok(c) if !c.is_empty() => c,
        Ok(_) => {
            return Resolved::Refused(refusal(
                notation,
                game,
                text,
                None,
                None,
                String::new(),
                format!("`{text}` names no action here"),
            ));
        }
        Err(m) => {
            return Resolved::Refused(refusal(notation, game, text, None, m.rule, m.clause, m.why));
        }
    };
    let legal: Vec<G::Action> =
        candidates
            .iter()
            .filter_map(|a| game.canonical(a))
            .fold(Vec::new(), |mut v, a| {
                if !v.contains(&a) {
                    v.push(a);
                }
                v
            });
    match legal.len() {
        1 => Resolved::Legal {
            action: legal.into_iter().next().expect("one"),
        },
        0 => {
            // Every reading is illegal: the first one's verdict says why
            // (the game's rule and clause), and the others are listed.
            let first = &candidates[0];
            let (rule, clause, why) = match game.judge(first) {
                Verdict::Illegal(i) => (Some(i.rule), i.clause, i.explanation),
                Verdict::Legal => (None, String::new(), format!("{first} is not playable")),
            };
            let why = if candidates.len() > 1 {
                let others: Vec<String> = candidates[1..].iter().map(|a| a.to_string()).collect();
                format!(
                    "{why} (read as {first}; also readable as {})",
                    others.join(", ")
                )
            } else {
                why
            };
            let action = (candidates.len() == 1).then(|| first.clone());
            Resolved::Refused(refusal(notation, game, text, action, rule, clause, why))
        }
        _ => {
            let spelled: Vec<String> = legal.iter().map(|a| spell(notation, game, a)).collect();
            Resolved::Refused(Refusal {
                action: None,
                rule: None,
                clause: G::NOTATIONS
                    .iter()
                    .find(|n| Some(n.name) == notation)
                    .map(|n| n.clause.to_string())
                    .unwrap_or_default(),
                why: format!(
                    "`{text}` is ambiguous: it reads as {} legal moves ({})",
                    legal.len(),
                    spelled.join(", ")
                ),
                closest: spelled,
            })
        }
    }
}

/// `action` in `notation` (the wire spelling when the notation has no
/// writer or is `None`).
pub fn spell<G: Notation>(
    notation: Option<&str>,
    game: &dyn Game<G>,
    action: &G::Action,
) -> String {
    notation
        .filter(|n| *n != "wire")
        .and_then(|n| G::write_move(n, game, action))
        .unwrap_or_else(|| action.to_string())
}

fn refusal<G: Notation>(
    notation: Option<&str>,
    game: &dyn Game<G>,
    text: &str,
    action: Option<G::Action>,
    rule: Option<G::RuleCode>,
    clause: String,
    why: String,
) -> Refusal<G> {
    let spelled: Vec<String> = game
        .legal_actions()
        .iter()
        .map(|a| spell(notation, game, a))
        .collect();
    Refusal {
        action,
        rule,
        clause,
        why,
        closest: closest(text, &spelled, CLOSEST),
    }
}

/// The `n` spellings of `options` closest to `text` (edit distance, case
/// ignored; ties in the options' order).
pub fn closest(text: &str, options: &[String], n: usize) -> Vec<String> {
    let t: Vec<char> = text.trim().to_lowercase().chars().collect();
    let mut scored: Vec<(usize, usize, &String)> = options
        .iter()
        .enumerate()
        .map(|(i, o)| {
            let o2: Vec<char> = o.to_lowercase().chars().collect();
            (edit_distance(&t, &o2), i, o)
        })
        .collect();
    scored.sort();
    scored.dedup_by(|a, b| a.2 == b.2);
    scored
        .into_iter()
        .take(n)
        .map(|(_, _, o)| o.clone())
        .collect()
}

/// Levenshtein distance over characters.
fn edit_distance(a: &[char], b: &[char]) -> usize {
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(ca != cb))
                .min(prev[j + 1] + 1)
                .min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distance_counts_single_edits() {
        let d = |a: &str, b: &str| {
            edit_distance(
                &a.chars().collect::<Vec<_>>(),
                &b.chars().collect::<Vec<_>>(),
            )
        };
        assert_eq!(d("nf3", "nf3"), 0);
        assert_eq!(d("nf3", "nf6"), 1);
        assert_eq!(d("", "abc"), 3);
        assert_eq!(d("kitten", "sitting"), 3);
    }

    #[test]
    fn closest_orders_by_distance_then_by_the_options_order() {
        let opts: Vec<String> = ["Nc3", "Nf3", "e4", "Nh3"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(closest("Nf6", &opts, 2), vec!["Nf3", "Nc3"]);
        assert_eq!(closest("e5", &opts, 1), vec!["e4"]);
    }
}
