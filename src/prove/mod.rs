//! `arbiter prove`: exhaustive two-player search for claims of the form
//! "the attacker can force the goal within N plies, whatever the defender
//! does".
//!
//! The search knows no game. A game hands it a [`Node`]: a state that says
//! whose turn it is (attacker or defender), lists the legal actions, plays
//! one, says whether the goal has been reached, and gives a key of its
//! whole state (position, side to move, every count and history the rules
//! read, and the goal's own bookkeeping). The rules themselves stay in the
//! game's engine: the search only asks it for moves and verdicts.
//!
//! The search is an AND-OR search by depth: at an attacker node some
//! action must lead to a forced goal within one ply less, at a defender
//! node every action must. A node with no legal action is not a goal (the
//! game is over without it). Iterative deepening on the ply budget finds
//! the shortest forcing distance; a transposition table keyed on the state
//! key remembers, per state, a budget within which the goal is forced and
//! the largest budget within which it is not, so both kinds of answer are
//! reused across iterations and transpositions.

use std::collections::HashMap;
use std::fmt::{Debug, Display};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

pub mod pns;

/// How `arbiter prove` runs.
#[derive(Clone, Debug, Default)]
pub struct ProveOptions {
    /// Only this profile (default: every profile the claim lists).
    pub profile: Option<String>,
    /// Write each decisive line as a scenario file into this directory.
    pub write: Option<std::path::PathBuf>,
    /// Show a spinner on standard error during long searches.
    pub progress: bool,
    /// Key the transposition table on the game's whole state always,
    /// rather than letting the game choose (the line from the root where
    /// few states repeat).
    pub state_key: bool,
    /// When every search stops (`arbiter prove --time-limit`): a claim not
    /// decided by then is undecided, [`Answer::TimedOut`].
    pub deadline: Option<Instant>,
}

/// What `arbiter prove` prints, and whether every verdict matched the
/// claim's expectation.
#[derive(Clone, Debug, Default)]
pub struct ProveReport {
    /// The report, one line or more per profile and placement.
    pub text: String,
    /// Verdicts that differ from what the claim file expects.
    pub mismatches: usize,
    /// Scenario files written.
    pub written: Vec<std::path::PathBuf>,
    /// Verdicts left undecided because the time limit was reached.
    pub timed_out: usize,
}

/// One state of a claim's search: a game in progress plus the goal's own
/// bookkeeping.
pub trait Node: Clone {
    /// What a player does.
    type Action: Clone + Debug + Display + PartialEq;
    /// Every legal action of the side to move; empty when the game is over.
    fn actions(&self) -> Vec<Self::Action>;
    /// Plays an action that [`Node::actions`] listed.
    fn play(&mut self, action: &Self::Action);
    /// Whether the side to move is the attacker (the side that tries to
    /// reach the goal).
    fn attacker_to_move(&self) -> bool;
    /// Whether the goal has been reached.
    fn goal_reached(&self) -> bool;
    /// The whole state as a key: two states with equal keys must have the
    /// same legal actions, the same goal status and the same futures.
    fn key(&self) -> u128;
    /// The key of the state after `action`, when the node can tell it
    /// without playing the action (`None`: the search plays it to see).
    fn key_after(&self, _action: &Self::Action) -> Option<u128> {
        None
    }
    /// A guess of how promising `action` is for the side to move (higher
    /// is tried first). It orders the search and never changes an answer.
    fn hint(&self, _action: &Self::Action) -> i32 {
        0
    }
    /// Plies the goal needs at the least from here, whatever either side
    /// plays (0: no bound known). The search gives up on a branch whose
    /// budget is smaller, so a bound above the true distance would make it
    /// miss forced goals: it must be a lower bound.
    fn lower_bound(&self) -> u32 {
        0
    }
}

/// What the search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer<A> {
    /// The attacker forces the goal; `plies` is the forcing distance (the
    /// attacker's fastest win against the defender's longest resistance)
    /// and `line` one such line, ending in the goal.
    Forced {
        /// Plies the goal takes with best play on both sides, or, when
        /// `shortest` is false, the length of the defender's longest
        /// resistance against the strategy found (an upper bound).
        plies: u32,
        /// The line: the attacker's fastest, the defender's longest.
        line: Vec<A>,
        /// Whether `plies` is shown to be the shortest forcing distance
        /// (every smaller budget searched and refuted).
        shortest: bool,
    },
    /// The attacker does not force the goal within the budget; `line` is a
    /// counter-line: the defender's refutation of the attacker's most
    /// testing tries, to the end of the budget or of the game.
    NotForced {
        /// The counter-line.
        line: Vec<A>,
    },
    /// Neither search settled the question within its node limits.
    Open,
    /// The time limit was reached after `nodes` nodes, before either
    /// search settled the question.
    TimedOut {
        /// Nodes expanded until then.
        nodes: u64,
    },
}

