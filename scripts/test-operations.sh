#!/usr/bin/env bash
# `npm run test:operations`: the operations checks of docs/reliability.md ("Operations") on the production build
# (.next, `npx next build` first): several instances behind haproxy, and the other tests of tests/operations/.
# Reuses DATABASE_URL_REAL / REDIS_URL_REAL when the caller (scripts/test.sh) already started the services; each test
# creates a database of its own on them. Installs nothing: scripts/test.sh installs haproxy, prometheus and pgbouncer.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

started=$(date +%s)
use_pinned_node
[ -f .next/BUILD_ID ] || { echo "no production build: run npx next build first" >&2; exit 1; }
if [ -z "${DATABASE_URL_REAL:-}" ] || [ -z "${REDIS_URL_REAL:-}" ]; then
  source scripts/test-services.sh
  start_postgres
  start_redis
fi
export DATABASE_URL_REAL REDIS_URL_REAL
# shellcheck disable=SC2046 # vitest_report prints separate options
env -u DATABASE_URL -u REDIS_URL npx vitest run --project operations $(vitest_report operations) "$@"
log "operations checks passed in $(($(date +%s) - started)) s"
