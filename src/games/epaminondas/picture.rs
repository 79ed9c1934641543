//! Epaminondas's pictures for `arbiter explain --html`, on either board
//! (14 × 12 or 8 × 8): the position after each move as SVG, drawn from the
//! positions the reference reached and the rules' note of the move. The
//! moving phalanx is an arrow from its front stone with its stones ringed
//! where they landed and the squares they left shaded; the enemy line it
//! captured is drawn faint and crossed; the two home rows are tinted, the
//! stones standing on the opponent's home row ringed in gold, and the
//! note's crossing counts are written below the board (EP-5.1).
//!
//! A move the symmetry rule refuses (EP-6) is drawn as the position it
//! would have made, with the line or point of the forbidden symmetry: the
//! reference plays the move under the same profile with the symmetry rule
//! switched off, so the picture shows the rules' own board and decides
//! nothing. Another refusal is a dashed red arrow with the reason.

use std::fmt::Write as _;

use crate::rules::{Basics, Scene};
use crate::svg::{ALERT, Grid, INK, MOVE, TRAIL};

use super::board::{Dir, Side, Size, Square};
use super::game::{Epaminondas, Note};
use super::moves::Move;
use super::profile::SymmetryMap;
use super::setup::Setup;
use super::verdict::RuleCode;

/// The gold of a crossing.
const GOLD: &str = "#d4a017";

fn grid(size: Size) -> Grid {
    let cell = match size {
        Size::Standard => 36,
        Size::Small => 48,
    };
    Grid::new(u32::from(size.files()), u32::from(size.ranks()), cell)
}

fn at(sq: Square) -> (u32, u32) {
    (u32::from(sq.file), u32::from(sq.rank))
}

/// `n` squares from `sq` going `d` (off-board steps stop at the edge).
fn walk(size: Size, sq: Square, d: Dir, n: u8) -> impl Iterator<Item = Square> {
    std::iter::successors(Some(sq), move |&here| size.step(here, d)).take(usize::from(n))
}

