#!/usr/bin/env bash
# Installs what is missing, builds and plays Seedfeast. Arguments go to the game, e.g.
#   scripts/play.sh play --seed "pizza party"
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh play
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/seedfeast-target}"
# The dev profile optimises dependencies (see Cargo.toml), and shares its build with the tests.
exec cargo run --locked -p seedfeast -- "$@"
