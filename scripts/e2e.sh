#!/usr/bin/env bash
# Usage: scripts/e2e.sh [playwright test args...]
#
# Runs the Playwright e2e tests (e2e/*.spec.ts) in Debian's Chromium against the real server:
#   1. makes sure /usr/bin/chromium exists (apt-get install chromium when missing; never a browser download);
#   2. builds the web app when apps/web/dist is missing or stale;
#   3. runs `npx playwright test`: each Playwright worker starts its own server (e2e/server.ts), E2E_WORKERS of them;
#   4. removes the servers' logs, exits with Playwright's code.
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

# 3. Playwright. Each worker starts its own real server (e2e/server.ts: apps/server/src/main.ts on a free port with an
#    empty DATA_DIR, so the demo seed loads, its own signing key and SEFAZ simulator port); E2E_WORKERS sets how many
#    (default 2, the machine's cores). The servers' logs go to E2E_LOG_DIR; their tails are printed when a run fails.
E2E_TMP="$(mktemp -d "${TMPDIR:-/tmp}/pdv-e2e.XXXXXX")"
export E2E_LOG_DIR="$E2E_TMP/logs"
PW_PID=""

cleanup() {
  local rc=$?
  trap - EXIT INT TERM HUP
  if [[ -n "$PW_PID" ]]; then kill -TERM "$PW_PID" 2>/dev/null || true; fi
  rm -rf "$E2E_TMP"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

show_server_logs() {
  for f in "$E2E_LOG_DIR"/*.log; do
    [[ -f "$f" ]] || continue
    echo "[e2e] ---- last lines of $(basename "$f") ----" >&2
    tail -n 60 "$f" >&2 || true
  done
  echo "[e2e] ---- end of the server logs ----" >&2
}

# Playwright runs in the background so that a signal reaches the traps at once.
exec 3<&0
npx playwright test "$@" <&3 3<&- &
PW_PID=$!
set +e
wait "$PW_PID"
PW_RC=$?
set -e
PW_PID=""

if [[ "$PW_RC" -ne 0 ]]; then
  show_server_logs
fi
log "playwright exited with code $PW_RC"
exit "$PW_RC"
