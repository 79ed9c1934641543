//! Backgammon's lines of `arbiter show` and cells of `arbiter explain`,
//! and the text board of `render`.

use super::board::{Player, Position, Side, seed_name};
use super::game::{Cube, Note};
use super::scenario::Expectations;

/// One line about an action: who did what, and what the rules noted.
pub fn describe(n: &Note) -> String {
    let mut s = format!("{} {}", n.side, n.action);
    if let Some((roll, p)) = n.roll {
        let count = n.plays.as_ref().map_or(0, Vec::len);
        s.push_str(&format!(": {p} plays {roll} ({count} plays)"));
    }
    if !n.hits.is_empty() {
        s.push_str(&format!("  hits {:?}", n.hits));
    }
    if n.entered > 0 {
        s.push_str(&format!("  enters {}", n.entered));
    }
    if n.borne_off > 0 {
        s.push_str(&format!("  bears off {}", n.borne_off));
    }
    if !n.unused.is_empty() {
        s.push_str(&format!("  unused {:?}", n.unused));
    }
    s.push_str(&format!(
        "  | pips {}-{}  bar {}-{}  off {}-{}  cube {}",
        n.pips[0], n.pips[1], n.bar[0], n.bar[1], n.off[0], n.off[1], n.cube
    ));
    if n.outcome.is_over() {
        s.push_str(&format!("  => {}", n.outcome));
    }
    s
}

/// One cell of the explain table.
pub fn cell(n: &Note, _exp: &Expectations) -> String {
    describe(n)
}

/// The board as text: one line per point in white's numbers, with the
/// page's names, then bar, off, cube and who acts.
pub fn render(pos: &Position, cube: &Cube, actor: Side) -> String {
    let mut s = String::new();
    for wp in (1..=24u8).rev() {
        let w = pos.at(Player::White, wp);
        let b = pos.at(Player::Black, 25 - wp);
        let who = if w > 0 {
            format!("white {w}")
        } else if b > 0 {
            format!("black {b}")
        } else {
            String::from("-")
        };
        s.push_str(&format!(
            "{:>3} {:<4} (black {:>2})  {who}\n",
            wp,
            seed_name(Player::White, wp),
            25 - wp
        ));
    }
    s.push_str(&format!(
        "bar white {} black {}; off white {} black {}; cube {cube}; to act: {actor}\n",
        pos.bar[0], pos.bar[1], pos.off[0], pos.off[1]
    ));
    s
}
