#!/usr/bin/env bash
# The board server's suite against a real PostgreSQL: installs Debian's server when it is missing,
# starts a throwaway cluster of its own (a temporary folder, a free port on 127.0.0.1, trust
# authentication, as the postgres user when run as root), runs crates/board's tests with
# SEEDFEAST_BOARD_TEST_DB pointing at it, and stops and removes it whatever happens.
#
#   scripts/board-postgres.sh [extra cargo test arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/seedfeast-target}"

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  echo "==> installing PostgreSQL (Debian's package)"
  sudo_=""
  [ "$(id -u)" -eq 0 ] || sudo_="sudo"
  $sudo_ apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_ apt-get install -y -qq --no-install-recommends postgresql >/dev/null
  bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
fi

as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

dir=$(mktemp -d /tmp/seedfeast-pg.XXXXXX)
[ "$(id -u)" -ne 0 ] || chown postgres "$dir"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
stop() {
  as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT

as_owner "$bin/initdb" -D "$dir/data" --auth=trust -U postgres >/dev/null
as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=on" start >/dev/null
as_owner "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres seedfeast_board_test
echo "==> PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port"

export SEEDFEAST_BOARD_TEST_DB="postgres://postgres@127.0.0.1:$port/seedfeast_board_test"
cargo test --locked -p seedfeast-board --test boards "$@"
