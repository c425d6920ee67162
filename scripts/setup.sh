#!/usr/bin/env bash
# Installs what a fresh Debian/Ubuntu machine lacks to build, test and play Seedfeast.
# Idempotent: installs only what is missing. Usage: scripts/setup.sh [build|play|web|e2e|all]
# On a system without apt (Fedora, Arch, openSUSE, Alpine, macOS …) it prints what to install by
# that system's package names and carries on when cargo is there (scripts/test-setup.sh checks it).
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

# The same needs by the package names of other systems, for those without apt (which setup can't
# check package by package): each line is "system|install command|build|play|web|e2e".
other_systems=(
  "Fedora|sudo dnf install|gcc pkgconf-pkg-config systemd-devel alsa-lib-devel|libX11 libXcursor libXrandr libXi libxkbcommon-x11 vulkan-loader mesa-vulkan-drivers|nodejs npm|xorg-x11-server-Xvfb xorg-x11-xauth xdotool ImageMagick chromium"
  "Arch|sudo pacman -S --needed|gcc pkgconf systemd-libs alsa-lib|libx11 libxcursor libxrandr libxi libxkbcommon-x11 vulkan-icd-loader vulkan-swrast|nodejs npm|xorg-server-xvfb xorg-xauth xdotool imagemagick chromium"
  "openSUSE|sudo zypper install|gcc pkg-config libudev-devel alsa-devel|libX11-6 libXcursor1 libXrandr2 libXi6 libxkbcommon-x11-0 libvulkan1 libvulkan_lvp|nodejs-default npm-default|xorg-x11-server-Xvfb xauth xdotool ImageMagick chromium"
  "Alpine|sudo apk add|build-base pkgconf eudev-dev alsa-lib-dev|libx11 libxcursor libxrandr libxi libxkbcommon vulkan-loader mesa-vulkan-swrast|nodejs npm|xvfb-run xauth xdotool imagemagick chromium"
  "macOS|brew install|||node|"
)

# Prints, for a system without apt, the packages `want` needs there: its own line when its
# package manager is on PATH, every system's otherwise.
print_other_systems() {
  local known="" line name install build play web e2e list
  if [ "$(uname -s 2>/dev/null)" = Darwin ]; then known=macOS
  elif command -v dnf >/dev/null; then known=Fedora
  elif command -v pacman >/dev/null; then known=Arch
  elif command -v zypper >/dev/null; then known=openSUSE
  elif command -v apk >/dev/null; then known=Alpine
  fi
  echo "setup: no apt here, so nothing is installed; install these (the packages Bevy needs to $want):"
  for line in "${other_systems[@]}"; do
    IFS="|" read -r name install build play web e2e <<<"$line"
    [ -z "$known" ] || [ "$known" = "$name" ] || continue
    case "$want" in
      build) list="$build" ;;
      play) list="$build $play" ;;
      web) list="$build $web" ;;
      *) list="$build $play $web $e2e" ;;
    esac
    # shellcheck disable=SC2086,SC2116 # split on purpose: one space between names, none at the ends
    list=$(echo $list)
    if [ "$name" = macOS ]; then
      echo "  macOS: the Xcode command line tools (xcode-select --install), nothing else to build and play${list:+; for the browser build: $install $list}"
      case "$want" in e2e | all) echo "         (the end-to-end scripts need Linux: Xvfb, xdotool and Chromium)" ;; esac
    else
      echo "  $name: $install $list"
    fi
  done
  if [ -z "$known" ]; then
    echo "  Debian, Ubuntu: sudo apt-get install ${packages[*]}"
    echo "  (elsewhere: pkg-config, the libudev and ALSA development files, and the X11, xkbcommon and Vulkan libraries)"
  fi
}

missing=()
have_apt=yes
command -v apt-get >/dev/null && command -v dpkg-query >/dev/null || have_apt=no
if [ "$have_apt" = no ]; then
  print_other_systems
else
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
fi

if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
  echo "setup: installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! command -v cargo >/dev/null; then
  echo "setup: Rust is not installed; get it from rustup (Rust 1.95 or newer): https://rustup.rs" >&2
  exit 1
fi
if [ "$have_apt" = no ]; then
  echo "setup: cargo is here ($(cargo --version 2>/dev/null || echo "version unknown")): carrying on; a build that still lacks a library names it"
fi
if command -v rustup >/dev/null; then
  installed_components=$(rustup component list --installed 2>/dev/null || true)
  for component in rustfmt clippy; do
    grep -q "^$component" <<<"$installed_components" || rustup component add "$component"
  done
  rustup target list --installed | grep -q '^wasm32-unknown-unknown$' || rustup target add wasm32-unknown-unknown
fi

# The scripts' Python: 3.11 or newer (scripts/check-docs.py and others read TOML with tomllib),
# standard library only. Said, not installed: a system's own python3 is not setup's to replace.
if ! command -v python3 >/dev/null; then
  echo "setup: warning: the test and build scripts need Python 3.11 or newer (python3), which is not on the PATH" >&2
elif ! python3 -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)'; then
  echo "setup: warning: the test and build scripts need Python 3.11 or newer; python3 here is $(python3 --version 2>&1)" >&2
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
