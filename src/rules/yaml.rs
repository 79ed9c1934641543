//! Reading YAML with places: a mapping kept with each key's line and
//! column, and the YAML reader's errors turned into a place and a sentence
//! that says what was expected. Games read their own files (a Stratego
//! claim) with these as the scenario loader does, so they sit below both.

use std::fmt;
use std::marker::PhantomData;

use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
use serde_saphyr::Spanned;

use super::Loc;

/// A YAML mapping kept as located key/value pairs in file order. Duplicate
/// keys never reach this type: the YAML reader rejects them.
#[derive(Debug)]
pub struct Entries<V>(pub Vec<(Spanned<String>, V)>);

impl<V> Default for Entries<V> {
    fn default() -> Self {
        Entries(Vec::new())
    }
}

impl<'de, V: Deserialize<'de>> FromMap<'de> for Entries<V> {
    const EXPECTING: &'static str = "a mapping";

    fn from_map<A: MapAccess<'de>>(mut map: A) -> Result<Self, A::Error> {
        let mut out = Vec::new();
        while let Some(entry) = map.next_entry::<Spanned<String>, V>()? {
            out.push(entry);
        }
        Ok(Entries(out))
    }
}

impl<'de, V: Deserialize<'de>> Deserialize<'de> for Entries<V> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        from_map(d)
    }
}

/// A type read from a mapping key by key, by hand (to keep every key's
/// place, or to read keys that depend on the game); its `Deserialize` is
/// [`from_map`].
pub trait FromMap<'de>: Sized {
    /// What the reader expected instead of something that is no mapping.
    const EXPECTING: &'static str;

    /// Reads the value from the mapping's entries.
    fn from_map<A: MapAccess<'de>>(map: A) -> Result<Self, A::Error>;
}

/// Deserializes a [`FromMap`] type: a mapping, read by its `from_map`.
pub fn from_map<'de, T: FromMap<'de>, D: Deserializer<'de>>(d: D) -> Result<T, D::Error> {
    struct Visit<T>(PhantomData<T>);
    impl<'de, T: FromMap<'de>> Visitor<'de> for Visit<T> {
        type Value = T;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str(T::EXPECTING)
        }
        fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
            T::from_map(map)
        }
    }
    d.deserialize_map(Visit(PhantomData))
}

/// The location of a YAML reader error (the start of the text when the
/// reader knows none).
pub fn yaml_loc(e: &serde_saphyr::Error) -> Loc {
    // The reader knows no place for some errors (a document that is empty
    // or `~` has no mapping to lack `id` in): point at the start of the text
    // rather than at the 0:0 kept for errors outside any text.
    e.location()
        .filter(|l| l.line() > 0)
        .map_or(Loc { line: 1, column: 1 }, |l| Loc {
            line: l.line(),
            column: l.column(),
        })
}

/// The key whose value starts at byte `offset` of `text`: the plain word
/// just before the `:` that precedes the value, if there is one.
fn key_before(text: &str, offset: usize) -> Option<&str> {
    let before = text.get(..offset)?.trim_end();
    let before = before.strip_suffix(':')?.trim_end();
    // After the last character that is no part of a key (it may be wider
    // than one byte: the key starts after all of it).
    let start = before
        .char_indices()
        .rev()
        .find(|&(_, c)| !(c.is_alphanumeric() || c == '_' || c == '-' || c == '.'))
        .map_or(0, |(i, c)| i + c.len_utf8());
    let key = &before[start..];
    (!key.is_empty()).then_some(key)
}

/// The byte offset of `at` in `text`.
fn offset_of(text: &str, at: Loc) -> Option<usize> {
    let line_start = if at.line <= 1 {
        0
    } else {
        text.match_indices('\n').nth(at.line as usize - 2)?.0 + 1
    };
    let line = &text[line_start..];
    let col = line
        .char_indices()
        .nth(at.column.saturating_sub(1) as usize)
        .map_or(line.len(), |(i, _)| i);
    Some(line_start + col)
}

