#!/usr/bin/env bash
# End-to-end check of the release artefacts, as a friend would use them (scripts/dist.sh builds them):
# - Linux: unpacks seedfeast-VERSION-linux-x86_64.tar.gz into an empty folder and runs it there with
#   HOME pointing to another empty folder and nothing else of this machine's environment (no
#   CARGO_MANIFEST_DIR, so it can't read the repository's assets/); `digest` and
#   `gen maze --seed "pizza party"` must print exactly what the repository build prints, the digest
#   must equal the pinned tests/game/digest.txt, and the game must open its window under Xvfb and keep
#   running without errors.
# - Web: unpacks seedfeast-VERSION-web.zip under a sub-path, /seedfeast/, of a server on 127.0.0.1
#   (nothing at the root), and in headless Chromium the page's `?digest` must equal the native digest
#   and a level link must start that level.
# Usage: scripts/e2e-dist.sh [--no-build]   (--no-build checks the archives already in dist/release)
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/seedfeast-target}"

# Inside xvfb-run (see below): start the unpacked game in its folder, wait for its window, let it run.
if [ "${1:-}" = --window ]; then
  dir=$2 home=$3 log=$4
  (cd "$dir" && exec env -i HOME="$home" PATH=/usr/bin:/bin LANG=C.UTF-8 DISPLAY="$DISPLAY" \
    XAUTHORITY="${XAUTHORITY:-}" ./seedfeast) >"$log" 2>&1 &
  game=$!
  trap 'kill $game 2>/dev/null || true' EXIT
  for _ in $(seq 1 120); do
    if xdotool search --name '^Seedfeast$' >/dev/null 2>&1; then
      sleep 5 # a few seconds of frames (software rendering is slow to start)
      kill -0 $game 2>/dev/null || { echo "the game exited after opening its window"; exit 1; }
      exit 0
    fi
    kill -0 $game 2>/dev/null || { echo "the game exited before opening its window"; exit 1; }
    sleep 0.5
  done
  echo "no Seedfeast window after 60 s"
  exit 1
fi

fail() { echo "e2e-dist: FAILED: $*"; exit 1; }

scripts/setup.sh e2e
started=$SECONDS
if [ "${1:-}" != --no-build ]; then
  scripts/dist.sh all
fi
dist_took=$((SECONDS - started))
version=$(cargo metadata --format-version 1 --no-deps --locked |
  python3 -c 'import json, sys; print(next(p["version"] for p in json.load(sys.stdin)["packages"] if p["name"] == "seedfeast"))')
archive="$PWD/dist/release/seedfeast-$version-linux-x86_64.tar.gz"
zip="$PWD/dist/release/seedfeast-$version-web.zip"
[ -f "$archive" ] || fail "no $archive (run scripts/dist.sh linux)"
[ -f "$zip" ] || fail "no $zip (run scripts/dist.sh web)"

# The repository's own build, the reference.
cargo build --locked -p seedfeast
repo_bin="$CARGO_TARGET_DIR/debug/seedfeast"

out=dist/e2e
mkdir -p "$out"
work=$(mktemp -d)
home=$(mktemp -d)
web_root=$(mktemp -d)
server=""
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null
  rm -rf "$work" "$home" "$web_root"
}
trap cleanup EXIT

echo "e2e-dist: the Linux archive ($(wc -c <"$archive") bytes)"
tar -xzf "$archive" -C "$work"
dir="$work/seedfeast-$version"
expected="seedfeast-$version/
seedfeast-$version/LICENSE-APACHE
seedfeast-$version/LICENSE-MIT
seedfeast-$version/PLAYING.txt
seedfeast-$version/README.md
seedfeast-$version/THIRD-PARTY-CRATES.txt
seedfeast-$version/THIRD-PARTY.md
seedfeast-$version/seedfeast"
listing=$(tar -tzf "$archive")
[ "$listing" = "$expected" ] || fail "the archive holds other files than expected:
$listing"
[ -x "$dir/seedfeast" ] || fail "the binary in the archive is not executable"
echo "e2e-dist: it links $(ldd "$dir/seedfeast" | awk '{print $1}' | tr '\n' ' ')"

