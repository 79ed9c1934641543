#!/usr/bin/env python3
"""The engine matrix (docs/matrix.md, docs/matrix.html): each adapter of
engines/ run with `arbiter conform --format json`, its report kept in
docs/matrix/<engine>.json, the table written by `arbiter matrix`, and each
failure classified from engines/departures.json.

    python3 scripts/matrix.py --arbiter target/release/arbiter          # run the engines that import, rewrite
    python3 scripts/matrix.py --arbiter target/release/arbiter --check  # committed JSON -> docs/matrix.md, compare
    python3 scripts/matrix.py --arbiter target/release/arbiter --verify # CI: run every engine, compare each cell, then --check

Running the engines needs them installed (each engines/<name>/README.md
says how); an engine whose Python module does not import keeps its
committed report and is said so. `--check` runs no engine: it regenerates
docs/matrix.md from the committed reports and fails when the committed
page differs, or when a failure in a report has no classification in
engines/departures.json (or a classification names no failure).
`--verify` (what CI runs, with the engines installed at the versions of
engines/requirements.txt) runs every engine into a temporary directory,
fails when an engine's module does not import, and compares each cell (an
engine's verdict on a scenario: status, message, and each profile run's)
with the committed report, naming every cell that differs; then it does
what `--check` does. It writes nothing into the repository.
"""

import argparse
import importlib.util
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# name, module that must import, game, profile, adapter
ENGINES = [
    ("python-chess", "chess", "chess", "fide", "engines/python-chess/adapter.py"),
    ("pettingzoo-chess", "pettingzoo", "chess", "openspiel", "engines/pettingzoo-chess/adapter.py"),
    ("openspiel-chess", "pyspiel", "chess", "openspiel", "engines/openspiel/chess_adapter.py"),
    ("openspiel-checkers", "pyspiel", "dame", "openspiel", "engines/openspiel/adapter.py"),
    ("pydraughts", "draughts", "dame", "english", "engines/pydraughts/adapter.py"),
    ("openspiel-backgammon", "pyspiel", "backgammon", "no-cube", "engines/openspiel/backgammon_adapter.py"),
]
# The PyPI package that provides each module (engines/requirements.txt pins them).
PACKAGES = {"chess": "chess", "pettingzoo": "pettingzoo[classic]", "pyspiel": "open_spiel",
            "draughts": "pydraughts"}


def rel(*p):
    return os.path.join(ROOT, *p)


def run_engine(arbiter, name, game, profile, adapter, out_dir=None):
    cmd = [arbiter, "conform", "--game", game, "--profile", profile, "--mode", "persistent",
           "--timeout", "120s", "--format", "json", "--", sys.executable, adapter]
    out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    try:
        report = json.loads(out.stdout)
    except ValueError:
        sys.exit("matrix: %s: `arbiter conform` gave no JSON report (exit status %d): %s"
                 % (name, out.returncode, out.stderr.strip()[-2000:]))
    # Nothing of this machine in the committed report: the interpreter is
    # `python3`, and times are left out so a rerun changes only results.
    report["implementation"]["command"] = ["python3", adapter]
    for case in report["cases"]:
        case.pop("duration-ms", None)
    with open(os.path.join(out_dir or rel("docs", "matrix"), name + ".json"), "w") as f:
        json.dump(report, f, indent=1, sort_keys=True)
        f.write("\n")


def failures(report):
    for case in report["cases"]:
        if case["status"] in ("fail", "error", "timeout", "crash"):
            yield case["game"] + ":" + case["id"]


def cells(report):
    """scenario -> what the matrix shows of it: status, message, profile runs."""
    out = {}
    for case in report["cases"]:
        runs = [(p.get("profile"), p.get("status"), p.get("message")) for p in case.get("profiles", [])]
        out[case["game"] + ":" + case["id"]] = (case["status"], case.get("message"), runs)
    return out


def shown(cell):
    if cell is None:
        return "absent"
    status, message, _ = cell
    return status + (": " + message if message else "")


def compare(name, committed, fresh):
    """Every cell of `name` whose run differs from the committed report."""
    problems = []
    for field in ("version", "capabilities"):
        a, b = committed["implementation"].get(field), fresh["implementation"].get(field)
        if a != b:
            problems.append("%s: the engine's %s is %s, the committed report has %s" % (name, field, b, a))
    old, new = cells(committed), cells(fresh)
    for sid in sorted(set(old) | set(new)):
        if old.get(sid) != new.get(sid):
            problems.append("%s × %s: committed `%s`, this run `%s`" % (name, sid, shown(old.get(sid)), shown(new.get(sid))))
    return problems


