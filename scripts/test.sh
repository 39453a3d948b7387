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
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  command -v xmllint >/dev/null || missing+=(libxml2-utils)
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

log "type check"
npx tsc --noEmit -p .

log "lint (Biome, the architecture rules of .dependency-cruiser.cjs, knip, the OpenAPI linter)"
npm run lint

log "unit tests"
npx vitest run --project unit

source scripts/test-services.sh
# Every prepared statement gets a generic plan (planned without its values) from its first run, as production may
# from its sixth: a statement PostgreSQL cannot plan that way (an ON CONFLICT arbiter whose condition is a bound
# value) fails here at once instead of in production after five runs.
PG_SETTINGS="-c plan_cache_mode=force_generic_plan" start_postgres
start_redis
start_pgbouncer

# The real-PostgreSQL run's JSON report holds the races of the reliability step (tests/reliability/races.ts): they run
# once, here.
races_report=$(mktemp /tmp/clubops-races.XXXXXX.json)
embedded() {
  log "integration tests: embedded defaults (PGlite, in-memory cache, s3rver, chDB, in-process renderer, SMTP sink)"
  env -u DATABASE_URL -u REDIS_URL npx vitest run --project integration
}
servers() {
  log "integration tests: real PostgreSQL and Redis"
  DATABASE_URL="$DATABASE_URL_REAL" REDIS_URL="$REDIS_URL_REAL" npx vitest run --project integration \
    --reporter=default --reporter=json --outputFile.json="$races_report"
  # The same database, so after the run above rather than beside it; Redis database 1, so the schedule slots the run
  # above claimed (lib/jobs/run.ts keeps them past the next slot) do not turn this run's job tests into repeats.
  log "integration tests: through PgBouncer (transaction mode, prepared statements off, migrations on the server directly)"
  DATABASE_URL="$DATABASE_URL_POOLED" DATABASE_MIGRATION_URL="$DATABASE_URL_REAL" DATABASE_PREPARED_STATEMENTS=false \
    REDIS_URL="$REDIS_URL_REAL/1" npx vitest run --project integration
}
log "integration tests, side by side (lines prefixed [embedded] and [servers])"
run_side_by_side embedded servers

log "reliability: races, fuzzing, token matrix, rate limits, faults (docs/reliability.md, about 2.5 minutes)"
RACES_REPORT="$races_report" bash scripts/test-reliability.sh
rm -f "$races_report"

log "production build"
npx next build

log "operations: several instances behind haproxy, Prometheus scrape, traces, pgbouncer (docs/reliability.md)"
bash scripts/test-operations.sh

log "contract suite: Portman → newman from the served OpenAPI document, every operation (docs/reliability.md)"
bash scripts/test-contract.sh

log "end-to-end tests (Playwright, Debian chromium)"
npx playwright test

log "all tests passed"
