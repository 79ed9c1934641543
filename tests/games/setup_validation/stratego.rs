//! Stratego's setups (spec/stratego/rules-of-play.md RP-1.1, RP-1.2, RP-1.4, RP-1.6,
//! RP-2.2, RP-2.3, RP-2.4; protocol.md's setup; scenario-format.md's).

use serde_json::{Value, json};

use super::{Game, Src, floors, run};

/// The twelve ranks of RP-2.1, as the wire spells them.
const ST_RANKS: [&str; 12] = [
    "marshal",
    "general",
    "colonel",
    "major",
    "captain",
    "lieutenant",
    "sergeant",
    "miner",
    "scout",
    "spy",
    "bomb",
    "flag",
];

/// RP-2.2 and RP-2.4: the named armies' counts, in the order of
/// [`ST_RANKS`].
const ST_ARMIES: [(&str, [u32; 12]); 3] = [
    ("standard", [1, 1, 2, 3, 4, 4, 4, 5, 8, 1, 6, 1]),
    ("barrage", [1, 1, 0, 0, 0, 0, 0, 1, 2, 1, 1, 1]),
    ("quick", [1, 1, 0, 0, 0, 0, 0, 2, 2, 1, 2, 1]),
];

/// RP-1.1, RP-1.2, RP-1.6: the named boards, their files, ranks and lakes
/// (file 0 is `A`, rank 1 is `1`).
fn st_named_board(name: &str) -> (u32, u32, Vec<(i32, i32)>) {
    match name {
        "standard" => (
            10,
            10,
            vec![
                (2, 5),
                (3, 5),
                (2, 6),
                (3, 6),
                (6, 5),
                (7, 5),
                (6, 6),
                (7, 6),
            ],
        ),
        _ => (8, 8, vec![(2, 4), (2, 5), (5, 4), (5, 5)]),
    }
}

