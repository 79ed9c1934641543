//! A game in progress with its types erased: what a host language (the
//! Python package under `python/`) plays through. Everything is spelled as
//! the protocol spells it (actions as text, setups and state fields as
//! JSON), so a binding holds one [`AnyGame`] for every game and never names
//! one; [`start_named`]
//! starts it.
//!
//! The fixed integer action space (OpenSpiel style) is the game's step
//! space ([`ActionSpace::STEP_COUNT`](crate::rules::ActionSpace::STEP_COUNT), [`ActionSpace::action_steps`](crate::rules::ActionSpace::action_steps); for most games a
//! step is a whole action, [`ActionSpace::action_index`](crate::rules::ActionSpace::action_index)). An action is chosen
//! one step at a time: the session keeps the steps chosen so far this turn
//! (the pending prefix), offers as legal the steps that continue some legal
//! action, and plays an action once a step completes it and no other legal
//! action goes on from there. Where a legal action ends and others go on
//! (a capture series that may stop early), the extra index
//! [`ActionSpace::STEP_COUNT`](crate::rules::ActionSpace::STEP_COUNT), "stop", plays the one that ends. Indices are
//! looked up among the legal actions' steps, never decoded, so a step space
//! need only tell apart the actions legal in one position.

use std::sync::OnceLock as OnceCell;

use serde_json::Value;

use crate::protocol::answer::{replay, state_of};
use crate::protocol::message::{ErrorKind, Position, ReplyBody};
use crate::rng::SplitMix;
use crate::rules::{Game, Implementation, RuleProfile, Rules, Verdict, View};

/// Why an action was refused: the rule, the clause that decides it and a
/// sentence; or, when the text is no action of the game at all, `rule` is
/// [`UNREADABLE`] and `clause` is empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The action as given.
    pub action: String,
    /// The rule code (`two-squares`, `not-your-piece`, …), or
    /// [`UNREADABLE`].
    pub rule: String,
    /// The spec clause (`TS-4.1`), empty for an unreadable action.
    pub clause: String,
    /// What is wrong.
    pub explanation: String,
}

/// The rule of a [`Refusal`] whose action text does not parse.
pub const UNREADABLE: &str = "unreadable";

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.rule == UNREADABLE {
            write!(
                f,
                "`{}` is not an action: {}",
                self.action, self.explanation
            )
        } else {
            write!(
                f,
                "{} is illegal ({}, {}): {}",
                self.action, self.rule, self.clause, self.explanation
            )
        }
    }
}

/// What a run of random games from one position came to.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Playouts {
    /// How many games were played.
    pub games: usize,
    /// The actions played in all of them together.
    pub plies: u64,
    /// The games stopped at the ply limit before they ended.
    pub unfinished: usize,
    /// Each final outcome (as the protocol spells it, JSON text) and how
    /// many games ended so, in order of first appearance.
    pub outcomes: Vec<(String, usize)>,
}

