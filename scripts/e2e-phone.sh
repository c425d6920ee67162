#!/usr/bin/env bash
# The phone test (issue #30): headless Chromium emulating a phone, portrait 390x844 and landscape
# 844x390 at device pixel ratio 3 with touch, plays every mode from a level link by touch events
# only (scripts/browser/phone.mjs). Needs the bundle in dist/web (scripts/e2e-web.sh builds it;
# SEEDFEAST_BUILD_WEB=1 builds it here). Screenshots go to dist/e2e/phone-*.png. Then the layout
# test: every screen at three window sizes (dist/e2e/layout-*.png). Last, touch = keys in the
# page: the bots' first 20 s, recorded natively, played again by touch in lockstep must give the
# same replay codes (scripts/browser/touch-keys.mjs).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/seedfeast-target}"
scripts/setup.sh e2e
[ "${SEEDFEAST_BUILD_WEB:-0}" = 1 ] && scripts/web.sh
[ -f dist/web/seedfeast_bg.wasm ] || { echo "e2e-phone: no bundle in dist/web: run scripts/web.sh first" >&2; exit 1; }
out=dist/e2e
mkdir -p "$out"
source scripts/browser/playwright.sh
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory dist/web >/dev/null 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
sleep 1
node scripts/browser/phone.mjs "http://127.0.0.1:$port/index.html" "$out"
# Every screen and each mode's HUD at 640x360, 1280x720 and 3840x2160: no text outside the window,
# none overlapping another (scripts/browser/layout.mjs).
started=$SECONDS
node scripts/browser/layout.mjs "http://127.0.0.1:$port/index.html" "$out"
echo "e2e-phone: the layout test took $((SECONDS - started)) s"
# The native bots' runs, to be played again by touch in the page.
cargo build --locked -p seedfeast
codes=()
for mode in runner maze arena; do
  codes+=("$mode=$("$CARGO_TARGET_DIR/debug/seedfeast" replay record --mode "$mode" --seed "pizza party" --bot --seconds 20 2>/dev/null)")
done
started=$SECONDS
node scripts/browser/touch-keys.mjs "http://127.0.0.1:$port/index.html" "${codes[@]}"
echo "e2e-phone: touch = keys took $((SECONDS - started)) s"
