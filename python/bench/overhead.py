"""Steps a second through the Python API, per game and per way of
stepping, beside OpenSpiel's Python API in the same loop when it is
installed.

    python python/bench/overhead.py                  # with a release build installed
    python python/bench/overhead.py --seconds 1 --repeats 1 --games chess

Every figure is a uniform random game played from the start (started
again when it ends or after 300 steps), one step a loop turn, for
`--seconds` seconds, repeated `--repeats` times; the median of the runs is
printed, with the spread (lowest and highest) beside it, and the machine's
load. The loops:

- `list1` and `mask1`: the same steps (the lowest legal index each time)
  chosen from `legal_actions()` (`min`) and from `legal_mask(out=buf)`
  (`argmax`): the cost of the two ways of asking for the legal actions and
  nothing else;
- `list`: `legal_actions()`, a random index of it, `play(i)`;
- `mask`: `legal_mask(out=buf)` into one NumPy buffer made once, a random
  legal index from it (`numpy.flatnonzero`), `play(i)`: the documented fast
  path, with the scan of the whole mask that a uniform random pick needs
  (a policy's masked logits need one too);
- `batch`: 64 games stepped by one `step_many(games, actions, masks)` call
  a turn, each game's mask written into a row of one `(64, num_actions)`
  buffer, actions drawn from the rows; finished games started again;
- `text`: `legal_moves()`, a random one, `play(text)`;
- `rust`: `random_playouts` (the whole loop in Rust), plies a second;
- `openspiel`: `state.legal_actions()`, a random one (chance outcomes drawn
  by their probabilities), `state.apply_action(a)`, for OpenSpiel's chess,
  checkers and backgammon (`pip install open_spiel`).
"""

import argparse
import os
import random
import statistics
import time

import numpy as np

import arbiter

MAX_STEPS = 300
BATCH = 64


def timed(loop, seconds):
    """Steps a second of `loop(deadline)`, which returns the steps it took."""
    t0 = time.perf_counter()
    steps = loop(t0 + seconds)
    return steps / (time.perf_counter() - t0)


def loop_list(game):
    def run(deadline):
        rng = random.Random(1)
        g, k, n = arbiter.Game(game), 0, 0
        while True:
            for _ in range(200):
                if k >= MAX_STEPS or g.is_over:
                    g, k = arbiter.Game(game), 0
                acts = g.legal_actions()
                g.play(acts[rng.randrange(len(acts))])
                k += 1
            n += 200
            if time.perf_counter() > deadline:
                return n
    return run


def loop_mask(game):
    def run(deadline):
        rng = random.Random(1)
        g, k, n = arbiter.Game(game), 0, 0
        buf = np.zeros(g.num_actions, dtype=np.bool_)
        while True:
            for _ in range(200):
                if k >= MAX_STEPS or g.is_over:
                    g, k = arbiter.Game(game), 0
                g.legal_mask(out=buf)
                acts = np.flatnonzero(buf)
                g.play(int(acts[rng.randrange(len(acts))]))
                k += 1
            n += 200
            if time.perf_counter() > deadline:
                return n
    return run


def loop_list_first(game):
    """`legal_actions()` and `play(min(...))`: the lowest legal index."""
    def run(deadline):
        g, k, n = arbiter.Game(game), 0, 0
        while True:
            for _ in range(200):
                if k >= MAX_STEPS or g.is_over:
                    g, k = arbiter.Game(game), 0
                g.play(min(g.legal_actions()))
                k += 1
            n += 200
            if time.perf_counter() > deadline:
                return n
    return run


def loop_mask_first(game):
    """`legal_mask(out=buf)` and `play(argmax)`: the lowest legal index,
    so the same steps as `loop_list_first`: the two differ only in how the
    legal actions cross."""
    def run(deadline):
        g, k, n = arbiter.Game(game), 0, 0
        buf = np.zeros(g.num_actions, dtype=np.bool_)
        while True:
            for _ in range(200):
                if k >= MAX_STEPS or g.is_over:
                    g, k = arbiter.Game(game), 0
                g.play(int(g.legal_mask(out=buf).argmax()))
                k += 1
            n += 200
            if time.perf_counter() > deadline:
                return n
    return run


