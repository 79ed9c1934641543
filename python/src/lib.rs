//! The native half of the `arbiter` Python package: games as environments,
//! through the crate's generic core only (`arbiter::games::about`,
//! `arbiter::session::start_named`, `arbiter::session::AnyGame`). Nothing here names a
//! game: a game added to the registry is playable from Python as is.
//!
//! Values the protocol spells as JSON (setups, state, outcomes, profiles)
//! cross the boundary as JSON text, read and written by Python's `json`
//! module in `arbiter/__init__.py`'s helpers; actions cross as `str`, or
//! as integers of the game's action space, one step of an action each
//! (`arbiter::session`).

mod conformance;

use arbiter::games::About;
use arbiter::session::{AnyGame, Refusal};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyTuple};

fn entry(game: &str) -> PyResult<About> {
    arbiter::games::about(game).ok_or_else(|| {
        error(
            "unknown-game",
            &format!(
                "`{game}` is not a game: expected one of {}",
                arbiter::games::names().join(", ")
            ),
        )
    })
}

/// An `arbiter.ArbiterError` (a `ValueError`) with `rule` and `message`.
fn error(rule: &str, message: &str) -> PyErr {
    Python::attach(|py| {
        let made = py
            .import("arbiter")
            .and_then(|m| m.getattr("ArbiterError"))
            .and_then(|cls| cls.call1((message, rule)));
        match made {
            Ok(e) => PyErr::from_value(e),
            Err(e) => e,
        }
    })
}

/// An `arbiter.IllegalAction` carrying the refusal's rule, clause and
/// explanation.
fn refused(r: Refusal) -> PyErr {
    Python::attach(|py| {
        let made = py
            .import("arbiter")
            .and_then(|m| m.getattr("IllegalAction"))
            .and_then(|cls| {
                cls.call1((
                    r.to_string(),
                    r.rule.as_str(),
                    r.clause.as_str(),
                    r.explanation.as_str(),
                    r.action.as_str(),
                ))
            });
        match made {
            Ok(e) => PyErr::from_value(e),
            Err(e) => e,
        }
    })
}

fn from_json<'py>(py: Python<'py>, v: &serde_json::Value) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (v.to_string(),))
}

fn to_json(py: Python<'_>, v: &Bound<'_, PyAny>) -> PyResult<serde_json::Value> {
    let text: String = py.import("json")?.call_method1("dumps", (v,))?.extract()?;
    serde_json::from_str(&text).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The names of the games, in the registry's order.
#[pyfunction]
fn games() -> Vec<&'static str> {
    arbiter::games::names()
}

/// `arbiter profiles --game GAME --json` as a JSON text.
#[pyfunction]
fn profiles_json(game: &str) -> PyResult<String> {
    Ok((entry(game)?.profiles)().to_string())
}

/// The implementations of a game, the reference first.
#[pyfunction]
fn implementations(game: &str) -> PyResult<Vec<&'static str>> {
    Ok(entry(game)?.implementations)
}

/// The built-in profile names of a game, the default first.
#[pyfunction]
fn profile_names(game: &str) -> PyResult<Vec<&'static str>> {
    Ok(entry(game)?.profile_names.to_vec())
}

/// The protocol capabilities of a game: `judge`, its state fields,
/// `position`.
#[pyfunction]
fn capabilities(game: &str) -> PyResult<Vec<&'static str>> {
    Ok(arbiter::protocol::message::capabilities_named(
        entry(game)?.name,
    ))
}

/// One game in progress (the Python class `arbiter.Game` is this class).
/// `Send` and `Sync` (`AnyGame` is): usable from any thread; two threads
/// playing it at once get PyO3's `RuntimeError` (already borrowed), never
/// a panic.
#[pyclass(module = "arbiter")]
struct Game {
    inner: Box<dyn AnyGame>,
}

