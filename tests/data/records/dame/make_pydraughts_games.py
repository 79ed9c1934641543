#!/usr/bin/env python3
"""Writes pydraughts-english.pdn: English checkers games played by random
legal moves in pydraughts (`pip install pydraughts`, tested with 0.6.7),
written by pydraughts' own PDNWriter, each game's result the one
pydraughts' `winner()` gives when it ends the game, in PDN 2.0's English
convention (1-0 Black wins, 0-1 White wins). Deterministic: seed 2026."""

import os
import random
import sys

import draughts
from draughts import Board
from draughts.PDN import PDNWriter

out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "pydraughts-english.pdn")
rng = random.Random(2026)
text = []
for g in range(8):
    b = Board(variant="english")
    while not b.is_over() and len(b.move_stack) < 300:
        b.push(rng.choice(b.legal_moves()))
    if b.is_over():
        w = b.winner()
        result = "1/2-1/2" if not w else ("1-0" if w == draughts.BLACK else "0-1")
    else:
        result = "*"
    tags = {"Event": "pydraughts random game %d" % (g + 1), "Site": "pydraughts %s" % draughts.__version__,
            "Black": "random", "White": "random", "Result": result}
    w = PDNWriter(filename=None, board=b, tags=tags, game_ending=result)
    text.append(w.pdn_text)
    print("game", g + 1, len(b.move_stack), "plies", result, file=sys.stderr)
with open(out, "w") as f:
    f.write("".join(text))
