#!/usr/bin/env python3
"""Random games of OpenSpiel's `checkers` from the start, each ply compared
with `arbiter serve` under a Dame profile (default `openspiel`): the legal
moves (whole turns, arbiter's notation) and the outcome after every ply.
This reaches the positions the adapter cannot set (OpenSpiel's Python API
has no checkers setter), including the no-progress draw.

    python engines/openspiel/random_games.py ARBITER [--games N] [--seed S] [--profile P]

Prints one line per game that departs, then a count; exits 1 on a departure.
"""

import argparse
import json
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import adapter  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("arbiter")
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--profile", default="openspiel")
    a = ap.parse_args()
    serve = subprocess.Popen([a.arbiter, "serve", "--game", "dame"], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    rid = 0

    def ask(query, moves):
        nonlocal rid
        rid += 1
        req = {"protocol": 1, "id": rid, "game": "dame", "query": query, "profile": a.profile,
               "setup": {"start": True}, "moves": moves}
        serve.stdin.write(json.dumps(req) + "\n")
        serve.stdin.flush()
        return json.loads(serve.stdout.readline())

    rng = random.Random(a.seed)
    departures = draws = 0
    for g in range(a.games):
        state = adapter.GAME.new_initial_state()
        moves = []
        while True:
            ours = ask("state", moves)["outcome"]
            theirs = adapter.outcome(state)
            if ours != theirs:
                print("game %d ply %d: OpenSpiel %s, arbiter %s; moves %s" % (g, len(moves), theirs, ours, " ".join(moves)))
                departures += 1
                break
            if state.is_terminal():
                draws += theirs == {"draw": "no-progress"}
                break
            turns = adapter.turns(state)
            lm = ask("legal-moves", moves)["legal-moves"]
            if sorted(t for t, _ in turns) != sorted(lm):
                print("game %d ply %d: legal moves differ: OpenSpiel %s, arbiter %s; moves %s"
                      % (g, len(moves), sorted(t for t, _ in turns), sorted(lm), " ".join(moves)))
                departures += 1
                break
            text, state = rng.choice(turns)
            moves.append(text)
    serve.stdin.close()
    serve.wait()
    print("%d games under %s, %d ended by the no-progress draw, %d departures" % (a.games, a.profile, draws, departures))
    sys.exit(1 if departures else 0)


if __name__ == "__main__":
    main()
