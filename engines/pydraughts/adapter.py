#!/usr/bin/env python3
"""arbiter protocol 1 adapter (spec/protocol.md, spec/dame/protocol.md)
around pydraughts (`pip install pydraughts`), its `english` variant, under
arbiter's Dame profile `english` (English checkers).

Positions are set as a PDN FEN (`Board(variant="english", fen=...)`); moves
are pydraughts' legal moves (`steps_move`, the squares a move passes
through); captures are the move's `captures`; the end of the game is
`is_over()` and `winner()`. The adapter holds no rule of its own; it only
renames squares.

Squares: pydraughts numbers the 32 dark squares 1-32 from Black's side,
four a row: 1-4 are b8, d8, f8, h8; 5-8 are a7, c7, e7, g7; and so on down
to 29-32 on a1, c1, e1, g1. Black moves first, as under `english`.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from serve_lines import serve  # noqa: E402

import draughts
from draughts import Board


def num_to_sq(n):
    r, c = divmod(n - 1, 4)
    rank = 8 - r
    f = 2 * c + (1 if rank % 2 == 0 else 0)
    return "%s%d" % (chr(ord("a") + f), rank)


SQ_TO_NUM = {num_to_sq(n): n for n in range(1, 33)}


def fen(setup):
    if setup.get("start"):
        return None
    parts = {}
    for side, letter in (("white", "W"), ("black", "B")):
        items = []
        for sq, kind in sorted((setup.get(side) or {}).items(), key=lambda kv: SQ_TO_NUM[kv[0].lower()]):
            items.append(("K" if kind == "dame" else "") + str(SQ_TO_NUM[sq.lower()]))
        parts[letter] = letter + ",".join(items)
    to_move = setup.get("to-move") or "black"
    return "%s:%s:%s" % ("W" if to_move == "white" else "B", parts["W"], parts["B"])


def move_text(m):
    path = [num_to_sq(s) for s in m.steps_move]
    return ("x" if m.captures else "-").join(path)


def side_name(color):
    return "white" if color == draughts.WHITE else "black"


def outcome(board):
    if not board.is_over():
        return "ongoing"
    w = board.winner()
    if w is None or w == 0:
        return {"draw": "no-progress"}
    loser = draughts.BLACK if w == draughts.WHITE else draughts.WHITE
    letter = "W" if loser == draughts.WHITE else "B"
    field = [p for p in board.fen.split(":")[1:] if p.startswith(letter)][0][1:]
    loser_left = bool(field.strip())
    return {side_name(w) + "-wins": "no-legal-move" if loser_left else "all-captured"}


def answer(req):
    reply = {"protocol": 1, "id": req.get("id", 0)}
    query = req.get("query")
    if query == "hello":
        reply.update(name="pydraughts", version=getattr(draughts, "__version__", "0.6.7"),
                     capabilities=["outcome", "captures"], games=["dame"], profiles=["english"])
        return reply
    if req.get("game") != "dame":
        reply["error"] = {"kind": "unsupported", "message": "dame (English checkers) only"}
        return reply
    prof = req.get("profile")
    name = prof if isinstance(prof, str) else (prof or {}).get("name")
    if name != "english" or (isinstance(prof, dict) and len(prof) > 1):
        reply["error"] = {"kind": "unsupported", "message": "pydraughts plays English checkers only (profile english)"}
        return reply
    f = fen(req.get("setup") or {})
    board = Board(variant="english", fen=f) if f else Board(variant="english")
    captures = []
    for a in req.get("moves") or []:
        if board.is_over():
            raise ValueError("the game is over")
        for m in board.legal_moves():
            if move_text(m) == a.lower():
                captures = [num_to_sq(s) for s in m.captures]
                board.push(m)
                break
        else:
            raise ValueError("pydraughts does not play %s here" % a)
    if query == "legal-moves":
        reply["legal-moves"] = [] if board.is_over() else sorted(move_text(m) for m in board.legal_moves())
    elif query == "state":
        reply.update(outcome=outcome(board), captures=captures)
    else:
        reply["error"] = {"kind": "unsupported", "message": "no %s" % query}
    return reply


def main():
    serve(answer)


if __name__ == "__main__":
    main()
