#!/usr/bin/env bash
# Builds the browser bundle into dist/web (scripts/web.sh), or builds and serves it on
# http://127.0.0.1:PORT (scripts/web.sh serve [PORT], default 8080).
# SEEDFEAST_WEB_PROFILE picks the cargo profile: web-release (the default: the smallest bundle,
# wasm-opt included, what players download) or web-test (the end-to-end tests' bundle: the same
# game, built in a fraction of the time, several times larger, no wasm-opt).
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh web
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/seedfeast-target}"

# wasm-bindgen-cli must match the wasm-bindgen the game links, exactly.
version=$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | tail -n1 | cut -d'"' -f2)
if ! wasm-bindgen --version 2>/dev/null | grep -q " $version\$"; then
  echo "web: installing wasm-bindgen-cli $version (a few minutes, once)"
  # At opt-level 1, not release's 3: it compiles in about half the time on a cold machine, and
  # binds the bundle in seconds all the same.
  CARGO_PROFILE_RELEASE_OPT_LEVEL=1 cargo install wasm-bindgen-cli --version "$version"
fi

profile=${SEEDFEAST_WEB_PROFILE:-web-release}
case "$profile" in web-release | web-test) ;; *) echo "web: SEEDFEAST_WEB_PROFILE is web-release or web-test, not $profile" >&2; exit 2 ;; esac
# The tests' bundle is also the browser build's lint: clippy-driver compiles the workspace's own
# crates (dependencies as usual), every warning an error, as `cargo clippy` would for wasm32. CI
# relies on it (.ci/run skips test.sh's wasm clippy check, which would compile every dependency a
# second time in check mode: 9 minutes of a cold run). After the install above: the wrapper
# would lint wasm-bindgen-cli's own code too.
if [ "$profile" = web-test ]; then
  RUSTC_WORKSPACE_WRAPPER=$(rustup which clippy-driver 2>/dev/null || command -v clippy-driver)
  export RUSTC_WORKSPACE_WRAPPER CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"
fi
cargo build --locked --profile "$profile" --target wasm32-unknown-unknown -p seedfeast

out=dist/web
rm -rf "$out"
mkdir -p "$out"
# The name section alone is ~10 MB of function names nobody downloads on purpose.
wasm-bindgen --target web --no-typescript --remove-name-section --out-dir "$out" --out-name seedfeast \
  "$CARGO_TARGET_DIR/wasm32-unknown-unknown/$profile/seedfeast.wasm"
# binaryen's wasm-opt -Oz (scripts/wasm-opt.sh), for web-release. SEEDFEAST_WASM_OPT=0 skips it
# for a quicker build.
if [ "$profile" = web-release ] && [ "${SEEDFEAST_WASM_OPT:-1}" != 0 ]; then
  scripts/wasm-opt.sh "$out/seedfeast_bg.wasm"
fi
cp web/index.html web/manifest.webmanifest "$out/"
cp -r web/icons "$out/icons"
cp -r assets "$out/assets"
# The service worker names this build (a hash of every file it serves) and lists those files, so
# a release's cache is filled whole and replaced whole (web/sw.js). In Python: names are quoted
# as URLs and written as JSON, whatever characters they hold.
python3 - "$out" <<'PY'
import hashlib, json, os, sys, urllib.parse
out = sys.argv[1]
files = sorted(
    os.path.relpath(os.path.join(root, name), out).replace(os.sep, "/")
    for root, _, names in os.walk(out) for name in names if name != "sw.js"
)
digest = hashlib.sha256()
for name in files:
    digest.update(name.encode() + b"\0")
    with open(os.path.join(out, name), "rb") as f:
        digest.update(hashlib.sha256(f.read()).digest())
urls = ["./"] + [urllib.parse.quote(name) for name in files]
with open("web/sw.js", encoding="utf-8") as f:
    worker = f.read()
worker = worker.replace("__SEEDFEAST_BUILD__", digest.hexdigest()[:16]).replace("__SEEDFEAST_FILES__", json.dumps(urls))
with open(os.path.join(out, "sw.js"), "w", encoding="utf-8") as f:
    f.write(worker)
PY
# Which profile made dist/web (scripts/bundle-size.sh --built guards web-release's only).
echo "$profile" >dist/web-profile.txt
raw=$(stat -c %s "$out/seedfeast_bg.wasm")
zipped=$(gzip -9 -c "$out/seedfeast_bg.wasm" | wc -c)
echo "web: $out/seedfeast_bg.wasm ($profile) is $((raw / 1024)) KiB raw, $((zipped / 1024)) KiB gzipped"

if [ "${1:-}" = serve ]; then
  port=${2:-8080}
  echo "web: serving on http://127.0.0.1:$port/"
  exec python3 -m http.server "$port" --bind 127.0.0.1 --directory "$out"
fi
