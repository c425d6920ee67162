#!/usr/bin/env bash
# Frame times as a player sees them (issue #34; figures in docs/performance.md):
#   scripts/frames.sh native [BINARY]  the release game in a real 1280x720 window under Xvfb
#                                      (software rendering, llvmpipe), each mode's bot
#                                      playing "pizza party", 600 frames after the countdown timed
#                                      (SEEDFEAST_FRAME_REPORT); BINARY defaults to a fresh release
#                                      build, so an older build can be timed the same way
#   scripts/frames.sh web              the browser bundle in headless Chromium (frames.mjs)
# FRAMES_MODES picks the native modes, e.g. FRAMES_MODES="maze dungeon" (the title is always timed).
# Heavy (a release build, minutes of play): not part of the tests.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/seedfeast-target}"
which=${1:-native}

if [ "$which" = native ]; then
  scripts/setup.sh e2e
  bin=${2:-}
  if [ -z "$bin" ]; then
    cargo build --locked --release -p seedfeast
    bin="$CARGO_TARGET_DIR/release/seedfeast"
  fi
  # The title screen first: the floor of drawing a frame at all on this machine.
  data=$(mktemp -d)
  line=$(SEEDFEAST_DATA="$data" SEEDFEAST_FRAME_REPORT=600 timeout 180 \
    xvfb-run -a -s "-screen 0 1280x720x24" "$bin" 2>&1 | grep "frame report" | tail -n1 || true)
  echo "frames: title: ${line:-no report}"
  rm -rf "$data"
  for mode in ${FRAMES_MODES:-runner maze arena tunnel food-tunnel dungeon puzzle}; do
    data=$(mktemp -d)
    line=$(SEEDFEAST_DATA="$data" SEEDFEAST_BOT=1 SEEDFEAST_FRAME_REPORT=600 timeout 180 \
      xvfb-run -a -s "-screen 0 1280x720x24" "$bin" play --mode "$mode" --seed "pizza party" 2>&1 |
      grep "frame report" | tail -n1 || true)
    echo "frames: $mode: ${line:-no report (the game exited early?)}"
    rm -rf "$data"
  done
elif [ "$which" = web ]; then
  scripts/setup.sh e2e
  [ "${SEEDFEAST_SKIP_WEB_BUILD:-0}" = 1 ] || scripts/web.sh
  source scripts/browser/playwright.sh
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  python3 -m http.server "$port" --bind 127.0.0.1 --directory dist/web >/dev/null 2>&1 &
  server=$!
  trap 'kill $server 2>/dev/null || true' EXIT
  sleep 1
  node scripts/browser/frames.mjs "http://127.0.0.1:$port/index.html"
else
  echo "usage: scripts/frames.sh native [BINARY] | web" >&2
  exit 2
fi
