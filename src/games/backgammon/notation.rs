//! The notations of backgammon players and records
//! (`spec/backgammon/notation.md`): the players' standard notation
//! (`24/18 13/11`, `13/7*`, `8/5(2)`, `bar/22`, `6/off`, `24/18/13`, as GNU
//! Backgammon writes it and with its common variants), and match files in
//! the Jellyfish `.mat` layout GNU Backgammon exports.
//!
//! Reading a play turns each written checker path into single-die steps in
//! every way the dice on the table allow; the game's own `canonical` says
//! which of those step lists are legal plays, and the hit marks choose
//! among legal plays only when more than one fits. When none is legal, the
//! step lists are returned for the game's judge, which names the rule.
//! Nothing here decides a rule: the dice come from the position the game
//! tells, and legality from the game.

use super::board::{Action, BAR, OFF, Player, Roll, Step, canonical_order};
use super::game::{Backgammon, Outcome, WinBy};
use super::setup::Setup;
use crate::rules::notation::{Misread, Record, RecordFormat, RecordMove};
use crate::rules::{Game, Loc, Located, Notation, NotationInfo, located};

/// The clause that lists the notations.
const NOTATIONS_CLAUSE: &str = "BG-N.1";
/// The clause of a play's written form.
const PLAY_CLAUSE: &str = "BG-N.3";
/// The clause of rolls and the opening.
/// The clause of rolls and the opening (an opening roll written as one
/// player's roll is ambiguous).
#[cfg(test)]
const ROLL_CLAUSE: &str = "BG-N.6";
/// The clause of the cube and the decisions.
const CUBE_CLAUSE: &str = "BG-N.7";

/// One checker's written path: its points from the start (`25` for the
/// bar) to the end (`0` for off), the hit mark written after each point,
/// and how many checkers take it (`(2)`).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Path {
    points: Vec<u8>,
    hits: Vec<bool>,
    count: u8,
}

/// What a text of the standard notation says, before the position is
/// asked.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Written {
    Play(Vec<Path>),
    Pass,
    Roll(u8, u8),
    Double(Option<u32>),
    Take,
    /// `pass` or `drop`: a refused double, or no move, as the game waits.
    PassOrDrop,
    Drop,
    RollDecision,
    Resign,
    /// A wire action that passes through (`w5-b2`).
    Wire(Action),
}

const NO_MOVE: &[&str] = &[
    "cannot move",
    "can't move",
    "cant move",
    "no move",
    "no moves",
    "no legal move",
    "no legal moves",
    "(no move)",
    "(no legal move)",
    "no play",
    "-",
    "",
];

