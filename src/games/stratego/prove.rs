//! `arbiter prove` for Stratego: a claim's search node over the engine,
//! the report, and the decisive line written as a scenario.
//!
//! The node holds an engine game and the target piece's square. It asks
//! the engine for the legal moves and plays them through the [`Game`]
//! trait; the only thing it works out itself is where the target piece
//! went, from the move and the combat the engine reports. Its key is
//! either the line from the root or the engine's own key of its whole rule
//! state ([`EngineGame::state_key`]: the position, the side to move, every
//! two-squares sequence, the chases and the positions the more-squares rule
//! remembers), so two nodes share a key only when the rules cannot tell
//! them apart.

use std::fmt::Write as _;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

use crate::prove::{Answer, Node, ProveOptions, ProveReport, Solver, Stats};
use crate::rules::RuleProfile;

use super::claim::{self, Claim, Expect, Kind, Placement};
use super::combat::{CombatResult, resolve};
use super::engine::{Engine, EngineGame};
use super::game::Outcome;
use super::moves::Move;
use super::piece::{Color, Rank};
use super::position::Setup;
use super::profile::Profile;
use super::square::Square;

/// How a node's key is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyMode {
    /// The line from the root: cheap and exact (the rule state is a
    /// function of the root and the line), but blind to transpositions.
    Line,
    /// The engine's key of its whole rule state: exact and
    /// finds transpositions, at the cost of hashing the state per node.
    State,
}

/// A claim's search state: the engine game, where the target piece is
/// (`None` once it has been captured), and the key of the line so far.
#[derive(Clone, Debug)]
pub struct ClaimNode {
    game: EngineGame,
    target: Option<Square>,
    attacker: Color,
    mode: KeyMode,
    line_key: u128,
}

impl ClaimNode {
    /// The start of a claim's search, or why the engine refuses the setup.
    pub fn new(
        setup: &Setup,
        profile: &Profile,
        target: Square,
        mode: KeyMode,
    ) -> Result<Self, String> {
        let mut game = Engine
            .start_fast(setup, profile)
            .map_err(|e| e.to_string())?;
        game.compact();
        let owner = setup
            .pieces
            .iter()
            .find(|(s, _)| *s == target)
            .map(|(_, p)| p.color)
            .ok_or_else(|| format!("no piece stands on {target}"))?;
        Ok(ClaimNode {
            game,
            target: Some(target),
            attacker: owner.opponent(),
            mode,
            line_key: 0,
        })
    }

    /// Where the target piece stands now.
    pub fn target(&self) -> Option<Square> {
        self.target
    }

    /// Plays `mv` (legal now) and returns the attack's result, if any.
    pub fn play_move(&mut self, mv: &Move) -> Option<CombatResult> {
        let fast = self.game.fast(*mv).expect("the search plays board moves");
        assert!(
            self.game.is_legal(fast),
            "the search plays legal moves only"
        );
        let report = self.game.play_legal(fast);
        let result = report.combat.map(|(_, r)| r);
        self.target = follow(self.target, mv, result);
        self.line_key = line_key(self.line_key, mv);
        result
    }

    /// The engine game (for notes and outcomes when a line is written out).
    pub fn game(&self) -> &EngineGame {
        &self.game
    }
}

/// The key of a line one move longer.
fn line_key(key: u128, mv: &Move) -> u128 {
    let mut h = std::hash::DefaultHasher::new();
    (key, mv).hash(&mut h);
    let low = h.finish();
    1u8.hash(&mut h);
    (u128::from(h.finish()) << 64) | u128::from(low)
}

/// Where the target piece stands after `mv`, from the move and the attack's
/// result the engine reported.
fn follow(target: Option<Square>, mv: &Move, result: Option<CombatResult>) -> Option<Square> {
    let t = target?;
    if mv.from == t {
        // The target moved; it survives unless its attack failed.
        match result {
            None | Some(CombatResult::AttackerWins) => Some(mv.to),
            Some(CombatResult::DefenderWins | CombatResult::BothRemoved) => None,
        }
    } else if mv.to == t {
        match result {
            Some(CombatResult::DefenderWins) => Some(t),
            _ => None,
        }
    } else {
        Some(t)
    }
}

