//! Drawing helpers for the square boards of `arbiter explain --html`: a
//! grid of squares with its coordinates, arrows, rings and crosses, written
//! as inline SVG. They know squares as (file, rank) numbers only, so every
//! game with a square board draws with them and none is named here; what
//! to draw is each game's own `picture` module.

use std::fmt::Write as _;

/// Ink for text and arrows.
pub const INK: &str = "#222";
/// The last move's arrow.
pub const MOVE: &str = "#1d6fb8";
/// The squares the last move joined.
pub const TRAIL: &str = "#f2c94c";
/// Captures and refusals.
pub const ALERT: &str = "#c0392b";
/// Check, and stones that may be huffed.
pub const WARN: &str = "#e67e22";

/// Escapes text for SVG content and attributes.
pub fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A board of `files` × `ranks` squares of `cell` units, rank 0 at the
/// bottom, with a margin for the coordinates and `extra` units below it
/// for a line of text.
#[derive(Clone, Copy, Debug)]
pub struct Grid {
    /// Columns of squares.
    pub files: u32,
    /// Rows of squares.
    pub ranks: u32,
    /// Side of a square.
    pub cell: u32,
    /// Room for the coordinates on each side.
    pub margin: u32,
    /// Room below the board for a legend.
    pub extra: u32,
}

impl Grid {
    /// A board of `files` × `ranks` squares of `cell` units, with the
    /// margin and the room for a legend every game's picture leaves.
    pub const fn new(files: u32, ranks: u32, cell: u32) -> Grid {
        Grid {
            files,
            ranks,
            cell,
            margin: 22,
            extra: 56,
        }
    }

    /// Width of the picture.
    pub fn width(&self) -> u32 {
        2 * self.margin + self.files * self.cell
    }

    /// Height of the picture.
    pub fn height(&self) -> u32 {
        2 * self.margin + self.ranks * self.cell + self.extra
    }

    /// Centre of the square on `file`, `rank`.
    pub fn centre(&self, file: u32, rank: u32) -> (u32, u32) {
        (
            self.margin + file * self.cell + self.cell / 2,
            self.margin + (self.ranks - 1 - rank) * self.cell + self.cell / 2,
        )
    }

    /// Top-left corner of the square on `file`, `rank`.
    pub fn corner(&self, file: u32, rank: u32) -> (u32, u32) {
        let (x, y) = self.centre(file, rank);
        (x - self.cell / 2, y - self.cell / 2)
    }

    /// Opens the picture: the `<svg>` element and its title.
    pub fn open(&self, s: &mut String, title: &str) {
        let (w, h) = (self.width(), self.height());
        let _ = write!(
            s,
            r##"<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img" font-family="DejaVu Sans, Noto Sans Symbols 2, Segoe UI Symbol, Arial Unicode MS, sans-serif"><title>{}</title>"##,
            esc(title)
        );
    }

    /// The squares, coloured by `fill(file, rank)`, and the coordinates:
    /// `file_name(f)` below and above, `rank_name(r)` left and right.
    pub fn squares(
        &self,
        s: &mut String,
        fill: impl Fn(u32, u32) -> &'static str,
        file_name: impl Fn(u32) -> String,
        rank_name: impl Fn(u32) -> String,
    ) {
        for file in 0..self.files {
            for rank in 0..self.ranks {
                let (x, y) = self.corner(file, rank);
                let _ = write!(
                    s,
                    r##"<rect class="square" x="{x}" y="{y}" width="{c}" height="{c}" fill="{}"/>"##,
                    fill(file, rank),
                    c = self.cell
                );
            }
        }
        let (w, m) = (self.files * self.cell, self.margin);
        let h = self.ranks * self.cell;
        let _ = write!(
            s,
            r##"<rect x="{m}" y="{m}" width="{w}" height="{h}" fill="none" stroke="#555" stroke-width="1.5"/>"##
        );
        for file in 0..self.files {
            let (x, _) = self.centre(file, 0);
            for y in [m / 2 + 4, m + h + m / 2 + 4] {
                let _ = write!(
                    s,
                    r##"<text class="coord" x="{x}" y="{y}" font-size="12" text-anchor="middle" fill="#444">{}</text>"##,
                    file_name(file)
                );
            }
        }
        for rank in 0..self.ranks {
            let (_, y) = self.centre(0, rank);
            for x in [m / 2, m + w + m / 2] {
                let _ = write!(
                    s,
                    r##"<text class="coord" x="{x}" y="{}" font-size="12" text-anchor="middle" fill="#444">{}</text>"##,
                    y + 4,
                    rank_name(rank)
                );
            }
        }
    }

    /// A checkered board (`dark` where file and rank add up to an even
    /// number, as a1 is), files lettered from `a` and ranks numbered from 1:
    /// the chess and Dame boards.
    pub fn checkered(&self, s: &mut String, dark: &'static str, light: &'static str) {
        self.squares(
            s,
            |f, r| if (f + r) % 2 == 0 { dark } else { light },
            |f| char::from(b'a' + f as u8).to_string(),
            |r| (r + 1).to_string(),
        );
    }

    /// A square filled with `colour` at `opacity`, under the pieces (the
    /// square a move left, a square of a repetition).
    pub fn shade(
        &self,
        s: &mut String,
        class: &str,
        (f, r): (u32, u32),
        colour: &str,
        opacity: f32,
    ) {
        let (x, y) = self.corner(f, r);
        let _ = write!(
            s,
            r##"<rect class="{class}" x="{x}" y="{y}" width="{c}" height="{c}" fill="{colour}" opacity="{opacity}"/>"##,
            c = self.cell
        );
    }