/// One game in progress, any game. `Send` and `Sync`, so that a binding
/// may hand it to another thread (the Python package's `Game`).
pub trait AnyGame: Send + Sync {
    /// The game's name.
    fn game(&self) -> &'static str;
    /// The implementation playing it (`engine`, `reference`).
    fn implementation(&self) -> &'static str;
    /// The profile's name.
    fn profile(&self) -> String;
    /// The profile whole, every switch spelled (the protocol reads it back
    /// as the same profile), for a binding that saves a game and starts it
    /// again.
    fn profile_value(&self) -> Value;
    /// Takes back the last action played and returns it, the game brought
    /// back to the point before it (replayed from the setup); with steps
    /// pending, only forgets them and returns `None`; `Err` when nothing
    /// was played.
    fn undo(&mut self) -> Result<Option<String>, String>;
    /// The setup it started from, in the protocol's spelling.
    fn setup(&self) -> Value;
    /// The actions played so far.
    fn history(&self) -> Vec<String>;
    /// Every legal action of the side to move, sorted as the game sorts
    /// them.
    fn legal_moves(&self) -> Vec<String>;
    /// Plays `action`, or says why not (the game is unchanged then).
    fn play(&mut self, action: &str) -> Result<(), Refusal>;
    /// Whether `action` is legal now: `None`, or why not.
    fn judge(&self, action: &str) -> Option<Refusal>;
    /// The protocol's `state` reply now: every state field of the game and
    /// `position`.
    fn state(&self) -> Value;
    /// The outcome, as the protocol spells it.
    fn outcome(&self) -> Value;
    /// Whether the outcome ends the game.
    fn is_over(&self) -> bool;
    /// The side to move.
    fn to_move(&self) -> String;
    /// The position reached, in the game's setup encoding.
    fn position(&self) -> Option<Value>;
    /// A picture of the position.
    fn render(&self) -> String;
    /// A copy that goes on independently.
    fn copy(&self) -> Box<dyn AnyGame>;
    /// The size of the game's integer action space (0: it has none): its
    /// steps, and "stop" when an action may take more than one.
    fn action_count(&self) -> usize;
    /// The "stop" index, when the game's actions may take several steps.
    fn stop_index(&self) -> Option<usize>;
    /// The steps that choose `action` here: its own steps, then "stop"
    /// when a legal action goes on from them. The action is read and
    /// checked to be an action of the game; it need not be legal here.
    fn action_steps(&self, action: &str) -> Result<Vec<usize>, Refusal>;
    /// The steps chosen so far this turn (empty between actions).
    fn pending(&self) -> Vec<usize>;
    /// Forgets the steps chosen so far this turn.
    fn clear_pending(&mut self);
    /// The steps that may come next after the pending ones, each once, in
    /// the order of the first legal action (of `legal_moves`) they lead to;
    /// for one-step actions, the indices of the legal actions.
    fn legal_indices(&self) -> Vec<usize>;
    /// The legal action that step `index` completes now, spelled, or
    /// `None` (no legal action, or one that needs more steps).
    fn action_of_index(&self, index: usize) -> Option<String>;
    /// Chooses step `index`: plays the action it completes and returns it
    /// (spelled), or keeps it pending and returns `None` when legal actions
    /// go on from it. A step that continues no legal action is refused
    /// (rule `no-legal-action`) and changes nothing.
    fn play_index(&mut self, index: usize) -> Result<Option<String>, Refusal>;
    /// `n` random games from here (uniform among the legal actions, at
    /// a chance node by the chance probabilities; at most `max_plies`
    /// actions each), seeded by `seed`.
    fn random_playouts(&self, n: usize, seed: u64, max_plies: usize) -> Playouts;

    // What a learning loop asks ([`Observe`]; `docs/python.md`).

    /// The two players' names, index = player id.
    fn player_names(&self) -> [&'static str; 2];
    /// What OpenSpiel's `GameType` and `GameInfo` declare of the game
    /// beyond play: whether chance acts, whether information is perfect,
    /// the largest return ([`Observe::CHANCE`](crate::rules::Observe::CHANCE), …).
    fn facts(&self) -> (bool, bool, f64);
    /// The player to decide now: 0 or 1; [`CHANCE_PLAYER`] at a chance
    /// node, [`TERMINAL_PLAYER`] once the game is over.
    fn current_player(&self) -> i32;
    /// Whether the next action is chance's (backgammon's dice).
    fn is_chance_node(&self) -> bool;
    /// At a chance node, each legal outcome as its index in the integer
    /// action space with its probability (summing to 1); empty elsewhere.
    fn chance_outcomes(&self) -> Vec<(usize, f64)>;
    /// What each player scores now, by player id (0 each until the end).
    fn returns(&self) -> [f64; 2];
    /// The shape of the observation and information-state tensors.
    fn observation_shape(&self) -> Vec<usize>;
    /// Writes `player`'s observation (`info`: its information state) into
    /// `out`, which must be as long as the shape's product; an error for a
    /// player that is not 0 or 1, a buffer of another length, or an
    /// implementation that does not tell its position.
    fn observe_into(&self, player: usize, info: bool, out: &mut [f32]) -> Result<(), String>;
    /// `player`'s observation as text.
    fn observation_string(&self, player: usize) -> Result<String, String>;
}

/// [`AnyGame::current_player`] at a chance node (OpenSpiel's
/// `kChancePlayerId`).
pub const CHANCE_PLAYER: i32 = -1;
/// [`AnyGame::current_player`] once the game is over (OpenSpiel's
/// `kTerminalPlayerId`).
pub const TERMINAL_PLAYER: i32 = -4;

/// Game `G` in progress on one implementation: the protocol's
/// [`Position`] (profile, setup, the actions played) and the game it
/// reaches, started and replayed as `serve` does ([`replay`]).
pub struct Session<G: Rules> {
    imp: &'static dyn Implementation<G>,
    position: Position<G>,
    game: Box<dyn Game<G>>,
    last: Option<G::Note>,
    /// What the players have learnt so far ([`Observe::remember`](crate::rules::Observe::remember)).
    memory: G::Memory,
    /// The steps chosen so far this turn.
    pending: Vec<usize>,
    /// The legal actions here with their steps, worked out once per
    /// position: choosing an action step by step asks for them at every
    /// step.
    paths: OnceCell<Vec<(G::Action, Vec<usize>)>>,
}

impl<G: Rules> Session<G> {
    /// Starts a game of `imp` at `setup` under `profile`.
    pub fn start(
        imp: &'static dyn Implementation<G>,
        setup: G::Setup,
        profile: G::Profile,
    ) -> Result<Self, String> {
        let position = Position {
            profile,
            setup,
            moves: Vec::new(),
        };
        let (game, last) = replay(imp, &position).map_err(|body| match body {
            ReplyBody::Error {
                kind: ErrorKind::Unsupported,
                message,
            } => format!("unsupported: {message}"),
            ReplyBody::Error { message, .. } => message,
            other => format!("{other:?}"),
        })?;
        Ok(Session {
            imp,
            position,
            game,
            last,
            memory: G::Memory::default(),
            pending: Vec::new(),
            paths: OnceCell::new(),
        })
    }

