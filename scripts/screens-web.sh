#!/usr/bin/env bash
# The docs' browser screenshots: builds the web bundle (scripts/web.sh), serves it on
# 127.0.0.1 and drives headless Chromium with playwright-core (scripts/browser/screens.mjs): the
# seed preview, a ghost race from a link, Share after a run, How was this made?. Pictures go to
# dist/screens/web-*.png;
# look at them, then copy the chosen ones to docs/screens/.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/seedfeast-target}"
scripts/setup.sh e2e
out=dist/screens
mkdir -p "$out"
[ "${SEEDFEAST_SKIP_WEB_BUILD:-0}" = 1 ] || scripts/web.sh
cargo build --locked -p seedfeast
source scripts/browser/playwright.sh
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory dist/web >/dev/null 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
sleep 1
ghost=$("$CARGO_TARGET_DIR/debug/seedfeast" replay record --mode tunnel --seed "pizza party" --bot --seconds 20 2>/dev/null)
node scripts/browser/screens.mjs "http://127.0.0.1:$port/index.html" "$out" "$ghost"
ls -l "$out"/web-*
