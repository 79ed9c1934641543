//! Numbers at their bounds are written and read alike by every
//! implementation of every game: a property test over the range of each
//! setup field that holds a number or a choice (chess's half-move clock
//! and move number, CH-1.4; backgammon's cube, bar and borne-off counts,
//! BG-1.2, BG-8.8, and the turn; Stratego's board size and army counts,
//! RP-1.6, RP-2.4; Epaminondas's board and side to move; Dame's side to
//! move). For each generated setup, under each named profile, on each
//! implementation that plays it, at ply 0 and after each of a few random
//! actions played on all of them alike:
//!
//! - the position the implementation writes reads back (`setup_from_wire`)
//!   as a setup that writes the same wire value;
//! - at ply 0 its numbers are the setup's (where the setup gives them);
//! - every implementation writes the same numbers at every ply.

use arbiter::rules::RuleProfile;
use arbiter::rules::prelude::*;
use proptest::prelude::*;
use serde_json::{Value, json};

/// The numbers of a wire setup that must survive: each game's own list.
type Numbers = fn(&Value) -> Vec<u64>;

fn check_game<G: Rules>(
    wire: &Value,
    plies: usize,
    mut seed: u64,
    numbers: Numbers,
) -> Result<(), TestCaseError> {
    let setup = G::setup_from_wire(wire)
        .map_err(|(f, e)| TestCaseError::fail(format!("{wire}: not read: {f}: {e}")))?;
    let written = G::setup_to_wire(&setup);
    prop_assert_eq!(
        numbers(&written),
        numbers(wire),
        "{} is written {}",
        wire,
        written
    );
    for name in G::Profile::names() {
        let profile = G::Profile::parse(name).unwrap();
        let mut games = Vec::new();
        for imp in G::implementations() {
            if imp.supports(&setup, &profile).is_err() {
                continue;
            }
            match imp.start(&setup, &profile) {
                Ok(g) => games.push((imp.name(), g)),
                Err(e) => {
                    return Err(TestCaseError::fail(format!(
                        "{} under {name} refuses {wire}: {e}",
                        imp.name()
                    )));
                }
            }
        }
        for ply in 0..=plies {
            let mut first: Option<(&str, Vec<u64>)> = None;
            for (imp, g) in &games {
                let Some(p) = g.position() else { continue };
                let w = G::setup_to_wire(&p);
                let back = G::setup_from_wire(&w).map_err(|(f, e)| {
                    TestCaseError::fail(format!(
                        "{imp} under {name}, ply {ply}, wrote {w}, which reads as an error at {f}: {e}"
                    ))
                })?;
                prop_assert_eq!(
                    &G::setup_to_wire(&back),
                    &w,
                    "{} under {}, ply {}: read back differently",
                    imp,
                    name,
                    ply
                );
                let n = numbers(&w);
                if ply == 0 && !numbers(wire).is_empty() {
                    prop_assert_eq!(&n, &numbers(wire), "{} under {}: {} at ply 0", imp, name, w);
                }
                match &first {
                    None => first = Some((imp, n)),
                    Some((other, m)) => prop_assert_eq!(
                        &n,
                        m,
                        "{} and {} under {} write other numbers at ply {}",
                        imp,
                        other,
                        name,
                        ply
                    ),
                }
            }
            let Some((_, g)) = games.first() else { break };
            let legal = g.legal_actions();
            if legal.is_empty() || ply == plies {
                break;
            }
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let a = legal[((seed >> 33) % legal.len() as u64) as usize].clone();
            for (imp, g) in games.iter_mut() {
                g.play(&a).map_err(|e| {
                    TestCaseError::fail(format!("{imp} under {name} refuses {a}: {e:?}"))
                })?;
            }
        }
    }
    Ok(())
}