#[derive(Clone, Debug)]
enum StArmy {
    /// No `army`: the board's own.
    Absent,
    /// A named army, with `counts` written out or not.
    Named(&'static str, Option<Vec<(&'static str, u32)>>),
    /// A custom army's counts (a key may be no rank).
    Custom(Vec<(&'static str, u32)>),
}

#[derive(Clone, Debug)]
struct StPiece {
    file: i32,
    rank: i32,
    red: bool,
    name: &'static str,
    /// 0 as the protocol writes it, 1 a lower-case file, 2 a leading zero.
    spelling: u8,
}

#[derive(Clone, Debug)]
struct StSetup {
    /// `standard`, `quick-8x8` or `custom`.
    board: &'static str,
    /// A named board's `files` and `ranks` if written; a custom board's
    /// always.
    dims: Option<(u32, u32)>,
    /// A named board's `lakes` if written; a custom board's always.
    lakes: Option<Vec<(i32, i32)>>,
    army: StArmy,
    to_move: Option<bool>,
    pieces: Vec<StPiece>,
}

fn st_square(file: i32, rank: i32, spelling: u8) -> String {
    let letter = (b'A' as i32 + file) as u8 as char;
    match spelling {
        1 => format!("{}{rank}", letter.to_ascii_lowercase()),
        2 => format!("{letter}0{rank}"),
        _ => format!("{letter}{rank}"),
    }
}

/// The board as the setup means it, when its name is known: files, ranks,
/// lakes.
fn st_geometry(s: &StSetup) -> (u32, u32, Vec<(i32, i32)>) {
    if s.board == "custom" {
        let (f, r) = s.dims.unwrap_or((0, 0));
        (f, r, s.lakes.clone().unwrap_or_default())
    } else {
        st_named_board(s.board)
    }
}

/// The counts of the army as the setup means it, including unknown keys.
fn st_counts(s: &StSetup) -> Vec<(&'static str, u32)> {
    let name = match &s.army {
        StArmy::Custom(c) => return c.clone(),
        StArmy::Named(n, _) => *n,
        StArmy::Absent if s.board == "quick-8x8" => "quick",
        StArmy::Absent => "standard",
    };
    let counts = ST_ARMIES.iter().find(|a| a.0 == name).unwrap().1;
    ST_RANKS.iter().copied().zip(counts).collect()
}

fn st_count_of(counts: &[(&'static str, u32)], rank: &str) -> u32 {
    counts.iter().filter(|c| c.0 == rank).map(|c| c.1).sum()
}

fn st_free(s: &StSetup, file: i32, rank: i32) -> bool {
    let (_, _, lakes) = st_geometry(s);
    !lakes.contains(&(file, rank)) && !s.pieces.iter().any(|p| (p.file, p.rank) == (file, rank))
}

/// A free square that is on the board and no lake, if one is found.
fn st_place(s: &StSetup, src: &mut Src) -> Option<(i32, i32)> {
    let (files, ranks, _) = st_geometry(s);
    (0..20).find_map(|_| {
        let (f, r) = (
            src.below(files as usize) as i32,
            1 + src.below(ranks as usize) as i32,
        );
        st_free(s, f, r).then_some((f, r))
    })
}

fn draw_stratego(src: &mut Src) -> StSetup {
    let mut s = StSetup {
        board: "standard",
        dims: None,
        lakes: None,
        army: StArmy::Absent,
        to_move: None,
        pieces: Vec::new(),
    };
    match src.below(10) {
        0..=3 => {}
        4..=6 => s.board = "quick-8x8",
        _ => {
            s.board = "custom";
            let (files, ranks) = (2 + src.below(11) as u32, 2 + src.below(11) as u32);
            s.dims = Some((files, ranks));
            let mut lakes = Vec::new();
            for _ in 0..src.below(5) {
                let l = (
                    src.below(files as usize) as i32,
                    1 + src.below(ranks as usize) as i32,
                );
                if !lakes.contains(&l) {
                    lakes.push(l);
                }
            }
            s.lakes = Some(lakes);
        }
    }
    if s.board != "custom" {
        let (files, ranks, mut lakes) = st_named_board(s.board);
        if src.chance(30) {
            s.dims = Some((files, ranks));
        }
        if src.chance(30) {
            // The lakes are a set: any order names the same ones.
            if src.chance(50) {
                lakes.reverse();
            }
            s.lakes = Some(lakes);
        }
    }
    s.army = match src.below(5) {
        0 | 1 => StArmy::Absent,
        2 | 3 => {
            let (name, counts) = ST_ARMIES[src.below(3)];
            let written = src.chance(40).then(|| {
                ST_RANKS
                    .iter()
                    .copied()
                    .zip(counts)
                    .filter(|c| c.1 > 0)
                    .collect()
            });
            StArmy::Named(name, written)
        }
        _ => {
            let mut counts = Vec::new();
            for r in ST_RANKS {
                if src.chance(50) {
                    counts.push((r, src.below(4) as u32));
                }
            }
            StArmy::Custom(counts)
        }
    };
    s.to_move = match src.below(3) {
        0 => None,
        1 => Some(true),
        _ => Some(false),
    };
    // Each side a subset of the army (RP-2.3), often all of it, anywhere
    // on the board.
    let counts = st_counts(&s);
    for red in [true, false] {
        let full = src.chance(35);
        for &(name, n) in &counts {
            for _ in 0..n {
                if (full || src.chance(30))
                    && let Some((file, rank)) = st_place(&s, src)
                {
                    s.pieces.push(StPiece {
                        file,
                        rank,
                        red,
                        name,
                        spelling: 0,
                    });
                }
            }
        }
    }
    let edits = if src.chance(40) { 0 } else { 1 + src.below(2) };
    for _ in 0..edits {
        let (files, ranks, lakes) = st_geometry(&s);
        let any = if s.pieces.is_empty() {
            None
        } else {
            Some(src.below(s.pieces.len()))
        };
        match src.below(10) {
            // A piece onto a lake.
            0 if !lakes.is_empty() && any.is_some() => {
                let (f, r) = src.pick(&lakes);
                let p = &mut s.pieces[any.unwrap()];
                (p.file, p.rank) = (f, r);
            }
            // Off the board: past the last file or rank, or rank 0.
            1 if any.is_some() => {
                let p = &mut s.pieces[any.unwrap()];
                match src.below(3) {
                    0 if files < 26 => p.file = files as i32,
                    1 => p.rank = 0,
                    _ => p.rank = ranks as i32 + 1 + src.below(2) as i32,
                }
            }
            // A second piece on a square (the other side's: a side's map
            // cannot name a square twice).
            2 if any.is_some() => {
                let mut p = s.pieces[any.unwrap()].clone();
                p.red = !p.red;
                p.name = src.pick(&ST_RANKS);
                s.pieces.push(p);
            }
            // One piece too many of a rank (or one of a rank the army
            // lacks).
            3 => {
                let red = src.chance(50);
                let name = src.pick(&ST_RANKS);
                let have = s
                    .pieces
                    .iter()
                    .filter(|p| p.red == red && p.name == name)
                    .count() as u32;
                let may = st_count_of(&st_counts(&s), name);
                for _ in have..=may {
                    if let Some((file, rank)) = st_place(&s, src) {
                        s.pieces.push(StPiece {
                            file,
                            rank,
                            red,
                            name,
                            spelling: 0,
                        });
                    }
                }
            }
            // A side's flag removed: still legal (RP-2.3).
            4 => {
                let red = src.chance(50);
                s.pieces.retain(|p| p.red != red || p.name != "flag");
            }
            // A piece that is no rank.
            5 if any.is_some() => {
                s.pieces[any.unwrap()].name =
                    src.pick(&["king", "Scout", "FLAG", "sergent", "bombs", ""]);
            }
            // Another spelling of a square.
            6 if any.is_some() => s.pieces[any.unwrap()].spelling = 1 + src.below(2) as u8,
            // A board that disagrees with its name, or a custom board too
            // large or too small, a lake off it or listed twice.
            7 => match s.board {
                "custom" => {
                    let (f, r) = s.dims.unwrap();
                    let lakes = s.lakes.as_mut().unwrap();
                    match src.below(4) {
                        0 => s.dims = Some((src.pick(&[0, 27]), r)),
                        1 => s.dims = Some((f, src.pick(&[0, 27]))),
                        2 => lakes.push((src.below(f as usize) as i32, r as i32 + 1)),
                        _ if !lakes.is_empty() => lakes.push(lakes[0]),
                        _ => {}
                    }
                }
                _ => {
                    if src.chance(50) {
                        let (f, r) = s.dims.unwrap_or((files, ranks));
                        s.dims = Some(if src.chance(50) {
                            (f + 1, r)
                        } else {
                            (f, r - 2)
                        });
                    } else {
                        let mut l = s.lakes.clone().unwrap_or(lakes);
                        if src.chance(50) {
                            l.pop();
                        } else {
                            l.push((0, 1));
                        }
                        s.lakes = Some(l);
                    }
                }
            },
            // An army whose counts disagree with its name, or a custom
            // army with a key that is no rank.
            8 => {
                if let StArmy::Custom(c) = &mut s.army {
                    c.push((src.pick(&["king", "scouts", "Marshal"]), 1));
                } else {
                    let name = match s.army {
                        StArmy::Named(n, _) => n,
                        _ if s.board == "quick-8x8" => "quick",
                        _ => "standard",
                    };
                    let mut written: Vec<(&'static str, u32)> =
                        st_counts(&s).into_iter().filter(|c| c.1 > 0).collect();
                    let i = src.below(written.len());
                    written[i].1 += 1;
                    s.army = StArmy::Named(name, Some(written));
                }
            }
            // Everything of one side's army it has room for: still legal.
            _ => {
                let red = src.chance(50);
                let counts = st_counts(&s);
                for &(name, n) in &counts {
                    let have = s
                        .pieces
                        .iter()
                        .filter(|p| p.red == red && p.name == name)
                        .count() as u32;
                    for _ in have..n {
                        if let Some((file, rank)) = st_place(&s, src) {
                            s.pieces.push(StPiece {
                                file,
                                rank,
                                red,
                                name,
                                spelling: 0,
                            });
                        }
                    }
                }
            }
        }
    }
    // A side's map cannot name a square twice: keep the last.
    let mut kept: Vec<StPiece> = Vec::new();
    for p in s.pieces.into_iter().rev() {
        let sq = st_square(p.file, p.rank, p.spelling);
        if !kept
            .iter()
            .any(|k| k.red == p.red && st_square(k.file, k.rank, k.spelling) == sq)
        {
            kept.push(p);
        }
    }
    kept.reverse();
    s.pieces = kept;
    s
}

/// RP-1.6 and protocol.md: a named board's `files`, `ranks` and `lakes`, if
/// written, are its own (the lakes a set, each listed once); a custom board
/// has 1 to 26 files and ranks, each lake on it and listed once. RP-2.4: a
/// named army's `counts`, if written, are its own (a rank left out counts
/// 0); every key of a written army is a rank (RP-2.1). A square is a
/// capital file letter and a rank without a leading zero (protocol.md), on
/// the board (RP-1.1) and no lake (RP-1.2), holding one piece (RP-1.4); a
/// piece is a rank; no side has more pieces of a rank than the army
/// (RP-2.2). Anything else goes (RP-2.3): any subset of the army, with or
/// without a flag, anywhere.
fn stratego_legal(s: &StSetup) -> Result<(), String> {
    let (files, ranks, lakes) = st_geometry(s);
    let listed_once = |l: &[(i32, i32)]| l.iter().enumerate().all(|(i, x)| !l[..i].contains(x));
    if s.board == "custom" {
        if !(1..=26).contains(&files) || !(1..=26).contains(&ranks) {
            return Err(format!("a custom board of {files} by {ranks}"));
        }
        if lakes
            .iter()
            .any(|&(f, r)| !(0..files as i32).contains(&f) || !(1..=ranks as i32).contains(&r))
        {
            return Err("a lake off the board".into());
        }
        if !listed_once(&lakes) {
            return Err("a lake listed twice".into());
        }
    } else {
        if let Some(d) = s.dims
            && d != (files, ranks)
        {
            return Err(format!("{} is not {d:?}", s.board));
        }
        if let Some(l) = &s.lakes
            && (!listed_once(l) || l.len() != lakes.len() || l.iter().any(|x| !lakes.contains(x)))
        {
            return Err(format!("{} has other lakes than {l:?}", s.board));
        }
    }
    match &s.army {
        StArmy::Absent => {}
        StArmy::Named(name, written) => {
            if let Some(w) = written {
                let own = ST_ARMIES.iter().find(|a| a.0 == *name).unwrap().1;
                if w.iter().any(|c| !ST_RANKS.contains(&c.0))
                    || ST_RANKS
                        .iter()
                        .zip(own)
                        .any(|(r, n)| st_count_of(w, r) != n)
                {
                    return Err(format!("counts that are not the {name} army's"));
                }
            }
        }
        StArmy::Custom(c) => {
            if let Some(k) = c.iter().find(|c| !ST_RANKS.contains(&c.0)) {
                return Err(format!("an army with {:?}, no rank", k.0));
            }
        }
    }
    let counts = st_counts(s);
    for (i, p) in s.pieces.iter().enumerate() {
        let sq = st_square(p.file, p.rank, p.spelling);
        if p.spelling != 0 {
            return Err(format!("{sq} is not how a square is written"));
        }
        if !(0..files as i32).contains(&p.file) || !(1..=ranks as i32).contains(&p.rank) {
            return Err(format!("{sq} is off the board"));
        }
        if lakes.contains(&(p.file, p.rank)) {
            return Err(format!("{sq} is a lake"));
        }
        if s.pieces[..i]
            .iter()
            .any(|o| (o.file, o.rank) == (p.file, p.rank))
        {
            return Err(format!("{sq} holds two pieces"));
        }
        if !ST_RANKS.contains(&p.name) {
            return Err(format!("{:?} is no rank", p.name));
        }
    }
    for red in [true, false] {
        for rank in ST_RANKS {
            let n = s
                .pieces
                .iter()
                .filter(|p| p.red == red && p.name == rank)
                .count() as u32;
            if n > st_count_of(&counts, rank) {
                return Err(format!("{n} {rank} for red={red}"));
            }
        }
    }
    Ok(())
}

fn st_side(red: bool) -> &'static str {
    if red { "red" } else { "blue" }
}

fn st_lake_names(l: &[(i32, i32)]) -> Vec<String> {
    l.iter().map(|&(f, r)| st_square(f, r, 0)).collect()
}

fn stratego_wire(s: &StSetup) -> Value {
    let mut board = json!({"name": s.board});
    if let Some((f, r)) = s.dims {
        board["files"] = json!(f);
        board["ranks"] = json!(r);
    }
    if let Some(l) = &s.lakes {
        board["lakes"] = json!(st_lake_names(l));
    }
    let mut v = json!({"board": board});
    let counts = |c: &[(&str, u32)]| -> Value {
        Value::Object(c.iter().map(|&(k, n)| (k.to_string(), json!(n))).collect())
    };
    match &s.army {
        StArmy::Absent => {}
        StArmy::Named(name, written) => {
            v["army"] = json!({"name": name});
            if let Some(w) = written {
                v["army"]["counts"] = counts(w);
            }
        }
        StArmy::Custom(c) => v["army"] = json!({"name": "custom", "counts": counts(c)}),
    }
    if let Some(red) = s.to_move {
        v["to-move"] = json!(st_side(red));
    }
    for red in [true, false] {
        let m: serde_json::Map<String, Value> = s
            .pieces
            .iter()
            .filter(|p| p.red == red)
            .map(|p| (st_square(p.file, p.rank, p.spelling), json!(p.name)))
            .collect();
        v[st_side(red)] = Value::Object(m);
    }
    v
}

/// The scenario format names a board or writes a custom one out, and names
/// an army or writes its counts: a named board with `files`, `ranks` or
/// `lakes`, or a named army with `counts`, has no YAML.
fn stratego_yaml(s: &StSetup) -> Option<String> {
    let mut text = String::new();
    if s.board == "custom" {
        let (f, r) = s.dims?;
        text += &format!(
            "board: {{files: {f}, ranks: {r}, lakes: [{}]}}\n",
            st_lake_names(s.lakes.as_deref().unwrap_or(&[])).join(", ")
        );
    } else if s.dims.is_some() || s.lakes.is_some() {
        return None;
    } else {
        text += &format!("board: {}\n", s.board);
    }
    match &s.army {
        StArmy::Absent => {}
        StArmy::Named(_, Some(_)) => return None,
        StArmy::Named(name, None) => text += &format!("army: {name}\n"),
        StArmy::Custom(c) => {
            let entries: Vec<String> = c.iter().map(|(k, n)| format!("\"{k}\": {n}")).collect();
            text += &format!("army: {{{}}}\n", entries.join(", "));
        }
    }
    if let Some(red) = s.to_move {
        text += &format!("to_move: {}\n", st_side(red));
    }
    for red in [true, false] {
        let entries: Vec<String> = s
            .pieces
            .iter()
            .filter(|p| p.red == red)
            .map(|p| {
                format!(
                    "\"{}\": \"{}\"",
                    st_square(p.file, p.rank, p.spelling),
                    p.name
                )
            })
            .collect();
        text += &format!("{}: {{{}}}\n", st_side(red), entries.join(", "));
    }
    Some(text)
}

#[test]
fn stratego_setups_are_refused_exactly_when_rp_1_and_rp_2_refuse_them() {
    let t = run::<arbiter::games::stratego::game::Stratego, _>(Game {
        name: "stratego",
        draw: draw_stratego,
        legal: stratego_legal,
        wire: stratego_wire,
        yaml: Some(stratego_yaml),
    });
    floors(&t, true);
}
