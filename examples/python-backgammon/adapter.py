#!/usr/bin/env python3
"""Protocol-1 adapter for naive_backgammon.py, arbiter's worked third-party
example for backgammon (spec/protocol.md, spec/backgammon/protocol.md):

    arbiter conform --game backgammon --mode persistent \
        --xfail examples/python-backgammon/expected-failures.txt \
        -- python3 examples/python-backgammon/adapter.py

It answers `hello`, `legal-moves` and `state` (outcome, cube, hits,
unused-dice, borne-off, pips); it does not answer `judge`. One JSON request
per line on stdin, one JSON reply per line on stdout. Standard library only.
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import naive_backgammon as bg  # noqa: E402

PROTOCOL = 1
CAPABILITIES = ["outcome", "cube", "hits", "unused-dice", "borne-off", "pips"]
ROLLS = ["%d-%d" % (a, b) for a in range(6, 0, -1) for b in range(a, 0, -1)]
OPENINGS = ["w%d-b%d" % (w, b) for w in range(1, 7) for b in range(1, 7) if w != b]


class Declined(Exception):
    pass


class BadRequest(Exception):
    pass


class Rules:
    """The profile switches this engine plays; anything else is declined."""

    def __init__(self, profile):
        profile = profile or {}
        for section in profile:
            if section not in ("name", "cube", "scoring"):
                raise Declined("unknown profile section %r" % section)
        cube = profile.get("cube") or {}
        scoring = profile.get("scoring") or {}
        for k in cube:
            if k not in ("enabled", "cap", "jacoby", "opening-doubles"):
                raise Declined("unknown switch cube.%s" % k)
        for k in scoring:
            if k not in ("gammons", "resign"):
                raise Declined("unknown switch scoring.%s" % k)
        self.cube = bool(cube.get("enabled", True))
        # cube.cap is read and ignored: simplification 3.
        self.jacoby = bool(cube.get("jacoby", False))
        if cube.get("opening-doubles", "reroll") != "reroll":
            raise Declined("equal opening dice are always rolled again here")
        self.gammons = bool(scoring.get("gammons", True))
        self.resign = scoring.get("resign", "none")
        if self.resign not in ("none", "backgammon"):
            raise Declined("scoring.resign=%s is not implemented" % self.resign)


class Game:
    def __init__(self, rules, setup):
        self.rules = rules
        sides = {}
        for p in bg.PLAYERS:
            c = [0] * 26
            for point, n in (setup.get(p) or {}).items():
                c[int(point)] += int(n)
            c[bg.BAR] = int((setup.get("bar") or {}).get(p, 0))
            c[bg.OFF] = int((setup.get("off") or {}).get(p, 0))
            if sum(c) != 15:
                raise BadRequest("%s does not have 15 checkers" % p)
            sides[p] = c
        if sides["white"][bg.OFF] == 15 and sides["black"][bg.OFF] == 15:
            raise BadRequest("both players have borne off all 15 (BG-7.6)")
        for point in range(1, 25):
            # White's point n is black's 25 - n (BG-1.3).
            if sides["white"][point] and sides["black"][25 - point]:
                raise BadRequest("white's point %d holds both colours (BG-4.4)" % point)
        self.board = bg.Board(sides["white"], sides["black"])
        cube = setup.get("cube") or {}
        self.cube_value = int(cube.get("value", 1))
        if self.cube_value < 1 or self.cube_value & (self.cube_value - 1):
            # 1, 2, 4, ...; no largest value here (simplification 3).
            raise BadRequest("a cube of %d is no power of two (BG-8.8)" % self.cube_value)
        self.cube_owner = cube.get("owner")
        self.to_move = setup.get("to-move", "white")
        self.dice = None
        self.outcome = "ongoing"
        if setup.get("opening"):
            self.phase = "opening"
        elif setup.get("dice"):
            self.phase = "play"
            self.dice = parse_roll(setup["dice"])
        elif setup.get("roll-next"):
            self.phase = "roll"
        else:
            self.begin_turn()
        self.last = {"hits": [], "unused-dice": [], "borne-off": 0}
        # A player with 15 off has already won (BG-7.6).
        for p in bg.PLAYERS:
            if self.board.side[p][bg.OFF] == 15:
                self.score(p)

    def may_double(self, player):
        return self.rules.cube and self.cube_owner in (None, player)

    def begin_turn(self):
        p = self.to_move
        if self.may_double(p) or self.rules.resign == "backgammon":
            self.phase = "decide"
        else:
            self.phase = "roll"

    def plays(self):
        return bg.legal_plays(self.board, self.to_move, self.dice)

    def legal(self):
        if self.phase == "over":
            return []
        if self.phase == "opening":
            return list(OPENINGS)
        if self.phase == "decide":
            acts = ["roll"]
            if self.may_double(self.to_move):
                acts.append("double")
            if self.rules.resign == "backgammon":
                acts.append("resign")
            return acts
        if self.phase == "answer":
            return ["take", "drop"]
        if self.phase == "roll":
            return list(ROLLS)
        plays = self.plays()
        if not plays:
            return ["pass"]
        out = []
        for key, (steps, _) in plays.items():
            after = bg.Board(*key)
            out.append(bg.spell(self.board, after, self.to_move, steps))
        return out

    def win(self, winner, by, mult):
        if by in ("gammon", "backgammon"):
            if not self.rules.gammons or (
                self.rules.jacoby and self.cube_owner is None and self.cube_value == 1
            ):
                by, mult = "single", 1
        self.outcome = {winner + "-wins": {"by": by, "points": mult * self.cube_value}}
        self.phase = "over"

    def play(self, action):
        self.last = {"hits": [], "unused-dice": [], "borne-off": 0}
        a = action.strip()
        p = self.to_move
        if self.phase == "over":
            raise BadRequest("the game is over")
        if self.phase == "opening":
            if a not in OPENINGS:
                raise BadRequest("not an opening roll: %r" % a)
            w, b = int(a[1]), int(a[4])
            self.to_move = "white" if w > b else "black"
            self.dice = (max(w, b), min(w, b))
            self.phase = "play"
            return
        if self.phase == "decide":
            if a == "roll":
                self.phase = "roll"
            elif a == "double" and self.may_double(p):
                self.phase = "answer"
                self.to_move = bg.other(p)
            elif a == "resign" and self.rules.resign == "backgammon":
                self.win(bg.other(p), "resign", 3)
            else:
                raise BadRequest("%r is not legal before the roll" % a)
            return
        if self.phase == "answer":
            doubler = bg.other(p)
            if a == "take":
                self.cube_value *= 2
                self.cube_owner = p
                self.to_move = doubler
                self.phase = "roll"
            elif a == "drop":
                self.win(doubler, "drop", 1)
            else:
                raise BadRequest("%r is not an answer to a double" % a)
            return
        if self.phase == "roll":
            self.dice = parse_roll(a)
            self.phase = "play"
            return
        # The play of a roll.
        plays = self.plays()
        dice = list(self.dice) * (2 if self.dice[0] == self.dice[1] else 1)
        if a == "pass":
            if plays:
                raise BadRequest("pass while a checker can move")
            used = []
            after = self.board
        else:
            steps = bg.parse_steps(a)
            after = bg.apply_steps(self.board, p, steps) if steps else None
            if after is None or after.key() not in plays:
                raise BadRequest("not a legal play: %r" % a)
            used = plays[after.key()][1]
        for d in used:
            dice.remove(d)
        self.last = {
            "hits": bg.hit_points(self.board, after, p),
            "unused-dice": sorted(dice, reverse=True),
            "borne-off": after.side[p][bg.OFF] - self.board.side[p][bg.OFF],
        }
        self.board = after
        self.dice = None
        if after.side[p][bg.OFF] == 15:
            self.score(p)
            return
        self.to_move = bg.other(p)
        self.begin_turn()

    def score(self, p):
        """The win of p, who has borne off all 15 (BG-7.1 to BG-7.4)."""
        lc = self.board.side[bg.other(p)]
        if lc[bg.OFF] > 0:
            self.win(p, "single", 1)
        elif lc[bg.BAR] > 0 or sum(lc[19:25]) > 0:
            self.win(p, "backgammon", 3)
        else:
            self.win(p, "gammon", 2)

    def state(self):
        out = dict(self.last)
        out["outcome"] = self.outcome
        out["cube"] = {"value": self.cube_value, "owner": self.cube_owner}
        out["pips"] = {p: self.board.pips(p) for p in bg.PLAYERS}
        return out


def parse_roll(text):
    try:
        a, b = (int(x) for x in text.split("-"))
    except ValueError:
        raise BadRequest("not a roll: %r" % text)
    if not (1 <= a <= 6 and 1 <= b <= 6):
        raise BadRequest("not a roll: %r" % text)
    return (max(a, b), min(a, b))


def answer(req):
    query = req.get("query")
    if query == "hello":
        return {"name": "python-backgammon-naive", "version": "0.1",
                "capabilities": CAPABILITIES, "games": ["backgammon"]}
    if req.get("game", "backgammon") != "backgammon":
        raise Declined("this engine plays backgammon only")
    if query not in ("legal-moves", "state"):
        raise Declined("query %r is not answered" % query)
    game = Game(Rules(req.get("profile")), req.get("setup") or {})
    moves = req.get("moves") or []
    for m in moves:
        game.play(m)
    if query == "legal-moves":
        return {"legal-moves": game.legal()}
    if not moves:
        raise BadRequest("state needs at least one action")
    return game.state()


def reply(req):
    """The whole reply to one request (a dict): what main() writes for a
    request line, and what `arbiter.conform(reply, ...)` calls in-process
    (docs/python.md, "Conformance in-process")."""
    try:
        out = answer(req)
    except Declined as e:
        out = {"error": {"kind": "unsupported", "message": str(e)}}
    except (BadRequest, ValueError, KeyError, TypeError) as e:
        out = {"error": {"kind": "bad-request", "message": str(e)}}
    except Exception as e:  # noqa: BLE001
        out = {"error": {"kind": "internal", "message": repr(e)}}
    out["protocol"] = PROTOCOL
    out["id"] = req.get("id", 0)
    return out


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            req = json.loads(line)
        except ValueError as e:
            out = {"protocol": PROTOCOL, "id": 0,
                   "error": {"kind": "bad-request", "message": str(e)}}
        else:
            out = reply(req)
        sys.stdout.write(json.dumps(out) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