def verify(arbiter):
    """Runs every engine into a temporary directory and compares each cell
    with the committed report."""
    problems = []
    differ = False
    with tempfile.TemporaryDirectory() as tmp:
        for name, module, game, profile, adapter in ENGINES:
            if importlib.util.find_spec(module) is None:
                problems.append("%s: the Python module `%s` does not import, so the engine cannot run: "
                                "install it (`pip install -r engines/requirements.txt`, package %s)"
                                % (name, module, PACKAGES.get(module, module)))
                continue
            committed = rel("docs", "matrix", name + ".json")
            if not os.path.exists(committed):
                problems.append("%s: no committed report docs/matrix/%s.json: run python3 scripts/matrix.py" % (name, name))
                continue
            run_engine(arbiter, name, game, profile, adapter, tmp)
            fresh = json.load(open(os.path.join(tmp, name + ".json")))
            found = compare(name, json.load(open(committed)), fresh)
            print("%s: ran, %s" % (name, "%d cells differ" % len(found) if found else "every cell as committed"))
            problems += found
            differ = differ or bool(found)
    if differ:
        problems.append("the engines' runs differ from docs/matrix/: if the change is meant, run "
                        "python3 scripts/matrix.py with the engines of engines/requirements.txt and commit the reports")
    return problems


def page(arbiter):
    names = [e[0] for e in ENGINES if os.path.exists(rel("docs", "matrix", e[0] + ".json"))]
    reports = {n: json.load(open(rel("docs", "matrix", n + ".json"))) for n in names}
    table = subprocess.run([arbiter, "matrix"] + ["docs/matrix/%s.json" % n for n in names],
                           cwd=ROOT, capture_output=True, text=True, check=True).stdout
    classes = json.load(open(rel("engines", "departures.json")))
    problems = []
    lines = ["# Engine matrix", "",
             "Generated by `python3 scripts/matrix.py` from the reports in",
             "[`docs/matrix/`](matrix/) (one `arbiter conform --format json` run per",
             "engine; CI installs the engines at the versions of",
             "[`engines/requirements.txt`](../engines/requirements.txt), runs them all",
             "and fails on any cell that differs from these reports, `--verify`). Each",
             "engine is run under the one profile that models it; a case it cannot set",
             "up is declined (`skip`), not failed.", "", "## Summary", "",
             "| engine | version | game | profile | pass | fail | error | not played |",
             "|---|---|---|---|--:|--:|--:|--:|"]
    for n in names:
        r = reports[n]
        s = r["summary"]
        lines.append("| %s | %s | %s | %s | %d | %d | %d | %d |" % (
            n, r["implementation"].get("version", ""), r["cases"][0]["game"] if r["cases"] else "",
            r["profile"], s["pass"], s["fail"], s["error"] + s["timeout"] + s["crash"], s["skip"]))
    lines += ["", "## Departures", "",
              "Each failure, classified in [`engines/departures.json`](../engines/departures.json):",
              "a *real departure* (what the engine does against what the rule says), or a",
              "*convention* (with the switch or setting that models it).", "",
              "| engine | scenario | class | what |", "|---|---|---|---|"]
    for n in names:
        known = classes.get(n, {})
        seen = set()
        for sid in failures(reports[n]):
            seen.add(sid)
            c = known.get(sid)
            if c is None:
                problems.append("%s: %s fails and engines/departures.json does not classify it" % (n, sid))
                continue
            lines.append("| %s | `%s` | %s | %s |" % (n, sid, c["class"], c["what"]))
        for sid in sorted(set(known) - seen):
            problems.append("%s: engines/departures.json classifies %s, which does not fail" % (n, sid))
    lines += ["", "## Scenarios × engines", "", table.rstrip("\n"), ""]
    return "\n".join(lines), problems


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--arbiter", default=os.path.join("target", "release", "arbiter"))
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--verify", action="store_true")
    a = ap.parse_args()
    arbiter = os.path.abspath(a.arbiter)
    if not os.path.exists(arbiter):
        sys.exit("matrix: no arbiter at %s: build it first (cargo build --release)" % arbiter)
    ran = []
    if a.verify:
        ran = verify(arbiter)
        a.check = True
    elif not a.check:
        for name, module, game, profile, adapter in ENGINES:
            if importlib.util.find_spec(module) is None:
                print("%s: `%s` does not import here; its committed report is kept" % (name, module))
                continue
            run_engine(arbiter, name, game, profile, adapter)
            print("%s: ran" % name)
    text, problems = page(arbiter)
    problems = ran + problems
    md = rel("docs", "matrix.md")
    if a.check:
        if open(md).read() != text:
            problems.append("docs/matrix.md differs from what the reports in docs/matrix/ give: run python3 scripts/matrix.py")
    else:
        open(md, "w").write(text)
        subprocess.run([arbiter, "matrix", "--html", "--output", "docs/matrix.html"]
                       + ["docs/matrix/%s.json" % e[0] for e in ENGINES
                          if os.path.exists(rel("docs", "matrix", e[0] + ".json"))], cwd=ROOT, check=True)
    for p in problems:
        print("matrix: " + p, file=sys.stderr)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
