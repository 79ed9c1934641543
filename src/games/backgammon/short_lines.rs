//! The `backgammon_short` fuzz target's property: a position built from
//! the fuzzer's bytes, then a short line of play on the reference and the
//! engine, compared at every ply.
//!
//! `backgammon_differential` plays whole games from the standard start,
//! a few per second, since the reference finds a roll's plays by trying
//! every order of the dice on every checker. Here one input costs a
//! bounded amount of reference work: at most [`MAX_PLIES`] plies, from a
//! position with at most [`MAX_STACKS`] occupied places per player (the
//! cost of a roll grows with the points a player can move from) unless
//! the input asks for a position the engine reached from the start.
//!
//! What one execution costs is the reference's generations of a roll's
//! plays (every order of the dice on every checker): its legal list, each
//! play (twice: the check and the move), each roll (the note lists the
//! roll's plays), and each verdict on a play or a `pass`. So a ply judges
//! at most two actions that make it generate (the input's own candidate
//! and one probe) besides the seven that the phase or the cube decide, and
//! the line stops after [`MAX_PLIES`] ([`MAX_PLIES_PLAYED`] from a
//! middle-game position the engine played to): the position, the cube and the
//! phase of the turn are the whole state of a backgammon game, so a longer
//! line reaches nothing a built start cannot (`docs/fuzzing.md`, "Cost of
//! one execution").
//!
//! The bytes are read with [`arbitrary::Unstructured`] (an input that runs
//! out reads as zeros, so every input is a case):
//!
//! 1. a profile byte ([`fuzz_profile`]: named profiles, variant switches,
//!    the faults the engine plays);
//! 2. a start, one of three:
//!    - *anywhere*: each player's checkers in up to [`MAX_STACKS`] stacks,
//!      each on a point or the bar, the rest borne off;
//!    - *home*: the stacks on the home board only (bearing off, gammons,
//!      the BG-6.4 rule of the higher point);
//!    - *played*: the standard start and up to 63 plies the fuzzer picks,
//!      played on the engine alone; the line below starts from the
//!      position the engine reached.
//! 3. the cube (any value from 1 to 2^30, centred or owned), the player on
//!    turn and where the turn stands (opening roll, dice on the table, dice
//!    to roll next, or the turn's decision);
//! 4. the line: per ply a byte picks the action (among the legal ones, or
//!    the fuzzer's own candidate when that is legal), and a few bytes make
//!    that candidate (any action, any steps).
//!
//! Why positions built directly can be trusted: a built setup is checked
//! by the same validation a scenario or a protocol request goes through
//! ([`check_setup`]: 15 checkers each, no point of both colours, a cube
//! the rules allow, one phase of the turn), and both implementations start
//! from it or the case is dropped. A player keeps at least one checker
//! off the home stretch's end (a player with all 15 borne off has won
//! already, which a setup cannot say). The *played* start needs no trust
//! in the engine: whatever it played, the position it reached is again a
//! validated setup, and only the line after it is compared; whole games
//! from the start are `backgammon_differential`'s.
//!
//! At every ply both must agree on the side to move, the outcome, the
//! position ([`Game::position`](crate::rules::Game::position)), the sorted legal actions, the whole
//! verdict (rule, clause, explanation) on every candidate, and the whole
//! note of the action played (whose action is the canonical spelling, also
//! when the line plays another spelling of it). [`Game::canonical`](crate::rules::Game::canonical) is not
//! compared: it is the harness's aid, which only the reference must give
//! (the engine keeps the default, as `battery.rs` allows), not something
//! the protocol answers.

use arbitrary::Unstructured;

use crate::rules::compare::{Compare, Flow, Hooks, Options, byte, engine_prefix};
use crate::rules::{Implementation, Verdict};

use super::board::{Action, OFF, Player, Position, Roll, Step, canonical_order};
use super::engine::Engine;
use super::game::{Backgammon, Cube, Note};
use super::profile::Profile;
use super::reference::{Reference, check_setup};
use super::setup::Setup;
use super::workload::{Tally, count, fuzz_profile};

