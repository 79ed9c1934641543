//! Gravon's later record format, `.xml` (`spec/stratego/notation.md`,
//! ST-N.3): the same field line, moves and result codes as `.gsn`, in
//! elements. A small reader of just the elements the format has; no
//! general XML (no namespaces, no CDATA, no DTD).

use super::game::Stratego;
use super::moves::Move;
use super::notation::{gravon_square, read_field, read_gravon_move, results_text};
use super::position::Setup;
use crate::rules::notation::{Record, RecordMove};
use crate::rules::{Loc, Located, located};

/// One tag of the text: its name (`game`, `/game`), attributes, whether
/// it closes itself, where it starts and the byte offset after it.
struct Tag {
    name: String,
    attrs: Vec<(String, String)>,
    at: Loc,
    end: usize,
}

impl Tag {
    fn attr(&self, name: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// The line and column (1-based) of byte `pos`.
fn loc(text: &str, pos: usize) -> Loc {
    let before = &text[..pos];
    let line = before.matches('\n').count() + 1;
    let column = before.rfind('\n').map_or(pos, |n| pos - n - 1) + 1;
    Loc {
        line: line as u64,
        column: column as u64,
    }
}

/// The five entities XML always has, and numeric character references.
fn unescape(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        let Some(j) = tail.find(';') else {
            out.push_str(tail);
            return out;
        };
        let name = &tail[1..j];
        let ch = match name {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            n if n.starts_with("#x") => u32::from_str_radix(&n[2..], 16)
                .ok()
                .and_then(char::from_u32),
            n if n.starts_with('#') => n[1..].parse().ok().and_then(char::from_u32),
            _ => None,
        };
        match ch {
            Some(c) => out.push(c),
            None => out.push_str(&tail[..=j]),
        }
        rest = &tail[j + 1..];
    }
    out.push_str(rest);
    out
}

/// The next tag at or after byte `from`, skipping declarations and
/// comments; `Ok(None)` at the end.
fn next_tag(text: &str, from: usize) -> Result<Option<Tag>, Located> {
    let mut pos = from;
    loop {
        let Some(i) = text[pos..].find('<') else {
            return Ok(None);
        };
        let start = pos + i;
        let rest = &text[start..];
        if rest.starts_with("<!--") {
            let end = rest.find("-->").ok_or_else(|| {
                located(loc(text, start), "a comment `<!--` is never closed".into())
            })?;
            pos = start + end + 3;
            continue;
        }
        let end = rest
            .find('>')
            .ok_or_else(|| located(loc(text, start), "a tag `<` is never closed by `>`".into()))?;
        if rest.starts_with("<?") || rest.starts_with("<!") {
            pos = start + end + 1;
            continue;
        }
        let inner = rest[1..end].trim_end_matches('/').trim();
        let name_len = inner
            .find(|c: char| c.is_whitespace())
            .unwrap_or(inner.len());
        let name = inner[..name_len].to_string();
        let mut attrs = Vec::new();
        let mut a = inner[name_len..].trim_start();
        while !a.is_empty() {
            let bad = || {
                located(
                    loc(text, start),
                    format!("`<{inner}>`: attributes are `name=\"value\"` (ST-N.3.1)"),
                )
            };
            let eq = a.find('=').ok_or_else(bad)?;
            let key = a[..eq].trim().to_string();
            let v = a[eq + 1..].trim_start();
            let quote = v
                .chars()
                .next()
                .filter(|c| *c == '"' || *c == '\'')
                .ok_or_else(bad)?;
            let close = v[1..].find(quote).ok_or_else(bad)?;
            attrs.push((key, unescape(&v[1..=close])));
            a = v[close + 2..].trim_start();
        }
        return Ok(Some(Tag {
            name,
            attrs,
            at: loc(text, start),
            end: start + end + 1,
        }));
    }
}

/// Gravon's `type` attribute as the `.gsn` type number (ST-N.2.2).
fn game_type(name: &str) -> Option<u8> {
    match name.trim() {
        "classic" => Some(0),
        "barrage" => Some(1),
        "classicfree" | "free" => Some(2),
        "ultimate lightning" | "ultimate" => Some(3),
        "duell" | "duel" => Some(4),
        _ => None,
    }
}

/// A game being read.
struct Open {
    at: Loc,
    game_type: u8,
    setup: Option<Setup>,
    moves: Vec<RecordMove>,
    players: Vec<String>,
    result: Option<String>,
}

/// Every `<game>` element of a `.xml` file, each a record or the reason
/// it cannot be read.
pub fn read(text: &str) -> Vec<Result<Record<Stratego>, Located>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut out = Vec::new();
    let mut pos = 0;
    // A game that has gone wrong: skip to its end.
    let mut broken = false;
    let mut open: Option<Open> = None;
    loop {
        let tag = match next_tag(text, pos) {
            Ok(Some(t)) => t,
            Ok(None) => break,
            Err(e) => {
                out.push(Err(e));
                return out;
            }
        };
        pos = tag.end;
        let fail = |why: String| located(tag.at, why);
        match tag.name.as_str() {
            "game" => {
                if let Some(g) = open.take()
                    && !broken
                {
                    out.push(Err(located(
                        g.at,
                        "this `<game>` is never closed by `</game>` (ST-N.3.1)".into(),
                    )));
                }
                broken = false;
                let t = tag.attr("type").unwrap_or("");
                match game_type(t) {
                    Some(game_type) => {
                        open = Some(Open {
                            at: tag.at,
                            game_type,
                            setup: None,
                            moves: Vec::new(),
                            players: Vec::new(),
                            result: None,
                        });
                    }
                    None => {
                        out.push(Err(fail(format!(
                            "`type=\"{t}\"`: the game type is classic, barrage, classicfree, ultimate lightning or duell (ST-N.3.1)"
                        ))));
                        broken = true;
                    }
                }
            }
            "/game" if broken => broken = false,
            _ if broken => {}
            "field" => {
                let Some(g) = open.as_mut() else { continue };
                let content = tag.attr("content").unwrap_or("");
                match read_field(content, g.game_type) {
                    Ok(s) => g.setup = Some(s),
                    Err((col, why)) => {
                        out.push(Err(fail(format!("{why} (at letter {col} of `content`)"))));
                        open = None;
                        broken = true;
                    }
                }
            }
            "move" => {
                let Some(g) = open.as_mut() else { continue };
                let (Some(s), Some(t)) = (tag.attr("source"), tag.attr("target")) else {
                    out.push(Err(fail(
                        "a `<move>` has a `source` and a `target` (ST-N.3.1)".into(),
                    )));
                    open = None;
                    broken = true;
                    continue;
                };
                let written = format!("{s}-{t}");
                match read_gravon_move(&written) {
                    Ok(_) => g.moves.push(RecordMove {
                        text: written,
                        line: tag.at.line as usize,
                    }),
                    Err(why) => {
                        out.push(Err(fail(format!("{why} (ST-N.3.1)"))));
                        open = None;
                        broken = true;
                    }
                }
            }
            "player" => {
                let Some(g) = open.as_mut() else { continue };
                let close = text[pos..].find("</player>").unwrap_or(0);
                g.players.push(unescape(text[pos..pos + close].trim()));
            }
            "result" => {
                let Some(g) = open.as_mut() else { continue };
                let ending = tag.attr("type").unwrap_or("");
                let winner = tag.attr("winner").unwrap_or("");
                match winner.trim().parse::<u8>() {
                    Ok(w @ 1..=3) => g.result = Some(results_text(ending.trim(), w - 1)),
                    _ => {
                        out.push(Err(fail(format!(
                            "`winner=\"{winner}\"`: the winner is 1 (red), 2 (blue) or 3 (a draw) (ST-N.3.1)"
                        ))));
                        open = None;
                        broken = true;
                    }
                }
            }
            "/game" => {
                let Some(g) = open.take() else { continue };
                let Some(setup) = g.setup else {
                    out.push(Err(located(
                        g.at,
                        "the game has no `<field content=…/>`: a game whose setup was never completed cannot be replayed (ST-N.3.1)".into(),
                    )));
                    continue;
                };
                let mut tags = vec![("Type".to_string(), g.game_type.to_string())];
                let mut names = g.players.into_iter();
                if let Some(r) = names.next() {
                    tags.push(("Red".into(), r));
                }
                if let Some(b) = names.next() {
                    tags.push(("Blue".into(), b));
                }
                out.push(Ok(Record {
                    line: g.at.line as usize,
                    tags,
                    setup,
                    moves: g.moves,
                    result: g.result,
                }));
            }
            _ => {}
        }
    }
    if let Some(g) = open
        && !broken
    {
        out.push(Err(located(
            g.at,
            "this `<game>` is never closed by `</game>` (ST-N.3.1)".into(),
        )));
    }
    if out.is_empty() {
        out.push(Err(located(
            Loc { line: 1, column: 1 },
            "the file holds no `<game>` (ST-N.3.1)".into(),
        )));
    }
    out
}

