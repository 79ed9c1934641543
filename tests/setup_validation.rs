//! Setup validation is shared by each game's reference and engine (Stratego's
//! `Setup::validate`, Dame's, Epaminondas's, chess's FEN reader and CH-1.2
//! check, backgammon's setup and cube checks), so the differential tests
//! cannot see a bug in it. This file is its independent check, as
//! `tests/combat_table.rs` is combat's: for each game a predicate written
//! here from the setup clauses of `spec/<game>/rules.md` (never from the
//! Rust code) says whether a setup is legal, and a property test draws
//! random setups, biased so that legal and illegal ones are both common
//! (a legal setup with random edits: a stone on a light square, a
//! thirteenth stone, a pawn on the back rank, sixteen checkers on a point,
//! …), writes each as the game's protocol setup (`spec/<game>/protocol.md`)
//! and asserts that `setup_from_wire` accepts it exactly when the predicate
//! does; where the scenario format can say the same, through
//! `setup_from_spec` too. Each game counts both verdicts and asserts floors,
//! so the property cannot hold vacuously.
//!
//! Cases per game: `ARBITER_SETUP_CASES` (default 600). The seed is
//! proptest's (`PROPTEST_RNG_SEED` in CI).

// Sides index parallel arrays (points, bar, off, names).
#![allow(clippy::needless_range_loop)]

use std::fmt::Debug;
use std::sync::Mutex;

use arbiter::rules::{RuleProfile, Rules};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use serde_json::{Value, json};

// ---------------------------------------------------------------------------
// The driver.

/// Random choices read off a vector that proptest draws (and shrinks).
struct Src {
    values: Vec<u32>,
    at: usize,
}

