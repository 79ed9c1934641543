#!/usr/bin/env python3
"""Random Stratego games against `arbiter serve --impl engine`, checking invariants.

Written from README.md, spec/protocol.md and spec/stratego/protocol.md alone.
Usage: python3 stratego.py [--games N] [--seed S] [--max-plies P] [--arbiter PATH]
"""
import sys

from environment import Game, main

FILES, RANKS = "ABCDEFGHIJ", [str(r) for r in range(1, 11)]
ARMY = {"marshal": 1, "general": 1, "colonel": 2, "major": 3, "captain": 4, "lieutenant": 4,
        "sergeant": 4, "miner": 5, "scout": 8, "spy": 1, "bomb": 6, "flag": 1}


class Stratego(Game):
    name, profile = "stratego", "isf"

    def start(self, rng):
        """Stratego has no start position (spec/stratego/protocol.md, Setup):
        each side places its 40 pieces at random on its own four ranks, red on
        1-4 and blue on 7-10 (the lakes are on ranks 5 and 6)."""
        pieces = [rank for rank, n in ARMY.items() for _ in range(n)]
        setup = {"board": {"name": "standard"}, "army": {"name": "standard"}, "to-move": "red"}
        for side, ranks in (("red", range(1, 5)), ("blue", range(7, 11))):
            squares = [f + str(r) for f in FILES for r in ranks]
            rng.shuffle(pieces)
            setup[side] = dict(zip(squares, pieces))
        return setup

    def made_up_move(self, rng, legal):
        """A well-formed move of one stone, `from-to`, that is not in the list."""
        while True:
            a, b = (rng.choice(FILES) + rng.choice(RANKS) for _ in range(2))
            m = f"{a}-{b}"
            if a != b and m not in legal:
                return m

    def check_round_trip(self, serve, ctx, legal, again, check, where):
        # The two-squares counts and the chase are not in `position`
        # (spec/stratego/protocol.md, state fields): from it as a setup the
        # same moves, plus any that only those rules forbid here.
        check(set(legal) <= set(again), f"{where}: `position` as a setup lacks {sorted(set(legal) - set(again))}")
        for m in sorted(set(again) - set(legal)):
            v = serve.ask("judge", move=m, **ctx)
            check(v.get("rule") in ("two-squares", "more-squares"),
                  f"{where}: {m} is legal from `position` as a setup but judged {v} in the game")


if __name__ == "__main__":
    sys.exit(main(Stratego()))
