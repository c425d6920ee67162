#!/usr/bin/env bash
# The browser bundle's size guard: builds what players download (scripts/web.sh, web-release:
# fat LTO, opt-level z, wasm-opt) and fails when the module outgrows its budget, raw or gzipped
# as a web server sends it. A guard against growth, set at the measured size plus about 2%, not
# the goal (docs/browser-build.md has the goal, Bevy's floor and each crate's share). Raising it
# is a deliberate act: say in the commit what grew and why.
# Run by the release and bundle workflows (.github/workflows/); about half an hour on 2 cores.
# `scripts/bundle-size.sh --built` checks dist/web as it is, without building.
set -euo pipefail
cd "$(dirname "$0")/.."

budget_raw=14700000
budget_gzip=5220000

if [ "${1:-}" != --built ]; then
  SEEDFEAST_WEB_PROFILE=web-release scripts/web.sh
fi
wasm=dist/web/seedfeast_bg.wasm
[ -f "$wasm" ] || { echo "bundle-size: no bundle at $wasm: run scripts/web.sh first" >&2; exit 1; }
made_by=$(cat dist/web-profile.txt 2>/dev/null || echo unknown)
[ "$made_by" = web-release ] || {
  echo "bundle-size: dist/web was built with the $made_by profile; the budget is for web-release (run without --built)" >&2
  exit 1
}
raw=$(stat -c %s "$wasm")
zipped=$(gzip -9 -c "$wasm" | wc -c)
if [ "$raw" -gt "$budget_raw" ] || [ "$zipped" -gt "$budget_gzip" ]; then
  echo "bundle-size: FAILED: the bundle ($raw bytes, $zipped gzipped) is over its budget of $budget_raw bytes raw, $budget_gzip bytes gzipped"
  exit 1
fi
echo "bundle-size: the bundle is within budget ($raw bytes raw of $budget_raw, $zipped gzipped of $budget_gzip)"
