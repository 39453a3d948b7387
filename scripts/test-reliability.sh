#!/usr/bin/env bash
# `npm run test:reliability`: the reliability evidence of docs/reliability.md, on real PostgreSQL 15 and Redis.
#   1. the races (integration tests that hold them) on real PostgreSQL;
#   2. property-based fuzzing of every OpenAPI operation (FUZZ_RUNS requests, default 10000; FUZZ_SEED replays);
#   3. security checks: token matrix over every protected operation, rate limits under concurrency, body limit;
#   4. faults: PostgreSQL, Redis, analytics, SMTP and S3 stopped and restarted (the test owns those servers).
# Figures go to tests/reliability/results/*.json and are printed at the end.
# Reuses DATABASE_URL_REAL / REDIS_URL_REAL when the caller (scripts/test.sh) already started the services, and
# RACES_REPORT, the vitest JSON report of an integration run on that PostgreSQL that already ran the races (scripts/test.sh's
# real-PostgreSQL step), instead of running those tests a second time.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

started=$(date +%s)
install_node_modules
if [ -z "${DATABASE_URL_REAL:-}" ] || [ -z "${REDIS_URL_REAL:-}" ]; then
  source scripts/test-services.sh
  start_postgres
  start_redis
fi
mkdir -p tests/reliability/results

if [ -n "${RACES_REPORT:-}" ]; then
  log "reliability 1/4: races on real PostgreSQL, as the integration run on it recorded them ($RACES_REPORT)"
  DATABASE_URL="$DATABASE_URL_REAL" npx tsx tests/reliability/summarise.ts races "$RACES_REPORT"
else
  log "reliability 1/4: races on real PostgreSQL"
  races_report=$(mktemp /tmp/clubops-races.XXXXXX.json)
  DATABASE_URL="$DATABASE_URL_REAL" REDIS_URL="$REDIS_URL_REAL" npx vitest run --project integration \
    app/api/setup/setup.int.test.ts app/api/attendance.int.test.ts app/api/attendance-requests/attendance-requests.int.test.ts \
    lib/subscriptions/jobs.int.test.ts app/api/members/enroll/enroll.int.test.ts app/api/idempotency.int.test.ts \
    -t "$(npx tsx tests/reliability/summarise.ts pattern)" \
    --reporter=default --reporter=json --outputFile.json="$races_report"
  DATABASE_URL="$DATABASE_URL_REAL" npx tsx tests/reliability/summarise.ts races "$races_report"
  rm -f "$races_report"
fi

log "reliability 2/4: fuzzing every OpenAPI operation (${FUZZ_RUNS:-10000} requests)"
DATABASE_URL="$DATABASE_URL_REAL" REDIS_URL="$REDIS_URL_REAL" npx vitest run --project reliability tests/reliability/fuzz.test.ts \
  $(vitest_report reliability-fuzz dot)

log "reliability 3/4: token matrix, rate limits under concurrency, body limit"
DATABASE_URL="$DATABASE_URL_REAL" REDIS_URL="$REDIS_URL_REAL" npx vitest run --project reliability tests/reliability/security.test.ts \
  $(vitest_report reliability-security)

log "reliability 4/4: faults (the test starts and stops its own PostgreSQL, Redis, S3 and SMTP)"
env -u DATABASE_URL -u REDIS_URL npx vitest run --project reliability tests/reliability/faults.test.ts \
  $(vitest_report reliability-faults)

npx tsx tests/reliability/summarise.ts
log "reliability checks passed in $(($(date +%s) - started)) s"
