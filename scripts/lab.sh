#!/usr/bin/env bash
# The seed lab's full runs (issue #14), in a release build: a million seeds of every arcade mode
# and 100,000 of the dungeon and the code puzzle through their validators, the expressive-range
# plots of every mode into docs/range/, the reference bots on 1,000 seeds per mode, a 100,000-frame
# soak per mode, then every fuzz target for a while. Exits non-zero on any broken rule, a bot
# short of a promised goal, a soak that grows, or a fuzz crash. Takes several hours on 2 cores.
#
#   scripts/lab.sh [FUZZ SECONDS per target, default 600]
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/seedfeast-target}"

cargo build --release --locked -p seedfeast-lab
lab="$CARGO_TARGET_DIR/release/seedfeast-lab"
"$lab" sweep --mode runner,maze,arena,tunnel,food-tunnel --seeds 1000000
"$lab" sweep --mode dungeon,puzzle --seeds 100000
"$lab" range --all --out-dir docs/range --seeds 10000
# The reference bots over 1,000 seeds per mode and a 100,000-frame soak of every mode, through
# the game itself (a release build of the game binary).
cargo build --release --locked -p seedfeast
game="$CARGO_TARGET_DIR/release/seedfeast"
"$game" lab bots --seeds 1000
"$game" lab soak --frames 100000
scripts/fuzz.sh "${1:-600}"