#[pymethods]
impl Game {
    #[new]
    #[pyo3(signature = (game, profile=None, setup=None, r#impl=None, seed=None))]
    fn new(
        py: Python<'_>,
        game: &str,
        profile: Option<&Bound<'_, PyAny>>,
        setup: Option<&Bound<'_, PyAny>>,
        r#impl: Option<&str>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let e = entry(game)?;
        // Default: the game's fastest implementation (its engine, or the
        // reference of a game that has none).
        let r#impl = r#impl.unwrap_or(e.fastest());
        // One rule code per cause, the same as `conform`'s: an unknown
        // implementation, a profile name that is not one.
        if !e.implementations.contains(&r#impl) {
            return Err(error(
                "bad-impl",
                &format!(
                    "`{impl}` is not an implementation of {game}: expected one of {}",
                    e.implementations.join(", "),
                    r#impl = r#impl,
                    game = e.name
                ),
            ));
        }
        if let Some(Ok(name)) = profile.map(|p| p.extract::<String>()) {
            (e.check_profile)(&name).map_err(|m| error("bad-profile", &m))?;
        }
        let profile = profile.map(|p| to_json(py, p)).transpose()?;
        let setup = match setup {
            None => None,
            Some(s) if s.extract::<String>().is_ok_and(|t| t == "start") => None,
            Some(s) if s.is_instance_of::<PyDict>() => Some(to_json(py, s)?),
            Some(s) => {
                return Err(error(
                    "bad-setup",
                    &format!(
                        "setup: expected \"start\" or a dict in the game's setup encoding, got {}",
                        s.repr()?
                    ),
                ));
            }
        };
        let seed = rl::seed_of(seed)?;
        let inner = arbiter::session::start_named_seeded(
            e.name,
            r#impl,
            profile.as_ref(),
            setup.as_ref(),
            seed,
        )
        .map_err(|m| {
            // The session names the field it could not read.
            let rule = if m.starts_with("profile") {
                "bad-profile"
            } else if m.starts_with("a seed") || m.contains("draws no start from a seed") {
                "bad-seed"
            } else {
                "bad-setup"
            };
            error(rule, &m)
        })?;
        Ok(Game { inner })
    }

