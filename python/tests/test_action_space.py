"""The integer action space of every game: an action is chosen one step at
a time (docs/python.md, "The integer action space"), and a learning loop
never needs an action's text. Figures come from the rules: 30 opening rolls
in backgammon (BG-2.3), 20 first moves in chess, 7 in Dame (DA-2.1)."""

import copy

import numpy
import pytest

import arbiter

GAMES = arbiter.games()


def choose(g, pick):
    """Plays one whole action by indices: `pick` chooses among the offered
    steps until one completes an action. Returns (action, steps)."""
    steps = []
    while True:
        idx = g.legal_actions()
        mask = g.legal_mask()
        assert isinstance(mask, numpy.ndarray) and mask.dtype == bool
        assert mask.shape == (g.num_actions,)
        assert sorted(numpy.flatnonzero(mask).tolist()) == sorted(idx)
        assert len(set(idx)) == len(idx) > 0
        i = pick(idx)
        steps.append(i)
        done = g.play(i)
        if done is not None:
            assert g.pending == []
            return done, steps
        assert g.pending == steps


@pytest.mark.parametrize("game", GAMES)
def test_actions_by_steps(game):
    g = arbiter.Game(game)
    n = g.num_actions
    assert n > 0
    rng = numpy.random.default_rng(7)
    for _ in range(40):
        if g.is_over:
            break
        legal = g.legal_moves()
        # Every legal action has its own steps, and they lead to it.
        paths = {a: tuple(g.action_steps(a)) for a in legal}
        assert len(set(paths.values())) == len(legal)
        assert all(0 <= i < n for p in paths.values() for i in p)
        if g.stop_index is None:
            assert g.legal_actions() == [p[0] for p in paths.values()]
            for a, (i,) in paths.items():
                assert g.action_index(a) == i and g.action_of(i) == a
        target = legal[rng.integers(len(legal))]
        want = list(paths[target])
        before = g.copy()
        played, steps = choose(g, lambda idx: want[len(g.pending)])
        assert (played, steps) == (target, want)
        assert g.history == before.history + [target]
        before.play(target)
        assert g.state() == before.state()


def test_a_step_that_leads_nowhere_is_refused():
    # Dame's steps are parts of actions: a step no legal action takes names
    # no action by itself.
    g = arbiter.Game("dame")
    illegal = next(i for i in range(g.num_actions) if not g.legal_mask()[i])
    with pytest.raises(arbiter.IllegalAction) as e:
        g.play(illegal)
    assert e.value.rule == "no-legal-action"
    assert g.history == [] and g.pending == []
    assert len(g.legal_actions()) == len(g.legal_moves())


@pytest.mark.parametrize("game", ["chess", "stratego", "epaminondas"])
def test_an_illegal_index_carries_the_rule_and_clause_of_its_action(game):
    # In games whose index is a whole action, an index refused is refused
    # as the action it names: the same rule and clause as its text.
    g = arbiter.Game(game)
    mask = g.legal_mask()
    checked = 0
    for i in range(0, g.num_actions, 7):
        if mask[i]:
            continue
        with pytest.raises(arbiter.IllegalAction) as e:
            g.play(i)
        if e.value.rule == "no-legal-action":
            continue  # an index that names no action (off every board)
        with pytest.raises(arbiter.IllegalAction) as t:
            g.play(e.value.action)
        assert (e.value.rule, e.value.clause) == (t.value.rule, t.value.clause)
        assert e.value.clause, e.value.rule
        checked += 1
        if checked >= 40:
            break
    assert checked >= 40
    assert g.history == [] and g.pending == []


def test_chess_e1e2_by_index_says_why():
    g = arbiter.Game("chess")
    with pytest.raises(arbiter.IllegalAction) as by_text:
        g.play("e1e2")
    with pytest.raises(arbiter.IllegalAction) as by_index:
        g.play(4 * 64 + 12)  # e1 × 64 + e2
    assert by_index.value.action == "e1e2"
    assert (by_index.value.rule, by_index.value.clause) == (by_text.value.rule, by_text.value.clause)
    assert by_index.value.clause.startswith("CH-")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("index", [-1, -(10**30), 10**6, 10**30])
