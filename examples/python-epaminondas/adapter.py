#!/usr/bin/env python3
"""Protocol-1 adapter for naive_engine.py, the Epaminondas half of arbiter's
worked third-party example (spec/epaminondas/protocol.md):

    arbiter conform --game epaminondas --mode persistent \
        --xfail examples/python-epaminondas/expected-failures.txt \
        -- python3 examples/python-epaminondas/adapter.py

One JSON request per line on stdin, one JSON reply per line on stdout.
Standard library only.
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import naive_engine  # noqa: E402

PROTOCOL = 1
CAPABILITIES = ["outcome", "captures", "crossings"]

# The switches this engine plays. Every symmetry reading is accepted and
# ignored on purpose: measuring that departure is the point of the example.
PLAYS = {
    "phalanx": {"split": "front-part", "range": "moving-stones", "strength": "moving-stones"},
    "capture": {"enemy-line": "contiguous", "stronger": "strictly", "removes": "line"},
    "end": {"win-check": "after-opponent-move", "no-moves": "loses"},
}


class Declined(Exception):
    pass


def square(name):
    return (ord(name[0].lower()) - ord("a"), int(name[1:]) - 1)


def square_name(sq):
    return "%s%d" % (chr(ord("a") + sq[0]), sq[1] + 1)


def parse_move(text):
    count = 1
    if "/" in text:
        text, n = text.split("/")
        count = int(n)
    a, b = text.replace("x", "-").split("-")
    return square(a), square(b), count


def move_name(front, to, count):
    s = "%s-%s" % (square_name(front), square_name(to))
    return s if count == 1 else "%s/%d" % (s, count)


def replay(request):
    profile, setup = request["profile"], request["setup"]
    for section, switches in PLAYS.items():
        for key, value in switches.items():
            if profile.get(section, {}).get(key) != value:
                raise Declined("%s.%s=%s is not implemented" % (section, key, profile.get(section, {}).get(key)))
    board = setup.get("board", {"name": "14x12"})
    files, ranks = {"14x12": (14, 12), "8x8": (8, 8)}[board["name"]]
    game = naive_engine.Game(files, ranks,
                             [square(s) for s in setup.get("white", [])],
                             [square(s) for s in setup.get("black", [])],
                             setup.get("to-move", "white"))
    for i, text in enumerate(request.get("moves", [])):
        try:
            game.play(*parse_move(text))
        except naive_engine.IllegalMove:
            raise ValueError("moves[%d] %s is illegal here" % (i, text))
    return game


def answer(request):
    query = request.get("query")
    if query == "hello":
        return {"name": "python-epaminondas", "version": "1.0", "capabilities": CAPABILITIES}
    if query not in ("legal-moves", "state"):
        raise Declined("query %r is not supported" % query)
    game = replay(request)
    if query == "legal-moves":
        if game.outcome() != "ongoing":
            return {"legal-moves": []}
        return {"legal-moves": [move_name(f, t, c) for f, t, c, _ in game.moves()]}
    return {"outcome": game.outcome(),
            "captures": [square_name(s) for s in game.last_captures],
            "crossings": {"white": game.crossings("white"), "black": game.crossings("black")}}


def reply_to(line):
    try:
        request = json.loads(line)
    except ValueError as e:
        return {"protocol": PROTOCOL, "id": 0,
                "error": {"kind": "bad-request", "message": "not JSON: %s" % e}}
    return reply(request)


def reply(request):
    """The whole reply to one request (a dict): what main() writes for a
    request line, and what `arbiter.conform(reply, ...)` calls in-process
    (docs/python.md, "Conformance in-process")."""
    out = {"protocol": PROTOCOL, "id": request.get("id", 0)}
    try:
        out.update(answer(request))
    except Declined as e:
        out["error"] = {"kind": "unsupported", "message": str(e)}
    except (ValueError, KeyError, IndexError, TypeError) as e:
        out["error"] = {"kind": "bad-request", "message": "%s: %s" % (type(e).__name__, e)}
    return out


def main():
    for line in sys.stdin:
        if line.strip():
            sys.stdout.write(json.dumps(reply_to(line)) + "\n")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
