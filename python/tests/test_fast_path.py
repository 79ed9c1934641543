"""The fast path: the legal mask written into the caller's NumPy buffer,
and N games stepped in one call."""

import random

import numpy as np
import pytest

import arbiter

GAMES = arbiter.games()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("dtype", [np.bool_, np.uint8])
def test_the_mask_is_written_into_the_buffer(game, dtype):
    g = arbiter.Game(game)
    buf = np.full(g.num_actions, 7, dtype=dtype)
    rng = random.Random(3)
    for _ in range(30):
        if g.is_over:
            break
        got = g.legal_mask(out=buf)
        assert got is buf  # the same array, not a copy
        assert np.array_equal(buf.astype(bool), g.legal_mask())
        assert sorted(np.flatnonzero(buf).tolist()) == sorted(g.legal_actions())
        acts = g.legal_actions()
        g.play(acts[rng.randrange(len(acts))])


def test_a_bad_buffer_is_refused_not_written():
    g = arbiter.Game("chess")
    n = g.num_actions
    ro = np.zeros(n, dtype=np.bool_)
    ro.flags.writeable = False
    for bad in [np.zeros(n - 1, np.bool_), np.zeros(n, np.float32), np.zeros(2 * n, np.bool_)[::2],
                ro, [0] * n, bytearray(n)]:
        with pytest.raises(arbiter.ArbiterError) as e:
            g.legal_mask(out=bad)
        assert e.value.rule == "bad-buffer"
    assert not ro.any()
    # A row of a 2-D buffer is a buffer.
    rows = np.zeros((3, n), np.bool_)
    g.legal_mask(out=rows[1])
    assert rows[1].sum() == 20 and not rows[0].any() and not rows[2].any()


@pytest.mark.parametrize("game", GAMES)
def test_step_many_steps_each_game_as_play_would(game):
    rng = random.Random(5)
    batch = [arbiter.Game(game) for _ in range(6)]
    alone = [g.copy() for g in batch]
    masks = np.zeros((len(batch), batch[0].num_actions), np.bool_)
    for _ in range(25):
        live = [k for k, g in enumerate(batch) if not g.is_over]
        if not live:
            break
        games = [batch[k] for k in live]
        actions = [rng.choice(g.legal_actions()) for g in games]
        over = arbiter.step_many(games, actions, masks[: len(live)])
        for j, k in enumerate(live):
            alone[k].play(actions[j])
            assert batch[k] == alone[k]
            assert over[j] == alone[k].is_over
            assert np.array_equal(masks[j], alone[k].legal_mask())
    assert arbiter.step_many([], []) == []


def test_step_many_refuses_and_says_which_game():
    games = [arbiter.Game("chess") for _ in range(3)]
    e4 = games[0].action_index("e2e4")
    with pytest.raises(arbiter.IllegalAction) as e:
        arbiter.step_many(games, [e4, e4, 4 * 64 + 12])
    assert "games[2]" in e.value.explanation and e.value.rule == "play.own-piece"
    # The games before the refused one stepped; it did not.
    assert [g.history for g in games] == [["e2e4"], ["e2e4"], []]
    with pytest.raises(arbiter.OutOfRange) as e:
        arbiter.step_many(games, [e4, -1, e4])
    assert "games[1]" in str(e.value)
    assert [g.history for g in games] == [["e2e4"], ["e2e4"], []]  # none stepped
    with pytest.raises(arbiter.ArbiterError) as e:
        arbiter.step_many(games, [e4])
    assert e.value.rule == "bad-batch"
    with pytest.raises(arbiter.ArbiterError) as e:
        arbiter.step_many([arbiter.Game("chess"), arbiter.Game("dame")], [e4, 0],
                          np.zeros((2, 10), np.bool_))
    assert e.value.rule == "bad-batch"
