"""A small, naive backgammon engine (standard library Python).

Written from the rules in spec/backgammon/rules.md, the way a hobbyist
might write one: each player's checkers are counted in that player's own
point numbers (1-24, 25 is the bar, 0 is borne off), and the legal plays of
a roll are found by trying every checker with every die in every order.

It is deliberately naive in three places (see README.md):

1. It plays as many dice as it can (BG-3.5) but does not know the rule
   that, when only one of two dice can be played, it must be the larger
   (BG-3.6): either single die is offered.
2. When bearing off, a die larger than the checker's distance takes it off
   from any point, even while a checker stands on a higher point (BG-6.4
   says only from the highest point).
3. The cube doubles without a ceiling: `cube.cap` is read and ignored, so
   a player may double a cube already at 64 (BG-8.3).
"""

OFF = 0
BAR = 25
PLAYERS = ("white", "black")


def other(player):
    return "black" if player == "white" else "white"


class Board:
    """Checkers of both players, each list indexed by that player's own
    point numbers: [0] borne off, [1..24] points, [25] bar."""

    def __init__(self, white, black):
        self.side = {"white": list(white), "black": list(black)}

    def copy(self):
        return Board(self.side["white"], self.side["black"])

    def key(self):
        return (tuple(self.side["white"]), tuple(self.side["black"]))

    def pips(self, player):
        c = self.side[player]
        return sum(p * c[p] for p in range(1, 26))

    def all_home(self, player):
        c = self.side[player]
        return sum(c[7:26]) == 0

    def step(self, player, frm, die):
        """Move one checker of `player` from `frm` by `die`. Returns the
        new board, the end point and whether it hit, or None when the step
        is not allowed."""
        me = self.side[player]
        opp = self.side[other(player)]
        if me[frm] == 0:
            return None
        if me[BAR] > 0 and frm != BAR:
            return None  # BG-5.2: the bar first
        to = frm - die
        if to <= 0:
            # Bearing off (BG-6.1, BG-6.2). Naive: a larger die takes a
            # checker off from any home point (BG-6.4 is not checked).
            if not self.all_home(player):
                return None
            to = OFF
        elif opp[25 - to] >= 2:
            return None  # BG-4.2: a closed point
        b = self.copy()
        bm = b.side[player]
        bo = b.side[other(player)]
        bm[frm] -= 1
        bm[to] += 1
        hit = False
        if to != OFF and bo[25 - to] == 1:
            bo[25 - to] = 0
            bo[BAR] += 1
            hit = True
        return b, to, hit

    def move_checker(self, player, frm, to):
        """Apply a step given by its ends, without looking at the dice
        (used to read a play written in any order)."""
        me = self.side[player]
        if frm < 0 or frm > 25 or to < 0 or to > 24 or to >= frm or me[frm] == 0:
            return None
        b = self.copy()
        bm = b.side[player]
        bo = b.side[other(player)]
        bm[frm] -= 1
        bm[to] += 1
        if to != OFF and bo[25 - to] == 1:
            bo[25 - to] = 0
            bo[BAR] += 1
        return b


def dice_orders(dice):
    a, b = dice
    if a == b:
        return [[a] * 4]
    return [[a, b], [b, a]]


def step_sort_key(step):
    # Sort steps by start point high to low, then end point high to low.
    return (-step[0], -step[1])


def legal_plays(board, player, dice):
    """The legal plays of a roll, as a dict from the resulting position to
    (steps, used dice), steps being the play's least key (protocol.md's
    canonical order). An empty dict means no checker can move."""
    found = {}  # key -> (n_dice, sorted steps, dice used)

    def search(b, order, i, steps, used):
        moved = False
        if i < len(order):
            die = order[i]
            for frm in range(25, 0, -1):
                r = b.step(player, frm, die)
                if r is None:
                    continue
                nb, to, _ = r
                moved = True
                search(nb, order, i + 1, steps + [(frm, to)], used + [die])
        if not moved and steps:
            k = b.key()
            srt = sorted(steps, key=step_sort_key)
            old = found.get(k)
            # Keep the spelling that uses the most dice, then the least key.
            if old is None or (-len(steps), srt) < (-old[0], old[1]):
                found[k] = (len(steps), srt, used)

    for order in dice_orders(dice):
        search(board, order, 0, [], [])
    if not found:
        return {}
    most = max(v[0] for v in found.values())
    # BG-3.5: as many dice as possible. (BG-3.6, the larger die, is not
    # enforced: that is simplification 1.)
    return {k: (v[1], v[2]) for k, v in found.items() if v[0] == most}


def hit_points(before, after, player):
    """Points (mover's numbers) where the play hit, high to low."""
    opp = other(player)
    ob, oa = before.side[opp], after.side[opp]
    return [p for p in range(24, 0, -1) if ob[25 - p] == 1 and oa[25 - p] == 0]


def spell(before, after, player, steps):
    hits = set(hit_points(before, after, player))
    out = []
    for frm, to in steps:
        s = ("bar" if frm == BAR else str(frm)) + "/" + ("off" if to == OFF else str(to))
        if to in hits:
            s += "*"
            hits.discard(to)
        out.append(s)
    return " ".join(out)


def parse_steps(text):
    steps = []
    for part in text.split():
        part = part.replace("*", "")
        if "/" not in part:
            return None
        a, b = part.split("/", 1)
        try:
            frm = BAR if a == "bar" else int(a)
            to = OFF if b == "off" else int(b)
        except ValueError:
            return None
        steps.append((frm, to))
    return steps


def apply_steps(board, player, steps):
    """The position a play written as `steps` leaves, trying the order as
    written and then the canonical order."""
    for order in (steps, sorted(steps, key=step_sort_key)):
        b = board
        for frm, to in order:
            b = b.move_checker(player, frm, to)
            if b is None:
                break
        if b is not None:
            return b
    return None
