#!/usr/bin/env python3
"""arbiter protocol 1 adapter (spec/protocol.md, spec/backgammon/protocol.md)
around DeepMind OpenSpiel's `backgammon` game (`pip install open_spiel`),
for the backgammon corpus under the `no-cube` profile
(spec/backgammon/profiles.md): no doubling cube, no resignation, equal
opening dice rolled again, gammons and backgammons counted (OpenSpiel's
`scoring_type=full_scoring`). Under `no-cube+scoring.gammons=false` it
loads OpenSpiel's `winloss_scoring` instead.

OpenSpiel's Python API cannot set a backgammon position: a state is reached
only by actions from the start. So this adapter plays a case only when its
setup is the start position (BG-1.4) with the opening roll to come, or with
an opening roll of two different dice on the table, and declines every other
setup with `unsupported` (the case is then *not played*, not failed).

Sides and numbers: OpenSpiel's player 0 (`x`) is arbiter's white, player 1
(`o`) black. OpenSpiel writes a player's points in that player's own
numbers, as arbiter does. One OpenSpiel action moves up to two checkers (one
per die); a double is two actions of the same player. A whole turn is the
player's consecutive actions, and the turns that leave the same position
are one play (BG-3.8), written in the canonical spelling of
spec/backgammon/protocol.md: of the step sequences OpenSpiel lists for a
position, the one whose steps, sorted from the highest start (the bar is
25) and then the highest end (off is 0), compare least; `*` after the first
step (in that order) that ends on a point where the play hit.

The adapter holds no rule of its own: the dice, the legal plays, the hits
and the end of the game and its points are OpenSpiel's; the adapter only
renames, groups and counts.
"""

import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from serve_lines import serve  # noqa: E402

import pyspiel

GAMES = {
    True: pyspiel.load_game("backgammon", {"scoring_type": "full_scoring"}),
    False: pyspiel.load_game("backgammon", {"scoring_type": "winloss_scoring"}),
}
SIDES = ("white", "black")
BAR = 100  # OpenSpiel's position of the bar in its checker moves
PASS = -1
START = {"24": 2, "13": 5, "8": 3, "6": 5}


def version():
    try:
        from importlib.metadata import version as v
        return v("open_spiel")
    except Exception:  # noqa: BLE001 - only the hello's version field
        return "2"


# --- reading OpenSpiel's state -------------------------------------------

def point(player, pos):
    """OpenSpiel's absolute position -> the player's own point number."""
    if pos == BAR:
        return 25
    return 24 - pos if player == 0 else pos + 1


def board(state, player):
    """The player's checkers: own point number -> count."""
    out = {}
    for pos in range(24):
        n = state.board(player, pos)
        if n:
            out[point(player, pos)] = n
    return out


def bar_and_off(state):
    text = str(state)
    bar = re.search(r"^Bar:(.*)$", text, re.M).group(1)
    off = re.search(r"^Scores, X: (\d+), O: (\d+)", text, re.M)
    return (bar.count("x"), bar.count("o")), (int(off.group(1)), int(off.group(2)))


def dice_of(state):
    """The roll on the table, as a list of dice (four for a double)."""
    m = re.search(r"^Dice: (\d*)$", str(state), re.M)
    d = [int(c) for c in m.group(1)] if m else []
    return d * 2 if len(d) == 2 and d[0] == d[1] else d


def pips(state):
    (bx, bo), _ = bar_and_off(state)
    out = {}
    for p, bar in ((0, bx), (1, bo)):
        out[SIDES[p]] = sum(k * n for k, n in board(state, p).items()) + 25 * bar
    return out


# --- dice ----------------------------------------------------------------

def roll_text(text):
    """`chance outcome 7 O starts, (roll: 51)` -> (starter or None, hi, lo)."""
    m = re.search(r"roll: (\d)(\d)", text)
    a, b = int(m.group(1)), int(m.group(2))
    starter = 0 if "X starts" in text else 1 if "O starts" in text else None
    return starter, max(a, b), min(a, b)


def dice_text(state, a):
    """OpenSpiel's chance outcome -> arbiter's dice action."""
    starter, hi, lo = roll_text(state.action_to_string(a))
    if starter is None:
        return "%d-%d" % (hi, lo)
    return "w%d-b%d" % ((hi, lo) if starter == 0 else (lo, hi))


def dice_actions(state):
    """arbiter's dice action -> OpenSpiel chance outcome (the first of
    OpenSpiel's two orders of a roll, `21` and `12`, which play alike)."""
    out = {}
    for a, _ in state.chance_outcomes():
        out.setdefault(dice_text(state, a), a)
    return out


def read_dice(text):
    """An arbiter dice action as it is written: `5-6` reads as `6-5`."""
    m = re.fullmatch(r"\s*([1-6])-([1-6])\s*", text)
    if m:
        a, b = int(m.group(1)), int(m.group(2))
        return "%d-%d" % (max(a, b), min(a, b))
    return text.strip().lower()


