#!/usr/bin/env python3
"""arbiter protocol 1 adapter (spec/protocol.md) around DeepMind OpenSpiel's
`checkers` game (`pip install open_spiel`), for the Dame corpus under the
`openspiel` profile (spec/dame/profiles.md).

OpenSpiel's Python API cannot set a checkers position: a state is reached
only by actions from the start. So this adapter plays a case only when its
setup is the start position (`{"start": true}`, or the same stones spelled
out with Black to move) and declines every other setup with `unsupported`
in reply to `legal-moves` (the case is then *not played*, not failed).

Board mapping: OpenSpiel's player 0 (`o`) starts on rows 1-3 and moves
first; arbiter's Black starts on ranks 6-8 and moves first under
`english`/`openspiel`. A square is turned half a turn: OpenSpiel's a1 is
arbiter's h8. One OpenSpiel action is one jump; a capture of several
stones is the same player's consecutive actions, joined here into one
arbiter capture `c3xe5xg7`.

The adapter holds no rule of its own: legal moves, captures and the end of
the game are OpenSpiel's.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from serve_lines import serve  # noqa: E402

import pyspiel

GAME = pyspiel.load_game("checkers")
OPENSPIEL_SWITCHES = {
    "first": "black", "capture": "compulsory", "men-capture-backward": False,
    "dame": {"range": "short"}, "crowning": "ends-move", "majority": "free",
    "draw": {"no-progress-plies": 40, "man-move-resets": False},
}


def to_arbiter(sq):
    f, r = ord(sq[0]) - ord("a"), int(sq[1]) - 1
    return "%s%d" % (chr(ord("a") + 7 - f), 8 - r)


def to_openspiel(sq):
    return to_arbiter(sq.lower())  # half a turn is its own inverse


def start_setup():
    white, black = {}, {}
    for r in range(8):
        for f in range(8):
            if (f + r) % 2 == 0:
                name = "%s%d" % (chr(ord("a") + f), r + 1)
                if r < 3:
                    white[name] = "man"
                elif r > 4:
                    black[name] = "man"
    return white, black


def is_start(setup):
    if setup.get("start"):
        return True
    white, black = start_setup()
    to_move = setup.get("to-move")
    return (setup.get("white") or {}) == white and (setup.get("black") or {}) == black \
        and to_move in (None, "black")


def profile_ok(profile):
    if profile == "openspiel" or profile == {"name": "openspiel"}:
        return True
    if not isinstance(profile, dict):
        return False
    for k, v in OPENSPIEL_SWITCHES.items():
        if isinstance(v, dict):
            got = profile.get(k) or {}
            if any(got.get(kk) != vv for kk, vv in v.items()):
                return False
        elif profile.get(k) != v:
            return False
    return True


def turns(state):
    """Every whole turn from `state`: (arbiter notation, state after)."""
    player = state.current_player()
    out = []

    def walk(s, path, jumped):
        for a in s.legal_actions():
            text = s.action_to_string(a)
            frm, to = text[:2], text[2:4]
            jump = abs(ord(frm[0]) - ord(to[0])) == 2
            t = s.clone()
            t.apply_action(a)
            p = (path or [to_arbiter(frm)]) + [to_arbiter(to)]
            if jump and not t.is_terminal() and t.current_player() == player:
                walk(t, p, True)
            else:
                out.append(("x".join(p) if jump else "-".join(p), t))

    walk(state, [], False)
    return out


def play(moves):
    s = GAME.new_initial_state()
    captures = []
    for m in moves:
        if s.is_terminal():
            raise ValueError("move %s after the end of the game" % m)
        for text, t in turns(s):
            if text == m.lower():
                before = pieces(s)
                s = t
                after = pieces(s)
                gone = {sq for sq in before if sq not in after and before[sq][0] != before_side(before, m)}
                captures = [sq for sq in jumped_over(m) if sq in gone]  # in the order jumped
                break
        else:
            raise ValueError("OpenSpiel does not play %s here" % m)
    return s, captures


def jumped_over(move):
    path = move.lower().split("x")
    out = []
    for a, b in zip(path, path[1:]):
        out.append("%s%d" % (chr((ord(a[0]) + ord(b[0])) // 2), (int(a[1]) + int(b[1])) // 2))
    return out


def before_side(board, move):
    return board[move[:2].lower()][0]


def pieces(state):
    """arbiter square -> (side, kind) from OpenSpiel's board text."""
    rows = str(state).splitlines()
    out = {}
    for line in rows:
        if len(line) < 9 or not line[0].isdigit():
            continue
        r = int(line[0])
        for f, ch in enumerate(line[1:9]):
            if ch in "oO+*":
                side = "black" if ch in "oO" else "white"
                kind = "dame" if ch in "O*" else "man"
                out[to_arbiter("%s%d" % (chr(ord("a") + f), r))] = (side, kind)
    return out


def outcome(state):
    if not state.is_terminal():
        return "ongoing"
    ret = state.returns()
    if ret[0] == ret[1]:
        return {"draw": "no-progress"}
    winner = "black" if ret[0] > ret[1] else "white"
    loser = "white" if winner == "black" else "black"
    left = [p for p in pieces(state).values() if p[0] == loser]
    return {winner + "-wins": "all-captured" if not left else "no-legal-move"}


def answer(req):
    reply = {"protocol": 1, "id": req.get("id", 0)}
    query = req.get("query")
    if query == "hello":
        reply.update(name="openspiel-checkers", version=pyspiel.__version__ if hasattr(pyspiel, "__version__") else "2",
                     capabilities=["outcome", "captures"], games=["dame"], profiles=["openspiel"])
        return reply
    if req.get("game") != "dame":
        reply["error"] = {"kind": "unsupported", "message": "this adapter plays OpenSpiel's checkers (dame) only"}
        return reply
    if not profile_ok(req.get("profile")):
        reply["error"] = {"kind": "unsupported", "message": "OpenSpiel's checkers plays only the openspiel profile"}
        return reply
    if not is_start(req.get("setup") or {}):
        reply["error"] = {"kind": "unsupported",
                          "message": "OpenSpiel's Python API cannot set a checkers position; only the start is played"}
        return reply
    state, captures = play(req.get("moves") or [])
    if query == "legal-moves":
        reply["legal-moves"] = [] if state.is_terminal() else sorted(t for t, _ in turns(state))
    elif query == "state":
        reply.update(outcome=outcome(state), captures=captures)
    else:
        reply["error"] = {"kind": "unsupported", "message": "no %s" % query}
    return reply


def main():
    serve(answer)


if __name__ == "__main__":
    main()
