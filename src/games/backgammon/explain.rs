//! Backgammon's lines of `arbiter show`, cells and state column of
//! `arbiter explain`, and the text board of `render`.
//!
//! The explain table is laid out like a match transcript: a column for
//! white and one for black, each cell one player's turn with the dice in
//! front of the play (`6-5 [7]: 24/18 18/13`), the cube's actions in the
//! column of the player who makes them, and after each turn the pip
//! counts, the bar, the checkers borne off and the cube.

use crate::rules::Seat;

use super::board::{Action, Player, Position, Roll, Side, seed_name};
use super::game::{Cube, Note, Outcome};
use super::profile::Profile;
use super::scenario::Expectations;
use crate::rules::Annotations;

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

/// The player an action belongs to in the table: the dice's rolls go to
/// the player who plays them, an answer to a double to the one who
/// answers.
fn player_of(n: &Note) -> Option<Player> {
    match n.side {
        Side::White => Some(Player::White),
        Side::Black => Some(Player::Black),
        Side::Dice => n.roll.map(|(_, p)| p),
    }
}

/// Where an action goes in the explain table: white's column or black's;
/// a roll (and a player's `roll`) opens the cell the play completes.
pub fn seat(side: &Side, note: Option<&Note>) -> Option<Seat> {
    let player = match note {
        Some(n) => player_of(n)?,
        None => match side {
            Side::White => Player::White,
            Side::Black => Player::Black,
            // A refused roll: the column of the cell it would open, which
            // the walk knows and we do not.
            Side::Dice => return None,
        },
    };
    let opens = note.is_some_and(|n| {
        matches!(
            n.action,
            Action::Opening { .. } | Action::Roll(_) | Action::RollDice
        ) && !n.outcome.is_over()
    });
    Some(Seat {
        column: player.index(),
        opens,
    })
}

/// What the action says in its cell (without the expectations).
fn action_text(n: &Note) -> String {
    let mut s = match &n.action {
        Action::Opening { white, black } => match n.roll {
            // A tie the profile turns into a cube double (BG-8.7).
            None => format!("opening {}: tie, cube {}", n.action, n.cube.value),
            Some(_) => format!("opening w{white}-b{black}{}:", count(n)),
        },
        Action::Roll(r) => format!("{r}{}:", count(n)),
        Action::RollDice => "roll,".to_string(),
        Action::Play(_) => n.action.to_string(),
        Action::Pass => "no play (pass)".to_string(),
        Action::Double => format!("doubles to {}", n.cube.value * 2),
        Action::Take => format!("takes, owns the cube at {}", n.cube.value),
        Action::Drop => "drops".to_string(),
        Action::Resign => "resigns".to_string(),
    };
    let mut marks = Vec::new();
    if n.entered > 0 {
        marks.push(format!("enters {}", n.entered));
    }
    if !n.hits.is_empty() {
        marks.push(format!("hits {}", n.hits.len()));
    }
    if n.borne_off > 0 {
        marks.push(format!("bears off {}", n.borne_off));
    }
    if !n.unused.is_empty() && matches!(n.action, Action::Play(_)) {
        let dice: Vec<String> = n.unused.iter().map(u8::to_string).collect();
        marks.push(format!("{} unused", dice.join("+")));
    }
    if !marks.is_empty() {
        s.push_str(&format!(" ({})", marks.join(", ")));
    }
    if n.outcome.is_over() {
        s.push_str(&format!(" => {}", result(n.outcome)));
    }
    s
}

/// ` [7]`: how many distinct plays the roll offers.
fn count(n: &Note) -> String {
    n.plays
        .as_ref()
        .map_or(String::new(), |p| format!(" [{}]", p.len()))
}

/// `white wins a gammon, 4 points`.
fn result(o: Outcome) -> String {
    let (p, w) = match o {
        Outcome::Ongoing => return "ongoing".into(),
        Outcome::WhiteWins(w) => (Player::White, w),
        Outcome::BlackWins(w) => (Player::Black, w),
    };
    let how = match w.by {
        super::game::WinBy::Single => "a single game",
        super::game::WinBy::Gammon => "a gammon",
        super::game::WinBy::Backgammon => "a backgammon",
        super::game::WinBy::Drop => "on the drop",
        super::game::WinBy::Resign => "on the resignation",
    };
    let s = if w.points == 1 { "" } else { "s" };
    format!("{p} wins {how}, {} point{s}", w.points)
}

/// One cell of the explain table: the action, what the rules noted, and
/// every annotation of the scenario the rules disagree with.
pub fn cell(n: &Note, exp: &Expectations) -> String {
    let mut s = action_text(n);
    let mut wrong = Vec::new();
    // `compare` reads no profile switch: the annotations are facts of the
    // note alone.
    exp.compare(n, &Profile::seed_004(), &mut |m| wrong.push(m));
    if !wrong.is_empty() {
        s.push_str(&format!(" (scenario: {})", wrong.join("; ")));
    }
    s
}

/// The state column: pips, bar and borne off of each player, and the cube.
pub fn state(n: &Note) -> String {
    let side = |p: Player| {
        let i = p.index();
        let pips = n.pips[i];
        let mut s = format!("{p} {pips} pip{}", if pips == 1 { "" } else { "s" });
        if n.bar[i] > 0 {
            s.push_str(&format!(", {} on the bar", n.bar[i]));
        }
        if n.off[i] > 0 {
            s.push_str(&format!(", {} off", n.off[i]));
        }
        s
    };
    format!(
        "{}; {}; cube {}",
        side(Player::White),
        side(Player::Black),
        n.cube
    )
}

/// Width of a point's column in the text board.
const COL: usize = 4;
/// Checkers drawn in a stack before the count is written instead.
const STACK: u8 = 5;

/// Row `row` (0 at the edge of the board) of a stack of `n` checkers
/// drawn with `mark`: the mark while the stack reaches the row, and on
/// the last row the count when the stack is higher than the board shows.
fn stack_cell(n: u8, mark: char, row: u8) -> String {
    if n > STACK && row == STACK - 1 {
        format!("{n:>COL$}")
    } else if n > row {
        format!("{mark:>COL$}")
    } else {
        " ".repeat(COL)
    }
}

/// Row `row` of the bar's stack of `n` checkers, three characters wide.
fn bar_cell(n: u8, mark: char, row: u8) -> String {
    if n > STACK && row == STACK - 1 {
        format!("{n:^3}")
    } else if n > row {
        format!(" {mark} ")
    } else {
        "   ".to_string()
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
                stack_cell(n, m, row)
            })
            .collect();
        let off = if row == 0 && off.0 > 0 {
            format!("{} {:>2}", off.1, off.0)
        } else {
            " ".repeat(COL)
        };
        s.push_str(&format!(
            "|{} | {} |{} | {off:<4}|\n",
            cells[..6].concat(),
            bar_cell(bar.0, bar.1, row),
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