# --- plays ---------------------------------------------------------------

def steps_of(state, player, action):
    """OpenSpiel's action -> [(from, to, die)] in the mover's numbers."""
    out = []
    for cm in state.spiel_move_to_checker_moves(player, action):
        if cm.pos == PASS:
            continue
        frm = point(player, cm.pos)
        out.append((frm, max(frm - cm.num, 0), cm.num))
    return out


def key(steps):
    return sorted(((f, t) for f, t, _ in steps), reverse=True)


def spell(pairs, hit_points):
    marked = set()
    words = []
    for f, t in pairs:
        w = "%s/%s" % ("bar" if f == 25 else f, "off" if t == 0 else t)
        if t in hit_points and t not in marked:
            marked.add(t)
            w += "*"
        words.append(w)
    return " ".join(words)


def plays(state):
    """Every play of the roll on the table: canonical spelling -> play.

    A play is a dict: `state` (OpenSpiel's state after it), `steps` (the
    canonical steps), `hits` (points hit, mover's numbers, high to low),
    `unused` (dice left unused), `borne-off`, `spellings` (every step
    multiset that leaves the position, sorted, without hit marks)."""
    player = state.current_player()
    dice = dice_of(state)
    opp = 1 - player
    before = board(state, opp)
    _, off0 = bar_and_off(state)
    groups = {}

    def walk(s, steps):
        for a in s.legal_actions():
            t = s.clone()
            t.apply_action(a)
            st = steps + steps_of(s, player, a)
            if not t.is_terminal() and not t.is_chance_node() and t.current_player() == player:
                walk(t, st)
            else:
                g = groups.setdefault(str(t), {"state": t, "keys": []})
                g["keys"].append(st)

    walk(state, [])
    out = {}
    for g in groups.values():
        t = g["state"]
        after = board(t, opp)
        # A point of the mover's numbers p is the opponent's 25 - p.
        hit_points = sorted((25 - q for q, n in before.items() if n == 1 and after.get(q, 0) == 0), reverse=True)
        best = min(g["keys"], key=key)
        used = sorted(d for _, _, d in best)
        unused = list(dice)
        for d in used:
            unused.remove(d)
        _, off1 = bar_and_off(t)
        text = spell(key(best), set(hit_points)) if best else "pass"
        out[text] = {"state": t, "hits": hit_points, "unused": sorted(unused, reverse=True),
                     "borne-off": off1[player] - off0[player],
                     "spellings": {tuple(key(k)) for k in g["keys"]}}
    return out


def read_play(text):
    """A play as written -> its sorted (from, to) steps, or None."""
    if text.strip().lower() == "pass":
        return ()
    pairs = []
    for w in text.replace("*", "").lower().split():
        m = re.fullmatch(r"(bar|\d+)/(off|\d+)", w)
        if not m:
            return None
        pairs.append((25 if m.group(1) == "bar" else int(m.group(1)), 0 if m.group(2) == "off" else int(m.group(2))))
    return tuple(sorted(pairs, reverse=True))


# --- requests ------------------------------------------------------------

def profile_gammons(profile):
    """True/False for the scoring OpenSpiel can load, None when it plays no such rules."""
    if profile == "no-cube" or profile == {"name": "no-cube"}:
        return True
    if profile == "no-cube+scoring.gammons=false":
        return False
    if not isinstance(profile, dict):
        return None
    cube = profile.get("cube") or {}
    scoring = profile.get("scoring") or {}
    if cube.get("enabled") is not False or cube.get("opening-doubles", "reroll") != "reroll":
        return None
    if scoring.get("resign", "none") != "none" or scoring.get("gammons") not in (True, False):
        return None
    return scoring["gammons"]


def start_state(game, setup):
    """OpenSpiel's state for the setup, or None when it cannot be set."""
    if not isinstance(setup, dict):
        return None
    std = setup.get("start") == "standard"
    for side in SIDES:
        army = setup.get(side)
        if army is None and std:
            continue
        if {str(k): v for k, v in (army or {}).items() if v} != START:
            return None
    for field in ("bar", "off"):
        if any((setup.get(field) or {}).get(s, 0) for s in SIDES):
            return None
    cube = setup.get("cube") or {"value": 1, "owner": None}
    if cube.get("value", 1) != 1 or cube.get("owner") is not None:
        return None
    if setup.get("roll-next"):
        return None
    state = game.new_initial_state()
    dice = setup.get("dice")
    if dice:
        m = re.fullmatch(r"([1-6])-([1-6])", str(dice))
        to_move = setup.get("to-move")
        if not m or m.group(1) == m.group(2) or to_move not in SIDES or setup.get("opening"):
            return None
        hi, lo = sorted((int(m.group(1)), int(m.group(2))), reverse=True)
        opening = "w%d-b%d" % ((hi, lo) if to_move == "white" else (lo, hi))
        state.apply_action(dice_actions(state)[opening])
        return state
    opening = setup.get("opening")
    if opening is None:
        opening = std and "to-move" not in setup
    return state if opening else None


