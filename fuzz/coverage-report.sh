#!/bin/bash
# Line coverage of one game's reference and engine by one fuzz target's
# committed corpus, and the functions of both that no input enters
# (docs/fuzzing.md, "Coverage of the rules by the committed corpora").
#
#   bash fuzz/coverage-report.sh TARGET GAME      # e.g. chess_short chess
#
# Run from the repository's root. Needs cargo-fuzz and llvm-tools
# (`rustup component add llvm-tools`); builds the instrumented target on
# the stable toolchain (`-s none`), replays fuzz/corpus/TARGET and reads
# the profile it writes under fuzz/coverage/TARGET.
set -euo pipefail
target=$1
game=$2
cargo fuzz coverage -s none "$target" "fuzz/corpus/$target" >&2
llvm="$(rustc --print sysroot)/lib/rustlib/x86_64-unknown-linux-gnu/bin"
bin="target/x86_64-unknown-linux-gnu/coverage/x86_64-unknown-linux-gnu/release/$target"
profile="fuzz/coverage/$target/coverage.profdata"
for part in reference engine; do
  # The TOTAL row: lines, missed lines, line cover are its 8th to 10th fields.
  "$llvm/llvm-cov" report "$bin" -instr-profile="$profile" "src/games/$game/$part" |
    awk -v part="$part" '$1 == "TOTAL" { printf "%s: %d / %d lines (%s)\n", part, $8 - $9, $8, $10 }'
done
echo "functions no input enters (region cover 0%):"
for part in reference engine; do
  "$llvm/llvm-cov" report --show-functions "$bin" -instr-profile="$profile" "src/games/$game/$part" |
    awk -v part="$part" '/^File/ { file = $2 } $4 == "0.00%" && $1 != "TOTAL" { print part, file, $1 }'
done | { if command -v rustfilt > /dev/null; then rustfilt; else cat; fi }
