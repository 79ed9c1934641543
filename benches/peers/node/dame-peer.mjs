// English-checkers perft on rapid-draughts (npm, MIT; a bitboard engine of
// English draughts), the peer of arbiter's Dame `english` profile. Counts
// must equal OEIS A133046 before a time is believed. Prints best and median
// of the rounds and the load average, like the Rust side (../src/dame.rs).
// Usage: node dame-peer.mjs [depth] [rounds]
import { readFileSync } from 'node:fs';
import { EnglishDraughtsEngineFactory } from 'rapid-draughts/english';

const A133046 = [1, 7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680, 18391564];
const depth = Number(process.argv[2] ?? 9);
const rounds = Number(process.argv[3] ?? 5);

// Every leaf played (what the engine's own move list and move cost).
function perft(engine, d) {
  if (d === 0) return 1;
  let n = 0;
  for (const m of engine.moves) {
    const next = engine.clone();
    next.move(m);
    n += perft(next, d - 1);
  }
  return n;
}

// Bulk counting: the last ply counts the list without playing it.
function perftBulk(engine, d) {
  if (d === 0) return 1;
  const moves = engine.moves;
  if (d === 1) return moves.length;
  let n = 0;
  for (const m of moves) {
    const next = engine.clone();
    next.move(m);
    n += perftBulk(next, d - 1);
  }
  return n;
}

function load() {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return 'unknown';
  }
}

function measure(name, f) {
  const secs = [];
  for (let r = 0; r < rounds; r++) {
    const start = EnglishDraughtsEngineFactory.setup();
    const t = process.hrtime.bigint();
    const n = f(start, depth);
    secs.push(Number(process.hrtime.bigint() - t) / 1e9);
    if (n !== A133046[depth]) throw new Error(`${name}: perft(${depth}) = ${n}, A133046 says ${A133046[depth]}`);
  }
  secs.sort((a, b) => a - b);
  const best = A133046[depth] / secs[0];
  const median = A133046[depth] / secs[Math.floor(secs.length / 2)];
  console.log(
    `dame english perft(${depth}), rapid-draughts ${name}: ${(best / 1e6).toFixed(2)} M nodes/s (median ${(median / 1e6).toFixed(2)} M); ${rounds} rounds; node ${process.version}; load ${load()}`,
  );
}

measure('bulk counting', perftBulk);
measure('every leaf played', perft);
