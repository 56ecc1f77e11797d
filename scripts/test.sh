#!/usr/bin/env bash
# Runs every check and test of the project and ends with the line "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
export TURBO_TELEMETRY_DISABLED=1 CI="${CI:-}"
export NODE_OPTIONS="--require $PWD/scripts/node-polyfills.cjs ${NODE_OPTIONS:-}"
REPORTS=.tmp/reports
rm -rf "$REPORTS" && mkdir -p "$REPORTS"
failed_steps=()

step() { # step NAME COMMAND...
  local name="$1"; shift
  echo; echo "=== $name"
  if ! "$@"; then failed_steps+=("$name"); echo "!!! $name failed"; fi
}
vitest_pkg() { # vitest_pkg PACKAGE REPORT_NAME [extra env]
  (cd "$1" && npx vitest run --reporter=default --reporter=json --outputFile.json="../$REPORTS/$2.json")
}

step "generate (SDK types, route trees)" npx turbo run generate --output-logs=errors-only
step "SDK types match the contract" npm run -s check:generated -w sdk
step "contract lint (Redocly)" npx redocly lint openapi.yaml --format=stylish
step "typecheck" npx turbo run typecheck --output-logs=errors-only
step "lint (Biome, oxlint, module boundaries)" bash -c 'npx biome check . && npx oxlint --deny-warnings . && npm run -s lint:boundaries'

for pkg in sdk ui server admin-app store-app vendor-app; do
  step "unit and integration tests: $pkg" vitest_pkg "$pkg" "$pkg"
done
step "unit tests: scripts (npm start's waiting)" vitest_pkg scripts scripts

if [ -x "${PG_BIN:-/usr/lib/postgresql/15/bin}/initdb" ]; then
  step "server tests on PostgreSQL 15" scripts/with-postgres.sh bash -c "cd server && npx vitest run --reporter=default --reporter=json --outputFile.json=../$REPORTS/server-postgres.json"
else
  echo "PostgreSQL 15 binaries not found: the server suite ran on PGlite only (Debian: apt-get install postgresql-15)."
  [ -n "$CI" ] && failed_steps+=("PostgreSQL 15 missing in CI")
fi

if CHROMIUM_PATH="$(scripts/find-chromium.sh)"; then
  export CHROMIUM_PATH
  step "build the apps" npx turbo run build --filter=@shop/admin-app --filter=@shop/store-app --filter=@shop/vendor-app --output-logs=errors-only
  step "browser journeys (Playwright, Chromium)" npx playwright test
else
  failed_steps+=("no Chromium for the browser tests")
fi

node scripts/summarize-reports.mjs "$REPORTS" "${failed_steps[@]}"
