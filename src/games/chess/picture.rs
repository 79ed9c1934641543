//! Chess's pictures for `arbiter explain --html`: the board after each
//! action as SVG, drawn from the positions the reference reached and the
//! rules' note of the last action. The last move is an arrow over the two
//! squares it joined, a capture is framed red where the taken piece stood;
//! when the note says check, the king in check is framed and a red line
//! runs from each piece that gives it (the reference's own attack test
//! finds them); when the note counts a repetition, the squares of the moves
//! since the position last stood are framed, those moves being what brought
//! it back. A refused action is a dashed red arrow with the reason.
//!
//! Pieces are the solid Unicode chess glyphs (DejaVu Sans and the other
//! fonts named on the picture carry them), filled white or black with an
//! outline of the other colour, so the side reads whichever font draws
//! them; each piece has a tooltip naming it.

use crate::rules::Scene;
use crate::svg::{ALERT, Grid, INK, MOVE, TRAIL, WARN};

use super::action::Action;
use super::board::{Color, Kind, Square};
use super::game::{Chess, Note};
use super::position::Position;
use super::reference::draws::key;
use super::reference::movement::attacks;

const GRID: Grid = Grid::new(8, 8, 48);

/// The repetition's shade.
const REPEAT: &str = "#8e44ad";

fn at(sq: Square) -> (u32, u32) {
    (u32::from(sq.file()), u32::from(sq.rank()))
}

/// The solid glyph of a kind (its colour comes from the fill).
fn glyph(kind: Kind) -> char {
    match kind {
        Kind::King => '♚',
        Kind::Queen => '♛',
        Kind::Rook => '♜',
        Kind::Bishop => '♝',
        Kind::Knight => '♞',
        Kind::Pawn => '♟',
    }
}

/// The board with the scene drawn on it; `None` when the reference told no
/// position.
pub fn svg(scene: &Scene<'_, Chess>) -> Option<String> {
    let now = scene.now()?;
    let note = scene.note().filter(|_| scene.refused.is_none());
    let mut s = String::new();
    GRID.open(&mut s, &format!("the board, {} to move", now.to_move));
    GRID.checkered(&mut s, "#b58863", "#f0d9b5");
    let mut legend: Vec<(String, &str)> = Vec::new();
    // Under the pieces: the repetition's squares, then the last move's.
    if let Some(n) = note {
        if n.repetitions >= 2 {
            for line in repetition(&mut s, scene, now, n) {
                legend.push((line, REPEAT));
            }
        }
        if let (Action::Move(m), Some(before)) = (n.action, scene.before()) {
            GRID.shade(&mut s, "from", at(m.from), TRAIL, 0.6);
            GRID.shade(&mut s, "to", at(m.to), TRAIL, 0.6);
            if n.capture {
                let taken = taken_square(before, now, n.side);
                if let Some((sq, what)) = taken {
                    GRID.frame(
                        &mut s,
                        "captured",
                        at(sq),
                        ALERT,
                        false,
                        &format!("took the {what} on {sq}"),
                    );
                    legend.push((format!("{} took the {what} on {sq}", n.side), ALERT));
                }
            }
        }
    }
    for sq in Square::all() {
        let Some(p) = now.at(sq) else { continue };
        let (x, y) = GRID.centre(u32::from(sq.file()), u32::from(sq.rank()));
        let (ink, stroke) = match p.color {
            Color::White => ("#fffdf5", "#222"),
            Color::Black => ("#111", "#555"),
        };
        s.push_str(&format!(
            r##"<g class="piece {c}"><title>{p} on {sq}</title><text x="{x}" y="{}" font-size="40" text-anchor="middle" fill="{ink}" stroke="{stroke}" stroke-width="1">{}</text></g>"##,
            y + 14,
            glyph(p.kind),
            c = p.color,
        ));
    }
    if let Some(n) = note {
        if let Action::Move(m) = n.action {
            GRID.arrow(&mut s, "move", &[at(m.from), at(m.to)], MOVE, false);
        }
        if n.check {
            legend.push((check(&mut s, now, n), WARN));
        }
        if let Action::Claim(kind, mv) = n.action {
            let with = mv.map_or(String::new(), |m| format!(" with {m}"));
            legend.push((format!("{} claims {kind}{with}", n.side), INK));
        }
        if n.outcome.is_over() {
            legend.push((format!("game over: {}", n.outcome), INK));
        }
    }
    if let Some(ill) = scene.refused {
        let m = match ill.action {
            Action::Move(m) | Action::Claim(_, Some(m)) => Some(m),
            Action::Claim(_, None) => None,
        };
        if let Some(m) = m {
            GRID.arrow(&mut s, "refused", &[at(m.from), at(m.to)], ALERT, true);
        }
        legend.push((
            format!("refused {} ({}, {})", ill.action, ill.rule, ill.clause),
            ALERT,
        ));
    }
    Some(GRID.finish(s, &legend))
}

