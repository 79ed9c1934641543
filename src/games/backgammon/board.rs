//! The data of a backgammon position, shared by every implementation: the
//! players, the points, the checkers on the bar and borne off, and the
//! actions as the scenarios and the protocol spell them. No rule lives here
//! (`spec/backgammon/rules.md`); this module only stores and spells.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

crate::two_sides! {
    other: other,
    /// One of the two players (BG-1.2).
    pub enum Player {
        /// Plays from S1 towards W1 (the page's player A).
        White = "white",
        /// Plays from W1 towards S1 (the page's player B).
        Black = "black",
    }
}

/// Who acts: a player, or the dice (chance is an action of its own side).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    /// White acts.
    White,
    /// Black acts.
    Black,
    /// The dice are to be rolled.
    Dice,
}

impl From<Player> for Side {
    fn from(p: Player) -> Self {
        match p {
            Player::White => Side::White,
            Player::Black => Side::Black,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::White => "white",
            Side::Black => "black",
            Side::Dice => "dice",
        })
    }
}

/// The bar as a starting point in a step (`bar`).
pub const BAR: u8 = 25;
/// Borne off as the end of a step (`off`).
pub const OFF: u8 = 0;

/// Where the checkers stand. Each player's points are numbered 1 to 24
/// from that player's own side: a player's point `p` is the opponent's
/// point `25 - p`. White's point `n` is the page's `W n` for n ≤ 12 and
/// `S (25 - n)` above; black's point `n` is `S n` and `W (25 - n)`
/// (BG-1.3).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    /// `points[player][p]` for p in 1..=24 (index 0 unused).
    pub points: [[u8; 25]; 2],
    /// Checkers on the bar, by player.
    pub bar: [u8; 2],
    /// Checkers borne off, by player.
    pub off: [u8; 2],
}

impl Position {
    /// No checker anywhere.
    pub fn empty() -> Self {
        Position {
            points: [[0; 25]; 2],
            bar: [0; 2],
            off: [0; 2],
        }
    }

    /// The usual starting position (BG-1.4): 2 on the 24-point, 5 on the
    /// 13, 3 on the 8 and 5 on the 6, for each player in their own numbers.
    pub fn standard() -> Self {
        let mut pos = Position::empty();
        for p in Player::BOTH {
            for (pt, n) in [(24, 2), (13, 5), (8, 3), (6, 5)] {
                pos.points[p.index()][pt] = n;
            }
        }
        pos
    }

    /// Checkers of `player` on their own point `p` (1..=24).
    pub fn at(&self, player: Player, p: u8) -> u8 {
        self.points[player.index()][usize::from(p)]
    }

    /// Every checker of `player`: on points, on the bar and borne off.
    pub fn total(&self, player: Player) -> u32 {
        let i = player.index();
        self.points[i].iter().map(|&n| u32::from(n)).sum::<u32>()
            + u32::from(self.bar[i])
            + u32::from(self.off[i])
    }

    /// The pip count of `player`: the steps every checker still has to go.
    pub fn pips(&self, player: Player) -> u32 {
        let i = player.index();
        (1..=24)
            .map(|p| p as u32 * u32::from(self.points[i][p]))
            .sum::<u32>()
            + 25 * u32::from(self.bar[i])
    }
}

/// The page's name of `player`'s own point `p` (1..=24): `S1`…`S12`,
/// `W1`…`W12`.
pub fn seed_name(player: Player, p: u8) -> String {
    let white_point = match player {
        Player::White => p,
        Player::Black => 25 - p,
    };
    if white_point <= 12 {
        format!("W{white_point}")
    } else {
        format!("S{}", 25 - white_point)
    }
}

/// `player`'s own point number of the page's point name (`S1`, `W12`).
pub fn from_seed_name(player: Player, name: &str) -> Option<u8> {
    let (half, n) = name.split_at_checked(1)?;
    let n: u8 = n.parse().ok()?;
    if !(1..=12).contains(&n) {
        return None;
    }
    let white_point = match half {
        "W" | "w" => n,
        "S" | "s" => 25 - n,
        _ => return None,
    };
    Some(match player {
        Player::White => white_point,
        Player::Black => 25 - white_point,
    })
}

