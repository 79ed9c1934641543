//! Backgammon's pictures for `arbiter explain --html`: the board after each
//! action as SVG, drawn from the rules' own note of it. The S points run
//! along the top (S12 at the left, S1 at the right), the W points along
//! the bottom, as in the text board (`text_board::render`); the bar in the
//! middle, the checkers borne off at the right (black's above, white's
//! below), the cube at the left, on the side of the player who owns it.
//! A roll is drawn as two dice; the last play as one arrow per step, a hit
//! ringed.

use std::fmt::Write as _;

use super::board::{Action, BAR, OFF, Player, Position, Side, seed_name};
use super::game::{Cube, Note};
use super::setup::Setup;

/// Width of a point.
const PW: u32 = 36;
/// Radius of a checker.
const R: u32 = 16;
/// Checkers drawn in a stack before the count is written on the last.
const STACK: u32 = 5;
/// Room for the point names above and below the board.
const LABEL: u32 = 22;
/// The strip at the left that holds the cube.
const CUBE_STRIP: u32 = 48;
/// The bar's width.
const BAR_W: u32 = 44;
/// The tray of borne-off checkers at the right.
const TRAY: u32 = 52;
/// Height of one half of the board (five checkers and a little air).
const HALF: u32 = 2 * R * STACK + 10;
/// Gap between the halves, where the dice lie.
const GAP: u32 = 44;

const BOARD_TOP: u32 = LABEL;
const BOARD_H: u32 = 2 * HALF + GAP;
const LEFT: u32 = CUBE_STRIP;
const WIDTH: u32 = CUBE_STRIP + 12 * PW + BAR_W + TRAY;
const HEIGHT: u32 = BOARD_H + 2 * LABEL;

/// Where white's point `wp` (1..=24) stands: the x of its centre line and
/// whether it is on the top row.
fn point_x(wp: u8) -> (u32, bool) {
    // Top row, left to right: white's 13..=24 (S12..S1); bottom row, left
    // to right: white's 12..=1 (W12..W1).
    let (col, top) = if wp >= 13 {
        (u32::from(wp - 13), true)
    } else {
        (u32::from(12 - wp), false)
    };
    let bar = if col >= 6 { BAR_W } else { 0 };
    (LEFT + col * PW + PW / 2 + bar, top)
}

/// Centre of the `i`-th checker (0 at the edge) of a stack on white's
/// point `wp`.
fn checker_at(wp: u8, i: u32) -> (u32, u32) {
    let (x, top) = point_x(wp);
    let y = if top {
        BOARD_TOP + R + 2 * R * i
    } else {
        BOARD_TOP + BOARD_H - R - 2 * R * i
    };
    (x, y)
}

/// White's point number of `player`'s own point `p`.
fn white_point(player: Player, p: u8) -> u8 {
    match player {
        Player::White => p,
        Player::Black => 25 - p,
    }
}

fn colours(p: Player) -> (&'static str, &'static str) {
    match p {
        Player::White => ("#f4f1e8", "#222"),
        Player::Black => ("#2b2b2b", "#f4f1e8"),
    }
}

/// One checker, with a tooltip; `count` is written on it when the stack
/// is higher than drawn.
fn checker(s: &mut String, (x, y): (u32, u32), p: Player, title: &str, count: Option<u32>) {
    let (fill, ink) = colours(p);
    let _ = write!(
        s,
        r##"<g class="piece {p}"><title>{title}</title><circle cx="{x}" cy="{y}" r="{}" fill="{fill}" stroke="#555" stroke-width="1.5"/>"##,
        R - 1
    );
    if let Some(n) = count {
        let _ = write!(
            s,
            r##"<text x="{x}" y="{}" font-size="14" font-weight="bold" text-anchor="middle" fill="{ink}">{n}</text>"##,
            y + 5
        );
    }
    s.push_str("</g>");
}

/// A stack of `n` checkers of `p` at the positions `at(i)`.
fn stack(s: &mut String, n: u32, p: Player, title: &str, at: impl Fn(u32) -> (u32, u32)) {
    for i in 0..n.min(STACK) {
        let count = (n > STACK && i == STACK - 1).then_some(n);
        checker(s, at(i), p, title, count);
    }
}

