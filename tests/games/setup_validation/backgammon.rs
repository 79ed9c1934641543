//! Backgammon's setups (spec/backgammon/rules.md BG-1.2, BG-1.3, BG-4.4, BG-8.8;
//! protocol.md's setup).

// Sides index parallel arrays (points, bar, off, names).
#![allow(clippy::needless_range_loop)]

use serde_json::{Value, json};

use super::{Game, Src, floors, run};

#[derive(Clone, Debug)]
struct BgSetup {
    /// Checkers per point, `[white, black]`, each in its own numbers: index
    /// 0 is a key `0` and 25 a key `25` (neither a point), 1–24 the points.
    points: [[u32; 26]; 2],
    bar: [u32; 2],
    off: [u32; 2],
    cube: u64,
    owner: Option<usize>,
    to_move: usize,
    dice: Option<(u32, u32)>,
    opening: bool,
    roll_next: bool,
}

const BG_SIDES: [&str; 2] = ["white", "black"];

/// Each player's point `p` is the other's `25 - p` (BG-1.3).
fn bg_free(s: &BgSetup, side: usize, p: usize) -> bool {
    (1..=24).contains(&p) && s.points[1 - side][25 - p] == 0
}

fn draw_backgammon(src: &mut Src) -> BgSetup {
    let mut s = BgSetup {
        points: [[0; 26]; 2],
        bar: [0; 2],
        off: [0; 2],
        cube: 1,
        owner: None,
        to_move: src.below(2),
        dice: None,
        opening: false,
        roll_next: false,
    };
    if src.chance(30) {
        // BG-1.4, each side in its own numbers.
        for side in 0..2 {
            for (p, n) in [(24, 2), (13, 5), (8, 3), (6, 5)] {
                s.points[side][p] = n;
            }
        }
    } else {
        // Fifteen checkers a side on open points, the bar and off.
        for side in 0..2 {
            for _ in 0..15 {
                match src.below(12) {
                    0 => s.bar[side] += 1,
                    1 => s.off[side] += 1,
                    _ => loop {
                        let p = 1 + src.below(24);
                        if bg_free(&s, side, p) {
                            s.points[side][p] += 1;
                            break;
                        }
                    },
                }
            }
        }
    }
    if src.chance(40) {
        let v = 1u64 << src.below(31);
        s.cube = v;
        s.owner = match src.below(3) {
            0 => None,
            o => Some(o - 1),
        };
    }
    match src.below(4) {
        0 => s.opening = true,
        1 => s.dice = Some((1 + src.below(6) as u32, 1 + src.below(6) as u32)),
        2 => s.roll_next = true,
        _ => {}
    }
    let edits = if src.chance(40) { 0 } else { 1 + src.below(2) };
    for _ in 0..edits {
        let side = src.below(2);
        match src.below(8) {
            // One checker more or less somewhere (14 or 16 in all).
            0 => {
                let p = 1 + src.below(24);
                if src.chance(50) || s.points[side][p] == 0 {
                    if bg_free(&s, side, p) {
                        s.points[side][p] += 1;
                    } else {
                        s.bar[side] += 1;
                    }
                } else {
                    s.points[side][p] -= 1;
                }
            }
            // A checker moved onto a point the opponent holds.
            1 => {
                let theirs: Vec<usize> = (1..=24).filter(|&p| s.points[1 - side][p] > 0).collect();
                let mine: Vec<usize> = (1..=24).filter(|&p| s.points[side][p] > 0).collect();
                if !theirs.is_empty() && !mine.is_empty() {
                    let from = src.pick(&mine);
                    s.points[side][from] -= 1;
                    s.points[side][25 - src.pick(&theirs)] += 1;
                }
            }
            // Sixteen checkers on one point.
            2 => {
                let p = 1 + src.below(24);
                if bg_free(&s, side, p) {
                    s.points[side][p] = 16;
                }
            }
            // A checker moved from a point to the bar or off: still legal.
            3 => {
                let mine: Vec<usize> = (1..=24).filter(|&p| s.points[side][p] > 0).collect();
                if !mine.is_empty() {
                    s.points[side][src.pick(&mine)] -= 1;
                    if src.chance(50) {
                        s.bar[side] += 1;
                    } else {
                        s.off[side] += 1;
                    }
                }
            }
            // A cube that is no power of two, or too large (BG-8.8).
            4 => s.cube = src.pick(&[0, 3, 6, 96, 1 << 30, 1 << 31, 1 << 32]),
            // Two of opening, dice and roll-next.
            5 => match src.below(3) {
                0 => s.opening = true,
                1 => s.roll_next = true,
                _ => s.dice = Some((1 + src.below(6) as u32, 1 + src.below(6) as u32)),
            },
            // A die that is no die.
            6 => s.dice = Some((src.pick(&[0, 7]), 1 + src.below(6) as u32)),
            // A checker on "point" 0 or 25.
            _ => {
                let mine: Vec<usize> = (1..=24).filter(|&p| s.points[side][p] > 0).collect();
                if !mine.is_empty() {
                    s.points[side][src.pick(&mine)] -= 1;
                    s.points[side][src.pick(&[0, 25])] += 1;
                }
            }
        }
    }
    s
}

