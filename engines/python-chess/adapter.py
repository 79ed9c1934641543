#!/usr/bin/env python3
"""arbiter protocol 1 adapter (spec/protocol.md, spec/chess/protocol.md)
around python-chess (`pip install chess`), under the `fide` profile.

python-chess is GPL-3.0; it is imported at run time and not part of this
repository. The adapter maps python-chess's answers onto the protocol and
holds no chess rule of its own: legality, check, mate, stalemate,
insufficient material (python-chess's `is_insufficient_material`), the
fivefold and seventy-five-move endings and repetition all come from
python-chess.

Claims: a claim without a move is valid when python-chess says the position
on the board has stood three times (`is_repetition(3)`) or the half-move
clock is at 100; a claim with a move when the position after that move
would (python-chess's `can_claim_*` read move by move).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from serve_lines import serve  # noqa: E402

import chess


def side(color):
    return "white" if color == chess.WHITE else "black"


class Game:
    def __init__(self, setup):
        self.board = chess.Board(setup.get("fen") or chess.STARTING_FEN)
        self.over = None
        self.capture = False

    def claims_here(self):
        out = []
        if self.board.is_repetition(3):
            out.append("threefold")
        if self.board.halfmove_clock >= 100:
            out.append("fifty")
        return out

    def claims_with(self, move):
        self.board.push(move)
        try:
            out = []
            if self.board.is_repetition(3):
                out.append("threefold")
            if self.board.halfmove_clock >= 100:
                out.append("fifty")
            return out
        finally:
            self.board.pop()

    def automatic(self):
        b = self.board
        if b.is_checkmate():
            return {side(not b.turn) + "-wins": "checkmate"}
        if b.is_stalemate():
            return {"draw": "stalemate"}
        if b.is_insufficient_material():
            return {"draw": "insufficient-material"}
        if b.is_fivefold_repetition():
            return {"draw": "fivefold-repetition"}
        if b.is_seventyfive_moves():
            return {"draw": "seventy-five-moves"}
        return "ongoing"

    def outcome(self):
        return self.over or self.automatic()

    def legal(self):
        if self.outcome() != "ongoing":
            return []
        out = ["claim-" + c for c in self.claims_here()]
        for m in self.board.legal_moves:
            u = m.uci()
            out.append(u)
            out += ["claim-%s:%s" % (c, u) for c in self.claims_with(m)]
        return out

    def play(self, action):
        if self.outcome() != "ongoing":
            raise ValueError("the game is over")
        if action.startswith("claim-"):
            kind, _, mv = action[len("claim-"):].partition(":")
            ok = kind in (self.claims_with(chess.Move.from_uci(mv)) if mv else self.claims_here())
            if not ok:
                raise ValueError("claim not valid: " + action)
            self.over = {"draw": "threefold-repetition" if kind == "threefold" else "fifty-moves"}
            self.capture = False
            return
        m = chess.Move.from_uci(action)
        if m not in self.board.legal_moves:
            raise ValueError("illegal move " + action)
        self.capture = self.board.is_capture(m)
        self.board.push(m)


def answer(req):
    reply = {"protocol": 1, "id": req.get("id", 0)}
    query = req.get("query")
    if query == "hello":
        reply.update(name="python-chess", version=chess.__version__,
                     capabilities=["outcome", "check", "capture", "halfmove-clock", "claimable", "position"],
                     games=["chess"], profiles=["fide"])
        return reply
    if req.get("game") != "chess":
        reply["error"] = {"kind": "unsupported", "message": "chess only"}
        return reply
    prof = req.get("profile")
    name = prof if isinstance(prof, str) else (prof or {}).get("name")
    if name != "fide" or (isinstance(prof, dict) and len(prof) > 1):
        reply["error"] = {"kind": "unsupported", "message": "python-chess plays FIDE's rules only (profile fide)"}
        return reply
    try:
        g = Game(req.get("setup") or {})
        if not g.board.is_valid():
            raise ValueError("python-chess refuses this setup: %s" % g.board.status())
    except ValueError as e:
        reply["error"] = {"kind": "bad-request", "message": str(e), "field": "setup.fen"}
        return reply
    for a in req.get("moves") or []:
        g.play(a)
    if query == "legal-moves":
        reply["legal-moves"] = g.legal()
    elif query == "state":
        over = g.outcome() != "ongoing"
        reply.update(outcome=g.outcome(), check=g.board.is_check(), capture=g.capture,
                     **{"halfmove-clock": g.board.halfmove_clock,
                        "claimable": [] if over else g.claims_here(),
                        "position": {"fen": g.board.fen()}})
    else:
        reply["error"] = {"kind": "unsupported", "message": "no %s" % query}
    return reply


def main():
    serve(answer)


if __name__ == "__main__":
    main()