impl Node for ClaimNode {
    type Action = Move;

    fn actions(&self) -> Vec<Move> {
        if self.target.is_none() {
            return Vec::new();
        }
        self.game.legal_moves()
    }

    fn play(&mut self, action: &Move) {
        self.play_move(action);
    }

    fn attacker_to_move(&self) -> bool {
        self.game.to_move() == self.attacker
    }

    fn goal_reached(&self) -> bool {
        self.target.is_none()
    }

    /// The attacker tries attacks on the target first, then moves next to
    /// it; the defender tries moves of the target first.
    fn hint(&self, action: &Move) -> i32 {
        let Some(t) = self.target else { return 0 };
        if self.attacker_to_move() {
            if action.to == t {
                2
            } else if action.to.is_adjacent(t) {
                1
            } else {
                0
            }
        } else {
            i32::from(action.from == t)
        }
    }

    /// The target is lost only when an attacker's piece that beats or ties
    /// it moves onto its square, or when it attacks a piece that beats or
    /// ties it (a bomb, say). Pieces other than scouts move one square per
    /// ply, so each ply brings such a pair at most one square nearer:
    /// their distance in files plus ranks is a lower bound on the plies
    /// left. Where either piece of a pair is a scout the bound is 1.
    fn lower_bound(&self) -> u32 {
        let Some(t) = self.target else { return 0 };
        let layout = self.game.layout();
        let cells = &self.game.position().cells;
        let Some(target) = layout.index(t).and_then(|i| cells[i as usize]) else {
            return 0;
        };
        let mut bound = u32::MAX;
        for i in 0..layout.len {
            let Some(p) = cells[i as usize] else { continue };
            if p.color != self.attacker {
                continue;
            }
            let takes =
                p.rank.is_movable() && resolve(p.rank, target.rank) != CombatResult::DefenderWins;
            let falls = target.rank.is_movable()
                && resolve(target.rank, p.rank) != CombatResult::AttackerWins;
            if !(takes || falls) {
                continue;
            }
            let d = if p.rank == Rank::Scout || target.rank == Rank::Scout {
                1
            } else {
                let q = layout.square(i);
                u32::from(q.file.abs_diff(t.file)) + u32::from(q.rank.abs_diff(t.rank))
            };
            bound = bound.min(d);
        }
        bound
    }

    fn key_after(&self, action: &Move) -> Option<u128> {
        (self.mode == KeyMode::Line).then(|| line_key(self.line_key, action))
    }

    fn key(&self) -> u128 {
        match self.mode {
            KeyMode::Line => self.line_key,
            // The target's square is part of the engine's state (its piece
            // stands there) until it is captured, which ends the search.
            KeyMode::State => self.game.state_key(),
        }
    }
}

/// One decided placement under one profile.
#[derive(Clone, Debug)]
pub struct Decision {
    /// Whether the claim holds here (`None`: the search did not settle
    /// it within its node limits).
    pub holds: Option<bool>,
    /// The search's answer.
    pub answer: Answer<Move>,
    /// Its work.
    pub stats: Stats,
}

/// Decides `claim` in `placement` under `profile`.
pub fn decide(
    claim: &Claim,
    placement: &Placement,
    profile: &Profile,
    progress: bool,
    state_key: bool,
    deadline: Option<std::time::Instant>,
) -> Result<Decision, String> {
    // Without the more-squares rule the engine's state holds no history
    // of positions, states repeat often, and its own key finds the
    // transpositions; with it, few states repeat and the line is cheaper.
    let mode = if state_key || !profile.more_squares.enabled {
        KeyMode::State
    } else {
        KeyMode::Line
    };
    let root = ClaimNode::new(&placement.setup, profile, placement.target, mode)?;
    let mut solver = Solver::new(progress).with_deadline(deadline);
    let answer = solver.solve(&root, claim.within, claim.kind == Kind::Lost);
    let holds = match (&answer, claim.kind) {
        (Answer::Open | Answer::TimedOut { .. }, _) => None,
        (a, Kind::Lost) => Some(a.is_forced()),
        (a, Kind::Safe) => Some(!a.is_forced()),
    };
    Ok(Decision {
        holds,
        answer,
        stats: solver.stats(),
    })
}

