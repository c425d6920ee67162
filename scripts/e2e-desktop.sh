#!/usr/bin/env bash
# End-to-end check of the desktop game: runs it in a real window under xvfb-run (software
# rendering), drives it with keys through xdotool from the title into a Runner run on a typed seed,
# and asserts what a player would see and keep: the screens draw (not blank, and they change), the
# run ends on its own (nobody jumps), its score is saved under that seed's code, and Quit exits
# cleanly. Screenshots go to dist/e2e/desktop-*.png.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/seedfeast-target}"
out=dist/e2e
bin="$CARGO_TARGET_DIR/debug/seedfeast"

if [ "${1:-}" != --inside ]; then
  scripts/setup.sh e2e
  cargo build --locked -p seedfeast
  mkdir -p "$out"
  rm -f "$out"/desktop-*.png
  exec xvfb-run -a -s "-screen 0 1280x720x24" "$0" --inside
fi

fail() { echo "e2e-desktop: FAILED: $*"; [ -f "$log" ] && tail -n 30 "$log"; exit 1; }
shot() { import -window root "$out/desktop-$1.png"; }
# Standard deviation of the grey levels: ~0 for a blank (one-colour) screen.
spread() { convert "$1" -colorspace Gray -format "%[fx:standard_deviation]" info:; }
differ() { [ "$(compare -metric AE "$1" "$2" null: 2>&1 || true)" != 0 ]; }
key() { xdotool key --window "$window" --delay 150 "$@"; sleep 0.6; }

data=$(mktemp -d)
log="$out/desktop-game.log"
seed_text="pizza party"
code=$("$bin" seed "$seed_text" | cut -d' ' -f1)

SEEDFEAST_DATA="$data" "$bin" >"$log" 2>&1 &
game=$!
trap 'kill $game 2>/dev/null || true; rm -rf "$data"' EXIT

window=""
for _ in $(seq 1 120); do
  window=$(xdotool search --name '^Seedfeast$' 2>/dev/null | head -n1 || true)
  [ -n "$window" ] && break
  kill -0 $game 2>/dev/null || fail "the game exited before opening its window"
  sleep 0.5
done
[ -n "$window" ] || fail "no Seedfeast window after 60 s"
sleep 8 # software rendering draws its first frames slowly
xdotool windowfocus --sync "$window" || true

echo "e2e-desktop: title"
shot title
python3 -c "import sys; sys.exit(0 if float('$(spread "$out/desktop-title.png")') > 0.02 else 1)" \
  || fail "the title screen is blank"

echo "e2e-desktop: Play → Runner → type \"$seed_text\" → Enter"
key Return
key Return
xdotool type --window "$window" --delay 120 "$seed_text"
sleep 0.5
shot seed
key Return
sleep 2
shot run
differ "$out/desktop-seed.png" "$out/desktop-run.png" || fail "the screen did not change when the run started"
python3 -c "import sys; sys.exit(0 if float('$(spread "$out/desktop-run.png")') > 0.02 else 1)" \
  || fail "the run is blank"

echo "e2e-desktop: waiting for the run to end (nobody jumps) and its score to be saved under $code"
for _ in $(seq 1 90); do
  grep -q "runner/$code" "$data/scores.ron" 2>/dev/null && break
  sleep 1
done
grep -q "runner/$code" "$data/scores.ron" 2>/dev/null || fail "no score saved for runner/$code"
sleep 1
shot game-over
differ "$out/desktop-run.png" "$out/desktop-game-over.png" || fail "the game-over screen did not appear"

echo "e2e-desktop: Escape to the title, then Quit"
key Escape
key Down Down
# The game may close its window while Return is still being delivered (key-up after the press that
# quits), which makes xdotool report BadWindow; whether Quit worked is judged by the exit below.
xdotool key --window "$window" Return 2>/dev/null || true
for _ in $(seq 1 20); do
  kill -0 $game 2>/dev/null || break
  sleep 0.5
done
if kill -0 $game 2>/dev/null; then fail "Quit did not close the game"; fi
wait $game || fail "the game exited with status $?"
if grep -E "panicked|ERROR" "$log"; then fail "errors in the game's log"; fi
echo "e2e-desktop: passed; screenshots in $out/desktop-*.png"
