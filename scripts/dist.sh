#!/usr/bin/env bash
# Builds the release artefacts a player downloads, into dist/release/:
#   scripts/dist.sh linux     seedfeast-VERSION-linux-x86_64.tar.gz: a folder seedfeast-VERSION/ with the
#                             one binary (data, sounds and fonts built in), README.md, PLAYING.txt,
#                             LICENSE-MIT, LICENSE-APACHE, THIRD-PARTY.md, THIRD-PARTY-CRATES.txt
#   scripts/dist.sh web       seedfeast-VERSION-web.zip: scripts/web.sh's bundle (dist/web) with index.html
#                             at the root of the zip, for itch.io or any static host, at any sub-path
#   scripts/dist.sh all       both (the default)
#   scripts/dist.sh desktop   the archive for the machine it runs on: linux-x86_64 or macos-aarch64/x86_64
#                             (.tar.gz), windows-x86_64 (.zip, seedfeast.exe under Git Bash); what the
#                             release workflow runs on each forge runner
# VERSION is the seedfeast package's, from cargo metadata. Archives are reproducible: sorted entries,
# fixed owners and modes, times from the last commit (or SOURCE_DATE_EPOCH). scripts/e2e-dist.sh
# checks the results.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/seedfeast-target}"

want=${1:-all}
case "$want" in
  linux | web | all | desktop) ;;
  *) echo "usage: scripts/dist.sh [linux|web|all|desktop]" >&2; exit 2 ;;
esac

# Python runs the archiver (and reads cargo's JSON) the same way on Linux, macOS and Windows.
py=""
for candidate in python3 python; do
  # (Windows may have a python3 that only opens the app store: try each.)
  if "$candidate" -c "import sys" >/dev/null 2>&1; then py=$candidate; break; fi
done
[ -n "$py" ] || { echo "dist: python3 is needed" >&2; exit 1; }
version=$(cargo metadata --format-version 1 --no-deps --locked |
  "$py" -c 'import json, sys; print(next(p["version"] for p in json.load(sys.stdin)["packages"] if p["name"] == "seedfeast"))')
export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || echo 315532800)}"
out=dist/release
mkdir -p "$out"
docs=(README.md PLAYING.txt LICENSE-MIT LICENSE-APACHE THIRD-PARTY.md THIRD-PARTY-CRATES.txt)

