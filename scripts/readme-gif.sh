#!/usr/bin/env bash
# The README's moving picture: each mode's reference bot plays "pizza party" in the real window
# under xvfb-run (software rendering, as scripts/screens.sh takes the screenshots), a few seconds
# of each are captured, and the frames become one animated picture that cycles through the seven
# modes. Look at it before committing it; then point the README's picture at it (one line, at the
# top of README.md) and check that `python3 scripts/check-docs.py` still passes.
#
#   scripts/readme-gif.sh [OUTPUT]    default docs/screens/modes.gif; a name ending .webp writes an
#                                     animated WebP (smaller, if ImageMagick has the webp delegate)
#
# Settings, from the environment: SECONDS_PER_MODE (default 4), FPS (frames captured a second,
# default 8), WIDTH (pixels, default 640), MODES (default every mode, in the README's order).
# Needs what scripts/setup.sh e2e installs (Xvfb, xdotool, ImageMagick) and builds the game (debug).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/seedfeast-target}"
output=${1:-docs/screens/modes.gif}
seconds=${SECONDS_PER_MODE:-4}
fps=${FPS:-8}
width=${WIDTH:-640}
modes=${MODES:-runner maze arena tunnel food-tunnel dungeon puzzle}
work=dist/readme-gif
bin="$CARGO_TARGET_DIR/debug/seedfeast"

if [ "${2:-}" != --inside ]; then
  case "$output" in
    *.gif | *.webp) ;;
    *) echo "usage: scripts/readme-gif.sh [OUTPUT.gif|OUTPUT.webp]" >&2; exit 2 ;;
  esac
  scripts/setup.sh e2e
  cargo build --locked -p seedfeast
  rm -rf "$work"
  mkdir -p "$work" "$(dirname "$output")"
  exec xvfb-run -a -s "-screen 0 1280x720x24" "$0" "$output" --inside
fi

if command -v magick >/dev/null; then im=(magick); else im=(convert); fi
data=$(mktemp -d)
game=""
window=""
trap '[ -n "$game" ] && kill "$game" 2>/dev/null; rm -rf "$data"' EXIT

# Starts the game with the given arguments (and environment from the caller) and waits for its
# window and its first frames (as scripts/screens.sh does). A game that exits before its window
# opens is started once more: on a loaded machine the virtual display has refused a connection.
open_game() {
  local try
  window=""
  for try in 1 2; do
    SEEDFEAST_DATA="$data" "$bin" "$@" >"$work/game.log" 2>&1 &
    game=$!
    for _ in $(seq 1 120); do
      window=$(xdotool search --name '^Seedfeast$' 2>/dev/null | head -n1 || true)
      [ -n "$window" ] && break 2
      kill -0 "$game" 2>/dev/null || break
      sleep 0.5
    done
    if kill -0 "$game" 2>/dev/null; then break; fi
    echo "readme-gif: the game exited before its window opened (try $try):"
    grep -m3 -iE "error|panicked" "$work/game.log" || tail -n3 "$work/game.log"
    game=""
    sleep 2
  done
  [ -n "$window" ] || { echo "readme-gif: no window"; exit 1; }
  sleep 8 # software rendering draws its first frames slowly
  xdotool windowfocus --sync "$window" || true
}
close_game() {
  kill "$game" 2>/dev/null || true
  wait "$game" 2>/dev/null || true
  game=""
}

frames=$((seconds * fps))
total=0
sequence=()
for mode in $modes; do
  args=(play --mode "$mode" --seed "pizza party")
  # The Code puzzle's step 9 ("Loop the push"): the bot types a loop and runs it.
  [ "$mode" = puzzle ] && args+=(--level 8)
  SEEDFEAST_BOT=1 open_game "${args[@]}"
  xdotool key --window "$window" Return # past the get-ready countdown
  sleep 1.5
  # SECONDS_PER_MODE of play, a frame every 1/FPS s or as fast as import keeps up (under software
  # rendering on a busy machine it is slower than the asked FPS).
  started=$(date +%s%N)
  interval_ns=$((1000000000 / fps))
  n=0
  while [ "$n" -lt "$frames" ] && [ $(($(date +%s%N) - started)) -lt $((seconds * 1000000000)) ]; do
    n=$((n + 1))
    import -window root -resize "${width}x" "$work/$mode-$(printf %03d "$n").png"
    left_ns=$((started + n * interval_ns - $(date +%s%N)))
    [ "$left_ns" -le 0 ] || sleep "$(awk -v ns="$left_ns" 'BEGIN { printf "%.3f", ns / 1e9 }')"
  done
  elapsed_ms=$((($(date +%s%N) - started) / 1000000))
  close_game
  # Each frame is shown for as long as it really took, so the picture plays at the game's speed.
  delay=$((elapsed_ms / n / 10))
  [ "$delay" -ge 2 ] || delay=2
  total=$((total + n))
  echo "readme-gif: $mode: $n frames in $elapsed_ms ms (${delay}0 ms a frame)"
  sequence+=(-delay "$delay" "$work/$mode"-*.png)
done

"${im[@]}" "${sequence[@]}" -loop 0 -layers Optimize "$output"
bytes=$(wc -c <"$output")
echo "readme-gif: $output: $bytes bytes, $total frames"
if [ "$bytes" -gt 10000000 ]; then
  echo "readme-gif: that is over 10 MB: try SECONDS_PER_MODE=3 FPS=6 WIDTH=480, or a .webp name" >&2
fi
echo "readme-gif: look at it, then use it as the README's picture (the image line under the title)."
