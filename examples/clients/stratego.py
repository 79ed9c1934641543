#!/usr/bin/env python3
"""Random Stratego games against `arbiter serve --impl engine`, checking invariants.

Written from README.md, spec/protocol.md and spec/stratego/protocol.md alone.
Usage: python3 stratego.py [--games N] [--seed S] [--max-plies P] [--arbiter PATH]
"""
import argparse
import json
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_ARBITER = os.path.join(HERE, "..", "..", "target", "debug", "arbiter")
GAME, PROFILE = "stratego", "isf"
FILES, RANKS = "ABCDEFGHIJ", [str(r) for r in range(1, 11)]
NEEDED = {"judge", "outcome", "position"}
ARMY = {"marshal": 1, "general": 1, "colonel": 2, "major": 3, "captain": 4, "lieutenant": 4,
        "sergeant": 4, "miner": 5, "scout": 8, "spy": 1, "bomb": 6, "flag": 1}


def random_setup(rng):
    """Stratego has no start position (spec/stratego/protocol.md, Setup): each
    side places its 40 pieces at random on its own four ranks, red on 1-4 and
    blue on 7-10 (the lakes are on ranks 5 and 6)."""
    pieces = [rank for rank, n in ARMY.items() for _ in range(n)]
    setup = {"board": {"name": "standard"}, "army": {"name": "standard"}, "to-move": "red"}
    for side, ranks in (("red", range(1, 5)), ("blue", range(7, 11))):
        squares = [f + str(r) for f in FILES for r in ranks]
        rng.shuffle(pieces)
        setup[side] = dict(zip(squares, pieces))
    return setup


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
    """A well-formed move of one stone, `from-to`, that is not in the list."""
    while True:
        a, b = (rng.choice(FILES) + rng.choice(RANKS) for _ in range(2))
        m = f"{a}-{b}"
        if a != b and m not in legal:
            return m


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
            START = random_setup(rng)
            while True:
                where = f"game {g + 1}, ply {len(moves)}"
                legal = serve.ask("legal-moves", setup=START, moves=moves, **base)["legal-moves"]
                st = serve.ask("state", setup=START, moves=moves, **base)
                over = is_over(st["outcome"])
                check(over == (not legal), f"{where}: outcome {st['outcome']} but {len(legal)} legal moves")
                if "position" in caps and "position" in st and not over:
                    again = serve.ask("legal-moves", setup=st["position"], **base)["legal-moves"]
                    # The two-squares counts and the chase are not in `position`
                    # (spec/stratego/protocol.md, state fields): from it as a setup
                    # the same moves, plus any that only those rules forbid here.
                    check(set(legal) <= set(again), f"{where}: position {st['position']} as a setup "
                          f"lacks {sorted(set(legal) - set(again))}")
                    for m in sorted(set(again) - set(legal)):
                        v = serve.ask("judge", setup=START, moves=moves, move=m, **base)
                        check(v.get("rule") in ("two-squares", "more-squares"),
                              f"{where}: {m} is legal from `position` as a setup but judged {v} in the game")
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
