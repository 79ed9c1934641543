"""The Python API on every game: environments through the generic core.

Expected figures come from the games' spec pages and well-known counts, not
from arbiter's own output: 20 opening moves in chess, 7 in 8×8 draughts
(DA-2.1), 12 stones a side in Dame (DA-1.2), 28 a side in Epaminondas
(EP-1.4), 30 opening rolls in backgammon (BG-2.3: two different dice), 40
pieces a side in Stratego (RP-1.2's army)."""

import copy
import json
import pathlib
import re

import numpy
import pytest

import arbiter

GAMES = arbiter.games()


def test_the_registry_lists_every_game():
    # Every game with a corpus, and no other: the registry is what the
    # tests below run over, so one left out would go untested silently.
    scenarios = pathlib.Path(__file__).resolve().parents[2] / "scenarios"
    corpora = sorted(p.name for p in scenarios.iterdir() if p.is_dir())
    assert sorted(GAMES) == corpora


def test_version_follows_the_crate():
    top = pathlib.Path(__file__).resolve().parents[2] / "Cargo.toml"
    version = re.search(r'^version = "([^"]+)"', top.read_text(), re.M).group(1)
    assert arbiter.__version__ == version


@pytest.mark.parametrize("game", GAMES)
def test_profiles_and_implementations(game):
    p = arbiter.profiles(game)
    assert p["game"] == game
    names = arbiter.profile_names(game)
    assert p["default"] == names[0]
    assert arbiter.implementations(game) == ["reference", "engine"]
    for name in names:
        assert arbiter.Game(game, profile=name).profile == name
    with pytest.raises(arbiter.ArbiterError) as e:
        arbiter.Game(game, profile="no-such-profile")
    assert "no-such-profile" in str(e.value)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("impl", ["engine", "reference"])
def test_a_game_plays_150_plies_or_to_its_end(game, impl):
    # Only backgammon ends within 150 plies of this line (a double dropped);
    # the other games check 150 plies of play, judge and state.
    g = arbiter.Game(game, impl=impl)
    assert g.game == game and g.impl == impl
    plies = 0
    while not g.is_over and plies < 150:
        legal = g.legal_moves()
        assert legal, "a game that goes on has a legal action"
        assert g.judge(legal[0]) is None
        g.play(legal[len(legal) // 2])
        plies += 1
    assert g.history and len(g.history) == plies
    state = g.state()
    assert set(state) == set(arbiter.capabilities(game)) - {"judge"}
    assert state["outcome"] == g.outcome


@pytest.mark.parametrize("game", GAMES)
def test_engine_and_reference_agree_on_random_playouts(game):
    # Two independent implementations (tests/games/independence.rs): the same
    # seed must give the same games.
    e = arbiter.Game(game).random_playouts(4, seed=7, max_plies=60)
    r = arbiter.Game(game, impl="reference").random_playouts(4, seed=7, max_plies=60)
    assert e == r
    assert e["games"] == 4 and e["plies"] > 0
    assert sum(c for _, c in e["outcomes"]) == 4


@pytest.mark.parametrize("game", GAMES)
def test_copy_goes_on_alone(game):
    g = arbiter.Game(game)
    g.play(g.legal_moves()[0])
    h = g.copy()
    k = copy.copy(g)
    h.play(h.legal_moves()[0])
    assert len(h.history) == len(g.history) + 1
    assert k.history == g.history
    assert k.state() == g.state()


@pytest.mark.parametrize("game", GAMES)
def test_position_is_a_setup(game):
    g = arbiter.Game(game)
    for _ in range(3):
        g.play(g.legal_moves()[0])
    # History a setup cannot hold (a resignation, repetition counts) is
    # not part of a position: the game must still be going.
    assert not g.is_over
    again = arbiter.Game(game, setup=g.position())
    assert again.legal_moves() == g.legal_moves()
    assert again.to_move == g.to_move


@pytest.mark.parametrize("game", GAMES)
def test_bad_input_raises_never_crashes(game):
    g = arbiter.Game(game)
    with pytest.raises(arbiter.IllegalAction) as e:
        g.play("not an action")
    assert e.value.rule == "unreadable"
    for bad in [None, 1.5, ["x"]]:
        with pytest.raises(arbiter.ArbiterError):
            g.play(bad)
    with pytest.raises(arbiter.ArbiterError):
        arbiter.Game(game, setup={"white": 42, "black": 42, "red": 42, "blue": 42, "fen": 42})
    with pytest.raises(arbiter.ArbiterError):
        arbiter.Game(game, setup=42)
    with pytest.raises(arbiter.ArbiterError):
        arbiter.Game(game, impl="nobody")
    assert g.history == []
    with pytest.raises(arbiter.ArbiterError) as e:
        arbiter.Game("go")
    assert e.value.rule == "unknown-game"


# Figures from the rules.


def test_chess_start_and_a_refusal():
    g = arbiter.Game("chess")
    assert len(g.legal_moves()) == 20
    assert g.to_move == "white"
    v = g.judge("e2e5")
    # spec/chess/rules.md: a pawn's moves are CH-2.4's (spec/chess/protocol.md:
    # play.not-a-move, a pawn that does not move that way).
    assert isinstance(v, arbiter.IllegalAction)
    assert (v.rule, v.clause) == ("play.not-a-move", "CH-2.4")
    with pytest.raises(arbiter.IllegalAction) as e:
        g.play("e2e5")
    assert e.value.rule == "play.not-a-move" and e.value.explanation
    assert g.history == []


def test_chess_fools_mate_ends_the_game():
    g = arbiter.Game("chess", impl="reference")
    for a in ["f2f3", "e7e5", "g2g4", "d8h4"]:
        g.play(a)
    assert g.is_over and g.legal_moves() == []
    assert "checkmate" in json.dumps(g.outcome)
    assert g.state()["check"] is True


def test_chess_fen_setup():
    # A king and a rook against a king, no castling rights: the rook has
    # a2-a8 and b1-d1, the king d1, f1, d2, e2, f2.
    g = arbiter.Game("chess", setup={"fen": "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"})
    moves = g.legal_moves()
    assert len([m for m in moves if m.startswith("a1")]) == 10
    assert len([m for m in moves if m.startswith("e1")]) == 5


def test_dame_start():
    g = arbiter.Game("dame")
    p = g.position()
    assert len(p["white"]) == 12 and len(p["black"]) == 12
    assert len(g.legal_moves()) == 7


def test_epaminondas_start():
    p = arbiter.Game("epaminondas").position()
    assert len(p["white"]) == 28 and len(p["black"]) == 28


def test_backgammon_opening_roll():
    g = arbiter.Game("backgammon")
    legal = g.legal_moves()
    assert len(legal) == 30
    assert "w1-b1" not in legal
    assert g.judge("w1-b1") is not None


def test_stratego_start():
    g = arbiter.Game("stratego")
    p = g.position()
    assert sum(p["army"]["counts"].values()) == 40
    assert len(p["red"]) == 40 and len(p["blue"]) == 40
    assert g.to_move == "red"
    # Nothing stands on the lakes' rows at the start: a move from there
    # names no piece.
    v = g.judge("A5-A6")
    assert v is not None and v.rule and v.clause