/// BG-1.2: 15 checkers a player on points, bar and off together. BG-1.3,
/// protocol.md: points are 1–24 in the player's own numbers, a player's `p`
/// the opponent's `25 - p`. BG-4.4: never both colours on one point.
/// BG-8.8: the cube shows 1, 2, 4, … 2^30. protocol.md: at most one of
/// `opening`, `dice` and `roll-next`; dice are two numbers 1–6 (BG-2.2).
fn backgammon_legal(s: &BgSetup) -> Result<(), String> {
    for side in 0..2 {
        if s.points[side][0] > 0 || s.points[side][25] > 0 {
            return Err(format!("{} names a point that is not 1–24", BG_SIDES[side]));
        }
        let total: u32 = s.points[side].iter().sum::<u32>() + s.bar[side] + s.off[side];
        if total != 15 {
            return Err(format!("{} has {total} checkers", BG_SIDES[side]));
        }
    }
    for p in 1..=24 {
        if s.points[0][p] > 0 && s.points[1][25 - p] > 0 {
            return Err(format!("white's point {p} holds both colours"));
        }
    }
    if !(0..=30).any(|k| s.cube == 1 << k) {
        return Err(format!("the cube shows {}", s.cube));
    }
    if [s.opening, s.dice.is_some(), s.roll_next]
        .iter()
        .filter(|&&b| b)
        .count()
        > 1
    {
        return Err("more than one of opening, dice, roll-next".into());
    }
    if let Some((a, b)) = s.dice
        && !((1..=6).contains(&a) && (1..=6).contains(&b))
    {
        return Err(format!("dice {a}-{b}"));
    }
    Ok(())
}

fn bg_points(s: &BgSetup, side: usize) -> Vec<(String, u32)> {
    (0..26)
        .filter(|&p| s.points[side][p] > 0)
        .map(|p| (p.to_string(), s.points[side][p]))
        .collect()
}

fn backgammon_wire(s: &BgSetup) -> Value {
    let mut v = json!({
        "bar": {"white": s.bar[0], "black": s.bar[1]},
        "off": {"white": s.off[0], "black": s.off[1]},
        "cube": {"value": s.cube, "owner": s.owner.map(|o| BG_SIDES[o])},
        "to-move": BG_SIDES[s.to_move],
        "dice": s.dice.map(|(a, b)| format!("{a}-{b}")),
        "opening": s.opening,
        "roll-next": s.roll_next,
    });
    for side in 0..2 {
        let m: serde_json::Map<String, Value> = bg_points(s, side)
            .into_iter()
            .map(|(k, n)| (k, json!(n)))
            .collect();
        v[BG_SIDES[side]] = Value::Object(m);
    }
    v
}

fn backgammon_yaml(s: &BgSetup) -> Option<String> {
    let mut text = format!(
        "bar: {{white: {}, black: {}}}\noff: {{white: {}, black: {}}}\nto_move: {}\nopening: {}\nroll_next: {}\n",
        s.bar[0], s.bar[1], s.off[0], s.off[1], BG_SIDES[s.to_move], s.opening, s.roll_next
    );
    text += &format!(
        "cube: {{value: {}, owner: {}}}\n",
        s.cube,
        s.owner.map_or("null", |o| BG_SIDES[o])
    );
    if let Some((a, b)) = s.dice {
        text += &format!("dice: \"{a}-{b}\"\n");
    }
    for side in 0..2 {
        let entries: Vec<String> = bg_points(s, side)
            .into_iter()
            .map(|(k, n)| format!("\"{k}\": {n}"))
            .collect();
        text += &format!("{}: {{{}}}\n", BG_SIDES[side], entries.join(", "));
    }
    Some(text)
}

#[test]
fn backgammon_setups_are_refused_exactly_when_bg_1_and_bg_8_8_refuse_them() {
    let t = run::<arbiter::games::backgammon::game::Backgammon, _>(Game {
        name: "backgammon",
        draw: draw_backgammon,
        legal: backgammon_legal,
        wire: backgammon_wire,
        yaml: Some(backgammon_yaml),
    });
    floors(&t, true);
}
