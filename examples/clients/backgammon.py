#!/usr/bin/env python3
"""Random backgammon games against `arbiter serve --impl engine`, checking invariants.

Written from README.md, spec/protocol.md and spec/backgammon/protocol.md alone.
Usage: python3 backgammon.py [--games N] [--seed S] [--max-plies P] [--arbiter PATH]
                             [--profile NAME] [--play-on]
"""
import re
import sys

from environment import Game, main

ROLL = re.compile(r"^(w[1-6]-b[1-6]|[1-6]-[1-6])$")


class Backgammon(Game):
    name, profile = "backgammon", "seed-004"

    def start(self, rng):
        # BG-1.4, the opening roll to come (spec/backgammon/protocol.md, Setup)
        return {"start": "standard"}

    def add_arguments(self, ap):
        ap.add_argument("--play-on", action="store_true",
                        help="never double, drop or resign when `roll` or `take` is listed, "
                             "so games reach the bear-off")

    def made_up_move(self, rng, legal):
        """An action not in the list that no spelling of a listed one can be.

        A play not listed may still be another spelling of a legal play (the
        page, "The canonical spelling"), so made-up plays move a checker
        backward."""
        pool = ["roll", "double", "take", "drop", "resign", "pass", "6-5", "3-3", "w6-b5", "w2-b4"]
        pool += [f"{a}/{b}" for a in range(1, 24) for b in range(a + 1, 25)]
        return rng.choice([m for m in pool if m not in legal])

    def choose(self, rng, legal, args, check, where):
        if all(ROLL.match(m) for m in legal):
            return self.dice_roll(rng, legal, check, where)
        if args.play_on and {"roll", "take"} & set(legal):
            return "roll" if "roll" in legal else "take"
        return rng.choice(legal)

    @staticmethod
    def dice_roll(rng, legal, check, where):
        """The dice side's action, thrown with real dice (the list gives 21 or
        30 rolls as equals, but doubles are half as likely as other rolls)."""
        while True:
            a, b = rng.randint(1, 6), rng.randint(1, 6)
            if legal[0].startswith("w"):
                m = f"w{a}-b{b}"
                if a == b and m not in legal:
                    continue  # a tie under `reroll`: the dice are thrown again
            else:
                m = f"{max(a, b)}-{min(a, b)}"
            check(m in legal, f"{where}: the roll {m} is not among {legal}")
            return m

    def check_state(self, state, moves, caps, check, where):
        # `position` is left out exactly while a double is offered (the page).
        offered = bool(moves) and moves[-1] == "double"
        check(("position" in state) != offered,
              f"{where}: `position` {'given while a double is offered' if offered else 'missing'}")


if __name__ == "__main__":
    sys.exit(main(Backgammon()))
