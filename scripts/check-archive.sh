#!/usr/bin/env bash
# Checks one desktop release archive on the machine it was built for (the release workflow runs it
# on each forge runner): unpacks it into an empty folder, runs the binary there with HOME (and
# Windows' profile folders) pointing to another empty folder, and requires `seedfeast digest` to
# equal the pinned tests/game/digest.txt (so a code gives the same level on every desktop) and
# `gen maze --seed "pizza party"` to succeed. Usage: scripts/check-archive.sh ARCHIVE (.tar.gz or .zip)
set -euo pipefail
cd "$(dirname "$0")/.."

archive=${1:?usage: scripts/check-archive.sh ARCHIVE}
[ -f "$archive" ] || { echo "check-archive: no $archive" >&2; exit 1; }
py=""
for candidate in python3 python; do
  # (Windows may have a python3 that only opens the app store: try each.)
  if "$candidate" -c "import sys" >/dev/null 2>&1; then py=$candidate; break; fi
done
[ -n "$py" ] || { echo "check-archive: python is needed to unpack" >&2; exit 1; }

unpacked=$(mktemp -d)
home=$(mktemp -d)
trap 'rm -rf "$unpacked" "$home"' EXIT
case "$archive" in
  *.zip) "$py" -m zipfile -e "$archive" "$unpacked" ;;
  *.tar.gz) "$py" -m tarfile -e "$archive" "$unpacked" ;;
  *) echo "check-archive: $archive is neither .zip nor .tar.gz" >&2; exit 1 ;;
esac
dir=$(find "$unpacked" -mindepth 1 -maxdepth 1 -type d)
[ "$(wc -l <<<"$dir")" = 1 ] || { echo "check-archive: expected one top folder in $archive" >&2; exit 1; }
exe=seedfeast
[ -f "$dir/seedfeast.exe" ] && exe=seedfeast.exe
for doc in README.md PLAYING.txt LICENSE-MIT LICENSE-APACHE THIRD-PARTY.md THIRD-PARTY-CRATES.txt "$exe"; do
  [ -f "$dir/$doc" ] || { echo "check-archive: FAILED: $doc is missing from $archive" >&2; exit 1; }
done

run() {
  (cd "$dir" && env -u CARGO_MANIFEST_DIR -u SEEDFEAST_ASSETS -u SEEDFEAST_DATA \
    HOME="$home" USERPROFILE="$home" APPDATA="$home" LOCALAPPDATA="$home" "./$exe" "$@")
}
digest=$(run digest | tr -d '\r')
pinned=$(tr -d '\r' <tests/game/digest.txt)
if [ "$digest" != "$pinned" ]; then
  echo "check-archive: FAILED: the digest of $archive differs from tests/game/digest.txt"
  diff <(echo "$pinned") <(echo "$digest") || true
  exit 1
fi
echo "check-archive: digest equals tests/game/digest.txt:"
echo "$digest"
maze=$(run gen maze --seed "pizza party" | wc -c)
[ "$maze" -gt 100 ] || { echo "check-archive: FAILED: gen maze printed $maze bytes" >&2; exit 1; }
echo "check-archive: gen maze printed $maze bytes; $archive passed"