/// One die's move of one checker, in the mover's own numbers: from a point
/// or the bar (25) to a point or off (0). `hit` marks a step that hits a
/// blot (written `*` after the end point).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Step {
    /// Start: 1..=24, or [`BAR`].
    pub from: u8,
    /// End: 1..=24, or [`OFF`].
    pub to: u8,
    /// Whether the step hits.
    pub hit: bool,
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.from {
            BAR => f.write_str("bar")?,
            n => write!(f, "{n}")?,
        }
        f.write_str("/")?;
        match self.to {
            OFF => f.write_str("off")?,
            n => write!(f, "{n}")?,
        }
        if self.hit {
            f.write_str("*")?;
        }
        Ok(())
    }
}

/// A roll of two dice, the larger first (`6-5`; `5-6` reads the same).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Roll {
    /// The larger die.
    pub high: u8,
    /// The smaller die (equal to `high` for doubles).
    pub low: u8,
}

impl Roll {
    /// A roll from two dice in any order.
    pub fn new(a: u8, b: u8) -> Self {
        Roll {
            high: a.max(b),
            low: a.min(b),
        }
    }

    /// Whether both dice show the same number.
    pub fn is_double(self) -> bool {
        self.high == self.low
    }

    /// The 21 distinct rolls, in the order `1-1, 2-1, 2-2, …, 6-6`.
    pub fn all() -> Vec<Roll> {
        let mut out = Vec::new();
        for high in 1..=6 {
            for low in 1..=high {
                out.push(Roll { high, low });
            }
        }
        out
    }
}

impl fmt::Display for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.high, self.low)
    }
}

/// One action (BG-2): what one side does at a time.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// The opening roll: one die each, white's first (`w5-b2`).
    Opening {
        /// White's die.
        white: u8,
        /// Black's die.
        black: u8,
    },
    /// A roll of the player's two dice (`6-5`).
    Roll(Roll),
    /// The whole roll played, steps in canonical order (`24/18 13/11*`).
    Play(Vec<Step>),
    /// No checker can move: the roll is lost (`pass`).
    Pass,
    /// The player on turn rolls without doubling (`roll`).
    RollDice,
    /// The player on turn offers the cube (`double`).
    Double,
    /// The opponent accepts the double (`take`).
    Take,
    /// The opponent refuses the double and loses (`drop`).
    Drop,
    /// The player on turn gives the game up (`resign`).
    Resign,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Opening { white, black } => write!(f, "w{white}-b{black}"),
            Action::Roll(r) => write!(f, "{r}"),
            Action::Play(steps) => {
                for (i, s) in steps.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" ")?;
                    }
                    write!(f, "{s}")?;
                }
                Ok(())
            }
            Action::Pass => f.write_str("pass"),
            Action::RollDice => f.write_str("roll"),
            Action::Double => f.write_str("double"),
            Action::Take => f.write_str("take"),
            Action::Drop => f.write_str("drop"),
            Action::Resign => f.write_str("resign"),
        }
    }
}

fn die(text: &str, whole: &str) -> Result<u8, String> {
    match text.parse::<u8>() {
        Ok(n @ 1..=6) => Ok(n),
        _ => Err(format!(
            "`{whole}`: `{text}` is not a die (expected a number from 1 to 6)"
        )),
    }
}

fn point(text: &str, whole: &str, bar_or_off: (&str, u8)) -> Result<u8, String> {
    if text == bar_or_off.0 {
        return Ok(bar_or_off.1);
    }
    match text.parse::<u8>() {
        Ok(n @ 1..=24) => Ok(n),
        _ => Err(format!(
            "`{whole}`: `{text}` is not a point (expected 1 to 24 or `{}`)",
            bar_or_off.0
        )),
    }
}

