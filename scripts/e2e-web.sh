#!/usr/bin/env bash
# End-to-end check of the browser build in headless Chromium (Debian's `chromium`, WebGL2 through
# SwiftShader): the page's determinism digest equals the native one, localStorage and Web Audio
# work, every replayable mode's replay ends as natively, a level link draws a non-blank canvas,
# and the console shows no errors. Screenshots go to dist/e2e/.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/seedfeast-target}"

scripts/setup.sh e2e
# The tests' bundle (the web-test profile: minutes, not the half hour of web-release's fat LTO
# and wasm-opt). The download's size is guarded where it is built for players:
# scripts/bundle-size.sh, run by the release and bundle workflows.
SEEDFEAST_WEB_PROFILE=web-test scripts/web.sh
cargo build --locked -p seedfeast
native=$("$CARGO_TARGET_DIR/debug/seedfeast" digest)

port=8765
python3 -m http.server "$port" --bind 127.0.0.1 --directory dist/web >/dev/null 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
sleep 1

out=dist/e2e
mkdir -p "$out"
browse() {
  # $1: URL query, $2: extra flags. Console messages go to stderr with --enable-logging.
  chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$(mktemp -d)" --enable-unsafe-swiftshader --use-angle=swiftshader \
    --enable-logging=stderr --v=0 --virtual-time-budget=20000 --window-size=1280,720 "${@:2}" \
    "http://127.0.0.1:$port/index.html$1"
}

# What the ?digest page published as <pre id="$1">, from the page's DOM on stdin ("missing" if absent).
page_field() {
  python3 -c 'import html,re,sys; m=re.search(r"<pre id=\"%s\"[^>]*>(.*?)</pre>" % sys.argv[1], sys.stdin.read(), re.S); print(html.unescape(m.group(1)).strip() if m else "missing")' "$1"
}

echo "e2e: digest"
dom=$(browse "?digest" --dump-dom 2>"$out/digest-console.log")
web=$(page_field digest <<<"$dom")
if [ "$web" != "$native" ]; then
  echo "e2e: FAILED: browser digest differs from native"; echo "native:"; echo "$native"; echo "browser:"; echo "$web"; exit 1
fi
echo "e2e: digests match"
storage=$(page_field storage <<<"$dom")
[ "$storage" = ok ] || { echo "e2e: FAILED: localStorage check in the browser: $storage"; exit 1; }
echo "e2e: localStorage keeps scores"
sound=$(page_field sound <<<"$dom")
[ "$sound" = "ok: 10 cues" ] || { echo "e2e: FAILED: Web Audio check in the browser: $sound"; exit 1; }
echo "e2e: every sound loads into Web Audio"

# A replay re-simulated in the browser ends where it ends natively, in every replayable mode: the
# same score, steps and final state hash, to the bit (rapier's physics included). Where one parts,
# the traces (every step of the first two seconds with velocity and contacts, then every 10th;
# kept in dist/e2e/) show the first step and quantity that differ.
replays_differ=0
for mode in tunnel food-tunnel arena maze dungeon runner; do
  replay=$("$CARGO_TARGET_DIR/debug/seedfeast" replay record --mode "$mode" --seed "pizza party" --bot --seconds 20 2>/dev/null)
  native_run=$("$CARGO_TARGET_DIR/debug/seedfeast" replay verify --code "$replay" --trace 10 2>"$out/replay-$mode-native.trace")
  dom=$(browse "?digest&seed=pizza+party&mode=$mode&ghost=$replay" --dump-dom 2>"$out/replay-$mode-console.log")
  web_run=$(page_field replay <<<"$dom")
  page_field replay-trace <<<"$dom" >"$out/replay-$mode-web.trace"
  if [ "$web_run" = "$native_run" ]; then
    echo "e2e: the $mode replay ends the same in the browser, to the bit: $web_run"
    continue
  fi
  echo "e2e: FAILED: the $mode replay plays out differently in the browser"; echo "native:  $native_run"; echo "browser: $web_run"
  echo "where the player first differs (native then browser):"
  diff "$out/replay-$mode-native.trace" "$out/replay-$mode-web.trace" | head -n 4 || true
  replays_differ=1
done
[ "$replays_differ" = 0 ] || exit 1

echo "e2e: a level link starts that run and draws it"
code=$("$CARGO_TARGET_DIR/debug/seedfeast" seed "pizza party" | cut -d' ' -f1)
browse "?seed=pizza+party&mode=maze" --screenshot="$out/maze-link.png" 2>"$out/link-console.log" >/dev/null
spread=$(convert "$out/maze-link.png" -colorspace Gray -format "%[fx:standard_deviation]" info:)
python3 -c "import sys; sys.exit(0 if float('$spread') > 0.05 else 1)" || { echo "e2e: FAILED: the canvas is blank (spread $spread)"; exit 1; }
# The game publishes each screen it shows; the link must have started the maze on that code.
screens=$(browse "?seed=pizza+party&mode=maze" --dump-dom 2>"$out/screens-console.log" | page_field screens)
grep -qx "Playing maze $code" <<<"$screens" || {
  echo "e2e: FAILED: the link did not start the maze run on $code; screens shown:"; echo "$screens"; exit 1
}
echo "e2e: the game started the run ($(tr '\n' ' ' <<<"$screens"))"
# Any error in the console, and any warning our own code logs (tracing-wasm writes the source file:
# ours is a relative src/ or crates/ path), fails the test.
if grep -E "CONSOLE.*(panicked|Uncaught|RuntimeError|\"ERROR |\"WARN (src|crates)/)" "$out"/*-console.log; then
  echo "e2e: FAILED: errors or warnings in the console"; exit 1
fi
echo "e2e: browser checks passed; screenshot in $out/maze-link.png"
echo "1 passed, 0 failed"