def loop_batch(game):
    def run(deadline):
        rng = random.Random(1)
        games = [arbiter.Game(game) for _ in range(BATCH)]
        ks = [0] * BATCH
        masks = np.zeros((BATCH, games[0].num_actions), dtype=np.bool_)
        for i, g in enumerate(games):
            g.legal_mask(out=masks[i])
        n = 0
        while True:
            for _ in range(10):
                actions = []
                for row in masks:
                    acts = np.flatnonzero(row)
                    actions.append(int(acts[rng.randrange(len(acts))]))
                over = arbiter.step_many(games, actions, masks)
                for i, done in enumerate(over):
                    ks[i] += 1
                    if done or ks[i] >= MAX_STEPS:
                        games[i], ks[i] = arbiter.Game(game), 0
                        games[i].legal_mask(out=masks[i])
                n += BATCH
            if time.perf_counter() > deadline:
                return n
    return run


def loop_text(game):
    def run(deadline):
        rng = random.Random(1)
        g, k, n = arbiter.Game(game), 0, 0
        while True:
            for _ in range(200):
                if k >= MAX_STEPS or g.is_over:
                    g, k = arbiter.Game(game), 0
                moves = g.legal_moves()
                g.play(moves[rng.randrange(len(moves))])
                k += 1
            n += 200
            if time.perf_counter() > deadline:
                return n
    return run


def loop_rust(game):
    def run(deadline):
        g, n, seed = arbiter.Game(game), 0, 0
        while time.perf_counter() < deadline:
            n += g.random_playouts(5, seed=seed, max_plies=MAX_STEPS)["plies"]
            seed += 1
        return n
    return run


def loop_openspiel(name):
    import pyspiel

    spiel = pyspiel.load_game(name)

    def run(deadline):
        rng = random.Random(1)
        s, k, n = spiel.new_initial_state(), 0, 0
        while True:
            for _ in range(200):
                if k >= MAX_STEPS or s.is_terminal():
                    s, k = spiel.new_initial_state(), 0
                if s.is_chance_node():
                    outcomes = s.chance_outcomes()
                    r, acc = rng.random(), 0.0
                    a = outcomes[-1][0]
                    for o, p in outcomes:
                        acc += p
                        if r < acc:
                            a = o
                            break
                else:
                    acts = s.legal_actions()
                    a = acts[rng.randrange(len(acts))]
                s.apply_action(a)
                k += 1
            n += 200
            if time.perf_counter() > deadline:
                return n
    return run


def measure(loop, seconds, repeats):
    runs = sorted(timed(loop, seconds) for _ in range(repeats))
    return statistics.median(runs), runs[0], runs[-1]


def show(label, m):
    med, lo, hi = m
    return f"{label:10} {med:10.0f}/s  ({lo:.0f}–{hi:.0f})"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="length of one run (3)")
    ap.add_argument("--repeats", type=int, default=3, help="runs per figure, median printed (3)")
    ap.add_argument("--games", default=",".join(arbiter.games()))
    ap.add_argument("--loops", default="list1,mask1,list,mask,batch,text,rust",
                    help="which loops to time (all)")
    ap.add_argument("--openspiel", default="chess,checkers,backgammon",
                    help="OpenSpiel games to time beside, when pyspiel imports ('' for none)")
    args = ap.parse_args()
    load = os.getloadavg()
    print(f"arbiter {arbiter.__version__}; {os.cpu_count()} cores, load "
          f"{load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; {args.seconds:g} s a run, "
          f"median of {args.repeats}")
    for game in args.games.split(","):
        loops = [("list1", loop_list_first), ("mask1", loop_mask_first),
                 ("list", loop_list), ("mask", loop_mask), ("batch", loop_batch),
                 ("text", loop_text), ("rust", loop_rust)]
        figs = {name: measure(make(game), args.seconds, args.repeats)
                for name, make in loops if name in args.loops.split(",")}
        ratios = [f"{figs[a][0] / figs[b][0]:.2f}× {what}"
                  for a, b, what in [("list1", "mask1", "same steps"), ("list", "mask", "random")]
                  if a in figs and b in figs]
        print(f"{game}: steps a second (cost per step, mask over list: {', '.join(ratios)})")
        for name, m in figs.items():
            print("  " + show(name, m))
    names = [n for n in args.openspiel.split(",") if n]
    if names:
        try:
            import pyspiel  # noqa: F401
        except ImportError:
            print("openspiel: not installed (pip install open_spiel)")
            return
        from importlib.metadata import version

        print(f"OpenSpiel {version('open_spiel')}: legal_actions() + apply_action(a)")
        for name in names:
            print("  " + show(name, measure(loop_openspiel(name), args.seconds, args.repeats)))
    load = os.getloadavg()
    print(f"load at the end {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")


if __name__ == "__main__":
    main()
