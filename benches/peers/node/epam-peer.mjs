// AbstractPlay's Epaminondas (gameslib src/games/epam.ts, bundled by
// build-epam.mjs) on the 14 x 12 board: perft from the start (checked
// against the figures of spec/epaminondas/perft.yaml: 114, 12,996 and
// 1,787,292, which AbstractPlay must reproduce, having no symmetry rule
// and the same capture) and uniform random games, a ply being the legal
// list then one move drawn from it (SplitMix64, as in ../src/measure.rs),
// played with `move(m, {trusted: true})`, the game's own fast path.
// Prints best and median of the rounds and the load average.
// Usage: node epam-peer.mjs [perft-depth] [rounds] [plies]
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { EpamGame } = require('./vendor/epam.cjs');

const FIGURES = [1, 114, 12996, 1787292];
const depth = Number(process.argv[2] ?? 2);
const rounds = Number(process.argv[3] ?? 5);
const plies = Number(process.argv[4] ?? 2000);

function load() {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return 'unknown';
  }
}

class SplitMix {
  constructor(seed) {
    this.s = BigInt.asUintN(64, BigInt(seed));
  }
  next() {
    this.s = BigInt.asUintN(64, this.s + 0x9e3779b97f4a7c15n);
    let z = this.s;
    z = BigInt.asUintN(64, (z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n);
    z = BigInt.asUintN(64, (z ^ (z >> 27n)) * 0x94d049bb133111ebn);
    return z ^ (z >> 31n);
  }
  below(n) {
    return Number((((this.next() >> 32n) * BigInt(n)) >> 32n));
  }
}

function perft(game, d) {
  if (d === 0) return 1;
  const moves = game.moves();
  if (d === 1) return moves.length;
  let n = 0;
  for (const m of moves) {
    const next = game.clone();
    next.move(m, { trusted: true });
    n += perft(next, d - 1);
  }
  return n;
}

function randomGames(seed, total, cap) {
  const rng = new SplitMix(seed);
  let n = 0;
  while (n < total) {
    const g = new EpamGame();
    let k = 0;
    while (n < total && k < cap && !g.gameover) {
      const moves = g.moves();
      if (moves.length === 0) break;
      g.move(moves[rng.below(moves.length)], { trusted: true });
      n++;
      k++;
    }
  }
  return n;
}

function measure(label, units, f) {
  const secs = [];
  for (let r = 0; r < rounds; r++) {
    const t = process.hrtime.bigint();
    f();
    secs.push(Number(process.hrtime.bigint() - t) / 1e9);
  }
  secs.sort((a, b) => a - b);
  const best = units / secs[0];
  const median = units / secs[Math.floor(secs.length / 2)];
  console.log(
    `${label}: ${best.toFixed(0)} /s (median ${median.toFixed(0)}); ${units} a round, ${rounds} rounds; node ${process.version}; load ${load()}`,
  );
}

for (let d = 1; d <= depth; d++) {
  const n = perft(new EpamGame(), d);
  if (n !== FIGURES[d]) throw new Error(`AbstractPlay perft(${d}) = ${n}, spec/epaminondas/perft.yaml says ${FIGURES[d]}`);
}
console.log(`epaminondas 14x12: AbstractPlay's perft(1..${depth}) equals spec/epaminondas/perft.yaml`);
measure(`epaminondas 14x12 perft(${depth}), AbstractPlay epam.ts, nodes`, FIGURES[depth], () => perft(new EpamGame(), depth));
measure('epaminondas 14x12 random games, AbstractPlay epam.ts, plies', plies, () => randomGames(1, plies, 500));
