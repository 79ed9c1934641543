//! Proof-number search: finds a forcing strategy without searching every
//! smaller budget first.
//!
//! The depth-first search of [`Solver`](super::Solver) decides a claim
//! exactly and finds the shortest forcing distance, but to do so it must
//! show that every smaller budget fails, which means searching the
//! attacker's every try. Where the rule state carries a long history (the
//! more-squares rule remembers every position since the last fight), few
//! states repeat and that exhaustive part grows too fast. Proof-number
//! search (Allis 1994) grows the tree best first instead: each node counts
//! how many leaves must still be proved (proof number) or disproved
//! (disproof number) to settle it, and the search always expands a leaf
//! that settles the root soonest. It answers the same question, "does the
//! attacker force the goal within `budget` plies", and a proof is a
//! strategy: one attacker move at each attacker node, every defender move
//! at each defender node, every leaf a goal within the budget.
//!
//! The tree keeps only actions; a node's state is replayed from the root
//! when the search visits it (a few dozen plies), so memory is a few dozen
//! bytes per node whatever the game's state costs.
//!
//! The line it reports is the defender's longest resistance against the
//! strategy found, which need not be the attacker's fastest: its length is
//! an upper bound on the forcing distance, not the distance itself.

use super::Node;

/// Proof and disproof numbers saturate here ("infinite").
const INF: u32 = u32::MAX;

/// One node of the tree.
struct PnNode<A> {
    /// The action that leads here from the parent (`None` at the root).
    action: Option<A>,
    parent: u32,
    /// Index of the first child in the arena and their number (children
    /// are stored together when a node is expanded).
    first: u32,
    count: u32,
    expanded: bool,
    attacker: bool,
    pn: u32,
    dn: u32,
}

/// What a proof-number search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PnAnswer<A> {
    /// The goal is forced within the budget; `line` is the defender's
    /// longest resistance against the strategy found (its length bounds
    /// the forcing distance from above).
    Proved {
        /// The line, ending in the goal.
        line: Vec<A>,
    },
    /// The goal is not forced within the budget (every attacker try is
    /// refuted); `line` is one refutation.
    Disproved {
        /// A counter-line.
        line: Vec<A>,
    },
    /// The node limit was reached first.
    Open,
}

/// The search's tree and counters.
pub struct ProofSearch<N: Node> {
    root: N,
    budget: u32,
    tree: Vec<PnNode<N::Action>>,
    /// Nodes expanded (their actions listed).
    pub expanded: u64,
}

fn add(a: u32, b: u32) -> u32 {
    a.saturating_add(b)
}

impl<N: Node> ProofSearch<N> {
    /// A search from `root` for a goal within `budget` plies.
    pub fn new(root: &N, budget: u32) -> Self {
        let mut s = ProofSearch {
            root: root.clone(),
            budget,
            tree: Vec::new(),
            expanded: 0,
        };
        let (pn, dn) = s.evaluate(root, 0);
        s.tree.push(PnNode {
            action: None,
            parent: u32::MAX,
            first: 0,
            count: 0,
            expanded: false,
            attacker: root.attacker_to_move(),
            pn,
            dn,
        });
        s
    }

    /// Nodes in the tree.
    pub fn size(&self) -> usize {
        self.tree.len()
    }

    /// The numbers of a fresh node at `depth` plies from the root: settled
    /// when the goal is reached, the budget is spent, the node's lower
    /// bound exceeds what is left, or nobody can move; otherwise 1 for the
    /// side to move and its number of actions for the other (a defender
    /// with many replies is harder to prove lost).
    fn evaluate(&self, node: &N, depth: u32) -> (u32, u32) {
        if node.goal_reached() {
            return (0, INF);
        }
        let left = self.budget.saturating_sub(depth);
        if left == 0 || node.lower_bound() > left {
            return (INF, 0);
        }
        let n = node.actions().len() as u32;
        if n == 0 {
            return (INF, 0);
        }
        if node.attacker_to_move() {
            (1, n)
        } else {
            (n, 1)
        }
    }

    /// Runs until the root is settled or the tree holds `limit` nodes.
    pub fn run(&mut self, limit: usize) -> PnAnswer<N::Action> {
        self.run_until(limit, None)
    }

    /// [`ProofSearch::run`], stopping also at `deadline` (then the answer
    /// is [`PnAnswer::Open`] unless the root was settled).
    pub fn run_until(
        &mut self,
        limit: usize,
        deadline: Option<std::time::Instant>,
    ) -> PnAnswer<N::Action> {
        let mut rounds = 0u64;
        while self.tree[0].pn != 0 && self.tree[0].dn != 0 && self.tree.len() < limit {
            rounds += 1;
            if rounds.is_multiple_of(256)
                && deadline.is_some_and(|d| std::time::Instant::now() >= d)
            {
                break;
            }
            let (leaf, state, depth) = self.most_proving();
            self.expand(leaf, &state, depth);
            self.update_ancestors(leaf);
        }
        if self.tree[0].pn == 0 {
            PnAnswer::Proved {
                line: self.proof_line(),
            }
        } else if self.tree[0].dn == 0 {
            PnAnswer::Disproved {
                line: self.disproof_line(),
            }
        } else {
            PnAnswer::Open
        }
    }