/// The scalar written at byte `offset` of `text`, as far as a flow
/// separator, a comment or the end of the line.
fn scalar_at(text: &str, offset: usize) -> &str {
    let rest = text.get(offset..).unwrap_or_default();
    let end = rest.find([',', '}', ']', '\n', '#']).unwrap_or(rest.len());
    rest[..end].trim()
}

/// The range of an integer type the reader names (`u32`).
fn int_range(ty: &str) -> Option<String> {
    let (lo, hi): (i128, i128) = match ty {
        "u8" => (0, u8::MAX.into()),
        "u16" => (0, u16::MAX.into()),
        "u32" => (0, u32::MAX.into()),
        "u64" => (0, u64::MAX.into()),
        "usize" => (0, usize::MAX as i128),
        "i8" => (i8::MIN.into(), i8::MAX.into()),
        "i16" => (i16::MIN.into(), i16::MAX.into()),
        "i32" => (i32::MIN.into(), i32::MAX.into()),
        "i64" => (i64::MIN.into(), i64::MAX.into()),
        _ => return None,
    };
    Some(format!("a whole number from {lo} to {hi}"))
}

/// The YAML reader's message, reworded where its own words name its API or
/// its grammar rather than what to write, and without its location suffix
/// or snippet (we print `file:line:column:` ourselves).
pub fn yaml_message(e: &serde_saphyr::Error, text: &str) -> String {
    use serde_saphyr::Error as E;
    let at = yaml_loc(e);
    let offset = offset_of(text, at);
    let key = offset.and_then(|o| key_before(text, o));
    let field = |what: &str| match key {
        Some(k) => format!("`{k}` expects {what}"),
        None => format!("expected {what}"),
    };
    // An error met through an alias is the error of the aliased text.
    let inner = match e.without_snippet() {
        E::AliasError { error, .. } => error.without_snippet(),
        other => other,
    };
    match inner {
        E::MultipleDocuments { .. } => {
            return format!(
                "one scenario per file: a second YAML document starts at line {}; move it to a file of its own",
                at.line
            );
        }
        E::Unexpected { expected, .. } => {
            let what = match *expected {
                "sequence start" => "a list: `- item` lines, or `[a, b]`".to_string(),
                "mapping start" => "a mapping: `key: value` lines, or `{key: value}`".to_string(),
                "string scalar" => "a single value, not a list or a mapping".to_string(),
                other => other.to_string(),
            };
            return field(&what);
        }
        E::InvalidScalar { ty, .. } => {
            let written = offset.map(|o| scalar_at(text, o)).unwrap_or_default();
            return match (key, int_range(ty)) {
                (Some(k), Some(range)) => format!("`{k}` is {range}, not `{written}`"),
                (None, Some(range)) => format!("expected {range}, not `{written}`"),
                (_, None) if matches!(*ty, "bool" | "boolean") => {
                    field(&format!("`true` or `false`, not `{written}`"))
                }
                (_, None) => field(&format!("a value of type {ty}, not `{written}`")),
            };
        }
        E::ExternallyTaggedEnumExpectedScalarOrMapping { .. } => {
            return field("one of its names, not a list");
        }
        E::Budget { breach, .. } => return budget_message(breach),
        _ => {}
    }
    let opts = serde_saphyr::render_options! { snippets: serde_saphyr::SnippetMode::Off };
    let rendered = e.render_with_options(opts);
    let mut first = rendered.lines().next().unwrap_or_default().to_string();
    // The reader suggests an option to allow duplicates; we never do.
    if let Some(i) = first.find(", set DuplicateKeyPolicy") {
        first.truncate(i);
        first.push_str(" (each key may appear once in a mapping)");
    }
    // The reader's own location, and for text met through an alias where
    // it was defined and used: cut whole, never mid-word.
    for suffix in [" (defined at line ", " (used at line ", " at line "] {
        if let Some(i) = first.find(suffix) {
            first.truncate(i);
        }
    }
    // `unknown variant `green`, expected one of white, black`: the field
    // and what it allows, in our words.
    if let Some((given, one_of)) = first
        .strip_prefix("unknown variant ")
        .and_then(|rest| rest.split_once(", expected "))
    {
        return field(&format!("{one_of}, not {given}"));
    }
    if first.starts_with("recursion limit exceeded") {
        // The parser's own ceiling on nesting (255 flow or block levels) is
        // met before the budget's depth when `[[[…` or `{a: {a: …` run
        // deeper than it: the file nests past the budget's depth as well.
        return budget_message(&serde_saphyr::budget::BudgetBreach::Depth {
            depth: serde_saphyr::Budget::default().max_depth + 1,
        });
    }
    if first.contains("invalid content after document end marker") {
        return "text after the end-of-document marker `...`: a scenario file ends there; remove the text, or the marker".to_string();
    }
    if first.contains("simple key expected ':'") {
        // YAML reads at most 1024 characters of a key written without `?`.
        let line = offset.and_then(|o| text.get(o..)).unwrap_or_default();
        let line = line.split('\n').next().unwrap_or_default();
        let long = line.find(':').unwrap_or(line.len()) > 1024;
        return if long {
            "a key of more than 1024 characters: YAML reads a key only that far before its `:`; shorten it".to_string()
        } else {
            "expected `:` after a key: a mapping holds `key: value` lines".to_string()
        };
    }
    first
}

