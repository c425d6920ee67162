#!/usr/bin/env bash
# Bevy's share of the browser bundle: builds crates/web-floor (the smallest app with the game's
# Bevy features) exactly as scripts/web.sh builds the game — web-release profile, wasm-bindgen
# without the name section, wasm-opt -Oz — with and without bevy_rapier2d, and prints each
# module's raw and gzipped size beside the game's (run scripts/web.sh first for that line).
# About 15 minutes cold on 2 cores; not part of CI, which runs only `scripts/web-floor.sh --check`
# (the feature lists match, in a moment).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/seedfeast-target}"

# The floor is only a floor if it asks Bevy for what the game asks for.
bevy_features() { sed -n '/^bevy = { version = "0.19.1", default-features = false, features = \[$/,/^\] }/p' "$1" | grep '^    "'; }
for manifest in Cargo.toml crates/web-floor/Cargo.toml; do
  if [ "$(bevy_features "$manifest" | wc -l)" -lt 10 ]; then
    echo "web-floor: can't read the Bevy feature list in $manifest (its 'bevy = { version = \"0.19.1\", …' line moved?)" >&2
    exit 1
  fi
done
if ! diff <(bevy_features Cargo.toml) <(bevy_features crates/web-floor/Cargo.toml) >/dev/null; then
  echo "web-floor: crates/web-floor/Cargo.toml must list the same Bevy features as Cargo.toml:" >&2
  diff <(bevy_features Cargo.toml) <(bevy_features crates/web-floor/Cargo.toml) >&2 || true
  exit 1
fi
if [ "${1:-}" = --check ]; then
  echo "web-floor: crates/web-floor asks for the game's Bevy features"
  exit 0
fi
scripts/setup.sh web
version=$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | tail -n1 | cut -d'"' -f2)
if ! wasm-bindgen --version 2>/dev/null | grep -q " $version\$"; then
  cargo install wasm-bindgen-cli --version "$version"
fi

out=dist/web-floor
rm -rf "$out"
mkdir -p "$out"
report() { echo "$1: $(stat -c %s "$2") bytes raw, $(gzip -9 -c "$2" | wc -c) gzipped"; }
for variant in floor physics; do
  features=()
  [ "$variant" = physics ] && features=(--features physics)
  cargo build --locked --manifest-path crates/web-floor/Cargo.toml --profile web-release \
    --target wasm32-unknown-unknown "${features[@]}"
  wasm-bindgen --target web --no-typescript --remove-name-section --out-dir "$out/$variant" --out-name floor \
    "$CARGO_TARGET_DIR/wasm32-unknown-unknown/web-release/seedfeast-web-floor.wasm"
  scripts/wasm-opt.sh "$out/$variant/floor_bg.wasm"
done
echo
report "Bevy alone (crates/web-floor)" "$out/floor/floor_bg.wasm"
report "Bevy and bevy_rapier2d" "$out/physics/floor_bg.wasm"
if [ -f dist/web/seedfeast_bg.wasm ]; then
  report "the game (dist/web)" dist/web/seedfeast_bg.wasm
fi