impl Src {
    fn next(&mut self) -> u32 {
        let v = self.values.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        v
    }
    /// A number in `0..n`.
    fn below(&mut self, n: usize) -> usize {
        (self.next() as usize) % n.max(1)
    }
    /// True with `percent` per cent.
    fn chance(&mut self, percent: u32) -> bool {
        self.next() % 100 < percent
    }
    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

fn cases() -> u32 {
    std::env::var("ARBITER_SETUP_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(600)
}

/// One game's pieces of the property: draw a setup, judge it from the
/// spec, write it for the wire, and optionally as a scenario `setup:`.
struct Game<M> {
    name: &'static str,
    draw: fn(&mut Src) -> M,
    /// `Err(reason)` when the spec refuses the setup.
    legal: fn(&M) -> Result<(), String>,
    wire: fn(&M) -> Value,
    /// The scenario's `setup:` as YAML, when the format can say it.
    yaml: Option<fn(&M) -> Option<String>>,
}

#[derive(Default, Debug)]
struct Tally {
    valid: usize,
    invalid: usize,
    scenario: usize,
}

fn verdict<T, E: Debug>(r: &Result<T, E>) -> Result<(), String> {
    match r {
        Ok(_) => Ok(()),
        Err(e) => Err(format!("{e:?}")),
    }
}

fn run<G: Rules, M: Debug>(game: Game<M>) -> Tally {
    let tally = Mutex::new(Tally::default());
    let profile = G::Profile::parse(G::Profile::names()[0]).expect("the first profile parses");
    let mut runner = TestRunner::new(Config {
        cases: cases(),
        failure_persistence: None,
        ..Config::default()
    });
    let result = runner.run(
        &prop::collection::vec(any::<u32>(), 200..400),
        |values| {
            let mut src = Src { values, at: 0 };
            let model = (game.draw)(&mut src);
            let spec = (game.legal)(&model);
            let wire = (game.wire)(&model);
            let read = G::setup_from_wire(&wire);
            let code = verdict(&read);
            // What the wire reads, every implementation starts or declines
            // (`supports`); the reference must start it, unless a part of
            // the check is the implementations' own (chess's side not to
            // move in check): then the verdict is the reference's.
            let code = match (&read, code) {
                (Ok(setup), Ok(())) => {
                    let started = G::reference().start(setup, &profile).map(|_| ());
                    for imp in G::implementations() {
                        if imp.supports(setup, &profile).is_ok() {
                            let r = imp.start(setup, &profile).map(|_| ());
                            if r.is_ok() != started.is_ok() {
                                return Err(TestCaseError::fail(format!(
                                    "{}: {} starts {r:?}, the reference {started:?}\nwire: {wire}",
                                    game.name,
                                    imp.name()
                                )));
                            }
                        } else if spec.is_err() || imp.name() == "reference" {
                            // An illegal setup is refused (`bad-request`),
                            // never declined (`unsupported`); the reference
                            // plays every legal one.
                            return Err(TestCaseError::fail(format!(
                                "{}: {} declines the setup ({spec:?})\nwire: {wire}",
                                game.name,
                                imp.name()
                            )));
                        }
                    }
                    started
                }
                (_, code) => code,
            };
            if spec.is_ok() != code.is_ok() {
                return Err(TestCaseError::fail(format!(
                    "{}: the spec says {spec:?}, setup_from_wire says {code:?}\nmodel: {model:?}\nwire: {wire}",
                    game.name
                )));
            }
            let mut t = tally.lock().unwrap();
            if spec.is_ok() {
                t.valid += 1;
            } else {
                t.invalid += 1;
            }
            drop(t);
            if let Some(yaml) = game.yaml
                && let Some(text) = yaml(&model)
            {
                let parsed: Result<G::SetupSpec, _> = serde_saphyr::from_str(&text);
                let code = match &parsed {
                    Ok(s) => match G::setup_from_spec(s) {
                        Ok(setup) => verdict(&G::reference().start(&setup, &profile)),
                        Err(e) => Err(format!("{e:?}")),
                    },
                    Err(e) => Err(format!("{e}")),
                };
                if spec.is_ok() != code.is_ok() {
                    return Err(TestCaseError::fail(format!(
                        "{}: the spec says {spec:?}, the scenario loader says {code:?}\nmodel: {model:?}\nyaml:\n{text}",
                        game.name
                    )));
                }
                tally.lock().unwrap().scenario += 1;
            }
            Ok(())
        },
    );
    let tally = tally.into_inner().unwrap();
    eprintln!("setup_validation ({}): {tally:?}", game.name);
    if let Err(e) = result {
        panic!("{e}");
    }
    tally
}

/// Both verdicts must have occurred a fair number of times.
fn floors(t: &Tally, scenario: bool) {
    let n = cases() as usize;
    assert!(t.valid >= n / 6, "too few legal setups drawn: {t:?}");
    assert!(t.invalid >= n / 6, "too few illegal setups drawn: {t:?}");
    if scenario {
        assert!(t.scenario >= n / 3, "too few scenario setups: {t:?}");
    }
}

// ---------------------------------------------------------------------------
// Dame (spec/dame/rules.md DA-1, DA-4.1).

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

// ---------------------------------------------------------------------------
// Epaminondas (spec/epaminondas/rules.md EP-1.1, EP-1.6; protocol.md's
// setup).

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

// ---------------------------------------------------------------------------
// Backgammon (spec/backgammon/rules.md BG-1.2, BG-1.3, BG-4.4, BG-8.8;
// protocol.md's setup).

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

// ---------------------------------------------------------------------------
// Chess (spec/chess/rules.md CH-1.1, CH-1.2).

#[derive(Clone, Debug)]
struct ChessSetup {
    /// `board[rank][file]`, rank 0 is rank 1; FEN letters (`K` white king,
    /// `p` black pawn).
    board: [[Option<char>; 8]; 8],
    white_to_move: bool,
    /// A subset of `KQkq`.
    castling: Vec<char>,
    /// The en-passant square (file, rank index).
    ep: Option<(usize, usize)>,
}

fn chess_sq(file: usize, rank: usize) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

fn draw_chess(src: &mut Src) -> ChessSetup {
    let mut board = [[None; 8]; 8];
    let mut castling = Vec::new();
    if src.chance(25) {
        let back = ['r', 'n', 'b', 'q', 'k', 'b', 'n', 'r'];
        for f in 0..8 {
            board[0][f] = Some(back[f].to_ascii_uppercase());
            board[1][f] = Some('P');
            board[6][f] = Some('p');
            board[7][f] = Some(back[f]);
        }
        castling = vec!['K', 'Q', 'k', 'q'];
    } else {
        // Two kings and a few pieces anywhere, pawns on ranks 2-7.
        for king in ['K', 'k'] {
            loop {
                let (f, r) = (src.below(8), src.below(8));
                if board[r][f].is_none() {
                    board[r][f] = Some(king);
                    break;
                }
            }
        }
        if src.chance(40) {
            // Kings and rooks at home, so that castling rights can hold.
            for (f, r, p) in [(4, 0, 'K'), (4, 7, 'k')] {
                for row in board.iter_mut() {
                    for c in row.iter_mut() {
                        if *c == Some(p) {
                            *c = None;
                        }
                    }
                }
                board[r][f] = Some(p);
            }
            for (f, r, p) in [(0, 0, 'R'), (7, 0, 'R'), (0, 7, 'r'), (7, 7, 'r')] {
                if src.chance(70) {
                    board[r][f] = Some(p);
                }
            }
        }
        for _ in 0..src.below(8) {
            let p = src.pick(&['Q', 'R', 'B', 'N', 'P', 'q', 'r', 'b', 'n', 'p']);
            let lo = if p.eq_ignore_ascii_case(&'p') { 1 } else { 0 };
            let (f, r) = (src.below(8), lo + src.below(8 - 2 * lo));
            if board[r][f].is_none() {
                board[r][f] = Some(p);
            }
        }
        for c in ['K', 'Q', 'k', 'q'] {
            if src.chance(30) {
                castling.push(c);
            }
        }
    }
    let white_to_move = src.chance(50);
    let mut s = ChessSetup {
        board,
        white_to_move,
        castling,
        ep: None,
    };
    // An en-passant square: often one a double step can have made.
    if src.chance(35) {
        let (rank, pawn, from) = if s.white_to_move {
            (5, 'p', 6)
        } else {
            (2, 'P', 1)
        };
        let f = src.below(8);
        if src.chance(70) {
            let front = if s.white_to_move { 4 } else { 3 };
            s.board[front][f] = Some(pawn);
            s.board[rank][f] = None;
            s.board[from][f] = None;
        }
        s.ep = Some((f, if src.chance(85) { rank } else { src.below(8) }));
    }
    let edits = if src.chance(55) { 0 } else { 1 + src.below(2) };
    for _ in 0..edits {
        let (f, r) = (src.below(8), src.below(8));
        match src.below(6) {
            // Drop or add a king.
            0 => {
                let k = src.pick(&['K', 'k']);
                match (0..64).find(|&i| s.board[i / 8][i % 8] == Some(k)) {
                    Some(i) if src.chance(60) => s.board[i / 8][i % 8] = None,
                    _ => s.board[r][f] = Some(k),
                }
            }
            // A pawn on the first or last rank.
            1 => s.board[src.pick(&[0, 7])][f] = Some(src.pick(&['P', 'p'])),
            // A castling right, whatever stands on e1, h1, a1, e8, h8, a8.
            2 => {
                let c = src.pick(&['K', 'Q', 'k', 'q']);
                if !s.castling.contains(&c) {
                    s.castling.push(c);
                }
            }
            // Something moved away or onto a square.
            3 => {
                s.board[r][f] = if src.chance(50) {
                    None
                } else {
                    Some(src.pick(&['Q', 'R', 'B', 'N', 'q', 'r', 'b', 'n']))
                }
            }
            // The other side to move (its king may now be the one
            // attacked; the en-passant square now on the wrong rank).
            4 => s.white_to_move = !s.white_to_move,
            // An attacker next to a king.
            _ => {
                let k = src.pick(&['K', 'k']);
                if let Some(i) = (0..64).find(|&i| s.board[i / 8][i % 8] == Some(k)) {
                    let (kf, kr) = ((i % 8) as i32, (i / 8) as i32);
                    let (df, dr) = src.pick(&[(1, 1), (-1, 1), (1, -1), (-1, -1), (0, 1), (2, 1)]);
                    let (af, ar) = (kf + df, kr + dr);
                    if (0..8).contains(&af) && (0..8).contains(&ar) {
                        let p = src.pick(&['Q', 'R', 'B', 'N', 'P']);
                        let p = if k == 'K' { p.to_ascii_lowercase() } else { p };
                        s.board[ar as usize][af as usize] = Some(p);
                    }
                }
            }
        }
    }
    s.castling.sort_by_key(|c| "KQkq".find(*c));
    s
}

/// Whether a piece of `white` attacks `(f, r)`, walking the board.
fn chess_attacked(s: &ChessSetup, f: i32, r: i32, white: bool) -> bool {
    let at = |f: i32, r: i32| -> Option<char> {
        if (0..8).contains(&f) && (0..8).contains(&r) {
            s.board[r as usize][f as usize]
        } else {
            None
        }
    };
    let own = |c: char| c.is_ascii_uppercase() == white;
    let is = |c: Option<char>, kinds: &str| {
        c.is_some_and(|c| own(c) && kinds.contains(c.to_ascii_lowercase()))
    };
    // A white pawn attacks diagonally upwards, so it stands one rank below.
    let dr = if white { -1 } else { 1 };
    if is(at(f - 1, r + dr), "p") || is(at(f + 1, r + dr), "p") {
        return true;
    }
    for (a, b) in [
        (1, 2),
        (2, 1),
        (-1, 2),
        (-2, 1),
        (1, -2),
        (2, -1),
        (-1, -2),
        (-2, -1),
    ] {
        if is(at(f + a, r + b), "n") {
            return true;
        }
    }
    for a in -1..=1 {
        for b in -1..=1 {
            if (a, b) != (0, 0) && is(at(f + a, r + b), "k") {
                return true;
            }
        }
    }
    for (a, b) in [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
    ] {
        let sliders = if a == 0 || b == 0 { "rq" } else { "bq" };
        let (mut x, mut y) = (f + a, r + b);
        while (0..8).contains(&x) && (0..8).contains(&y) {
            if let Some(c) = at(x, y) {
                if is(Some(c), sliders) {
                    return true;
                }
                break;
            }
            x += a;
            y += b;
        }
    }
    false
}

/// CH-1.2: one king a side; no pawn on the first or last rank; each
/// castling right with its king and rook at home (`K` e1 h1, `Q` e1 a1, `k`
/// e8 h8, `q` e8 a8); an en-passant square on the sixth rank with White to
/// move (the third with Black), empty, the square behind it empty and an
/// enemy pawn in front of it; the king of the side not to move not
/// attacked.
fn chess_legal(s: &ChessSetup) -> Result<(), String> {
    let find = |p: char| -> Vec<(usize, usize)> {
        (0..64)
            .filter(|&i| s.board[i / 8][i % 8] == Some(p))
            .map(|i| (i % 8, i / 8))
            .collect()
    };
    for k in ['K', 'k'] {
        if find(k).len() != 1 {
            return Err(format!("{} {k}", find(k).len()));
        }
    }
    for r in [0, 7] {
        for f in 0..8 {
            if matches!(s.board[r][f], Some('P' | 'p')) {
                return Err(format!("a pawn on {}", chess_sq(f, r)));
            }
        }
    }
    for &c in &s.castling {
        let (r, king, rook, rf) = match c {
            'K' => (0, 'K', 'R', 7),
            'Q' => (0, 'K', 'R', 0),
            'k' => (7, 'k', 'r', 7),
            _ => (7, 'k', 'r', 0),
        };
        if s.board[r][4] != Some(king) || s.board[r][rf] != Some(rook) {
            return Err(format!("castling right {c} without king and rook at home"));
        }
    }
    if let Some((f, r)) = s.ep {
        let (rank, behind, front, pawn) = if s.white_to_move {
            (5, 6, 4, 'p')
        } else {
            (2, 1, 3, 'P')
        };
        if r != rank
            || s.board[r][f].is_some()
            || s.board[behind][f].is_some()
            || s.board[front][f] != Some(pawn)
        {
            return Err(format!("en passant on {}", chess_sq(f, r)));
        }
    }
    let (kf, kr) = find(if s.white_to_move { 'k' } else { 'K' })[0];
    if chess_attacked(s, kf as i32, kr as i32, s.white_to_move) {
        return Err("the side not to move is in check".into());
    }
    Ok(())
}

fn chess_fen(s: &ChessSetup) -> String {
    let mut rows = Vec::new();
    for r in (0..8).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for f in 0..8 {
            match s.board[r][f] {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        row += &empty.to_string();
                        empty = 0;
                    }
                    row.push(c);
                }
            }
        }
        if empty > 0 {
            row += &empty.to_string();
        }
        rows.push(row);
    }
    let castling: String = if s.castling.is_empty() {
        "-".into()
    } else {
        s.castling.iter().collect()
    };
    format!(
        "{} {} {castling} {} 0 1",
        rows.join("/"),
        if s.white_to_move { "w" } else { "b" },
        s.ep.map_or("-".into(), |(f, r)| chess_sq(f, r))
    )
}

fn chess_wire(s: &ChessSetup) -> Value {
    json!({"fen": chess_fen(s)})
}

fn chess_yaml(s: &ChessSetup) -> Option<String> {
    Some(format!("fen: \"{}\"\n", chess_fen(s)))
}

#[test]
fn chess_setups_are_refused_exactly_when_ch_1_2_refuses_them() {
    let t = run::<arbiter::games::chess::game::Chess, _>(Game {
        name: "chess",
        draw: draw_chess,
        legal: chess_legal,
        wire: chess_wire,
        yaml: Some(chess_yaml),
    });
    floors(&t, true);
}

// ---------------------------------------------------------------------------
// Stratego (spec/stratego/rules-of-play.md RP-1.1, RP-1.2, RP-1.4, RP-1.6,
// RP-2.2, RP-2.3, RP-2.4; protocol.md's setup; scenario-format.md's).

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