    /// The game's name.
    #[getter]
    fn game(&self) -> &'static str {
        self.inner.game()
    }

    /// The implementation playing (`engine` or `reference`).
    #[getter(r#impl)]
    fn implementation(&self) -> &'static str {
        self.inner.implementation()
    }

    /// The profile's name.
    #[getter]
    fn profile(&self) -> String {
        self.inner.profile()
    }

    /// The setup the game started from, in the game's setup encoding.
    #[getter]
    fn setup<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        from_json(py, &self.inner.setup())
    }

    /// The actions played so far.
    #[getter]
    fn history(&self) -> Vec<String> {
        self.inner.history()
    }

    /// Every legal action of the side to move, sorted.
    fn legal_moves(&self) -> Vec<String> {
        self.inner.legal_moves()
    }

    /// Plays `action`: its text (returns `None`), or one step of the
    /// integer action space (returns the action the step completes and
    /// plays, or `None` while the action it begins goes on; see
    /// `legal_actions`). Raises `IllegalAction` (rule, clause, explanation)
    /// and leaves the game unchanged when it may not be played.
    fn play(&mut self, action: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        if let Some(i) = self.index_of(action)? {
            return self.inner.play_index(i).map_err(refused);
        }
        let text = self.action_text(action)?;
        self.inner.play(&text).map_err(refused)?;
        Ok(None)
    }

    /// `None` when `action` is legal now, else the `IllegalAction` that
    /// says why (returned, not raised).
    fn judge(&self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<Option<Py<PyAny>>> {
        let text = self.action_text(action)?;
        Ok(self
            .inner
            .judge(&text)
            .map(|r| refused(r).into_value(py).into_any()))
    }

    /// The protocol's `state` reply now: every state field and `position`.
    fn state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        from_json(py, &self.inner.state())
    }

    /// The outcome, as the protocol spells it.
    #[getter]
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        from_json(py, &self.inner.outcome())
    }

    /// Whether the game has ended.
    #[getter]
    fn is_over(&self) -> bool {
        self.inner.is_over()
    }

    /// The side to move.
    #[getter]
    fn to_move(&self) -> String {
        self.inner.to_move()
    }

    /// The position reached, in the game's setup encoding (a valid `setup`).
    fn position<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.inner.position().map(|v| from_json(py, &v)).transpose()
    }

    /// A copy that goes on independently.
    fn copy(&self) -> Game {
        Game {
            inner: self.inner.copy(),
        }
    }

    fn __copy__(&self) -> Game {
        self.copy()
    }

    fn __str__(&self) -> String {
        self.inner.render()
    }

    fn __repr__(&self) -> String {
        format!(
            "<arbiter.Game {} ({}, {}) ply {}, {} to move>",
            self.inner.game(),
            self.inner.profile(),
            self.inner.implementation(),
            self.inner.history().len(),
            self.inner.to_move()
        )
    }

    /// The size of the game's integer action space: its steps, and the
    /// stop index when an action may take several (0: no space).
    #[getter]
    fn num_actions(&self) -> usize {
        self.inner.action_count()
    }

    /// The index that ends an action whose steps could go on (a capture
    /// series that may stop early), or `None` when every action is one
    /// step.
    #[getter]
    fn stop_index(&self) -> Option<usize> {
        self.inner.stop_index()
    }

    /// The steps chosen so far towards the next action.
    #[getter]
    fn pending(&self) -> Vec<usize> {
        self.inner.pending()
    }

    /// Forgets the steps chosen so far (the position is unchanged).
    fn clear_pending(&mut self) {
        self.inner.clear_pending();
    }

    /// The steps that choose `action` here, stop included when needed.
    fn action_steps(&self, action: &str) -> PyResult<Vec<usize>> {
        self.need_space()?;
        self.inner.action_steps(action).map_err(refused)
    }

    /// The index of an action that is one step (`action_steps` otherwise).
    fn action_index(&self, action: &str) -> PyResult<usize> {
        self.need_space()?;
        match self.inner.action_steps(action).map_err(refused)?[..] {
            [i] => Ok(i),
            ref steps => Err(error(
                "multi-step",
                &format!(
                    "`{action}` is chosen in {} steps here, {steps:?}: use action_steps",
                    steps.len()
                ),
            )),
        }
    }

    /// The legal action step `index` completes now, spelled, or `None`.
    fn action_of(&self, index: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        let i = self.index_of(index)?.ok_or_else(|| {
            error(
                arbiter::session::UNREADABLE,
                "action_of: expected an int of the action space",
            )
        })?;
        Ok(self.inner.action_of_index(i))
    }

    /// The steps that may come next (after `pending`), each once: for
    /// one-step games the indices of the legal actions, in the order of
    /// `legal_moves()`.
    fn legal_actions(&self) -> PyResult<Vec<usize>> {
        self.need_space()?;
        Ok(self.inner.legal_indices())
    }

    /// The legal-action mask as bytes (0 or 1 per index); `legal_mask()`
    /// in Python views it as a NumPy array.
    fn legal_mask_bytes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        self.need_space()?;
        let mut mask = vec![0u8; self.inner.action_count()];
        for i in self.inner.legal_indices() {
            mask[i] = 1;
        }
        Ok(PyBytes::new(py, &mask))
    }

    /// The legal actions as a NumPy `bool` array of length `num_actions`
    /// (OpenSpiel style). With `out` (a writable, contiguous NumPy array of
    /// `bool` or `uint8`, length `num_actions`), written into it in place
    /// and returned: no allocation per step.
    #[pyo3(signature = (out=None))]
    fn legal_mask<'py>(
        &self,
        py: Python<'py>,
        out: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if let Some(out) = out {
            self.need_space()?;
            write_mask(&*self.inner, &out, "out")?;
            return Ok(out);
        }
        let bytes = self.legal_mask_bytes(py)?;
        let numpy = py.import("numpy")?;
        numpy
            .call_method1("frombuffer", (bytes, numpy.getattr("bool_")?))?
            .call_method0("copy")
    }

    /// `n` random games from here, in Rust: a dict with `games`, `plies`,
    /// `unfinished` and `outcomes` (outcome JSON text to count).
    #[pyo3(signature = (n, seed=0, max_plies=10_000))]
    fn random_playouts<'py>(
        &self,
        py: Python<'py>,
        n: usize,
        seed: u64,
        max_plies: usize,
    ) -> PyResult<Bound<'py, PyDict>> {
        let p = self.inner.random_playouts(n, seed, max_plies);
        let d = PyDict::new(py);
        d.set_item("games", p.games)?;
        d.set_item("plies", p.plies)?;
        d.set_item("unfinished", p.unfinished)?;
        let outcomes = PyList::empty(py);
        for (k, c) in p.outcomes {
            outcomes.append((k, c))?;
        }
        d.set_item("outcomes", outcomes)?;
        Ok(d)
    }

    // ---- Learning loops (issue 45, `rl` below): players, chance,
    // returns, observations. Kept together; the helpers are in `mod rl`.

    /// The number of players: 2.
    #[getter]
    fn num_players(&self) -> usize {
        2
    }

    /// The players' names (the game's side spellings), index = player id;
    /// player 0 moves first in the standard start under the default
    /// profile.
    #[getter]
    fn player_names(&self) -> Vec<&'static str> {
        self.inner.player_names().to_vec()
    }

    /// What OpenSpiel's game type declares beyond play, from the game's
    /// rules (`rules::Observe`): `chance` (whether chance acts in play),
    /// `perfect` (whether each player sees the whole position) and
    /// `max_return` (the largest return a player can get).
    #[getter]
    fn facts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let (chance, perfect, max_return) = self.inner.facts();
        let d = PyDict::new(py);
        d.set_item("chance", chance)?;
        d.set_item("perfect", perfect)?;
        d.set_item("max_return", max_return)?;
        Ok(d)
    }

    /// The player to decide now: 0 or 1; -1 at a chance node, -4 once the
    /// game is over (OpenSpiel's ids).
    fn current_player(&self) -> i32 {
        self.inner.current_player()
    }

    /// Whether the next action is chance's (backgammon's dice).
    fn is_chance_node(&self) -> bool {
        self.inner.is_chance_node()
    }

    /// At a chance node, `(action index, probability)` for each outcome,
    /// summing to 1; empty elsewhere. `play(index)` applies one.
    fn chance_outcomes(&self) -> Vec<(usize, f64)> {
        self.inner.chance_outcomes()
    }

    /// Each player's score, by player id: 0.0 each until the game ends,
    /// then the winner's points and minus them for the loser (0.0 each
    /// for a draw).
    fn returns(&self) -> Vec<f64> {
        self.inner.returns().to_vec()
    }

    /// The shape of the observation tensors (fixed per game and board).
    #[getter]
    fn observation_shape<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.inner.observation_shape())
    }

    /// What `player` sees now, as a NumPy `float32` array of
    /// `observation_shape` (docs/python.md gives each game's planes).
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        rl::tensor(py, self.inner.as_ref(), player, false)
    }

    /// What `player` knows now (the observation, and for Stratego what it
    /// has seen revealed), shaped as `observation_tensor`'s.
    fn information_state_tensor<'py>(
        &self,
        py: Python<'py>,
        player: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        rl::tensor(py, self.inner.as_ref(), player, true)
    }

    /// What `player` sees now, as text.
    fn observation_string(&self, player: &Bound<'_, PyAny>) -> PyResult<String> {
        let p = rl::player_of(player)?;
        self.inner
            .observation_string(p)
            .map_err(|m| error("bad-player", &m))
    }

    // ---- end of the learning-loop block.
    // --- A Python object (issue 45): pickling, copying, equality, undo ---

    /// Pickling: the game is saved as how it was started (game, profile
    /// with every switch, setup, implementation) and what was played
    /// (history, pending steps); unpickling starts it again and replays.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let py = slf.py();
        let me = slf.borrow();
        let args = (
            me.inner.game(),
            from_json(py, &me.inner.profile_value())?,
            from_json(py, &me.inner.setup())?,
            me.inner.implementation(),
        );
        let state = (me.inner.history(), me.inner.pending());
        Ok((
            slf.get_type().into_any(),
            args.into_pyobject(py)?.into_any(),
            state.into_pyobject(py)?.into_any(),
        ))
    }

    /// Replays `(history, pending)` onto a game just started (unpickling).
    fn __setstate__(&mut self, state: (Vec<String>, Vec<usize>)) -> PyResult<()> {
        let (history, pending) = state;
        if !self.inner.history().is_empty() || !self.inner.pending().is_empty() {
            return Err(error(
                "bad-state",
                "__setstate__ replays onto a game just started, not one in progress",
            ));
        }
        for a in &history {
            self.inner.play(a).map_err(refused)?;
        }
        for &i in &pending {
            self.inner.play_index(i).map_err(refused)?;
        }
        Ok(())
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Game {
        self.copy()
    }

    /// Two games are equal when they are the same game under the same
    /// profile (every switch), from the same setup, with the same history
    /// and the same pending steps: the same state, whatever the
    /// implementation playing it. Two games that reach the same position
    /// by different histories are not equal (a history may matter to the
    /// rules: repetitions, move counters); compare `position()` for that.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<Game>() {
            Ok(o) => {
                let o = o.borrow();
                self.key() == o.key()
            }
            Err(_) => false,
        }
    }

    /// A hash consistent with `==`. A game is mutable: its hash changes as
    /// it is played (hash a `copy()` to keep one as a dict key).
    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.key().hash(&mut h);
        h.finish()
    }

    /// Takes back the last action played and returns it (its text). With
    /// steps pending (an action chosen part way by integer steps), only
    /// forgets them and returns `None`: the action under way is the one
    /// taken back. Raises `ArbiterError` (rule `nothing-to-undo`) at the
    /// setup.
    fn undo(&mut self) -> PyResult<Option<String>> {
        self.inner.undo().map_err(|m| error("nothing-to-undo", &m))
    }
}