/// The longest line compared after the start.
pub const MAX_PLIES: usize = 6;

/// The longest line compared after a *played* start: a middle-game
/// position holds checkers on many points, and the reference's cost of a
/// double grows as the fourth power of them (a played start cost five
/// times a built one per execution with 6-ply lines), so its line is one
/// turn: the decision, the roll and the play.
pub const MAX_PLIES_PLAYED: usize = 3;

/// The most places (points or the bar) a built start gives one player.
pub const MAX_STACKS: usize = 5;

/// The longest prefix the engine plays for a *played* start.
pub const MAX_PREFIX: usize = 63;

/// Where the line starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartKind {
    /// Stacks on any point or the bar.
    Anywhere,
    /// Stacks on the home board only.
    Home,
    /// The engine's position after a prefix from the standard start.
    Played,
}

/// A case: the setup, the profile, and how the setup was made.
#[derive(Clone, Debug)]
pub struct Case {
    /// The position the line starts from.
    pub setup: Setup,
    /// The rules.
    pub profile: Profile,
    /// How the setup was made.
    pub kind: StartKind,
}

/// Reads the profile and the start from the front of the input; `None`
/// when the start is not a valid setup (or the engine declines the
/// profile), which drops the case.
pub fn read_case(u: &mut Unstructured) -> Option<Case> {
    let profile = fuzz_profile(byte(u));
    let kind = match byte(u) % 3 {
        0 => StartKind::Anywhere,
        1 => StartKind::Home,
        _ => StartKind::Played,
    };
    let setup = match kind {
        StartKind::Played => played_start(u, &profile)?,
        _ => {
            let position = stacks(u, kind == StartKind::Home);
            let cube = Cube {
                value: 1 << (byte(u) % 31),
                owner: match byte(u) % 3 {
                    0 => None,
                    1 => Some(Player::White),
                    _ => Some(Player::Black),
                },
            };
            let to_move = if byte(u).is_multiple_of(2) {
                Player::White
            } else {
                Player::Black
            };
            let phase = byte(u);
            let dice = (phase % 4 == 1).then(|| Roll::new(1 + byte(u) % 6, 1 + byte(u) % 6));
            Setup {
                position,
                cube,
                to_move,
                dice,
                opening: phase.is_multiple_of(4),
                roll_next: phase % 4 == 2,
            }
        }
    };
    check_setup(&setup).ok()?;
    Some(Case {
        setup,
        profile,
        kind,
    })
}

/// Each player's checkers in up to [`MAX_STACKS`] stacks: a place (the
/// bar or a point, or with `home` a point of the home board) and a count;
/// a stack on a point the opponent holds is left out, and what no stack
/// holds is borne off. A player with nothing placed gets one checker on
/// the bar, so that neither has won before the line starts.
fn stacks(u: &mut Unstructured, home: bool) -> Position {
    let mut pos = Position::empty();
    for p in Player::BOTH {
        let i = p.index();
        let mut left = 15u8;
        let n = usize::from(byte(u)) % (MAX_STACKS + 1);
        for _ in 0..n {
            let (place, count) = (byte(u), 1 + byte(u) % 15);
            let count = count.min(left);
            if count == 0 {
                break;
            }
            let pt = if home { 1 + place % 6 } else { place % 25 };
            if pt == 0 {
                pos.bar[i] += count;
            } else if pos.at(p.other(), 25 - pt) == 0 {
                pos.points[i][usize::from(pt)] += count;
            } else {
                continue;
            }
            left -= count;
        }
        if left == 15 {
            pos.bar[i] = 1;
            left = 14;
        }
        pos.off[i] = left;
    }
    pos
}

/// The standard start and up to [`MAX_PREFIX`] plies picked by the input,
/// played on the engine ([`engine_prefix`]); the last position before the
/// game would end (or a double is on offer, which a setup cannot hold).
fn played_start(u: &mut Unstructured, profile: &Profile) -> Option<Setup> {
    let mut g = Engine.start(&Setup::standard(), profile).ok()?;
    let start = g.position()?;
    Some(engine_prefix(&mut *g, start, u, MAX_PREFIX))
}

