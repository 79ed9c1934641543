"""pytest helpers: arbiter's scenario corpus as one test per scenario and
profile, run in-process against your implementation.

    import arbiter.testing
    from mygame import Adapter

    @arbiter.testing.scenarios("chess")
    def test_rules(scenario, profile):
        arbiter.testing.check(Adapter(), "chess", scenario, profile)
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

import arbiter


def cases(game: str, scenarios: Optional[Sequence[str]] = None) -> list:
    """``pytest.param(id, profile)`` for every scenario of ``game`` and
    every profile it is written for (the compiled-in corpus, or the files
    and directories ``scenarios``)."""
    import pytest

    out = []
    for sid, profiles in arbiter.scenario_list(game, scenarios):
        for p in profiles:
            out.append(pytest.param(sid, p, id=f"{sid}[{p}]"))
    return out


def scenarios(game: str, scenarios: Optional[Sequence[str]] = None):
    """A decorator parametrizing a test over ``(scenario, profile)``."""
    import pytest

    return pytest.mark.parametrize(("scenario", "profile"), cases(game, scenarios))


def check(
    subject: Any,
    game: str,
    scenario: str,
    profile: str,
    scenarios: Optional[Sequence[str]] = None,
    xfail: Sequence[str] = (),
) -> "arbiter.Report":
    """Runs one scenario under one profile against ``subject`` (see
    :func:`arbiter.conform`); fails the test with the harness's report
    lines unless it passed, failed as expected or was skipped."""
    report = arbiter.conform(
        subject,
        game,
        profile=profile,
        scenarios=list(scenarios) if scenarios is not None else None,
        run=[_exact(scenario)],
        xfail=list(xfail),
    )
    if not report.ok:
        raise AssertionError(report.text(verbose=True))
    return report


def _exact(id: str) -> str:
    # The run filter takes globs (`*`, `?`): a `?` matches a literal `*`.
    return id.replace("*", "?")
