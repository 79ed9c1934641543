"""Every public name of the arbiter package used once, type-checked by
`mypy --strict` in CI (`.ci/run`) against the stubs (`__init__.pyi`), and
run by `test_stubs.py` so that it also works. Not a test file itself."""

from __future__ import annotations

import copy
import pickle
from typing import Any, Optional

import numpy as np

import arbiter
import arbiter.testing
from arbiter import (
    Action,
    ArbiterError,
    Game,
    IllegalAction,
    OutOfRange,
    Report,
    Unsupported,
    __version__,
    capabilities,
    conform,
    games,
    implementations,
    profile_names,
    profiles,
    scenario_list,
    step_many,
)


class Subject:
    """A protocol subject that declines everything."""

    name: str = "typed"
    capabilities: list[str] = []

    def legal_moves(self, request: dict[str, Any]) -> list[str]:
        raise Unsupported("nothing")

    def judge(self, request: dict[str, Any]) -> Optional[str]:
        raise Unsupported("nothing")

    def state(self, request: dict[str, Any]) -> dict[str, Any]:
        raise Unsupported("nothing")


def use() -> list[str]:
    seen: list[str] = [__version__]
    names: list[str] = games()
    for name in names:
        seen += implementations(name) + profile_names(name) + capabilities(name)
        seen.append(str(len(profiles(name))))
    g: Game = Game("chess", profile=profile_names("chess")[0], setup="start", impl=None)
    h: Game = Game("chess", profile={"name": profile_names("chess")[0]})
    assert g == h and hash(g) == hash(h)
    first: Action = g.legal_actions()[0]
    played: Optional[str] = g.play(first)
    seen.append(played or "")
    assert g.undo() == played
    text: Action = g.legal_moves()[0]
    g.play(text)
    buf = np.zeros(g.num_actions, dtype=np.bool_)
    g.legal_mask(out=buf)
    assert int(buf.sum()) == len(g.legal_actions())
    masks = np.zeros((1, g.num_actions), dtype=np.bool_)
    over: list[bool] = step_many([g], [g.legal_actions()[0]], masks)
    seen.append(str(over[0]))
    try:
        g.play(10**6)
    except OutOfRange as e:
        seen.append(e.rule)
    try:
        g.play("e1e8")
    except IllegalAction as e:
        seen += [e.rule, e.clause, e.explanation, e.action]
    try:
        Game("go")
    except ArbiterError as e:
        seen += [e.rule, e.message]
    why: Optional[IllegalAction] = g.judge("a1a1")
    seen.append(why.rule if why else "")
    c: Game = pickle.loads(pickle.dumps(g))
    d: Game = copy.deepcopy(c)
    assert c == d == g
    seen += [g.game, g.impl, g.profile, g.to_move, str(g.is_over), str(g.outcome)]
    seen += g.history + [str(g.setup), str(g.state()), str(g.position()), str(g)]
    seen += [str(g.num_actions), str(g.stop_index), str(g.pending)]
    g.clear_pending()
    seen += [str(g.action_steps(g.legal_moves()[0])), str(g.action_index(g.legal_moves()[0]))]
    seen += [str(g.action_of(g.legal_actions()[0])), str(len(g.legal_mask_bytes()))]
    seen.append(str(g.random_playouts(1, seed=1, max_plies=10)["plies"]))
    seen.append(str(g.copy() == copy.copy(g)))
    ids: list[tuple[str, list[str]]] = scenario_list("dame")
    report: Report = conform(Subject(), "dame", run=[ids[0][0]])
    assert not report.ok and report.ran == 0 and report.skipped == 1
    seen += report.problems + [report.closing_line(), report.text(verbose=True)]
    seen += [report.json(), report.junit(), report.tap()]
    seen += [why for why, _ in report.skip_reasons()]
    seen.append(str(len(arbiter.testing.cases("dame"))))
    return seen


if __name__ == "__main__":
    print(len(use()))
