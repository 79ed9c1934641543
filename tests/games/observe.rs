//! What a learning loop asks of every game (`arbiter::rules::Observe`,
//! through the type-erased sessions the Python package plays): players,
//! chance nodes and their probabilities, returns at the end of random
//! games, observation tensors alike on every implementation, Stratego's
//! hidden ranks, and seeded starts.

use arbiter::rng::SplitMix;
use arbiter::session::{AnyGame, CHANCE_PLAYER, TERMINAL_PLAYER, start_named, start_named_seeded};
use serde_json::Value;

/// One action for `s`: drawn by the chance probabilities at a chance node,
/// uniformly among the legal actions elsewhere. Returns the action text.
fn step(s: &mut dyn AnyGame, rng: &mut SplitMix) -> String {
    if s.is_chance_node() {
        let outcomes = s.chance_outcomes();
        let index = draw(&outcomes, rng);
        s.play_index(index)
            .expect("a chance outcome plays")
            .expect("a chance outcome is one step")
    } else {
        let legal = s.legal_moves();
        let a = legal[rng.pick(legal.len())].clone();
        s.play(&a).expect("a listed action plays");
        a
    }
}

/// An index drawn from `(index, probability)` pairs.
fn draw(outcomes: &[(usize, f64)], rng: &mut SplitMix) -> usize {
    let mut x = rng.next_u64() as f64 / (u64::MAX as f64 + 1.0);
    for &(i, p) in outcomes {
        if x < p {
            return i;
        }
        x -= p;
    }
    outcomes.last().expect("outcomes").0
}

/// The winner's name of a finished game's outcome (protocol JSON:
/// `{"white-wins": …}`), `None` for a draw.
fn winner(outcome: &Value) -> Option<String> {
    let key = match outcome {
        Value::Object(m) => m.keys().next().cloned().unwrap_or_default(),
        Value::String(s) => s.clone(),
        _ => String::new(),
    };
    key.strip_suffix("-wins").map(str::to_string)
}

/// The points of a won game's outcome when the game counts points
/// (backgammon's `{"white-wins": {"by": …, "points": 3}}`), else 1.
fn points(outcome: &Value) -> f64 {
    outcome
        .as_object()
        .and_then(|m| m.values().next())
        .and_then(|w| w.get("points"))
        .and_then(Value::as_f64)
        .unwrap_or(1.0)
}

#[test]
fn player_zero_moves_first_and_names_are_the_sides() {
    for entry in arbiter::games::all() {
        let mut s = start_named(entry.name, entry.fastest(), None, None).unwrap();
        let names = s.player_names();
        let mut rng = SplitMix(7);
        // Backgammon starts with the opening roll: chance first.
        let mut first = None;
        for _ in 0..4 {
            match s.current_player() {
                CHANCE_PLAYER => {
                    step(s.as_mut(), &mut rng);
                }
                p => {
                    first = Some(p);
                    break;
                }
            }
        }
        let p = first.unwrap_or_else(|| panic!("{}: no player decides", entry.name));
        assert_eq!(names[p as usize], s.to_move(), "{}", entry.name);
        if s.history().is_empty() {
            assert_eq!(p, 0, "{}: player 0 moves first", entry.name);
        }
    }
}