def test_out_of_range_is_its_own_error(game, index):
    g = arbiter.Game(game)
    for call in (g.play, g.judge, g.action_of):
        with pytest.raises(arbiter.OutOfRange) as e:
            call(index)
        assert e.value.rule == "out-of-range"
        assert isinstance(e.value, IndexError) and isinstance(e.value, arbiter.ArbiterError)
        assert not isinstance(e.value, arbiter.IllegalAction)
    with pytest.raises(arbiter.OutOfRange):
        g.play(g.num_actions)
    assert g.history == [] and g.pending == []


# docs/python.md's position: a white Dame on a1, black men on b2 d4 b4 d6
# b6. Under `english` two capture loops of the Dame share the first jump
# (a1xc3) and the last landing (c3), though DA-3.5 makes them two actions;
# under `seed-004` a series may stop at any landing (DA-3), so some
# captures begin others.
LOOP = {"to-move": "white", "white": {"a1": "dame"},
        "black": {"b2": "man", "d4": "man", "b4": "man", "d6": "man", "b6": "man"}}


@pytest.mark.parametrize("profile", ["english", "seed-004"])
def test_dame_captures_that_collided_have_paths_of_their_own(profile):
    g = arbiter.Game("dame", profile=profile, setup=LOOP)
    legal = g.legal_moves()
    if profile == "english":
        assert {"a1xc3xa5xc7xe5xc3", "a1xc3xe5xc7xa5xc3"} <= set(legal)
    paths = {a: g.action_steps(a) for a in legal}
    assert len({tuple(p) for p in paths.values()}) == len(legal)
    stops = [a for a, p in paths.items() if p[-1] == g.stop_index]
    # A capture other captures go on from is ended by stop.
    for a in legal:
        goes_on = any(b.startswith(a + "x") for b in legal)
        assert (a in stops) == goes_on, a
    assert bool(stops) == (profile == "seed-004")
    for a in legal:
        h = g.copy()
        want = paths[a]
        played, steps = choose(h, lambda idx: want[len(h.pending)])
        assert (played, steps) == (a, want) and h.history == [a]
    # Text cannot be played over chosen steps; clearing them allows it.
    g.play(paths[legal[0]][0])
    with pytest.raises(arbiter.IllegalAction) as e:
        g.play(legal[0])
    assert e.value.rule == "steps-pending"
    c = copy.copy(g)
    assert c.pending == g.pending
    g.clear_pending()
    g.play(legal[0])
    assert g.history == [legal[0]]


ROLL, TAKE = 58, 60


def test_a_backgammon_game_by_indices_only():
    g = arbiter.Game("backgammon", profile="standard")
    assert (g.action_index("roll"), g.action_index("take")) == (ROLL, TAKE)
    assert g.num_actions == 214 and g.stop_index == 213
    # BG-2.3: the opening is one die each, no ties: 30 rolls.
    assert len(g.legal_actions()) == 30
    rng = numpy.random.default_rng(3)
    longest = 0
    for _ in range(2000):
        if g.is_over:
            break
        # (A check, not a choice: each legal action has its own steps.)
        legal = g.legal_moves()
        assert len({tuple(g.action_steps(a)) for a in legal}) == len(legal)
        # The decisions are single steps too; `roll` (58) and `take` (60),
        # from docs/python.md's table, keep the game going to the bear-off.
        _, steps = choose(g, lambda idx: next((i for i in idx if i in (ROLL, TAKE)),
                                              idx[rng.integers(len(idx))]))
        longest = max(longest, len(steps))
    assert g.is_over, g.history[-5:]
    assert "wins" in str(g.outcome)
    # A double's play is four checker moves (BG-3.3), each a step.
    assert longest == 4
    # The game went as far as bearing off (BG-6), step by step too.
    assert any("/off" in a for a in g.history)
    assert g.pending == []
