#!/usr/bin/env bash
# Starts a throwaway PostgreSQL 15 cluster, runs the given command with TEST_DATABASE_URL set, then removes it.
set -euo pipefail
PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
PORT="${PG_TEST_PORT:-55432}"
if [ ! -x "$PG_BIN/initdb" ]; then
  echo "PostgreSQL 15 server binaries not found in $PG_BIN (Debian: apt-get install postgresql-15)." >&2
  exit 2
fi
D="$(mktemp -d /tmp/shop-pg.XXXXXX)"
run_pg() { if [ "$(id -u)" = "0" ]; then su postgres -c "$*"; else bash -c "$*"; fi; }
[ "$(id -u)" = "0" ] && chown postgres "$D"
cleanup() { run_pg "$PG_BIN/pg_ctl -D $D/data -m immediate stop" >/dev/null 2>&1 || true; rm -rf "$D"; }
trap cleanup EXIT
run_pg "$PG_BIN/initdb -D $D/data -U postgres --auth=trust" >/dev/null
run_pg "$PG_BIN/pg_ctl -D $D/data -l $D/pg.log -w start -o '-p $PORT -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off'" >/dev/null
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
"$@"
