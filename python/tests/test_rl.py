"""What a learning loop asks of every game (issue 45, docs/python.md):
players, chance nodes and their probabilities, returns, observation
tensors, and seeded starts."""

import random

import numpy as np
import pytest

import arbiter

GAMES = arbiter.games()


def step(g: arbiter.Game, rng: random.Random) -> None:
    """One action: by the chance probabilities at a chance node, uniform
    among the legal actions elsewhere (steps until an action is played)."""
    if g.is_chance_node():
        outcomes = g.chance_outcomes()
        index = rng.choices([i for i, _ in outcomes], [p for _, p in outcomes])[0]
        assert g.play(index) is not None
        return
    before = len(g.history)
    while len(g.history) == before:
        g.play(rng.choice(g.legal_actions()))


@pytest.mark.parametrize("game", GAMES)
def test_players(game: str) -> None:
    g = arbiter.Game(game)
    assert g.num_players == 2
    names = g.player_names
    assert len(names) == 2 and names[0] != names[1]
    rng = random.Random(1)
    while g.current_player() == -1:
        step(g, rng)
    p = g.current_player()
    assert p in (0, 1)
    assert names[p] == g.to_move
    if not g.history:
        assert p == 0


@pytest.mark.parametrize("game", GAMES)
def test_returns_at_the_end(game: str) -> None:
    rng = random.Random(5)
    finished = 0
    for _ in range(4):
        g = arbiter.Game(game)
        for _ in range(3000):
            if g.is_over:
                break
            assert g.returns() == [0.0, 0.0]
            step(g, rng)
        if not g.is_over:
            continue
        finished += 1
        assert g.current_player() == -4
        r = g.returns()
        assert len(r) == 2 and r[0] == -r[1]
        outcome = g.outcome
        key = next(iter(outcome)) if isinstance(outcome, dict) else outcome
        if key.endswith("-wins"):
            winner = g.player_names.index(key[: -len("-wins")])
            points = outcome[key].get("points", 1) if isinstance(outcome[key], dict) else 1
            assert r[winner] == points >= 1
        else:
            assert r == [0.0, 0.0]
    assert finished >= 1


def test_backgammon_dice() -> None:
    g = arbiter.Game("backgammon", seed=1)
    rng = random.Random(2)
    step(g, rng)  # the opening roll
    while not g.is_chance_node():
        step(g, rng)
    outcomes = g.chance_outcomes()
    assert len(outcomes) == 21
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-12
    for index, p in outcomes:
        a, b = g.action_of(index).split("-")
        assert p == pytest.approx(1 / 36 if a == b else 2 / 36, abs=1e-15)
    # 36,000 rolls drawn by these probabilities: 1-1 near 1/36, far from 1/21.
    draws = rng.choices([i for i, _ in outcomes], [p for _, p in outcomes], k=36_000)
    one_one = next(i for i, _ in outcomes if g.action_of(i) == "1-1")
    share = draws.count(one_one) / len(draws)
    assert abs(share - 1 / 36) < 0.004 < abs(share - 1 / 21)


@pytest.mark.parametrize("game", GAMES)
def test_tensors(game: str) -> None:
    impls = arbiter.implementations(game)
    games = [arbiter.Game(game, impl=i) for i in impls]
    shape = games[0].observation_shape
    assert isinstance(shape, tuple) and all(d > 0 for d in shape)
    rng = random.Random(3)
    for _ in range(60):
        for p in (0, 1):
            t = games[0].observation_tensor(p)
            assert t.dtype == np.float32 and t.shape == shape
            assert np.isfinite(t).all()
            i = games[0].information_state_tensor(p)
            assert i.shape == shape
            assert isinstance(games[0].observation_string(p), str)
            for other in games[1:]:
                assert np.array_equal(other.observation_tensor(p), t)
        if games[0].is_over:
            break
        step(games[0], rng)
        for other in games[1:]:
            other.play(games[0].history[-1])
    with pytest.raises(arbiter.ArbiterError) as e:
        games[0].observation_tensor(2)
    assert e.value.rule == "bad-player"
    with pytest.raises(arbiter.ArbiterError):
        games[0].observation_string(-1)


def test_stratego_hides_ranks() -> None:
    g = arbiter.Game("stratego", seed=11)
    setup = g.setup
    blue = setup["blue"]
    a = next(iter(blue))
    b = next(q for q in blue if blue[q] != blue[a])
    blue[a], blue[b] = blue[b], blue[a]
    h = arbiter.Game("stratego", setup=setup)
    assert np.array_equal(g.observation_tensor(0), h.observation_tensor(0))
    assert not np.array_equal(g.observation_tensor(1), h.observation_tensor(1))
    assert np.array_equal(g.information_state_tensor(0), h.information_state_tensor(0))
    assert g.observation_string(0) == h.observation_string(0)
    # Red sees blue's 40 pieces on the "unknown" plane only.
    assert g.observation_tensor(0)[24].sum() == 40
    assert g.observation_tensor(0)[12:24].sum() == 0


def test_seeds() -> None:
    def placement(seed: int) -> dict:
        return arbiter.Game("stratego", seed=seed).setup

    assert placement(1) == placement(1)
    assert placement(1) != placement(2)
    for seed in range(10):
        for impl in arbiter.implementations("stratego"):
            g = arbiter.Game("stratego", seed=seed, impl=impl)
            assert g.legal_moves()
    for game in GAMES:
        if game != "stratego":
            assert arbiter.Game(game, seed=4).setup == arbiter.Game(game).setup
    with pytest.raises(arbiter.ArbiterError) as e:
        arbiter.Game("stratego", seed=-1)
    assert e.value.rule == "bad-seed"
    with pytest.raises(arbiter.ArbiterError):
        arbiter.Game("chess", setup=arbiter.Game("chess").setup, seed=3)
