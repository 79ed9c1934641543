"""arbiter.conform and the pytest helper: the corpus in-process against a
Python object. The subject here plays through arbiter.Game (engine or
reference), so the corpus must pass; a subject broken on purpose must fail,
with the departure named."""

import json
import xml.etree.ElementTree as ET

import pytest

import arbiter
import arbiter.testing


class Through:
    """A protocol subject that answers with an arbiter.Game: what a Python
    adapter of a third-party implementation looks like."""

    def __init__(self, game, impl="engine", drop_last=False, capabilities=None):
        self.name = f"python-{impl}"
        self.impl = impl
        self.drop_last = drop_last
        caps = arbiter.capabilities(game)
        self.capabilities = caps if capabilities is None else capabilities

    def _game(self, request):
        g = arbiter.Game(request["game"], profile=request["profile"],
                         setup=request["setup"], impl=self.impl)
        for a in request["moves"]:
            g.play(a)
        return g

    def legal_moves(self, request):
        moves = self._game(request).legal_moves()
        return moves[:-1] if self.drop_last and len(moves) > 1 else moves

    def judge(self, request):
        v = self._game(request).judge(request["move"])
        return None if v is None else v.rule

    def state(self, request):
        return self._game(request).state()


@pytest.mark.parametrize("game", ["dame", "backgammon"])
def test_the_engine_through_python_conforms(game):
    report = arbiter.conform(Through(game), game)
    assert report.ok, report.text(verbose=True)
    data = json.loads(report.json())
    # Every scenario of the game ran and passed: none skipped, none missing.
    assert data["summary"]["pass"] == len(arbiter.scenario_list(game)) > 0
    assert data["implementation"]["name"] == "python-engine"


def test_a_broken_subject_fails_with_its_departure():
    report = arbiter.conform(Through("dame", drop_last=True), "dame", profile="seed-004")
    assert not report.ok
    text = report.text(verbose=True)
    assert "FAIL" in text
    data = json.loads(report.json())
    statuses = {c["status"] for c in data["cases"]}
    assert "fail" in statuses
    root = ET.fromstring(report.junit())
    assert int(root.get("failures", root[0].get("failures"))) > 0


def test_unsupported_and_raising_subjects_are_reported_not_crashed():
    class Declines(Through):
        def legal_moves(self, request):
            raise arbiter.Unsupported("not this board")

    class Raises(Through):
        def legal_moves(self, request):
            raise RuntimeError("boom")

    r = arbiter.conform(Declines("chess"), "chess", run=["material/*"])
    data = json.loads(r.json())
    assert data["cases"] and all(c["status"] == "skip" for c in data["cases"])
    r = arbiter.conform(Raises("chess"), "chess", run=["material/*"])
    assert not r.ok and "boom" in r.text(verbose=True)


def test_bad_arguments_raise():
    with pytest.raises(arbiter.ArbiterError):
        arbiter.conform(Through("chess"), "go")
    with pytest.raises(arbiter.ArbiterError):
        arbiter.conform(Through("chess"), "chess", profile="no-such-profile")


# The pytest helper: one test per scenario and profile of a game's corpus
# (Dame's: 113 cases; the other games' run whole above or in the CLI tests).
@arbiter.testing.scenarios("dame")
def test_dame_through_python(scenario, profile):
    arbiter.testing.check(Through("dame"), "dame", scenario, profile)


def test_the_helper_fails_a_broken_subject():
    with pytest.raises(AssertionError) as e:
        for sid, profiles in arbiter.scenario_list("dame"):
            arbiter.testing.check(Through("dame", drop_last=True), "dame", sid, profiles[0])
    assert "FAIL" in str(e.value)
