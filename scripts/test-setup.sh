#!/usr/bin/env bash
# Checks scripts/setup.sh on a system without apt: run with a PATH that holds bash and the few
# tools it uses but no apt-get or dpkg-query, it must print the packages to install by the names
# of the common systems and exit 0 when cargo is there (1, saying so, when it is not), installing
# nothing. rustup is a stand-in that reports everything installed and logs what it is asked, so the
# test never changes the toolchain; cargo is the real one when there is one. Run by scripts/test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
setup="$PWD/scripts/setup.sh"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bin="$tmp/bin"
mkdir -p "$bin" "$tmp/home"

# The tools setup.sh runs on this path, from this machine.
for tool in bash uname grep id; do
  path=$(command -v "$tool") || { echo "test-setup: $tool is not on this machine's PATH" >&2; exit 1; }
  ln -s "$path" "$bin/$tool"
done
if real_cargo=$(command -v cargo); then
  ln -s "$real_cargo" "$bin/cargo"
else
  printf '#!%s\necho "cargo 1.95.0 (stand-in)"\n' "$(command -v bash)" >"$bin/cargo"
  chmod +x "$bin/cargo"
fi
cat >"$bin/rustup" <<EOF
#!$(command -v bash)
echo "rustup \$*" >>"$tmp/rustup.log"
case "\$*" in
  "component list --installed") printf 'clippy-x86_64-unknown-linux-gnu\nrustfmt-x86_64-unknown-linux-gnu\n' ;;
  "target list --installed") printf 'x86_64-unknown-linux-gnu\nwasm32-unknown-unknown\n' ;;
esac
EOF
chmod +x "$bin/rustup"

failures=0
fail() {
  echo "test-setup: FAILED: $*" >&2
  failures=$((failures + 1))
}

# Runs setup.sh with only $bin (and any extra folder) on PATH; sets $out and $status.
run_setup() {
  local extra=$1
  shift
  status=0
  # (rustup's cargo finds its toolchain through RUSTUP_HOME, which HOME no longer gives it.)
  out=$(env -i HOME="$tmp/home" RUSTUP_HOME="${RUSTUP_HOME:-$HOME/.rustup}" CARGO_HOME="${CARGO_HOME:-$HOME/.cargo}" \
    PATH="$extra$bin" "$bin/bash" "$setup" "$@" 2>&1) || status=$?
}
expect() { # expect NAME TEXT...: each TEXT must be in $out
  local name=$1
  shift
  for text in "$@"; do
    grep -qF -- "$text" <<<"$out" || fail "$name: the output lacks '$text'; it was:"$'\n'"$out"
  done
}
refuse() { # refuse NAME TEXT...: no TEXT may be in $out
  local name=$1
  shift
  for text in "$@"; do
    if grep -qF -- "$text" <<<"$out"; then fail "$name: the output has '$text'; it was:"$'\n'"$out"; fi
  done
}

# 1. No apt and no package manager it knows: every system's packages, and it carries on.
run_setup "" build
[ "$status" = 0 ] || fail "no apt, cargo there: exit $status, expected 0; output:"$'\n'"$out"
expect "no apt" "no apt here" "setup: cargo is here (cargo " "carrying on" \
  "Fedora: sudo dnf install gcc pkgconf-pkg-config systemd-devel alsa-lib-devel" \
  "Arch: sudo pacman -S --needed gcc pkgconf systemd-libs alsa-lib" \
  "openSUSE: sudo zypper install gcc pkg-config libudev-devel alsa-devel" \
  "Alpine: sudo apk add build-base pkgconf eudev-dev alsa-lib-dev" \
  "macOS: the Xcode command line tools" \
  "Debian, Ubuntu: sudo apt-get install pkg-config libudev-dev libasound2-dev"
refuse "no apt, build only" "vulkan" "chromium"
echo "test-setup: no apt, cargo there: exit 0, every system's packages listed"

# 2. Everything a player and the end-to-end tests need, listed too.
run_setup "" all
[ "$status" = 0 ] || fail "all: exit $status, expected 0"
expect "all" "mesa-vulkan-drivers" "vulkan-swrast" "libvulkan_lvp" "mesa-vulkan-swrast" "xorg-x11-server-Xvfb" \
  "chromium" "brew install node" "the end-to-end scripts need Linux"

# 3. Fedora (dnf on PATH): only Fedora's names.
mkdir -p "$tmp/fedora"
printf '#!%s\nexit 0\n' "$(command -v bash)" >"$tmp/fedora/dnf"
chmod +x "$tmp/fedora/dnf"
run_setup "$tmp/fedora:" play
[ "$status" = 0 ] || fail "Fedora: exit $status, expected 0"
expect "Fedora" "Fedora: sudo dnf install gcc pkgconf-pkg-config systemd-devel alsa-lib-devel libX11"
refuse "Fedora" "Arch:" "openSUSE:" "Alpine:" "macOS:" "Debian, Ubuntu:"
echo "test-setup: with dnf on PATH, only Fedora's packages"

# 4. macOS (uname says Darwin): the Xcode tools, no Linux libraries.
mkdir -p "$tmp/mac"
printf '#!%s\necho Darwin\n' "$(command -v bash)" >"$tmp/mac/uname"
chmod +x "$tmp/mac/uname"
run_setup "$tmp/mac:" web
[ "$status" = 0 ] || fail "macOS: exit $status, expected 0"
expect "macOS" "xcode-select --install" "brew install node"
refuse "macOS" "Fedora:" "alsa"
echo "test-setup: on macOS, the Xcode tools and brew's node"

# 5. No cargo: the packages, then a clear stop.
rm "$bin/cargo"
run_setup "" build
[ "$status" = 1 ] || fail "no cargo: exit $status, expected 1"
expect "no cargo" "no apt here" "Rust is not installed" "rustup"
echo "test-setup: without cargo: the list, then exit 1 saying to install Rust"

# Nothing was installed: rustup was only asked what is there.
if grep -vE '^rustup (component|target) list --installed$' "$tmp/rustup.log"; then
  fail "setup.sh asked rustup to change something (above)"
fi

if [ "$failures" -gt 0 ]; then
  echo "test-setup: $failures check(s) failed" >&2
  exit 1
fi
echo "test-setup: setup.sh without apt lists the packages and carries on when cargo is there"
