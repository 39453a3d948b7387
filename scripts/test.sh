#!/usr/bin/env bash
# The whole test suite from a fresh clone: installs what the tests need, then runs unit tests, integration tests on
# the embedded defaults, on real PostgreSQL + Redis and through PgBouncer, the reliability checks, a production build,
# the contract suite on it and the Playwright flows. Fails on the first failing step.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

install_debian_packages() {
  local missing=()
  ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
  command -v redis-server >/dev/null || missing+=(redis-server)
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  command -v xmllint >/dev/null || missing+=(libxml2-utils)
  [ -x /usr/sbin/pgbouncer ] || missing+=(pgbouncer)
  # The billing journey's server runs under libfaketime, so the test can move its calendar (e2e/billing-journey.spec.ts).
  [ -e /usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1 ] || missing+=(libfaketime)
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

log "integration tests: embedded defaults (PGlite, in-memory cache, s3rver, chDB, in-process renderer, SMTP sink)"
env -u DATABASE_URL -u REDIS_URL npx vitest run --project integration

log "integration tests: real PostgreSQL and Redis"
DATABASE_URL="$DATABASE_URL_REAL" REDIS_URL="$REDIS_URL_REAL" npx vitest run --project integration

log "integration tests: through PgBouncer (transaction mode, prepared statements off, migrations on the server directly)"
DATABASE_URL="$DATABASE_URL_POOLED" DATABASE_MIGRATION_URL="$DATABASE_URL_REAL" DATABASE_PREPARED_STATEMENTS=false \
  REDIS_URL="$REDIS_URL_REAL" npx vitest run --project integration

log "reliability: races, fuzzing, token matrix, rate limits, faults (docs/reliability.md, about 2.5 minutes)"
bash scripts/test-reliability.sh

log "production build"
npx next build

log "contract suite: Portman → newman from the served OpenAPI document, every operation (docs/reliability.md)"
bash scripts/test-contract.sh

log "end-to-end tests (Playwright, Debian chromium)"
npx playwright test

log "all tests passed"
