#!/usr/bin/env bash
# Every mode as players with a colour-vision deficiency see it: each mode's reference bot plays
# "pizza party" in the real window under xvfb-run; a screenshot of each is put through the three
# dichromacy simulations of Machado, Oliveira and Fernandes (2009, severity 1.0: protanopia,
# deuteranopia, tritanopia), applied in linear RGB with ImageMagick, and the four views are laid out
# 2 × 2 in docs/screens/colour-vision/MODE.jpg (original top left). Look at them: every pair of
# things that play differently must stay distinguishable (docs/colour-vision.md says what was
# checked). Usage: scripts/colour-vision.sh [MODE …] (default: every mode of `seedfeast modes`).
# COLOURS=ColourSafe plays with Settings' colour-safe scheme (issue #29) and writes to
# docs/screens/colour-vision/colour-safe/. SEEDFEAST_BIN picks the game binary (default: the
# release build when there is one, else the debug build).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/seedfeast-target}"
colours="${COLOURS:-Standard}"
out=docs/screens/colour-vision
work=dist/colour-vision
if [ "$colours" != Standard ]; then
  out="$out/colour-safe"
  work="$work/colour-safe"
fi
# The release binary when there is one (the bots play in real time either way).
bin="${SEEDFEAST_BIN:-$CARGO_TARGET_DIR/release/seedfeast}"
[ -x "$bin" ] || bin="$CARGO_TARGET_DIR/debug/seedfeast"

if [ "${1:-}" != --inside ]; then
  scripts/setup.sh e2e
  [ -x "$bin" ] || cargo build --locked -p seedfeast
  mkdir -p "$out" "$work"
  # -noreset: Xvfb would otherwise reset as each game closes, and refuse the next for a moment.
  exec xvfb-run -a -s "-screen 0 1280x720x24 -noreset" "$0" --inside "$@"
fi
shift
modes=("$@")
if [ ${#modes[@]} -eq 0 ]; then
  mapfile -t modes < <("$bin" modes --format json | python3 -c 'import json,sys; print("\n".join(m["key"] for m in json.load(sys.stdin)))')
fi

data=$(mktemp -d)
# The setting as a player who chose it in an earlier session has it: in the save.
echo "(version: 4, settings: (colours: (value: $colours, at: 1)))" >"$data/scores.ron"
game=""
trap '[ -n "$game" ] && kill $game 2>/dev/null; rm -rf "$data"' EXIT

# Machado et al. 2009, severity 1.0, for linear RGB.
declare -A matrix=(
  [protanopia]="0.152286 1.052583 -0.204868 0.114503 0.786281 0.099216 -0.003882 -0.048116 1.051998"
  [deuteranopia]="0.367322 0.860646 -0.227968 0.280085 0.672501 0.047413 -0.011820 0.042940 0.968881"
  [tritanopia]="1.255528 -0.076749 -0.178779 -0.078411 0.930809 0.147602 0.004733 0.691367 0.303900"
)

for mode in "${modes[@]}"; do
  level=()
  [ "$mode" = puzzle ] && level=(--level 8)
  SEEDFEAST_DATA="$data" SEEDFEAST_BOT=1 "$bin" play --mode "$mode" --seed "pizza party" "${level[@]}" >"$work/$mode.log" 2>&1 &
  game=$!
  for _ in $(seq 1 120); do
    xdotool search --name '^Seedfeast$' >/dev/null 2>&1 && break
    kill -0 $game 2>/dev/null || { echo "colour-vision: the game exited"; tail "$work/$mode.log"; exit 1; }
    sleep 0.5
  done
  # Past the countdown and into play (software rendering starts slowly).
  sleep 22
  import -window root "$work/$mode.png"
  kill $game 2>/dev/null || true
  wait $game 2>/dev/null || true
  game=""
  views=("$work/$mode.png")
  for kind in protanopia deuteranopia tritanopia; do
    convert "$work/$mode.png" -colorspace RGB -color-matrix "${matrix[$kind]}" -colorspace sRGB "$work/$mode-$kind.png"
    views+=("$work/$mode-$kind.png")
  done
  # JPEG at 560 × 315 a view: about 100 KB a mode in the repository rather than 500.
  montage "${views[@]}" -tile 2x2 -geometry 560x315+4+4 -background '#222222' -quality 82 "$out/$mode.jpg"
  echo "colour-vision: $out/$mode.jpg (original, protanopia; deuteranopia, tritanopia)"
done
