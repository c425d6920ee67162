#!/usr/bin/env bash
# The docs' desktop screenshots, taken as a player sees the game: the real window under
# xvfb-run (software rendering), driven by keys through xdotool, or by a mode's reference bot
# (SEEDFEAST_BOT=1). Pictures go to dist/screens/; look at them, then copy the chosen ones to
# docs/screens/. Usage: scripts/screens.sh [dungeon|puzzle|worlds|maze|preview|share|settings|how|feel|retry|all]
# (`feel`: every mode played by its bot, two shots each, for issue #34's before/after;
# FEEL_TAG names the set, e.g. FEEL_TAG=before; FEEL_MODES picks the modes, e.g. "maze dungeon".)
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/seedfeast-target}"
out=dist/screens
# SCREENS_BIN: another build to photograph (an older release, for a before and after).
bin="${SCREENS_BIN:-$CARGO_TARGET_DIR/debug/seedfeast}"
which=${1:-all}

if [ "${2:-}" != --inside ]; then
  scripts/setup.sh e2e
  cargo build --locked -p seedfeast
  mkdir -p "$out"
  exec xvfb-run -a -s "-screen 0 1280x720x24" "$0" "$which" --inside
fi

data=$(mktemp -d)
game=""
window=""
trap '[ -n "$game" ] && kill $game 2>/dev/null; rm -rf "$data"' EXIT

# Starts the game with the given arguments (and environment from the caller) and waits for its
# window and its first frames.
open_game() {
  SEEDFEAST_DATA="$data" "$bin" "$@" >"$out/game.log" 2>&1 &
  game=$!
  window=""
  for _ in $(seq 1 120); do
    window=$(xdotool search --name '^Seedfeast$' 2>/dev/null | head -n1 || true)
    [ -n "$window" ] && break
    kill -0 $game 2>/dev/null || { echo "screens: the game exited"; tail "$out/game.log"; exit 1; }
    sleep 0.5
  done
  [ -n "$window" ] || { echo "screens: no window"; exit 1; }
  sleep 8 # software rendering draws its first frames slowly
  xdotool windowfocus --sync "$window" || true
}
close_game() {
  kill $game 2>/dev/null || true
  wait $game 2>/dev/null || true
  game=""
}
key() { xdotool key --window "$window" --delay 150 "$@"; sleep 0.6; }
shot() { import -window root "$out/$1.png"; echo "screens: $out/$1.png"; }

if [ "$which" = dungeon ] || [ "$which" = all ]; then
  # The bot plays dungeon 1 of "pizza party": zones open, the bag fills, the minimap grows.
  SEEDFEAST_BOT=1 open_game play --mode dungeon --seed "pizza party"
  key Return # past the get-ready countdown
  for n in 1 2 3 4 5 6; do
    sleep 5
    shot "dungeon-$n"
  done
  close_game
fi

if [ "$which" = maze ] || [ "$which" = all ]; then
  # The bot plays the braided floors of "pizza party": one pot hunts, the others wait faded.
  SEEDFEAST_BOT=1 open_game play --mode maze --seed "pizza party"
  key Return # past the get-ready countdown
  for n in 1 2 3 4; do
    sleep 4
    shot "maze-$n"
  done
  close_game
fi

if [ "$which" = worlds ] || [ "$which" = all ]; then
  # Step 15 ("Is it moving?", issue #32): two worlds. F6 shows the second (its gate still), then
  # the bot runs the solution in each world in turn, the chips over the map saying how it went.
  open_game play --mode puzzle --seed "pizza party" --level 14
  key Return
  sleep 2
  shot worlds-own
  key F6
  sleep 2
  shot worlds-other
  close_game
  # Step 19 ("Push until"): world 2's block starts off its mark (the dashed square).
  open_game play --mode puzzle --seed "pizza party" --level 18
  key Return
  sleep 2
  key F6
  sleep 2
  shot worlds-mark
  close_game
  SEEDFEAST_BOT=1 open_game play --mode puzzle --seed "pizza party" --level 14
  key Return
  for n in $(seq -w 1 24); do
    sleep 1
    shot "worlds-run-$n"
  done
  close_game
fi