/// Random games to the end on the fastest implementation: 0 each while a
/// game goes on; at the end the winner scores the outcome's points (1, or
/// backgammon's with cube and gammon) and the loser minus them, a draw 0
/// each; `current_player` is terminal.
#[test]
fn returns_at_the_end_of_random_games() {
    for entry in arbiter::games::all() {
        let mut rng = SplitMix(0xe7d ^ entry.name.len() as u64);
        let mut finished = 0;
        for _ in 0..6 {
            let mut s = start_named(entry.name, entry.fastest(), None, None).unwrap();
            for _ in 0..4000 {
                if s.is_over() {
                    break;
                }
                assert_eq!(s.returns(), [0.0, 0.0], "{}: game goes on", entry.name);
                assert_ne!(s.current_player(), TERMINAL_PLAYER);
                step(s.as_mut(), &mut rng);
            }
            if !s.is_over() {
                continue;
            }
            finished += 1;
            assert_eq!(s.current_player(), TERMINAL_PLAYER, "{}", entry.name);
            let outcome = s.outcome();
            let r = s.returns();
            match winner(&outcome) {
                None => assert_eq!(r, [0.0, 0.0], "{}: {outcome}", entry.name),
                Some(w) => {
                    let names = s.player_names();
                    let k = names
                        .iter()
                        .position(|n| *n == w)
                        .unwrap_or_else(|| panic!("{}: winner {w} is no player", entry.name));
                    let pts = points(&outcome);
                    assert!(pts >= 1.0);
                    assert_eq!(r[k], pts, "{}: {outcome}", entry.name);
                    assert_eq!(r[1 - k], -pts, "{}: {outcome}", entry.name);
                }
            }
        }
        assert!(finished >= 1, "{}: no random game finished", entry.name);
    }
}

/// At every chance node met in random games the outcomes are legal
/// indices with probabilities summing to 1; elsewhere there are none.
#[test]
fn chance_outcomes_are_legal_and_sum_to_one() {
    for entry in arbiter::games::all() {
        let mut rng = SplitMix(3);
        let mut s = start_named(entry.name, entry.fastest(), None, None).unwrap();
        for _ in 0..300 {
            if s.is_over() {
                break;
            }
            let outcomes = s.chance_outcomes();
            assert_eq!(s.is_chance_node(), !outcomes.is_empty(), "{}", entry.name);
            assert_eq!(s.is_chance_node(), s.current_player() == CHANCE_PLAYER);
            if s.is_chance_node() {
                let total: f64 = outcomes.iter().map(|(_, p)| p).sum();
                assert!((total - 1.0).abs() < 1e-12, "{}: {total}", entry.name);
                let legal = s.legal_indices();
                assert_eq!(outcomes.len(), legal.len(), "{}", entry.name);
                for (i, p) in &outcomes {
                    assert!(legal.contains(i) && *p > 0.0, "{}", entry.name);
                }
            }
            step(s.as_mut(), &mut rng);
        }
    }
}

/// Each roll of a chance node: its text, its index, its probability.
type Rolls = Vec<(String, usize, f64)>;

/// A backgammon roll's chance node (after the opening): the roll of each
/// outcome's index, with its probability.
fn backgammon_rolls() -> (Box<dyn AnyGame>, Rolls) {
    let mut s = start_named("backgammon", "engine", None, None).unwrap();
    let mut rng = SplitMix(11);
    // The opening roll, then the first play; then the next player rolls.
    for _ in 0..20 {
        if s.is_chance_node() && !s.history().is_empty() {
            let rolls = s
                .chance_outcomes()
                .into_iter()
                .map(|(i, p)| (s.action_of_index(i).expect("a roll"), i, p))
                .collect();
            return (s, rolls);
        }
        step(s.as_mut(), &mut rng);
    }
    panic!("no roll after the opening")
}

/// The 21 rolls: a double 1/36, any other roll 2/36; the opening roll's
/// outcomes all alike.
#[test]
fn backgammon_roll_probabilities_are_the_two_dice() {
    let (_, rolls) = backgammon_rolls();
    assert_eq!(rolls.len(), 21, "{rolls:?}");
    for (roll, _, p) in &rolls {
        let (a, b) = roll.split_once('-').expect("a roll is `a-b`");
        let expected = if a == b { 1.0 / 36.0 } else { 2.0 / 36.0 };
        assert!((p - expected).abs() < 1e-15, "{roll}: {p}");
    }
    let opening = start_named("backgammon", "engine", None, None).unwrap();
    let outcomes = opening.chance_outcomes();
    assert!(outcomes.len() >= 30, "{outcomes:?}");
    let p0 = outcomes[0].1;
    assert!(outcomes.iter().all(|(_, p)| (p - p0).abs() < 1e-15));
}