/// `arbiter prove FILE` for a Stratego claim.
pub fn prove(path: &Path, text: &str, opts: &ProveOptions) -> Result<ProveReport, String> {
    let claim = claim::parse(text).map_err(|e| claim::located(path, &e))?;
    let mut report = ProveReport::default();
    let out = &mut report.text;
    let what = match claim.kind {
        Kind::Lost => "lost",
        Kind::Safe => "safe",
    };
    let _ = writeln!(
        out,
        "{} — {} ({} placement{}, {} plies)",
        claim.id,
        claim.title,
        claim.placements.len(),
        if claim.placements.len() == 1 { "" } else { "s" },
        claim.within
    );
    let mut written_lines: Vec<(String, Vec<Move>, PathBuf)> = Vec::new();
    for (profile, expect) in &claim.profiles {
        if opts.profile.as_deref().is_some_and(|p| p != profile.name()) {
            continue;
        }
        let mut failures = 0usize;
        let mut open = 0usize;
        let mut timed_out = false;
        let mut bounded = false;
        let mut first_failure: Option<(usize, Decision)> = None;
        let mut example: Option<(usize, Decision)> = None;
        let mut total = Stats::default();
        let mut longest = 0u32;
        for (k, placement) in claim.placements.iter().enumerate() {
            let d = decide(
                &claim,
                placement,
                profile,
                opts.progress,
                opts.state_key,
                opts.deadline,
            )
            .map_err(|e| format!("{}: {}: {e}", path.display(), placement.how))?;
            total.nodes += d.stats.nodes;
            total.states += d.stats.states;
            total.hits += d.stats.hits;
            total.elapsed += d.stats.elapsed;
            total.tree += d.stats.tree;
            if let Answer::Forced {
                plies, shortest, ..
            } = d.answer
            {
                longest = longest.max(plies);
                bounded |= !shortest;
            }
            timed_out |= matches!(d.answer, Answer::TimedOut { .. });
            if d.holds.is_none() {
                open += 1;
            } else if d.holds == Some(false) {
                failures += 1;
                if first_failure.is_none() {
                    first_failure = Some((k, d));
                }
            } else if example.is_none() {
                example = Some((k, d));
            }
        }
        let holds = failures == 0;
        let verdict = if failures > 0 {
            "fails".to_string()
        } else if open > 0 && timed_out && total.nodes == 0 {
            "undecided: time limit reached before this search began".to_string()
        } else if open > 0 && timed_out {
            format!("undecided: time limit reached after {} nodes", total.nodes)
        } else if open > 0 {
            "undecided".to_string()
        } else {
            "holds".to_string()
        };
        // A claim that fails somewhere fails; one that is undecided
        // somewhere and fails nowhere matches no expectation, unless the
        // time limit cut it short: then it is counted apart.
        let stopped = failures == 0 && open > 0 && timed_out;
        let matches = (failures > 0 || open == 0) && (*expect == Expect::Holds) == holds;
        if stopped {
            report.timed_out += 1;
        } else if !matches {
            report.mismatches += 1;
        }
        let _ = writeln!(
            out,
            "  {:<15} {verdict}{} — the piece is {what}? {} of {} placements agree{}; forced lines up to {} plies{}; {} nodes, {} states{}, {:.2?}",
            profile.name(),
            if matches || stopped {
                ""
            } else {
                " (expected otherwise)"
            },
            claim.placements.len() - failures - open,
            claim.placements.len(),
            if open > 0 {
                format!(", {open} undecided")
            } else {
                String::new()
            },
            longest,
            if bounded {
                " (an upper bound: the proof-number search took over)"
            } else {
                ""
            },
            total.nodes,
            total.states,
            if total.tree > 0 {
                format!(", proof tree {} nodes", total.tree)
            } else {
                String::new()
            },
            total.elapsed
        );
        let decisive = first_failure.or(example);
        if let Some((k, d)) = decisive {
            let placement = &claim.placements[k];
            let _ = writeln!(
                out,
                "    {} ({}): {}",
                match d.holds {
                    Some(true) => "example",
                    Some(false) => "counter-example",
                    None => "undecided",
                },
                placement.how,
                describe(&d.answer)
            );
            let same = written_lines
                .iter()
                .find(|(how, line, _)| *how == placement.how && line == d.answer.line());
            if d.holds.is_none() {
                // Nothing decided, nothing to write.
            } else if let Some((_, _, file)) = same {
                let _ = writeln!(out, "    same line as {}", file.display());
            } else if let Some(dir) = &opts.write {
                let file = write_scenario(dir, &claim, placement, profile, &d)?;
                written_lines.push((
                    placement.how.clone(),
                    d.answer.line().to_vec(),
                    file.clone(),
                ));
                let _ = writeln!(out, "    written: {}", file.display());
                report.written.push(file);
            }
        }
    }
    Ok(report)
}

