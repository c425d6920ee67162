#!/usr/bin/env bash
# The end-to-end tests: the browser bundle in headless Chromium, the same bundle on an emulated
# phone played by touch, a board server's page in Chromium, then the desktop game under xvfb-run.
# .ci/run runs this after scripts/test.sh (the forge's ci.yml runs only test.sh); each prints its
# own timings.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/seedfeast-target}"
scripts/setup.sh e2e
start=$SECONDS
scripts/e2e-web.sh
web=$((SECONDS - start))
start=$SECONDS
scripts/e2e-phone.sh
phone=$((SECONDS - start))
start=$SECONDS
scripts/e2e-board.sh
board=$((SECONDS - start))
start=$SECONDS
scripts/e2e-desktop.sh
desktop=$((SECONDS - start))
echo "e2e: web ${web} s (build included), phone ${phone} s, board page ${board} s, desktop ${desktop} s; all passed"
