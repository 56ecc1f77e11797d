#!/usr/bin/env bash
# Runs every check and test of the project and ends with the line "N passed, N failed, N flaky".
set -uo pipefail
cd "$(dirname "$0")/.."
export TURBO_TELEMETRY_DISABLED=1 CI="${CI:-}"
if [ "$(node -p 'process.versions.node.split(".")[0]')" -lt 24 ]; then
  echo "The tests run on Node.js 24 or newer; this is $(node -v) (.ci/run installs Node 24 when it is missing)."
  exit 1
fi
# Node 22.1+ keeps compiled code here, so each of the test suites' per-file workers stops compiling Mantine, the icon
# set and the test libraries again (about a sixth of an app suite's CPU on Node 24); older Node ignores it.
export NODE_COMPILE_CACHE="${NODE_COMPILE_CACHE:-$PWD/.tmp/node-compile-cache}"
REPORTS=.tmp/reports
rm -rf "$REPORTS" && mkdir -p "$REPORTS"
failed_steps=()
# How long each step took, printed again at the end, so a slower run shows where the time went.
timings=()
started_at=$SECONDS

step() { # step NAME COMMAND...
  local name="$1" begun=$SECONDS; shift
  echo; echo "=== $name"
  if ! "$@"; then failed_steps+=("$name"); echo "!!! $name failed"; fi
  timings+=("$(printf '%5ss  %s' $((SECONDS - begun)) "$name")")
}
together() { # together NAME COMMAND [NAME COMMAND]...: side by side; each one's output is shown whole, in order
  local names=() logs=() pids=() i begun=$SECONDS
  while [ $# -gt 0 ]; do
    names+=("$1"); logs+=("$(mktemp)")
    bash -c "$2" >"${logs[-1]}" 2>&1 &
    pids+=($!); shift 2
  done
  for i in "${!pids[@]}"; do
    echo; echo "=== ${names[$i]}"
    if wait "${pids[$i]}"; then cat "${logs[$i]}"
    else cat "${logs[$i]}"; failed_steps+=("${names[$i]}"); echo "!!! ${names[$i]} failed"; fi
    rm -f "${logs[$i]}"
  done
  local joined; joined=$(printf ' + %s' "${names[@]}")
  timings+=("$(printf '%5ss  %s' $((SECONDS - begun)) "${joined:3}")")
}
vitest_pkg() { # vitest_pkg PACKAGE REPORT_NAME [vitest options]
  local pkg="$1" report="$2"; shift 2
  (cd "$pkg" && npx vitest run "$@" --reporter=default --reporter=json --outputFile.json="../$REPORTS/$report.json")
}

# Generated once here; the tasks below run with --only so turbo does not replay generate's outputs under the linters.
step "generate (SDK types, route trees)" npx turbo run generate --output-logs=errors-only
step "SDK types match the contract" npm run -s check:generated -w sdk
step "contract lint (Redocly)" npx redocly lint openapi.yaml --format=stylish
CHROMIUM_PATH="$(scripts/find-chromium.sh)" && export CHROMIUM_PATH || CHROMIUM_PATH=""
# Each of these leaves one core idle for part of its run (depcruise and Rollup on one thread), and none of them
# has a time limit, so on two cores they share the machine without making a test flaky. Two demo databases are
# migrated and seeded here too (about 8 and 10 s on one core), so the steps that need them only copy them: the
# server suite's PGlite templates (SHOP_PGLITE_TEMPLATES, server/src/test/global-setup.ts) and the journeys' shops'
# data (SHOP_E2E_SEEDED, scripts/e2e/start-shops.mts).
build_apps=()
if [ -n "$CHROMIUM_PATH" ]; then
  export SHOP_E2E_SEEDED="$PWD/.tmp/e2e-seeded"
  build_apps=("build the apps" "npx turbo run build --only --output-logs=errors-only \
    --filter=@shop/admin-app --filter=@shop/store-app --filter=@shop/vendor-app" \
    "the journeys' demo data" "node --import tsx scripts/e2e/start-shops.mts --seed-into $SHOP_E2E_SEEDED")
fi
export SHOP_PGLITE_TEMPLATES="$PWD/.tmp/pglite-templates"
rm -rf "$SHOP_PGLITE_TEMPLATES"
together \
  "typecheck" "npx turbo run typecheck --only --output-logs=errors-only" \
  "lint (Biome, oxlint, module boundaries)" "npx biome check . && npx oxlint --deny-warnings . && npm run -s lint:boundaries" \
  "${build_apps[@]}" \
  "the server suite's PGlite templates" "node --import tsx server/src/test/build-pglite-templates.ts $SHOP_PGLITE_TEMPLATES"

# The four small packages' suites and the scripts' take a few seconds each, most of it starting vitest: side by side.
export REPORTS && export -f vitest_pkg
together \
  "unit and integration tests: sdk" "vitest_pkg sdk sdk" \
  "unit and integration tests: ui" "vitest_pkg ui ui" \
  "unit and integration tests: conversations" "vitest_pkg conversations conversations" \
  "unit and integration tests: product-form" "vitest_pkg product-form product-form" \
  "unit tests: scripts (npm start's waiting)" "vitest_pkg scripts scripts"
# The server suite: every file on PostgreSQL 15, then the files whose proof depends on the embedded engine on PGlite
# (server/vitest.pglite.config.ts says which and why). PGlite runs the same SQL about half as fast, so every file
# on both would cost about four minutes more; without PostgreSQL 15 every file runs on PGlite.
if [ -x "${PG_BIN:-/usr/lib/postgresql/15/bin}/initdb" ]; then
  step "server tests on PostgreSQL 15 (every file)" scripts/with-postgres.sh bash -c "cd server && npx vitest run --config vitest.postgres.config.ts --reporter=default --reporter=json --outputFile.json=../$REPORTS/server-postgres.json"
  step "server tests on PGlite (the files where the engine matters)" vitest_pkg server server --config vitest.pglite.config.ts
else
  echo "PostgreSQL 15 binaries not found: every server file runs on PGlite (Debian: apt-get install postgresql-15)."
  [ -n "$CI" ] && failed_steps+=("PostgreSQL 15 missing in CI")
  step "unit and integration tests: server (PGlite)" vitest_pkg server server
fi
for pkg in admin-app store-app; do
  step "unit and integration tests: $pkg" vitest_pkg "$pkg" "$pkg"
done

if [ -n "$CHROMIUM_PATH" ]; then
  # One project per app, each with a shop of its own, two at a time (playwright.config.ts); a journey that passes
  # only on its retry counts as flaky and fails the run (scripts/summarize-reports.mjs). The shops take about ten
  # seconds to start from the seeded data, on about one core, so the vendor panel's suite (about 15 s) runs beside
  # that start and the first journeys.
  together \
    "unit and integration tests: vendor-app" "vitest_pkg vendor-app vendor-app" \
    "browser journeys (Playwright, Chromium)" "npx playwright test"
else
  step "unit and integration tests: vendor-app" vitest_pkg vendor-app vendor-app
  failed_steps+=("no Chromium for the browser tests")
fi

echo; echo "=== time per step (whole run: $((SECONDS - started_at))s)"
printf '%s\n' "${timings[@]}"
echo
node scripts/summarize-reports.mjs "$REPORTS" "${failed_steps[@]}"
