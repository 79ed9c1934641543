#!/usr/bin/env python3
"""Random Epaminondas games against `arbiter serve --impl engine`, checking invariants.

Written from README.md, spec/protocol.md and spec/epaminondas/protocol.md alone.
Usage: python3 epaminondas.py [--games N] [--seed S] [--max-plies P] [--arbiter PATH]
"""
import sys

from environment import Game, main

FILES, RANKS = "abcdefghijklmn", [str(r) for r in range(1, 13)]


class Epaminondas(Game):
    name, profile = "epaminondas", "seed-003"

    def start(self, rng):
        # EP-1.4 on the default 14x12 board (spec/epaminondas/protocol.md, Setup)
        return {"start": "standard"}

    def made_up_move(self, rng, legal):
        """A well-formed move of one stone, `from-to`, that is not in the list."""
        while True:
            a, b = (rng.choice(FILES) + rng.choice(RANKS) for _ in range(2))
            m = f"{a}-{b}"
            if a != b and m not in legal:
                return m


if __name__ == "__main__":
    sys.exit(main(Epaminondas()))
