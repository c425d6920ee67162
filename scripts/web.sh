#!/usr/bin/env bash
# Builds the browser bundle into dist/web (scripts/web.sh), or builds and serves it on
# http://127.0.0.1:PORT (scripts/web.sh serve [PORT], default 8080).
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh web
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/seedfeast-target}"

# wasm-bindgen-cli must match the wasm-bindgen the game links, exactly.
version=$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | tail -n1 | cut -d'"' -f2)
if ! wasm-bindgen --version 2>/dev/null | grep -q " $version\$"; then
  echo "web: installing wasm-bindgen-cli $version (a few minutes, once)"
  cargo install wasm-bindgen-cli --version "$version"
fi

cargo build --locked --profile web-release --target wasm32-unknown-unknown -p seedfeast
out=dist/web
rm -rf "$out"
mkdir -p "$out"
# The name section alone is ~10 MB of function names nobody downloads on purpose.
wasm-bindgen --target web --no-typescript --remove-name-section --out-dir "$out" --out-name seedfeast \
  "$CARGO_TARGET_DIR/wasm32-unknown-unknown/web-release/seedfeast.wasm"
# binaryen's wasm-opt (from npm: a pinned, prebuilt binaryen that runs on Node; Debian's 108 breaks
# the module). SEEDFEAST_WASM_OPT=0 skips it for a quicker build.
binaryen_version=132.0.0
tools="${SEEDFEAST_TOOLS:-$HOME/.cache/seedfeast-tools}"
if [ "${SEEDFEAST_WASM_OPT:-1}" != 0 ]; then
  if ! grep -qs "\"version\": \"$binaryen_version\"" "$tools/node_modules/binaryen/package.json"; then
    command -v npm >/dev/null || { echo "web: npm is needed for wasm-opt (or set SEEDFEAST_WASM_OPT=0)" >&2; exit 1; }
    echo "web: installing binaryen $binaryen_version (wasm-opt) into $tools"
    mkdir -p "$tools"
    npm install --prefix "$tools" --no-audit --no-fund --silent "binaryen@$binaryen_version"
  fi
  before=$(stat -c %s "$out/seedfeast_bg.wasm")
  # Optimising takes minutes; the result is kept by the input's hash, so an unchanged build reuses it.
  cache="$CARGO_TARGET_DIR/wasm-opt/binaryen-$binaryen_version-$(sha256sum "$out/seedfeast_bg.wasm" | cut -c1-16).wasm"
  if [ ! -f "$cache" ]; then
    echo "web: wasm-opt -Oz (a few minutes)"
    mkdir -p "$(dirname "$cache")"
    rm -f "$(dirname "$cache")"/*.wasm
    # The features Rust's wasm32 target emits today; wasm-opt must accept them to keep the module valid.
    "$tools/node_modules/.bin/wasm-opt" -Oz --enable-bulk-memory --enable-nontrapping-float-to-int \
      --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue \
      "$out/seedfeast_bg.wasm" -o "$cache.partial"
    mv "$cache.partial" "$cache"
  fi
  cp "$cache" "$out/seedfeast_bg.wasm"
  echo "web: wasm-opt took it from $((before / 1024)) KiB"
fi
cp web/index.html "$out/"
cp -r assets "$out/assets"
raw=$(stat -c %s "$out/seedfeast_bg.wasm")
zipped=$(gzip -9 -c "$out/seedfeast_bg.wasm" | wc -c)
echo "web: $out/seedfeast_bg.wasm is $((raw / 1024)) KiB raw, $((zipped / 1024)) KiB gzipped"

if [ "${1:-}" = serve ]; then
  port=${2:-8080}
  echo "web: serving on http://127.0.0.1:$port/"
  exec python3 -m http.server "$port" --bind 127.0.0.1 --directory "$out"
fi
