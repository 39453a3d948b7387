#!/usr/bin/env bash
# `npm run test:contract`: the third-party contract suite (docs/reliability.md, "Contract suite"). Portman generates
# a Postman collection from the OpenAPI document the production build serves and newman runs it against that server,
# on real PostgreSQL 15 and Redis; then the scripted mobile journey (tests/contract/mobile-journey.ts) runs through the
# generated client against the same server. Builds the application when no build is there; reuses DATABASE_URL_REAL /
# REDIS_URL_REAL when the caller (scripts/test.sh) already started the services.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

install_node_modules
if [ ! -f .next/BUILD_ID ]; then
  log "production build"
  npx next build
fi
if [ -z "${DATABASE_URL_REAL:-}" ] || [ -z "${REDIS_URL_REAL:-}" ]; then
  source scripts/test-services.sh
  start_postgres
  start_redis
fi
log "contract suite (Portman → newman), then the mobile journey through the generated client"
DATABASE_URL="$DATABASE_URL_REAL" REDIS_URL="$REDIS_URL_REAL" npx tsx tests/contract/run.ts
