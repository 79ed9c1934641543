"""The examples of docs/python.md run as written."""

import pathlib
import re

DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "python.md"


def blocks():
    return re.findall(r"```python\n(.*?)```", DOC.read_text(), re.S)


def test_the_training_loop_runs():
    loop = next(b for b in blocks() if "legal_mask" in b and "episode" in b)
    assert len(loop.strip().splitlines()) <= 10
    exec(compile(loop, "docs/python.md", "exec"), {})


def test_the_pytest_example_is_five_lines_of_the_real_api(tmp_path):
    example = next(b for b in blocks() if "arbiter.testing.scenarios" in b)
    assert len([l for l in example.strip().splitlines() if l.strip()]) <= 5
    import arbiter.testing

    assert callable(arbiter.testing.scenarios) and callable(arbiter.testing.check)
