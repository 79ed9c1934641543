#!/usr/bin/env python3
"""Protocol-1 adapter for naive_chess.py: one JSON request per line on
stdin, one JSON reply per line on stdout (spec/protocol.md,
spec/chess/protocol.md). It answers `legal-moves` and the `outcome` and
`repetitions` state fields, and declines every profile but arbiter's `seed`
(automatic threefold repetition, no move-count rule, no claims).

Standard library only.
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import naive_chess  # noqa: E402

SEED = {"threefold": "automatic", "fifty-moves": "off", "fivefold": False,
        "seventy-five-moves": False, "claim-with-move": False}


class Declined(Exception):
    pass


def answer(req):
    q = req.get("query")
    if q == "hello":
        return {"name": "chess-naive", "version": "1.0", "games": ["chess"],
                "capabilities": ["outcome", "repetitions"]}
    if req.get("game", "chess") != "chess":
        raise Declined("only chess")
    profile = req.get("profile", {})
    for k, v in SEED.items():
        if profile.get(k) != v:
            raise Declined("only the seed profile's draw rules (%s: %s)" % (k, v))
    game = naive_chess.Game(req["setup"]["fen"], req.get("moves", []))
    if q == "legal-moves":
        return {"legal-moves": game.legal_moves()}
    if q == "state":
        return {"outcome": game.outcome(), "repetitions": game.repetitions()}
    raise Declined("no %s query" % q)


def reply(req):
    """The whole reply to one request (a dict): what main() writes for a
    request line, and what `arbiter.conform(reply, ...)` calls in-process
    (docs/python.md, "Conformance in-process")."""
    out = {"protocol": 1, "id": req.get("id", 0)}
    try:
        out.update(answer(req))
    except Declined as e:
        out["error"] = {"kind": "unsupported", "message": str(e)}
    except ValueError as e:
        # A setup or a move the rules refuse (spec/protocol.md, Errors).
        out["error"] = {"kind": "bad-request", "message": str(e)}
    except Exception as e:  # noqa: BLE001
        out["error"] = {"kind": "internal", "message": repr(e)}
    return out


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        sys.stdout.write(json.dumps(reply(json.loads(line))) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
