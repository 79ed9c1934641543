#!/usr/bin/env python3
"""Random chess games against `arbiter serve --impl engine`, checking invariants.

Written from README.md, spec/protocol.md and spec/chess/protocol.md alone.
Usage: python3 chess.py [--games N] [--seed S] [--max-plies P] [--arbiter PATH]
"""
import sys

from environment import Game, main

FILES, RANKS = "abcdefgh", "12345678"


class Chess(Game):
    name, profile = "chess", "fide"

    def start(self, rng):
        return {}  # the short form of the initial position (spec/chess/protocol.md, Setup)

    def made_up_move(self, rng, legal):
        """A well-formed UCI move that is not in the list."""
        while True:
            m = "".join(rng.choice(FILES) + rng.choice(RANKS) for _ in range(2))
            if m not in legal:
                return m

    def check_round_trip(self, serve, ctx, legal, again, check, where):
        # A setup carries no repetition history (spec/protocol.md, `position`),
        # so claims of threefold repetition cannot survive the round trip.
        def free(moves):
            return [m for m in moves if not m.startswith("claim-threefold")]
        super().check_round_trip(serve, ctx, free(legal), free(again), check, where)


if __name__ == "__main__":
    sys.exit(main(Chess()))