/// Where a step of `mover` starts or ends, for its arrow.
fn anchor(mover: Player, p: u8, start: bool) -> (u32, u32) {
    let bar_x = LEFT + 6 * PW + BAR_W / 2;
    let mid = BOARD_TOP + BOARD_H / 2;
    match p {
        BAR if start => match mover {
            Player::White => (bar_x, mid - GAP / 2 - 3 * R),
            Player::Black => (bar_x, mid + GAP / 2 + 3 * R),
        },
        OFF if !start => {
            let x = LEFT + 12 * PW + BAR_W + TRAY / 2;
            match mover {
                Player::White => (x, BOARD_TOP + BOARD_H - HALF / 2),
                Player::Black => (x, BOARD_TOP + HALF / 2),
            }
        }
        _ => {
            let wp = white_point(mover, p);
            let (x, top) = point_x(wp);
            let y = if top {
                BOARD_TOP + HALF / 2 + 10
            } else {
                BOARD_TOP + BOARD_H - HALF / 2 - 10
            };
            (x, y)
        }
    }
}

/// The board after the actions of a game: `note` is the rules' note of the
/// last one (`None`: the setup).
pub fn svg(setup: &Setup, note: Option<&Note>) -> String {
    let pos: &Position = note.map_or(&setup.position, |n| &n.position);
    let cube: Cube = note.map_or(setup.cube, |n| n.cube);
    let mut s = String::new();
    let _ = write!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" role="img">"##
    );
    s.push_str(
        r##"<defs><marker id="arrowhead" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#c0392b"/></marker></defs>"##,
    );
    // The frame, the two halves, the bar and the tray.
    let _ = write!(
        s,
        r##"<rect x="{LEFT}" y="{BOARD_TOP}" width="{}" height="{BOARD_H}" fill="#6b4423"/>"##,
        12 * PW + BAR_W + TRAY
    );
    for half in 0..2u32 {
        let x = LEFT + half * (6 * PW + BAR_W);
        let _ = write!(
            s,
            r##"<rect x="{x}" y="{BOARD_TOP}" width="{}" height="{BOARD_H}" fill="#e8d7b0"/>"##,
            6 * PW
        );
    }
    let _ = write!(
        s,
        r##"<rect class="tray" x="{}" y="{BOARD_TOP}" width="{}" height="{BOARD_H}" fill="#d9c49a" stroke="#6b4423" stroke-width="4"/>"##,
        LEFT + 12 * PW + BAR_W + 2,
        TRAY - 4
    );
    // The points: triangles from the edges, in alternating colours, and
    // their names in the page's numbering.
    for wp in 1..=24u8 {
        let (x, top) = point_x(wp);
        let (edge, tip, label_y) = if top {
            (BOARD_TOP, BOARD_TOP + HALF, BOARD_TOP - 6)
        } else {
            (BOARD_TOP + BOARD_H, BOARD_TOP + BOARD_H - HALF, HEIGHT - 6)
        };
        let fill = if wp % 2 == 0 { "#a0522d" } else { "#556b2f" };
        let name = seed_name(Player::White, wp);
        let _ = write!(
            s,
            r##"<polygon class="point" points="{},{edge} {},{edge} {x},{tip}" fill="{fill}"><title>{name} (white's {wp}, black's {})</title></polygon><text x="{x}" y="{label_y}" font-size="12" text-anchor="middle" fill="#444">{name}</text>"##,
            x - PW / 2,
            x + PW / 2,
            25 - wp
        );
    }
    // The checkers on the points.
    for wp in 1..=24u8 {
        for p in Player::BOTH {
            let n = u32::from(pos.at(p, white_point(p, wp)));
            let title = format!(
                "{p} checker on {} ({p}'s {})",
                seed_name(Player::White, wp),
                white_point(p, wp)
            );
            stack(&mut s, n, p, &title, |i| checker_at(wp, i));
        }
    }
    // The bar: white's checkers above the middle (white enters on the S
    // side), black's below; the borne-off checkers as thin slabs in the
    // tray beside the home board they left.
    let bar_x = LEFT + 6 * PW + BAR_W / 2;
    let mid = BOARD_TOP + BOARD_H / 2;
    for p in Player::BOTH {
        let n = u32::from(pos.bar[p.index()]);
        let title = format!("{p} checker on the bar");
        stack(&mut s, n, p, &title, |i| match p {
            Player::White => (bar_x, mid - GAP / 2 - R - 2 * R * i),
            Player::Black => (bar_x, mid + GAP / 2 + R + 2 * R * i),
        });
        let off = u32::from(pos.off[p.index()]);
        let tray_x = LEFT + 12 * PW + BAR_W + 8;
        let (fill, _) = colours(p);
        for i in 0..off {
            let y = match p {
                Player::White => BOARD_TOP + BOARD_H - 6 - 10 * (i + 1),
                Player::Black => BOARD_TOP + 6 + 10 * i,
            };
            let _ = write!(
                s,
                r##"<rect class="borne-off {p}" x="{tray_x}" y="{y}" width="{}" height="8" rx="2" fill="{fill}" stroke="#555"/>"##,
                TRAY - 16
            );
        }
        if off > 0 {
            let y = match p {
                Player::White => BOARD_TOP + BOARD_H - 14 - 10 * off,
                Player::Black => BOARD_TOP + 20 + 10 * off,
            };
            let _ = write!(
                s,
                r##"<text class="off-count" x="{}" y="{y}" font-size="12" text-anchor="middle" fill="#222">{off} off</text>"##,
                tray_x + (TRAY - 16) / 2
            );
        }
    }
    // A hit: the point ringed.
    if let Some(n) = note
        && let Some(mover) = mover_of(n)
    {
        for &h in &n.hits {
            let (x, y) = checker_at(white_point(mover, h), 0);
            let _ = write!(
                s,
                r##"<circle class="hit" cx="{x}" cy="{y}" r="{}" fill="none" stroke="#c0392b" stroke-width="3" stroke-dasharray="5 3"/>"##,
                R + 3
            );
        }
    }
    draw_cube(&mut s, cube);
    if let Some(n) = note {
        draw_note(&mut s, n);
    }
    s.push_str("</svg>");
    s
}