    /// The same game, started again and brought to the same point.
    fn replayed(&self) -> Self {
        let (game, last) = replay(self.imp, &self.position)
            .expect("a setup that started once, with actions played once, replays");
        Session {
            imp: self.imp,
            position: self.position.clone(),
            game,
            last,
            memory: self.memory.clone(),
            pending: self.pending.clone(),
            paths: OnceCell::new(),
        }
    }

    fn read(action: &str) -> Result<G::Action, Refusal> {
        action.parse::<G::Action>().map_err(|e| Refusal {
            action: action.to_string(),
            rule: UNREADABLE.to_string(),
            clause: String::new(),
            explanation: e.to_string(),
        })
    }

    /// The "stop" index, for games whose actions may take several steps.
    fn stop() -> Option<usize> {
        (G::MULTI_STEP && G::STEP_COUNT > 0).then_some(G::STEP_COUNT)
    }

    /// Every legal action with its steps (an action without steps is left
    /// out; `tests/games/action_space.rs` checks there is none).
    fn paths(&self) -> &[(G::Action, Vec<usize>)] {
        self.paths.get_or_init(|| {
            self.game
                .legal_actions()
                .into_iter()
                .filter_map(|a| G::action_steps(&a).map(|p| (a, p)))
                .collect()
        })
    }

    /// What choosing `index` after the pending steps comes to: the legal
    /// actions it would play (one, unless the step space fails to tell
    /// them apart), and whether legal actions go on beyond it.
    fn after(&self, index: usize) -> (Vec<G::Action>, bool) {
        let stop = Some(index) == Self::stop();
        let mut chosen = self.pending.clone();
        if !stop {
            chosen.push(index);
        }
        let mut ends = Vec::new();
        let mut goes_on = false;
        for (a, p) in self.paths() {
            if *p == chosen {
                ends.push(a.clone());
            } else if p.starts_with(&chosen) {
                goes_on = true;
            }
        }
        if stop {
            // Stop plays the action that ends here, whatever goes on.
            goes_on = false;
        } else if goes_on && Self::stop().is_some() {
            // The action ending here (if any) waits for an explicit stop.
            ends.clear();
        }
        (ends, goes_on)
    }

    /// The player to decide now, `None` at a chance node or at the end.
    fn deciding(&self) -> Option<usize> {
        if G::is_over(&self.game.outcome()) {
            None
        } else {
            G::player(&self.game.side_to_move())
        }
    }