impl Game {
    /// `Some(index)` for an int action (checked to be in the action
    /// space: else `OutOfRange`), `None` for a text one; else `ArbiterError`
    /// (`unreadable`).
    fn index_of(&self, action: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
        if action.extract::<String>().is_ok() {
            return Ok(None);
        }
        // bool is an int in Python; an action is not a truth value.
        if action.is_instance_of::<pyo3::types::PyBool>() || action.extract::<i128>().is_err() {
            return Err(error(
                arbiter::session::UNREADABLE,
                &format!("an action is a str or an int, got {}", action.repr()?),
            ));
        }
        self.need_space()?;
        let n = self.inner.action_count();
        match action.extract::<i128>()? {
            i if i >= 0 && (i as u128) < n as u128 => Ok(Some(i as usize)),
            i => Err(out_of_range(&format!(
                "action {i} is outside the action space of {} (0 to {})",
                self.inner.game(),
                n - 1
            ))),
        }
    }

    fn action_text(&self, action: &Bound<'_, PyAny>) -> PyResult<String> {
        if let Ok(s) = action.extract::<String>() {
            return Ok(s);
        }
        if let Some(i) = self.index_of(action)? {
            return self.inner.action_of_index(i).ok_or_else(|| {
                refused(Refusal {
                    action: i.to_string(),
                    rule: "no-legal-action".into(),
                    clause: String::new(),
                    explanation: format!(
                        "step {i} completes no legal action of {} here",
                        self.inner.game()
                    ),
                })
            });
        }
        Err(error(
            arbiter::session::UNREADABLE,
            &format!("an action is a str or an int, got {}", action.repr()?),
        ))
    }

