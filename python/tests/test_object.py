"""arbiter.Game as a Python object: pickling, deep copies, equality and
hashing, undo, and use from another thread."""

import copy
import pickle
import random
import threading

import pytest

import arbiter

GAMES = arbiter.games()


def played(game, plies, seed=1, **kw):
    """A game `plies` random actions in (fewer if it ends)."""
    g = arbiter.Game(game, **kw)
    rng = random.Random(seed)
    for _ in range(plies):
        if g.is_over:
            break
        moves = g.legal_moves()
        g.play(moves[rng.randrange(len(moves))])
    return g


@pytest.mark.parametrize("game", GAMES)
def test_pickle_and_deepcopy_give_the_same_game(game):
    g = played(game, 12)
    for other in (pickle.loads(pickle.dumps(g)), copy.deepcopy(g), copy.copy(g)):
        assert other is not g
        assert other == g and hash(other) == hash(g)
        assert other.history == g.history
        assert other.state() == g.state()
        assert other.legal_moves() == g.legal_moves()
        assert (other.game, other.profile, other.impl) == (g.game, g.profile, g.impl)
        # It goes on alone.
        if not other.is_over:
            other.play(other.legal_moves()[0])
            assert other != g and len(other.history) == len(g.history) + 1


def test_pickle_keeps_a_profile_of_switches_and_pending_steps():
    # A profile spelled as a dict, and an action chosen part way by steps.
    g = arbiter.Game("dame", profile={"name": "seed-004"},
                     setup={"to-move": "white", "white": {"a1": "dame"},
                            "black": {"b2": "man", "d4": "man", "b4": "man",
                                      "d6": "man", "b6": "man"}})
    first = g.legal_actions()[0]
    g.play(first)
    assert g.pending == [first]
    h = pickle.loads(pickle.dumps(g))
    assert h.pending == [first] and h == g
    assert h.profile == "seed-004" and h.setup == g.setup
    assert h.legal_actions() == g.legal_actions()


def test_equality_means_same_game_profile_setup_and_history():
    a, b = arbiter.Game("chess"), arbiter.Game("chess", impl="reference")
    assert a == b and hash(a) == hash(b)  # the implementation does not count
    assert a != arbiter.Game("dame") and a != "chess" and a is not None
    # The same position by two move orders: equal positions, not equal games.
    for m in ["g1f3", "g8f6", "b1c3"]:
        a.play(m)
    for m in ["b1c3", "g8f6", "g1f3"]:
        b.play(m)
    assert a.position() == b.position()
    assert a != b
    assert len({a, b, a.copy()}) == 2


def test_a_profile_changes_equality():
    names = arbiter.profile_names("chess")
    assert len(names) > 1
    assert arbiter.Game("chess", profile=names[0]) != arbiter.Game("chess", profile=names[1])


@pytest.mark.parametrize("game", GAMES)
def test_undo_takes_back_one_action(game):
    g = played(game, 6)
    states = []
    h = arbiter.Game(game)
    for a in g.history:
        states.append((h.history, h.state()))
        h.play(a)
    for before_history, before_state in reversed(states):
        last = g.history[-1]
        assert g.undo() == last
        assert g.history == before_history and g.state() == before_state
    assert g == arbiter.Game(game)
    with pytest.raises(arbiter.ArbiterError) as e:
        g.undo()
    assert e.value.rule == "nothing-to-undo"


def test_undo_with_pending_steps_forgets_them():
    g = arbiter.Game("backgammon")
    g.play(g.legal_moves()[0])  # the opening roll
    before = g.history
    steps = g.action_steps(g.legal_moves()[0])
    assert len(steps) > 1
    g.play(steps[0])
    assert g.pending == [steps[0]]
    assert g.undo() is None
    assert g.pending == [] and g.history == before
    assert g.undo() == before[-1] and g.history == []


@pytest.mark.parametrize("game", GAMES)
def test_a_game_plays_in_another_thread(game):
    g = arbiter.Game(game)
    seen = {}

    def work():
        try:
            # Made here, used there; made there, used here.
            seen["moves"] = g.legal_moves()
            g.play(seen["moves"][0])
            seen["made"] = arbiter.Game(game)
        except BaseException as e:  # noqa: BLE001  (reported below)
            seen["error"] = e

    t = threading.Thread(target=work)
    t.start()
    t.join()
    assert "error" not in seen, seen.get("error")
    assert g.history == [seen["moves"][0]]
    assert seen["made"].legal_moves() == arbiter.Game(game).legal_moves()


def test_many_threads_share_games_without_a_panic():
    games = [arbiter.Game("chess") for _ in range(4)]
    errors = []

    def work(k):
        rng = random.Random(k)
        try:
            for _ in range(200):
                g = games[rng.randrange(len(games))]
                try:
                    if g.is_over:
                        continue
                    moves = g.legal_moves()
                    g.play(moves[rng.randrange(len(moves))])
                    g.copy()
                except arbiter.IllegalAction:
                    pass  # another thread moved between the two calls
                except RuntimeError as e:
                    # Two threads playing one game at the same instant: a
                    # Python error (already borrowed), never a panic.
                    assert "borrow" in str(e), e
        except BaseException as e:  # noqa: BLE001
            errors.append(e)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    assert sum(len(g.history) for g in games) > 0
