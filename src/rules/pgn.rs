//! The syntax PGN (chess) and PDN (draughts) share: tag pairs
//! (`[Event "…"]`), then movetext of move numbers, moves, comments
//! (`{…}` and `;` to the end of the line), variations (`(…)`, skipped),
//! numeric annotation glyphs (`$3`) and a result token that ends the game.
//! A file holds any number of games. What a move means is the game's own
//! notation's business; this module only cuts the text.

use super::notation::{Record, RecordMove};
use super::{Basics, Loc, Located, located};

/// One game of a PGN-like file, cut into tags and move texts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cut {
    /// The line where the game begins (1-based).
    pub line: usize,
    /// The tag pairs, in file order.
    pub tags: Vec<(String, String)>,
    /// The moves of the main line, without move numbers, glyphs, comments
    /// or variations.
    pub moves: Vec<RecordMove>,
    /// The result token that ended the movetext (`1-0`, `*`), if any.
    pub result: Option<String>,
}

impl Cut {
    /// Where the game begins, as a place for its errors.
    pub fn place(&self) -> Loc {
        Loc {
            line: self.line as u64,
            column: 1,
        }
    }

    /// A tag's value (the name in any case).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// The games of `text` ([`cut`]) as records of game `G`: `setup` reads a
/// game's starting position from its cut (its tags), given its place, and
/// may rewrite the cut's moves; the result is the movetext's, else the
/// `Result` tag's. A game that cannot be cut or set up is an error.
pub fn records<G: Basics>(
    text: &str,
    results: &[&str],
    setup: impl Fn(&mut Cut, Loc) -> Result<G::Setup, Located>,
) -> Vec<Result<Record<G>, Located>> {
    cut(text, results)
        .into_iter()
        .map(|cut| {
            let mut cut = cut?;
            let at = cut.place();
            let setup = setup(&mut cut, at)?;
            let result = cut
                .result
                .clone()
                .or_else(|| cut.tag("Result").map(str::to_string));
            Ok(Record {
                line: cut.line,
                tags: cut.tags,
                setup,
                moves: cut.moves,
                result,
            })
        })
        .collect()
}

/// Cuts `text` into games. `results` are the tokens that end a game's
/// movetext (`1-0`, `0-1`, `1/2-1/2`, `*` for PGN; PDN adds `2-0`, `0-2`,
/// `1-1`). A game whose tags or comments are not closed is an error with
/// its place; the games after it are still read.
pub fn cut(text: &str, results: &[&str]) -> Vec<Result<Cut, Located>> {
    let mut games = Vec::new();
    let mut cur = Cut::default();
    let mut started = false;
    let mut in_moves = false;
    let mut depth = 0usize; // variation depth
    let mut comment: Option<Loc> = None;
    let mut broken: Option<Located> = None;

    let mut finish = |cur: &mut Cut, broken: &mut Option<Located>, started: &mut bool| {
        if let Some(b) = broken.take() {
            games.push(Err(b));
        } else if *started {
            games.push(Ok(std::mem::take(cur)));
        }
        *cur = Cut::default();
        *started = false;
    };

    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        // An escape line (`%` in the first column) is ignored (PGN 6).
        if raw.starts_with('%') {
            continue;
        }
        let mut rest = raw.trim_end_matches('\r');
        loop {
            if let Some(at) = comment {
                match rest.find('}') {
                    Some(k) => {
                        rest = &rest[k + 1..];
                        comment = None;
                        let _ = at;
                    }
                    None => break,
                }
            }
            let trimmed = rest.trim_start();
            let col = rest.len() - trimmed.len();
            rest = trimmed;
            if rest.is_empty() {
                break;
            }
            let here = Loc {
                line: line as u64,
                column: (raw.len() - rest.len() + 1) as u64,
            };
            let _ = col;
            let c = rest.chars().next().expect("not empty");
            match c {
                '[' if depth == 0 => {
                    if in_moves {
                        // A tag after movetext without a result: a new game.
                        in_moves = false;
                        finish(&mut cur, &mut broken, &mut started);
                    }
                    if !started {
                        started = true;
                        cur.line = line;
                    }
                    match parse_tag(rest) {
                        Some((name, value, used)) => {
                            cur.tags.push((name, value));
                            rest = &rest[used..];
                        }
                        None => {
                            if broken.is_none() {
                                broken = Some(located(
                                    here,
                                    "a tag pair is not closed: expected [Name \"value\"] on one line"
                                        .to_string(),
                                ));
                            }
                            break;
                        }
                    }
                }
                '{' => {
                    comment = Some(here);
                    rest = &rest[1..];
                }
                ';' => break,
                '(' => {
                    depth += 1;
                    rest = &rest[1..];
                }
                ')' => {
                    depth = depth.saturating_sub(1);
                    rest = &rest[1..];
                }
                _ => {
                    let end = rest
                        .find(|ch: char| ch.is_whitespace() || "{}();[".contains(ch))
                        .unwrap_or(rest.len())
                        .max(c.len_utf8());
                    let token = &rest[..end];
                    rest = &rest[end..];
                    if depth > 0 {
                        continue;
                    }
                    if !started {
                        started = true;
                        cur.line = line;
                    }
                    in_moves = true;
                    if results.contains(&token) {
                        cur.result = Some(token.to_string());
                        in_moves = false;
                        finish(&mut cur, &mut broken, &mut started);
                        continue;
                    }
                    if let Some(m) = move_of(token) {
                        cur.moves.push(RecordMove {
                            text: m.to_string(),
                            line,
                        });
                    }
                }
            }
        }
    }
    if let Some(at) = comment
        && broken.is_none()
    {
        broken = Some(located(at, "a comment `{` is never closed".to_string()));
    }
    finish(&mut cur, &mut broken, &mut started);
    games
}