/// A limit of the YAML reader, said as what the file exceeded
/// (`spec/scenario-format.md`, "Limits").
fn budget_message(breach: &serde_saphyr::budget::BudgetBreach) -> String {
    use serde_saphyr::budget::BudgetBreach as B;
    let limits = serde_saphyr::Budget::default();
    let thousands = |n: usize| super::grouped(n as u64);
    let what = match breach {
        B::Depth { .. } => format!(
            "lists and mappings nest more than {} deep here",
            limits.max_depth
        ),
        B::Nodes { .. } => format!(
            "the file has more than {} YAML values (every key, value, list and mapping counts: `- {{move: A1-A2}}` is 3, so about {} moves)",
            thousands(limits.max_nodes),
            thousands(limits.max_nodes / 3)
        ),
        B::Events { .. } => format!(
            "the file has more than {} YAML parser events (about one per value, list or mapping start and end)",
            thousands(limits.max_events)
        ),
        B::Aliases { .. } => format!(
            "the file uses aliases (`*name`) more than {} times",
            thousands(limits.max_aliases)
        ),
        B::Anchors { .. } => format!(
            "the file defines more than {} anchors (`&name`)",
            thousands(limits.max_anchors)
        ),
        B::AliasAnchorRatio { aliases, anchors } => format!(
            "the file uses {aliases} aliases for {anchors} anchors, more than {} uses of each",
            limits.alias_anchor_ratio_multiplier
        ),
        B::Documents { .. } => format!(
            "the file has more than {} YAML documents",
            thousands(limits.max_documents)
        ),
        B::ScalarBytes { .. } => format!(
            "the file's values hold more than {} bytes of text",
            thousands(limits.max_total_scalar_bytes)
        ),
        B::MergeKeys { .. } => format!(
            "the file has more than {} merge keys (`<<`)",
            thousands(limits.max_merge_keys)
        ),
        B::InputBytes { .. } => format!(
            "the file is larger than {} bytes",
            thousands(limits.max_reader_input_bytes.unwrap_or(usize::MAX))
        ),
        _ => "the file is larger or more deeply nested than the YAML reader allows".to_string(),
    };
    format!("{what}: arbiter's YAML reader stops there (see \"Limits\" in spec/scenario-format.md)")
}

/// Whether `id` is a well-formed scenario ID: lower-case words and digits
/// joined by `-`, optionally grouped with `/`.
pub fn is_scenario_id(id: &str) -> bool {
    !id.is_empty()
        && id.split('/').all(|part| {
            !part.is_empty()
                && part.split('-').all(|w| {
                    !w.is_empty()
                        && w.bytes()
                            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
                })
        })
}
