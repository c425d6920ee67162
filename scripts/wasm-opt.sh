#!/usr/bin/env bash
# Shrinks a wasm-bindgen module in place with binaryen's wasm-opt -Oz, as the browser bundle is
# shrunk (scripts/web.sh, scripts/web-floor.sh): scripts/wasm-opt.sh MODULE.wasm
#
# binaryen comes from npm (a pinned, prebuilt binaryen that runs on Node; Debian's 108 breaks the
# module), installed once into ~/.cache/seedfeast-tools. Optimising takes minutes, so the result is
# kept by the input's hash and an unchanged module reuses it.
set -euo pipefail
module=$1
binaryen_version=132.0.0
tools="${SEEDFEAST_TOOLS:-$HOME/.cache/seedfeast-tools}"
target_dir="${CARGO_TARGET_DIR:-$HOME/.cache/seedfeast-target}"
if ! grep -qs "\"version\": \"$binaryen_version\"" "$tools/node_modules/binaryen/package.json"; then
  command -v npm >/dev/null || { echo "wasm-opt: npm is needed for binaryen (or set SEEDFEAST_WASM_OPT=0)" >&2; exit 1; }
  echo "wasm-opt: installing binaryen $binaryen_version into $tools"
  mkdir -p "$tools"
  npm install --prefix "$tools" --no-audit --no-fund --silent "binaryen@$binaryen_version"
fi
before=$(stat -c %s "$module")
cache="$target_dir/wasm-opt/binaryen-$binaryen_version-$(sha256sum "$module" | cut -c1-16).wasm"
if [ ! -f "$cache" ]; then
  echo "wasm-opt: -Oz (a few minutes)"
  mkdir -p "$(dirname "$cache")"
  # Results older than a day go; the bundle's and the floor's stay side by side.
  find "$(dirname "$cache")" -name '*.wasm' -mmin +1440 -delete
  # The features Rust's wasm32 target emits today; wasm-opt must accept them to keep the module
  # valid. (-Oz --converge was measured on 2026-12-02: 3.8 KB smaller gzipped, 0.08%, for six
  # times the time; not worth it.)
  "$tools/node_modules/.bin/wasm-opt" -Oz --enable-bulk-memory --enable-nontrapping-float-to-int \
    --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue \
    "$module" -o "$cache.partial"
  mv "$cache.partial" "$cache"
fi
cp "$cache" "$module"
echo "wasm-opt: $((before / 1024)) KiB -> $(($(stat -c %s "$module") / 1024)) KiB"