/// The answer in one line.
fn describe(a: &Answer<Move>) -> String {
    let line: Vec<String> = a.line().iter().map(ToString::to_string).collect();
    match a {
        Answer::Forced {
            plies,
            shortest: true,
            ..
        } => {
            format!("capture forced in {plies} plies: {}", line.join(" "))
        }
        Answer::Forced { plies, .. } => format!(
            "capture forced within {plies} plies (the defender's longest resistance to the strategy found; fewer may suffice): {}",
            line.join(" ")
        ),
        Answer::Open => "not settled within the search's node limits".to_string(),
        Answer::TimedOut { nodes } => format!("time limit reached after {nodes} nodes"),
        Answer::NotForced { .. } => format!("no capture forced; counter-line {}", line.join(" ")),
    }
}

/// The file name of a decisive line: the claim id with `/` as `-`, the
/// profile, and the placement when it is not the written one.
fn scenario_name(claim: &Claim, placement: &Placement, profile: &Profile) -> String {
    let mut name = format!("{}-{}", claim.id.replace('/', "-"), profile.name());
    if placement.how != "as written" {
        name.push_str("-placed");
    }
    name
}

/// Writes the decisive line as a scenario that `arbiter check` replays on
/// the reference: the setup, every move (with its combat), and the claim's
/// verdict in the notes.
pub fn write_scenario(
    dir: &Path,
    claim: &Claim,
    placement: &Placement,
    profile: &Profile,
    d: &Decision,
) -> Result<PathBuf, String> {
    let name = scenario_name(claim, placement, profile);
    let path = dir.join(format!("{name}.yaml"));
    let text = scenario_text(claim, placement, profile, d, &name)?;
    std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(path)
}

fn yaml_quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', "''"))
}

