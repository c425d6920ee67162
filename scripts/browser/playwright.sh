# Sourced by the browser tests: installs playwright-core (the pinned version, once, into
# $SEEDFEAST_TOOLS, default ~/.cache/seedfeast-tools) and exports SEEDFEAST_TOOLS for node.
# Chromium itself is Debian's (scripts/setup.sh e2e).
export SEEDFEAST_TOOLS="${SEEDFEAST_TOOLS:-$HOME/.cache/seedfeast-tools}"
playwright_version=1.64.1
if ! grep -qs "\"version\": \"$playwright_version\"" "$SEEDFEAST_TOOLS/node_modules/playwright-core/package.json"; then
  npm install --prefix "$SEEDFEAST_TOOLS" --no-audit --no-fund --silent "playwright-core@$playwright_version"
fi
