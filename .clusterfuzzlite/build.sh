#!/bin/bash -eu
# Builds every cargo-fuzz target of fuzz/ into $OUT with its seed corpus
# ($OUT/<target>_seed_corpus.zip) and its libFuzzer options
# ($OUT/<target>.options), the layout OSS-Fuzz and ClusterFuzzLite read.
# Run from the repository's root (the Dockerfile's WORKDIR).
#
# In the builder image SANITIZER is `address` (cargo-fuzz's default, on
# the image's nightly) or `coverage` (the image's cargo wrapper adds the
# flags). Outside the image, on a stable toolchain, set SANITIZER=none;
# see docs/fuzzing.md ("ClusterFuzzLite") for the local command.

triple="${CARGO_BUILD_TARGET:-x86_64-unknown-linux-gnu}"
flags=(--release)
if [ "${SANITIZER:-address}" = none ]; then
  flags+=(--sanitizer none)
fi
cargo fuzz build "${flags[@]}"

# The longest input worth mutating, where the target reads a bounded
# prefix (docs/fuzzing.md says why each).
max_len() {
  case "$1" in
    backgammon_differential) echo 10 ;;
    differential) echo 64 ;;
    stratego_variants) echo 65 ;;
    backgammon_short | epaminondas_short) echo 160 ;;
    *) echo "" ;;
  esac
}

for src in fuzz/fuzz_targets/*.rs; do
  target="$(basename "${src%.rs}")"
  cp "fuzz/target/$triple/release/$target" "$OUT/"
  if [ -d "fuzz/corpus/$target" ]; then
    rm -f "$OUT/${target}_seed_corpus.zip"
    (cd "fuzz/corpus/$target" && zip -q -r "$OUT/${target}_seed_corpus.zip" .)
  fi
  len="$(max_len "$target")"
  if [ -n "$len" ]; then
    printf '[libfuzzer]\nmax_len = %s\n' "$len" > "$OUT/$target.options"
  fi
done
