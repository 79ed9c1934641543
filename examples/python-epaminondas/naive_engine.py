"""A deliberately naive Epaminondas engine, the third party in arbiter's
worked example (see adapter.py and expected-failures.txt).

It plays the rules of spec/epaminondas/rules.md with two simplifications a
hurried implementer might make:

- it has no symmetry rule at all (like AbstractPlay);
- it counts every enemy stone on the ray from the contacted stone to the
  edge, gaps included, and captures them all.

Squares are (file, rank) pairs from 0. Standard library only.
"""

DIRS = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]


class IllegalMove(Exception):
    pass


class Game:
    def __init__(self, files, ranks, white, black, to_move):
        self.files, self.ranks = files, ranks
        self.board = {}
        for sq in white:
            self.board[sq] = "white"
        for sq in black:
            self.board[sq] = "black"
        self.to_move = to_move
        self.last_captures = []

    def on(self, f, r):
        return 0 <= f < self.files and 0 <= r < self.ranks

    @staticmethod
    def other(side):
        return "black" if side == "white" else "white"

    def crossings(self, side):
        row = self.ranks - 1 if side == "white" else 0
        return sum(1 for (f, r), s in self.board.items() if s == side and r == row)

    def moves(self):
        """(front, to, count, captured squares) for every legal move."""
        side, out = self.to_move, []
        for (f, r), s in list(self.board.items()):
            if s != side:
                continue
            for df, dr in DIRS:
                line = 1
                while self.board.get((f - df * line, r - dr * line)) == side:
                    line += 1
                for count in range(1, line + 1):
                    for dist in range(1, count + 1):
                        t = (f + df * dist, r + dr * dist)
                        if not self.on(*t):
                            break
                        here = self.board.get(t)
                        if here == side:
                            break
                        if here is None:
                            out.append(((f, r), t, count, []))
                            continue
                        # The naive part: every enemy stone up to the edge.
                        enemy, k = [], 0
                        while self.on(t[0] + df * k, t[1] + dr * k):
                            sq = (t[0] + df * k, t[1] + dr * k)
                            if self.board.get(sq) == self.other(side):
                                enemy.append(sq)
                            k += 1
                        if len(enemy) < count:
                            out.append(((f, r), t, count, enemy))
                        break
        return out

    def play(self, front, to, count):
        for m in self.moves():
            if m[0] == front and m[1] == to and m[2] == count:
                break
        else:
            raise IllegalMove()
        side = self.to_move
        df = (to[0] > front[0]) - (to[0] < front[0])
        dr = (to[1] > front[1]) - (to[1] < front[1])
        dist = max(abs(to[0] - front[0]), abs(to[1] - front[1]))
        for sq in m[3]:
            del self.board[sq]
        movers = [(front[0] - df * i, front[1] - dr * i) for i in range(count)]
        for sq in movers:
            del self.board[sq]
        for f, r in movers:
            self.board[(f + df * dist, r + dr * dist)] = side
        self.last_captures = m[3]
        self.to_move = self.other(side)

    def outcome(self):
        me = self.to_move
        if self.crossings(me) > self.crossings(self.other(me)):
            return {"%s-wins" % me: "crossing"}
        if not self.moves():
            return {"%s-wins" % self.other(me): "no-legal-move"}
        return "ongoing"
