//! Dame's pictures for `arbiter explain --html`: the board after each
//! action as SVG, drawn from the positions the reference reached and the
//! rules' note of the last action. A step is an arrow; a capture is an
//! arrow through every landing square of its path, each taken stone drawn
//! faint where it stood, crossed and numbered in the order jumped; a
//! crowning rings the new Dame in gold; a huff crosses the stone removed;
//! the stones the other side may now huff (an overlooked capture, DA-6)
//! are ringed with dashes. A refused action is a dashed red arrow with the
//! reason. Dark squares only are played on (DA-1.1); a Dame wears a crown.

use std::fmt::Write as _;

use crate::rules::Scene;
use crate::svg::{ALERT, Grid, INK, MOVE, TRAIL, WARN};

use super::board::{Kind, Setup, Side, Square, Stone};
use super::game::Dame;
use super::moves::Action;

const GRID: Grid = Grid::new(8, 8, 48);

/// The crown's gold.
const GOLD: &str = "#d4a017";

fn at(sq: Square) -> (u32, u32) {
    (sq.file() as u32, sq.rank() as u32)
}

fn stone_at(setup: &Setup, sq: Square) -> Option<Stone> {
    setup
        .stones
        .iter()
        .find(|(s, _)| *s == sq)
        .map(|(_, st)| *st)
}

/// The squares an action goes through: the start, then each landing.
fn path(a: &Action) -> Vec<Square> {
    match a {
        Action::Step { from, to } => vec![*from, *to],
        Action::Capture(p) => p.clone(),
        Action::Huff(_) => Vec::new(),
    }
}

/// One stone: a disc of its side's colour, a crown on a Dame; `faint` for
/// a stone taken by the last action.
fn stone(s: &mut String, sq: Square, st: Stone, class: &str, faint: bool) {
    let (x, y) = GRID.centre(at(sq).0, at(sq).1);
    let (fill, edge) = match st.side {
        Side::White => ("#f7f3ea", "#555"),
        Side::Black => ("#2a2a2a", "#999"),
    };
    let opacity = if faint { r#" opacity="0.35""# } else { "" };
    let _ = write!(
        s,
        r##"<g class="{class} {side} {kind}"{opacity}><title>{side} {kind} on {sq}</title><circle cx="{x}" cy="{y}" r="18" fill="{fill}" stroke="{edge}" stroke-width="2"/><circle cx="{x}" cy="{y}" r="12" fill="none" stroke="{edge}" stroke-width="1"/>"##,
        side = st.side,
        kind = st.kind,
    );
    if st.kind == Kind::Dame {
        // A crown: a band and three points.
        let (x, y) = (x as i32, y as i32);
        let _ = write!(
            s,
            r##"<path d="M{} {} L{} {} L{} {} L{} {} L{} {} L{} {} L{} {} z" fill="{GOLD}" stroke="#7a5c00" stroke-width="1"/>"##,
            x - 10,
            y + 6,
            x - 11,
            y - 6,
            x - 5,
            y,
            x,
            y - 9,
            x + 5,
            y,
            x + 11,
            y - 6,
            x + 10,
            y + 6
        );
    }
    s.push_str("</g>");
}

/// The board with the scene drawn on it; `None` when the reference told no
/// position.
pub fn svg(scene: &Scene<'_, Dame>) -> Option<String> {
    let now = scene.now()?;
    let note = scene.note().filter(|_| scene.refused.is_none());
    let last = scene.played.last().filter(|_| note.is_some());
    let before = scene.before();
    let mut s = String::new();
    GRID.open(&mut s, "the Dame board");
    GRID.checkered(&mut s, "#8b6a47", "#f3e6c8");
    let mut legend: Vec<(String, &str)> = Vec::new();
    if let Some(a) = last {
        for sq in path(a) {
            GRID.shade(&mut s, "trail", at(sq), TRAIL, 0.55);
        }
    }
    for (sq, st) in &now.stones {
        stone(&mut s, *sq, *st, "piece", false);
    }
    if let (Some(n), Some(a)) = (note, last) {
        let p = path(a);
        GRID.arrow(
            &mut s,
            "move",
            &p.iter().map(|&q| at(q)).collect::<Vec<_>>(),
            MOVE,
            false,
        );
        for (i, sq) in n.captures.iter().enumerate() {
            if let Some(st) = before.and_then(|b| stone_at(b, *sq)) {
                stone(&mut s, *sq, st, "captured", true);
            }
            GRID.cross(
                &mut s,
                "capture",
                at(*sq),
                &format!("taken {}: the stone on {sq}", i + 1),
            );
            if n.captures.len() > 1 {
                let order = (i + 1).to_string();
                GRID.badge(
                    &mut s,
                    "capture-order",
                    at(*sq),
                    ALERT,
                    &order,
                    &format!("jumped {order}."),
                );
            }
        }
        if !n.captures.is_empty() {
            let list: Vec<String> = n.captures.iter().map(Square::to_string).collect();
            legend.push((format!("{} {a} takes {}", n.side, list.join(", ")), ALERT));
        }
        if n.crowned
            && let Some(&to) = p.last()
        {
            GRID.ring(
                &mut s,
                "crowned",
                at(to),
                GOLD,
                false,
                &format!("crowned on {to}"),
            );
            legend.push((format!("crowned on {to}: a Dame"), "#9a7400"));
        }
        if let Some(h) = n.huffed {
            if let Some(st) = before.and_then(|b| stone_at(b, h)) {
                stone(&mut s, h, st, "captured", true);
            }
            GRID.cross(
                &mut s,
                "huffed",
                at(h),
                &format!("huffed: the stone on {h}"),
            );
            legend.push((format!("{} huffs the stone on {h}", n.side), ALERT));
        }
        if !n.huffable.is_empty() {
            for h in &n.huffable {
                GRID.ring(
                    &mut s,
                    "huffable",
                    at(*h),
                    WARN,
                    true,
                    &format!("{h} overlooked a capture and may be huffed"),
                );
            }
            let list: Vec<String> = n.huffable.iter().map(Square::to_string).collect();
            legend.push((
                format!(
                    "{} overlooked a capture: {} may huff {}",
                    n.side,
                    n.side.other(),
                    list.join(", ")
                ),
                WARN,
            ));
        }
        if n.outcome.is_over() {
            legend.push((format!("game over: {}", n.outcome), INK));
        }
    }
    if let Some(ill) = scene.refused {
        let p = path(&ill.action);
        if p.is_empty() {
            GRID.ring(
                &mut s,
                "refused",
                at(ill.action.from()),
                ALERT,
                true,
                "refused",
            );
        } else {
            let pts: Vec<(u32, u32)> = p.iter().map(|&q| at(q)).collect();
            GRID.arrow(&mut s, "refused", &pts, ALERT, true);
        }
        legend.push((
            format!("refused {} ({}, {})", ill.action, ill.rule, ill.clause),
            ALERT,
        ));
    }
    Some(GRID.finish(s, &legend))
}