    /// The position as the game's setup type, for the observations: the
    /// position reached, or where the game cannot write it as a setup (a
    /// backgammon double offered and not yet answered) the last position
    /// before it that it can, found by replaying fewer actions (what the
    /// setup cannot hold is the game's memory's,
    /// [`Observe::remember`](crate::rules::Observe::remember)).
    fn told_position(&self) -> Result<G::Setup, String> {
        if let Some(p) = self.game.position() {
            return Ok(p);
        }
        for k in (0..self.position.moves.len()).rev() {
            let earlier = Position {
                profile: self.position.profile.clone(),
                setup: self.position.setup.clone(),
                moves: self.position.moves[..k].to_vec(),
            };
            if let Ok((game, _)) = replay(self.imp, &earlier)
                && let Some(p) = game.position()
            {
                return Ok(p);
            }
        }
        Err(format!(
            "the {} of {} does not tell its position",
            self.imp.name(),
            G::NAME
        ))
    }

    fn chance_node(&self) -> bool {
        !G::is_over(&self.game.outcome()) && G::player(&self.game.side_to_move()).is_none()
    }

    /// The legal actions of a chance node with their probabilities.
    fn chances(&self) -> Vec<(G::Action, f64)> {
        if !self.chance_node() {
            return Vec::new();
        }
        let legal = self.game.legal_actions();
        let total: f64 = legal.iter().map(G::chance_weight).sum();
        legal
            .into_iter()
            .map(|a| {
                let p = G::chance_weight(&a) / total;
                (a, p)
            })
            .collect()
    }

    fn no_step(index: usize, why: String) -> Refusal {
        Refusal {
            action: index.to_string(),
            rule: "no-legal-action".into(),
            clause: String::new(),
            explanation: why,
        }
    }

    fn refusal(action: &str, ill: crate::rules::Illegal<G>) -> Refusal {
        Refusal {
            action: action.to_string(),
            rule: ill.rule.to_string(),
            clause: ill.clause,
            explanation: ill.explanation,
        }
    }
}

impl<G: Rules> AnyGame for Session<G> {
    fn game(&self) -> &'static str {
        G::NAME
    }

