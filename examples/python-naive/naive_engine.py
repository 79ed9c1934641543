"""A small, deliberately naive Stratego rules engine.

It stands for "your engine": it knows nothing about arbiter or its protocol
(adapter.py does the translating). It implements the rules of play on the
standard 10x10 board and the anti-repetition rule the way many engines do:

* a piece may not move back and forth between the same two squares more than
  LIMIT = 3 times in a row (the opponent's moves in between do not matter);
* "back and forth" means an exact reversal: the same piece moving from B back
  to A right after moving from A to B. There is no special clause for
  scouts, so a scout that sweeps over the same squares along a line without
  exactly reversing its last move starts a new count every time;
* there is no more-squares rule.

Squares are (file, rank) pairs counted from 0: A1 is (0, 0), J10 is (9, 9).
Standard library only.
"""

LIMIT = 3

FILES = RANKS = 10
LAKES = {(2, 4), (3, 4), (2, 5), (3, 5), (6, 4), (7, 4), (6, 5), (7, 5)}

STRENGTH = {
    "marshal": 10, "general": 9, "colonel": 8, "major": 7, "captain": 6,
    "lieutenant": 5, "sergeant": 4, "miner": 3, "scout": 2, "spy": 1,
}
IMMOVABLE = {"bomb", "flag"}
OTHER = {"red": "blue", "blue": "red"}
STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


class IllegalMove(Exception):
    """Raised by Game.play for a move the engine does not allow."""


class Piece:
    def __init__(self, color, rank):
        self.color = color
        self.rank = rank


def fight(attacker, defender):
    """Who survives an attack: 'attacker', 'defender' or 'none'."""
    if defender == "flag":
        return "attacker"
    if defender == "bomb":
        return "attacker" if attacker == "miner" else "defender"
    if attacker == "spy" and defender == "marshal":
        return "attacker"
    a, d = STRENGTH[attacker], STRENGTH[defender]
    return "attacker" if a > d else "defender" if a < d else "none"


class Game:
    def __init__(self, pieces, to_move="red", limit=LIMIT):
        """pieces: {(file, rank): (color, rank name)}; limit None turns the
        repetition rule off."""
        self.board = {sq: Piece(c, r) for sq, (c, r) in pieces.items()}
        self.to_move = to_move
        self.limit = limit
        self.flag_taken_by = None
        # Per player: (piece, from, to, count) of their last move.
        self.last = {"red": None, "blue": None}
        self.last_count = None  # count of the move just played
        self.last_fight = None  # result of the move just played, if an attack

    def _free(self, sq):
        f, r = sq
        return 0 <= f < FILES and 0 <= r < RANKS and sq not in LAKES

    def pseudo_moves(self, color):
        """Moves the rules of play allow, ignoring repetition."""
        out = []
        for sq, p in self.board.items():
            if p.color != color or p.rank in IMMOVABLE:
                continue
            for df, dr in STEPS:
                to = (sq[0] + df, sq[1] + dr)
                while self._free(to):
                    other = self.board.get(to)
                    if other is not None:
                        if other.color != color:
                            out.append((sq, to))
                        break
                    out.append((sq, to))
                    if p.rank != "scout":
                        break
                    to = (to[0] + df, to[1] + dr)
        return out

    def _count(self, mv):
        """The naive repetition count the move would have."""
        piece = self.board[mv[0]]
        prev = self.last[self.to_move]
        if prev and prev[0] is piece and (prev[2], prev[1]) == mv:
            return prev[3] + 1
        return 1

    def legal_moves(self):
        if self.flag_taken_by:
            return []
        moves = self.pseudo_moves(self.to_move)
        if self.limit is not None:
            moves = [m for m in moves if self._count(m) <= self.limit]
        return sorted(moves)

    def play(self, mv):
        if mv not in self.legal_moves():
            raise IllegalMove(mv)
        frm, to = mv
        count = self._count(mv)
        piece = self.board.pop(frm)
        self.last[self.to_move] = (piece, frm, to, count)
        self.last_count = count
        self.last_fight = None
        target = self.board.get(to)
        if target is None:
            self.board[to] = piece
        else:
            self.last_fight = fight(piece.rank, target.rank)
            if self.last_fight == "attacker":
                self.board[to] = piece
                if target.rank == "flag":
                    self.flag_taken_by = piece.color
            elif self.last_fight == "none":
                del self.board[to]
        self.to_move = OTHER[self.to_move]

    def outcome(self):
        """('ongoing',), ('win', color, reason) or ('draw', reason)."""
        if self.flag_taken_by:
            return ("win", self.flag_taken_by, "flag-captured")
        if self.legal_moves():
            return ("ongoing",)
        if not self.pseudo_moves("red") and not self.pseudo_moves("blue"):
            return ("draw", "neither-can-move")
        return ("win", OTHER[self.to_move], "no-legal-move")