impl<A> Answer<A> {
    /// Whether the goal is forced.
    pub fn is_forced(&self) -> bool {
        matches!(self, Answer::Forced { .. })
    }

    /// The decisive line.
    pub fn line(&self) -> &[A] {
        match self {
            Answer::Forced { line, .. } | Answer::NotForced { line } => line,
            Answer::Open | Answer::TimedOut { .. } => &[],
        }
    }
}

/// How much work a search did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes expanded (actions listed).
    pub nodes: u64,
    /// Distinct states in the transposition table.
    pub states: usize,
    /// Lookups answered by the table.
    pub hits: u64,
    /// Nodes of the proof-number search's tree, when it ran.
    pub tree: usize,
    /// Wall time.
    pub elapsed: Duration,
}

/// What the table knows about one state.
#[derive(Clone, Copy, Debug)]
struct Known {
    /// A budget within which the goal is forced (`u32::MAX`: none known).
    forced_within: u32,
    /// The largest budget within which it is known not to be forced
    /// (`None`: none known).
    not_within: Option<u32>,
}

/// The search: a transposition table and counters, reused across the
/// iterations and the line extraction of one claim.
pub struct Solver<N: Node> {
    table: HashMap<u128, Known>,
    stats: Stats,
    progress: Option<ProgressBar>,
    limits: Limits,
    /// The depth-first search stops expanding at this node count (set
    /// while it looks for the shortest distance of a goal expected to be
    /// forced).
    cap: Option<u64>,
    /// The cap was reached: the table's answers since are not to be used.
    aborted: bool,
    /// When the search stops, whatever it has found.
    deadline: Option<Instant>,
    /// The deadline was reached: every answer since is void.
    timed_out: bool,
    _node: std::marker::PhantomData<N>,
}

/// How much work the two searches may do on a claim expected to hold.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Nodes the depth-first search may expand looking for the shortest
    /// forcing distance before the proof-number search takes over.
    pub depth_first: u64,
    /// Nodes the proof-number search's tree may hold.
    pub proof_number: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            depth_first: 1_000_000,
            proof_number: 30_000_000,
        }
    }
}

impl<N: Node> Default for Solver<N> {
    fn default() -> Self {
        Self::new(false)
    }
}

impl<N: Node> Solver<N> {
    /// A fresh solver; with `progress`, a spinner on standard error (shown
    /// only on a terminal) counts nodes and states.
    pub fn new(progress: bool) -> Self {
        let progress = progress.then(|| {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
            bar.set_style(
                ProgressStyle::with_template("{spinner} {elapsed} {msg}")
                    .unwrap_or_else(|_| ProgressStyle::default_spinner()),
            );
            // Ticks also while the proof-number search runs, which does
            // not report in; drawn only when standard error is a terminal.
            bar.enable_steady_tick(Duration::from_millis(250));
            bar
        });
        Solver {
            table: HashMap::new(),
            stats: Stats::default(),
            progress,
            limits: Limits::default(),
            cap: None,
            aborted: false,
            deadline: None,
            timed_out: false,
            _node: std::marker::PhantomData,
        }
    }

    /// The same solver, stopping at `deadline` (`None`: no time limit).
    pub fn with_deadline(mut self, deadline: Option<Instant>) -> Self {
        self.deadline = deadline;
        self
    }

