#!/usr/bin/env bash
# Usage: scripts/with-postgres.sh CMD [ARGS...]
#
# Starts a throwaway PostgreSQL server from the machine's binaries (PostgreSQL 15 by default; PG_BIN changes the
# directory) in a temporary directory, on a free port of 127.0.0.1, runs CMD with
#   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:PORT/postgres
# exported, then stops the server and removes the directory, whatever happened. Exits with CMD's exit code.
#
# Run as root, the server runs as the OS user `postgres` (initdb refuses root); run as anyone else, it runs as
# that user. PGHOST/PGPORT/PGUSER/PGDATABASE are exported as well, so plain `psql` reaches the server. Local
# connections are trusted: this server is for tests only and listens on 127.0.0.1 only.
#
# PG_SERVERS=N (default: as many as vitest's workers, max(2, cores - 1)) starts N servers and exports all their URLs
# in TEST_DATABASE_URLS (space-separated; TEST_DATABASE_URL is the first): each vitest worker takes its own
# (apps/server/src/testing/template.ts). Two test files on one cluster are not independent: a snapshot's xmin is
# cluster-wide, so one file's open transactions hold back the sync of the other's rows.
set -euo pipefail

if [[ $# -eq 0 ]]; then
  echo "usage: $0 CMD [ARGS...]" >&2
  exit 64
fi

PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
for tool in initdb pg_ctl postgres; do
  if [[ ! -x "$PG_BIN/$tool" ]]; then
    echo "with-postgres: $PG_BIN/$tool not found (install postgresql-15, or set PG_BIN)" >&2
    exit 69
  fi
done

if [[ "$(id -u)" -eq 0 ]]; then
  if ! id -u postgres >/dev/null 2>&1; then
    echo "with-postgres: running as root but there is no 'postgres' OS user to run the server" >&2
    exit 67
  fi
  # runuser lives in /usr/sbin, which a CI's PATH may lack.
  RUNUSER="$(command -v runuser || true)"
  for candidate in /usr/sbin/runuser /sbin/runuser; do
    if [[ -z "$RUNUSER" && -x "$candidate" ]]; then RUNUSER="$candidate"; fi
  done
  if [[ -z "$RUNUSER" ]]; then
    echo "with-postgres: runuser not found (package util-linux)" >&2
    exit 69
  fi
  as_pg() { "$RUNUSER" -u postgres -- "$@"; }
else
  as_pg() { "$@"; }
fi

PG_TMP="$(mktemp -d "${TMPDIR:-/tmp}/pg-test.XXXXXX")"
PG_SERVERS="${PG_SERVERS:-$(node -e "console.log(Math.max(2, require('node:os').availableParallelism() - 1))")}"
STARTED=()
CMD_PID=""

cleanup() {
  local rc=$?
  trap - EXIT INT TERM HUP
  local data
  for data in "${STARTED[@]}"; do
    as_pg "$PG_BIN/pg_ctl" -D "$data" -m fast -w -t 30 stop >/dev/null 2>&1 ||
      as_pg "$PG_BIN/pg_ctl" -D "$data" -m immediate -w -t 10 stop >/dev/null 2>&1 || true
  done
  rm -rf "$PG_TMP"
  exit "$rc"
}
# On a signal: pass it to CMD, wait for it, then the EXIT trap stops the servers and removes the directory.
on_signal() {
  if [[ -n "$CMD_PID" ]]; then
    kill -"$1" "$CMD_PID" 2>/dev/null || true
    wait "$CMD_PID" 2>/dev/null || true
  fi
  exit "$2"
}
trap cleanup EXIT
trap 'on_signal INT 130' INT
trap 'on_signal TERM 143' TERM
trap 'on_signal HUP 129' HUP

if [[ "$(id -u)" -eq 0 ]]; then
  chown -R postgres: "$PG_TMP"
fi

free_port() {
  node -e "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close();});"
}

# start_server N: initdb and start server N; prints its port.
start_server() {
  local dir="$PG_TMP/$1" port attempt
  as_pg mkdir -p "$dir/sock"
  as_pg "$PG_BIN/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --locale=C --no-sync \
    >"$PG_TMP/initdb-$1.log" 2>&1 || {
    echo "with-postgres: initdb failed:" >&2
    cat "$PG_TMP/initdb-$1.log" >&2
    return 70
  }
  # The port is free when picked but could be taken before the server binds it: try a few times.
  for attempt in 1 2 3 4 5; do
    port="$(free_port)"
    if as_pg "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 -s \
      -o "-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories='$dir/sock'" \
      -o "-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" \
      start; then
      STARTED+=("$dir/data")
      PORTS+=("$port")
      return 0
    fi
    echo "with-postgres: start on port $port failed (attempt $attempt):" >&2
    tail -n 20 "$dir/server.log" >&2 || true
  done
  echo "with-postgres: could not start PostgreSQL" >&2
  return 70
}

PORTS=()
URLS=()
for ((n = 1; n <= PG_SERVERS; n++)); do
  start_server "$n" || exit 70
  URLS+=("postgres://postgres@127.0.0.1:${PORTS[-1]}/postgres")
done

export TEST_DATABASE_URL="${URLS[0]}"
export TEST_DATABASE_URLS="${URLS[*]}"
# libpq's defaults too, so that `psql` (or `psql ""`) with no address reaches the first server.
export PGHOST=127.0.0.1 PGPORT="${PORTS[0]}" PGUSER=postgres PGDATABASE=postgres
echo "with-postgres: $("$PG_BIN/postgres" --version), $PG_SERVERS server(s): $TEST_DATABASE_URLS" >&2

# CMD runs in the background so that a signal reaches the traps at once; its stdin stays the script's stdin.
exec 3<&0
"$@" <&3 3<&- &
CMD_PID=$!
set +e
wait "$CMD_PID"
CMD_RC=$?
set -e
CMD_PID=""
exit "$CMD_RC"