    /// A frame inside a square (`dash`: dashed), with a tooltip.
    pub fn frame(
        &self,
        s: &mut String,
        class: &str,
        (f, r): (u32, u32),
        colour: &str,
        dash: bool,
        title: &str,
    ) {
        let (x, y) = self.corner(f, r);
        let _ = write!(
            s,
            r##"<rect class="{class}" x="{}" y="{}" width="{c}" height="{c}" {}><title>{}</title></rect>"##,
            x + 2,
            y + 2,
            outline(colour, dash),
            esc(title),
            c = self.cell - 4
        );
    }

    /// A ring around a square's piece, with a tooltip.
    pub fn ring(
        &self,
        s: &mut String,
        class: &str,
        (f, r): (u32, u32),
        colour: &str,
        dash: bool,
        title: &str,
    ) {
        let (x, y) = self.centre(f, r);
        let _ = write!(
            s,
            r##"<circle class="{class}" cx="{x}" cy="{y}" r="{}" {}><title>{}</title></circle>"##,
            self.cell / 2 - 2,
            outline(colour, dash),
            esc(title)
        );
    }

    /// A cross over a square: a piece taken there.
    pub fn cross(&self, s: &mut String, class: &str, (f, r): (u32, u32), title: &str) {
        let (x, y) = self.centre(f, r);
        let d = self.cell / 3;
        let _ = write!(
            s,
            r##"<g class="{class}"><title>{}</title><path d="M{} {} L{} {} M{} {} L{} {}" stroke="{ALERT}" stroke-width="4" stroke-linecap="round"/></g>"##,
            esc(title),
            x - d,
            y - d,
            x + d,
            y + d,
            x + d,
            y - d,
            x - d,
            y + d
        );
    }

    /// A small round mark with `text` in a square's top-left corner (the
    /// order of a capture, a capture under the piece that made it).
    pub fn badge(
        &self,
        s: &mut String,
        class: &str,
        (f, r): (u32, u32),
        colour: &str,
        text: &str,
        title: &str,
    ) {
        let (x, y) = self.corner(f, r);
        let _ = write!(
            s,
            r##"<g class="{class}"><title>{}</title><circle cx="{}" cy="{}" r="8" fill="{colour}"/><text x="{}" y="{}" font-size="12" font-weight="bold" text-anchor="middle" fill="white">{}</text></g>"##,
            esc(title),
            x + 10,
            y + 10,
            x + 10,
            y + 14,
            esc(text)
        );
    }

    /// An arrow through the centres of `path` (at least two squares),
    /// stopping short of the last centre so the piece there shows: `dash`
    /// for an action not played. The head is a triangle of its own (no
    /// SVG marker: the page holds many pictures, most of them hidden, and
    /// a marker in a hidden picture draws nowhere).
    pub fn arrow(
        &self,
        s: &mut String,
        class: &str,
        path: &[(u32, u32)],
        colour: &str,
        dash: bool,
    ) {
        if path.len() < 2 {
            return;
        }
        let mut pts: Vec<(f64, f64)> = path
            .iter()
            .map(|&(f, r)| {
                let (x, y) = self.centre(f, r);
                (f64::from(x), f64::from(y))
            })
            .collect();
        let n = pts.len();
        let (x1, y1) = pts[n - 2];
        let (x2, y2) = pts[n - 1];
        let len = ((x2 - x1).powi(2) + (y2 - y1).powi(2)).sqrt().max(1.0);
        let (ux, uy) = ((x2 - x1) / len, (y2 - y1) / len);
        let tip = (
            x2 - ux * f64::from(self.cell) * 0.18,
            y2 - uy * f64::from(self.cell) * 0.18,
        );
        let head = f64::from(self.cell) * 0.32;
        let base = (tip.0 - ux * head, tip.1 - uy * head);
        pts[n - 1] = base;
        let points: Vec<String> = pts.iter().map(|(x, y)| format!("{x:.1},{y:.1}")).collect();
        let dash = if dash {
            r#" stroke-dasharray="8 5""#
        } else {
            ""
        };
        let w = head * 0.45;
        let _ = write!(
            s,
            r##"<g class="{class}" opacity="0.85"><polyline points="{}" fill="none" stroke="{colour}" stroke-width="6" stroke-linejoin="round" stroke-linecap="round"{dash}/><path d="M{:.1},{:.1} L{:.1},{:.1} L{:.1},{:.1} z" fill="{colour}"/></g>"##,
            points.join(" "),
            tip.0,
            tip.1,
            base.0 - uy * w,
            base.1 + ux * w,
            base.0 + uy * w,
            base.1 - ux * w,
        );
    }

    /// Writes the first three lines of `legend` (text, colour) below the
    /// board and closes the picture.
    pub fn finish(&self, mut s: String, legend: &[(String, &str)]) -> String {
        for (i, (text, colour)) in legend.iter().take(3).enumerate() {
            self.legend(&mut s, i, text, colour);
        }
        s.push_str("</svg>");
        s
    }

    /// A line of text below the board: line `line` of the legend.
    pub fn legend(&self, s: &mut String, line: usize, text: &str, colour: &str) {
        let y = 2 * self.margin + self.ranks * self.cell + 14 + 16 * line as u32;
        let _ = write!(
            s,
            r##"<text class="legend" x="{}" y="{y}" font-size="13" fill="{colour}">{}</text>"##,
            self.margin,
            esc(text)
        );
    }
}

/// The stroke of a frame or a ring: `colour`, three wide, dashed when
/// `dash` (an outline that marks without hiding what it surrounds).
fn outline(colour: &str, dash: bool) -> String {
    let dash = if dash {
        r#" stroke-dasharray="5 3""#
    } else {
        ""
    };
    format!(r#"fill="none" stroke="{colour}" stroke-width="3"{dash}"#)
}