/// Where the piece the side `mover` took stood, and what it was: the
/// square whose piece of the other side is gone (the landing square, or
/// the passed pawn's square for en passant).
fn taken_square(before: &Position, now: &Position, mover: Color) -> Option<(Square, String)> {
    Square::all().find_map(|sq| {
        let was = before.at(sq).filter(|p| p.color != mover)?;
        (now.at(sq) != Some(was)).then(|| (sq, was.to_string()))
    })
}

/// Frames the king in check and draws a line from each piece that gives
/// it; the legend's sentence.
fn check(s: &mut String, now: &Position, n: &Note) -> String {
    let king = now.king(now.to_move);
    let checkers: Vec<Square> = Square::all()
        .filter(|&sq| now.at(sq).is_some_and(|p| p.color != now.to_move) && attacks(now, sq, king))
        .collect();
    let word = if n.outcome.is_checkmate() {
        "checkmate"
    } else {
        "check"
    };
    GRID.frame(
        s,
        "in-check",
        at(king),
        WARN,
        false,
        &format!("{} king in {word}", now.to_move),
    );
    let mut names = Vec::new();
    for c in &checkers {
        let p = now.at(*c).map(|p| p.to_string()).unwrap_or_default();
        GRID.ring(
            s,
            "checker",
            at(*c),
            WARN,
            false,
            &format!("{p} on {c} gives check"),
        );
        // From the checking piece's edge to the king's, so neither glyph
        // is crossed.
        let (x1, y1) = GRID.centre(at(*c).0, at(*c).1);
        let (x2, y2) = GRID.centre(at(king).0, at(king).1);
        let (dx, dy) = (f64::from(x2) - f64::from(x1), f64::from(y2) - f64::from(y1));
        let len = (dx * dx + dy * dy).sqrt().max(1.0);
        let cut = f64::from(GRID.cell) * 0.45;
        let (ux, uy) = (dx / len * cut, dy / len * cut);
        s.push_str(&format!(
            r##"<line class="check-line" x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{WARN}" stroke-width="3" stroke-dasharray="6 4" opacity="0.9"/>"##,
            f64::from(x1) + ux,
            f64::from(y1) + uy,
            f64::from(x2) - ux,
            f64::from(y2) - uy
        ));
        names.push(format!("{} {c}", now.at(*c).map_or("", |p| p.kind.name())));
    }
    format!("{word}: {} → king {king}", names.join(", "))
}

/// Shades the squares of the moves played since the position last stood
/// (the note counts it; the picture finds where with the reference's own
/// repetition key under the scene's profile, so it marks the occurrence
/// the count found) and says so. A claim moves nothing: the position it
/// is made in stands since the last move, and the search starts below
/// that.
fn repetition(s: &mut String, scene: &Scene<'_, Chess>, now: &Position, n: &Note) -> Vec<String> {
    let standing = scene
        .played
        .iter()
        .rposition(|a| matches!(a, Action::Move(_)))
        .map_or(0, |i| i + 1);
    let same = key(now, scene.profile);
    let last = (0..standing).rev().find(|&i| {
        scene
            .positions
            .get(i)
            .is_some_and(|p| key(p, scene.profile) == same)
    });
    let times = ordinal(n.repetitions);
    let Some(i) = last else {
        return vec![format!("the position stands for the {times} time")];
    };
    let mut marked: Vec<Square> = Vec::new();
    for a in &scene.played[i..] {
        if let Action::Move(m) = a {
            for sq in [m.from, m.to] {
                if !marked.contains(&sq) {
                    marked.push(sq);
                }
            }
        }
    }
    for sq in &marked {
        GRID.frame(
            s,
            "repetition",
            at(*sq),
            REPEAT,
            true,
            &format!("{sq}: a move since the position last stood"),
        );
    }
    let when = if i == 0 {
        "at the setup".to_string()
    } else {
        format!("after ply {i}")
    };
    vec![
        format!("{times} time this position stands (last {when})"),
        "purple dashes: the squares of the moves that brought it back".into(),
    ]
}

fn ordinal(n: u32) -> String {
    match n {
        1 => "1st".into(),
        2 => "2nd".into(),
        3 => "3rd".into(),
        n => format!("{n}th"),
    }
}
