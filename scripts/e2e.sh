#!/usr/bin/env bash
# Usage: scripts/e2e.sh [playwright test args...]
#
# Runs the Playwright e2e tests (e2e/*.spec.ts) in Debian's Chromium against the real server:
#   1. makes sure /usr/bin/chromium exists (apt-get install chromium when missing; never a browser download);
#   2. builds the web app when apps/web/dist is missing or stale;
#   3. starts apps/server/src/main.ts on a free port with a fresh DATA_DIR (so the demo seed loads);
#   4. waits for GET /api/health, runs `npx playwright test` with E2E_BASE_URL set;
#   5. stops the server, removes the data directory, exits with Playwright's code.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

CHROMIUM=/usr/bin/chromium
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

log() { echo "[e2e] $*"; }

# 1. Chromium from Debian.
if [[ ! -x "$CHROMIUM" ]]; then
  log "$CHROMIUM is missing: installing Debian's chromium package"
  if [[ "$(id -u)" -eq 0 ]]; then
    SUDO=()
  elif command -v sudo >/dev/null 2>&1; then
    SUDO=(sudo -n)
  else
    echo "[e2e] $CHROMIUM is missing and this user cannot run apt-get; install the 'chromium' package" >&2
    exit 69
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${SUDO[@]}" apt-get update </dev/null
  "${SUDO[@]}" apt-get install -y --no-install-recommends chromium </dev/null
  if [[ ! -x "$CHROMIUM" ]]; then
    echo "[e2e] apt-get finished but $CHROMIUM is still missing" >&2
    exit 69
  fi
fi
log "browser: $("$CHROMIUM" --version 2>/dev/null | head -n 1)"

# 2. The web app the server serves.
node scripts/start.mjs --build-only

# 3. The real server, on a free port, with an empty data directory.
free_port() {
  node -e "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close();});"
}
E2E_TMP="$(mktemp -d "${TMPDIR:-/tmp}/pdv-e2e.XXXXXX")"
SERVER_LOG="$E2E_TMP/server.log"
SERVER_PID=""
PW_PID=""

stop_server() {
  [[ -n "$SERVER_PID" ]] || return 0
  if kill -0 "$SERVER_PID" 2>/dev/null; then
    kill -TERM "$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 1 50); do
      kill -0 "$SERVER_PID" 2>/dev/null || break
      sleep 0.2
    done
    kill -KILL "$SERVER_PID" 2>/dev/null || true
  fi
  wait "$SERVER_PID" 2>/dev/null || true
  SERVER_PID=""
}
cleanup() {
  local rc=$?
  trap - EXIT INT TERM HUP
  if [[ -n "$PW_PID" ]]; then kill -TERM "$PW_PID" 2>/dev/null || true; fi
  stop_server
  rm -rf "$E2E_TMP"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

show_server_log() {
  echo "[e2e] ---- last lines of the server log ($SERVER_LOG) ----" >&2
  tail -n 80 "$SERVER_LOG" >&2 || true
  echo "[e2e] ---- end of the server log ----" >&2
}

PORT="$(free_port)"
BASE_URL="http://127.0.0.1:$PORT"
log "starting the server on $BASE_URL (DATA_DIR=$E2E_TMP/data)"
# A development server on PGlite: no DATABASE_URL, and not NODE_ENV=production (which skips the demo seed).
# A signing key made for this run, shared with the specs so they can mint genuinely expired tokens.
E2E_JWT_SECRET="$(node -e "console.log(require('node:crypto').randomBytes(32).toString('hex'))")"
export E2E_JWT_SECRET
# The SEFAZ homologation simulator on a known loopback port, so that a spec can make it unavailable and bring it back
# (POST /simulator/mode); contingency documents are looked at every 2 s instead of 15 s.
E2E_SEFAZ_PORT="$(free_port)"
export E2E_SEFAZ_ADMIN_URL="https://127.0.0.1:$E2E_SEFAZ_PORT/simulator/mode"
env -u DATABASE_URL -u TEST_DATABASE_URL -u NODE_ENV PORT="$PORT" DATA_DIR="$E2E_TMP/data" JWT_SECRET="$E2E_JWT_SECRET" \
  SEFAZ_SIMULATOR_PORT="$E2E_SEFAZ_PORT" CONTINGENCIA_INTERVALO_MS=2000 \
  node --import tsx apps/server/src/main.ts >"$SERVER_LOG" 2>&1 </dev/null &
SERVER_PID=$!

# 4. Wait for health (migrations and the demo seed run first).
HEALTH_TIMEOUT="${E2E_HEALTH_TIMEOUT:-180}"
deadline=$((SECONDS + HEALTH_TIMEOUT))
until node -e "fetch(process.argv[1]).then(r=>r.json()).then(b=>process.exit(b&&b.status==='ok'?0:1),()=>process.exit(1))" \
  "$BASE_URL/api/health" 2>/dev/null; do
  if ! kill -0 "$SERVER_PID" 2>/dev/null; then
    wait "$SERVER_PID" && code=0 || code=$?
    SERVER_PID=""
    echo "[e2e] the server exited (code $code) before answering /api/health" >&2
    show_server_log
    exit 1
  fi
  if ((SECONDS >= deadline)); then
    echo "[e2e] the server did not answer $BASE_URL/api/health within ${HEALTH_TIMEOUT}s" >&2
    show_server_log
    exit 1
  fi
  sleep 0.5
done
log "server is up"

# Playwright runs in the background so that a signal reaches the traps at once.
exec 3<&0
E2E_BASE_URL="$BASE_URL" npx playwright test "$@" <&3 3<&- &
PW_PID=$!
set +e
wait "$PW_PID"
PW_RC=$?
set -e
PW_PID=""

if [[ "$PW_RC" -ne 0 ]]; then
  show_server_log
fi
log "playwright exited with code $PW_RC"
exit "$PW_RC"