/// 36,000 rolls drawn by the chance probabilities and played: the counts
/// of the 21 rolls fit 1/36 and 2/36 (chi-square, 20 degrees of freedom,
/// under 45.3: p = 0.001), which drawing the 21 alike (1/21 each) fails by
/// far; and each played roll is the dice of the position reached.
#[test]
fn backgammon_rolls_sampled_fit_two_dice() {
    let (s, rolls) = backgammon_rolls();
    let outcomes: Vec<(usize, f64)> = rolls.iter().map(|(_, i, p)| (*i, *p)).collect();
    let mut rng = SplitMix(2024);
    let n = 36_000;
    let mut counts = vec![0usize; rolls.len()];
    for _ in 0..n {
        let i = draw(&outcomes, &mut rng);
        counts[rolls.iter().position(|r| r.1 == i).unwrap()] += 1;
    }
    let chi2 = |probs: &dyn Fn(&str) -> f64| -> f64 {
        rolls
            .iter()
            .zip(&counts)
            .map(|((roll, _, _), &c)| {
                let e = n as f64 * probs(roll);
                (c as f64 - e).powi(2) / e
            })
            .sum()
    };
    let two_dice = |roll: &str| {
        let (a, b) = roll.split_once('-').unwrap();
        if a == b { 1.0 / 36.0 } else { 2.0 / 36.0 }
    };
    let fit = chi2(&two_dice);
    assert!(fit < 45.3, "chi-square {fit} against two dice");
    let alike = chi2(&|_| 1.0 / 21.0);
    assert!(alike > 45.3, "chi-square {alike} against 1/21 each");
    // Every roll played lands in the tensor's dice entries.
    for (roll, i, _) in &rolls {
        let mut t = s.copy();
        assert_eq!(t.play_index(*i).unwrap().as_deref(), Some(roll.as_str()));
        let mut obs = vec![0f32; 75];
        t.observe_into(0, false, &mut obs).unwrap();
        let (a, b) = roll.split_once('-').unwrap();
        let (a, b): (usize, usize) = (a.parse().unwrap(), b.parse().unwrap());
        assert_eq!(obs[52 + a - 1], 1.0, "{roll}");
        assert_eq!(obs[58 + b - 1], 1.0, "{roll}");
        assert_eq!(obs[52..64].iter().sum::<f32>(), 2.0, "{roll}");
    }
}

fn tensor(s: &dyn AnyGame, player: usize, info: bool) -> Vec<f32> {
    let mut out = vec![0f32; s.observation_shape().iter().product()];
    s.observe_into(player, info, &mut out).expect("a tensor");
    out
}