/// Writes a game as Gravon's `.xml` (ST-N.3): for tests and for records
/// written from arbiter's own games. `None` off the standard board.
#[allow(clippy::too_many_arguments)]
pub fn write(
    setup: &Setup,
    game_type: &str,
    moves: &[Move],
    red: &str,
    blue: &str,
    ending: u8,
    winner: u8,
) -> Option<String> {
    let gsn = super::notation::write_gsn(setup, 0, &[], red, blue, ending, winner)?;
    let field = gsn.lines().nth(2)?;
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<stratego>\n");
    out.push_str(&format!(" <game type=\"{game_type}\">\n"));
    out.push_str(&format!("  <field content=\"{field}\"/>\n"));
    for (i, m) in moves.iter().enumerate() {
        out.push_str(&format!(
            "  <move id=\"{}\" source=\"{}\" target=\"{}\"/>\n",
            i + 1,
            gravon_square(m.from),
            gravon_square(m.to)
        ));
    }
    let esc = |s: &str| s.replace('&', "&amp;").replace('<', "&lt;");
    out.push_str(&format!("  <player id=\"1\">{}</player>\n", esc(red)));
    out.push_str(&format!("  <player id=\"2\">{}</player>\n", esc(blue)));
    out.push_str(&format!(
        "  <result type=\"{ending}\" winner=\"{}\"/>\n </game>\n</stratego>\n",
        winner + 1
    ));
    Some(out)
}