if [ "$which" = puzzle ] || [ "$which" = all ]; then
  # Step 9 of the curriculum ("Loop the push"): the bot walks to the coding tile, types the
  # solution key by key and runs it; the code panel shows the line running.
  SEEDFEAST_BOT=1 open_game play --mode puzzle --seed "pizza party" --level 8
  key Return
  for n in $(seq -w 1 24); do
    sleep 1
    shot "puzzle-$n"
  done
  close_game
fi

if [ "$which" = retry ] || [ "$which" = all ]; then
  # Issue #45's loop: nobody jumps in the Runner of "pizza party", so the first gap ends the run;
  # shots a quarter of a second apart catch the crash held on screen (the death beat) and the card
  # after it.
  # The first run is over while the window opens (software rendering starts slowly): its card
  # shows; Space retries, Return cuts the countdown short, and the shots follow the new run.
  open_game play --mode runner --seed "pizza party"
  shot retry-card
  key space
  key Return
  for n in $(seq -w 1 16); do
    sleep 0.25
    shot "retry-$n"
  done
  close_game
fi

if [ "$which" = feel ] || [ "$which" = all ]; then
  # Each mode's bot plays "pizza party": a shot early in the run and one a little later.
  tag=${FEEL_TAG:-now}
  for mode in ${FEEL_MODES:-runner maze arena tunnel food-tunnel dungeon puzzle}; do
    SEEDFEAST_BOT=1 open_game play --mode "$mode" --seed "pizza party"
    key Return
    sleep 3
    shot "feel-$tag-$mode-1"
    sleep 4
    shot "feel-$tag-$mode-2"
    close_game
  done
fi

if [ "$which" = preview ] || [ "$which" = all ]; then
  # Title → Play → Maze chase → type a seed: the preview draws the floor it makes.
  open_game
  key Return
  key Down Return
  xdotool type --window "$window" --delay 120 "pizza party"
  sleep 2
  shot preview-maze
  close_game
fi

if [ "$which" = share ] || [ "$which" = all ]; then
  # A Runner run nobody jumps in ends at the first gap; Share copies the run's text.
  open_game play --mode runner --seed "pizza party"
  key Return
  sleep 12
  key Down Down Down Return
  sleep 1
  shot share
  xclip -o -selection clipboard >"$out/share.txt" 2>/dev/null || true
  close_game
fi

if [ "$which" = settings ] || [ "$which" = all ]; then
  # Settings (issue #29) at both text sizes, with the Colours row and a refused key's line.
  open_game
  key Down Return
  shot settings-normal
  key Down Down Down Down Return # Text size: Large
  sleep 1
  shot settings-large
  # The jump's row (after the nine general rows), then Q: the second action's key, refused.
  key Down Down Down Down Down Down Down Down Down Return q
  sleep 1
  shot settings-refused
  close_game
fi

if [ "$which" = how ] || [ "$which" = all ]; then
  # How was this made? (issue #33) from the pause screen: the maze carved part-way, then the
  # finished floor; the dungeon half-carved; the Arena's scatter (HOW_MODES picks others).
  # From the seed screen: the Maze chase's preview level (Play, the Maze, then down to the button).
  open_game
  key Return Down Return
  key Down Down Down Down Down Down Down Return
  sleep 3
  shot how-seed-screen
  key Escape
  sleep 1
  shot how-seed-screen-closed
  close_game
  for mode in ${HOW_MODES:-maze dungeon arena}; do
    SEEDFEAST_BOT=1 open_game play --mode "$mode" --seed "pizza party"
    key Return # past the get-ready countdown
    sleep 3
    key Escape Down Down Return # pause, then How was this made?
    key Up Right Right Right Right Right Right Right Right Right Right Right Right Right Right Right Right Right Right Right Right
    sleep 1
    shot "how-$mode-early"
    key Right Right Right Right Right Right Right Right Right Right Right Right Right Right Right Right Right Right Right Right Right Right Right Right Right Right Right Right Right Right Right Right Right Right Right Right Right Right Right Right
    sleep 1
    shot "how-$mode-middle"
    key Down
    sleep 1
    shot "how-$mode-end"
    close_game
  done
fi