/// The same random game on every implementation of every game: at every
/// ply both players' tensors and texts are the same on each; the shape is
/// fixed, the values finite, and a bad player or buffer is an error.
#[test]
fn tensors_agree_across_implementations() {
    for entry in arbiter::games::all() {
        let mut rng = SplitMix(0x0b5 ^ entry.name.len() as u64);
        let mut games: Vec<Box<dyn AnyGame>> = entry
            .implementations
            .iter()
            .map(|imp| start_named(entry.name, imp, None, None).unwrap())
            .collect();
        let shape = games[0].observation_shape();
        assert!(
            !shape.is_empty() && shape.iter().all(|&d| d > 0),
            "{}",
            entry.name
        );
        let mut differ = false;
        for _ in 0..200 {
            let views: Vec<_> = (0..2)
                .map(|p| tensor(games[0].as_ref(), p, false))
                .collect();
            assert!(views[0].iter().all(|x| x.is_finite()));
            differ |= views[0] != views[1];
            for g in &games[1..] {
                assert_eq!(g.observation_shape(), shape, "{}", entry.name);
                for (p, view) in views.iter().enumerate() {
                    assert_eq!(&tensor(g.as_ref(), p, false), view, "{} {}", entry.name, p);
                    assert_eq!(
                        tensor(g.as_ref(), p, true),
                        tensor(games[0].as_ref(), p, true)
                    );
                    assert_eq!(g.observation_string(p), games[0].observation_string(p));
                }
            }
            if games[0].is_over() {
                break;
            }
            let a = step(games[0].as_mut(), &mut rng);
            for g in &mut games[1..] {
                g.play(&a).expect("the other implementation plays it");
            }
        }
        assert!(
            differ,
            "{}: the two players' views never differ",
            entry.name
        );
        let g = &games[0];
        assert!(
            g.observe_into(2, false, &mut tensor(g.as_ref(), 0, false))
                .is_err()
        );
        assert!(g.observe_into(0, false, &mut [0.0; 3]).is_err());
        assert!(g.observation_string(5).is_err());
    }
}

/// Stratego: a seeded start and the same with two of blue's pieces of
/// different ranks swapped give red the same tensor and text, and blue a
/// different one.
#[test]
fn stratego_hides_the_opponents_ranks() {
    let s = start_named_seeded("stratego", "engine", None, None, Some(5)).unwrap();
    let mut setup = s.setup();
    let blue = setup["blue"].as_object_mut().expect("blue's pieces");
    let squares: Vec<String> = blue.keys().cloned().collect();
    let a = &squares[0];
    let b = squares
        .iter()
        .find(|q| blue[*q] != blue[a])
        .expect("two blue pieces of different ranks")
        .clone();
    let (ra, rb) = (blue[a].clone(), blue[&b].clone());
    blue.insert(a.clone(), rb);
    blue.insert(b, ra);
    let t = start_named("stratego", "engine", None, Some(&setup)).unwrap();
    assert_ne!(s.setup(), t.setup());
    for info in [false, true] {
        assert_eq!(tensor(s.as_ref(), 0, info), tensor(t.as_ref(), 0, info));
        assert_ne!(tensor(s.as_ref(), 1, info), tensor(t.as_ref(), 1, info));
    }
    assert_eq!(s.observation_string(0), t.observation_string(0));
    assert_ne!(s.observation_string(1), t.observation_string(1));
}

/// Stratego in play: in each player's view, every opponent piece is on
/// exactly one of the revealed planes or the unknown plane, a revealed
/// one shows its true rank, and pieces become revealed as combats happen.
#[test]
fn stratego_reveals_ranks_in_combat() {
    let mut rng = SplitMix(99);
    let mut s = start_named_seeded("stratego", "engine", None, None, Some(17)).unwrap();
    let cells = 100;
    let mut revealed_seen = 0;
    for _ in 0..600 {
        if s.is_over() {
            break;
        }
        for p in 0..2 {
            let t = tensor(s.as_ref(), p, false);
            let mine: f32 = t[..12 * cells].iter().sum();
            let theirs: f32 = t[12 * cells..25 * cells].iter().sum();
            let known: f32 = t[12 * cells..24 * cells].iter().sum();
            revealed_seen = revealed_seen.max(known as usize);
            let pieces = pieces_of(&s.position().unwrap());
            let me = s.player_names()[p];
            let count = |side: bool| pieces.iter().filter(|(c, _, _)| (c == me) == side).count();
            assert_eq!(mine as usize, count(true));
            assert_eq!(theirs as usize, count(false));
            // A known opponent piece shows its rank.
            for (c, sq, rank) in &pieces {
                if c == me {
                    continue;
                }
                let ranks = [
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
                let k = ranks.iter().position(|r| r == rank).expect("a rank");
                let (file, row) = square(sq);
                let at = |plane: usize| t[plane * cells + row * 10 + file];
                assert_eq!(at(12 + k) + at(24), 1.0, "{sq} {rank}");
            }
        }
        step(s.as_mut(), &mut rng);
    }
    assert!(revealed_seen > 0, "no piece was ever revealed");
}

/// `(colour, square, rank)` of each piece of a Stratego wire position.
fn pieces_of(position: &Value) -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    for colour in ["red", "blue"] {
        for (sq, rank) in position[colour].as_object().expect("a side's pieces") {
            let rank = rank.as_str().expect("a rank name").to_string();
            out.push((colour.to_string(), sq.clone(), rank));
        }
    }
    out
}

