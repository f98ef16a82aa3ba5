#!/usr/bin/env bash
# `npm test`: every check of the repository, in order, stopping at the first failure (typecheck and lint run side by
# side; the e2e files run on two Playwright workers, each with its own server).
#
#   typecheck, lint, unit tests, the server tests on a real PostgreSQL 15 (scripts/with-postgres.sh; the db project
#   and the PostgreSQL-only pg project), the embedded database's share of them on PGlite, the production build, the
#   e2e tests in Chromium (scripts/e2e.sh; their servers run on PGlite, the default database).
#
#   Every server test on PGlite as well: `npm run test:long`.
#
# The last line printed is alone and plain, read by CI:
#   N passed, N failed[, N skipped]
# summing the tests of every runner. A step that fails without a failing test (typecheck, lint, build, a runner
# that crashed or could not load a file) counts as one failure, so a red run never reads "0 failed".
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

REPORT_DIR=.tmp/test-report
rm -rf "$REPORT_DIR"
mkdir -p "$REPORT_DIR"

PASSED=0
FAILED=0
SKIPPED=0
STEP_NO=0
STEP_TOTAL=6
SUMMARY=()
START_ALL=$SECONDS

banner() {
  printf '\n%s\n== %s\n%s\n' "==========================================================================" "$*" \
    "=========================================================================="
}

# Prints "passed failed skipped" from a vitest or Playwright JSON report ("0 0 0" when there is none).
counts_from() {
  node -e '
    const fs = require("node:fs");
    let r;
    try { r = JSON.parse(fs.readFileSync(process.argv[1], "utf8")); } catch { console.log("0 0 0"); process.exit(0); }
    if (r.stats && "expected" in r.stats) {
      // Playwright: expected = passed, unexpected = failed, flaky = passed on retry.
      const s = r.stats;
      console.log(`${(s.expected ?? 0) + (s.flaky ?? 0)} ${s.unexpected ?? 0} ${s.skipped ?? 0}`);
    } else {
      // Vitest (Jest-compatible JSON).
      console.log(`${r.numPassedTests ?? 0} ${r.numFailedTests ?? 0} ${(r.numPendingTests ?? 0) + (r.numTodoTests ?? 0)}`);
    }
  ' "$1"
}

