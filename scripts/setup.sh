#!/usr/bin/env bash
# Installs what a fresh Debian/Ubuntu machine lacks to build, test and play Seedfeast.
# Idempotent: installs only what is missing. Usage: scripts/setup.sh [build|play|web|e2e|all]
set -euo pipefail

want=${1:-all}

# Building: pkg-config, libudev (gamepads, through gilrs) and ALSA (sound, through cpal).
build_packages=(pkg-config libudev-dev libasound2-dev)
# Playing: the X11 libraries winit opens at run time, and Vulkan with Mesa's drivers (its
# software renderer, llvmpipe, covers machines without a GPU driver).
play_packages=(libx11-6 libxcursor1 libxrandr2 libxi6 libxkbcommon-x11-0 libvulkan1 mesa-vulkan-drivers)
# The end-to-end tests: a virtual X display driven by keys, screenshots, and headless Chromium.
e2e_packages=(xvfb xauth xdotool imagemagick chromium)

# The browser build: Node and npm run binaryen's wasm-opt (scripts/web.sh installs that from npm).
web_packages=(nodejs npm)

packages=()
case "$want" in
  build) packages=("${build_packages[@]}") ;;
  play) packages=("${build_packages[@]}" "${play_packages[@]}") ;;
  web) packages=("${build_packages[@]}" "${web_packages[@]}") ;;
  e2e | all) packages=("${build_packages[@]}" "${play_packages[@]}" "${web_packages[@]}" "${e2e_packages[@]}") ;;
  *) echo "usage: scripts/setup.sh [build|play|web|e2e|all]" >&2; exit 2 ;;
esac

missing=()
for package in "${packages[@]}"; do
  # Node from elsewhere (nvm, a tarball) serves as well as Debian's.
  case "$package" in
    nodejs) command -v node >/dev/null && continue ;;
    npm) command -v npm >/dev/null && continue ;;
  esac
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if [ ${#missing[@]} -gt 0 ]; then
  if ! command -v apt-get >/dev/null; then
    echo "setup: please install these packages with your package manager: ${missing[*]}" >&2
    exit 1
  fi
  sudo=""
  if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
  echo "setup: installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! command -v cargo >/dev/null; then
  echo "setup: Rust is not installed; get it from rustup (Rust 1.95 or newer)" >&2
  exit 1
fi
if command -v rustup >/dev/null; then
  installed_components=$(rustup component list --installed 2>/dev/null || true)
  for component in rustfmt clippy; do
    grep -q "^$component" <<<"$installed_components" || rustup component add "$component"
  done
  rustup target list --installed | grep -q '^wasm32-unknown-unknown$' || rustup target add wasm32-unknown-unknown
fi

# The workflow files' lint (scripts/test.sh): check-jsonschema validates .github/workflows
# against SchemaStore's GitHub Actions schema, which it carries, so it runs offline. (actionlint,
# the fuller linter, downloads its binary from GitHub at install time, which these machines can't
# reach; CI on the forge installs it.)
if ! command -v check-jsonschema >/dev/null && command -v python3 >/dev/null; then
  echo "setup: installing check-jsonschema (workflow lint)"
  python3 -m pip install --quiet --disable-pip-version-check check-jsonschema==0.39.0 ||
    echo "setup: could not install check-jsonschema; the workflow lint will be skipped" >&2
fi
