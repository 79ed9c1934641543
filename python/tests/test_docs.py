"""The examples of docs/python.md run as written."""

import pathlib
import re
import sys
import textwrap
import types

import pytest

import arbiter

DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "python.md"


def blocks():
    return re.findall(r"```python\n(.*?)```", DOC.read_text(), re.S)


README = DOC.parents[1] / "README.md"


def test_the_training_loop_runs():
    loop = next(b for b in blocks() if "legal_mask" in b and "episode" in b)
    assert len(loop.strip().splitlines()) <= 10
    exec(compile(loop, "docs/python.md", "exec"), {})


def test_the_readme_loop_runs_on_integers_only(monkeypatch):
    (loop,) = [textwrap.dedent(b) for b in
               re.findall(r"```python\n(.*?)```", README.read_text(), re.S)
               if "legal_mask" in b]
    assert len(loop.strip().splitlines()) <= 10
    # No action text: the loop plays integers, and every game finishes.
    assert "legal_moves" not in loop and "action_of" not in loop
    played = []

    class Spy:
        """An arbiter.Game that refuses to be played by anything but an
        int."""

        def __init__(self, *a, **k):
            self.g = real(*a, **k)
            played.append(self)

        def play(self, action):
            assert isinstance(action, int), action
            return self.g.play(action)

        def __getattr__(self, name):
            return getattr(self.g, name)

    real = arbiter.Game
    monkeypatch.setattr(arbiter, "Game", Spy)
    exec(compile(loop, "README.md", "exec"), {})
    assert [g.game for g in played] == ["dame", "backgammon", "chess"]
    assert all(g.is_over for g in played)


def test_the_pytest_example_runs_as_written(monkeypatch):
    example = next(b for b in blocks() if "arbiter.testing.scenarios" in b)
    assert len([l for l in example.strip().splitlines() if l.strip()]) <= 5
    from test_conform import Through

    class Lax(Through):
        def judge(self, request):
            return None

    # `my_engine` stands for the reader's module: its Adapter here plays
    # through arbiter's engine, so the example's test must pass, and fail
    # once the adapter calls every move legal.
    def example_test(adapter):
        engine = types.ModuleType("my_engine")
        engine.Adapter = adapter
        monkeypatch.setitem(sys.modules, "my_engine", engine)
        namespace = {}
        exec(compile(example, "docs/python.md", "exec"), namespace)
        return namespace["test_rules"]

    test = example_test(lambda: Through("chess"))
    (mark,) = [m for m in test.pytestmark if m.name == "parametrize"]
    cases = [p.values for p in mark.args[1]]
    assert len(cases) == sum(len(p) for _, p in arbiter.scenario_list("chess")) > 0
    for scenario, profile in cases[:3]:
        test(scenario, profile)
    lax = example_test(lambda: Lax("chess"))
    with pytest.raises(AssertionError):
        for scenario, profile in cases:
            lax(scenario, profile)


def test_the_install_commands_name_real_paths():
    # `python/` is a Cargo workspace of its own: a wheel built from the
    # repository root with `-m python/Cargo.toml` lands in
    # `python/target/wheels/`, never `target/wheels/`.
    root = DOC.parents[1]
    manifest = (root / "python" / "Cargo.toml").read_text()
    assert "[workspace]" in manifest
    assert (root / "python" / "pyproject.toml").exists()  # pip install ./python
    for page in [DOC, root / "python" / "README.md", README]:
        text = page.read_text()
        for m in re.finditer(r"(\S*)target/wheels", text):
            assert m.group(1).endswith("python/"), (page.name, m.group(0))
    assert "pip install ./python" in DOC.read_text()