class Refused(Exception):
    pass


def play_moves(state, moves):
    """Plays `moves` from `state`; returns (state, last action's facts, last mover)."""
    facts = {"hits": [], "unused": [], "borne-off": 0}
    mover = None
    for m in moves:
        if state.is_terminal():
            raise Refused("%s after the end of the game" % m)
        if state.is_chance_node():
            acts = dice_actions(state)
            a = acts.get(read_dice(m))
            if a is None:
                raise Refused("OpenSpiel rolls no %s here" % m)
            if len(acts) == 30:
                starter, _, _ = roll_text(state.action_to_string(a))
                mover = starter
            state = state.child(a)
            facts = {"hits": [], "unused": [], "borne-off": 0}
            continue
        want = read_play(m)
        player = state.current_player()
        for p in plays(state).values():
            if want in p["spellings"]:
                state = p["state"]
                facts = p
                mover = player
                break
        else:
            raise Refused("OpenSpiel does not play %s here" % m)
    return state, facts, mover


def outcome(state):
    if not state.is_terminal():
        return "ongoing"
    r = state.returns()
    if r[0] == r[1]:
        # OpenSpiel ends a game at its turn limit (max_player_turns) with
        # no winner: arbiter has no such end, said as it is.
        return {"draw": "openspiel-turn-limit"}
    w = 0 if r[0] > r[1] else 1
    pts = int(round(abs(r[w])))
    return {SIDES[w] + "-wins": {"by": {1: "single", 2: "gammon", 3: "backgammon"}.get(pts, "single"), "points": pts}}


def position(state, mover, next_roller):
    (bx, bo), (ox, oo) = bar_and_off(state)
    pos = {"white": {str(k): v for k, v in board(state, 0).items()},
           "black": {str(k): v for k, v in board(state, 1).items()},
           "bar": {"white": bx, "black": bo}, "off": {"white": ox, "black": oo},
           "cube": {"value": 1, "owner": None}, "dice": None, "opening": False, "roll-next": False}
    if state.is_terminal():
        pos["to-move"] = SIDES[mover]
    elif state.is_chance_node():
        if len(state.chance_outcomes()) == 30:
            pos["to-move"], pos["opening"] = "white", True
        else:
            pos["to-move"], pos["roll-next"] = SIDES[next_roller], True
    else:
        d = dice_of(state)
        pos["to-move"] = SIDES[state.current_player()]
        pos["dice"] = "%d-%d" % (max(d[:2]), min(d[:2]))
    return pos


def state_fields(state, facts, mover):
    """The fields of a `state` reply after the last action (`facts`, by
    `mover`, None before anyone has moved)."""
    out = {"outcome": outcome(state), "hits": facts["hits"], "unused-dice": facts["unused"],
           "borne-off": facts["borne-off"], "pips": pips(state)}
    out["position"] = position(state, mover, None if mover is None else 1 - mover)
    return out


def answer(req):
    reply = {"protocol": 1, "id": req.get("id", 0)}
    query = req.get("query")
    if query == "hello":
        reply.update(name="openspiel-backgammon", version=version(),
                     capabilities=["outcome", "hits", "unused-dice", "borne-off", "pips", "position"],
                     games=["backgammon"])
        return reply
    if req.get("game", "backgammon") != "backgammon":
        reply["error"] = {"kind": "unsupported", "message": "this adapter plays OpenSpiel's backgammon only"}
        return reply
    gammons = profile_gammons(req.get("profile"))
    if gammons is None:
        reply["error"] = {"kind": "unsupported",
                          "message": "OpenSpiel's backgammon has no cube and no resignation: only no-cube is played"}
        return reply
    state = start_state(GAMES[gammons], req.get("setup"))
    if state is None:
        reply["error"] = {"kind": "unsupported",
                          "message": "OpenSpiel's Python API cannot set a backgammon position; only the start is played"}
        return reply
    opening_mover = None if state.is_chance_node() else state.current_player()
    try:
        state, facts, mover = play_moves(state, req.get("moves") or [])
    except Refused as e:
        reply["error"] = {"kind": "bad-request", "message": str(e)}
        return reply
    if mover is None:
        mover = opening_mover
    if query == "legal-moves":
        if state.is_terminal():
            reply["legal-moves"] = []
        elif state.is_chance_node():
            reply["legal-moves"] = sorted(dice_actions(state))
        else:
            reply["legal-moves"] = sorted(plays(state))
    elif query == "state":
        reply.update(state_fields(state, facts, mover))
    else:
        reply["error"] = {"kind": "unsupported", "message": "no %s" % query}
    return reply


def main():
    serve(answer)


if __name__ == "__main__":
    main()