/// The fuzzer's own candidate: any action, a play of up to four steps
/// from anywhere to anywhere, spelled as the protocol reads it (steps in
/// canonical order, no hit mark on a bear-off).
fn candidate(u: &mut Unstructured) -> Action {
    match byte(u) % 10 {
        0 => Action::Opening {
            white: 1 + byte(u) % 6,
            black: 1 + byte(u) % 6,
        },
        1 => Action::Roll(Roll::new(1 + byte(u) % 6, 1 + byte(u) % 6)),
        2 => Action::Pass,
        3 => Action::RollDice,
        4 => Action::Double,
        5 => Action::Take,
        6 => Action::Drop,
        7 => Action::Resign,
        _ => {
            let n = 1 + usize::from(byte(u)) % 4;
            let steps = (0..n)
                .map(|_| {
                    let (from, to, b) = (byte(u), byte(u), byte(u));
                    let to = to % 25;
                    Step {
                        from: 1 + from % 25,
                        to,
                        hit: to != OFF && b % 2 == 1,
                    }
                })
                .collect();
            Action::Play(canonical_order(steps))
        }
    }
}

/// Candidates near the legal plays: one with a step moved a point, one
/// with its last step dropped. (Another spelling of a legal play, without
/// its hit marks, is played rather than judged: see [`compare_line`].)
fn near_legal(legal: &[Action], k: usize) -> Vec<Action> {
    let mut out = Vec::new();
    if let Some(Action::Play(steps)) = legal.get(k % legal.len().max(1)) {
        let mut s = steps.clone();
        let j = k % s.len();
        if s[j].to > 1 && s[j].to < 24 {
            s[j].to -= 1;
            out.push(Action::Play(canonical_order(s.clone())));
        }
        let mut s = steps.clone();
        s.pop();
        if !s.is_empty() {
            out.push(Action::Play(s));
        }
    }
    out
}

/// The actions judged at every ply: in every phase but a roll's play
/// they are refused or allowed by the phase and the cube alone, so the
/// reference answers them without generating a play.
const FIXED: [Action; 7] = [
    Action::RollDice,
    Action::Double,
    Action::Take,
    Action::Drop,
    Action::Resign,
    Action::Roll(Roll { high: 6, low: 5 }),
    Action::Opening { white: 3, black: 3 },
];

/// The probes that make the reference generate the roll's plays again
/// (`pass`, a play a step away from a legal one, a legal play with its
/// last step dropped): one of them per ply, picked by the input, so a ply
/// costs the reference a bounded number of generations (see
/// `docs/fuzzing.md`, "Cost of one execution"). The choice byte's high
/// bits pick it, so the input's layout is the same as before.
fn probe(legal: &[Action], choice: u8) -> Action {
    let mut probes = vec![Action::Pass];
    probes.extend(near_legal(legal, usize::from(choice)));
    probes.swap_remove(usize::from(choice >> 3) % probes.len())
}

/// The hooks of a short line ([`compare_line`]): per ply a choice byte,
/// the input's own candidate, the [`FIXED`] actions and one [`probe`],
/// every verdict compared whole and tallied by rule.
struct Line<'u, 'd, 't> {
    u: &'u mut Unstructured<'d>,
    tally: &'t mut Tally,
    /// This ply's choice byte.
    choice: u8,
    /// This ply's own candidate, and whether it is legal.
    own: Option<(Action, bool)>,
}

