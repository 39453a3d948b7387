#!/usr/bin/env bash
# Runs one command against a throw-away PostgreSQL 15 and Redis on loopback, e.g.
#   bash scripts/with-services.sh npx vitest run --project integration lib/attendance
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
source scripts/test-services.sh
start_postgres >&2
start_redis >&2
DATABASE_URL="$DATABASE_URL_REAL" REDIS_URL="$REDIS_URL_REAL" "$@"
