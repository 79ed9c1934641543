"""Every arbiter game as a PettingZoo AEC environment (arbiter.pettingzoo,
docs/python.md "PettingZoo"): PettingZoo's own API and seed tests, episodes
replayed from a seed, truncation, and rewards that are the game's returns."""

import importlib.util

import numpy as np
import pytest

import arbiter
from rl_interface import need_interface

if importlib.util.find_spec("pettingzoo") is None:
    pytest.skip(
        "the 'pettingzoo' extra is not installed (no module 'pettingzoo'): pip install 'arbiter[pettingzoo]'",
        allow_module_level=True,
    )

from pettingzoo.test import api_test, seed_test  # noqa: E402

import arbiter.pettingzoo as apz  # noqa: E402

GAMES = arbiter.games()


@pytest.fixture(autouse=True)
def interface():
    need_interface()


def episode(e, seed, steps, choose_seed=0):
    """Plays up to ``steps`` agent steps from ``reset(seed=seed)``, choosing
    among the masked actions with a generator of its own. Returns what was
    seen: (agent, observation bytes, mask bytes, reward, done) per step."""
    rng = np.random.default_rng(choose_seed)
    e.reset(seed=seed)
    seen = []
    for agent in e.agent_iter(steps):
        obs, reward, term, trunc, info = e.last()
        seen.append((agent, obs["observation"].tobytes(), obs["action_mask"].tobytes(), reward, term, trunc))
        if term or trunc:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(rng.choice(legal)))
    return seen


@pytest.mark.parametrize("game", GAMES)
def test_api_test(game):
    api_test(apz.env(game, max_plies=60), num_cycles=40)


@pytest.mark.parametrize("game", GAMES)
def test_seed_test(game):
    seed_test(lambda: apz.env(game, max_plies=60), num_cycles=30)


@pytest.mark.parametrize("game", GAMES)
def test_reset_with_a_seed_replays_the_episode(game):
    a = episode(apz.env(game), seed=17, steps=80)
    b = episode(apz.env(game), seed=17, steps=80)
    assert a == b
    # Reusing one environment: the same seed, the same episode again.
    e = apz.env(game)
    episode(e, seed=3, steps=10)
    assert episode(e, seed=17, steps=80) == a


@pytest.mark.parametrize("game", ["stratego", "backgammon"])
def test_seeds_draw_the_chance(game):
    """Where chance plays a part (Stratego's placements, backgammon's
    dice), different seeds give different episodes for the same choices."""
    runs = {tuple(episode(apz.env(game), seed=s, steps=30)) for s in range(4)}
    assert len(runs) > 1


@pytest.mark.parametrize("game", GAMES)
def test_agents_and_spaces(game):
    e = apz.env(game)
    g = arbiter.Game(game)
    e.reset(seed=0)
    assert e.possible_agents == list(g.player_names)
    for agent in e.possible_agents:
        assert e.action_space(agent).n == g.num_actions
        assert e.observation_space(agent)["observation"].shape == tuple(g.observation_shape)
        obs = e.observe(agent)
        assert obs["observation"].dtype == np.float32
        assert obs["action_mask"].dtype == np.int8
        if agent == e.agent_selection:
            assert obs["action_mask"].any()
        else:
            assert not obs["action_mask"].any()


def test_truncation_at_max_plies():
    e = apz.env("chess", max_plies=4)
    e.reset(seed=0)
    for _ in range(4):
        obs, reward, term, trunc, _ = e.last()
        assert not term and not trunc
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    obs, reward, term, trunc, _ = e.last()
    assert trunc and not term and reward == 0
    assert all(e.truncations.values())
    assert len(e.unwrapped.g.history) == 4


@pytest.mark.parametrize("game", GAMES)
def test_rewards_are_the_returns(game):
    """A whole random episode: the rewards summed over the episode are the
    game's returns, zero-sum, and nonzero only when someone won."""
    e = apz.env(game, max_plies=20000)
    rng = np.random.default_rng(5)
    e.reset(seed=5)
    total = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter(100000):
        obs, reward, term, trunc, _ = e.last()
        total[agent] += reward
        if term or trunc:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    g = e.unwrapped.g
    assert g.is_over
    assert e.unwrapped._plies == len(g.history)
    r = g.returns()
    assert [total[a] for a in e.possible_agents] == [float(x) for x in r]
    assert sum(r) == 0


def test_illegal_step_is_refused_or_ends_the_episode():
    e = apz.env("chess")
    e.reset(seed=0)
    obs, *_ = e.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(arbiter.IllegalAction):
        e.step(illegal)
    e = apz.env("chess", illegal_reward=-1)
    e.reset(seed=0)
    first = e.agent_selection
    e.step(illegal)
    assert e.terminations[first]
    assert e.rewards[first] == -1


def test_bad_arguments_raise():
    with pytest.raises(arbiter.ArbiterError):
        apz.env("no-such-game")
    with pytest.raises(arbiter.ArbiterError):
        apz.env("chess", profile="no-such-profile")
    with pytest.raises(arbiter.ArbiterError):
        apz.env("chess", max_plies=0)
    with pytest.raises(arbiter.ArbiterError):
        apz.env("chess", render_mode="rgb_array")


def test_render_ansi():
    e = apz.env("dame", render_mode="ansi")
    e.reset(seed=0)
    assert e.render() == str(e.unwrapped.g)


def test_the_docs_example_runs():
    """docs/python.md's PettingZoo example, as written: the episode ends
    (the game over, or truncated at max_plies) and every agent is done."""
    import pathlib
    import re

    doc = pathlib.Path(__file__).resolve().parents[2] / "docs" / "python.md"
    (example,) = [b for b in re.findall(r"```python\n(.*?)```", doc.read_text(), re.S) if "arbiter.pettingzoo.env" in b]
    namespace = {}
    exec(compile(example, "docs/python.md", "exec"), namespace)
    env = namespace["env"]
    assert env.agents == []
    g = env.unwrapped.g
    assert g.is_over or len(g.history) >= 300


def test_the_dice_are_drawn_with_their_probabilities():
    """The environment rolls backgammon's dice from its own generator with
    the game's probabilities: 3,000 opening rolls spread over the 30
    outcomes (100 each expected), and 3,000 rolls in play show a double
    about one time in six (500 expected, where rolls drawn alike would give
    857); the bounds are five standard deviations."""
    e = apz.raw_env("backgammon")
    e.reset(seed=123)
    start = arbiter.Game("backgammon")
    assert start.is_chance_node()
    openings = {}
    for _ in range(3000):
        e.g = start.copy()
        e._resolve_chance()
        roll = e.g.history[-1]
        openings[roll] = openings.get(roll, 0) + 1
    assert len(openings) == len(start.chance_outcomes()) == 30
    assert all(100 - 5 * 10 <= n <= 100 + 5 * 10 for n in openings.values())
    # A position where the dice are to be rolled in play.
    g = start.copy()
    g.play(g.chance_outcomes()[0][0])
    while not g.is_chance_node():
        g.play(g.legal_actions()[0])
    doubles = 0
    for _ in range(3000):
        e.g = g.copy()
        e._resolve_chance()
        a, b = e.g.history[-1].split("-")
        doubles += a == b
    assert 500 - 5 * 21 <= doubles <= 500 + 5 * 21