fn words(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// A die's face, `1`…`6`.
fn face(c: char) -> Option<u8> {
    c.to_digit(10)
        .filter(|d| (1..=6).contains(d))
        .map(|d| d as u8)
}

/// A roll: `65`, `6-5`, `6 5`, `65:`, `roll 65`, `rolls 6-5`.
fn roll_of(text: &str) -> Option<(u8, u8)> {
    let t = words(text);
    let t = t
        .strip_prefix("rolls ")
        .or_else(|| t.strip_prefix("rolled "))
        .or_else(|| t.strip_prefix("roll "))
        .unwrap_or(&t);
    let t = t.strip_suffix(':').unwrap_or(t).trim();
    let digits: Vec<char> = t.chars().filter(|c| !matches!(c, '-' | ' ')).collect();
    let seps = t.chars().filter(|c| matches!(c, '-' | ' ')).count();
    if digits.len() != 2 || seps > 1 || t.len() != 2 + seps {
        return None;
    }
    Some((face(digits[0])?, face(digits[1])?))
}

/// A point of a path: `bar`/`b`/`25` only at the start, `off`/`o`/`0` only
/// at the end, else 1 to 24.
fn point_of(text: &str, first: bool, last: bool, whole: &str) -> Result<u8, String> {
    match text {
        "bar" | "b" | "25" if first => return Ok(BAR),
        "off" | "o" | "0" if last && !first => return Ok(OFF),
        "bar" | "b" | "25" => {
            return Err(format!(
                "`{whole}`: the bar can only be where a checker starts"
            ));
        }
        "off" | "o" | "0" => {
            return Err(format!("`{whole}`: off can only be where a checker ends"));
        }
        _ => {}
    }
    match text.parse::<u8>() {
        Ok(n @ 1..=24) => Ok(n),
        _ => Err(format!(
            "`{whole}`: `{text}` is not a point (1 to 24, `bar` to start from, `off` to end at)"
        )),
    }
}

/// One token of a play: `24/18`, `13/7*`, `24/18*/13`, `8/5(2)`, `bar/22`.
fn path_of(token: &str) -> Result<Path, String> {
    let (body, count) = match token.strip_suffix(')').and_then(|t| t.rsplit_once('(')) {
        Some((body, n)) => {
            let n: u8 = n
                .parse()
                .ok()
                .filter(|n| (1..=4).contains(n))
                .ok_or_else(|| {
                    format!("`{token}`: `({n})` is not a count of checkers from 1 to 4")
                })?;
            (body, n)
        }
        None => (token, 1),
    };
    let parts: Vec<&str> = body.split('/').collect();
    if parts.len() < 2 {
        return Err(format!(
            "`{token}` is not a move: expected from/to, like `24/18`, `bar/22`, `6/off`"
        ));
    }
    let mut points = Vec::new();
    let mut hits = Vec::new();
    for (i, part) in parts.iter().enumerate() {
        let (p, hit) = match part.strip_suffix('*') {
            Some(p) => (p, true),
            None => (*part, false),
        };
        let n = point_of(p, i == 0, i + 1 == parts.len(), token)?;
        if hit && (i == 0 || n == OFF) {
            return Err(format!(
                "`{token}`: a hit mark `*` follows the point where a checker lands, never its start or off"
            ));
        }
        if let Some(&before) = points.last()
            && n >= before
        {
            return Err(format!(
                "`{token}`: a checker moves from higher to lower points in the mover's own numbers (24 to 1); \
                 `{}` does not come after `{}`",
                part,
                parts[i - 1]
            ));
        }
        points.push(n);
        hits.push(hit);
    }
    Ok(Path {
        points,
        hits,
        count,
    })
}

fn parse(text: &str) -> Result<Written, String> {
    let w = words(text);
    if NO_MOVE.contains(&w.as_str()) {
        return Ok(Written::Pass);
    }
    match w.as_str() {
        "pass" | "passes" | "(pass)" => return Ok(Written::PassOrDrop),
        "drop" | "drops" | "dropped" | "reject" | "rejects" | "refuse" | "refuses" | "decline"
        | "declines" => return Ok(Written::Drop),
        "take" | "takes" | "took" | "accept" | "accepts" => return Ok(Written::Take),
        "roll" | "rolls" => return Ok(Written::RollDecision),
        "resign" | "resigns" => return Ok(Written::Resign),
        "beaver" | "beavers" | "raccoon" | "raccoons" => {
            return Err(format!(
                "`{text}`: beavers and raccoons are not played (no profile has them); answer a double with take or drop"
            ));
        }
        _ => {}
    }
    if let Some(rest) = w
        .strip_prefix("doubles")
        .or_else(|| w.strip_prefix("double"))
    {
        let rest = rest.trim();
        if rest.is_empty() {
            return Ok(Written::Double(None));
        }
        let n = rest
            .strip_prefix("=>")
            .or_else(|| rest.strip_prefix("to"))
            .map(str::trim)
            .and_then(|n| n.parse::<u32>().ok())
            .ok_or_else(|| {
                format!("`{text}`: expected `double`, `Doubles => 2` or `doubles to 2`")
            })?;
        return Ok(Written::Double(Some(n)));
    }
    if let Some((a, b)) = roll_of(&w) {
        return Ok(Written::Roll(a, b));
    }
    if w.starts_with('w')
        && !w.contains('/')
        && let Ok(a) = w.parse::<Action>()
    {
        return Ok(Written::Wire(a));
    }
    // A play: tokens separated by spaces or commas; a multiplier may stand
    // apart (`8/5 (2)`); `Pass` after the moves is tolerated.
    let mut tokens: Vec<String> = Vec::new();
    for t in w.split(|c: char| c.is_whitespace() || c == ',') {
        if t.is_empty() {
            continue;
        }
        if t.starts_with('(')
            && t.ends_with(')')
            && t[1..t.len() - 1].chars().all(|c| c.is_ascii_digit())
            && let Some(last) = tokens.last_mut()
        {
            last.push_str(t);
            continue;
        }
        tokens.push(t.to_string());
    }
    while tokens.len() > 1
        && matches!(
            tokens.last().map(String::as_str),
            Some("pass" | "(pass)" | "passes")
        )
    {
        tokens.pop();
    }
    let paths = tokens
        .iter()
        .map(|t| path_of(t))
        .collect::<Result<Vec<_>, _>>()?;
    let checkers: u32 = paths
        .iter()
        .map(|p| u32::from(p.count) * (p.points.len() as u32 - 1))
        .sum();
    if checkers > 4 {
        return Err(format!(
            "`{text}` moves more than four times: a roll plays at most four numbers"
        ));
    }
    Ok(Written::Play(paths))
}

/// Every way to cover the distance from `from` to `to` with dice taken from
/// `dice` (in order): their sum is the distance, or, bearing off, at least
/// the distance with only the last die going past. Each way is the dice
/// used, in order.
fn coverings(from: u8, to: u8, dice: &[u8]) -> Vec<Vec<usize>> {
    let dist = i32::from(from) - i32::from(to);
    let mut out = Vec::new();
    let mut used = Vec::new();
    fn go(left: i32, off: bool, dice: &[u8], used: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        for (i, &d) in dice.iter().enumerate() {
            if used.contains(&i) {
                continue;
            }
            // Equal dice are one choice.
            if dice[..i]
                .iter()
                .enumerate()
                .any(|(j, &e)| e == d && !used.contains(&j))
            {
                continue;
            }
            let d = i32::from(d);
            used.push(i);
            if d == left || (off && d > left) {
                out.push(used.clone());
            } else if d < left {
                go(left - d, off, dice, used, out);
            }
            used.pop();
        }
    }
    go(dist, to == OFF, dice, &mut used, &mut out);
    out
}

/// The single-die step lists a play's written paths name with `dice`.
fn expansions(paths: &[Path], dice: &[u8]) -> Vec<Vec<Step>> {
    // Each segment of each path, as many times as the path is taken.
    let mut segments: Vec<(u8, u8)> = Vec::new();
    for p in paths {
        for _ in 0..p.count {
            for w in p.points.windows(2) {
                segments.push((w[0], w[1]));
            }
        }
    }
    let mut out: Vec<Vec<Step>> = Vec::new();
    let mut free: Vec<bool> = vec![true; dice.len()];
    let mut steps = Vec::new();
    fn go(
        segments: &[(u8, u8)],
        dice: &[u8],
        free: &mut Vec<bool>,
        steps: &mut Vec<Step>,
        out: &mut Vec<Vec<Step>>,
    ) {
        let Some(&(from, to)) = segments.first() else {
            let play = canonical_order(steps.clone());
            if !out.contains(&play) {
                out.push(play);
            }
            return;
        };
        let avail: Vec<usize> = (0..dice.len()).filter(|&i| free[i]).collect();
        let faces: Vec<u8> = avail.iter().map(|&i| dice[i]).collect();
        for way in coverings(from, to, &faces) {
            let mut at = from;
            let n = steps.len();
            for (k, &j) in way.iter().enumerate() {
                let next = if k + 1 == way.len() {
                    to
                } else {
                    at - faces[j]
                };
                steps.push(Step {
                    from: at,
                    to: next,
                    hit: false,
                });
                at = next;
                free[avail[j]] = false;
            }
            go(&segments[1..], dice, free, steps, out);
            for &j in &way {
                free[avail[j]] = true;
            }
            steps.truncate(n);
        }
    }
    go(&segments, dice, &mut free, &mut steps, &mut out);
    // The fewest steps first: each segment on one die, the literal reading.
    out.sort_by_key(Vec::len);
    out
}

/// The step list the text names literally: one step per written segment.
fn literal(paths: &[Path]) -> Vec<Step> {
    let mut steps = Vec::new();
    for p in paths {
        for _ in 0..p.count {
            for (i, w) in p.points.windows(2).enumerate() {
                steps.push(Step {
                    from: w[0],
                    to: w[1],
                    hit: p.hits[i + 1],
                });
            }
        }
    }
    canonical_order(steps)
}

/// The points a play's text marks as hit.
fn marked_hits(paths: &[Path]) -> Vec<u8> {
    let mut out: Vec<u8> = paths
        .iter()
        .flat_map(|p| {
            p.points
                .iter()
                .zip(&p.hits)
                .filter(|(_, h)| **h)
                .map(|(n, _)| *n)
        })
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The points a canonical legal play hits (its marked steps).
fn play_hits(action: &Action) -> Vec<u8> {
    let mut out: Vec<u8> = match action {
        Action::Play(steps) => steps.iter().filter(|s| s.hit).map(|s| s.to).collect(),
        _ => Vec::new(),
    };
    out.sort_unstable();
    out.dedup();
    out
}

fn dice_of(roll: Roll) -> Vec<u8> {
    if roll.is_double() {
        vec![roll.high; 4]
    } else {
        vec![roll.high, roll.low]
    }
}

/// `steps` without their hit marks, sorted.
fn unmarked(steps: &[Step]) -> Vec<Step> {
    canonical_order(steps.iter().map(|s| Step { hit: false, ..*s }).collect())
}

fn read_play(game: &dyn Game<Backgammon>, legal_list: &[Action], paths: &[Path]) -> Vec<Action> {
    let dice = game.position().and_then(|s| s.dice);
    let Some(roll) = dice else {
        // No roll on the table: the play as written, for the judge (the
        // game waits for another action).
        return vec![Action::Play(literal(paths))];
    };
    let named: Vec<Action> = expansions(paths, &dice_of(roll))
        .into_iter()
        .map(Action::Play)
        .collect();
    // A step list that is a legal play's own steps is that play; any other
    // (another route to a position, a step list the rules refuse) is asked
    // of the game.
    let listed: Vec<(Vec<Step>, &Action)> = legal_list
        .iter()
        .filter_map(|a| match a {
            Action::Play(steps) => Some((unmarked(steps), a)),
            _ => None,
        })
        .collect();
    let mut legal: Vec<Action> = Vec::new();
    for a in &named {
        let Action::Play(steps) = a else { continue };
        let c = match listed.iter().find(|(s, _)| s == steps) {
            Some((_, l)) => Some((*l).clone()),
            None => game.canonical(a),
        };
        if let Some(c) = c
            && !legal.contains(&c)
        {
            legal.push(c);
        }
    }
    match legal.len() {
        0 if named.is_empty() => vec![Action::Play(literal(paths))],
        0 => named,
        1 => legal,
        _ => {
            // Several legal plays fit (a path whose unwritten points hit
            // one way and not another): the hit marks choose (BG-N.4).
            let marks = marked_hits(paths);
            let exact: Vec<Action> = legal
                .iter()
                .filter(|a| play_hits(a) == marks)
                .cloned()
                .collect();
            if exact.len() == 1 { exact } else { legal }
        }
    }
}

fn read_standard(
    game: &dyn Game<Backgammon>,
    text: &str,
) -> Result<Vec<Action>, Misread<Backgammon>> {
    let written = parse(text).map_err(|why| {
        let clause = if why.contains("beaver") {
            CUBE_CLAUSE
        } else {
            PLAY_CLAUSE
        };
        Misread::notation(clause, why)
    })?;
    let legal = game.legal_actions();
    let waits_for = |a: &Action| legal.contains(a);
    Ok(match written {
        Written::Play(paths) => read_play(game, &legal, &paths),
        Written::Pass => vec![Action::Pass],
        Written::PassOrDrop => {
            if waits_for(&Action::Drop) {
                vec![Action::Drop]
            } else {
                vec![Action::Pass]
            }
        }
        Written::Drop => vec![Action::Drop],
        Written::Take => vec![Action::Take],
        Written::RollDecision => vec![Action::RollDice],
        Written::Resign => vec![Action::Resign],
        Written::Double(n) => {
            if let (Some(n), Some(s)) = (n, game.position())
                && s.cube.value.checked_mul(2) != Some(n)
            {
                return Err(Misread::notation(
                    CUBE_CLAUSE,
                    format!(
                        "`{text}`: the cube shows {}, so a double turns it to {}, not {n}",
                        s.cube.value,
                        u64::from(s.cube.value) * 2
                    ),
                ));
            }
            vec![Action::Double]
        }
        Written::Roll(a, b) => {
            let opening = legal.iter().any(|x| matches!(x, Action::Opening { .. }));
            if opening {
                // The opening roll names whose die is whose only on the
                // wire: both readings, and the game says which are legal.
                let mut v = vec![Action::Opening { white: a, black: b }];
                if a != b {
                    v.push(Action::Opening { white: b, black: a });
                }
                v
            } else {
                vec![Action::Roll(Roll::new(a, b))]
            }
        }
        Written::Wire(a) => vec![a],
    })
}

fn point_name(n: u8) -> String {
    match n {
        BAR => "bar".to_string(),
        OFF => "off".to_string(),
        n => n.to_string(),
    }
}

/// A legal play as GNU Backgammon writes it (BG-N.8): the steps sorted
/// from the highest start down (then the highest end); each step, in that
/// order, joined to the first earlier path that ends where it starts (its
/// intermediate points written only where it hits); equal paths counted
/// (`(2)`) at the place of the first; hits marked.
fn write_play(steps: &[Step]) -> String {
    // Chains: each a list of (point, hit) from the start.
    let mut chains: Vec<Vec<(u8, bool)>> = Vec::new();
    for s in canonical_order(steps.to_vec()) {
        let open = chains
            .iter_mut()
            .find(|c| c.last().is_some_and(|&(p, _)| p == s.from && p != OFF));
        match open {
            Some(c) => c.push((s.to, s.hit)),
            None => chains.push(vec![(s.from, false), (s.to, s.hit)]),
        }
    }
    // Written paths: start, hit intermediates, end.
    let mut written: Vec<(Vec<u8>, Vec<bool>, u8)> = Vec::new();
    for c in chains {
        let mut pts = vec![c[0].0];
        let mut hits = vec![false];
        for (i, &(p, h)) in c.iter().enumerate().skip(1) {
            if h || i + 1 == c.len() {
                pts.push(p);
                hits.push(h);
            }
        }
        match written.iter_mut().find(|w| w.0 == pts) {
            Some(w) => {
                for (a, b) in w.1.iter_mut().zip(&hits) {
                    *a |= *b;
                }
                w.2 += 1;
            }
            None => written.push((pts, hits, 1)),
        }
    }
    written
        .iter()
        .map(|(pts, hits, n)| {
            let mut s = pts
                .iter()
                .zip(hits)
                .map(|(p, h)| format!("{}{}", point_name(*p), if *h { "*" } else { "" }))
                .collect::<Vec<_>>()
                .join("/");
            if *n > 1 {
                s.push_str(&format!("({n})"));
            }
            s
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn write_standard(game: &dyn Game<Backgammon>, action: &Action) -> String {
    match action {
        Action::Play(steps) => {
            // The canonical form of the play, hit marks included.
            let c = if game.legal_actions().contains(action) {
                action.clone()
            } else {
                game.canonical(action).unwrap_or_else(|| action.clone())
            };
            match c {
                Action::Play(steps) => write_play(&steps),
                _ => write_play(steps),
            }
        }
        Action::Pass => "Cannot move".to_string(),
        Action::Roll(r) => format!("{}{}", r.high, r.low),
        Action::Opening { .. } => action.to_string(),
        Action::RollDice => "roll".to_string(),
        Action::Double => match game.position() {
            Some(s) => format!("Doubles => {}", u64::from(s.cube.value) * 2),
            None => "Doubles".to_string(),
        },
        Action::Take => "Takes".to_string(),
        Action::Drop => "Drops".to_string(),
        Action::Resign => "resign".to_string(),
    }
}

/// One entry of a turn line: where it starts (0-based column) and its text.
fn entries(body: &str, offset: usize) -> Vec<(usize, String)> {
    let mut out: Vec<(usize, String)> = Vec::new();
    let mut i = 0;
    let bytes = body.as_bytes();
    let starts_entry = |w: &str| {
        w.len() == 3 && w.ends_with(':') && w[..2].chars().all(|c| c.is_ascii_digit())
            || matches!(
                w,
                "Doubles" | "Takes" | "Drops" | "Wins" | "Beavers" | "Raccoons" | "Resigns"
            )
    };
    while i < bytes.len() {
        if bytes[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let end = body[i..]
            .find(|c: char| c.is_ascii_whitespace())
            .map_or(body.len(), |e| i + e);
        let word = &body[i..end];
        if starts_entry(word) || out.is_empty() {
            out.push((offset + i, word.to_string()));
        } else if let Some(last) = out.last_mut() {
            last.1.push(' ');
            last.1.push_str(word);
        }
        i = end;
    }
    out
}

/// The column from which an entry is the right-hand player's.
const RIGHT_COLUMN: usize = 20;

/// The text a match file's empty play stands for.
const EMPTY_PLAY: &str = "Cannot move";

/// A game of a match file, as it is read.
struct GameBuilder {
    line: usize,
    tags: Vec<(String, String)>,
    moves: Vec<RecordMove>,
    result: Option<String>,
    /// Whether a roll has been read (the first is the opening).
    rolled: bool,
    /// Whether the last entry was a roll with an empty play.
    empty_last: bool,
    error: Option<Located>,
}

impl GameBuilder {
    fn new(line: usize, tags: Vec<(String, String)>) -> Self {
        GameBuilder {
            line,
            tags,
            moves: Vec::new(),
            result: None,
            rolled: false,
            empty_last: false,
            error: None,
        }
    }

    fn entry(&mut self, player: Player, text: &str, line: usize) -> Result<(), String> {
        let mv = |t: String| RecordMove { text: t, line };
        let was_empty = std::mem::replace(&mut self.empty_last, false);
        if let Some((roll, play)) = text.split_once(':')
            && roll.len() == 2
        {
            let dice: Vec<u8> = roll.chars().filter_map(face).collect();
            let [a, b] = dice[..] else {
                return Err(format!("`{roll}` is not a roll of two dice"));
            };
            if self.rolled {
                self.moves.push(mv(roll.to_string()));
            } else {
                // The opening: each player threw one die, and the mover's
                // was the higher (BG-2.3).
                let (hi, lo) = (a.max(b), a.min(b));
                let (w, bl) = match player {
                    Player::White => (hi, lo),
                    Player::Black => (lo, hi),
                };
                self.moves.push(mv(format!("w{w}-b{bl}")));
                self.rolled = true;
            }
            let play = play.trim();
            if play.is_empty() {
                self.moves.push(mv(EMPTY_PLAY.to_string()));
                self.empty_last = true;
            } else {
                self.moves.push(mv(play.to_string()));
            }
            return Ok(());
        }
        let w: Vec<&str> = text.split_whitespace().collect();
        match w.first().copied() {
            Some("Doubles" | "Takes" | "Drops") => self.moves.push(mv(text.to_string())),
            Some("Wins") => {
                let n = w
                    .get(1)
                    .and_then(|n| n.parse::<u64>().ok())
                    .filter(|_| w.get(2).is_some_and(|p| p.starts_with("point")))
                    .ok_or_else(|| format!("`{text}`: expected `Wins N points`"))?;
                if self.result.is_some() {
                    return Err("a second `Wins` line in one game".to_string());
                }
                // A roll with nothing played, then the end: the roller
                // resigned after rolling (or could not move and resigned);
                // no checker moved either way (BG-N.10).
                if was_empty {
                    self.moves.pop();
                }
                self.result = Some(format!("{player} {n}"));
            }
            Some(other @ ("Beavers" | "Raccoons")) => {
                return Err(format!(
                    "`{other}`: beavers and raccoons are not played (no profile has them)"
                ));
            }
            Some(other) => {
                return Err(format!(
                    "`{other}` is no entry of a match file (a roll like `62:` and its play, Doubles => n, Takes, Drops, Wins n points)"
                ));
            }
            None => {}
        }
        Ok(())
    }

    fn finish(self) -> Result<Record<Backgammon>, Located> {
        if let Some(e) = self.error {
            return Err(e);
        }
        Ok(Record {
            line: self.line,
            tags: self.tags,
            setup: Setup::standard(),
            moves: self.moves,
            result: self.result,
        })
    }
}

/// `name : score    name : score`.
fn players_line(t: &str) -> Option<(String, String, String, String)> {
    let (left, rest) = t.split_once(" : ").or_else(|| t.split_once(':'))?;
    let rest = rest.trim_start();
    let score_end = rest.find(char::is_whitespace)?;
    let (s1, rest) = rest.split_at(score_end);
    let (right, s2) = rest.rsplit_once(':')?;
    let (s1, s2) = (s1.trim(), s2.trim());
    if s1.parse::<u64>().is_err() || s2.parse::<u64>().is_err() {
        return None;
    }
    Some((
        left.trim().to_string(),
        s1.to_string(),
        right.trim().to_string(),
        s2.to_string(),
    ))
}

/// `; [Key "Value"]`.
fn comment_tag(t: &str) -> Option<(String, String)> {
    let inner = t.trim_start_matches(';').trim();
    let inner = inner.strip_prefix('[')?.strip_suffix(']')?;
    let (k, v) = inner.split_once(char::is_whitespace)?;
    let v = v.trim();
    let v = v
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .unwrap_or(v);
    Some((k.to_string(), v.to_string()))
}

fn read_mat(text: &str) -> Vec<Result<Record<Backgammon>, Located>> {
    let mut out = Vec::new();
    let mut header: Vec<(String, String)> = Vec::new();
    let mut cur: Option<GameBuilder> = None;
    let at = |line: usize, column: usize| Loc {
        line: line as u64,
        column: column as u64 + 1,
    };
    for (idx, raw) in text.lines().enumerate() {
        let line = idx + 1;
        let raw = raw.trim_end();
        let t = raw.trim_start();
        let indent = raw.len() - t.len();
        if t.is_empty() {
            continue;
        }
        if t.starts_with(';') {
            if let Some(tag) = comment_tag(t) {
                match cur.as_mut() {
                    Some(g) => g.tags.push(tag),
                    None => header.push(tag),
                }
            }
            continue;
        }
        let first: Vec<&str> = t.split_whitespace().collect();
        if first.len() >= 3
            && first[1] == "point"
            && first[2] == "match"
            && first[0].parse::<u32>().is_ok()
        {
            if let Some(g) = cur.take() {
                out.push(g.finish());
            }
            header.retain(|(k, _)| k != "Match length");
            header.push(("Match length".to_string(), first[0].to_string()));
            continue;
        }
        if first.len() == 2 && first[0] == "Game" && first[1].parse::<u32>().is_ok() {
            if let Some(g) = cur.take() {
                out.push(g.finish());
            }
            let mut tags = header.clone();
            tags.push(("Game".to_string(), first[1].to_string()));
            cur = Some(GameBuilder::new(line, tags));
            continue;
        }
        let Some(g) = cur.as_mut() else {
            out.push(Err(located(
                at(line, indent),
                format!("`{t}` stands before the first ` Game 1` line of the match file"),
            )));
            continue;
        };
        if g.error.is_some() {
            continue;
        }
        let numbered = t
            .split_once(')')
            .filter(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
        let result = if let Some((_, _)) = numbered {
            let body_at = indent + t.find(')').unwrap_or(0) + 1;
            let list = entries(&raw[body_at..], body_at);
            let assigned: Vec<(Player, usize, String)> = match list.len() {
                0 => Vec::new(),
                1 => {
                    let (c, e) = list[0].clone();
                    let p = if c - body_at > RIGHT_COLUMN - 5 {
                        Player::Black
                    } else {
                        Player::White
                    };
                    vec![(p, c, e)]
                }
                2 => vec![
                    (Player::White, list[0].0, list[0].1.clone()),
                    (Player::Black, list[1].0, list[1].1.clone()),
                ],
                _ => {
                    g.error = Some(located(
                        at(line, list[2].0),
                        format!(
                            "a turn line holds at most two entries, this one {}",
                            list.len()
                        ),
                    ));
                    continue;
                }
            };
            assigned
                .into_iter()
                .try_for_each(|(p, c, e)| g.entry(p, &e, line).map_err(|m| (c, m)))
        } else if first[0] == "Wins" {
            let p = if indent >= RIGHT_COLUMN {
                Player::Black
            } else {
                Player::White
            };
            g.entry(p, t, line).map_err(|m| (indent, m))
        } else if g.moves.is_empty()
            && !g.tags.iter().any(|(k, _)| k == "White")
            && let Some((w, ws, b, bs)) = players_line(t)
        {
            g.tags.push(("White".to_string(), w));
            g.tags.push(("White score".to_string(), ws));
            g.tags.push(("Black".to_string(), b));
            g.tags.push(("Black score".to_string(), bs));
            Ok(())
        } else {
            Err((
                indent,
                format!(
                    "cannot read `{t}`: expected a numbered turn line like `  3) 62: 24/18 13/11`"
                ),
            ))
        };
        if let Err((c, m)) = result {
            g.error = Some(located(at(line, c), m));
        }
    }
    if let Some(g) = cur.take() {
        out.push(g.finish());
    }
    if out.is_empty() {
        out.push(Err(located(
            Loc { line: 1, column: 1 },
            "no game in the match file (no ` Game 1` line)".to_string(),
        )));
    }
    out
}

/// `white 2` → (white, 2).
fn claim_of(claimed: &str) -> Option<(Player, u64)> {
    let (who, n) = claimed.trim().split_once(char::is_whitespace)?;
    let who = match who.to_lowercase().as_str() {
        "white" => Player::White,
        "black" => Player::Black,
        _ => return None,
    };
    Some((who, n.trim().parse().ok()?))
}

fn by_name(by: WinBy) -> &'static str {
    match by {
        WinBy::Single => "single",
        WinBy::Gammon => "a gammon",
        WinBy::Backgammon => "a backgammon",
        WinBy::Drop => "a dropped double",
        WinBy::Resign => "a resignation",
    }
}

impl Notation for Backgammon {
    const NOTATIONS: &'static [NotationInfo] = &[NotationInfo {
        name: "standard",
        title: "the players' standard notation as GNU Backgammon writes it (24/18 13/11, 13/7*, 8/5(2), bar/22, 6/off)",
        clause: "BG-N.2",
    }];
    const RECORD_FORMATS: &'static [RecordFormat] = &[RecordFormat {
        name: "mat",
        extensions: &["mat"],
        notation: "standard",
        clause: "BG-N.10",
    }];

    const NOTATIONS_CLAUSE: &'static str = NOTATIONS_CLAUSE;

    /// The one notation, `standard`.
    fn read_notation(
        _standard: &'static str,
        game: &dyn Game<Self>,
        text: &str,
    ) -> Result<Vec<Action>, Misread<Self>> {
        read_standard(game, text)
    }

    fn write_notation(_standard: &str, game: &dyn Game<Self>, action: &Action) -> Option<String> {
        Some(write_standard(game, action))
    }

    /// The one record format, `mat`.
    fn read_format(_mat: &'static str, text: &str) -> Vec<Result<Record<Self>, Located>> {
        read_mat(text)
    }

    /// Match files are money or match play as GNU Backgammon plays it: the
    /// `standard` profile (no cap, no Jacoby in match play, no resign
    /// action).
    fn record_profile(_record: &Record<Self>) -> Option<&'static str> {
        Some("standard")
    }

    fn implied(game: &dyn Game<Self>, next: &RecordMove) -> Option<Action> {
        // A match file writes a turn's roll, never the decision to roll
        // rather than double (BG-2.5, BG-N.10): when the game waits for
        // that decision and the record rolls, the player rolled.
        roll_of(&next.text)?;
        let legal = game.legal_actions();
        legal
            .contains(&Action::RollDice)
            .then_some(Action::RollDice)
    }

    fn check_result(
        claimed: &str,
        _record: &Record<Self>,
        game: &dyn Game<Self>,
    ) -> Option<String> {
        let Some((who, n)) = claim_of(claimed) else {
            return Some(format!(
                "cannot read the claimed result `{claimed}`: expected `white N` or `black N` (BG-N.11)"
            ));
        };
        let outcome = game.outcome();
        let cube = game.position().map(|s| u64::from(s.cube.value));
        match outcome {
            Outcome::Ongoing => {
                // Not over by the rules: a resignation, worth a single, a
                // gammon or a backgammon at the cube (BG-N.11).
                let c = cube?;
                if [1, 2, 3].iter().any(|k| k * c == n) {
                    None
                } else {
                    Some(format!(
                        "the game is not over, so `{who} wins {n}` is a resignation, worth {c}, {} or {} points with the cube at {c} (BG-N.11, BG-7.4), not {n}",
                        2 * c,
                        3 * c
                    ))
                }
            }
            Outcome::WhiteWins(w) | Outcome::BlackWins(w) => {
                let winner = if matches!(outcome, Outcome::WhiteWins(_)) {
                    Player::White
                } else {
                    Player::Black
                };
                let clause = outcome.clause().unwrap_or("BG-7");
                let cube = cube.map_or(String::new(), |c| format!(" with the cube at {c}"));
                if winner != who {
                    Some(format!(
                        "the record gives the game to {who}, but {winner} won it by {}{cube}, {} points ({clause}, BG-7.4)",
                        by_name(w.by),
                        w.points
                    ))
                } else if u64::from(w.points) != n {
                    Some(format!(
                        "the record claims {n} points for {who}, but {who} won by {}{cube}: {} points ({clause}, BG-7.4)",
                        by_name(w.by),
                        w.points
                    ))
                } else {
                    None
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::backgammon::game::Cube;
    use crate::games::backgammon::profile::Profile;
    use crate::games::backgammon::verdict::RuleCode;
    use crate::rules::Basics;
    use crate::rules::notation::{Refusal, Resolved, resolve, spell};

    const N: Option<&str> = Some("standard");

    fn profile(name: &str) -> Profile {
        Profile::parse(name).unwrap()
    }

    fn start(setup: &Setup) -> Box<dyn Game<Backgammon>> {
        Backgammon::reference()
            .start(setup, &profile("standard"))
            .unwrap()
    }

    /// White to play `roll` from the standard position, or from `white` /
    /// `black` checkers (own numbers) when given.
    fn with_dice(
        white: &[(u8, u8)],
        black: &[(u8, u8)],
        roll: (u8, u8),
    ) -> Box<dyn Game<Backgammon>> {
        let mut s = Setup::standard();
        s.opening = false;
        s.dice = Some(Roll::new(roll.0, roll.1));
        if !white.is_empty() || !black.is_empty() {
            s.position = super::super::board::Position::empty();
            for (p, side) in [(Player::White, white), (Player::Black, black)] {
                let mut total = 0;
                for &(pt, n) in side {
                    if pt == BAR {
                        s.position.bar[p.index()] = n;
                    } else {
                        s.position.points[p.index()][usize::from(pt)] = n;
                    }
                    total += n;
                }
                s.position.off[p.index()] = 15 - total;
            }
        }
        start(&s)
    }

    fn legal(g: &dyn Game<Backgammon>, text: &str) -> String {
        match resolve::<Backgammon>(N, g, text) {
            Resolved::Legal { action } => action.to_string(),
            Resolved::Refused(r) => panic!("`{text}` refused: {r}"),
        }
    }

    fn refused(g: &dyn Game<Backgammon>, text: &str) -> Refusal<Backgammon> {
        match resolve::<Backgammon>(N, g, text) {
            Resolved::Refused(r) => r,
            Resolved::Legal { action } => panic!("`{text}` read as {action}"),
        }
    }

    fn write(g: &dyn Game<Backgammon>, wire: &str) -> String {
        spell::<Backgammon>(N, g, &wire.parse().unwrap())
    }

    #[test]
    fn every_spelling_of_one_play_reads_as_it() {
        // 6-5 from the start: the run 24/13, by 24/18 18/13 or 24/19 19/13.
        let g = with_dice(&[], &[], (6, 5));
        for t in [
            "24/13",
            "24/18/13",
            "24/18 18/13",
            "18/13 24/18",
            "24/18, 18/13",
            "24/13 Pass",
            "  24/18   18/13  ",
            "24/18 18/13 pass",
        ] {
            assert_eq!(legal(&*g, t), "24/18 18/13", "{t}");
        }
        for t in ["13/7 13/8", "13/8 13/7", "13/7 13/8 pass", "13/7,13/8"] {
            assert_eq!(legal(&*g, t), "13/8 13/7", "{t}");
        }
        assert_eq!(write(&*g, "24/18 18/13"), "24/13");
        assert_eq!(write(&*g, "13/8 13/7"), "13/8 13/7");
        // 3-3: a multiplier, a path of two steps, the order of the moves.
        let g = with_dice(&[], &[], (3, 3));
        for t in [
            "8/5(2) 6/3(2)",
            "6/3(2) 8/5(2)",
            "8/5 8/5 6/3 6/3",
            "8/5 (2) 6/3 (2)",
        ] {
            assert_eq!(legal(&*g, t), "8/5 8/5 6/3 6/3", "{t}");
        }
        assert_eq!(write(&*g, "8/5 8/5 6/3 6/3"), "8/5(2) 6/3(2)");
        for t in ["24/18(2)", "24/21/18(2)", "24/21(2) 21/18(2)"] {
            assert_eq!(legal(&*g, t), "24/21 24/21 21/18 21/18", "{t}");
        }
        assert_eq!(write(&*g, "24/21 24/21 21/18 21/18"), "24/18(2)");
        assert_eq!(write(&*g, "13/10 10/7 10/7 7/4"), "13/4 10/7");
    }

    #[test]
    fn hits_are_written_always_and_read_marked_or_not() {
        // A black blot on white's 5 (black's 20) and on white's 3.
        let g = with_dice(
            &[(13, 5), (8, 3), (6, 5), (24, 2)],
            &[(20, 1), (22, 1), (13, 5), (8, 3), (6, 5)],
            (3, 1),
        );
        assert_eq!(write(&*g, "8/5* 6/5"), "8/5* 6/5");
        for t in ["8/5* 6/5", "8/5 6/5", "6/5* 8/5", "8/5 6/5*", "6/5 8/5*"] {
            assert_eq!(legal(&*g, t), "8/5* 6/5", "{t}");
        }
        // A wrong hit mark is tolerated where only one play fits.
        assert_eq!(legal(&*g, "24/21* 24/23"), "24/23 24/21");
        // 8/4 can hit on the way (8/5*/4) or not (8/7/4): the marks choose.
        assert_eq!(legal(&*g, "8/4"), "8/7 7/4");
        assert_eq!(legal(&*g, "8/5*/4"), "8/5* 5/4");
        assert_eq!(write(&*g, "8/5* 5/4"), "8/5*/4");
        assert_eq!(write(&*g, "8/7 7/4"), "8/4");
        // Both marked, hitting on 5 and on 3.
        assert_eq!(legal(&*g, "6/3* 6/5*"), "6/5* 6/3*");
        assert_eq!(write(&*g, "6/5* 6/3*"), "6/5* 6/3*");
        // A path with no point written between, marked at its end only, and
        // both routes hitting differently: 6/2 by 6/5*/2 or 6/3*/2.
        let r = refused(&*g, "6/2");
        assert!(r.why.contains("ambiguous"), "{r}");
        let mut both = r.closest.clone();
        both.sort();
        assert_eq!(both, vec!["6/3*/2".to_string(), "6/5*/2".to_string()]);
    }

    #[test]
    fn bar_and_off_in_every_spelling() {
        // White on the bar, entering with 6-1 on black's open 24-… side.
        let g = with_dice(&[(BAR, 1), (13, 14)], &[(13, 15)], (6, 1));
        for t in [
            "bar/18",
            "bar/24/18",
            "25/18",
            "b/24 24/18",
            "bar/19 19/18",
            "Bar/18",
        ] {
            assert_eq!(legal(&*g, t), "bar/19 19/18", "{t}");
        }
        assert_eq!(write(&*g, "bar/24 24/18"), "bar/18");
        assert_eq!(write(&*g, "bar/19 19/18"), "bar/18");
        // Bearing off: 6-4 with checkers on 5, 4, 2.
        let g = with_dice(&[(5, 1), (4, 1), (2, 1)], &[(13, 15)], (6, 4));
        for t in ["5/off 4/off", "5/0 4/0", "4/off 5/off", "5/o 4/o"] {
            assert_eq!(legal(&*g, t), "5/off 4/off", "{t}");
        }
        assert_eq!(write(&*g, "5/off 4/off"), "5/off 4/off");
        // The last checker off with one die: 2-1 and one checker on 3, off
        // by 3/1/off or 3/2/off.
        let g = with_dice(&[(3, 1)], &[(13, 15)], (2, 1));
        for t in ["3/off", "3/1/off", "3/2/off", "3/2 2/off", "3/0"] {
            assert_eq!(legal(&*g, t), "3/1 1/off", "{t}");
        }
        assert_eq!(write(&*g, "3/1 1/off"), "3/off");
    }

    #[test]
    fn no_move_rolls_cube_actions_and_decisions() {
        // Clauses BG-N.5 (the notation page).
        // White on the bar against a closed board: 6-6 cannot enter.
        let g = with_dice(
            &[(BAR, 1), (13, 14)],
            &[(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 5)],
            (6, 6),
        );
        for t in [
            "Cannot move",
            "pass",
            "Pass",
            "no move",
            "(no move)",
            "",
            "-",
            "can't move",
        ] {
            assert_eq!(legal(&*g, t), "pass", "{t:?}");
        }
        assert_eq!(write(&*g, "pass"), "Cannot move");
        // The decision before the roll, then the double and its answers.
        let mut s = Setup::standard();
        s.opening = false;
        let mut g = start(&s);
        for t in ["roll", "Roll", "rolls"] {
            assert_eq!(legal(&*g, t), "roll", "{t}");
        }
        for t in [
            "double",
            "Doubles",
            "Doubles => 2",
            "doubles to 2",
            "DOUBLE",
        ] {
            assert_eq!(legal(&*g, t), "double", "{t}");
        }
        assert_eq!(write(&*g, "double"), "Doubles => 2");
        let r = refused(&*g, "Doubles => 4");
        assert_eq!((r.rule, r.clause.as_str()), (None, CUBE_CLAUSE), "{r}");
        assert!(r.why.contains("turns it to 2"), "{r}");
        g.play(&Action::Double).unwrap();
        for t in ["take", "Takes", "accepts"] {
            assert_eq!(legal(&*g, t), "take", "{t}");
        }
        for t in ["drop", "Drops", "pass", "Pass", "rejects"] {
            assert_eq!(legal(&*g, t), "drop", "{t}");
        }
        assert_eq!(write(&*g, "take"), "Takes");
        assert_eq!(write(&*g, "drop"), "Drops");
        let r = refused(&*g, "beaver");
        assert_eq!(r.clause, CUBE_CLAUSE, "{r}");
        // A roll, in each spelling.
        let mut s = Setup::standard();
        s.opening = false;
        s.roll_next = true;
        let g = start(&s);
        for t in ["65", "6-5", "5-6", "56", "65:", "6 5", "roll 65"] {
            assert_eq!(legal(&*g, t), "6-5", "{t}");
        }
        assert_eq!(write(&*g, "6-5"), "65");
        // The opening: a roll names no player, so both are legal readings.
        let g = start(&Setup::standard());
        let r = refused(&*g, "52");
        assert!(r.why.contains("ambiguous"), "{r}");
        let mut both = r.closest.clone();
        both.sort();
        assert_eq!(both, vec!["w2-b5".to_string(), "w5-b2".to_string()]);
        assert_eq!(legal(&*g, "w5-b2"), "w5-b2");
        assert_eq!(write(&*g, "w5-b2"), "w5-b2");
        let _ = ROLL_CLAUSE;
        // Equal opening dice: the game's rule says why.
        let r = refused(&*g, "33");
        assert_eq!(r.rule, Some(RuleCode::OpeningTie), "{r}");
    }

    #[test]
    fn illegal_plays_get_the_rule_and_the_closest_legal_readings() {
        // Clauses BG-N.9 (the notation page).
        let g = with_dice(&[], &[], (6, 5));
        // One die left unplayed.
        let r = refused(&*g, "13/7");
        assert_eq!(r.rule, Some(RuleCode::NotMaximal), "{r}");
        assert_eq!(r.clause, "BG-3.5");
        assert!(r.closest.iter().any(|c| c.starts_with("13/7")), "{r}");
        // Through black's 6 point (white's 19), held.
        let r = refused(&*g, "24/19/13");
        assert_eq!(r.rule, Some(RuleCode::Blocked), "{r}");
        // Onto black's 6 point (white's 19), held.
        let r = refused(&*g, "24/19 24/18");
        assert_eq!(r.rule, Some(RuleCode::Blocked), "{r}");
        assert_eq!(r.clause, "BG-4.2");
        // A distance no die gives.
        let r = refused(&*g, "13/4");
        assert_eq!(r.rule, Some(RuleCode::Dice), "{r}");
        // No checker there.
        let r = refused(&*g, "12/6 12/7");
        assert_eq!(r.rule, Some(RuleCode::NoChecker), "{r}");
        // Bearing off with a checker outside.
        let g = with_dice(&[(13, 1), (6, 14)], &[(1, 15)], (6, 5));
        let r = refused(&*g, "6/off 6/1");
        assert_eq!(r.rule, Some(RuleCode::BearOffNotHome), "{r}");
        // Texts the notation cannot read: its own clause, no rule.
        for (t, clause) in [
            ("24/30", PLAY_CLAUSE),
            ("13/18", PLAY_CLAUSE),
            ("hop", PLAY_CLAUSE),
            ("6/off*", PLAY_CLAUSE),
            ("bar/off/3", PLAY_CLAUSE),
        ] {
            let r = refused(&*g, t);
            assert_eq!((r.rule, r.clause.as_str()), (None, clause), "{t}: {r}");
            assert!(!r.closest.is_empty(), "{t}: {r}");
        }
        // A play while the dice are to roll: the game's turn rule.
        let mut s = Setup::standard();
        s.opening = false;
        s.roll_next = true;
        let g = start(&s);
        let r = refused(&*g, "13/7 13/8");
        assert_eq!(r.rule, Some(RuleCode::WrongAction), "{r}");
        // Another notation name.
        assert!(Backgammon::read_move("jellyfish", &*g, "65").is_err());
    }

    fn random_games(
        seed: u64,
        games: usize,
        plies: usize,
        mut each: impl FnMut(&dyn Game<Backgammon>),
    ) {
        let mut rng = crate::rng::SplitMix(seed);
        for _ in 0..games {
            let mut g = Backgammon::reference()
                .start(&Setup::standard(), &profile("seed-004"))
                .unwrap();
            for _ in 0..plies {
                let legal = g.legal_actions();
                if legal.is_empty() {
                    break;
                }
                each(&*g);
                // Cube actions rarely, so games run on.
                let quiet: Vec<&Action> = legal
                    .iter()
                    .filter(|a| !matches!(a, Action::Double | Action::Resign | Action::Drop))
                    .collect();
                let pool: Vec<&Action> = if quiet.is_empty() || rng.pick(20) == 0 {
                    legal.iter().collect()
                } else {
                    quiet
                };
                let a = pool[rng.pick(pool.len())].clone();
                g.play(&a).unwrap();
            }
        }
    }

    #[test]
    fn every_legal_action_of_random_games_round_trips() {
        // Clauses BG-N.1 (the notation page).
        let mut checked = 0;
        let mut positions = 0;
        let mut plays = 0;
        random_games(43, 6, 150, |g| {
            positions += 1;
            for a in g.legal_actions() {
                let text = spell::<Backgammon>(N, g, &a);
                match resolve::<Backgammon>(N, g, &text) {
                    Resolved::Legal { action } => assert_eq!(action, a, "{text}"),
                    Resolved::Refused(r) => panic!("{text} (for {a}) refused: {r}"),
                }
                // The wire spelling reads too (a play, a roll, a cube action).
                if !matches!(a, Action::Opening { .. }) {
                    match resolve::<Backgammon>(N, g, &a.to_string()) {
                        Resolved::Legal { action } => assert_eq!(action, a, "{a}"),
                        Resolved::Refused(r) => panic!("wire {a} refused: {r}"),
                    }
                }
                plays += usize::from(matches!(a, Action::Play(_)));
                checked += 1;
            }
        });
        assert!(positions >= 300, "{positions}");
        assert!(plays >= 2_000, "{plays}");
        assert!(checked >= 3_000, "{checked}");
    }

    #[test]
    fn cube_value_in_a_double_follows_the_cube() {
        let mut s = Setup::standard();
        s.opening = false;
        s.cube = Cube {
            value: 4,
            owner: Some(Player::White),
        };
        let g = start(&s);
        assert_eq!(write(&*g, "double"), "Doubles => 8");
        assert_eq!(legal(&*g, "Doubles => 8"), "double");
    }

    macro_rules! record {
        ($name:literal) => {
            (
                $name,
                include_str!(concat!("../../../tests/data/records/backgammon/", $name)),
            )
        };
    }

    /// The real records kept in the repository (`tests/data/records/backgammon/README.md`).
    const REAL: &[(&str, &str)] = &[
        record!("gnubg-selfplay-3p-seed4301.mat"),
        record!("gnubg-selfplay-5p-seed4302.mat"),
        record!("gnubg-selfplay-7p-seed4303.mat"),
        record!("charlot1-charlot2_7p_2025-11-08-2305.mat"),
    ];

    /// Where a replay stopped: the ply (the record's move, 1-based, as
    /// `arbiter replay` counts it), the record's move and why.
    type Stop = Box<(usize, RecordMove, Refusal<Backgammon>)>;

    /// A game replayed, and for each play the text written before it and the
    /// text `write_move` gives it.
    type Replayed = (Box<dyn Game<Backgammon>>, Vec<(String, String)>);

    /// Replays a record as `arbiter replay` does: each implied action, then
    /// each move read, judged and played on the reference.
    fn replay(rec: &Record<Backgammon>) -> Result<Replayed, Stop> {
        let name = Backgammon::record_profile(rec).unwrap();
        let mut g = Backgammon::reference()
            .start(&rec.setup, &profile(name))
            .unwrap();
        let mut written = Vec::new();
        for (i, m) in rec.moves.iter().enumerate() {
            while let Some(a) = Backgammon::implied(&*g, m) {
                g.play(&a).unwrap();
            }
            match resolve::<Backgammon>(N, &*g, &m.text) {
                Resolved::Legal { action } => {
                    if matches!(action, Action::Play(_) | Action::Pass) {
                        written.push((m.text.clone(), spell::<Backgammon>(N, &*g, &action)));
                    }
                    g.play(&action).unwrap();
                }
                Resolved::Refused(r) => return Err(Box::new((i + 1, m.clone(), r))),
            }
        }
        Ok((g, written))
    }

    #[test]
    fn real_match_files_replay_legally_with_their_results() {
        let (mut games, mut plies, mut over) = (0, 0, 0);
        for (name, text) in REAL {
            for rec in Backgammon::read_records("mat", text) {
                let rec = rec.unwrap_or_else(|e| panic!("{name}: {e:?}"));
                let (g, _) = replay(&rec).unwrap_or_else(|stop| {
                    let (ply, m, r) = *stop;
                    panic!("{name} line {} ply {ply} `{}`: {r}", m.line, m.text)
                });
                let claim = rec.result.clone().expect("every game says who won");
                assert_eq!(
                    Backgammon::check_result(&claim, &rec, &*g),
                    None,
                    "{name} game at line {}: {claim}",
                    rec.line
                );
                games += 1;
                plies += g.ply();
                over += usize::from(g.outcome().is_over());
            }
        }
        // 3 + 4 + 4 games of GNU Backgammon's self-play, 4 of the charlot match.
        assert_eq!(games, 15);
        assert!(plies > 1_500, "{plies}");
        // The others end by a resignation (a claim the rules allow).
        assert!(over >= 8, "{over}");
    }

    /// GNU Backgammon's own written form of each play of its matches (its
    /// text export, `gnubg-written-plays.txt`) is what `write_move` gives.
    #[test]
    fn plays_are_written_as_gnu_backgammon_writes_them() {
        let expected =
            include_str!("../../../tests/data/records/backgammon/gnubg-written-plays.txt");
        let mut by_game: Vec<(String, Vec<String>)> = Vec::new();
        for line in expected.lines() {
            match line.strip_prefix("## ") {
                Some(h) => by_game.push((h.to_string(), Vec::new())),
                None => by_game.last_mut().unwrap().1.push(line.to_string()),
            }
        }
        let mut compared = 0;
        for (name, text) in &REAL[..3] {
            for rec in Backgammon::read_records("mat", text) {
                let rec = rec.unwrap();
                let header = format!("{name} game {}", rec.tag("Game").unwrap());
                let gnubg = &by_game.iter().find(|(h, _)| *h == header).unwrap().1;
                let (_, ours) = replay(&rec).unwrap();
                let ours: Vec<&String> = ours.iter().map(|(_, w)| w).collect();
                // gnubg's text export writes the roll it resigned after as
                // no move; the match file leaves that play out.
                assert!(
                    gnubg.len() == ours.len() || gnubg.len() == ours.len() + 1,
                    "{header}"
                );
                for (i, w) in ours.iter().enumerate() {
                    assert_eq!(**w, gnubg[i], "{header}, play {}", i + 1);
                    compared += 1;
                }
            }
        }
        // Every roll of the three matches (494 `dd:` entries), none left out.
        assert_eq!(compared, 494);
    }

    #[test]
    fn an_edited_illegal_move_is_reported_with_its_ply_rule_and_clause() {
        let text = include_str!("../../../tests/data/records/backgammon/edited-illegal-move.mat");
        let recs = Backgammon::read_records("mat", text);
        assert_eq!(recs.len(), 1);
        let rec = recs.into_iter().next().unwrap().unwrap();
        let (ply, m, r) = *replay(&rec).err().expect("the edited play is illegal");
        // w4-b5, 13/8 24/20, 21 (after the unwritten roll), the edited play.
        assert_eq!((ply, m.line, m.text.as_str()), (4, 8, "13/12 6/4"));
        assert_eq!(r.rule, Some(RuleCode::Blocked), "{r}");
        assert_eq!(r.clause, "BG-4.2", "{r}");
        assert!(r.why.contains("12"), "{r}");
        assert!(!r.closest.is_empty(), "{r}");
    }

    #[test]
    fn an_edited_gammon_count_is_reported() {
        let text = include_str!("../../../tests/data/records/backgammon/edited-wrong-result.mat");
        let rec = Backgammon::read_records("mat", text).remove(0).unwrap();
        let (g, _) = replay(&rec).unwrap();
        assert_eq!(rec.result.as_deref(), Some("white 2"));
        let why =
            Backgammon::check_result("white 2", &rec, &*g).expect("a gammon at cube 2 is 4 points");
        assert!(
            why.contains("gammon") && why.contains("4 points") && why.contains("BG-7.4"),
            "{why}"
        );
        assert_eq!(Backgammon::check_result("white 4", &rec, &*g), None);
        let why = Backgammon::check_result("black 4", &rec, &*g).unwrap();
        assert!(why.contains("white won"), "{why}");
    }

    #[test]
    fn resignations_broken_games_and_headers() {
        // A roll, nothing played, then the opponent wins: a resignation.
        let text = "; [Site \"here\"]\n\n 1 point match\n\n Game 1\n ann : 0                   bob : 0\n  1)                             62: 24/18 13/11 \n  2) 62: 13/7* 24/22             51: \n      Wins 1 point\n\n Game 2\n ann : 1                   bob : 0\n  1) 62: 24/18 13/11\n  2) Surrenders\n\n Game 3\n ann : 1                   bob : 0\n  1) 31: 8/5 6/5                 Doubles => 2\n  2)  Drops\n                                  Wins 1 point\n\n Game 4\n ann : 1                   bob : 0\n  1) 31: 8/5 6/5\n      Wins 5 points\n";
        let recs = Backgammon::read_records("mat", text);
        assert_eq!(recs.len(), 4);
        let r1 = recs[0].as_ref().unwrap();
        assert_eq!(r1.tag("Site"), Some("here"));
        assert_eq!(r1.tag("White"), Some("ann"));
        assert_eq!(r1.tag("Black"), Some("bob"));
        assert_eq!(r1.tag("Match length"), Some("1"));
        let texts: Vec<&str> = r1.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["w2-b6", "24/18 13/11", "62", "13/7* 24/22", "51"]);
        let (g, _) = replay(r1).unwrap();
        assert!(!g.outcome().is_over());
        assert_eq!(Backgammon::check_result("white 1", r1, &*g), None);
        // The broken game names its line and column; the next ones read.
        let e = recs[1].as_ref().unwrap_err();
        assert_eq!((e.at.line, e.at.column), (14, 6), "{e:?}");
        let r3 = recs[2].as_ref().unwrap();
        let (g, _) = replay(r3).unwrap();
        assert!(
            matches!(g.outcome(), Outcome::BlackWins(w) if w.by == WinBy::Drop && w.points == 1)
        );
        // White drops, so black wins: a claim for white is contradicted.
        assert_eq!(r3.result.as_deref(), Some("black 1"));
        assert_eq!(Backgammon::check_result("black 1", r3, &*g), None);
        assert!(
            Backgammon::check_result("white 1", r3, &*g)
                .unwrap()
                .contains("black won")
        );
        // A resignation worth 5 at cube 1 is no single, gammon or backgammon.
        let r4 = recs[3].as_ref().unwrap();
        let (g, _) = replay(r4).unwrap();
        assert!(
            Backgammon::check_result("white 5", r4, &*g)
                .unwrap()
                .contains("not 5")
        );
        assert!(Backgammon::check_result("somebody", r4, &*g).is_some());
        // Nothing to read.
        assert!(
            Backgammon::read_records("mat", "hello\n")
                .iter()
                .all(Result::is_err)
        );
        assert!(Backgammon::read_records("sgf", text)[0].is_err());
    }
}