    /// Whether the deadline has passed; once it has, the search stops.
    fn out_of_time(&mut self) -> bool {
        if !self.timed_out && self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.timed_out = true;
        }
        self.timed_out
    }

    /// The same solver with other node limits.
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// The counters so far.
    pub fn stats(&self) -> Stats {
        Stats {
            states: self.table.len(),
            ..self.stats
        }
    }

    /// Decides whether the attacker forces the goal from `root` within
    /// `budget` plies, and finds the decisive line.
    ///
    /// With `expect_forced`, iterative deepening from budget 0 (cheap when
    /// the goal is forced: each failed iteration orders the next). Without,
    /// one search at the full budget first, which settles a goal that is
    /// not forced without searching every smaller budget; only when it is
    /// forced after all does iterative deepening find the distance.
    /// With a deadline (`with_deadline`), a search still running then
    /// stops, and the answer is [`Answer::TimedOut`].
    pub fn solve(&mut self, root: &N, budget: u32, expect_forced: bool) -> Answer<N::Action> {
        let start = Instant::now();
        let answer = if self.out_of_time() {
            Answer::TimedOut { nodes: 0 }
        } else {
            let forced = expect_forced || self.forced(root, budget);
            if forced {
                self.forcing_answer(root, budget)
            } else {
                Answer::NotForced {
                    line: self.counter_line(root, budget),
                }
            }
        };
        // Whatever was found after the deadline was cut short.
        let answer = if self.timed_out {
            Answer::TimedOut {
                nodes: self.stats.nodes,
            }
        } else {
            answer
        };
        self.stats.elapsed += start.elapsed();
        if let Some(bar) = &self.progress {
            bar.finish_and_clear();
        }
        answer
    }

    /// The answer for a goal that is forced, or expected to be: the
    /// shortest distance and its line by iterative deepening when that
    /// fits the depth-first limit; otherwise the proof-number search's
    /// verdict, whose line bounds the distance from above.
    fn forcing_answer(&mut self, root: &N, budget: u32) -> Answer<N::Action> {
        self.cap = Some(self.stats.nodes + self.limits.depth_first);
        let plies = self.distance(root, budget);
        let line = match plies {
            Some(p) if !self.aborted => Some(self.forced_line(root, p)),
            _ => None,
        };
        self.cap = None;
        if self.timed_out {
            return Answer::Open;
        }
        if !self.aborted {
            return match (plies, line) {
                (Some(plies), Some(line)) => Answer::Forced {
                    plies,
                    line,
                    shortest: true,
                },
                _ => Answer::NotForced {
                    line: self.counter_line(root, budget),
                },
            };
        }
        // The table holds answers cut short by the cap: start afresh.
        self.table.clear();
        self.aborted = false;
        if let Some(bar) = &self.progress {
            bar.set_message("proof-number search");
        }
        let mut search = pns::ProofSearch::new(root, budget);
        let found = search.run_until(self.limits.proof_number, self.deadline);
        if matches!(found, pns::PnAnswer::Open) {
            // Open because the time ran out, or the tree grew too large.
            self.out_of_time();
        }
        self.stats.nodes += search.expanded;
        self.stats.tree += search.size();
        match found {
            pns::PnAnswer::Proved { line } => Answer::Forced {
                plies: line.len() as u32,
                line,
                shortest: false,
            },
            pns::PnAnswer::Disproved { line } => Answer::NotForced { line },
            pns::PnAnswer::Open => Answer::Open,
        }
    }

    /// The smallest budget up to `max` within which the goal is forced
    /// (iterative deepening).
    pub fn distance(&mut self, node: &N, max: u32) -> Option<u32> {
        (0..=max).find(|&d| {
            if let Some(bar) = &self.progress {
                bar.set_message(format!("depth {d}/{max}"));
            }
            self.forced(node, d)
        })
    }

    /// Whether the attacker forces the goal from `node` within `budget`
    /// plies.
    pub fn forced(&mut self, node: &N, budget: u32) -> bool {
        if node.goal_reached() {
            return true;
        }
        if budget == 0 || node.lower_bound() > budget {
            return false;
        }
        if self.cap.is_some_and(|c| self.stats.nodes >= c)
            || (self.stats.nodes.is_multiple_of(1024) && self.out_of_time())
        {
            self.aborted = true;
        }
        if self.aborted {
            return false;
        }
        let key = node.key();
        if let Some(k) = self.table.get(&key) {
            if k.forced_within <= budget {
                self.stats.hits += 1;
                return true;
            }
            if k.not_within.is_some_and(|n| n >= budget) {
                self.stats.hits += 1;
                return false;
            }
        }
        self.stats.nodes += 1;
        if self.stats.nodes.is_multiple_of(4096)
            && let Some(bar) = &self.progress
        {
            bar.set_message(format!(
                "{} nodes, {} states",
                self.stats.nodes,
                self.table.len()
            ));
            bar.tick();
        }
        let attacker = node.attacker_to_move();
        let children = self.ordered_children(node, attacker);
        let result = if children.is_empty() {
            false
        } else if attacker {
            children
                .into_iter()
                .any(|c| self.forced(&c.node(node), budget - 1))
        } else {
            children
                .into_iter()
                .all(|c| self.forced(&c.node(node), budget - 1))
        };
        let entry = self.table.entry(key).or_insert(Known {
            forced_within: u32::MAX,
            not_within: None,
        });
        if result {
            entry.forced_within = entry.forced_within.min(budget);
        } else {
            entry.not_within = Some(entry.not_within.map_or(budget, |n| n.max(budget)));
        }
        result
    }

    /// The children of `node`, the most promising for the side to move
    /// first, by what the table already knows of the state after each: for
    /// the attacker, states known forced within the least; for the
    /// defender, states known not forced within the most. Ties keep the
    /// game's order. When the node gives a child's key without playing the
    /// move, the child is played only when the search reaches it;
    /// otherwise it is played here, to look its key up, and kept.
    fn ordered_children(&self, node: &N, attacker: bool) -> Vec<Child<N>> {
        let mut scored: Vec<(i64, Child<N>)> = node
            .actions()
            .into_iter()
            .map(|a| {
                let (key, played) = match node.key_after(&a) {
                    Some(k) => (k, None),
                    None => {
                        let c = child(node, &a);
                        (c.key(), Some(c))
                    }
                };
                let known = self.table.get(&key).copied();
                let score = match known {
                    None => 0,
                    Some(k) => {
                        let forced =
                            (k.forced_within != u32::MAX).then(|| i64::from(k.forced_within));
                        let not = k.not_within.map(|n| i64::from(n) + 1);
                        match (attacker, forced, not) {
                            (true, Some(f), _) => -1_000_000 + f,
                            (true, None, Some(n)) => n,
                            (false, _, Some(n)) => -n,
                            (false, Some(f), None) => 1_000_000 - f,
                            (_, None, None) => 0,
                        }
                    }
                };
                let hint = i64::from(node.hint(&a));
                (score * 8 - hint, Child { action: a, played })
            })
            .collect();
        scored.sort_by_key(|(s, _)| *s);
        scored.into_iter().map(|(_, c)| c).collect()
    }

    /// A line from a node whose forcing distance is `plies`: the attacker
    /// keeps to a child one ply nearer, the defender picks the child that
    /// holds out longest.
    fn forced_line(&mut self, root: &N, plies: u32) -> Vec<N::Action> {
        let mut line = Vec::new();
        let mut node = root.clone();
        let mut left = plies;
        while !node.goal_reached() && left > 0 && !self.aborted {
            let actions = node.actions();
            let mut pick: Option<(N::Action, u32)> = None;
            for a in &actions {
                let c = child(&node, a);
                let Some(d) = self.distance(&c, left - 1) else {
                    continue;
                };
                let better = match &pick {
                    None => true,
                    Some((_, best)) => {
                        if node.attacker_to_move() {
                            d < *best
                        } else {
                            d > *best
                        }
                    }
                };
                if better {
                    pick = Some((a.clone(), d));
                }
            }
            let Some((a, d)) = pick else {
                assert!(self.aborted, "a forced node has a forcing child");
                break;
            };
            node.play(&a);
            line.push(a);
            left = d;
        }
        line
    }

    /// A counter-line from a node where the goal is not forced within
    /// `budget`: the attacker tries the action that leaves the defender the
    /// fewest refutations, the defender answers with the first refutation.
    fn counter_line(&mut self, root: &N, budget: u32) -> Vec<N::Action> {
        let mut line = Vec::new();
        let mut node = root.clone();
        let mut left = budget;
        while left > 0 {
            let actions = node.actions();
            if actions.is_empty() {
                break;
            }
            let pick = if node.attacker_to_move() {
                let mut best: Option<(N::Action, usize)> = None;
                for a in &actions {
                    let c = child(&node, a);
                    let refutations = if left < 2 {
                        0
                    } else {
                        c.actions()
                            .iter()
                            .filter(|r| !self.forced(&child(&c, r), left - 2))
                            .count()
                    };
                    if best.as_ref().is_none_or(|(_, n)| refutations < *n) {
                        best = Some((a.clone(), refutations));
                    }
                }
                best.map(|(a, _)| a)
            } else {
                actions
                    .iter()
                    .find(|a| !self.forced(&child(&node, a), left - 1))
                    .cloned()
            };
            let Some(a) = pick else { break };
            node.play(&a);
            line.push(a);
            left -= 1;
        }
        line
    }
}

