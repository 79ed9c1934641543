#!/usr/bin/env python3
"""Random games of OpenSpiel's `backgammon` from the start, each ply
compared with `arbiter serve --game backgammon` under a backgammon profile
(default `no-cube`): at a roll, the dice each side can throw; at a play,
the legal plays as whole turns (canonical spelling, backgammon_adapter.py);
after every ply, the outcome with its points and the play's facts (hits,
unused dice, checkers borne off, pips, the position reached). This reaches
the positions the adapter cannot set (OpenSpiel's Python API has no
backgammon setter).

    python engines/openspiel/backgammon_random_games.py ARBITER [--games N] [--seed S] [--profile P] [--impl I]

The dice are drawn with OpenSpiel's own chance probabilities, the plays
uniformly among the distinct plays. Prints one line per game that departs,
with the whole history from the start (the minimal history of that
departure: its game's moves up to the ply), then a count; exits 1 on a
departure.
"""

import argparse
import json
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import backgammon_adapter as adapter  # noqa: E402

FIELDS = ("outcome", "hits", "unused-dice", "borne-off", "pips", "position")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("arbiter")
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--profile", default="no-cube")
    ap.add_argument("--impl", default="reference", choices=["reference", "engine"],
                    help="which of arbiter's implementations answers (the reference is the oracle; "
                    "the engine, held to it by arbiter's own tests, answers a long game's requests faster)")
    a = ap.parse_args()
    gammons = adapter.profile_gammons(a.profile)
    if gammons is None:
        sys.exit("profile %s: OpenSpiel's backgammon plays only no-cube (gammons counted or not)" % a.profile)
    serve = subprocess.Popen([a.arbiter, "serve", "--game", "backgammon", "--impl", a.impl], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    rid = 0
    setup = {"start": "standard"}

    def ask(query, moves):
        nonlocal rid
        rid += 1
        req = {"protocol": 1, "id": rid, "game": "backgammon", "query": query, "profile": a.profile,
               "setup": setup, "moves": moves}
        serve.stdin.write(json.dumps(req) + "\n")
        serve.stdin.flush()
        reply = json.loads(serve.stdout.readline())
        if "error" in reply:
            sys.exit("arbiter serve: %s" % reply["error"])
        return reply

    rng = random.Random(a.seed)
    game = adapter.GAMES[gammons]
    departures = plies = 0
    ends = {}
    for g in range(a.games):
        state = game.new_initial_state()
        moves = []
        facts, mover = {"hits": [], "unused": [], "borne-off": 0}, None
        while True:
            ours = ask("state", moves) if moves else None
            theirs = adapter.state_fields(state, facts, mover) if moves else None
            if moves:
                diff = [f for f in FIELDS if ours.get(f) != theirs.get(f)]
                if diff:
                    print("game %d ply %d: %s differ: OpenSpiel %s, arbiter %s; moves %s" % (
                        g, len(moves), ", ".join(diff), {f: theirs.get(f) for f in diff},
                        {f: ours.get(f) for f in diff}, " ".join(moves)))
                    departures += 1
                    break
            if state.is_terminal():
                o = theirs["outcome"]
                if isinstance(o, dict):
                    (who, how), = o.items()
                    k = "%s %s" % (who, how.get("by") if isinstance(how, dict) else how)
                else:
                    k = str(o)
                ends[k] = ends.get(k, 0) + 1
                break
            lm = ask("legal-moves", moves)["legal-moves"]
            if state.is_chance_node():
                acts = adapter.dice_actions(state)
                mine = sorted(acts)
            else:
                acts = adapter.plays(state)
                mine = sorted(acts)
            if mine != sorted(lm):
                print("game %d ply %d: legal %s differ: OpenSpiel only %s, arbiter only %s; moves %s" % (
                    g, len(moves), "dice" if state.is_chance_node() else "plays",
                    sorted(set(mine) - set(lm)), sorted(set(lm) - set(mine)), " ".join(moves)))
                departures += 1
                break
            if state.is_chance_node():
                outs = state.chance_outcomes()
                pick = rng.choices([x for x, _ in outs], weights=[p for _, p in outs])[0]
                text = adapter.dice_text(state, pick)
                if len(outs) == 30:  # the opening roll: its winner plays it
                    mover = adapter.roll_text(state.action_to_string(pick))[0]
                state = state.child(pick)
                facts = {"hits": [], "unused": [], "borne-off": 0}
            else:
                text = rng.choice(mine)
                mover = state.current_player()
                facts = acts[text]
                state = facts["state"]
            moves.append(text)
            plies += 1
    serve.stdin.close()
    serve.wait()
    print("%d games under %s (seed %d), %d plies compared; ends: %s; %d departures" % (
        a.games, a.profile, a.seed, plies, ", ".join("%s %d" % kv for kv in sorted(ends.items())), departures))
    sys.exit(1 if departures else 0)


if __name__ == "__main__":
    main()