    /// Walks from the root to the leaf that settles it soonest, replaying
    /// the actions on the way.
    fn most_proving(&self) -> (u32, N, u32) {
        let mut i = 0u32;
        let mut state = self.root.clone();
        let mut depth = 0;
        loop {
            let n = &self.tree[i as usize];
            if !n.expanded {
                return (i, state, depth);
            }
            let children = n.first..n.first + n.count;
            let pick = if n.attacker {
                children.min_by_key(|&c| self.tree[c as usize].pn)
            } else {
                children.min_by_key(|&c| self.tree[c as usize].dn)
            }
            .expect("an expanded unsettled node has children");
            let action = self.tree[pick as usize]
                .action
                .as_ref()
                .expect("a child has an action");
            state.play(action);
            depth += 1;
            i = pick;
        }
    }

    fn expand(&mut self, i: u32, state: &N, depth: u32) {
        self.expanded += 1;
        let first = self.tree.len() as u32;
        let actions = state.actions();
        for a in actions {
            let mut c = state.clone();
            c.play(&a);
            let (pn, dn) = self.evaluate(&c, depth + 1);
            let attacker = c.attacker_to_move();
            self.tree.push(PnNode {
                action: Some(a),
                parent: i,
                first: 0,
                count: 0,
                expanded: false,
                attacker,
                pn,
                dn,
            });
            // A proved child settles an attacker node, a disproved one a
            // defender node: the other children need not be generated.
            let settled = if self.tree[i as usize].attacker {
                pn == 0
            } else {
                dn == 0
            };
            if settled {
                break;
            }
        }
        let count = self.tree.len() as u32 - first;
        let n = &mut self.tree[i as usize];
        n.first = first;
        n.count = count;
        n.expanded = true;
    }

    fn update_ancestors(&mut self, mut i: u32) {
        loop {
            let n = &self.tree[i as usize];
            let children = n.first..n.first + n.count;
            let (pn, dn) = if n.count == 0 {
                (INF, 0)
            } else if n.attacker {
                children.fold((INF, 0), |(p, d), c| {
                    let c = &self.tree[c as usize];
                    (p.min(c.pn), add(d, c.dn))
                })
            } else {
                children.fold((0, INF), |(p, d), c| {
                    let c = &self.tree[c as usize];
                    (add(p, c.pn), d.min(c.dn))
                })
            };
            let n = &mut self.tree[i as usize];
            n.pn = pn;
            n.dn = dn;
            if n.parent == u32::MAX {
                return;
            }
            i = n.parent;
        }
    }

    /// Plies to the goal under the proof below proved node `i`: the
    /// attacker's quickest proved child, the defender's slowest.
    fn proof_depth(&self, i: u32, memo: &mut Vec<u32>) -> u32 {
        if memo[i as usize] != INF {
            return memo[i as usize];
        }
        let n = &self.tree[i as usize];
        let d = if !n.expanded || n.count == 0 {
            0
        } else {
            let proved = (n.first..n.first + n.count).filter(|&c| self.tree[c as usize].pn == 0);
            let depths: Vec<u32> = proved.map(|c| self.proof_depth(c, memo)).collect();
            if n.attacker {
                1 + depths.iter().copied().min().unwrap_or(0)
            } else {
                1 + depths.iter().copied().max().unwrap_or(0)
            }
        };
        memo[i as usize] = d;
        d
    }

    /// The line from the root that `pick` chooses at each expanded node
    /// (given the node, its children's indices), to a leaf or a node where
    /// `pick` chooses nothing.
    fn walk(
        &self,
        mut pick: impl FnMut(&PnNode<N::Action>, std::ops::Range<u32>) -> Option<u32>,
    ) -> Vec<N::Action> {
        let mut line = Vec::new();
        let mut i = 0u32;
        loop {
            let n = &self.tree[i as usize];
            if !n.expanded || n.count == 0 {
                return line;
            }
            let Some(next) = pick(n, n.first..n.first + n.count) else {
                return line;
            };
            line.push(
                self.tree[next as usize]
                    .action
                    .clone()
                    .expect("a child has an action"),
            );
            i = next;
        }
    }

    /// The attacker's quickest proved child, the defender's slowest.
    fn proof_line(&self) -> Vec<N::Action> {
        let mut memo = vec![INF; self.tree.len()];
        self.walk(|n, children| {
            let proved = children.filter(|&c| self.tree[c as usize].pn == 0);
            if n.attacker {
                proved.min_by_key(|&c| self.proof_depth(c, &mut memo))
            } else {
                proved.max_by_key(|&c| self.proof_depth(c, &mut memo))
            }
        })
    }

    /// A refutation: the attacker's first try, the defender's first
    /// disproved answer, down the disproved tree.
    fn disproof_line(&self) -> Vec<N::Action> {
        self.walk(|_, mut children| children.find(|&c| self.tree[c as usize].dn == 0))
    }
}