    /// What `==` and `hash` compare (see `__eq__`).
    fn key(&self) -> (&'static str, String, String, Vec<String>, Vec<usize>) {
        (
            self.inner.game(),
            self.inner.profile_value().to_string(),
            self.inner.setup().to_string(),
            self.inner.history(),
            self.inner.pending(),
        )
    }

    fn need_space(&self) -> PyResult<()> {
        if self.inner.action_count() == 0 {
            return Err(error(
                "no-action-space",
                &format!(
                    "{} has no integer action space: use the actions' text",
                    self.inner.game()
                ),
            ));
        }
        Ok(())
    }
}

// --- The fast path (issue 45): masks into the caller's buffer, N games a call ---

/// An `arbiter.OutOfRange` (an `ArbiterError` and an `IndexError`), rule
/// `out-of-range`.
fn out_of_range(message: &str) -> PyErr {
    Python::attach(|py| {
        let made = py
            .import("arbiter")
            .and_then(|m| m.getattr("OutOfRange"))
            .and_then(|cls| cls.call1((message, "out-of-range")));
        match made {
            Ok(e) => PyErr::from_value(e),
            Err(e) => e,
        }
    })
}

/// The writable bytes of `out`, a NumPy array of one-byte items (`bool`,
/// `uint8`, `int8`), C-contiguous, `len` of them (read from its
/// `__array_interface__`); else `ArbiterError` (rule `bad-buffer`). An
/// array is checked the first time it is given (and again after another);
/// it must stay writable while it is used.
fn buffer_of(out: &Bound<'_, PyAny>, len: usize, what: &str) -> PyResult<*mut u8> {
    // The last buffer checked, kept: a loop that gives the same array at
    // every step skips reading `__array_interface__` again (a dict made per
    // call, the larger part of a step's cost in the cheap games). The
    // array is held, so it is neither freed nor resized (NumPy refuses to
    // resize an array with other references) while it is remembered.
    static LAST: std::sync::Mutex<Option<(Py<PyAny>, usize, usize)>> = std::sync::Mutex::new(None);
    // The lock is never held across a call into Python (which may let
    // another thread in, and that thread could wait for the lock holding
    // the GIL).
    let hit = match LAST.lock().unwrap_or_else(|e| e.into_inner()).as_ref() {
        Some((obj, ptr, n)) if obj.as_ptr() == out.as_ptr() && *n == len && len > 0 => Some(*ptr),
        _ => None,
    };
    if let Some(ptr) = hit {
        // Checked when it was remembered; `out` is the same object.
        return Ok(ptr as *mut u8);
    }
    let bad = |why: String| error("bad-buffer", &format!("{what}: {why}"));
    let iface = out
        .getattr("__array_interface__")
        .map_err(|_| bad("expected a NumPy array".into()))?;
    let typestr: String = iface.get_item("typestr")?.extract()?;
    if !matches!(typestr.as_str(), "|b1" | "|u1" | "|i1") {
        return Err(bad(format!(
            "expected an array of bool or uint8, got dtype {typestr}"
        )));
    }
    let strides = iface.call_method1("get", ("strides",))?;
    if !strides.is_none() {
        return Err(bad("expected a C-contiguous array".into()));
    }
    let shape: Vec<usize> = iface.get_item("shape")?.extract()?;
    let size: usize = shape.iter().product();
    if size != len {
        return Err(bad(format!(
            "expected {len} items in all, got shape {shape:?}"
        )));
    }
    let (ptr, readonly): (usize, bool) = iface.get_item("data")?.extract()?;
    if readonly {
        return Err(bad("the array is read-only".into()));
    }
    if len == 0 {
        return Ok(std::ptr::NonNull::dangling().as_ptr());
    }
    let old =
        LAST.lock()
            .unwrap_or_else(|e| e.into_inner())
            .replace((out.clone().unbind(), ptr, len));
    drop(old); // outside the lock
    Ok(ptr as *mut u8)
}

