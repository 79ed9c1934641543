#!/bin/sh
# Regenerates the README's pictures: for each game, one scenario's
# `arbiter explain --html` page opened at a position (#ply-N) in headless
# Chromium (Debian's `chromium` package) and saved as a PNG of the window.
# Run from anywhere: sh docs/pictures/make.sh
set -eu
cd "$(dirname "$0")/../.."
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome) || {
    echo "no chromium on the path (apt-get install chromium)" >&2
    exit 1
}
cargo build --quiet
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# shot NAME SCENARIO POSITION WIDTH,HEIGHT
shot() {
    target/debug/arbiter explain --html "$2" -o "$tmp/$1.html"
    "$browser" --headless --no-sandbox --disable-gpu --disable-quic \
        --no-first-run --disable-background-networking \
        --disable-component-update --disable-sync --hide-scrollbars \
        --user-data-dir="$tmp/profile" --window-size="$4" \
        --screenshot="docs/pictures/$1.png" "file://$tmp/$1.html#$3" \
        >/dev/null 2>&1
    echo "docs/pictures/$1.png: $2 #$3"
}

shot stratego scenarios/stratego/more-squares/seed001/ex1-three-squares.yaml ply-5 1120,740
shot backgammon scenarios/backgammon/moving/hit-making-a-point.yaml ply-2 1120,660
shot chess scenarios/chess/statements/perpetual-check.yaml ply-9 1120,760
shot dame scenarios/dame/capture/multi-jump-played.yaml ply-1 1100,720
shot epaminondas scenarios/epaminondas/seed003/capture-example.yaml ply-1 1200,740
