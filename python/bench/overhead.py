"""Per-call overhead of the Python API and playout speed per game.

    python python/bench/overhead.py   # with a release wheel installed

Prints, per game: the time of one `legal_moves()` and one `play()` call
from Python (mean over a random game, replayed), and `random_playouts`
throughput in plies per second (the whole loop in Rust: the engine alone,
no Python in the loop) beside a Python loop doing the same playouts
through `legal_moves()` + `play()`.

Then, per game, the cost of choosing an action by integer steps against
playing it whole by text, on the positions of one game (the same actions
both ways): `play(text)` once against `play(i)` for each of the action's
steps, and a ply of a learning loop's kind (`legal_actions()` and `play(i)`
per step) against a ply of a text loop (`legal_moves()` and `play(text)`)."""

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


def stepwise(game, plies=200):
    """Mean times per action (µs) over one game, the same actions played
    three ways: whole by text; by steps with `play(i)` alone (the legal
    steps worked out inside it); by a learning loop's steps, `legal_actions()`
    then `play(i)`. Also a text loop's ply and the steps per action."""
    text, cold, loop = arbiter.Game(game), arbiter.Game(game), arbiter.Game(game)
    t_text = t_cold = t_text_ply = t_loop_ply = 0.0
    steps = actions = 0
    while actions < plies and not text.is_over:
        t = time.perf_counter()
        legal = text.legal_moves()
        t_lm = time.perf_counter() - t
        a = legal[len(legal) // 2]
        # Asked of the text game, so the stepped ones work out their legal
        # steps inside the timed calls, as a loop would.
        path = text.action_steps(a)
        t = time.perf_counter()
        text.play(a)
        t_play = time.perf_counter() - t
        t_text += t_play
        t_text_ply += t_lm + t_play
        for i in path:
            t = time.perf_counter()
            cold.play(i)
            t_cold += time.perf_counter() - t
            t = time.perf_counter()
            offered = loop.legal_actions()
            loop.play(i)
            t_loop_ply += time.perf_counter() - t
            assert i in offered
            steps += 1
        actions += 1
    assert loop.history == cold.history == text.history
    us = 1e6 / actions
    return t_text * us, t_cold * us, t_text_ply * us, t_loop_ply * us, steps / actions


def main_steps():
    print()
    print("per action:   play(text)  play(i) steps  steps/action"
          "   legal_moves()+play(text)  legal_actions()+play(i) steps")
    for game in arbiter.games():
        # The least of three runs: the machine is shared.
        runs = [stepwise(game) for _ in range(3)]
        whole, stepped, text_ply, idx_ply, per = (min(r[k] for r in runs) for k in range(5))
        print(f"{game:12} {whole:9.1f} µs {stepped:9.1f} µs {per:9.2f}"
              f" {text_ply:18.1f} µs {idx_ply:20.1f} µs")


if __name__ == "__main__":
    main()
    main_steps()
