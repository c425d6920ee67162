#!/usr/bin/env bash
# End-to-end check of a board's page in headless Chromium: the board server (debug build) on
# 127.0.0.1 with a fresh SQLite file, two players' bot runs submitted over HTTP as the game would,
# then the page: ranked in order, names shown as text, each row's *Race this ghost* link naming
# the web game, the seed and that run; where the web bundle is built, the link is followed and the
# game re-plays that ghost to the bit, and the web game's own *Submit to board* reaches this server
# and shows the rank it gave. The screenshots go to dist/e2e/.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/seedfeast-target}"

scripts/setup.sh e2e
# Built on their own: one build of both would unify the server's features into the game's crates.
cargo build --locked -p seedfeast
cargo build --locked -p seedfeast-board
game="$CARGO_TARGET_DIR/debug/seedfeast"
out=dist/e2e
mkdir -p "$out"
work=$(mktemp -d)
game_page="http://127.0.0.1:8765/index.html"
"$CARGO_TARGET_DIR/debug/seedfeast-board" serve --db "sqlite:$work/board.db" --listen 127.0.0.1:0 \
  --game "$game" --game-url "$game_page" --allow-origin http://127.0.0.1:8765 \
  >"$work/server.out" 2>"$work/server.err" &
board=$!
trap 'kill $board 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 100); do grep -q listening "$work/server.out" 2>/dev/null && break; sleep 0.1; done
base=$(grep -o 'http://[0-9.:]*' "$work/server.out") || { echo "e2e-board: FAILED: the server didn't start"; cat "$work/server.err"; exit 1; }

seed=$("$game" seed "board page" | cut -d' ' -f1)
short=$("$game" replay record --mode tunnel --seed "board page" --bot --seconds 4 2>/dev/null)
long=$("$game" replay record --mode tunnel --seed "board page" --bot --seconds 12 2>/dev/null)
submit() {
  curl -sS -X POST -H 'content-type: application/json' \
    -d "{\"replay\":\"$1\",\"name\":\"$2\",\"secret\":\"${2// /_}-secret-0123456789abcdef\"}" "$base/api/v1/runs"
}
echo "e2e-board: $(submit "$short" Bea)"
echo "e2e-board: $(submit "$long" "Ana Maria")"

browse() {
  chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$(mktemp -d)" --window-size=900,600 "${@:2}" "$1"
}
browse "$base/b/tunnel/$seed" --screenshot="$out/board-page.png" >/dev/null 2>&1
dom=$(browse "$base/b/tunnel/$seed" --dump-dom 2>/dev/null)
python3 - "$dom" "$long" "$seed" "$game_page" <<'PY'
import html, re, sys
dom, long_code, seed, game_page = sys.argv[1:]
rows = re.findall(r'<tr><td class="?rank"?>(\d+)</td><td class="?name"?>(.*?)</td><td class="?score"?>(\d+)</td>', dom)
names = [html.unescape(name) for _, name, _ in rows]
if names != ["Ana Maria", "Bea"]:
    sys.exit(f"e2e-board: FAILED: the page ranks {names}, not Ana Maria then Bea")
links = [html.unescape(href) for href in re.findall(r'<a class="?race"? href="([^"]+)"', dom)]
want = f"{game_page}?seed={seed}&mode=tunnel&ghost={long_code}"
if not links or links[0] != want:
    sys.exit(f"e2e-board: FAILED: the first row's ghost link is {links[:1]}, not {want}")
print(f"e2e-board: the page ranks {names} (scores {[int(s) for _, _, s in rows]}); rank 1 races its own run")
PY
# Where the web bundle is built (scripts/e2e.sh runs scripts/e2e-web.sh first), the first row's
# link is followed: the web game opens that seed racing that run as its ghost, and re-plays the
# ghost to the same line as `replay verify` (the page publishes it with ?digest).
if [ -f dist/web/index.html ]; then
  python3 -m http.server 8765 --bind 127.0.0.1 --directory dist/web >/dev/null 2>&1 &
  web=$!
  trap 'kill $board $web 2>/dev/null || true; rm -rf "$work"' EXIT
  sleep 1
  link=$(python3 -c 'import html,re,sys; print(html.unescape(re.findall(r"<a class=\"?race\"? href=\"([^\"]+)\"", sys.argv[1])[0]))' "$dom")
  native=$("$game" replay verify --code "$long")
  raced=$(browse "$link&digest" --enable-unsafe-swiftshader --use-angle=swiftshader --virtual-time-budget=20000 \
    --dump-dom 2>/dev/null | python3 -c 'import html,re,sys; m=re.search(r"<pre id=\"replay\"[^>]*>(.*?)</pre>", sys.stdin.read(), re.S); print(html.unescape(m.group(1)).strip() if m else "missing")')
  if [ "$raced" != "$native" ]; then
    echo "e2e-board: FAILED: the ghost link's game re-played $raced, not $native"; exit 1
  fi
  echo "e2e-board: Race this ghost opens the web game racing that run: $raced"
  # The game's own Submit to board, in the browser: a run from a link naming this board is
  # submitted by mouse and keyboard, re-played by the server, and its rank shown (board.mjs).
  source scripts/browser/playwright.sh
  node scripts/browser/board.mjs "$game_page" "$base" "$seed" "$out"
fi
echo "e2e-board: passed; screenshot in $out/board-page.png"
