//! Epaminondas's setups (spec/epaminondas/rules.md EP-1.1, EP-1.6; protocol.md's
//! setup).

use serde_json::{Value, json};

use super::{Game, Src, cases, floors, run};

#[derive(Clone, Debug)]
struct EpSetup {
    /// 0: `14x12`, 1: `8x8`; `None`: no `board` field (then 14x12).
    board: Option<usize>,
    /// `files` and `ranks` as written in `board`, if written.
    dims: Option<(u32, u32)>,
    /// (file 0.., rank, side is white, spelling): spelling 0 lower case,
    /// 1 upper case, 2 a leading zero on the rank.
    stones: Vec<(i32, i32, bool, u8)>,
    to_move: Option<bool>,
}

const EP_BOARDS: [(&str, i32, i32); 2] = [("14x12", 14, 12), ("8x8", 8, 8)];

fn ep_name(file: i32, rank: i32, spelling: u8) -> String {
    let letter = (b'a' as i32 + file) as u8 as char;
    match spelling {
        1 => format!("{}{rank}", letter.to_ascii_uppercase()),
        2 => format!("{letter}0{rank}"),
        _ => format!("{letter}{rank}"),
    }
}

fn draw_epaminondas(src: &mut Src) -> EpSetup {
    let board = match src.below(4) {
        0 => None,
        1 => Some(0),
        _ => Some(1),
    };
    let (_, files, ranks) = EP_BOARDS[board.unwrap_or(0)];
    let dims = match board {
        Some(_) if src.chance(50) => Some((files as u32, ranks as u32)),
        _ => None,
    };
    let mut stones: Vec<(i32, i32, bool, u8)> = Vec::new();
    if src.chance(25) {
        // EP-1.4: two full rows each.
        for file in 0..files {
            for rank in [1, 2, ranks - 1, ranks] {
                stones.push((file, rank, rank <= 2, 0));
            }
        }
    } else {
        for _ in 0..src.below(20) {
            let (f, r) = (
                src.below(files as usize) as i32,
                1 + src.below(ranks as usize) as i32,
            );
            if !stones.iter().any(|s| (s.0, s.1) == (f, r)) {
                stones.push((f, r, src.chance(50), 0));
            }
        }
    }
    let edits = if src.chance(45) { 0 } else { 1 + src.below(2) };
    let mut dims = dims;
    for _ in 0..edits {
        match src.below(7) {
            // Off the board: past the last file or rank of this board
            // (on 8x8, a square of the large board), or rank 0.
            0 | 1 if !stones.is_empty() => {
                let i = src.below(stones.len());
                match src.below(3) {
                    0 => stones[i].0 = files + src.below(3) as i32,
                    1 => stones[i].1 = ranks + 1 + src.below(3) as i32,
                    _ => stones[i].1 = 0,
                }
            }
            // Two stones on one square (of one side or both).
            2 if !stones.is_empty() => {
                let i = src.below(stones.len());
                let mut s = stones[i];
                s.2 = src.chance(50);
                stones.push(s);
            }
            // Another spelling of a square.
            3 if !stones.is_empty() => {
                let i = src.below(stones.len());
                stones[i].3 = 1 + src.below(2) as u8;
            }
            // `files` or `ranks` that disagree with the name.
            4 if board.is_some() => {
                let (f, r) = dims.unwrap_or((files as u32, ranks as u32));
                dims = Some(if src.chance(50) {
                    (f + 1, r)
                } else {
                    (f, 8 + 12 - r)
                });
            }
            // Many more stones anywhere (EP-1.6 allows any number).
            _ => {
                for _ in 0..src.below(40) {
                    let (f, r) = (
                        src.below(files as usize) as i32,
                        1 + src.below(ranks as usize) as i32,
                    );
                    if !stones.iter().any(|s| (s.0, s.1) == (f, r)) {
                        stones.push((f, r, src.chance(50), 0));
                    }
                }
            }
        }
    }
    let to_move = match src.below(3) {
        0 => None,
        1 => Some(true),
        _ => Some(false),
    };
    EpSetup {
        board,
        dims,
        stones,
        to_move,
    }
}

/// EP-1.1: the `14x12` board (files a–n, ranks 1–12, the default) or
/// `8x8`; a named board's `files` and `ranks`, if written, are its own
/// (protocol.md). EP-1.6: any stones of either colour on squares of the
/// board, one stone a square, any number of them. A square is a file letter
/// (either case) and a rank without a leading zero (protocol.md).
fn epaminondas_legal(s: &EpSetup) -> Result<(), String> {
    let (name, files, ranks) = EP_BOARDS[s.board.unwrap_or(0)];
    if let Some((f, r)) = s.dims
        && (f as i32, r as i32) != (files, ranks)
    {
        return Err(format!("{name} is not {f} by {r}"));
    }
    for (i, &(file, rank, _, spelling)) in s.stones.iter().enumerate() {
        let sq = ep_name(file, rank, spelling);
        if spelling == 2 {
            return Err(format!("{sq}: a leading zero"));
        }
        if !(0..files).contains(&file) || !(1..=ranks).contains(&rank) {
            return Err(format!("{sq} is off the {name} board"));
        }
        if s.stones[..i].iter().any(|o| (o.0, o.1) == (file, rank)) {
            return Err(format!("{sq} holds two stones"));
        }
    }
    Ok(())
}

fn ep_lists(s: &EpSetup, white: bool) -> Vec<String> {
    s.stones
        .iter()
        .filter(|st| st.2 == white)
        .map(|&(f, r, _, sp)| ep_name(f, r, sp))
        .collect()
}

fn ep_side(white: bool) -> &'static str {
    if white { "white" } else { "black" }
}

fn epaminondas_wire(s: &EpSetup) -> Value {
    let mut m = serde_json::Map::new();
    if let Some(b) = s.board {
        let mut board = json!({"name": EP_BOARDS[b].0});
        if let Some((f, r)) = s.dims {
            board["files"] = json!(f);
            board["ranks"] = json!(r);
        }
        m.insert("board".into(), board);
    }
    if let Some(w) = s.to_move {
        m.insert("to-move".into(), json!(ep_side(w)));
    }
    m.insert("white".into(), json!(ep_lists(s, true)));
    m.insert("black".into(), json!(ep_lists(s, false)));
    Value::Object(m)
}

/// The scenario format has no `files` and `ranks`: only setups without
/// them are written.
fn epaminondas_yaml(s: &EpSetup) -> Option<String> {
    if s.dims.is_some() {
        return None;
    }
    let mut text = String::new();
    if let Some(b) = s.board {
        text += &format!("board: {}\n", EP_BOARDS[b].0);
    }
    if let Some(w) = s.to_move {
        text += &format!("to_move: {}\n", ep_side(w));
    }
    for w in [true, false] {
        text += &format!("{}: [{}]\n", ep_side(w), ep_lists(s, w).join(", "));
    }
    Some(text)
}

#[test]
fn epaminondas_setups_are_refused_exactly_when_ep_1_refuses_them() {
    let t = run::<arbiter::games::epaminondas::game::Epaminondas, _>(Game {
        name: "epaminondas",
        draw: draw_epaminondas,
        legal: epaminondas_legal,
        wire: epaminondas_wire,
        yaml: Some(epaminondas_yaml),
    });
    floors(&t, false);
    assert!(t.scenario >= cases() as usize / 4, "{t:?}");
}