impl FromStr for Step {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let (body, hit) = match s.strip_suffix('*') {
            Some(b) => (b, true),
            None => (s, false),
        };
        let (from, to) = body
            .split_once('/')
            .ok_or_else(|| format!("`{s}` is not a step (expected `from/to`, like `24/18`)"))?;
        let from = point(from, s, ("bar", BAR))?;
        let to = point(to, s, ("off", OFF))?;
        if to == OFF && hit {
            return Err(format!("`{s}`: bearing off hits nothing"));
        }
        Ok(Step { from, to, hit })
    }
}

impl FromStr for Action {
    type Err = String;

    /// Reads an action. A play's steps may be written in any order and
    /// with or without `*`: they are sorted, and whether a step hits is the
    /// position's to say (the hit marks are checked when the play is
    /// judged), so two spellings of one set of steps are equal.
    fn from_str(s: &str) -> Result<Self, String> {
        let t = s.trim();
        match t {
            "pass" => return Ok(Action::Pass),
            "roll" => return Ok(Action::RollDice),
            "double" => return Ok(Action::Double),
            "take" => return Ok(Action::Take),
            "drop" => return Ok(Action::Drop),
            "resign" => return Ok(Action::Resign),
            "" => return Err("an empty action".into()),
            _ => {}
        }
        if let Some(rest) = t.strip_prefix('w')
            && let Some((w, b)) = rest.split_once("-b")
        {
            return Ok(Action::Opening {
                white: die(w, t)?,
                black: die(b, t)?,
            });
        }
        if !t.contains('/') {
            let (a, b) = t.split_once('-').ok_or_else(|| {
                format!("`{t}` is not an action: expected a roll like `6-5`, an opening roll like `w5-b2`, a play like `24/18 13/11`, or pass, roll, double, take, drop, resign")
            })?;
            return Ok(Action::Roll(Roll::new(die(a, t)?, die(b, t)?)));
        }
        let mut steps = Vec::new();
        for part in t.split_whitespace() {
            steps.push(part.parse::<Step>()?);
        }
        if steps.len() > 4 {
            return Err(format!("`{t}`: a play has at most four steps"));
        }
        Ok(Action::Play(canonical_order(steps)))
    }
}

/// The steps of a play in canonical order (`spec/backgammon/protocol.md`):
/// by start point from the bar down, then by end point from high to low,
/// and the hit mark on the first step (in that order) that ends on each hit
/// point.
pub fn canonical_order(mut steps: Vec<Step>) -> Vec<Step> {
    steps.sort_by_key(|s| std::cmp::Reverse((s.from, s.to)));
    let hit_points: Vec<u8> = steps.iter().filter(|s| s.hit).map(|s| s.to).collect();
    let mut marked = Vec::new();
    for s in steps.iter_mut() {
        s.hit = hit_points.contains(&s.to) && !marked.contains(&s.to);
        if s.hit {
            marked.push(s.to);
        }
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_names_round_trip() {
        for p in Player::BOTH {
            for n in 1..=24 {
                assert_eq!(from_seed_name(p, &seed_name(p, n)), Some(n));
            }
        }
        assert_eq!(seed_name(Player::White, 24), "S1");
        assert_eq!(seed_name(Player::White, 13), "S12");
        assert_eq!(seed_name(Player::White, 8), "W8");
        assert_eq!(seed_name(Player::Black, 24), "W1");
        assert_eq!(seed_name(Player::Black, 6), "S6");
    }

    #[test]
    fn spellings_parse_to_one_value() {
        let a: Action = "13/11 24/18".parse().unwrap();
        let b: Action = "24/18 13/11".parse().unwrap();
        assert_eq!(a, b);
        assert_eq!(a.to_string(), "24/18 13/11");
        assert_eq!("5-6".parse::<Action>().unwrap().to_string(), "6-5");
        assert_eq!("w3-b5".parse::<Action>().unwrap().to_string(), "w3-b5");
        assert_eq!(
            "bar/22* 6/off".parse::<Action>().unwrap().to_string(),
            "bar/22* 6/off"
        );
        for bad in [
            "7-1",
            "25/3",
            "6/off*",
            "w7-b1",
            "hop",
            "1/2 1/2 1/2 1/2 1/2",
        ] {
            assert!(bad.parse::<Action>().is_err(), "{bad}");
        }
    }
}
