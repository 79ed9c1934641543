#!/usr/bin/env python3
"""arbiter protocol 1 adapter around DeepMind OpenSpiel's `chess`
(`pip install open_spiel`), under arbiter's chess profile `openspiel`
(spec/chess/profiles.md: threefold repetition and the fifty-move rule end
the game by themselves, no claims).

Positions are set from the request's FEN (`new_initial_state(fen)`), moves
are OpenSpiel's legal actions written in long algebraic notation
(`pyspiel.chess.action_to_move(...).to_lan()`), and the end of the game is
OpenSpiel's `is_terminal()` and `returns()`. OpenSpiel does not say *why* a
game ended; the adapter names the reason from what it can see: no legal
move (checkmate when the returns are not equal, else stalemate), a
position on the board for the third time (threefold-repetition, counted
over the FENs' first four fields; named before the fifty-move draw, as the
profile's `move-limit-before-repetition: false` orders them), the half-move
clock at 100 (fifty-moves), else insufficient-material.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from serve_lines import serve  # noqa: E402

import pyspiel

GAME = pyspiel.load_game("chess")
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def lan(state, action):
    return pyspiel.chess.action_to_move(action, state.board()).to_lan()


def key(fen):
    return " ".join(fen.split()[:4])


class Game:
    def __init__(self, setup):
        self.state = GAME.new_initial_state(setup.get("fen") or START)
        self.keys = [key(self.state.board().to_fen())]

    def legal(self):
        if self.state.is_terminal():
            return {}
        return {lan(self.state, a): a for a in self.state.legal_actions()}

    def play(self, move):
        acts = self.legal()
        if move not in acts:
            raise ValueError("OpenSpiel does not play %s here" % move)
        self.state.apply_action(acts[move])
        self.keys.append(key(self.state.board().to_fen()))

    def outcome(self):
        s = self.state
        if not s.is_terminal():
            return "ongoing"
        r = s.returns()
        if r[0] != r[1]:
            return {("white" if r[1] > r[0] else "black") + "-wins": "checkmate"}
        if not s.board().has_legal_moves():
            return {"draw": "stalemate"}
        if self.keys.count(self.keys[-1]) >= 3:
            return {"draw": "threefold-repetition"}
        if int(s.board().to_fen().split()[4]) >= 100:
            return {"draw": "fifty-moves"}
        return {"draw": "insufficient-material"}


def answer(req):
    reply = {"protocol": 1, "id": req.get("id", 0)}
    query = req.get("query")
    if query == "hello":
        reply.update(name="openspiel-chess", version="2.0.2", capabilities=["outcome", "position"],
                     games=["chess"], profiles=["openspiel"])
        return reply
    if req.get("game") != "chess":
        reply["error"] = {"kind": "unsupported", "message": "chess only"}
        return reply
    prof = req.get("profile")
    name = prof if isinstance(prof, str) else (prof or {}).get("name")
    if name != "openspiel" or (isinstance(prof, dict) and len(prof) > 1):
        reply["error"] = {"kind": "unsupported", "message": "OpenSpiel's chess plays its own rules only (profile openspiel)"}
        return reply
    try:
        g = Game(req.get("setup") or {})
    except Exception as e:  # noqa: BLE001 - OpenSpiel refuses the FEN
        reply["error"] = {"kind": "bad-request", "message": str(e), "field": "setup.fen"}
        return reply
    for m in req.get("moves") or []:
        g.play(m)
    if query == "legal-moves":
        reply["legal-moves"] = sorted(g.legal())
    elif query == "state":
        reply.update(outcome=g.outcome(), position={"fen": g.state.board().to_fen()})
    else:
        reply["error"] = {"kind": "unsupported", "message": "no %s" % query}
    return reply


def main():
    serve(answer)


if __name__ == "__main__":
    main()