    fn implementation(&self) -> &'static str {
        self.imp.name()
    }

    fn profile(&self) -> String {
        self.position.profile.name().to_string()
    }

    fn profile_value(&self) -> Value {
        serde_json::to_value(&self.position.profile).unwrap_or(Value::Null)
    }

    fn undo(&mut self) -> Result<Option<String>, String> {
        if !self.pending.is_empty() {
            self.pending.clear();
            return Ok(None);
        }
        let last = self
            .position
            .moves
            .pop()
            .ok_or_else(|| format!("nothing to undo: no action of {} was played", G::NAME))?;
        *self = self.replayed();
        Ok(Some(last.to_string()))
    }

    fn setup(&self) -> Value {
        G::setup_to_wire(&self.position.setup)
    }

    fn history(&self) -> Vec<String> {
        self.position
            .moves
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    fn legal_moves(&self) -> Vec<String> {
        self.game
            .legal_actions()
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    fn play(&mut self, action: &str) -> Result<(), Refusal> {
        let a = Self::read(action)?;
        if !self.pending.is_empty() {
            return Err(Refusal {
                action: action.to_string(),
                rule: "steps-pending".into(),
                clause: String::new(),
                explanation: format!(
                    "steps {:?} of an action are chosen: finish it by index or clear them first",
                    self.pending
                ),
            });
        }
        let note = self
            .game
            .play(&a)
            .map_err(|ill| Self::refusal(action, ill))?;
        G::remember(&mut self.memory, &note);
        self.last = Some(note);
        self.paths = OnceCell::new();
        self.position.moves.push(a);
        Ok(())
    }

    fn judge(&self, action: &str) -> Option<Refusal> {
        match Self::read(action) {
            Err(r) => Some(r),
            Ok(a) => match self.game.judge(&a) {
                Verdict::Legal => None,
                Verdict::Illegal(ill) => Some(Self::refusal(action, ill)),
            },
        }
    }

    fn state(&self) -> Value {
        Value::Object(
            state_of(self.game.as_ref(), self.last.as_ref())
                .into_iter()
                .collect(),
        )
    }

    fn outcome(&self) -> Value {
        serde_json::to_value(self.game.outcome()).unwrap_or_default()
    }

    fn is_over(&self) -> bool {
        G::is_over(&self.game.outcome())
    }

    fn to_move(&self) -> String {
        self.game.side_to_move().to_string()
    }

    fn position(&self) -> Option<Value> {
        self.game.position().map(|p| G::setup_to_wire(&p))
    }

    fn render(&self) -> String {
        self.game.render()
    }

    fn copy(&self) -> Box<dyn AnyGame> {
        Box::new(self.replayed())
    }

    fn action_count(&self) -> usize {
        G::STEP_COUNT + usize::from(Self::stop().is_some())
    }

    fn stop_index(&self) -> Option<usize> {
        Self::stop()
    }

    fn action_steps(&self, action: &str) -> Result<Vec<usize>, Refusal> {
        let a = Self::read(action)?;
        let mut steps = G::action_steps(&a).ok_or_else(|| Refusal {
            action: action.to_string(),
            rule: UNREADABLE.to_string(),
            clause: String::new(),
            explanation: format!("{} has no integer action space", G::NAME),
        })?;
        if let Some(stop) = Self::stop()
            && self
                .paths()
                .iter()
                .any(|(_, p)| p.len() > steps.len() && p.starts_with(&steps))
        {
            steps.push(stop);
        }
        Ok(steps)
    }

    fn pending(&self) -> Vec<usize> {
        self.pending.clone()
    }

    fn clear_pending(&mut self) {
        self.pending.clear();
    }

    fn legal_indices(&self) -> Vec<usize> {
        let n = self.pending.len();
        let mut out: Vec<usize> = Vec::new();
        for (_, p) in self.paths() {
            if !p.starts_with(&self.pending) {
                continue;
            }
            // An action that ends at the pending steps is chosen by stop.
            let next = p.get(n).copied().or(Self::stop());
            if let Some(i) = next
                && !out.contains(&i)
            {
                out.push(i);
            }
        }
        out
    }

    fn action_of_index(&self, index: usize) -> Option<String> {
        match self.after(index) {
            (ends, false) if ends.len() == 1 => Some(ends[0].to_string()),
            _ => None,
        }
    }

    fn play_index(&mut self, index: usize) -> Result<Option<String>, Refusal> {
        let (ends, goes_on) = self.after(index);
        match (ends.as_slice(), goes_on) {
            ([a], false) => {
                let note = self
                    .game
                    .play(a)
                    .map_err(|ill| Self::refusal(&a.to_string(), ill))?;
                G::remember(&mut self.memory, &note);
                self.last = Some(note);
                self.paths = OnceCell::new();
                self.position.moves.push(a.clone());
                self.pending.clear();
                Ok(Some(a.to_string()))
            }
            ([], true) => {
                self.pending.push(index);
                Ok(None)
            }
            // An index that names an action by itself: the rule and clause
            // that refuse that action, as its text would get.
            ([], false)
                if self.pending.is_empty()
                    && let Some(r) =
                        G::action_at(index).and_then(|a| AnyGame::judge(self, &a.to_string())) =>
            {
                Err(r)
            }
            ([], false) => Err(Self::no_step(
                index,
                format!(
                    "no legal action of {} continues with step {index} after {:?}",
                    G::NAME,
                    self.pending
                ),
            )),
            (many, _) => Err(Self::no_step(
                index,
                format!(
                    "step {index} after {:?} ends {} legal actions of {} ({}): the step space does not tell them apart",
                    self.pending,
                    many.len(),
                    G::NAME,
                    many.iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )),
        }
    }

    fn random_playouts(&self, n: usize, seed: u64, max_plies: usize) -> Playouts {
        let mut rng = SplitMix(seed);
        let mut out = Playouts::default();
        for _ in 0..n {
            let mut s = self.replayed();
            let mut plies = 0;
            while plies < max_plies && !G::is_over(&s.game.outcome()) {
                let legal = s.game.legal_actions();
                if legal.is_empty() {
                    break;
                }
                let a = if s.chance_node() {
                    let chances = s.chances();
                    let mut x = rng.next_u64() as f64 / (u64::MAX as f64 + 1.0);
                    let mut pick = chances.len() - 1;
                    for (k, (_, p)) in chances.iter().enumerate() {
                        if x < *p {
                            pick = k;
                            break;
                        }
                        x -= p;
                    }
                    &legal[legal
                        .iter()
                        .position(|l| *l == chances[pick].0)
                        .unwrap_or(0)]
                } else {
                    &legal[rng.pick(legal.len())]
                };
                if s.game.play(a).is_err() {
                    // A listed action the same game refuses: the playout
                    // stops here (the battery reports such games).
                    break;
                }
                plies += 1;
            }
            out.games += 1;
            out.plies += plies as u64;
            let outcome = s.game.outcome();
            if !G::is_over(&outcome) {
                out.unfinished += 1;
            }
            let key = serde_json::to_string(&outcome).unwrap_or_default();
            match out.outcomes.iter_mut().find(|(k, _)| *k == key) {
                Some((_, c)) => *c += 1,
                None => out.outcomes.push((key, 1)),
            }
        }
        out
    }

    fn player_names(&self) -> [&'static str; 2] {
        G::PLAYERS
    }

    fn facts(&self) -> (bool, bool, f64) {
        (G::CHANCE, G::PERFECT_INFORMATION, G::MAX_RETURN)
    }

    fn current_player(&self) -> i32 {
        if G::is_over(&self.game.outcome()) {
            TERMINAL_PLAYER
        } else {
            self.deciding().map_or(CHANCE_PLAYER, |p| p as i32)
        }
    }

    fn is_chance_node(&self) -> bool {
        self.chance_node()
    }

    fn chance_outcomes(&self) -> Vec<(usize, f64)> {
        self.chances()
            .into_iter()
            .filter_map(|(a, p)| match G::action_steps(&a).as_deref() {
                Some([i]) => Some((*i, p)),
                _ => None,
            })
            .collect()
    }

    fn returns(&self) -> [f64; 2] {
        G::returns(&self.game.outcome())
    }

    fn observation_shape(&self) -> Vec<usize> {
        G::observation_shape(&self.position.setup)
    }

    fn observe_into(&self, player: usize, info: bool, out: &mut [f32]) -> Result<(), String> {
        if player > 1 {
            return Err(format!("player {player}: a player is 0 or 1"));
        }
        let len: usize = self.observation_shape().iter().product();
        if out.len() != len {
            return Err(format!(
                "a buffer of {} numbers for a tensor of {len}",
                out.len()
            ));
        }
        let position = self.told_position()?;
        let view = View {
            position: &position,
            memory: &self.memory,
            player,
            to_move: self.deciding(),
        };
        out.fill(0.0);
        if info {
            G::information_state(&view, out);
        } else {
            G::observe(&view, out);
        }
        Ok(())
    }

    fn observation_string(&self, player: usize) -> Result<String, String> {
        if player > 1 {
            return Err(format!("player {player}: a player is 0 or 1"));
        }
        let position = self.told_position()?;
        Ok(G::observation_string(&View {
            position: &position,
            memory: &self.memory,
            player,
            to_move: self.deciding(),
        }))
    }
}

/// Starts a session of `G`: implementation `imp`, profile `profile` in any
/// spelling a protocol request allows, read by the protocol's own reader
/// (a built-in name, possibly with switch overrides; an object naming a
/// built-in profile and the switches it changes, or spelling every switch;
/// `None`: the default),
/// setup `setup` in the protocol's spelling (`None`: [`ScenarioParts::start_setup`](crate::rules::ScenarioParts::start_setup)).
pub fn start<G: Rules>(
    imp: &str,
    profile: Option<&Value>,
    setup: Option<&Value>,
) -> Result<Box<dyn AnyGame>, String> {
    start_seeded::<G>(imp, profile, setup, None)
}

/// [`start`], with the start drawn from `seed` where the game's start is
/// a chance event ([`Observe::seeded_start`](crate::rules::Observe::seeded_start): Stratego's armies placed at
/// random); every other game starts from its standard start and ignores
/// the seed. A seed with a setup given is an error: the seed draws the
/// setup.
pub fn start_seeded<G: Rules>(
    imp: &str,
    profile: Option<&Value>,
    setup: Option<&Value>,
    seed: Option<u64>,
) -> Result<Box<dyn AnyGame>, String> {
    if seed.is_some() && setup.is_some() {
        return Err(format!(
            "a seed draws the start of {}: give no setup (or \"start\") with it",
            G::NAME
        ));
    }
    let implementation = G::implementations()
        .into_iter()
        .find(|i| i.name() == imp)
        .ok_or_else(|| {
            let names: Vec<_> = G::implementations().iter().map(|i| i.name()).collect();
            let what = format!("an implementation of {}", G::NAME);
            crate::rules::not_one_of(imp, &what, &names, None)
        })?;
    let profile = match profile {
        None => G::Profile::parse(G::Profile::names()[0])?,
        Some(v) => crate::protocol::reader::profile::<G>(v).map_err(|e| e.to_string())?,
    };
    let setup = match setup {
        None if seed.is_some_and(|_| G::seeded_start(0).is_some()) => {
            G::seeded_start(seed.unwrap_or_default())
                .ok_or_else(|| format!("{} draws no start from a seed", G::NAME))?
        }
        None => {
            G::start_setup().ok_or_else(|| format!("{} has no start position to name", G::NAME))?
        }
        Some(v) => G::setup_from_wire(v).map_err(|(field, msg)| format!("{field}: {msg}"))?,
    };
    Ok(Box::new(Session::start(implementation, setup, profile)?))
}

/// [`start`] for the game named `game`; an error names the games there are.
pub fn start_named(
    game: &str,
    imp: &str,
    profile: Option<&Value>,
    setup: Option<&Value>,
) -> Result<Box<dyn AnyGame>, String> {
    start_named_seeded(game, imp, profile, setup, None)
}

/// [`start_seeded`] for the game named `game`.
pub fn start_named_seeded(
    game: &str,
    imp: &str,
    profile: Option<&Value>,
    setup: Option<&Value>,
    seed: Option<u64>,
) -> Result<Box<dyn AnyGame>, String> {
    struct Start<'a>(&'a str, Option<&'a Value>, Option<&'a Value>, Option<u64>);
    impl crate::games::Visit for Start<'_> {
        type Out = Result<Box<dyn AnyGame>, String>;
        fn visit<G: Rules>(&mut self) -> Self::Out {
            start_seeded::<G>(self.0, self.1, self.2, self.3)
        }
    }
    crate::games::visit(game, &mut Start(imp, profile, setup, seed))
        .unwrap_or_else(|| Err(crate::games::not_a_game(game)))
}

