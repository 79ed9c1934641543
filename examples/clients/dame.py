#!/usr/bin/env python3
"""Random Dame games against `arbiter serve --impl engine`, checking invariants.

Written from README.md, spec/protocol.md and spec/dame/protocol.md alone.
Usage: python3 dame.py [--games N] [--seed S] [--max-plies P] [--arbiter PATH]
"""
import sys

from environment import Game, main

FILES, RANKS = "abcdefgh", "12345678"


class Dame(Game):
    name, profile = "dame", "seed-004"

    def start(self, rng):
        return {"start": True}  # the short form of DA-1.2 (spec/dame/protocol.md, Setup)

    def made_up_move(self, rng, legal):
        """A well-formed step `from-to` between two squares that is not in the list."""
        while True:
            a, b = (rng.choice(FILES) + rng.choice(RANKS) for _ in range(2))
            m = f"{a}-{b}"
            if a != b and m not in legal:
                return m

    def check_round_trip(self, serve, ctx, legal, again, check, where):
        # A pending huff is not in `position` (spec/dame/protocol.md, State
        # fields), so huffs cannot survive the round trip.
        def free(moves):
            return [m for m in moves if not m.startswith("huff")]
        super().check_round_trip(serve, ctx, free(legal), free(again), check, where)


if __name__ == "__main__":
    sys.exit(main(Dame()))
