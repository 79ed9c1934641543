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


# No false green: an adapter that declines everything fails as `arbiter
# conform` fails it ("PROBLEM no scenario was run", exit status 1).


class DeclinesAll(Through):
    def legal_moves(self, request):
        raise arbiter.Unsupported("this adapter plays nothing")

    judge = state = legal_moves


def test_a_declining_subject_is_not_ok():
    r = arbiter.conform(DeclinesAll("chess"), "chess")
    assert not r.ok
    assert r.ran == 0 and r.skipped == len(arbiter.scenario_list("chess")) > 0
    assert len(r.problems) == 1
    assert r.problems[0].startswith("no scenario was run: all ")
    assert "a run that tests nothing does not pass" in r.problems[0]
    assert "PROBLEM no scenario was run" in r.text()
    assert json.loads(r.json())["problems"] == r.problems
    assert r.skip_reasons()[0][0].endswith("this adapter plays nothing")


def test_min_run_is_a_floor_as_on_the_command_line():
    sub = Through("chess")
    some = arbiter.conform(sub, "chess", run=["material/*"])
    assert some.ok and some.ran > 0
    r = arbiter.conform(sub, "chess", run=["material/*"], min_run=some.ran + 1)
    assert not r.ok
    assert r.problems == [f"only {some.ran} of the {some.ran} selected scenarios ran; "
                          f"--min-run asks for at least {some.ran + 1}"]
    # A selection that leaves nothing is bad input, not an empty pass.
    with pytest.raises(arbiter.ArbiterError) as e:
        arbiter.conform(sub, "chess", run=["no-such-scenario-*"])
    assert e.value.rule == "no-scenario-selected"


def test_a_bad_profile_is_one_code_everywhere():
    for call in (lambda: arbiter.Game("chess", profile="no-such-profile"),
                 lambda: arbiter.conform(Through("chess"), "chess", profile="no-such-profile")):
        with pytest.raises(arbiter.ArbiterError) as e:
            call()
        assert e.value.rule == "bad-profile"
    with pytest.raises(arbiter.ArbiterError) as e:
        arbiter.Game("chess", impl="nobody")
    assert e.value.rule == "bad-impl"
    with pytest.raises(arbiter.ArbiterError) as e:
        arbiter.Game("chess", setup={"fen": "not a fen"})
    assert e.value.rule == "bad-setup"


def test_the_helper_skips_a_declined_scenario_with_its_reason():
    sid, profiles = arbiter.scenario_list("chess")[0]
    with pytest.raises(pytest.skip.Exception) as e:
        arbiter.testing.check(DeclinesAll("chess"), "chess", sid, profiles[0])
    assert "this adapter plays nothing" in str(e.value)


DECLINING_SUITE = '''
import arbiter, arbiter.testing

class Declines:
    name = "declines"
    capabilities = []
    def legal_moves(self, request):
        raise arbiter.Unsupported("not built for this")
    judge = state = legal_moves

@arbiter.testing.scenarios("dame")
def test_rules(scenario, profile):
    arbiter.testing.check(Declines(), "dame", scenario, profile)
'''


def test_under_pytest_a_declining_adapter_skips_and_the_session_fails(pytester):
    pytester.makepyfile(test_declines=DECLINING_SUITE)
    result = pytester.runpytest_subprocess("-rs")
    cases = sum(len(p) for _, p in arbiter.scenario_list("dame"))
    result.assert_outcomes(skipped=cases)
    result.stdout.fnmatch_lines(["arbiter: PROBLEM no scenario was run: all * selected were skipped*"])
    result.stdout.fnmatch_lines(["SKIPPED*: legal_moves raised Unsupported: not built for this"])
    assert result.ret == 1


def test_under_pytest_a_passing_adapter_passes(pytester):
    pytester.makepyfile(test_passes=DECLINING_SUITE.replace(
        "raise arbiter.Unsupported(\"not built for this\")",
        "g = arbiter.Game('dame', profile=request['profile'], setup=request['setup'])\n"
        "        [g.play(m) for m in request['moves']]\n"
        "        return g.legal_moves()").replace(
        "judge = state = legal_moves", "").replace("capabilities = []", "capabilities = []"))
    result = pytester.runpytest_subprocess("-k", "capture")
    outcomes = result.parseoutcomes()
    assert outcomes.get("passed", 0) > 0 and "failed" not in outcomes
    assert result.ret == 0