#[cfg(test)]
mod tests {
    use crate::rules::{Implementation, RuleProfile, Rules};

    /// Every game whose indices decode: the index of each legal action at
    /// the start names that action again.
    #[test]
    fn an_index_names_the_action_it_was_given() {
        struct Check;
        impl crate::games::Visit for Check {
            type Out = usize;
            fn visit<G: Rules>(&mut self) -> usize {
                let imp: &dyn Implementation<G> = G::implementations()[0];
                let profile = G::Profile::parse(G::Profile::names()[0]).expect("the default");
                let setup = G::start_setup().expect("a start");
                let game = imp.start(&setup, &profile).expect("the start");
                let mut decoded = 0;
                for a in game.legal_actions() {
                    if let Some(i) = G::action_index(&a)
                        && let Some(b) = G::action_at(i)
                    {
                        assert_eq!(b, a, "{}: index {i}", G::NAME);
                        decoded += 1;
                    }
                }
                decoded
            }
        }
        let mut total = 0;
        for game in crate::games::names() {
            total += crate::games::visit(game, &mut Check).expect("a game");
        }
        // Chess, Stratego and Epaminondas decode.
        assert!(total >= 20, "{total}");
    }

    /// Every registered game, from its start: the steps of each legal
    /// action play it, an index past the space is refused and changes
    /// nothing, and text waits until the pending steps are cleared.
    #[test]
    fn steps_play_the_action_they_spell() {
        for game in crate::games::names() {
            let fastest = crate::games::about(game).expect("a game").fastest();
            let start = super::start_named(game, fastest, None, None).expect("the start");
            assert!(start.action_count() > 0, "{game}");
            for action in start.legal_moves() {
                let mut s = start.copy();
                let steps = s.action_steps(&action).expect("a legal action has steps");
                for (k, &i) in steps.iter().enumerate() {
                    let played = s.play_index(i).expect("its own step");
                    let last = k + 1 == steps.len();
                    assert_eq!(played.as_deref(), last.then_some(action.as_str()), "{game}");
                }
                assert_eq!(s.history(), vec![action.clone()], "{game}");
            }
            let mut s = start.copy();
            let past = s.action_count();
            assert_eq!(s.play_index(past).unwrap_err().rule, "no-legal-action");
            assert!(s.history().is_empty() && s.pending().is_empty(), "{game}");
            let first = s.legal_moves()[0].clone();
            let steps = s.action_steps(&first).unwrap();
            if steps.len() > 1 {
                assert_eq!(s.play_index(steps[0]), Ok(None));
                assert_eq!(s.play(&first).unwrap_err().rule, "steps-pending");
                s.clear_pending();
            }
            s.play(&first).expect("text plays once nothing is pending");
        }
    }
}
