"""pytest helpers: arbiter's scenario corpus as one test per scenario and
profile, run in-process against your implementation.

    import arbiter.testing
    from mygame import Adapter

    @arbiter.testing.scenarios("chess")
    def test_rules(scenario, profile):
        arbiter.testing.check(Adapter(), "chess", scenario, profile)

A scenario your implementation declines (``arbiter.Unsupported``, an
``unsupported`` reply) is a pytest *skip* with its reason, not a pass. And
as ``arbiter conform`` fails a run in which no scenario ran, this module,
a pytest plugin (registered by the package), fails the pytest session
whose ``check`` calls all ended skipped: the summary says "no scenario was
run", and pytest exits with status 1.
"""

from __future__ import annotations

from typing import Any, Callable, List, Optional, Sequence

import arbiter

# The reports of this session's `check` calls, for the floor at its end.
_reports: List["arbiter.Report"] = []


def cases(game: str, scenarios: Optional[Sequence[str]] = None) -> List[Any]:
    """``pytest.param(id, profile)`` for every scenario of ``game`` and
    every profile it is written for (the compiled-in corpus, or the files
    and directories ``scenarios``)."""
    import pytest

    out = []
    for sid, profiles in arbiter.scenario_list(game, scenarios):
        for p in profiles:
            out.append(pytest.param(sid, p, id=f"{sid}[{p}]"))
    return out


def scenarios(game: str, scenarios: Optional[Sequence[str]] = None) -> Callable[..., Any]:
    """A decorator parametrizing a test over ``(scenario, profile)``."""
    import pytest

    mark: Callable[..., Any] = pytest.mark.parametrize(("scenario", "profile"), cases(game, scenarios))
    return mark


def check(
    subject: Any,
    game: str,
    scenario: str,
    profile: str,
    scenarios: Optional[Sequence[str]] = None,
    xfail: Sequence[str] = (),
) -> "arbiter.Report":
    """Runs one scenario under one profile against ``subject`` (see
    :func:`arbiter.conform`). The test fails with the harness's report
    lines unless the scenario passed or failed as expected; it is skipped
    (``pytest.skip``, with the reason the subject gave) when the subject
    declined it."""
    import pytest

    report = arbiter.conform(
        subject,
        game,
        profile=profile,
        scenarios=list(scenarios) if scenarios is not None else None,
        run=[_exact(scenario)],
        xfail=list(xfail),
    )
    _reports.append(report)
    if report.ran == 0:
        reasons = "; ".join(why for why, _ in report.skip_reasons()) or "skipped"
        pytest.skip(f"{scenario} [{profile}]: {reasons}")
    if not report.ok:
        raise AssertionError(report.text(verbose=True))
    return report


def _exact(id: str) -> str:
    # The run filter takes globs (`*`, `?`): a `?` matches a literal `*`.
    return id.replace("*", "?")


# --- the pytest plugin (entry point `pytest11`, in pyproject.toml) ---


def pytest_sessionfinish(session: Any, exitstatus: int) -> None:
    """Fails a session whose `check` calls ran no scenario, with the
    problem `arbiter conform` reports (the same code decides it)."""
    if not _reports:
        return
    problem = arbiter._arbiter.floor_problem(_reports)
    if problem is not None and session.exitstatus == 0:
        session.exitstatus = 1
        session.config._arbiter_problem = problem


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: Any) -> None:
    problem = getattr(config, "_arbiter_problem", None)
    if problem is not None:
        terminalreporter.write_line(f"arbiter: PROBLEM {problem}", red=True)
