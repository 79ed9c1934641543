"""Per-call overhead of the Python API and playout speed per game.

    python python/bench/overhead.py   # with a release wheel installed

Prints, per game: the time of one `legal_moves()` and one `play()` call
from Python (mean over a random game, replayed), and `random_playouts`
throughput in plies per second (the whole loop in Rust: the engine alone,
no Python in the loop) beside a Python loop doing the same playouts
through `legal_moves()` + `play()`."""

import random
import time

import arbiter


def python_playouts(game, n, seed, max_plies):
    rng = random.Random(seed)
    plies = 0
    for _ in range(n):
        g = arbiter.Game(game)
        k = 0
        while k < max_plies and not g.is_over:
            legal = g.legal_moves()
            g.play(legal[rng.randrange(len(legal))])
            k += 1
        plies += k
    return plies


def main():
    print(f"arbiter {arbiter.__version__}")
    print("game          legal_moves()  play()   Rust playouts    Python loop     ratio")
    for game in arbiter.games():
        n, max_plies = 20, 400
        t = time.perf_counter()
        r = arbiter.Game(game).random_playouts(n, seed=1, max_plies=max_plies)
        rust = r["plies"] / (time.perf_counter() - t)
        t = time.perf_counter()
        plies = python_playouts(game, n, 1, max_plies)
        py = plies / (time.perf_counter() - t)
        # One call each, timed on the positions of one game.
        g = arbiter.Game(game)
        lm = pl = 0.0
        calls = 0
        while calls < 200 and not g.is_over:
            t = time.perf_counter()
            legal = g.legal_moves()
            lm += time.perf_counter() - t
            a = legal[len(legal) // 2]
            t = time.perf_counter()
            g.play(a)
            pl += time.perf_counter() - t
            calls += 1
        print(f"{game:12} {lm / calls * 1e6:10.1f} µs {pl / calls * 1e6:6.1f} µs"
              f" {rust:10.0f} ply/s {py:10.0f} ply/s {rust / py:7.1f}x")


if __name__ == "__main__":
    main()
