"""`arbiter serve --impl engine` as a game environment: random games checked
ply by ply, the part every game's client shares (standard library only).

A game's client (`chess.py`, `dame.py`, …) describes its game in a `Game`:
its name, its default profile, its start position on the wire, how to make
up an action that is not legal, and where the protocol pages say its
`position` cannot carry everything. `main(game)` does the rest.
"""
import argparse
import json
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_ARBITER = os.path.join(HERE, "..", "..", "target", "debug", "arbiter")
NEEDED = {"judge", "outcome", "position"}


class Failure(Exception):
    pass


class Serve:
    """One `arbiter serve` process for every game, one JSON line per request
    and per reply (spec/protocol.md, Modes)."""

    def __init__(self, arbiter, game):
        self.proc = subprocess.Popen([arbiter, "serve", "--impl", "engine"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.game = game
        self.next_id = 0

    def ask(self, query, **fields):
        req = {"protocol": 1, "id": self.next_id, "query": query, **fields}
        if query != "hello":
            req["game"] = self.game
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


class Game:
    """What a client says about its game. Override what differs."""

    name = None
    profile = None

    def start(self, rng):
        """The setup a game starts from (the start's short form on the wire)."""
        raise NotImplementedError

    def made_up_move(self, rng, legal):
        """A well-formed action that is not legal here."""
        raise NotImplementedError

    def add_arguments(self, ap):
        """More command-line options."""

    def choose(self, rng, legal, args, check, where):
        """The action to play: one of the list, uniformly."""
        return rng.choice(legal)

    def check_state(self, state, moves, caps, check, where):
        """Game-specific checks of a `state` reply."""

    def check_round_trip(self, serve, ctx, legal, again, check, where):
        """`legal` from the game against `again` from its `position` sent back
        as a setup: equal, by default."""
        check(set(again) == set(legal),
              f"{where}: `position` as a setup gives other moves: "
              f"only there {sorted(set(again) - set(legal))}, "
              f"missing {sorted(set(legal) - set(again))}")


def main(game):
    ap = argparse.ArgumentParser(description=f"Random {game.name} games against `arbiter serve --impl engine`")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=200)
    ap.add_argument("--arbiter", default=DEFAULT_ARBITER)
    ap.add_argument("--profile", default=game.profile, help="a built-in profile name (default %(default)s)")
    game.add_arguments(ap)
    args = ap.parse_args()
    if not os.path.exists(args.arbiter):
        sys.exit(f"no arbiter binary at {args.arbiter}")
    rng = random.Random(args.seed)
    serve = Serve(args.arbiter, game.name)
    checks = plies = finished = 0

    def check(cond, what):
        nonlocal checks
        checks += 1
        if not cond:
            raise Failure(what)

    try:
        hello = serve.ask("hello")
        check(game.name in hello.get("games", []), f"{game.name} not in hello games {hello.get('games')}")
        caps = set(hello.get("capabilities", []))
        check(NEEDED <= caps, f"capabilities {sorted(NEEDED - caps)} missing from hello")
        base = {"profile": args.profile}
        for g in range(args.games):
            start = game.start(rng)
            moves = []
            while True:
                where = f"game {g + 1}, ply {len(moves)}"
                ctx = {"setup": start, "moves": moves, **base}
                legal = serve.ask("legal-moves", **ctx)["legal-moves"]
                st = serve.ask("state", **ctx)
                over = st["outcome"] != "ongoing"
                check(over == (not legal), f"{where}: outcome {st['outcome']} but {len(legal)} legal moves")
                game.check_state(st, moves, caps, check, where)
                if "position" in st and not over:
                    again = serve.ask("legal-moves", setup=st["position"], **base)["legal-moves"]
                    game.check_round_trip(serve, ctx, legal, again, check, where)
                if over:
                    finished += 1
                    break
                if len(moves) >= args.max_plies:
                    break
                for m in legal:
                    v = serve.ask("judge", move=m, **ctx)
                    check(v.get("verdict") == "legal", f"{where}: listed {m} judged {v}")
                bad = game.made_up_move(rng, legal)
                v = serve.ask("judge", move=bad, **ctx)
                check(v.get("verdict") == "illegal" and isinstance(v.get("rule"), str) and v["rule"],
                      f"{where}: made-up {bad} judged {v}")
                moves.append(game.choose(rng, legal, args, check, where))
                plies += 1
    except Failure as e:
        print(f"{game.name}: FAIL after {checks} checks: {e}")
        serve.close()
        return 1
    serve.close()
    print(f"{game.name}: {args.games} games, {plies} plies, {finished} finished, {checks} checks, all held")
    return 0