# pack ARCHIVE DIR: DIR's files and folders into ARCHIVE (.tar.gz or .zip), named from inside DIR, sorted, owned by root, 0755 for executables and 0644 for the rest, dated SOURCE_DATE_EPOCH.
pack() {
  "$py" - "$@" <<'EOF'
import gzip, io, os, stat, sys, tarfile, time, zipfile

archive, root = sys.argv[1:3]
epoch = int(os.environ["SOURCE_DATE_EPOCH"])
files = []
for folder, dirs, names in os.walk(root):
    dirs.sort()
    for name in sorted(names):
        path = os.path.join(folder, name)
        rel = os.path.relpath(path, root).replace(os.sep, "/")
        executable = name.endswith(".exe") or os.stat(path).st_mode & stat.S_IXUSR
        files.append((path, rel, 0o755 if executable else 0o644))
files.sort(key=lambda f: f[1])
if archive.endswith(".zip"):
    stamp = time.gmtime(max(epoch, 315532800))[:6]  # zip can't date before 1980
    with zipfile.ZipFile(archive + ".partial", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for path, name, mode in files:
            info = zipfile.ZipInfo(name, stamp)
            info.external_attr = (stat.S_IFREG | mode) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            with open(path, "rb") as f:
                z.writestr(info, f.read())
else:
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as t:
        folders = sorted({name.rsplit("/", 1)[0] for _, name, _ in files if "/" in name})
        seen = set()
        for folder in folders:
            parts = folder.split("/")
            for i in range(1, len(parts) + 1):
                sub = "/".join(parts[:i])
                if sub not in seen:
                    seen.add(sub)
                    info = tarfile.TarInfo(sub)
                    info.type, info.mode, info.mtime = tarfile.DIRTYPE, 0o755, epoch
                    t.addfile(info)
        for path, name, mode in files:
            info = tarfile.TarInfo(name)
            info.size, info.mode, info.mtime = os.path.getsize(path), mode, epoch
            with open(path, "rb") as f:
                t.addfile(info, f)
    with open(archive + ".partial", "wb") as f:
        f.write(gzip.compress(raw.getvalue(), compresslevel=9, mtime=epoch))
os.replace(archive + ".partial", archive)
EOF
}

size() { wc -c <"$1" | tr -d ' '; }

# desktop: the release binary for this machine, and the archive around it.
desktop() {
  local os arch exe="" ext=tar.gz
  case "$(uname -s)" in
    Linux) os=linux ;;
    Darwin) os=macos ;;
    MINGW* | MSYS* | CYGWIN*) os=windows exe=.exe ext=zip ;;
    *) echo "dist: no desktop archive for $(uname -s)" >&2; exit 1 ;;
  esac
  arch=$(uname -m)
  case "$arch" in
    arm64) arch=aarch64 ;;
    amd64) arch=x86_64 ;;
  esac
  if [ "$os" = linux ]; then scripts/setup.sh build; fi
  local name="seedfeast-$version-$os-$arch" started=$SECONDS
  echo "dist: cargo build --release (the first one compiles everything: many minutes)"
  cargo build --release --locked -p seedfeast
  local built=$((SECONDS - started))
  local stage
  stage=$(mktemp -d)
  mkdir "$stage/seedfeast-$version"
  cp "$CARGO_TARGET_DIR/release/seedfeast$exe" "$stage/seedfeast-$version/"
  # Symbols are for debugging this build, not for players: stripped, the Linux binary goes from
  # 120 MB to a fraction (panic messages still say what and where). The build itself keeps them.
  if [ "$os" != windows ] && command -v strip >/dev/null; then
    if [ "$os" = macos ]; then strip -x "$stage/seedfeast-$version/seedfeast"; else strip --strip-all "$stage/seedfeast-$version/seedfeast"; fi
  fi
  cp "${docs[@]}" "$stage/seedfeast-$version/"
  rm -f "$out/$name.$ext"
  pack "$out/$name.$ext" "$stage"
  rm -rf "$stage"
  echo "dist: $out/$name.$ext: $(size "$out/$name.$ext") bytes (binary $(size "$CARGO_TARGET_DIR/release/seedfeast$exe") bytes before stripping); release build took ${built} s"
}

linux() {
  if [ "$(uname -s)-$(uname -m)" != Linux-x86_64 ]; then
    echo "dist: the linux archive is built on Linux x86_64 (this is $(uname -s) $(uname -m)); try: scripts/dist.sh desktop" >&2
    exit 1
  fi
  desktop
}

web() {
  local started=$SECONDS
  scripts/web.sh
  local built=$((SECONDS - started))
  [ -f dist/web/index.html ] || { echo "dist: scripts/web.sh left no dist/web/index.html" >&2; exit 1; }
  # The page must work from any sub-path (https://host/seedfeast/): nothing it loads may start with
  # "/" or name a host. The module's own URLs are relative to import.meta.url (wasm-bindgen's --target web).
  if grep -nE "(src|href)=\"(/|https?:)|from \"/|import\(\"/|fetch\(\"/" dist/web/index.html; then
    echo "dist: FAILED: dist/web/index.html refers to an absolute path (above); it would break under a sub-path" >&2
    exit 1
  fi
  local zip="$out/seedfeast-$version-web.zip"
  rm -f "$zip"
  pack "$zip" dist/web
  echo "dist: $zip: $(size "$zip") bytes; scripts/web.sh took ${built} s"
}

case "$want" in
  linux) linux ;;
  desktop) desktop ;;
  web) web ;;
  all) linux; web ;;
esac
ls -l "$out"
