#!/usr/bin/env python3
"""Random chess games against `arbiter serve --impl engine`, checking invariants.

Written from README.md, spec/protocol.md and spec/chess/protocol.md alone.
Usage: python3 chess.py [--games N] [--seed S] [--max-plies P] [--arbiter PATH]
"""
import argparse
import json
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_ARBITER = os.path.join(HERE, "..", "..", "target", "debug", "arbiter")
GAME, PROFILE = "chess", "fide"
NEEDED = {"judge", "outcome", "position"}
START = {}  # the short form of the initial position (spec/chess/protocol.md, Setup)
FILES, RANKS = "abcdefgh", "12345678"


class Failure(Exception):
    pass


class Serve:
    """One `arbiter serve` process, one JSON line per request and per reply."""

    def __init__(self, arbiter):
        self.proc = subprocess.Popen([arbiter, "serve", "--impl", "engine"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.next_id = 0

    def ask(self, query, **fields):
        req = {"protocol": 1, "id": self.next_id, "query": query, **fields}
        if query != "hello":
            req["game"] = GAME
        self.next_id += 1
        self.proc.stdin.write(json.dumps(req) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise Failure(f"serve closed its output on {json.dumps(req)}")
        reply = json.loads(line)
        if reply.get("protocol") != 1 or reply.get("id") != req["id"]:
            raise Failure(f"bad envelope {line.strip()} for {json.dumps(req)}")
        if "error" in reply:
            raise Failure(f"error reply {reply['error']} to {json.dumps(req)}")
        return reply

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()


def is_over(outcome):
    return outcome != "ongoing"


def made_up_move(rng, legal):
    """A well-formed UCI move that is not in the list."""
    while True:
        m = "".join(rng.choice(FILES) + rng.choice(RANKS) for _ in range(2))
        if m not in legal:
            return m


def history_free(moves):
    # A setup carries no repetition history (spec/protocol.md, `position`),
    # so claims of threefold repetition cannot survive the round trip.
    return {m for m in moves if not m.startswith("claim-threefold")}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=200)
    ap.add_argument("--arbiter", default=DEFAULT_ARBITER)
    args = ap.parse_args()
    if not os.path.exists(args.arbiter):
        sys.exit(f"no arbiter binary at {args.arbiter}")
    rng = random.Random(args.seed)
    serve = Serve(args.arbiter)
    checks = plies = finished = 0

    def check(cond, what):
        nonlocal checks
        checks += 1
        if not cond:
            raise Failure(what)

    try:
        hello = serve.ask("hello")
        check(GAME in hello.get("games", []), f"{GAME} not in hello games {hello.get('games')}")
        caps = set(hello.get("capabilities", []))
        check(NEEDED <= caps, f"capabilities {sorted(NEEDED - caps)} missing from hello")
        base = {"profile": PROFILE}
        for g in range(args.games):
            moves = []
            while True:
                where = f"game {g + 1}, ply {len(moves)}"
                legal = serve.ask("legal-moves", setup=START, moves=moves, **base)["legal-moves"]
                st = serve.ask("state", setup=START, moves=moves, **base)
                over = is_over(st["outcome"])
                check(over == (not legal), f"{where}: outcome {st['outcome']} but {len(legal)} legal moves")
                if "position" in caps and "position" in st and not over:
                    again = serve.ask("legal-moves", setup=st["position"], **base)["legal-moves"]
                    check(history_free(again) == history_free(legal),
                          f"{where}: position {st['position']} as a setup gives other moves: "
                          f"only there {sorted(set(again) - set(legal))}, "
                          f"missing {sorted(set(legal) - set(again))}")
                if over:
                    finished += 1
                    break
                if len(moves) >= args.max_plies:
                    break
                for m in legal:
                    v = serve.ask("judge", setup=START, moves=moves, move=m, **base)
                    check(v.get("verdict") == "legal", f"{where}: listed {m} judged {v}")
                bad = made_up_move(rng, legal)
                v = serve.ask("judge", setup=START, moves=moves, move=bad, **base)
                check(v.get("verdict") == "illegal" and isinstance(v.get("rule"), str) and v["rule"],
                      f"{where}: made-up {bad} judged {v}")
                moves.append(rng.choice(legal))
                plies += 1
    except Failure as e:
        print(f"{GAME}: FAIL after {checks} checks: {e}")
        serve.close()
        return 1
    serve.close()
    print(f"{GAME}: {args.games} games, {plies} plies, {finished} finished, {checks} checks, all held")
    return 0


if __name__ == "__main__":
    sys.exit(main())
