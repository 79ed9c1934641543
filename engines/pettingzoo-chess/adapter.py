#!/usr/bin/env python3
"""arbiter protocol 1 adapter around PettingZoo's chess environment
(`pip install "pettingzoo[classic]"`, `pettingzoo.classic.chess_v6`), run
under arbiter's chess profile `openspiel` (threefold repetition and the
fifty-move rule end the game by themselves, no claims), the nearest
profile: PettingZoo ends a game as soon as python-chess's
`can_claim_draw()` is true.

The environment's board is a python-chess `Board`, set from the request's
FEN; the side to move is made the environment's selected agent. Legal
moves are the environment's action mask, turned into UCI by PettingZoo's
`chess_utils.action_to_move`; an action is played with `env.step`. The
game is over when the environment says so (`terminations`); the reason is
named from the board PettingZoo holds (checkmate, stalemate, insufficient
material, then a threefold or fifty-move claim).

PettingZoo imports python-chess (GPL-3.0) at run time; nothing of either
is in this repository.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from serve_lines import serve  # noqa: E402

import chess
from pettingzoo.classic import chess_v6
from pettingzoo.classic.chess import chess_utils
from pettingzoo.utils import agent_selector as selector_mod

START = chess.STARTING_FEN


def make_env(fen):
    env = chess_v6.env()
    env.reset(seed=0)
    raw = env.unwrapped
    raw.board = chess.Board(fen)
    order = ["player_0", "player_1"] if raw.board.turn == chess.WHITE else ["player_1", "player_0"]
    Sel = getattr(selector_mod, "AgentSelector", None) or getattr(selector_mod, "agent_selector")
    raw._agent_selector = Sel(order)
    raw.agent_selection = raw._agent_selector.reset()
    return env


def legal(env):
    raw = env.unwrapped
    agent = raw.agent_selection
    if raw.terminations[agent] or raw.truncations[agent]:
        return {}
    mask = raw.observe(agent)["action_mask"]
    idx = raw.agents.index(agent)
    return {chess_utils.action_to_move(raw.board, int(a), idx).uci(): int(a)
            for a in range(len(mask)) if mask[a]}


def outcome(env):
    raw = env.unwrapped
    if not any(raw.terminations.values()):
        return "ongoing"
    b = raw.board
    if b.is_checkmate():
        return {("white" if b.turn == chess.BLACK else "black") + "-wins": "checkmate"}
    if b.is_stalemate():
        return {"draw": "stalemate"}
    if b.is_insufficient_material():
        return {"draw": "insufficient-material"}
    if b.can_claim_threefold_repetition():
        return {"draw": "threefold-repetition"}
    return {"draw": "fifty-moves"}


def answer(req):
    reply = {"protocol": 1, "id": req.get("id", 0)}
    query = req.get("query")
    if query == "hello":
        reply.update(name="pettingzoo-chess", version="chess_v6", capabilities=["outcome", "position"],
                     games=["chess"], profiles=["openspiel"])
        return reply
    if req.get("game") != "chess":
        reply["error"] = {"kind": "unsupported", "message": "chess only"}
        return reply
    prof = req.get("profile")
    name = prof if isinstance(prof, str) else (prof or {}).get("name")
    if name != "openspiel" or (isinstance(prof, dict) and len(prof) > 1):
        reply["error"] = {"kind": "unsupported", "message": "PettingZoo's chess is run under the profile openspiel only"}
        return reply
    try:
        env = make_env((req.get("setup") or {}).get("fen") or START)
    except ValueError as e:
        reply["error"] = {"kind": "bad-request", "message": str(e), "field": "setup.fen"}
        return reply
    for m in req.get("moves") or []:
        acts = legal(env)
        if m not in acts:
            raise ValueError("PettingZoo does not play %s here" % m)
        env.step(acts[m])
    if query == "legal-moves":
        reply["legal-moves"] = sorted(legal(env))
    elif query == "state":
        reply.update(outcome=outcome(env), position={"fen": env.unwrapped.board.fen()})
    else:
        reply["error"] = {"kind": "unsupported", "message": "no %s" % query}
    return reply


def main():
    serve(answer)


if __name__ == "__main__":
    main()
