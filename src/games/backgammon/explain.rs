//! Backgammon's presentation: its lines of `arbiter show`, its cells and
//! state column of `arbiter explain` and (drawn by `picture.rs`) its
//! pictures. The text board of `render` is `text_board.rs`.
//!
//! The explain table is laid out like a match transcript: a column for
//! white and one for black, each cell one player's turn with the dice in
//! front of the play (`6-5 [7]: 24/18 18/13`), the cube's actions in the
//! column of the player who makes them, and after each turn the pip
//! counts, the bar, the checkers borne off and the cube.

use crate::rules::{Presentation, Scene, Seat, Sheet};

use super::board::{Action, Player, Side};
use super::game::{Backgammon, Note, Outcome};
use super::profile::Profile;
use super::scenario::Expectations;
use crate::rules::Annotations;

impl Presentation for Backgammon {
    /// One line about an action: who did what, and what the rules noted.
    fn describe(n: &Note) -> String {
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

    /// One cell of the explain table: the action, what the rules noted, and
    /// every annotation of the scenario the rules disagree with.
    fn explain_cell(n: &Note, exp: &Expectations) -> String {
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

    /// A column for white and one for black.
    const SHEET: Sheet = Sheet {
        sides: Some(["white", "black"]),
        ..Sheet::DEFAULT
    };

    /// Where an action goes in the explain table: white's column or black's;
    /// a roll (and a player's `roll`) opens the cell the play completes.
    fn explain_seat(side: &Side, note: Option<&Note>) -> Option<Seat> {
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

    /// The state column: pips, bar and borne off of each player, and the cube.
    fn explain_state(n: &Note) -> String {
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

    /// The checkers after the action (`picture.rs`); a refused action is not
    /// drawn.
    fn picture(scene: &Scene<'_, Self>) -> Option<String> {
        if scene.refused.is_some() {
            return None;
        }
        Some(super::picture::svg(scene.setup, scene.note()))
    }
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
