"""The stubs (`arbiter/__init__.pyi`) name exactly the module's public
names, and the script that uses every one of them runs (CI also type-checks
it with `mypy --strict`)."""

import ast
import importlib.util
import pathlib

import arbiter

HERE = pathlib.Path(__file__).parent
STUB = pathlib.Path(arbiter.__file__).with_name("__init__.pyi")


def stub_names():
    tree = ast.parse(STUB.read_text())
    out = set()
    for node in tree.body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            out.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            out.add(node.target.id)
        elif isinstance(node, ast.Assign):
            out.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return {n for n in out if not n.startswith("_") or n == "__version__"}


def test_the_stub_names_every_public_name():
    assert stub_names() == set(arbiter.__all__)
    for name in arbiter.__all__:
        assert hasattr(arbiter, name), name


def test_the_game_stub_names_every_method():
    tree = ast.parse(STUB.read_text())
    game = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Game")
    stubbed = {n.name for n in game.body if isinstance(n, ast.FunctionDef)}
    public = {n for n in dir(arbiter.Game) if not n.startswith("_")}
    assert public <= stubbed, public - stubbed


def test_the_script_using_every_name_runs():
    spec = importlib.util.spec_from_file_location("typed_use", HERE / "typed_use.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    seen = mod.use()
    assert "out-of-range" in seen and any(s.startswith("no scenario was run") for s in seen)
