#!/usr/bin/env python3
"""A naive Dame engine speaking protocol 1 (spec/protocol.md,
spec/dame/protocol.md): the kind of third-party program `arbiter conform`
is for. It plays English checkers whatever the profile says: men move and
capture forward only, a crowned stone moves one square, a capture is
compulsory and carried to the end, crowning ends the move. It honours the
profile's `first` switch and nothing else, so it conforms under `english`
and departs from `seed-004` (huffing, flying Dame) and `damenspiel` (men
capturing backward, flying Dame landing anywhere beyond); the departures it
is expected to show are listed in expected-failures.txt.

Standard library only. One JSON request per line in, one reply per line out.
"""

import json
import sys

DIRS = [(1, 1), (-1, 1), (1, -1), (-1, -1)]


def sq(name):
    return (ord(name[0]) - ord("a"), int(name[1]) - 1)


def name(s):
    return "%s%d" % (chr(ord("a") + s[0]), s[1] + 1)


def on_board(s):
    return 0 <= s[0] < 8 and 0 <= s[1] < 8


def forward(side):
    return 1 if side == "white" else -1


class Position:
    def __init__(self, setup, profile):
        self.board = {}
        for side in ("white", "black"):
            for s, kind in (setup.get(side) or {}).items():
                self.board[sq(s)] = (side, kind)
        self.to_move = setup.get("to-move") or profile.get("first", "white")
        self.last_captures = []

    def dirs(self, side, kind):
        if kind == "dame":
            return DIRS
        return [d for d in DIRS if d[1] == forward(side)]

    def jumps(self, at, side, kind, taken, origin):
        for d in self.dirs(side, kind):
            over = (at[0] + d[0], at[1] + d[1])
            to = (at[0] + 2 * d[0], at[1] + 2 * d[1])
            if not on_board(to) or over in taken:
                continue
            stone = self.board.get(over)
            if stone is None or stone[0] == side:
                continue
            if to in self.board and to != origin:
                continue
            yield over, to

    def chains(self, start):
        side, kind = self.board[start]
        out = []

        def search(at, kind, path, taken):
            extended = False
            for over, to in self.jumps(at, side, kind, taken, start):
                extended = True
                crowned = kind == "man" and to[1] == (7 if side == "white" else 0)
                if crowned:
                    out.append(path + [to])
                else:
                    search(to, kind, path + [to], taken + [over])
            if not extended and len(path) > 1:
                out.append(path)

        search(start, kind, [start], [])
        return out

    def legal(self):
        own = [s for s, (side, _) in self.board.items() if side == self.to_move]
        caps = [c for s in own for c in self.chains(s)]
        if caps:
            return ["x".join(name(s) for s in c) for c in caps]
        out = []
        for s in own:
            side, kind = self.board[s]
            for d in self.dirs(side, kind):
                t = (s[0] + d[0], s[1] + d[1])
                if on_board(t) and t not in self.board:
                    out.append("%s-%s" % (name(s), name(t)))
        return out

    def play(self, action):
        if action.startswith("huff "):
            # Not a rule of this engine; remove the stone as asked.
            self.board.pop(sq(action[5:].strip()), None)
            self.last_captures = []
            return
        parts = [sq(p) for p in action.replace("-", "x").split("x")]
        side, kind = self.board.pop(parts[0])
        self.last_captures = []
        if "x" in action:
            for a, b in zip(parts, parts[1:]):
                mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
                self.board.pop(mid, None)
                self.last_captures.append(name(mid))
        end = parts[-1]
        if kind == "man" and end[1] == (7 if side == "white" else 0):
            kind = "dame"
        self.board[end] = (side, kind)
        self.to_move = "black" if side == "white" else "white"

    def outcome(self):
        other = "black" if self.to_move == "white" else "white"
        if not any(side == self.to_move for side, _ in self.board.values()):
            return {other + "-wins": "all-captured"}
        if not self.legal():
            return {other + "-wins": "no-legal-move"}
        return "ongoing"


def answer(req):
    reply = {"protocol": 1, "id": req.get("id", 0)}
    query = req.get("query")
    if query == "hello":
        reply.update(name="python-dame-naive", version="1", capabilities=["outcome", "captures"], games=["dame"])
        return reply
    if req.get("game") != "dame":
        reply["error"] = {"kind": "unsupported", "message": "plays dame only"}
        return reply
    pos = Position(req["setup"], req["profile"])
    for m in req.get("moves") or []:
        pos.play(m)
    if query == "legal-moves":
        reply["legal-moves"] = [] if pos.outcome() != "ongoing" else pos.legal()
    elif query == "state":
        reply.update(outcome=pos.outcome(), captures=pos.last_captures)
    else:
        reply["error"] = {"kind": "unsupported", "message": "no %s" % query}
    return reply


def reply(req):
    """The whole reply to one request (a dict): what main() writes for a
    request line, and what `arbiter.conform(reply, ...)` calls in-process
    (docs/python.md, "Conformance in-process")."""
    try:
        return answer(req)
    except Exception as e:  # a bug of this engine: report, keep serving
        return {"protocol": 1, "id": req.get("id", 0), "error": {"kind": "internal", "message": str(e)}}


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            out = reply(json.loads(line))
        except ValueError as e:
            out = {"protocol": 1, "id": 0, "error": {"kind": "bad-request", "message": str(e)}}
        sys.stdout.write(json.dumps(out) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
