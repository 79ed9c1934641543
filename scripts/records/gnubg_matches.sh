#!/bin/sh
# Matches played by GNU Backgammon against itself and exported as match
# files (.mat), for `arbiter replay` (docs/records.md). GNU Backgammon is an
# independent implementation (Debian: `apt-get install gnubg`; the program
# is /usr/games/gnubg). Both players at 0-ply chequer and cube evaluation,
# the Mersenne Twister dice seeded per match.
#
# Usage: gnubg_matches.sh FIRST_SEED LAST_SEED LENGTH DIR
# writes DIR/m<seed>.mat for each seed, a LENGTH-point match each.
set -eu
first=$1 last=$2 length=$3 dir=$4
gnubg=${GNUBG:-/usr/games/gnubg}
mkdir -p "$dir"
for seed in $(seq "$first" "$last"); do
    "$gnubg" -t -q > /dev/null 2>&1 <<EOC
set player 0 gnubg
set player 1 gnubg
set player 0 chequerplay evaluation plies 0
set player 1 chequerplay evaluation plies 0
set player 0 cubedecision evaluation plies 0
set player 1 cubedecision evaluation plies 0
set seed $seed
set rng mersenne
new match $length
export match mat $dir/m$seed.mat
EOC
done