/// The scenario text of a decisive line.
pub fn scenario_text(
    claim: &Claim,
    placement: &Placement,
    profile: &Profile,
    d: &Decision,
    name: &str,
) -> Result<String, String> {
    let setup = &placement.setup;
    let mut node = ClaimNode::new(setup, profile, placement.target, KeyMode::Line)?;
    let mut t = String::new();
    let _ = writeln!(
        t,
        "# Written by `arbiter prove` from the claim named under `placement:`; do not edit by hand."
    );
    let _ = writeln!(t, "game: stratego");
    let _ = writeln!(t, "id: prove/{name}");
    let verdict = match d.holds {
        Some(true) => "holds",
        Some(false) => "fails",
        None => return Err("an undecided claim has no line to write".to_string()),
    };
    let _ = writeln!(
        t,
        "title: {}",
        yaml_quote(&format!(
            "{} — {verdict} under {}",
            claim.title,
            profile.name()
        ))
    );
    let _ = writeln!(t, "source: {}", yaml_quote(&claim.source));
    let _ = writeln!(t, "clauses: [{}]", claim.clauses.join(", "));
    // Every built-in profile under which the line replays with the same
    // attacks and results: the scenario checks the line under each.
    let mut profiles = vec![profile.name().to_string()];
    for name in Profile::NAMES {
        if *name != profile.name()
            && let Ok(other) = Profile::parse(name)
            && replays(setup, &other, d.answer.line(), profile)
        {
            profiles.push((*name).to_string());
        }
    }
    let _ = writeln!(t, "profiles: [{}]", profiles.join(", "));
    let _ = writeln!(
        t,
        "placement: {}",
        yaml_quote(&format!(
            "claim {} ({}), placement {}. {}",
            claim.id,
            verdict,
            placement.how,
            claim.reading.trim()
        ))
    );
    let _ = writeln!(t, "setup:");
    let g = &setup.geometry;
    if g.name == "custom" {
        let lakes: Vec<String> = g.lakes.iter().map(ToString::to_string).collect();
        let _ = writeln!(
            t,
            "  board: {{files: {}, ranks: {}, lakes: [{}]}}",
            g.files,
            g.ranks,
            lakes.join(", ")
        );
    } else {
        let _ = writeln!(t, "  board: {}", g.name);
    }
    let army = claim::army_of(setup);
    let counts: Vec<String> = army
        .ranks()
        .filter(|(_, n)| *n > 0)
        .map(|(r, n)| format!("{r}: {n}"))
        .collect();
    let _ = writeln!(t, "  army: {{{}}}", counts.join(", "));
    let _ = writeln!(t, "  to_move: {}", setup.to_move);
    for color in [Color::Red, Color::Blue] {
        let list: Vec<String> = setup
            .pieces
            .iter()
            .filter(|(_, p)| p.color == color)
            .map(|(s, p)| format!("{s}: {}", p.rank))
            .collect();
        let _ = writeln!(t, "  {color}: {{{}}}", list.join(", "));
    }
    let _ = writeln!(t, "moves:");
    let mut last = Outcome::Ongoing;
    for mv in d.answer.line() {
        let before = node.target();
        let combat = node.play_move(mv);
        last = node.game().current_outcome();
        let mut entry = format!("  - {{move: {mv}");
        if let Some(result) = combat {
            let _ = write!(entry, ", combat: {}", serde_plain(&result)?);
        }
        if before.is_some() && node.target().is_none() {
            entry.push_str(", note: \"the target piece is captured\"");
        }
        entry.push('}');
        let _ = writeln!(t, "{entry}");
    }
    let _ = writeln!(
        t,
        "result: {}",
        serde_json::to_string(&last).map_err(|e| e.to_string())?
    );
    let _ = writeln!(
        t,
        "notes: {}",
        yaml_quote(&format!(
            "{}; the search's nodes: {}, states: {}.",
            describe(&d.answer),
            d.stats.nodes,
            d.stats.states
        ))
    );
    Ok(t)
}

/// Whether `line` replays on the reference under `other` with every move
/// legal and every attack ending as it does under `found`.
fn replays(setup: &Setup, other: &Profile, line: &[Move], found: &Profile) -> bool {
    use crate::rules::Implementation;
    let results = |p: &Profile| -> Option<Vec<Option<CombatResult>>> {
        let mut g = super::reference::Reference.start(setup, p).ok()?;
        line.iter()
            .map(|m| g.play(m).ok().map(|n| n.combat.map(|c| c.1)))
            .collect()
    };
    match (results(other), results(found)) {
        (Some(a), Some(b)) => a == b,
        _ => false,
    }
}