# The unpacked binary in its own folder, with a bare environment and an empty HOME.
archived() { (cd "$dir" && env -i HOME="$home" PATH=/usr/bin:/bin LANG=C.UTF-8 ./seedfeast "$@"); }
# The repository build, from the repository.
repo() { "$repo_bin" "$@"; }
same() {
  # $1: name; the rest: arguments. Byte-for-byte, exit status included.
  local name=$1
  shift
  local a=0 r=0
  archived "$@" >"$out/dist-$name.archive.out" 2>"$out/dist-$name.archive.err" || a=$?
  repo "$@" >"$out/dist-$name.repo.out" 2>"$out/dist-$name.repo.err" || r=$?
  [ "$a$r" = 00 ] || fail "$name: exit status $a (archive) and $r (repository); see $out/dist-$name.*.err"
  cmp "$out/dist-$name.archive.out" "$out/dist-$name.repo.out" || fail "$name: the archive's output differs from the repository build's"
  echo "e2e-dist: $name: identical ($(wc -c <"$out/dist-$name.archive.out") bytes)"
}
same digest digest
same gen-maze gen maze --seed "pizza party"
cmp "$out/dist-digest.archive.out" tests/game/digest.txt || fail "the digest differs from the pinned tests/game/digest.txt"
echo "e2e-dist: the digest equals the pinned tests/game/digest.txt"

echo "e2e-dist: the unpacked game opens its window (Xvfb)"
xvfb-run -a -s "-screen 0 1280x720x24" "$0" --window "$dir" "$home" "$out/dist-window.log" ||
  { tail -n 30 "$out/dist-window.log"; fail "the unpacked game did not start"; }
if grep -E "panicked|ERROR" "$out/dist-window.log"; then
  fail "errors in the game's log ($out/dist-window.log)"
fi
files=$(cd "$dir" && find . -mindepth 1 | LC_ALL=C sort | tr '\n' ' ')
[ "$files" = "./LICENSE-APACHE ./LICENSE-MIT ./PLAYING.txt ./README.md ./THIRD-PARTY-CRATES.txt ./THIRD-PARTY.md ./seedfeast " ] ||
  fail "the game wrote beside itself: $files"
echo "e2e-dist: it ran, wrote nothing beside itself; in HOME: $(cd "$home" && find . -type f | tr '\n' ' ')"

echo "e2e-dist: the web zip ($(wc -c <"$zip") bytes) under /seedfeast/"
mkdir "$web_root/seedfeast"
python3 -m zipfile -e "$zip" "$web_root/seedfeast"
[ -f "$web_root/seedfeast/index.html" ] || fail "no index.html at the root of the zip"
port=8766
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$web_root" >/dev/null 2>&1 &
server=$!
sleep 1
page="http://127.0.0.1:$port/seedfeast/"
# As scripts/e2e-web.sh drives Chromium: $1 the URL query, then extra flags; the console goes to stderr.
browse() {
  chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$(mktemp -d)" --enable-unsafe-swiftshader --use-angle=swiftshader \
    --enable-logging=stderr --v=0 --virtual-time-budget=20000 --window-size=1280,720 "${@:2}" \
    "$page$1"
}
# What the page published as <pre id="$1">, from its DOM on stdin ("missing" if absent).
page_field() {
  python3 -c 'import html,re,sys; m=re.search(r"<pre id=\"%s\"[^>]*>(.*?)</pre>" % sys.argv[1], sys.stdin.read(), re.S); print(html.unescape(m.group(1)).strip() if m else "missing")' "$1"
}
native=$(cat "$out/dist-digest.archive.out")
web=$(browse "?digest" --dump-dom 2>"$out/dist-digest-console.log" | page_field digest)
if [ "$web" != "$native" ]; then
  echo "native:"; echo "$native"; echo "browser:"; echo "$web"
  fail "the web zip's digest under /seedfeast/ differs from the native one (console: $out/dist-digest-console.log)"
fi
echo "e2e-dist: the page's ?digest equals the native digest"
code=$(archived seed "pizza party" | cut -d' ' -f1)
screens=$(browse "?seed=pizza+party&mode=maze" --dump-dom 2>"$out/dist-screens-console.log" | page_field screens)
grep -qx "Playing maze $code" <<<"$screens" || fail "the level link did not start the maze on $code; screens: $screens"
echo "e2e-dist: a level link under /seedfeast/ starts that level"
if grep -E "CONSOLE.*(panicked|Uncaught|RuntimeError|\"ERROR )" "$out"/dist-*-console.log; then
  fail "errors in the browser console"
fi

echo "e2e-dist: sizes: $(basename "$archive") $(wc -c <"$archive") bytes, $(basename "$zip") $(wc -c <"$zip") bytes; dist took ${dist_took} s"
echo "1 passed, 0 failed"