fn stone(s: &mut String, g: &Grid, sq: Square, side: Side, class: &str, faint: bool) {
    let (x, y) = g.centre(at(sq).0, at(sq).1);
    let (fill, edge) = match side {
        Side::White => ("#f7f3ea", "#555"),
        Side::Black => ("#2a2a2a", "#999"),
    };
    let opacity = if faint { r#" opacity="0.35""# } else { "" };
    let _ = write!(
        s,
        r##"<g class="{class} {side}"{opacity}><title>{side} stone on {sq}</title><circle cx="{x}" cy="{y}" r="{}" fill="{fill}" stroke="{edge}" stroke-width="2"/></g>"##,
        g.cell * 3 / 8
    );
}

/// The board, its home rows tinted.
fn board(s: &mut String, g: &Grid, size: Size, title: &str) {
    g.open(s, title);
    let top = u32::from(size.ranks()) - 1;
    g.squares(
        s,
        move |f, r| {
            let light = (f + r) % 2 == 1;
            match (r == 0 || r == top, light) {
                (true, true) => "#f4e4c4",
                (true, false) => "#e2c999",
                (false, true) => "#eef0e4",
                (false, false) => "#d3d8c0",
            }
        },
        |f| char::from(b'a' + f as u8).to_string(),
        |r| (r + 1).to_string(),
    );
}

fn stones(s: &mut String, g: &Grid, setup: &Setup) {
    for (side, list) in [(Side::White, &setup.white), (Side::Black, &setup.black)] {
        for &sq in list {
            stone(s, g, sq, side, "piece", false);
        }
    }
}

/// Rings the stones standing on the opponent's home row.
fn crossings(s: &mut String, g: &Grid, setup: &Setup) {
    for (side, list) in [(Side::White, &setup.white), (Side::Black, &setup.black)] {
        let row = setup.size.home_rank(side.opponent());
        for &sq in list.iter().filter(|sq| sq.rank == row) {
            g.ring(
                s,
                "crossing",
                at(sq),
                GOLD,
                false,
                &format!("{side} stone on {}'s home row", side.opponent()),
            );
        }
    }
}

/// The board with the scene drawn on it; `None` when the reference told no
/// position.
pub fn svg(scene: &Scene<'_, Epaminondas>) -> Option<String> {
    let now = scene.now()?;
    if let Some(ill) = scene.refused {
        return Some(refused(scene, now, &ill.action, ill.rule, &ill.clause));
    }
    let g = grid(now.size);
    let mut s = String::new();
    board(&mut s, &g, now.size, &format!("the {} board", now.size));
    let note = scene.note();
    let mut legend: Vec<(String, &str)> = Vec::new();
    if let Some(n) = note {
        for sq in walk(now.size, n.mv.front, n.dir.back(), n.count) {
            g.shade(&mut s, "left", at(sq), TRAIL, 0.6);
        }
    }
    stones(&mut s, &g, now);
    crossings(&mut s, &g, now);
    if let Some(n) = note {
        phalanx(&mut s, &g, scene, now, n, &mut legend);
        legend.push((
            format!(
                "on the home rows: white {}, black {}{}",
                n.crossings.white,
                n.crossings.black,
                match n.crossings.leader() {
                    Some(side) => format!(" ({side} leads)"),
                    None => String::new(),
                }
            ),
            "#9a7400",
        ));
        if n.outcome.is_over() {
            legend.push((format!("game over: {}", n.outcome), INK));
        }
    }
    Some(g.finish(s, &legend))
}

/// The last move: the arrow, the moved stones ringed, the captured line
/// faint and crossed.
fn phalanx(
    s: &mut String,
    g: &Grid,
    scene: &Scene<'_, Epaminondas>,
    now: &Setup,
    n: &Note,
    legend: &mut Vec<(String, &str)>,
) {
    for sq in walk(now.size, n.mv.to, n.dir.back(), n.count) {
        g.ring(s, "moved", at(sq), MOVE, false, &format!("moved to {sq}"));
    }
    if let Some(before) = scene.before() {
        for &sq in &n.captures {
            let title = format!("captured: the {} stone on {sq}", n.side.opponent());
            if now.side_on(sq).is_some() {
                // A moving stone stands there now: the mark goes in the
                // corner, so the stone shows.
                g.badge(s, "capture", at(sq), ALERT, "×", &title);
            } else {
                if let Some(side) = before.side_on(sq) {
                    stone(s, g, sq, side, "captured", true);
                }
                g.cross(s, "capture", at(sq), &title);
            }
        }
    }
    g.arrow(s, "move", &[at(n.mv.front), at(n.mv.to)], MOVE, false);
    let stones = if n.count == 1 { "stone" } else { "stones" };
    legend.push((
        format!(
            "{} {}: {} {stones} {} {}",
            n.side,
            n.mv,
            n.count,
            n.dir.name(),
            n.distance
        ),
        MOVE,
    ));
    if !n.captures.is_empty() {
        let list: Vec<String> = n.captures.iter().map(Square::to_string).collect();
        legend.push((
            format!(
                "captures the line {} ({} against {})",
                list.join(" "),
                n.captures.len(),
                n.count
            ),
            ALERT,
        ));
    }
}

/// A refused move: for the symmetry rule, the position it would make with
/// the forbidden symmetry's line; otherwise the position with a dashed red
/// arrow.
fn refused(
    scene: &Scene<'_, Epaminondas>,
    now: &Setup,
    mv: &Move,
    rule: RuleCode,
    clause: &str,
) -> String {
    let g = grid(now.size);
    let mut s = String::new();
    let mut legend: Vec<(String, &str)> = Vec::new();
    let map = scene.profile.symmetry.map;
    let forbidden = (rule == RuleCode::Symmetry)
        .then(|| would_make(scene, now, mv))
        .flatten();
    match forbidden {
        Some(after) => {
            board(
                &mut s,
                &g,
                now.size,
                "the position the symmetry rule forbids",
            );
            stones(&mut s, &g, &after);
            crossings(&mut s, &g, &after);
            axis(&mut s, &g, map);
            g.arrow(&mut s, "refused", &[at(mv.front), at(mv.to)], ALERT, true);
            legend.push((
                format!("refused {mv} ({rule}, {clause}): it would make"),
                ALERT,
            ));
            legend.push((
                format!("this position, symmetric: {}", map_name(map)),
                ALERT,
            ));
        }
        None => {
            board(&mut s, &g, now.size, "a refused move");
            stones(&mut s, &g, now);
            g.arrow(&mut s, "refused", &[at(mv.front), at(mv.to)], ALERT, true);
            legend.push((format!("refused {mv} ({rule}, {clause})"), ALERT));
        }
    }
    g.finish(s, &legend)
}

/// The position `mv` would make from `now`, as the reference plays it
/// under the scene's profile with the symmetry rule off.
fn would_make(scene: &Scene<'_, Epaminondas>, now: &Setup, mv: &Move) -> Option<Setup> {
    let mut profile = scene.profile.clone();
    profile.symmetry.map = SymmetryMap::None;
    let mut game = Epaminondas::reference().start(now, &profile).ok()?;
    game.play(mv).ok()?;
    game.position()
}

fn map_name(map: SymmetryMap) -> &'static str {
    match map {
        SymmetryMap::Mirror => "left-right mirror, same colours",
        SymmetryMap::RotateSwap => "180° turn, colours swapped",
        SymmetryMap::MidlineSwap => "mirror across the middle, colours swapped",
        SymmetryMap::None => "none",
    }
}

/// The line (or, for the half turn, the point) the forbidden symmetry is
/// taken about.
fn axis(s: &mut String, g: &Grid, map: SymmetryMap) {
    let (x0, y0) = (g.margin, g.margin);
    let (w, h) = (g.files * g.cell, g.ranks * g.cell);
    let style = format!(r##"stroke="{ALERT}" stroke-width="3" stroke-dasharray="10 6""##);
    match map {
        SymmetryMap::Mirror => {
            let x = x0 + w / 2;
            let _ = write!(
                s,
                r##"<line class="axis" x1="{x}" y1="{}" x2="{x}" y2="{}" {style}><title>the mirror line</title></line>"##,
                y0 - 6,
                y0 + h + 6
            );
        }
        SymmetryMap::MidlineSwap => {
            let y = y0 + h / 2;
            let _ = write!(
                s,
                r##"<line class="axis" x1="{}" y1="{y}" x2="{}" y2="{y}" {style}><title>the middle line</title></line>"##,
                x0 - 6,
                x0 + w + 6
            );
        }
        SymmetryMap::RotateSwap => {
            let (cx, cy) = (x0 + w / 2, y0 + h / 2);
            let _ = write!(
                s,
                r##"<g class="axis"><title>the centre of the half turn</title><circle cx="{cx}" cy="{cy}" r="9" fill="none" {style}/><circle cx="{cx}" cy="{cy}" r="3" fill="{ALERT}"/></g>"##
            );
        }
        SymmetryMap::None => {}
    }
}