/// The player a note's action belongs to: the mover of a play, the player
/// who plays a roll.
fn mover_of(n: &Note) -> Option<Player> {
    match n.side {
        Side::White => Some(Player::White),
        Side::Black => Some(Player::Black),
        Side::Dice => n.roll.map(|(_, p)| p),
    }
}

/// The cube in the left strip: in the middle while centred, on the owner's
/// side (black above, white below) once taken.
fn draw_cube(s: &mut String, cube: Cube) {
    let size = 30;
    let x = (CUBE_STRIP - size) / 2;
    let y = match cube.owner {
        None => BOARD_TOP + BOARD_H / 2 - size / 2,
        Some(Player::Black) => BOARD_TOP + 8,
        Some(Player::White) => BOARD_TOP + BOARD_H - 8 - size,
    };
    let owner = cube
        .owner
        .map_or("centred".to_string(), |p| format!("owned by {p}"));
    let _ = write!(
        s,
        r##"<g class="cube"><title>the cube: {}, {owner}</title><rect x="{x}" y="{y}" width="{size}" height="{size}" rx="4" fill="#fff" stroke="#222" stroke-width="2"/><text x="{}" y="{}" font-size="15" font-weight="bold" text-anchor="middle" fill="#222">{}</text></g>"##,
        cube.value,
        x + size / 2,
        y + size / 2 + 5,
        cube.value
    );
}

/// What the last action did: a roll's dice in the gap of the mover's
/// half, a play's steps as arrows.
fn draw_note(s: &mut String, n: &Note) {
    let mid = BOARD_TOP + BOARD_H / 2;
    if let (Some((roll, p)), false) = (n.roll, n.outcome.is_over()) {
        let dice = match n.action {
            // The opening: white's die and black's as rolled.
            Action::Opening { white, black } => [white, black],
            _ => [roll.high, roll.low],
        };
        // Dice lie in the right half, the mover's colour.
        let (fill, ink) = colours(p);
        for (i, d) in dice.iter().enumerate() {
            let x = LEFT + 6 * PW + BAR_W + 2 * PW + 44 * i as u32;
            let _ = write!(
                s,
                r##"<g class="die"><title>{p} to play {roll}</title><rect x="{x}" y="{}" width="32" height="32" rx="5" fill="{fill}" stroke="#c0392b" stroke-width="2"/><text x="{}" y="{}" font-size="18" font-weight="bold" text-anchor="middle" fill="{ink}">{d}</text></g>"##,
                mid - 16,
                x + 16,
                mid + 6
            );
        }
    }
    if let (Action::Play(steps), Some(mover)) = (&n.action, mover_of(n)) {
        for (i, st) in steps.iter().enumerate() {
            let (x1, y1) = anchor(mover, st.from, true);
            let (x2, y2) = anchor(mover, st.to, false);
            // Each arrow bends towards the middle of the board, a little
            // more for each step, so two steps along one row stay apart.
            let bend = 30 + 16 * i as u32;
            let cy = if (y1 + y2) / 2 > mid {
                (y1 + y2) / 2 - bend
            } else {
                (y1 + y2) / 2 + bend
            };
            let _ = write!(
                s,
                r##"<path class="move" d="M{x1},{y1} Q{},{cy} {x2},{y2}" fill="none" stroke="#c0392b" stroke-width="3" marker-end="url(#arrowhead)" opacity="0.9"><title>{mover} {st}</title></path>"##,
                (x1 + x2) / 2
            );
        }
    }
}
