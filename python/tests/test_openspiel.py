"""Every arbiter game as an OpenSpiel game (arbiter.openspiel, docs/python.md
"OpenSpiel"): registered and loaded by name, played by OpenSpiel's own MCTS
bot with random rollouts and by its C++ random simulation test, cloned,
serialized, and backgammon's dice as chance nodes."""

import importlib.util
import pickle

import numpy as np
import pytest

import arbiter
from rl_interface import need_interface

if importlib.util.find_spec("pyspiel") is None:
    pytest.skip(
        "the 'openspiel' extra is not installed (no module 'pyspiel'): pip install 'arbiter[openspiel]'",
        allow_module_level=True,
    )

import pyspiel  # noqa: E402
from open_spiel.python.algorithms import mcts  # noqa: E402

import arbiter.openspiel as aos  # noqa: E402

GAMES = arbiter.games()


@pytest.fixture(autouse=True)
def interface():
    need_interface()


def play_chance(state, rng):
    """Resolves chance nodes with their probabilities."""
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        actions = [a for a, _ in outcomes]
        p = np.array([q for _, q in outcomes])
        state.apply_action(int(rng.choice(actions, p=p / p.sum())))


def test_every_game_is_registered():
    names = set(pyspiel.registered_names())
    for game in GAMES:
        assert aos.game_name(game) in names
    assert aos.register() == [aos.game_name(g) for g in GAMES]


@pytest.mark.parametrize("game", GAMES)
def test_game_facts(game):
    og = pyspiel.load_game(aos.game_name(game))
    g = arbiter.Game(game)
    assert og.num_players() == 2
    assert og.num_distinct_actions() == g.num_actions
    assert tuple(og.observation_tensor_shape()) == tuple(g.observation_shape)
    assert og.get_type().short_name == aos.game_name(game)
    f = aos.facts(game)
    info = og.get_type().information
    assert (info == pyspiel.GameType.Information.PERFECT_INFORMATION) == f["perfect"]
    chance = og.get_type().chance_mode
    assert (chance == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC) == f["chance"]
    assert og.max_utility() == f["max_return"] == -og.min_utility()
    s = og.new_initial_state()
    assert s.current_player() == g.current_player()
    if not s.is_chance_node():
        assert s.legal_actions() == sorted(g.legal_actions())
    assert s.returns() == [0.0, 0.0]
    assert str(s) == str(g)


@pytest.mark.parametrize("game", GAMES)
def test_every_profile_loads(game):
    for profile in arbiter.profile_names(game):
        og = aos.load_game(game, profile=profile)
        assert og.get_parameters()["profile"] == profile
        assert not og.new_initial_state().is_terminal()


def test_bad_parameters_raise():
    with pytest.raises(Exception) as e:
        aos.load_game("chess", profile="no-such-profile")
    assert "no-such-profile" in str(e.value)
    with pytest.raises(arbiter.ArbiterError):
        aos.game_class("chess")({"profile": "no-such-profile"})


@pytest.mark.parametrize("game", GAMES)
def test_mcts_bot_plays(game):
    """OpenSpiel's MCTS bot with random rollouts chooses legal actions in
    every game, for a few steps of play against itself."""
    og = aos.load_game(game, seed=3)
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(og, uct_c=2.0, max_simulations=3, evaluator=evaluator, random_state=rng, solve=False)
    state = og.new_initial_state()
    played = 0
    while played < 4 and not state.is_terminal():
        play_chance(state, rng)
        legal = state.legal_actions()
        action = bot.step(state)
        assert action in legal
        before = len(state.history())
        state.apply_action(action)
        assert len(state.history()) == before + 1
        played += 1
    assert played == 4 or state.is_terminal()