/// The `len` bytes of `out` (see [`buffer_of`]), for the time `out` is
/// borrowed. Mutable from a shared reference: the bytes are the NumPy
/// array's memory, which Python code may write through any reference too.
#[allow(clippy::mut_from_ref)]
fn bytes_of<'a>(out: &'a Bound<'_, PyAny>, len: usize, what: &str) -> PyResult<&'a mut [u8]> {
    let ptr = buffer_of(out, len, what)?;
    // SAFETY: NumPy says `len` one-byte items start at `ptr`, contiguous
    // and writable (`buffer_of`; non-null, dangling only when `len` is 0);
    // `out` keeps the array (and so its memory) alive for the borrow, and
    // the GIL is held while they are written.
    Ok(unsafe { std::slice::from_raw_parts_mut(ptr, len) })
}

/// Writes the legal-action mask of `game` into `out` (see [`buffer_of`]).
fn write_mask(game: &dyn AnyGame, out: &Bound<'_, PyAny>, what: &str) -> PyResult<()> {
    let buf = bytes_of(out, game.action_count(), what)?;
    fill_mask(game, buf);
    Ok(())
}

fn fill_mask(game: &dyn AnyGame, buf: &mut [u8]) {
    buf.fill(0);
    for i in game.legal_indices() {
        buf[i] = 1;
    }
}

/// Plays `actions[k]` (an int of the action space) in `games[k]` for each
/// `k`, in one call, and returns whether each game is over after it. With
/// `masks` (a NumPy `bool`/`uint8` array of shape `(len(games),
/// num_actions)`, C-contiguous, the games all of one action space), writes
/// each game's new legal mask into its row. An index outside the action
/// space raises `OutOfRange` before any game steps; an action the rules
/// refuse raises `IllegalAction` (its explanation names the game's place
/// in the list, `games[k]`), the games before it stepped and the rest not.
#[pyfunction]
#[pyo3(signature = (games, actions, masks=None))]
fn step_many(
    games: &Bound<'_, PyAny>,
    actions: Vec<i64>,
    masks: Option<Bound<'_, PyAny>>,
) -> PyResult<Vec<bool>> {
    let games: Vec<Bound<'_, Game>> = games
        .try_iter()?
        .map(|g| g.and_then(|g| Ok(g.cast_into::<Game>()?)))
        .collect::<PyResult<_>>()?;
    if games.len() != actions.len() {
        return Err(error(
            "bad-batch",
            &format!(
                "step_many: {} games but {} actions",
                games.len(),
                actions.len()
            ),
        ));
    }
    let width = match games.first() {
        Some(g) => g.borrow().inner.action_count(),
        None => 0,
    };
    let mut rows = match &masks {
        Some(m) => {
            if games
                .iter()
                .any(|g| g.borrow().inner.action_count() != width)
            {
                return Err(error(
                    "bad-batch",
                    "step_many: masks need games of one action space",
                ));
            }
            Some(bytes_of(m, games.len() * width, "masks")?)
        }
        None => None,
    };
    // Every index checked before any game steps.
    for (k, (g, &a)) in games.iter().zip(&actions).enumerate() {
        let g = g.borrow();
        g.need_space()?;
        let n = g.inner.action_count();
        if a < 0 || a as u64 >= n as u64 {
            return Err(out_of_range(&format!(
                "games[{k}]: action {a} is outside the action space of {} (0 to {})",
                g.inner.game(),
                n - 1
            )));
        }
    }
    let mut over = Vec::with_capacity(games.len());
    for (k, (g, &a)) in games.iter().zip(&actions).enumerate() {
        let mut g = g.borrow_mut();
        g.inner.play_index(a as usize).map_err(|mut r| {
            r.explanation = format!("games[{k}]: {}", r.explanation);
            refused(r)
        })?;
        over.push(g.inner.is_over());
        if let Some(rows) = rows.as_deref_mut() {
            fill_mask(&*g.inner, &mut rows[k * width..(k + 1) * width]);
        }
    }
    Ok(over)
}

/// The report of a conformance run: the same as `arbiter conform`'s.
#[pyclass(module = "arbiter", frozen)]
struct Report {
    inner: arbiter::harness::report::Report,
}

