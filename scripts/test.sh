#!/usr/bin/env bash
# The whole test suite from a fresh clone: installs what the tests need, then runs unit tests, integration tests on
# the embedded defaults, on real PostgreSQL + Redis and through PgBouncer, the reliability checks, a production build,
# the operations checks on it (several instances, Prometheus, traces, restore), the contract suite and the Playwright
# flows. Fails on the first failing step.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

install_debian_packages() {
  local missing=()
  ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
  command -v redis-server >/dev/null || missing+=(redis-server)
  # Debian's Chromium as the Playwright flows run it: its headless shell (playwright.config.ts).
  [ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
  command -v xmllint >/dev/null || missing+=(libxml2-utils)
  # pdftoppm renders an invoice's page so the tests can read its tax QR code back (tests/support/pdf-qr.ts).
  command -v pdftoppm >/dev/null || missing+=(poppler-utils)
  # The billing journey's server runs under libfaketime, so the test can move its calendar (e2e/billing-journey.spec.ts).
  [ -e /usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1 ] || missing+=(libfaketime)
  # The operations step (scripts/test-operations.sh): the balancer, the metrics scraper and the connection pooler.
  command -v haproxy >/dev/null || missing+=(haproxy)
  command -v prometheus >/dev/null || missing+=(prometheus)
  command -v pgbouncer >/dev/null || missing+=(pgbouncer)
  if [ ${#missing[@]} -gt 0 ]; then
    log "installing Debian packages: ${missing[*]}"
    local sudo=""
    [ "$(id -u)" = "0" ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
  fi
}

install_debian_packages
install_node_modules

started=$(date +%s)
export TEST_REPORTS
TEST_REPORTS=$(mktemp -d /tmp/clubops-test-reports.XXXXXX)

static_types() { npx tsc --noEmit -p .; }
# Biome, the architecture rules of .dependency-cruiser.cjs, knip, the OpenAPI linter.
static_lint() { npm run lint; }
log "static checks, side by side (lines prefixed [static_types] and [static_lint])"
lane "static (types ∥ lint)" 3 run_side_by_side static_types static_lint

log "unit tests"
# shellcheck disable=SC2046 # vitest_report prints separate options
lane unit 1 npx vitest run --project unit $(vitest_report unit)

source scripts/test-services.sh
# Every prepared statement gets a generic plan (planned without its values) from its first run, as production may
# from its sixth: a statement PostgreSQL cannot plan that way (an ON CONFLICT arbiter whose condition is a bound
# value) fails here at once instead of in production after five runs.
PG_SETTINGS="-c plan_cache_mode=force_generic_plan" start_postgres
start_redis
start_pgbouncer

# The main lane: every integration file on real PostgreSQL 15 and Redis, two at a time, each on a database of its
# own. Its JSON report holds the races of the reliability step (tests/reliability/races.ts): they run once, here.
log "integration tests: real PostgreSQL and Redis (the main lane)"
DATABASE_URL="$DATABASE_URL_REAL" REDIS_URL="$REDIS_URL_REAL" lane "integration" 5 \
  npx vitest run --project integration --reporter=default --reporter=json --outputFile.json="$TEST_REPORTS/integration.json"

# The narrow lanes (docs/reliability.md, "Lanes") one file at a time, beside the production build, which takes the
# other core.
narrow_lanes() {
  log "integration tests: the embedded defaults (PGlite, in-memory cache, s3rver, chDB, in-process renderer, SMTP sink)"
  # shellcheck disable=SC2046
  (unset DATABASE_URL REDIS_URL && lane "integration: embedded" 2 npx vitest run --project embedded --maxWorkers=1 \
    $(vitest_report embedded))
  log "integration tests: through PgBouncer (transaction mode, prepared statements off, migrations on the server directly)"
  # shellcheck disable=SC2046
  DATABASE_URL="$DATABASE_URL_POOLED" DATABASE_MIGRATION_URL="$DATABASE_URL_REAL" DATABASE_PREPARED_STATEMENTS=false \
    REDIS_URL="$REDIS_URL_REAL" lane "integration: pooled" 2 npx vitest run --project pooled --maxWorkers=1 \
    $(vitest_report pooled)
}
build() { lane build 4 npx next build; }
log "narrow integration lanes beside the production build (lines prefixed [narrow_lanes] and [build])"
run_side_by_side narrow_lanes build

log "reliability: races, fuzzing, token matrix, rate limits, faults (docs/reliability.md, about 2.5 minutes)"
RACES_REPORT="$TEST_REPORTS/integration.json" lane reliability 2.5 bash scripts/test-reliability.sh

log "operations: several instances behind haproxy, Prometheus scrape, traces, pgbouncer (docs/reliability.md)"
lane operations 3 bash scripts/test-operations.sh

log "contract suite: Portman → newman from the served OpenAPI document, every operation (docs/reliability.md)"
lane contract 1 bash scripts/test-contract.sh

log "end-to-end tests (Playwright, Debian chromium)"
# On free ports, so two runs on one machine do not meet; each server on a database of its own on the PostgreSQL started
# above (scripts/e2e-server.mjs), but the setup wizard's and the billing journey's, on embedded defaults.
E2E_PORT=$(free_e2e_port) E2E_DATABASE_URL="$DATABASE_URL_REAL" PLAYWRIGHT_JSON_OUTPUT_NAME="$TEST_REPORTS/playwright.json" \
  lane playwright 9 \
  npx playwright test --reporter=list,json

printf 'total\t25\t%s\t0\n' "$(($(date +%s) - started))" >>"$TEST_REPORTS/lanes.tsv"
npx tsx scripts/test-timings.ts "$TEST_REPORTS"
rm -rf "$TEST_REPORTS"
log "all tests passed"
