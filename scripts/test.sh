#!/usr/bin/env bash
# Every check CI runs: formatting, lints, all workspace tests, and the browser build's check.
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
step "browser build check" cargo clippy --locked -p seedfeast --target wasm32-unknown-unknown -- -D warnings
echo "==> all checks passed in $(($(date +%s) - started)) s"