#[pymethods]
impl Report {
    /// Whether the run passed as `arbiter conform` would: no scenario
    /// failed and the run has no problem (at least `min_run` scenarios
    /// ran, no stale expected failure).
    #[getter]
    fn ok(&self) -> bool {
        self.inner.is_ok()
    }

    /// How many scenarios ran (passed, failed or broke), not skipped.
    #[getter]
    fn ran(&self) -> usize {
        self.inner.summary.ran()
    }

    /// How many scenarios were skipped (declined by the subject, or not
    /// written for the profile).
    #[getter]
    fn skipped(&self) -> usize {
        self.inner.summary.skipped()
    }

    /// The problems of the run itself, each making it fail (`no scenario
    /// was run: …`).
    #[getter]
    fn problems(&self) -> Vec<String> {
        self.inner.problems.clone()
    }

    /// Why the skipped scenarios were skipped: each reason (the subject's
    /// `unsupported` message, "not written for the profile", …) with how
    /// many it skipped, the most frequent first.
    fn skip_reasons(&self) -> Vec<(String, usize)> {
        let mut out = self.inner.decline_reasons();
        for c in &self.inner.cases {
            if c.skip.is_some() && c.skip != Some(arbiter::harness::report::SkipKind::Declined) {
                let why = c.message.clone().unwrap_or_else(|| "skipped".into());
                match out.iter_mut().find(|(m, _)| *m == why) {
                    Some((_, n)) => *n += 1,
                    None => out.push((why, 1)),
                }
            }
        }
        out
    }

    /// The report as `arbiter conform --format text` writes it.
    #[pyo3(signature = (verbose=false))]
    fn text(&self, verbose: bool) -> String {
        arbiter::harness::format::text(&self.inner, verbose)
    }

    /// The report as `--format json` writes it (a JSON text).
    fn json(&self) -> String {
        arbiter::harness::format::json(&self.inner)
    }

    /// The report as `--format junit` writes it.
    fn junit(&self) -> String {
        arbiter::harness::format::junit(&self.inner)
    }

    /// The report as `--format tap` writes it.
    fn tap(&self) -> String {
        arbiter::harness::format::tap(&self.inner)
    }

    /// The last line of the text report: the counts.
    fn closing_line(&self) -> String {
        self.inner.closing_line()
    }

    fn __repr__(&self) -> String {
        format!("<arbiter.Report {}>", self.inner.closing_line())
    }
}

/// Runs arbiter's scenario corpus (compiled into the package, or the files
/// and directories `scenarios`) for `game` against `subject`, in-process,
/// through the same harness as `arbiter conform`, and returns the Report.
/// `subject` has `legal_moves(request)`, `judge(request)` (None for legal,
/// else the rule code) and `state(request)` (a dict of the declared state
/// fields); `request` is the protocol request as a dict (`game`, `profile`,
/// `setup`, `moves`, `case`, and `move` for `judge`).
/// `subject.capabilities` lists what it declares (`judge`, state fields),
/// `subject.name` names it. Or `subject` is a function answering a whole
/// request dict with a whole reply dict, as an adapter process answers a
/// line (its `hello` reply gives the name and capabilities).
/// `run`/`skip` are id globs, `xfail` ids expected to fail. Raising
/// `arbiter.Unsupported` skips a case. As `arbiter conform`, a run in
/// which fewer than `min_run` (at least 1) scenarios ran is not `ok` (the
/// report's problem says why), and a selection that leaves no scenario
/// raises `ArbiterError` (rule `no-scenario-selected`).
#[pyfunction]
#[allow(clippy::too_many_arguments)] // Python's keyword arguments
#[pyo3(signature = (subject, game, profile=None, scenarios=None, run=Vec::new(), skip=Vec::new(), xfail=Vec::new(), min_run=1))]
fn conform(
    subject: &Bound<'_, PyAny>,
    game: &str,
    profile: Option<String>,
    scenarios: Option<Vec<std::path::PathBuf>>,
    run: Vec<String>,
    skip: Vec<String>,
    xfail: Vec<String>,
    min_run: usize,
) -> PyResult<Report> {
    let e = entry(game)?;
    if let Some(p) = &profile {
        (e.check_profile)(p).map_err(|m| error("bad-profile", &m))?;
    }
    let inner = conformance::conform(
        subject,
        conformance::Run {
            game: game.to_string(),
            profile,
            paths: scenarios,
            run,
            skip,
            xfail,
            min_run,
        },
    )?;
    Ok(Report { inner })
}