@pytest.mark.parametrize("game", GAMES)
def test_random_sim_test(game):
    """OpenSpiel's own consistency checks (legal actions, chance outcomes,
    clones, serialization, observation and information-state tensors,
    returns at the end) over random games."""
    og = aos.load_game(game, seed=5)
    pyspiel.random_sim_test(og, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("game", GAMES)
def test_clone_and_serialize(game):
    og = aos.load_game(game, seed=11)
    rng = np.random.RandomState(1)
    state = og.new_initial_state()
    for _ in range(12):
        play_chance(state, rng)
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    clone = state.clone()
    assert clone.history() == state.history()
    assert str(clone) == str(state)
    np.testing.assert_array_equal(clone.observation_tensor(0), state.observation_tensor(0))
    # A clone goes on independently.
    if not clone.is_terminal():
        play_chance(clone, rng)
        clone.apply_action(clone.legal_actions()[0])
        assert len(clone.history()) > len(state.history())
    text = pyspiel.serialize_game_and_state(og, state)
    og2, state2 = pyspiel.deserialize_game_and_state(text)
    assert og2.get_parameters() == og.get_parameters()
    assert state2.history() == state.history()
    assert str(state2) == str(state)
    assert state2.legal_actions() == state.legal_actions()
    state3 = pickle.loads(pickle.dumps(state))
    assert state3.history() == state.history()
    assert str(state3) == str(state)


def test_backgammon_dice_are_chance_nodes():
    og = aos.load_game("backgammon")
    assert og.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    state = og.new_initial_state()
    assert state.is_chance_node()
    assert state.current_player() == pyspiel.PlayerId.CHANCE
    outcomes = state.chance_outcomes()
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
    assert state.legal_actions() == [a for a, _ in outcomes]
    rng = np.random.RandomState(2)
    rolls = 0
    while rolls < 40 and not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            if len(outcomes) == 21:  # a roll after the opening: doubles 1/36
                probs = sorted(p for _, p in outcomes)
                assert probs[:6] == pytest.approx([1 / 36] * 6)
                assert probs[6:] == pytest.approx([2 / 36] * 15)
            play_chance(state, rng)
            rolls += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert rolls == 40 or state.is_terminal()


def test_multi_step_actions_keep_the_player():
    """A backgammon play is several steps by the same player: OpenSpiel sees
    one action per step and the player does not change in between."""
    og = aos.load_game("backgammon")
    rng = np.random.RandomState(4)
    state = og.new_initial_state()
    multi = 0
    for _ in range(200):
        if state.is_terminal():
            break
        if state.is_chance_node():
            play_chance(state, rng)
            continue
        player = state.current_player()
        g = state.arbiter
        state.apply_action(int(rng.choice(state.legal_actions())))
        if g.pending:
            multi += 1
            assert state.current_player() == player
    assert multi > 0


def test_stratego_views_differ_by_player():
    """Stratego is imperfect information: a player's view of the start is
    not its opponent's (each sees its own ranks only)."""
    og = aos.load_game("stratego", seed=21)
    state = og.new_initial_state()
    a, b = state.observation_tensor(0), state.observation_tensor(1)
    assert len(a) == len(b)
    assert a != b
    assert state.information_state_string(0) != state.information_state_string(1)


def test_stratego_hidden_ranks_stay_hidden():
    """Two blue pieces of different ranks swapped before any move: red's
    observation and information state (what OpenSpiel's observer hands red)
    are the same, blue's are not."""
    og = aos.load_game("stratego", seed=21)
    g = og.new_initial_state().arbiter
    setup = g.position()
    blue = setup["blue"]
    a, b = next((x, y) for x in sorted(blue) for y in sorted(blue) if blue[x] != blue[y])
    blue[a], blue[b] = blue[b], blue[a]
    h = arbiter.Game("stratego", setup=setup)
    red, blue_id = g.player_names.index("red"), g.player_names.index("blue")
    obs = aos.ArbiterObserver(tuple(g.observation_shape), perfect_recall=False)
    info = aos.ArbiterObserver(tuple(g.observation_shape), perfect_recall=True)
    for observer in (obs, info):
        for player, same in ((red, True), (blue_id, False)):
            state_g, state_h = og.new_initial_state(), og.new_initial_state()
            state_h._h = aos._Handle("stratego", "", 21, g=h)
            observer.set_from(state_g, player)
            tg, sg = observer.tensor.copy(), observer.string_from(state_g, player)
            observer.set_from(state_h, player)
            th, sh = observer.tensor.copy(), observer.string_from(state_h, player)
            assert np.array_equal(tg, th) == same
            assert (sg == sh) == same


@pytest.mark.parametrize("game", GAMES)
def test_returns_at_the_end_are_the_games(game):
    """Random play to the end (or 3,000 steps): the returns OpenSpiel reads
    are arbiter's, zero-sum, and 0 until the end."""
    og = aos.load_game(game, seed=2)
    f = aos.facts(game)
    rng = np.random.RandomState(9)
    state = og.new_initial_state()
    chance_nodes = 0
    for _ in range(3000):
        if state.is_terminal():
            break
        assert state.returns() == [0.0, 0.0]
        if state.is_chance_node():
            chance_nodes += 1
            play_chance(state, rng)
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    # What OpenSpiel is told of the game holds in play.
    assert (chance_nodes > 0) == f["chance"]
    r = state.returns()
    assert r == [float(x) for x in state.arbiter.returns()]
    assert r[0] + r[1] == 0.0
    assert all(abs(x) <= f["max_return"] for x in r)
    if state.is_terminal():
        assert state.current_player() == pyspiel.PlayerId.TERMINAL


def test_the_docs_example_runs():
    """docs/python.md's OpenSpiel example, as written."""
    import pathlib
    import re

    doc = pathlib.Path(__file__).resolve().parents[2] / "docs" / "python.md"
    (example,) = [b for b in re.findall(r"```python\n(.*?)```", doc.read_text(), re.S) if "MCTSBot" in b]
    namespace = {}
    exec(compile(example, "docs/python.md", "exec"), namespace)
    assert len(namespace["state"].history()) == 6
