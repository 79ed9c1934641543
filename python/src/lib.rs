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
    Ok(arbiter::protocol::message::capabilities_named(entry(game)?.name))
}

/// One game in progress (the Python class `arbiter.Game` is this class).
#[pyclass(module = "arbiter", unsendable)]
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
        .map_err(|m| error("bad-game", &m))?;
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
        if action.extract::<String>().is_err()
            && let Ok(i) = action.extract::<usize>()
        {
            self.need_space()?;
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
    fn action_of(&self, index: usize) -> PyResult<Option<String>> {
        self.need_space()?;
        Ok(self.inner.action_of_index(index))
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
    /// (OpenSpiel style).
    fn legal_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
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
}

impl Game {
    fn action_text(&self, action: &Bound<'_, PyAny>) -> PyResult<String> {
        if let Ok(s) = action.extract::<String>() {
            return Ok(s);
        }
        if let Ok(i) = action.extract::<usize>() {
            self.need_space()?;
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

/// The report of a conformance run: the same as `arbiter conform`'s.
#[pyclass(module = "arbiter", frozen)]
struct Report {
    inner: arbiter::harness::report::Report,
}

#[pymethods]
impl Report {
    /// Whether every scenario passed, failed as expected, or was skipped.
    #[getter]
    fn ok(&self) -> bool {
        self.inner.is_ok()
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
/// `arbiter.Unsupported` skips a case.
#[pyfunction]
#[pyo3(signature = (subject, game, profile=None, scenarios=None, run=Vec::new(), skip=Vec::new(), xfail=Vec::new()))]
fn conform(
    subject: &Bound<'_, PyAny>,
    game: &str,
    profile: Option<String>,
    scenarios: Option<Vec<std::path::PathBuf>>,
    run: Vec<String>,
    skip: Vec<String>,
    xfail: Vec<String>,
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
        },
    )?;
    Ok(Report { inner })
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
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