impl Hooks<Backgammon> for Line<'_, '_, '_> {
    fn go_on(&mut self, _c: &Compare<Backgammon>) -> bool {
        !self.u.is_empty()
    }

    fn candidates(&mut self, _c: &Compare<Backgammon>, legal: &[Action]) -> Vec<Action> {
        self.choice = byte(self.u);
        let own = candidate(self.u);
        let mut candidates: Vec<Action> = vec![own.clone()];
        candidates.extend(FIXED);
        candidates.push(probe(legal, self.choice));
        self.own = Some((own, false));
        candidates
    }

    fn judged(&mut self, _c: &Compare<Backgammon>, verdicts: &[Verdict<Backgammon>]) {
        for (k, v) in verdicts.iter().enumerate() {
            match v.rule() {
                Some(rule) => *self.tally.entry(rule.as_str()).or_default() += 1,
                None if k == 0 => {
                    if let Some((_, legal)) = &mut self.own {
                        *legal = true;
                    }
                }
                None => {}
            }
        }
    }

    fn pick(&mut self, _c: &Compare<Backgammon>, legal: &[Action]) -> Option<Action> {
        // The fuzzer's own candidate when legal (any spelling of a play),
        // else a legal action, sometimes spelled without its hit marks:
        // the note must name the canonical spelling either way.
        let choice = self.choice;
        let own = self.own.take();
        Some(match &legal[usize::from(choice) % legal.len()] {
            _ if choice >= 0xc0 && own.as_ref().is_some_and(|o| o.1) => own.map(|o| o.0)?,
            Action::Play(steps) if choice & 0x20 != 0 => {
                Action::Play(steps.iter().map(|s| Step { hit: false, ..*s }).collect())
            }
            a => a.clone(),
        })
    }

    fn played(&mut self, _c: &Compare<Backgammon>, note: &Note) -> Result<Flow, String> {
        count(self.tally, note);
        if matches!(&note.action, Action::Play(s) if s.len() == 4) {
            *self
                .tally
                .entry("BG-3.3 doubles played in four steps")
                .or_default() += 1;
        }
        if matches!(&note.action, Action::Opening { white, black } if white == black) {
            *self.tally.entry("BG-8.7 opening ties played").or_default() += 1;
        }
        Ok(Flow::Go)
    }
}

/// Plays the line the rest of the input picks from `case` on both
/// implementations ([`Compare`]); `Err` says where they first differ, with
/// the actions played so far.
pub fn compare_line(case: &Case, u: &mut Unstructured, tally: &mut Tally) -> Result<(), String> {
    let at = |e: String| format!("{e}\n  from {:?} under {}", case.setup, case.profile.name);
    let plies = if case.kind == StartKind::Played {
        MAX_PLIES_PLAYED
    } else {
        MAX_PLIES
    };
    let mut hooks = Line {
        u,
        tally,
        choice: 0,
        own: None,
    };
    // Both validate the same setup: one refusing alone is a difference.
    let imps: [&dyn Implementation<Backgammon>; 2] = [&Reference, &Engine];
    let Some(mut both) = Compare::start(
        &imps,
        &case.setup,
        &case.profile,
        Options::plies(plies),
        &mut hooks,
    )
    .map_err(at)?
    else {
        return Ok(());
    };
    both.run(&mut hooks).map_err(at)
}

