#!/usr/bin/env bash
# Fuzzes every Bevy-free parser with libFuzzer on the stable toolchain (cargo-fuzz with
# --sanitizer none; see fuzz/Cargo.toml for why), one target at a time, and prints how many
# inputs each ran.
#
#   scripts/fuzz.sh [SECONDS per target, default 60] [TARGET …]
#   FUZZ_MERGE=1 scripts/fuzz.sh 600     # then fold what found new coverage into fuzz/corpus/
#   FUZZ_RUNS=10000000 scripts/fuzz.sh 7200   # stop each target after that many inputs
#
# New inputs go to fuzz/work/<target>/ (ignored); a crash stops that target, is saved under
# fuzz/artifacts/<target>/ and fails the script. `cargo test -p seedfeast-fuzz` replays
# fuzz/corpus/ (the CI smoke).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-60}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(seeds seed_paste data_files save save_structured puzzle replay replay_body submission)
fi

export PATH="$HOME/.cargo/bin:$PATH"
if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "==> installing cargo-fuzz"
  cargo install cargo-fuzz --version 0.13.2 --locked
fi

cd fuzz
# Its own target folder: the coverage flags would otherwise rebuild the shared one's crates.
unset CARGO_TARGET_DIR
echo "==> building the fuzz targets"
nice cargo fuzz build --sanitizer none

failed=0
for target in "${targets[@]}"; do
  mkdir -p "work/$target" "artifacts/$target"
  log="work/$target.log"
  started=$(date +%s)
  # -timeout: an input that runs 10 s is a hang; -rss_limit_mb: one that needs 2 GB is a leak.
  if nice cargo fuzz run --sanitizer none "$target" "work/$target" "corpus/$target" -- \
      -max_total_time="$seconds" -runs="${FUZZ_RUNS:--1}" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
      -artifact_prefix="artifacts/$target/" >"$log" 2>&1; then
    status=ok
  else
    status="FAILED (see fuzz/$log and fuzz/artifacts/$target/)"
    failed=1
  fi
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
  took=$(($(date +%s) - started))
  echo "$target: ${runs:-?} executions in ${took} s, $status"
  if [ "${FUZZ_MERGE:-0}" = 1 ] && [ "$status" = ok ]; then
    nice cargo fuzz run --sanitizer none "$target" "corpus/$target" "work/$target" -- -merge=1 \
      >"work/$target.merge.log" 2>&1
    echo "    corpus/$target: $(find "corpus/$target" -type f | wc -l) files after merging"
  fi
done
exit "$failed"