fn square(name: &str) -> (usize, usize) {
    let file = (name.as_bytes()[0].to_ascii_uppercase() - b'A') as usize;
    let rank: usize = name[1..].parse().unwrap();
    (file, rank - 1)
}

/// Seeded starts: Stratego's differ by seed, repeat for a seed, and every
/// one is accepted by both implementations; every other game starts from
/// its standard start whatever the seed; a seed with a setup is an error.
#[test]
fn seeded_starts() {
    let start = |seed| {
        start_named_seeded("stratego", "engine", None, None, Some(seed))
            .unwrap()
            .setup()
    };
    assert_eq!(start(3), start(3));
    assert_ne!(start(3), start(4));
    let mut distinct = std::collections::BTreeSet::new();
    for seed in 0..40u64 {
        for imp in ["reference", "engine"] {
            let s = start_named_seeded("stratego", imp, None, None, Some(seed))
                .unwrap_or_else(|e| panic!("seed {seed} on the {imp}: {e}"));
            assert!(!s.legal_moves().is_empty());
        }
        distinct.insert(start(seed).to_string());
    }
    assert_eq!(distinct.len(), 40);
    for entry in arbiter::games::all() {
        let plain = start_named(entry.name, entry.fastest(), None, None).unwrap();
        let seeded = start_named_seeded(entry.name, entry.fastest(), None, None, Some(9)).unwrap();
        if entry.name != "stratego" {
            assert_eq!(plain.setup(), seeded.setup(), "{}", entry.name);
        }
        let setup = plain.setup();
        let err = start_named_seeded(entry.name, entry.fastest(), None, Some(&setup), Some(9));
        assert!(err.is_err(), "{}", entry.name);
    }
}

/// Backgammon: while a double waits for its answer (a position the setup
/// type cannot hold) both implementations observe the position before the
/// double with the "offered" entry set; the answer clears it.
#[test]
fn backgammon_double_offered_is_observed() {
    let mut rng = SplitMix(8);
    let mut games: Vec<Box<dyn AnyGame>> = ["reference", "engine"]
        .iter()
        .map(|imp| start_named("backgammon", imp, None, None).unwrap())
        .collect();
    for _ in 0..40 {
        if games[0].legal_moves().iter().any(|a| a == "double") {
            break;
        }
        let a = step(games[0].as_mut(), &mut rng);
        games[1].play(&a).unwrap();
    }
    let before = tensor(games[0].as_ref(), 0, false);
    assert_eq!(before[74], 0.0);
    for g in &mut games {
        g.play("double").expect("a double is legal here");
    }
    for p in 0..2 {
        let t = tensor(games[0].as_ref(), p, false);
        assert_eq!(t, tensor(games[1].as_ref(), p, false));
        assert_eq!(t[74], 1.0);
        assert_eq!(t[..68], before[..68], "the position before the double");
        assert!(
            games[0]
                .observation_string(p)
                .unwrap()
                .contains("double is offered")
        );
    }
    for g in &mut games {
        g.play("take").expect("the double is taken");
    }
    let t = tensor(games[0].as_ref(), 0, false);
    assert_eq!(t[74], 0.0);
    assert_eq!(t[64], 1.0, "the cube at 2");
    assert_eq!(t, tensor(games[1].as_ref(), 0, false));
}
