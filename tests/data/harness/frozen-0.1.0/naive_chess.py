"""A deliberately naive chess engine, standing in for a third-party one.

Its moves are right (pseudo-legal moves filtered by king safety, castling,
en passant, promotion), but it takes two shortcuts that real engines take:

- a position, for repetition, is the placement and the side to move only:
  castling rights and en-passant rights are ignored;
- the only draw for material is king against king.

It plays threefold repetition as an automatic draw and has no move-count
rule, so it plays only arbiter's `seed` profile. Standard library only.
"""

FILES = "abcdefgh"
KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
KING = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]
ROOK = [(1, 0), (0, 1), (-1, 0), (0, -1)]
BISHOP = [(1, 1), (-1, 1), (-1, -1), (1, -1)]


def sq(name):
    return (FILES.index(name[0]), int(name[1]) - 1)


def name(s):
    return "%s%d" % (FILES[s[0]], s[1] + 1)


def on_board(f, r):
    return 0 <= f < 8 and 0 <= r < 8


class Position:
    def __init__(self, fen):
        parts = fen.split()
        self.board = {}
        for i, row in enumerate(parts[0].split("/")):
            f = 0
            for c in row:
                if c.isdigit():
                    f += int(c)
                else:
                    self.board[(f, 7 - i)] = c
                    f += 1
        self.white = parts[1] == "w"
        self.castling = "" if parts[2] == "-" else parts[2]
        self.ep = None if parts[3] == "-" else sq(parts[3])

    def copy(self):
        p = Position.__new__(Position)
        p.board = dict(self.board)
        p.white, p.castling, p.ep = self.white, self.castling, self.ep
        return p

    def mine(self, c):
        return c.isupper() == self.white

    def attacked(self, s, by_white):
        for (f, r), c in self.board.items():
            if c.isupper() != by_white:
                continue
            df, dr = s[0] - f, s[1] - r
            k = c.lower()
            if k == "p":
                if abs(df) == 1 and dr == (1 if by_white else -1):
                    return True
            elif k == "n":
                if (df, dr) in KNIGHT:
                    return True
            elif k == "k":
                if (df, dr) in KING:
                    return True
            else:
                lines = {"r": ROOK, "b": BISHOP, "q": ROOK + BISHOP}[k]
                for (lf, lr) in lines:
                    x, y = f + lf, r + lr
                    while on_board(x, y):
                        if (x, y) == s:
                            return True
                        if (x, y) in self.board:
                            break
                        x, y = x + lf, y + lr
        return False

    def king(self, white):
        k = "K" if white else "k"
        return next(s for s, c in self.board.items() if c == k)

    def in_check(self):
        return self.attacked(self.king(self.white), not self.white)

    def pseudo(self):
        out = []
        up = 1 if self.white else -1
        for (f, r), c in list(self.board.items()):
            if not self.mine(c):
                continue
            k = c.lower()
            if k == "p":
                last = 7 if self.white else 0
                one = (f, r + up)
                promos = "qrbn" if one[1] == last else [None]
                if on_board(*one) and one not in self.board:
                    out += [((f, r), one, p) for p in promos]
                    two = (f, r + 2 * up)
                    if r == (1 if self.white else 6) and two not in self.board:
                        out.append(((f, r), two, None))
                for df in (-1, 1):
                    t = (f + df, r + up)
                    if not on_board(*t):
                        continue
                    if (t in self.board and not self.mine(self.board[t])) or t == self.ep:
                        promos = "qrbn" if t[1] == last else [None]
                        out += [((f, r), t, p) for p in promos]
            elif k in "nk":
                for df, dr in (KNIGHT if k == "n" else KING):
                    t = (f + df, r + dr)
                    if on_board(*t) and (t not in self.board or not self.mine(self.board[t])):
                        out.append(((f, r), t, None))
            else:
                for lf, lr in {"r": ROOK, "b": BISHOP, "q": ROOK + BISHOP}[k]:
                    x, y = f + lf, r + lr
                    while on_board(x, y):
                        if (x, y) in self.board:
                            if not self.mine(self.board[(x, y)]):
                                out.append(((f, r), (x, y), None))
                            break
                        out.append(((f, r), (x, y), None))
                        x, y = x + lf, y + lr
        rank = 0 if self.white else 7
        for right, rook_f, empty, passed in (("K", 7, [5, 6], 5), ("Q", 0, [1, 2, 3], 3)):
            if (right if self.white else right.lower()) not in self.castling:
                continue
            if any((x, rank) in self.board for x in empty):
                continue
            if self.attacked((4, rank), not self.white) or self.attacked((passed, rank), not self.white):
                continue
            out.append(((4, rank), (6 if rook_f == 7 else 2, rank), None))
        return out

    def play(self, mv):
        frm, to, promo = mv
        p = self.copy()
        c = p.board.pop(frm)
        capture = to in p.board
        if c.lower() == "p" and to == self.ep and frm[0] != to[0]:
            del p.board[(to[0], frm[1])]
            capture = True
        if c.lower() == "k" and abs(to[0] - frm[0]) == 2:
            rook_from = (7 if to[0] == 6 else 0, frm[1])
            p.board[(5 if to[0] == 6 else 3, frm[1])] = p.board.pop(rook_from)
        p.board[to] = (promo.upper() if c.isupper() else promo) if promo else c
        lost = ""
        if c == "K":
            lost += "KQ"
        if c == "k":
            lost += "kq"
        for corner, right in (((7, 0), "K"), ((0, 0), "Q"), ((7, 7), "k"), ((0, 7), "q")):
            if corner in (frm, to):
                lost += right
        p.castling = "".join(x for x in p.castling if x not in lost)
        p.ep = (frm[0], (frm[1] + to[1]) // 2) if c.lower() == "p" and abs(to[1] - frm[1]) == 2 else None
        p.white = not self.white
        return p, capture

    def legal(self):
        out = []
        for mv in self.pseudo():
            after, _ = self.play(mv)
            after.white = self.white
            if not after.in_check():
                out.append(mv)
        return out

    def key(self):
        # The shortcut: no castling rights, no en-passant right.
        return (tuple(sorted(self.board.items())), self.white)


def uci(mv):
    return name(mv[0]) + name(mv[1]) + (mv[2] or "")


class Game:
    def __init__(self, fen, moves):
        self.history = [Position(fen)]
        first = self.history[0]
        if first.attacked(first.king(not first.white), first.white):
            raise ValueError("the side not to move is in check: no legal move leads here (CH-1.2)")
        for m in moves:
            pos = self.history[-1]
            mv = next((x for x in pos.legal() if uci(x) == m), None)
            if mv is None:
                raise ValueError("illegal move %s" % m)
            self.history.append(pos.play(mv)[0])

    def repetitions(self):
        k = self.history[-1].key()
        return sum(1 for p in self.history if p.key() == k)

    def outcome(self):
        pos = self.history[-1]
        if not pos.legal():
            if pos.in_check():
                return {"black-wins" if pos.white else "white-wins": "checkmate"}
            return {"draw": "stalemate"}
        if len(pos.board) == 2:
            return {"draw": "insufficient-material"}
        if self.repetitions() >= 3:
            return {"draw": "threefold-repetition"}
        return "ongoing"

    def legal_moves(self):
        if self.outcome() != "ongoing":
            return []
        return [uci(m) for m in self.history[-1].legal()]