# Prints one line per failed test of a vitest or Playwright JSON report: file, title and the first line of its error,
# so that the summary (the part of the output CI keeps) names what failed even after long server logs.
failures_from() {
  node -e '
    const fs = require("node:fs");
    let r;
    try { r = JSON.parse(fs.readFileSync(process.argv[1], "utf8")); } catch { process.exit(0); }
    const out = [];
    const first = (m) => String(m ?? "").replace(/\u001b\[[0-9;]*m/g, "").split("\n").map((l) => l.trim()).filter(Boolean)[0] ?? "";
    if (r.stats && "expected" in r.stats) {
      const walk = (suite, file) => {
        for (const spec of suite.specs ?? []) {
          for (const t of spec.tests ?? []) {
            if (t.status !== "unexpected") continue;
            const res = (t.results ?? []).find((x) => x.status !== "passed") ?? {};
            out.push(`${spec.file ?? file}:${spec.line ?? ""} ${spec.title}: ${first(res.error?.message)}`);
          }
        }
        for (const s of suite.suites ?? []) walk(s, s.file ?? file);
      };
      for (const s of r.suites ?? []) walk(s, s.file);
    } else {
      for (const f of r.testResults ?? []) {
        const failed = (f.assertionResults ?? []).filter((a) => a.status === "failed");
        for (const a of failed) out.push(`${f.name}: ${a.fullName}: ${first((a.failureMessages ?? [])[0])}`);
        if (!failed.length && f.status === "failed") out.push(`${f.name}: ${first(f.message)}`);
      }
    }
    for (const l of out.slice(0, 30)) console.log("  - " + l.slice(0, 300));
    if (out.length > 30) console.log(`  - ... and ${out.length - 30} more`);
  ' "$1"
}

finish() {
  local rc=$1
  banner "Summary ($((SECONDS - START_ALL))s)"
  printf '%s\n' "${SUMMARY[@]}"
  echo
  local line="$PASSED passed, $FAILED failed"
  if ((SKIPPED > 0)); then line+=", $SKIPPED skipped"; fi
  echo "$line"
  exit "$rc"
}
trap 'echo; echo "interrupted"; finish 130' INT
trap 'finish 143' TERM

# step NAME REPORT_FILE|- CMD [ARGS...]
step() {
  local name=$1 report=$2
  shift 2
  STEP_NO=$((STEP_NO + 1))
  banner "[$STEP_NO/$STEP_TOTAL] $name"
  local started=$SECONDS
  "$@"
  local rc=$?
  local took=$((SECONDS - started))

  local p=0 f=0 s=0 counts=""
  if [[ "$report" != "-" ]]; then
    read -r p f s < <(counts_from "$report")
    PASSED=$((PASSED + p))
    FAILED=$((FAILED + f))
    SKIPPED=$((SKIPPED + s))
    counts=" ($p passed, $f failed, $s skipped)"
  fi

  if [[ $rc -ne 0 ]]; then
    if ((f == 0)); then FAILED=$((FAILED + 1)); fi
    SUMMARY+=("FAILED  $name$counts, exit code $rc, ${took}s")
    if [[ "$report" != "-" ]]; then
      while IFS= read -r l; do SUMMARY+=("$l"); done < <(failures_from "$report")
    fi
    banner "FAILED: $name (exit code $rc)"
    finish 1
  fi
  if [[ "$report" != "-" ]] && ((p + f + s == 0)); then
    echo "warning: $name ran no tests"
  fi
  SUMMARY+=("ok      $name$counts, ${took}s")
}

# vitest_json REPORT_FILE PROJECT... [-- PATH...] : runs the named vitest projects (only the files under the PATHs
# when given), on screen and into a JSON report.
vitest_json() {
  local report=$1
  shift
  local projects=() paths=()
  while (($# > 0)) && [[ "$1" != "--" ]]; do projects+=(--project "$1"); shift; done
  if (($# > 0)); then shift; paths=("$@"); fi
  npx --no-install vitest run "${projects[@]}" "${paths[@]}" --passWithNoTests \
    --reporter=default --reporter=json --outputFile.json="$report"
}

# both NAME_A CMD_A NAME_B CMD_B: two independent single-threaded commands at once (the machine has 2 cores), each
# one's output shown after both end, in order; fails when either fails.
both() {
  local dir
  dir=$(mktemp -d)
  bash -c "$2" >"$dir/a.log" 2>&1 &
  local pa=$!
  bash -c "$4" >"$dir/b.log" 2>&1 &
  local pb=$!
  wait "$pa"
  local ra=$?
  wait "$pb"
  local rb=$?
  echo "---- $1 (exit code $ra)"
  cat "$dir/a.log"
  echo "---- $3 (exit code $rb)"
  cat "$dir/b.log"
  rm -rf "$dir"
  ((ra == 0 && rb == 0))
}

# The server test folders that also run on PGlite (the rest runs there in test:long).
PGLITE_SHARE="apps/server/src/db apps/server/src/http apps/server/src/reliability apps/server/src/modules/sync \
apps/server/src/modules/realtime apps/server/src/modules/operation apps/server/src/modules/auth"

# Programs of the machine the tests run, from Debian's packages (never a download), installed when missing as
# scripts/e2e.sh does for Chromium: poppler's pdftoppm renders a receipt's PDF for a raster printer in the connector
# (apps/connector/src/raster.ts; its unit test prints through it). A fresh machine of the CI image lacked it.
ensure_program() {
  local program=$1 package=$2
  command -v "$program" >/dev/null 2>&1 && return 0
  echo "[test] $program is missing: installing Debian's $package package"
  local sudo=()
  if [[ "$(id -u)" -ne 0 ]]; then
    if command -v sudo >/dev/null 2>&1; then sudo=(sudo -n); else
      echo "[test] this user cannot run apt-get; install the '$package' package" >&2
      return 1
    fi
  fi
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get update -qq </dev/null \
    && DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "$package" </dev/null
  command -v "$program" >/dev/null 2>&1 || { echo "[test] apt-get finished but $program is still missing" >&2; return 1; }
}
# A failure here is not fatal by itself: the test that needs the program then fails and names it.
ensure_program pdftoppm poppler-utils || true

step "typecheck and lint (in parallel)" - both typecheck "npm run typecheck" lint "npm run lint"
step "unit tests (vitest, project unit)" "$REPORT_DIR/unit.json" \
  vitest_json "$REPORT_DIR/unit.json" unit
# Every server test on PostgreSQL (ARCHITECTURE.md: PGlite here, a real PostgreSQL in CI), plus the pg project
# (*.pg.test.ts: tests that need a PostgreSQL server: concurrency, several server processes, restarts).
step "server tests on PostgreSQL 15 (vitest, projects db and pg)" "$REPORT_DIR/db-postgres.json" \
  env -u DATABASE_URL bash scripts/with-postgres.sh \
  bash -c "$(declare -f vitest_json); vitest_json $REPORT_DIR/db-postgres.json db pg"
# On PGlite, the embedded default (one connection, transactions queued onto it): the folders where that matters most,
# the sale path and what every route shares. The reliability battery's fast variant runs here only (variant.ts).
# Running all 115 files on both databases took the suite past 60 minutes; test:long runs all of them on PGlite too.
step "server tests on PGlite (vitest, project db: the embedded database's share)" "$REPORT_DIR/db-pglite.json" \
  env -u TEST_DATABASE_URL -u DATABASE_URL \
  bash -c "$(declare -f vitest_json); vitest_json $REPORT_DIR/db-pglite.json db -- $PGLITE_SHARE"
step "production build" - npm run build
step "e2e tests (Playwright, Chromium)" "$REPORT_DIR/e2e.json" \
  env E2E_JSON_REPORT="$REPORT_DIR/e2e.json" bash scripts/e2e.sh --pass-with-no-tests

finish 0
