//! Stratego's pictures for `arbiter explain --html`: the board after each
//! move as SVG, drawn from the rules' own note of the move, so a reader sees
//! what the table says. The last move is an arrow; the boundary lines it
//! crossed are drawn thick with the two-squares count beside them (the
//! seed pages count crossings of a boundary, "Grenzlinie"); a chasing move
//! is ringed, the pieces it threatens are marked, and the caption names
//! the chase.

use std::fmt::Write as _;

use super::game::PlyReport;
use super::moves::Move;
use super::piece::Color;
use super::position::Setup;
use super::reference::replay::Replay;
use super::square::Square;

/// Side of a square, in SVG units.
const CELL: u32 = 40;
/// Room for the file letters and rank numbers.
const MARGIN: u32 = 24;

/// Centre of `sq` on a board of `ranks` ranks (rank 1 at the bottom).
fn centre(sq: Square, ranks: u8) -> (u32, u32) {
    (
        MARGIN + u32::from(sq.file) * CELL + CELL / 2,
        MARGIN + u32::from(ranks - 1 - sq.rank) * CELL + CELL / 2,
    )
}

/// The board after `moves` from `setup`, with `note` (the rules' note of
/// the last move) drawn on it; `None` when the setup does not validate or a
/// move is not one square to a line (the scenario is then broken, and the
/// page shows why elsewhere).
pub fn svg(setup: &Setup, moves: &[Move], note: Option<&PlyReport>) -> Option<String> {
    let start = setup.validate().ok()?;
    let replay = Replay::run(&start, moves);
    let board = replay.current();
    let g = board.geometry();
    let (w, h) = (
        2 * MARGIN + u32::from(g.files) * CELL,
        2 * MARGIN + u32::from(g.ranks) * CELL,
    );
    let mut s = String::new();
    let _ = write!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img">"##
    );
    s.push_str(
        r##"<defs><marker id="arrowhead" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#222"/></marker></defs>"##,
    );
    for file in 0..g.files {
        for rank in 0..g.ranks {
            let sq = Square::new(file, rank);
            let (x, y) = centre(sq, g.ranks);
            let class = if g.is_lake(sq) { "lake" } else { "square" };
            let fill = if g.is_lake(sq) { "#7fb3e6" } else { "#efe6cf" };
            let _ = write!(
                s,
                r##"<rect class="{class}" x="{}" y="{}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="#8a7f66" stroke-width="1"/>"##,
                x - CELL / 2,
                y - CELL / 2
            );
        }
    }
    for file in 0..g.files {
        let (x, _) = centre(Square::new(file, 0), g.ranks);
        let _ = write!(
            s,
            r##"<text x="{x}" y="{}" font-size="12" text-anchor="middle" fill="#444">{}</text>"##,
            h - MARGIN / 2 + 4,
            char::from(b'A' + file)
        );
    }
    for rank in 0..g.ranks {
        let (_, y) = centre(Square::new(0, rank), g.ranks);
        let _ = write!(
            s,
            r##"<text x="{}" y="{}" font-size="12" text-anchor="middle" fill="#444">{}</text>"##,
            MARGIN / 2,
            y + 4,
            rank + 1
        );
    }
    let chase = note.and_then(|n| n.chase.as_ref());
    if let Some(c) = chase {
        for t in &c.threatens {
            if let Ok(sq) = t.parse::<Square>() {
                let (x, y) = centre(sq, g.ranks);
                let _ = write!(
                    s,
                    r##"<rect class="threatened" x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#d35400" stroke-width="3" stroke-dasharray="5 3"/>"##,
                    x - CELL / 2 + 2,
                    y - CELL / 2 + 2,
                    CELL - 4,
                    CELL - 4
                );
            }
        }
    }
    if let (Some(_), Some(mv)) = (note, moves.last()) {
        // Where the last move started, so the eye finds it.
        let (x, y) = centre(mv.from, g.ranks);
        let _ = write!(
            s,
            r##"<rect class="from" x="{}" y="{}" width="{CELL}" height="{CELL}" fill="#f6d77a"/>"##,
            x - CELL / 2,
            y - CELL / 2
        );
    }
    for (sq, placed) in board.pieces() {
        let (x, y) = centre(sq, g.ranks);
        let (fill, name) = match placed.piece.color {
            Color::Red => ("#b83227", "red"),
            Color::Blue => ("#1f4e9c", "blue"),
        };
        let _ = write!(
            s,
            r##"<g class="piece {name}"><title>{} on {sq}</title><rect x="{}" y="{}" width="{}" height="{}" rx="5" fill="{fill}"/><text x="{x}" y="{}" font-size="15" font-weight="bold" text-anchor="middle" fill="white">{}</text></g>"##,
            placed.piece,
            x - CELL / 2 + 4,
            y - CELL / 2 + 4,
            CELL - 8,
            CELL - 8,
            y + 5,
            placed.piece.rank.symbol()
        );
    }
    if let (Some(n), Some(&mv)) = (note, moves.last()) {
        draw_move(&mut s, mv, n, g.ranks);
    }
    s.push_str("</svg>");
    Some(s)
}

/// The last move: an arrow, the boundary lines it crossed with the
/// two-squares count, and a ring when it is a chasing move.
fn draw_move(s: &mut String, mv: Move, note: &PlyReport, ranks: u8) {
    let (x1, y1) = centre(mv.from, ranks);
    let (x2, y2) = centre(mv.to, ranks);
    let _ = write!(
        s,
        r##"<line class="move" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#222" stroke-width="3" marker-end="url(#arrowhead)" opacity="0.8"/>"##
    );
    if let Some(ts) = &note.two_squares {
        // Each boundary between two squares of the path is crossed once.
        let mut path = vec![mv.from];
        path.extend(mv.from.between(mv.to).unwrap_or_default());
        path.push(mv.to);
        let middle = (path.len() - 1) / 2;
        for (i, pair) in path.windows(2).enumerate() {
            let (ax, ay) = centre(pair[0], ranks);
            let (bx, by) = centre(pair[1], ranks);
            let (mx, my) = ((ax + bx) / 2, (ay + by) / 2);
            let half = CELL / 2 - 3;
            let (lx1, ly1, lx2, ly2) = if ay == by {
                (mx, my - half, mx, my + half)
            } else {
                (mx - half, my, mx + half, my)
            };
            let _ = write!(
                s,
                r##"<line class="boundary" x1="{lx1}" y1="{ly1}" x2="{lx2}" y2="{ly2}" stroke="#e67e22" stroke-width="5"/>"##
            );
            if i == middle {
                let _ = write!(
                    s,
                    r##"<g class="count"><rect x="{}" y="{}" width="26" height="18" rx="4" fill="#e67e22"/><text x="{mx}" y="{}" font-size="13" font-weight="bold" text-anchor="middle" fill="white">{}x</text></g>"##,
                    mx - 13,
                    ly1 - 12,
                    ly1 + 1,
                    ts.count
                );
            }
        }
    }
    if let Some(c) = &note.chase
        && c.chasing_move
    {
        let _ = write!(
            s,
            r##"<circle class="chasing" cx="{x2}" cy="{y2}" r="{}" fill="none" stroke="#d35400" stroke-width="3"/>"##,
            CELL / 2 + 2
        );
    }
}