/// A number near or at either end of `lo..=hi`, or anywhere between.
fn bound(lo: u64, hi: u64) -> impl Strategy<Value = u64> {
    prop_oneof![
        Just(lo),
        Just(hi),
        (0..3u64).prop_map(move |d| (lo + d).min(hi)),
        (0..3u64).prop_map(move |d| hi.saturating_sub(d).max(lo)),
        lo..=hi,
    ]
}

// Chess: the FEN's clocks (CH-1.4).

fn chess_numbers(w: &Value) -> Vec<u64> {
    let fen = w["fen"].as_str().unwrap_or_default();
    fen.split(' ')
        .skip(4)
        .map(|n| n.parse().unwrap_or(u64::MAX))
        .collect()
}

fn chess_setup() -> impl Strategy<Value = Value> {
    let placements = prop_oneof![
        Just("4k3/8/8/8/8/8/8/R3K3 w -"),
        Just("4k3/8/8/8/8/8/8/R3K3 b -"),
        Just("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq"),
        Just("r3k2r/8/8/8/8/8/8/R3K2R b KQkq"),
    ];
    // 99999: the last number the reader once took, one move from one it
    // refused.
    let clock = |lo| prop_oneof![bound(lo, u64::from(u32::MAX)), Just(99_999)];
    (placements, clock(0), clock(1))
        .prop_map(|(p, h, f)| json!({ "fen": format!("{p} - {h} {f}") }))
}

// Backgammon: the cube, the bar and borne-off counts, the turn (BG-1.2,
// BG-7.6, BG-8.8).

fn backgammon_numbers(w: &Value) -> Vec<u64> {
    let n = |v: &Value| v.as_u64().unwrap_or(u64::MAX);
    vec![
        n(&w["cube"]["value"]),
        n(&w["bar"]["white"]),
        n(&w["bar"]["black"]),
        n(&w["off"]["white"]),
        n(&w["off"]["black"]),
    ]
}

fn backgammon_setup() -> impl Strategy<Value = Value> {
    (
        bound(0, 30),
        0..3usize,
        any::<bool>(),
        0..4usize,
        (1..=6u8, 1..=6u8),
        bound(0, 15),
        bound(0, 15),
        0..=15u64,
        0..=15u64,
    )
        .prop_filter("both fifteen off is refused (BG-7.6)", |t| {
            !(t.5 == 15 && t.6 == 15)
        })
        .prop_map(
            |(k, owner, white_moves, turn, (d1, d2), w_off, b_off, w_bar, b_bar)| {
                let w_bar = w_bar.min(15 - w_off);
                let b_bar = b_bar.min(15 - b_off);
                let w_rest = 15 - w_off - w_bar;
                let b_rest = 15 - b_off - b_bar;
                let army = |n: u64| {
                    if n == 0 { json!({}) } else { json!({ "6": n }) }
                };
                let (hi, lo) = (d1.max(d2), d1.min(d2));
                let owner = [Value::Null, json!("white"), json!("black")][owner].clone();
                json!({
                    "white": army(w_rest),
                    "black": army(b_rest),
                    "bar": {"white": w_bar, "black": b_bar},
                    "off": {"white": w_off, "black": b_off},
                    "cube": {"value": 1u64 << k, "owner": owner},
                    "to-move": if white_moves { "white" } else { "black" },
                    "dice": if turn == 2 { json!(format!("{hi}-{lo}")) } else { Value::Null },
                    "opening": turn == 1,
                    "roll-next": turn == 3,
                })
            },
        )
}

// Stratego: a custom board of every size and a custom army of every count
// (RP-1.6, RP-2.4).

fn stratego_numbers(w: &Value) -> Vec<u64> {
    let n = |v: &Value| v.as_u64().unwrap_or(u64::MAX);
    let mut v = vec![n(&w["board"]["files"]), n(&w["board"]["ranks"])];
    for rank in ["scout", "bomb", "flag"] {
        v.push(w["army"]["counts"].get(rank).map_or(0, n));
    }
    v
}

