//! Text from an engine (its name, replies, standard error) reaches reports
//! that people read in terminals and CI pages. Raw, an escape code, a bell
//! or a carriage return could rewrite a report's FAIL line as a pass, and
//! bidirectional overrides could reorder it. Every report format therefore
//! shows such characters as visible escapes (`\x1b`, `\r`, `\u{202e}`);
//! JSON escapes them by its own rules.

use std::borrow::Cow;
use std::fmt::Write as _;

/// Whether `c` must not reach a report as it is: control characters (C0,
/// DEL, C1) and the invisible marks that change the direction of text.
fn hidden(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{61c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
        )
}

/// `s` with every control character shown as an escape; line breaks too,
/// so the result is one line.
pub fn visible(s: &str) -> Cow<'_, str> {
    if !s.chars().any(hidden) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if hidden(c) && (c as u32) < 0x80 => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c if hidden(c) => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// Multi-line text (standard error) as lines, each made [`visible`].
pub fn visible_lines(s: &str) -> impl Iterator<Item = Cow<'_, str>> {
    s.lines().map(visible)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_text_is_untouched() {
        assert!(matches!(visible("FAIL a/b: ply 3 – é"), Cow::Borrowed(_)));
    }

    #[test]
    fn controls_are_shown() {
        assert_eq!(
            visible("\u{1b}[2K\rPASS\u{7}\u{7f}\u{9b}\u{202e}x\n"),
            "\\x1b[2K\\rPASS\\x07\\x7f\\u{9b}\\u{202e}x\\n"
        );
    }

    #[test]
    fn lines_are_split_before_escaping() {
        let lines: Vec<_> = visible_lines("a\r\nb\u{7}\n").collect();
        assert_eq!(lines, ["a", "b\\x07"]);
    }
}