/// A child of a node in the search: its action, and its state when it
/// has been played already.
struct Child<N: Node> {
    action: N::Action,
    played: Option<N>,
}

impl<N: Node> Child<N> {
    /// The child's state (played from `parent` when it was only named).
    fn node(self, parent: &N) -> N {
        match self.played {
            Some(c) => c,
            None => child(parent, &self.action),
        }
    }
}

/// The state after `action`.
fn child<N: Node>(node: &N, action: &N::Action) -> N {
    let mut c = node.clone();
    c.play(action);
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A race on a line: a token at `pos`; the attacker moves it +1 or +2,
    /// the defender by one of `defence` (−1 or stays, in the plain race).
    /// Goal: the token reaches `goal`. Without `transpositions`, every line
    /// is its own state (a fresh key per node).
    #[derive(Clone, Debug)]
    struct Race {
        pos: i32,
        goal: i32,
        attacker: bool,
        defence: [i32; 2],
        transpositions: bool,
    }

    impl Node for Race {
        type Action = i32;
        fn actions(&self) -> Vec<i32> {
            if self.attacker {
                vec![1, 2]
            } else {
                self.defence.to_vec()
            }
        }
        fn play(&mut self, a: &i32) {
            self.pos += a;
            self.attacker = !self.attacker;
        }
        fn attacker_to_move(&self) -> bool {
            self.attacker
        }
        fn goal_reached(&self) -> bool {
            self.pos >= self.goal
        }
        fn key(&self) -> u128 {
            let key = ((self.pos as u32 as u128) << 1) | self.attacker as u128;
            if self.transpositions {
                return key;
            }
            use std::sync::atomic::{AtomicU64, Ordering};
            static N: AtomicU64 = AtomicU64::new(0);
            (u128::from(N.fetch_add(1, Ordering::Relaxed)) << 33) | key
        }
    }

    #[test]
    fn the_race_is_won_in_the_plies_a_hand_count_gives() {
        // Net +1 per round against best defence: from 0 to 3 the attacker
        // plays +2, the defender −1, the attacker +2: three plies; in two
        // the token reaches at most 2.
        let root = Race {
            pos: 0,
            goal: 3,
            attacker: true,
            defence: [-1, 0],
            transpositions: true,
        };
        let mut s = Solver::new(false);
        match s.solve(&root, 10, true) {
            Answer::Forced { plies, line, .. } => {
                assert_eq!(plies, 3);
                assert_eq!(line, vec![2, -1, 2]);
            }
            other => panic!("{other:?}"),
        }
        let mut s = Solver::new(false);
        let a = s.solve(&root, 2, false);
        assert!(!a.is_forced());
        assert_eq!(a.line().len(), 2);
    }

    #[test]
    fn a_search_past_its_deadline_stops_and_says_so() {
        // A goal out of reach: the attacker gains nothing a round, so
        // the search must refute every budget up to a large one.
        let root = Race {
            pos: 0,
            goal: 1000,
            attacker: true,
            defence: [-1, -2],
            transpositions: false,
        };
        // A deadline already passed: nothing is searched.
        let mut s = Solver::new(false).with_deadline(Some(Instant::now()));
        assert_eq!(s.solve(&root, 40, false), Answer::TimedOut { nodes: 0 });
        // 2^40 lines cannot be searched in 50 ms: the search stops soon
        // after, with the nodes it expanded.
        for expect_forced in [false, true] {
            let start = Instant::now();
            let mut s = Solver::new(false)
                .with_deadline(Some(start + Duration::from_millis(50)))
                .with_limits(Limits {
                    depth_first: u64::MAX,
                    proof_number: usize::MAX,
                });
            match s.solve(&root, 40, expect_forced) {
                Answer::TimedOut { nodes } => assert!(nodes > 0),
                other => panic!("{other:?}"),
            }
            assert!(
                start.elapsed() < Duration::from_secs(5),
                "{:?}",
                start.elapsed()
            );
        }
    }
}
