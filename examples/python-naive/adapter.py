#!/usr/bin/env python3
"""Protocol-1 adapter for naive_engine.py: what you write to plug your own
engine into `arbiter conform` (see docs/conformance.md and spec/protocol.md).

It reads one JSON request per line on stdin and writes one JSON reply per
line on stdout, flushing after each, so it serves both protocol modes: in
per-case mode its input ends after the one request and it exits.

Standard library only.
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import naive_engine  # noqa: E402

PROTOCOL = 1
CAPABILITIES = ["two-squares", "outcome"]


class Declined(Exception):
    """The request asks for something this engine does not support."""


def square(name):
    """'B3' -> (1, 2)."""
    return (ord(name[0]) - ord("A"), int(name[1:]) - 1)


def square_name(sq):
    return "%s%d" % (chr(ord("A") + sq[0]), sq[1] + 1)


def move(text):
    sep = "-" if "-" in text else "x"
    a, b = text.split(sep)
    return (square(a.strip()), square(b.strip()))


def move_name(mv):
    return "%s-%s" % (square_name(mv[0]), square_name(mv[1]))


def check_support(profile, setup):
    """Declines what the engine cannot do, so those cases are skipped rather
    than failed.

    The engine knows one limit (3) and no other two-squares variant, so every
    other limit is declined; it plays only the standard board and army. It
    also has no scout clause and no more-squares rule, but profiles that ask for them are accepted on purpose: measuring
    where the simplification departs from the rules is the point of running
    the corpus, and expected-failures.txt records the departures.
    """
    ts = profile.get("two-squares", {})
    if ts.get("enabled") and ts.get("limit") != naive_engine.LIMIT:
        raise Declined("only the two-squares limit 3 is implemented, not %s" % ts.get("limit"))
    if ts.get("enabled") and not ts.get("other-piece-erases", True):
        raise Declined("moving another piece always erases the count here")
    if ts.get("enabled") and not ts.get("per-piece", True):
        raise Declined("a sequence always belongs to one piece here")
    if ts.get("enabled") and not ts.get("attacks-count", True):
        raise Declined("attacks always count here")
    if setup.get("board", {}).get("name") != "standard":
        raise Declined("only the standard board is implemented")
    # A request without an army (written before armies were sent) means the
    # standard army; Barrage and custom armies are declined.
    army = setup.get("army", {}).get("name", "standard")
    if army != "standard":
        raise Declined("only the standard army is implemented, not %s" % army)
    return ts.get("enabled", False)


def replay(request):
    profile, setup = request["profile"], request["setup"]
    enabled = check_support(profile, setup)
    pieces = {}
    for color in ("red", "blue"):
        for sq, rank in setup.get(color, {}).items():
            pieces[square(sq)] = (color, rank)
    game = naive_engine.Game(pieces, setup.get("to-move", "red"),
                             naive_engine.LIMIT if enabled else None)
    for i, text in enumerate(request.get("moves", [])):
        try:
            game.play(move(text))
        except naive_engine.IllegalMove:
            raise ValueError("moves[%d] %s is illegal here" % (i, text))
    return game, enabled


def outcome(game):
    o = game.outcome()
    if o[0] == "ongoing":
        return "ongoing"
    if o[0] == "draw":
        return {"draw": o[1]}
    return {"%s-wins" % o[1]: o[2]}


def answer(request):
    query = request.get("query")
    if query == "hello":
        # The games it plays: the harness skips the others without asking.
        return {"name": "python-naive", "version": "1.0", "capabilities": CAPABILITIES,
                "games": ["stratego"]}
    if query not in ("legal-moves", "state"):
        raise Declined("query %r is not supported" % query)
    game, enabled = replay(request)
    if query == "legal-moves":
        return {"legal-moves": [move_name(m) for m in game.legal_moves()]}
    two_squares = None
    if enabled and request.get("moves"):
        count = game.last_count
        two_squares = {"count": count, "sequence": "start" if count == 1 else "continue"}
    return {"two-squares": two_squares, "outcome": outcome(game)}


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
    if request.get("protocol") != PROTOCOL:
        out["error"] = {"kind": "unsupported",
                       "message": "this adapter speaks protocol 1 only"}
        return out
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