/// The problem `arbiter conform` would add to a run made of `reports`
/// together (their counts summed): fewer than `min_run` (at least 1)
/// scenarios ran. `None` when enough ran. `arbiter.testing` asks it at the
/// end of a pytest session, whose checks each run one scenario.
#[pyfunction]
#[pyo3(signature = (reports, min_run=1))]
fn floor_problem(reports: Vec<PyRef<'_, Report>>, min_run: usize) -> Option<String> {
    let mut all = arbiter::harness::report::Summary::default();
    for r in &reports {
        let s = &r.inner.summary;
        all.pass += s.pass;
        all.fail += s.fail;
        all.xfail += s.xfail;
        all.xpass += s.xpass;
        all.skip += s.skip;
        all.error += s.error;
        all.timeout += s.timeout;
        all.crash += s.crash;
        all.declined += s.declined;
        all.not_written += s.not_written;
        all.not_selected += s.not_selected;
        all.declined_runs += s.declined_runs;
    }
    all.too_few_ran(min_run)
}

/// The scenarios of `game` (the compiled-in corpus, or those at
/// `scenarios`): `(id, [profile, …])` each, in file order.
#[pyfunction]
#[pyo3(signature = (game, scenarios=None))]
fn scenario_list(
    game: &str,
    scenarios: Option<Vec<std::path::PathBuf>>,
) -> PyResult<Vec<(String, Vec<String>)>> {
    entry(game)?;
    Ok(conformance::with_scenarios(scenarios, |(list, _)| {
        list.iter()
            .filter(|s| s.game() == game)
            .map(|s| (s.id().to_string(), s.profile_names()))
            .collect()
    }))
}

/// The learning-loop helpers of `Game` (issue 45).
mod rl {
    use arbiter::session::AnyGame;
    use pyo3::prelude::*;
    use pyo3::types::PyByteArray;

    use super::error;

    /// A player id from Python: 0 or 1 (a bool is refused).
    pub(super) fn player_of(player: &Bound<'_, PyAny>) -> PyResult<usize> {
        let bad = || {
            Ok::<_, PyErr>(error(
                "bad-player",
                &format!("a player is 0 or 1, got {}", player.repr()?),
            ))
        };
        if player.is_instance_of::<pyo3::types::PyBool>() {
            return Err(bad()?);
        }
        match player.extract::<i64>() {
            Ok(p @ (0 | 1)) => Ok(p as usize),
            _ => Err(bad()?),
        }
    }

    /// A seed from Python: a non-negative int below 2**64, or None.
    pub(super) fn seed_of(seed: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u64>> {
        let Some(s) = seed else { return Ok(None) };
        if s.is_none() {
            return Ok(None);
        }
        if s.is_instance_of::<pyo3::types::PyBool>() {
            return Err(error("bad-seed", "a seed is an int from 0 to 2**64 - 1, got a bool"));
        }
        s.extract::<u64>().map(Some).map_err(|_| {
            let shown = s.repr().map(|r| r.to_string()).unwrap_or_default();
            error(
                "bad-seed",
                &format!("a seed is an int from 0 to 2**64 - 1, got {shown}"),
            )
        })
    }

    /// `player`'s observation (`info`: information state) as a writable
    /// NumPy `float32` array of the game's shape, filled in Rust and
    /// handed over as one buffer (no JSON).
    pub(super) fn tensor<'py>(
        py: Python<'py>,
        game: &dyn AnyGame,
        player: &Bound<'py, PyAny>,
        info: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let p = player_of(player)?;
        let shape = game.observation_shape();
        let mut out = vec![0f32; shape.iter().product()];
        game.observe_into(p, info, &mut out)
            .map_err(|m| error("bad-player", &m))?;
        let buffer = PyByteArray::new_with(py, out.len() * 4, |bytes| {
            for (to, x) in bytes.chunks_exact_mut(4).zip(&out) {
                to.copy_from_slice(&x.to_ne_bytes());
            }
            Ok(())
        })?;
        let numpy = py.import("numpy")?;
        numpy
            .call_method1("frombuffer", (buffer, numpy.getattr("float32")?))?
            .call_method1("reshape", (shape,))
    }
}

#[pymodule]
fn _arbiter(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Game>()?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(profiles_json, m)?)?;
    m.add_function(wrap_pyfunction!(profile_names, m)?)?;
    m.add_function(wrap_pyfunction!(implementations, m)?)?;
    m.add_function(wrap_pyfunction!(capabilities, m)?)?;
    m.add_class::<Report>()?;
    m.add_function(wrap_pyfunction!(conform, m)?)?;
    m.add_function(wrap_pyfunction!(scenario_list, m)?)?;
    m.add_function(wrap_pyfunction!(step_many, m)?)?;
    m.add_function(wrap_pyfunction!(floor_problem, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