/// A unit enum's serde spelling (`attacker-wins`).
fn serde_plain<T: serde::Serialize>(v: &T) -> Result<String, String> {
    match serde_json::to_value(v).map_err(|e| e.to_string())? {
        serde_json::Value::String(s) => Ok(s),
        other => Ok(other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    //! The solver against a brute force on the reference interpreter: no
    //! table, no ordering, no engine; every node replays its line from the
    //! setup through the `Game` trait and reads captures off the boards.

    use super::*;
    use crate::games::stratego::army::Army;
    use crate::games::stratego::geometry::Geometry;
    use crate::games::stratego::piece::{Piece, Rank};
    use crate::games::stratego::reference::Reference;
    use crate::prove::Limits;
    use crate::rules::Implementation;

    /// Whether the piece that stood on `target` at the start is still on
    /// the board after `line`, found by following it square by square on
    /// the reference's rendered boards' underlying moves.
    fn target_alive(setup: &Setup, profile: &Profile, target: Square, line: &[Move]) -> bool {
        let mut g = Reference.start(setup, profile).expect("valid setup");
        let mut at = Some(target);
        for mv in line {
            let note = g.play(mv).expect("legal");
            let Some(t) = at else { return false };
            at = match (mv.from == t, mv.to == t, note.combat.map(|c| c.1)) {
                (true, _, Some(CombatResult::AttackerWins) | None) => Some(mv.to),
                (true, _, Some(_)) => None,
                (false, true, Some(CombatResult::DefenderWins)) => Some(t),
                (false, true, _) => None,
                _ => Some(t),
            };
        }
        at.is_some()
    }

    /// Brute-force AND-OR: can the attacker force the loss of the target
    /// within `budget` more plies after `line`?
    fn brute(
        setup: &Setup,
        profile: &Profile,
        target: Square,
        attacker: Color,
        line: &mut Vec<Move>,
        budget: u32,
    ) -> bool {
        if !target_alive(setup, profile, target, line) {
            return true;
        }
        if budget == 0 {
            return false;
        }
        let mut g = Reference.start(setup, profile).expect("valid setup");
        for mv in line.iter() {
            g.play(mv).expect("legal");
        }
        let moves = g.legal_actions();
        if moves.is_empty() {
            return false;
        }
        let mine = g.side_to_move() == attacker;
        let mut results = moves.iter().map(|m| {
            line.push(*m);
            let r = brute(setup, profile, target, attacker, line, budget - 1);
            line.pop();
            r
        });
        if mine {
            results.any(|r| r)
        } else {
            results.all(|r| r)
        }
    }

    fn tiny(files: u8, ranks: u8, red: &[(&str, Rank)], blue: &[(&str, Rank)]) -> Setup {
        let mut pieces = Vec::new();
        for (color, list) in [(Color::Red, red), (Color::Blue, blue)] {
            for (sq, rank) in list {
                pieces.push((sq.parse().unwrap(), Piece { color, rank: *rank }));
            }
        }
        Setup {
            geometry: Geometry::custom(files, ranks, Vec::new()).expect("a small board"),
            army: Army::custom(Rank::ALL.iter().map(|&r| (r, 4))),
            pieces,
            to_move: Color::Red,
        }
    }

    /// Small positions where the repetition rules decide within a few
    /// plies: a captain in a corridor of two or three squares, chased by a
    /// marshal, with or without a tempo piece on either side.
    fn cases() -> Vec<(Setup, Square)> {
        use Rank::*;
        vec![
            (
                tiny(3, 3, &[("A1", Marshal)], &[("A3", Captain), ("C3", Bomb)]),
                "A3".parse().unwrap(),
            ),
            (
                tiny(3, 3, &[("B1", Marshal)], &[("A3", Captain), ("C3", Bomb)]),
                "A3".parse().unwrap(),
            ),
            (
                tiny(
                    4,
                    3,
                    &[("A1", Marshal), ("D1", Sergeant)],
                    &[("A3", Captain), ("C3", Bomb), ("D3", Sergeant)],
                ),
                "A3".parse().unwrap(),
            ),
            (
                tiny(3, 3, &[("A1", Scout)], &[("B3", Spy)]),
                "B3".parse().unwrap(),
            ),
        ]
    }

    #[test]
    fn the_solver_agrees_with_a_brute_force_on_the_reference() {
        let profiles = ["isf", "modern-3", "gravon", "jumbo-original", "play-only"];
        let mut checked = 0;
        for (setup, target) in cases() {
            for name in profiles {
                let profile = Profile::parse(name).unwrap();
                let attacker = Color::Red;
                for budget in 0..=6 {
                    let brute = brute(&setup, &profile, target, attacker, &mut Vec::new(), budget);
                    for mode in [KeyMode::Line, KeyMode::State] {
                        let root = ClaimNode::new(&setup, &profile, target, mode).unwrap();
                        // The last run leaves the depth-first search no
                        // nodes, so the proof-number search decides.
                        let runs = [
                            (true, Limits::default()),
                            (false, Limits::default()),
                            (
                                true,
                                Limits {
                                    depth_first: 0,
                                    ..Limits::default()
                                },
                            ),
                        ];
                        for (expect_forced, limits) in runs {
                            let mut solver = Solver::new(false).with_limits(limits);
                            let answer = solver.solve(&root, budget, expect_forced);
                            assert!(!matches!(answer, Answer::Open));
                            assert_eq!(
                                answer.is_forced(),
                                brute,
                                "{name}, budget {budget}, {mode:?}, {:?}",
                                setup.pieces
                            );
                            // The decisive line is legal on the reference, and
                            // a forced line ends with the target lost.
                            let line = answer.line();
                            assert!(line.len() <= budget as usize);
                            let alive = target_alive(&setup, &profile, target, line);
                            if let Answer::Forced {
                                plies, shortest, ..
                            } = answer
                            {
                                assert!(!alive);
                                assert_eq!(plies as usize, line.len());
                                assert_eq!(shortest, limits.depth_first > 0);
                                // The distance is the least budget that
                                // forces; the proof-number search's line
                                // bounds it from above.
                                let shorter = plies.checked_sub(1).is_some_and(|p| {
                                    brute_at(&setup, &profile, target, attacker, p)
                                });
                                assert!(
                                    !shortest || !shorter,
                                    "{name}: forced in fewer than {plies}"
                                );
                                assert!(brute_at(&setup, &profile, target, attacker, plies));
                            }
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 100);
    }

    fn brute_at(setup: &Setup, profile: &Profile, target: Square, attacker: Color, b: u32) -> bool {
        brute(setup, profile, target, attacker, &mut Vec::new(), b)
    }

    #[test]
    fn a_claim_file_with_an_unknown_key_names_its_line_and_column() {
        let text = "game: stratego\nid: x/y\ntitle: t\nsource: s\nreading: r\nclauses: []\nprofiles: [isf]\nsetup:\n  red: {A1: marshal}\n  blue: {A3: captain}\nclaim: {lost: A3, within: 4, by: red}\nexpect: {isf: holds}\n";
        let e = claim::parse(text).unwrap_err();
        assert_eq!(e.at.line, 11, "{e:?}");
        assert!(e.message.contains("by"), "{}", e.message);
    }

    #[test]
    fn a_claim_without_an_expectation_for_a_profile_is_refused() {
        let text = "game: stratego\nid: x/y\ntitle: t\nsource: s\nreading: r\nclauses: []\nprofiles: [isf, gravon]\nsetup:\n  red: {A1: marshal}\n  blue: {A3: captain}\nclaim: {lost: A3, within: 4}\nexpect: {isf: holds}\n";
        let e = claim::parse(text).unwrap_err();
        assert_eq!(e.at.line, 7);
        assert!(e.message.contains("gravon"), "{}", e.message);
    }

    #[test]
    fn placements_cover_the_symmetries_and_drop_walls_at_the_edge() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/claims/stratego/ts-frontal.yaml"
        ))
        .unwrap()
        .replace("claim: {", "placements: all\nclaim: {");
        let c = claim::parse(&text).unwrap();
        assert_eq!(c.placements[0].how, "as written");
        // The seed's own position, the pattern against the A-file edge
        // with the wall bomb A3 dropped, is one of them.
        let seed = c.placements.iter().find(|p| {
            p.target == "A3".parse().unwrap()
                && p.setup
                    .pieces
                    .iter()
                    .any(|(s, p)| *s == "A1".parse().unwrap() && p.rank == Rank::Marshal)
        });
        assert!(seed.is_some());
        // No placement puts a piece on a lake, and all are distinct.
        for p in &c.placements {
            assert!(p.setup.validate().is_ok());
        }
        assert!(c.placements.len() > 50, "{}", c.placements.len());
    }
}