/// `[Name "value"]` at the start of `s`: the name, the value (with `\"`
/// and `\\` unescaped) and the bytes used.
fn parse_tag(s: &str) -> Option<(String, String, usize)> {
    let inner = s.strip_prefix('[')?;
    let name_end = inner.find(|c: char| c.is_whitespace() || c == '"')?;
    let name = inner[..name_end].to_string();
    let after = inner[name_end..].trim_start();
    let mut chars = after.strip_prefix('"')?.char_indices();
    let mut value = String::new();
    let body_start = s.len() - after.len() + 1;
    loop {
        let (k, c) = chars.next()?;
        match c {
            '\\' => {
                let (_, e) = chars.next()?;
                value.push(e);
            }
            '"' => {
                let tail = &s[body_start + k + 1..];
                let t = tail.trim_start();
                let close = t.strip_prefix(']')?;
                return Some((name, value, s.len() - close.len()));
            }
            _ => value.push(c),
        }
    }
}

/// The move in a movetext token, without its move number (`12.`, `12...`,
/// `12.e4`) and glyphs (`$3`); `None` for a number or glyph alone.
fn move_of(token: &str) -> Option<&str> {
    if token.starts_with('$') {
        return None;
    }
    let digits = token.bytes().take_while(u8::is_ascii_digit).count();
    let after = &token[digits..];
    let t = if digits > 0 && after.starts_with('.') {
        after.trim_start_matches('.')
    } else {
        token
    };
    let t = t.trim_end_matches(['!', '?']);
    (!t.is_empty()).then_some(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    const RESULTS: &[&str] = &["1-0", "0-1", "1/2-1/2", "*"];

    #[test]
    fn cuts_tags_moves_comments_variations_and_results() {
        let text = "[Event \"Test \\\"one\\\"\"]\n[Result \"1-0\"]\n\n1. e4 {a comment\nover lines} e5 2. Nf3 (2. f4 exf4) Nc6 $1 3...Bc5?! ; rest\n1-0\n\n[Event \"two\"]\n1.d4 *\n";
        let games = cut(text, RESULTS);
        assert_eq!(games.len(), 2);
        let g = games[0].as_ref().unwrap();
        assert_eq!(g.line, 1);
        assert_eq!(g.tags[0], ("Event".into(), "Test \"one\"".into()));
        let moves: Vec<&str> = g.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(moves, ["e4", "e5", "Nf3", "Nc6", "Bc5"]);
        assert_eq!(g.moves[2].line, 5);
        assert_eq!(g.result.as_deref(), Some("1-0"));
        let g2 = games[1].as_ref().unwrap();
        assert_eq!(g2.line, 8);
        assert_eq!(g2.moves[0].text, "d4");
        assert_eq!(g2.result.as_deref(), Some("*"));
    }

    #[test]
    fn a_broken_tag_is_an_error_with_its_place_and_later_games_still_read() {
        let text = "[Event \"open\n1. e4 *\n\n[Event \"ok\"]\n1. d4 *\n";
        let games = cut(text, RESULTS);
        assert_eq!(games.len(), 2);
        let e = games[0].as_ref().unwrap_err();
        assert_eq!(e.at.line, 1);
        assert!(games[1].is_ok());
    }

    #[test]
    fn an_unclosed_comment_is_an_error() {
        let games = cut("1. e4 { never closed\n", RESULTS);
        assert!(games[0].is_err());
    }
}
