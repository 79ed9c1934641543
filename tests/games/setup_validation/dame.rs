//! Dame's setups (spec/dame/rules.md DA-1, DA-4.1).

use serde_json::{Value, json};

use super::{Game, Src, floors, run};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum DSide {
    White,
    Black,
}

#[derive(Clone, Debug)]
struct DameSetup {
    /// (file 0.., rank 1.., side, is a man); files and ranks may be off the
    /// board.
    stones: Vec<(i32, i32, DSide, bool)>,
    to_move: Option<DSide>,
}

fn dame_name(file: i32, rank: i32) -> String {
    format!("{}{}", (b'a' as i32 + file) as u8 as char, rank)
}

fn draw_dame(src: &mut Src) -> DameSetup {
    let mut stones = Vec::new();
    if src.chance(30) {
        // DA-1.2: the start, twelve men each on the dark squares of the
        // three outer rows.
        for rank in 1..=8 {
            for file in 0..8 {
                if (file + rank - 1) % 2 == 0 && !(4..=5).contains(&rank) {
                    let side = if rank <= 3 {
                        DSide::White
                    } else {
                        DSide::Black
                    };
                    stones.push((file, rank, side, true));
                }
            }
        }
    } else {
        // A sparse position on dark squares, men kept off their crowning
        // row.
        let n = src.below(14);
        for _ in 0..n {
            let side = if src.chance(50) {
                DSide::White
            } else {
                DSide::Black
            };
            let rank = 1 + src.below(8) as i32;
            let file = (src.below(4) as i32) * 2 + (rank - 1) % 2;
            let crown = if side == DSide::White { 8 } else { 1 };
            let man = rank != crown && src.chance(70);
            if !stones
                .iter()
                .any(|s: &(i32, i32, DSide, bool)| (s.0, s.1) == (file, rank))
            {
                stones.push((file, rank, side, man));
            }
        }
    }
    // Edits that may break DA-1.
    let edits = if src.chance(40) { 0 } else { 1 + src.below(2) };
    for _ in 0..edits {
        match src.below(6) {
            // A stone onto a light square.
            0 if !stones.is_empty() => {
                let i = src.below(stones.len());
                stones[i].0 = (stones[i].0 + 1) % 8;
            }
            // Onto any square, dark or light, possibly occupied.
            1 if !stones.is_empty() => {
                let i = src.below(stones.len());
                stones[i].0 = src.below(8) as i32;
                stones[i].1 = 1 + src.below(8) as i32;
            }
            // Off the board.
            2 if !stones.is_empty() => {
                let i = src.below(stones.len());
                match src.below(3) {
                    0 => stones[i].0 = 8,
                    1 => stones[i].1 = 9,
                    _ => stones[i].1 = 0,
                }
            }
            // A man on a crowning row (either side's back row).
            3 if !stones.is_empty() => {
                let i = src.below(stones.len());
                stones[i].3 = true;
                stones[i].1 = src.pick(&[1, 8]);
                stones[i].0 = (stones[i].1 - 1) % 2 + 2 * src.below(4) as i32;
            }
            // Extra stones: a thirteenth, perhaps.
            _ => {
                for _ in 0..1 + src.below(3) {
                    let side = if src.chance(50) {
                        DSide::White
                    } else {
                        DSide::Black
                    };
                    let rank = 1 + src.below(8) as i32;
                    let file = (src.below(4) as i32) * 2 + (rank - 1) % 2;
                    stones.push((file, rank, side, src.chance(50)));
                }
            }
        }
    }
    // A side's map cannot name a square twice on the wire: keep the last.
    let mut kept: Vec<(i32, i32, DSide, bool)> = Vec::new();
    for s in stones.into_iter().rev() {
        if !kept.iter().any(|k| (k.0, k.1, k.2) == (s.0, s.1, s.2)) {
            kept.push(s);
        }
    }
    kept.reverse();
    let to_move = match src.below(3) {
        0 => None,
        1 => Some(DSide::White),
        _ => Some(DSide::Black),
    };
    DameSetup {
        stones: kept,
        to_move,
    }
}

/// DA-1.1: the squares a1–h8, stones on the dark squares only (a1 dark),
/// one stone a square. DA-1.2: at most twelve stones a side, and no man on
/// the row where it would already have been crowned (DA-4.1: row 8 for
/// White, row 1 for Black).
fn dame_legal(s: &DameSetup) -> Result<(), String> {
    let mut count = [0; 2];
    for (i, &(file, rank, side, man)) in s.stones.iter().enumerate() {
        if !(0..8).contains(&file) || !(1..=8).contains(&rank) {
            return Err(format!("{} is off the board", dame_name(file, rank)));
        }
        // a1 (file 0, rank 1) is dark; colours alternate along a rank.
        if (file + rank) % 2 == 0 {
            return Err(format!("{} is light", dame_name(file, rank)));
        }
        if s.stones[..i].iter().any(|o| (o.0, o.1) == (file, rank)) {
            return Err(format!("two stones on {}", dame_name(file, rank)));
        }
        count[(side == DSide::Black) as usize] += 1;
        let crowning_row = match side {
            DSide::White => 8,
            DSide::Black => 1,
        };
        if man && rank == crowning_row {
            return Err(format!(
                "a man on its crowning row {}",
                dame_name(file, rank)
            ));
        }
    }
    if count.iter().any(|&c| c > 12) {
        return Err(format!("more than twelve stones: {count:?}"));
    }
    Ok(())
}

fn dame_side(s: DSide) -> &'static str {
    match s {
        DSide::White => "white",
        DSide::Black => "black",
    }
}

fn dame_wire(s: &DameSetup) -> Value {
    let mut sides = [serde_json::Map::new(), serde_json::Map::new()];
    for &(file, rank, side, man) in &s.stones {
        sides[(side == DSide::Black) as usize].insert(
            dame_name(file, rank),
            json!(if man { "man" } else { "dame" }),
        );
    }
    let [white, black] = sides;
    json!({"to-move": s.to_move.map(dame_side), "white": white, "black": black})
}

fn dame_yaml(s: &DameSetup) -> Option<String> {
    let mut text = String::new();
    if let Some(side) = s.to_move {
        text += &format!("to_move: {}\n", dame_side(side));
    }
    for side in [DSide::White, DSide::Black] {
        let entries: Vec<String> = s
            .stones
            .iter()
            .filter(|st| st.2 == side)
            .map(|&(f, r, _, man)| {
                format!("{}: {}", dame_name(f, r), if man { "man" } else { "dame" })
            })
            .collect();
        text += &format!("{}: {{{}}}\n", dame_side(side), entries.join(", "));
    }
    Some(text)
}

#[test]
fn dame_setups_are_refused_exactly_when_da_1_refuses_them() {
    let t = run::<arbiter::games::dame::game::Dame, _>(Game {
        name: "dame",
        draw: draw_dame,
        legal: dame_legal,
        wire: dame_wire,
        yaml: Some(dame_yaml),
    });
    floors(&t, true);
}
