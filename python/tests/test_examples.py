"""The worked Python examples (examples/*/), run in-process through
`arbiter.conform` on each adapter's `reply` function: each departs from the
corpus in exactly the scenarios its expected-failures.txt lists, as the
same adapter does as a process under `arbiter conform` (.ci/run)."""

import importlib.util
import json
import pathlib
import re
import sys

import pytest

import arbiter

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples"

# (directory, the adapter's file, the game it plays)
CASES = [
    ("python-naive", "adapter.py", "stratego"),
    ("python-dame-naive", "engine.py", "dame"),
    ("chess-naive", "adapter.py", "chess"),
    ("python-epaminondas", "adapter.py", "epaminondas"),
    ("python-backgammon", "adapter.py", "backgammon"),
]


def expected_failures(directory):
    ids = []
    for line in (EXAMPLES / directory / "expected-failures.txt").read_text().splitlines():
        entry = line.split("#", 1)[0].strip()
        if entry:
            ids.append(entry)
    return ids


def load(directory, file, monkeypatch):
    # The adapters import their engine beside them (`import naive_chess`;
    # two examples name theirs `naive_engine`): forget those of the others.
    for name, m in list(sys.modules.items()):
        if str(EXAMPLES) in str(getattr(m, "__file__", None) or ""):
            monkeypatch.delitem(sys.modules, name)
    monkeypatch.syspath_prepend(str(EXAMPLES / directory))
    spec = importlib.util.spec_from_file_location(
        "example_" + directory.replace("-", "_"), EXAMPLES / directory / file)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(("directory", "file", "game"), CASES, ids=[c[0] for c in CASES])
def test_example_fails_exactly_as_listed(directory, file, game, monkeypatch):
    expected = expected_failures(directory)
    assert expected, directory
    adapter = load(directory, file, monkeypatch)
    report = arbiter.conform(adapter.reply, game, xfail=expected)
    data = json.loads(report.json())
    statuses = {}
    for case in data["cases"]:
        statuses.setdefault(case["status"], set()).add(case["id"])
    # Every listed scenario fails, and nothing else does (an unexpected
    # pass would be `xpass`, an unexpected failure `fail`).
    assert statuses.get("xfail", set()) == set(expected), report.text(verbose=True)
    assert report.ok, report.text(verbose=True)
    assert data["summary"]["pass"] > 0


def test_the_same_examples_fail_without_their_list(monkeypatch):
    adapter = load("python-dame-naive", "engine.py", monkeypatch)
    report = arbiter.conform(adapter.reply, "dame")
    assert not report.ok
    failed = {c["id"] for c in json.loads(report.json())["cases"] if c["status"] == "fail"}
    assert failed == set(expected_failures("python-dame-naive"))


def test_the_docs_example_runs_as_written(monkeypatch):
    doc = (EXAMPLES.parent / "docs" / "python.md").read_text()
    (block,) = [b for b in re.findall(r"```python\n(.*?)```", doc, re.S) if "adapter.reply" in b]
    here = EXAMPLES / "chess-naive"
    load("chess-naive", "adapter.py", monkeypatch)  # forgets the others' engines
    monkeypatch.chdir(here)
    monkeypatch.delitem(sys.modules, "adapter", raising=False)
    exec(compile(block, "docs/python.md", "exec"), {})
