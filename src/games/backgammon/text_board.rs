//! The backgammon board as text, what both implementations' `render`
//! returns: below every file that shows a game, so the reference and the
//! engine need not import the explain table to draw it.

use super::board::{Player, Position, Roll, Side, seed_name};
use super::game::Cube;

/// Width of a point's column in the text board.
const COL: usize = 4;
/// Checkers drawn in a stack before the count is written instead.
const STACK: u8 = 5;

/// Row `row` (0 at the edge of the board) of a stack of `n` checkers
/// drawn with `mark`: the mark while the stack reaches the row, and on
/// the last row the count when the stack is higher than the board shows;
/// nothing above the stack. A point's cell writes it right-aligned in
/// [`COL`] characters, the bar's centred in three.
fn stack_cell(n: u8, mark: char, row: u8) -> String {
    if n > STACK && row == STACK - 1 {
        n.to_string()
    } else if n > row {
        mark.to_string()
    } else {
        String::new()
    }
}

/// White's point numbers of the board's two rows, left to right: the S
/// points S12…S1 on top (white's 13…24), the W points W12…W1 below.
const TOP: [u8; 12] = [13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24];
const BOTTOM: [u8; 12] = [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1];

/// The checkers on white's point `wp`: a count and a mark (`O` white,
/// `X` black).
fn on_point(pos: &Position, wp: u8) -> (u8, char) {
    let w = pos.at(Player::White, wp);
    let b = pos.at(Player::Black, 25 - wp);
    if w > 0 { (w, 'O') } else { (b, 'X') }
}

fn names(points: &[u8; 12]) -> (String, String) {
    let name = |wp: &u8| format!("{:>COL$}", seed_name(Player::White, *wp));
    (
        points[..6].iter().map(name).collect(),
        points[6..].iter().map(name).collect(),
    )
}

/// The board as text, laid out as it stands on the table: the S points on
/// top (S12 at the left, S1 at the right), the W points below, the bar in
/// the middle and the checkers borne off at the right. White (`O`) runs
/// S1 → S12 → W12 → W1 and bears off from W6–W1; black (`X`) the other
/// way round, bearing off from S6–S1. Below the board: pips, bar, off, the
/// cube, the dice to play and who acts.
pub fn render(pos: &Position, cube: &Cube, actor: Side, dice: Option<(Roll, Player)>) -> String {
    let mut s = String::new();
    let edge = format!(
        "+{}+-----+{}+-----+\n",
        "-".repeat(6 * COL + 1),
        "-".repeat(6 * COL + 1)
    );
    let (tl, tr) = names(&TOP);
    s.push_str(&format!("|{tl} | bar |{tr} | off |\n"));
    s.push_str(&edge);
    let half = |s: &mut String, points: &[u8; 12], row: u8, bar: (u8, char), off: (u8, char)| {
        let cells: Vec<String> = points
            .iter()
            .map(|&wp| {
                let (n, m) = on_point(pos, wp);
                format!("{:>COL$}", stack_cell(n, m, row))
            })
            .collect();
        let off = if row == 0 && off.0 > 0 {
            format!("{} {:>2}", off.1, off.0)
        } else {
            " ".repeat(COL)
        };
        s.push_str(&format!(
            "|{} | {:^3} |{} | {off:<4}|\n",
            cells[..6].concat(),
            stack_cell(bar.0, bar.1, row),
            cells[6..].concat(),
        ));
    };
    // White enters on the S side (black's home), so white's checkers on
    // the bar are drawn in the upper half, black's in the lower; each
    // player's borne-off checkers beside the home board they left.
    let (iw, ib) = (Player::White.index(), Player::Black.index());
    for row in 0..STACK {
        half(&mut s, &TOP, row, (pos.bar[iw], 'O'), (pos.off[ib], 'X'));
    }
    s.push_str(&format!(
        "|{} |     |{} |     |\n",
        " ".repeat(6 * COL),
        " ".repeat(6 * COL)
    ));
    for row in (0..STACK).rev() {
        half(&mut s, &BOTTOM, row, (pos.bar[ib], 'X'), (pos.off[iw], 'O'));
    }
    s.push_str(&edge);
    let (bl, br) = names(&BOTTOM);
    s.push_str(&format!("|{bl} | bar |{br} | off |\n"));
    for p in Player::BOTH {
        let i = p.index();
        let (mark, way, home) = match p {
            Player::White => ('O', "S1 → W1", "W6–W1"),
            Player::Black => ('X', "W1 → S1", "S6–S1"),
        };
        s.push_str(&format!(
            "{mark} {p} ({way}, home {home}): {} pips, {} on the bar, {} off\n",
            pos.pips(p),
            pos.bar[i],
            pos.off[i]
        ));
    }
    s.push_str(&format!("cube {cube}; "));
    if let Some((roll, p)) = dice {
        s.push_str(&format!("dice {roll} for {p}; "));
    }
    s.push_str(&format!("to act: {actor}\n"));
    s
}