fn stratego_setup() -> impl Strategy<Value = Value> {
    (
        bound(1, 26),
        bound(2, 26),
        bound(1, 255),
        bound(0, 255),
        any::<bool>(),
    )
        .prop_map(|(files, ranks, scouts, bombs, red)| {
            let last = |f: u64| (b'A' + (f - 1) as u8) as char;
            json!({
                "board": {"name": "custom", "files": files, "ranks": ranks},
                "army": {"name": "custom", "counts": {"scout": scouts, "bomb": bombs, "flag": 1}},
                "to-move": if red { "red" } else { "blue" },
                "red": {"A1": "scout", format!("{}1", last(files)): "flag"},
                "blue": {format!("A{ranks}"): "scout"},
            })
        })
        .prop_map(|mut w| {
            // On a board one file wide the red flag and scout share A1:
            // the flag moves to the second rank.
            if w["board"]["files"] == 1 {
                w["red"] = json!({"A1": "scout", "A2": "flag"});
                if w["board"]["ranks"] == 2 {
                    w["blue"] = json!({});
                }
            }
            w
        })
}

// Epaminondas: both boards, both sides to move (EP-1.1, EP-1.5).

fn epaminondas_numbers(w: &Value) -> Vec<u64> {
    let n = |v: &Value| v.as_u64().unwrap_or(u64::MAX);
    vec![n(&w["board"]["files"]), n(&w["board"]["ranks"])]
}

fn epaminondas_setup() -> impl Strategy<Value = Value> {
    (any::<bool>(), any::<bool>()).prop_map(|(small, white)| {
        let (name, files, ranks) = if small {
            ("8x8", 8, 8)
        } else {
            ("14x12", 14, 12)
        };
        json!({
            "board": {"name": name, "files": files, "ranks": ranks},
            "start": "standard",
            "to-move": if white { "white" } else { "black" },
        })
    })
}

// Dame: the side to move, or none (AD-12).

/// No side given: the profile's `first` chooses (AD-12), and the position
/// names it, so there is nothing to compare at ply 0.
fn dame_numbers(w: &Value) -> Vec<u64> {
    match w["to-move"].as_str() {
        Some("white") => vec![1],
        Some("black") => vec![2],
        _ => Vec::new(),
    }
}

fn dame_setup() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        Just(json!("white")),
        Just(json!("black"))
    ]
    .prop_map(|to_move| json!({"start": true, "to-move": to_move}))
}

proptest! {
    #![proptest_config(ProptestConfig {
        failure_persistence: crate::common::regressions_beside_source(),
        ..ProptestConfig::with_cases(24)
    })]

    #[test]
    fn chess_clocks_read_back(w in chess_setup(), plies in 0..4usize, seed in any::<u64>()) {
        check_game::<arbiter::games::chess::game::Chess>(&w, plies, seed, chess_numbers)?;
    }

    #[test]
    fn backgammon_numbers_read_back(w in backgammon_setup(), plies in 0..6usize, seed in any::<u64>()) {
        check_game::<arbiter::games::backgammon::game::Backgammon>(&w, plies, seed, backgammon_numbers)?;
    }

    #[test]
    fn stratego_numbers_read_back(w in stratego_setup(), plies in 0..4usize, seed in any::<u64>()) {
        check_game::<arbiter::games::stratego::game::Stratego>(&w, plies, seed, stratego_numbers)?;
    }

    #[test]
    fn epaminondas_numbers_read_back(w in epaminondas_setup(), plies in 0..4usize, seed in any::<u64>()) {
        check_game::<arbiter::games::epaminondas::game::Epaminondas>(&w, plies, seed, epaminondas_numbers)?;
    }

    #[test]
    fn dame_numbers_read_back(w in dame_setup(), plies in 0..4usize, seed in any::<u64>()) {
        check_game::<arbiter::games::dame::game::Dame>(&w, plies, seed, dame_numbers)?;
    }
}