/// The fuzz property (`fuzz/fuzz_targets/backgammon_short.rs`): a case and
/// a line from `data`, compared on both implementations. Panics on a
/// difference; returns what the line went through.
pub fn check_short(data: &[u8]) -> Tally {
    let mut u = Unstructured::new(data);
    let mut tally = Tally::new();
    let Some(case) = read_case(&mut u) else {
        return tally;
    };
    *tally
        .entry(match case.kind {
            StartKind::Anywhere => "start: anywhere",
            StartKind::Home => "start: home",
            StartKind::Played => "start: played",
        })
        .or_default() += 1;
    if case.setup.position.bar.iter().any(|&b| b > 0) {
        *tally.entry("start: a checker on the bar").or_default() += 1;
    }
    if let Err(e) = compare_line(&case, &mut u, &mut tally) {
        panic!("{e}");
    }
    tally
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix;

    fn random_input(rng: &mut SplitMix) -> Vec<u8> {
        let len = 8 + rng.pick(120);
        (0..len).map(|_| rng.next_u64() as u8).collect()
    }

    /// Random inputs reach what the short target exists for: doubles
    /// played in four steps, entries from the bar, checkers borne off,
    /// hits, doubles and takes of the cube, won games; every start kind
    /// is drawn and valid most of the time.
    #[test]
    fn random_lines_agree_and_reach_the_rules() {
        let mut rng = SplitMix(29);
        let mut tally = Tally::new();
        let mut valid = 0;
        for _ in 0..400 {
            let t = check_short(&random_input(&mut rng));
            if !t.is_empty() {
                valid += 1;
            }
            for (k, v) in t {
                *tally.entry(k).or_default() += v;
            }
        }
        println!("{valid} valid; {tally:#?}");
        assert!(valid > 300, "only {valid} of 400 inputs made a case");
        for k in [
            "start: anywhere",
            "start: home",
            "start: played",
            "start: a checker on the bar",
            "BG-3.3 doubles played in four steps",
            "BG-4.3 hits",
            "BG-5.1 entries",
            "BG-6.2 checkers borne off",
            "BG-8.2 doubles",
            "BG-8.4 takes",
            "BG-7.2 single wins",
        ] {
            assert!(tally.get(k).copied().unwrap_or(0) > 0, "{k} never came up");
        }
    }

    /// The committed seeds (`fuzz/corpus/backgammon_short/`, each named
    /// for what it plays) reach, between them, the places the issue names:
    /// doubles played in four steps, the bar, bearing off, the cube up to
    /// its cap, and the refusals around them.
    #[test]
    fn the_seed_corpus_reaches_doubles_the_bar_bearing_off_and_the_cube() {
        let mut tally = Tally::new();
        for data in crate::rules::compare::seed_corpus("backgammon_short") {
            for (k, v) in check_short(&data) {
                *tally.entry(k).or_default() += v;
            }
        }
        println!("{tally:#?}");
        for k in [
            "start: home",
            "start: played",
            "start: a checker on the bar",
            "BG-3.3 doubles played in four steps",
            "BG-5.1 entries",
            "BG-6.2 checkers borne off",
            "BG-8.2 doubles",
            "BG-8.4 takes",
            "BG-9.1 resignations",
            "BG-7.2 single wins",
            "cube.at-cap",
            "cube.not-yours",
            "play.bar-first",
            "play.not-maximal",
            "BG-8.7 opening ties played",
        ] {
            assert!(tally.get(k).copied().unwrap_or(0) > 0, "{k} never came up");
        }
    }

    /// An empty input is the anywhere start with nothing placed: each
    /// player one checker on the bar, the opening roll to come.
    #[test]
    fn an_empty_input_is_a_valid_case() {
        let case = read_case(&mut Unstructured::new(&[])).expect("a case");
        assert_eq!(case.kind, StartKind::Anywhere);
        assert_eq!(case.setup.position.bar, [1, 1]);
        assert_eq!(case.setup.position.off, [14, 14]);
        assert!(case.setup.opening);
        check_short(&[]);
    }

    /// A stack on a point the opponent holds is left out; its checkers
    /// are borne off instead.
    #[test]
    fn a_stack_on_the_opponents_point_is_left_out() {
        // Profile 0, anywhere; white: one stack of 3 on 6; black: one
        // stack of 2 on black's 19 (white's 6): left out.
        let data = [0, 0, 1, 6, 2, 1, 19, 1];
        let case = read_case(&mut Unstructured::new(&data)).expect("a case");
        let pos = &case.setup.position;
        assert_eq!(pos.at(Player::White, 6), 3);
        assert_eq!(pos.off, [12, 14]);
        assert_eq!(pos.bar, [0, 1]);
    }

    #[test]
    fn the_bar_is_place_zero() {
        let data = [0, 0, 1, 0, 4, 1, 5, 0];
        let case = read_case(&mut Unstructured::new(&data)).expect("a case");
        let pos = &case.setup.position;
        assert_eq!(pos.bar, [5, 0]);
        assert_eq!(pos.at(Player::Black, 5), 1);
    }
}
