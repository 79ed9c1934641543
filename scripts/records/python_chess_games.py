#!/usr/bin/env python3
"""Random games played and written as PGN by python-chess (an independent
implementation, `pip install chess`), for `arbiter replay` (docs/records.md).

Each game is played with uniformly random legal moves until python-chess
says the game is over (its default: checkmate, stalemate, insufficient
material, the fivefold repetition and the 75-move rule), and its Result tag
is python-chess's own result. Usage: python_chess_games.py N SEED > FILE.pgn
"""
import random
import sys

import chess
import chess.pgn


def main():
    n, seed = int(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    for i in range(n):
        board = chess.Board()
        while not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
        game = chess.pgn.Game.from_board(board)
        game.headers["Event"] = "python-chess random game %d (seed %d)" % (i + 1, seed)
        game.headers["White"] = "random"
        game.headers["Black"] = "random"
        game.headers["Termination"] = board.outcome().termination.name.lower()
        print(game, end="\n\n")


if __name__ == "__main__":
    main()
