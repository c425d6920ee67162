#!/usr/bin/env bash
# The flaky-test hunt (issue #44): runs the board server's suite and the game's tests N times with
# the machine loaded, and prints each test that failed and how often. A test that fails under
# load is a defect in the code or the test: find its cause, never just lengthen a sleep.
#
# Usage: scripts/flaky.sh [N] [--load K] [--log FILE] [--only game|board|all]
#   N          runs of every suite (default 20)
#   --load K   CPU-bound processes beside the tests (default 2: both cores busy twice over)
#   --log F    also write the summary to F (docs/flaky-log.txt keeps the last committed one)
#   --only S   the game's test binary, the board's, or both (default)
#
# The test binaries are built once (cargo test --no-run) and then run directly, from their
# package's folder as cargo runs them, so N runs cost N runs of the tests, not N builds. The
# board's suite runs on SQLite (scripts/board-postgres.sh runs it on PostgreSQL).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/seedfeast-target}"

runs=20 load=2 log="" only=all
while [ $# -gt 0 ]; do
  case "$1" in
    --load) load=${2:?--load needs a number}; shift 2 ;;
    --log) log=${2:?--log needs a file}; shift 2 ;;
    --only) only=${2:?--only needs game, board or all}; shift 2 ;;
    [0-9]*) runs=$1; shift ;;
    *) echo "usage: scripts/flaky.sh [N] [--load K] [--log FILE] [--only game|board|all]" >&2; exit 2 ;;
  esac
done
case "$only" in game | board | all) ;; *) echo "flaky: --only takes game, board or all, not $only" >&2; exit 2 ;; esac
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "flaky: N must be a positive number, not $runs" >&2; exit 2; }
[[ "$load" =~ ^[0-9]+$ ]] || { echo "flaky: --load takes a number, not $load" >&2; exit 2; }

# Test binaries as "package_dir<TAB>executable" lines, from cargo's own build messages.
binaries() {
  cargo test --locked --no-run --message-format=json "$@" 2>/dev/null | python3 -c '
import json, os, sys
for line in sys.stdin:
    try:
        message = json.loads(line)
    except ValueError:
        continue
    if message.get("reason") == "compiler-artifact" and message.get("executable") and message["profile"]["test"]:
        if message["target"]["kind"] == ["test"]:
            print(os.path.dirname(message["manifest_path"]) + "\t" + message["executable"])
'
}

suites=()
if [ "$only" != board ]; then
  # The game binary the board's tests re-play with is built by the game's test build.
  mapfile -t -O "${#suites[@]}" suites < <(binaries -p seedfeast --test game)
fi
if [ "$only" != game ]; then
  cargo build --locked -q -p seedfeast --bin seedfeast
  mapfile -t -O "${#suites[@]}" suites < <(binaries -p seedfeast-board)
fi
[ "${#suites[@]}" -gt 0 ] || { echo "flaky: no test binaries were built" >&2; exit 1; }

work=$(mktemp -d)
loaders=()
stop_load() {
  for pid in "${loaders[@]}"; do kill "$pid" 2>/dev/null || true; done
}
trap 'stop_load; rm -rf "$work"' EXIT
for _ in $(seq "$load"); do
  bash -c 'while :; do :; done' &
  loaders+=($!)
done

started=$SECONDS
for run in $(seq "$runs"); do
  for suite in "${suites[@]}"; do
    dir=${suite%%$'\t'*} exe=${suite#*$'\t'}
    name=$(basename "$exe" | sed 's/-[0-9a-f]*$//')
    t0=$SECONDS
    status=passed
    (cd "$dir" && "$exe" --color never) >"$work/out" 2>&1 || status=FAILED
    # One line per test that failed: "suite test".
    grep -E '^test .* \.\.\. FAILED$' "$work/out" | sed -E "s/^test (.*) \.\.\. FAILED$/$name \1/" >>"$work/failures" || true
    passed=$(grep -oE '[0-9]+ passed' "$work/out" | tail -n1 || true)
    echo "flaky: run $run/$runs $name $status (${passed:-no count}, $((SECONDS - t0)) s)"
    if [ "$status" = FAILED ]; then
      cp "$work/out" "$work/failed-$run-$name.log"
      grep -A30 -E "^---- .* stdout ----$" "$work/out" | head -n 60 || true
    fi
  done
done
stop_load

{
  echo "scripts/flaky.sh $runs --load $load: $runs runs of ${#suites[@]} test binaries beside $load CPU-bound processes"
  echo "machine: $(nproc) cores, $(uname -sr); took $((SECONDS - started)) s"
  for suite in "${suites[@]}"; do
    exe=${suite#*$'\t'}
    echo "suite: $(basename "$exe" | sed 's/-[0-9a-f]*$//')"
  done
  if [ -s "$work/failures" ]; then
    echo "failures per test (out of $runs runs):"
    sort "$work/failures" | uniq -c | sort -rn
  else
    echo "no test failed in any run"
  fi
} | tee "$work/summary"
[ -z "$log" ] || cp "$work/summary" "$log"
[ ! -s "$work/failures" ]
