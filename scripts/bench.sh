#!/usr/bin/env bash
# `npm run bench`: benchmarks on a production build with real PostgreSQL and Redis on loopback.
# Results go to bench/results/*.json and the table in docs/performance.md.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
install_node_modules
source scripts/test-services.sh
# Sized like a production server rather than initdb's 128 MB default: 1,000,000 members with their indexes are 806 MB.
PG_SETTINGS="-c shared_buffers=1GB -c effective_cache_size=4GB" start_postgres
start_redis
start_pgbouncer

log "production build"
npx next build >/dev/null

log "start-up time (embedded defaults)"
npx tsx bench/startup.ts

log "audit forwarding (PostgreSQL outbox → chDB)"
DATABASE_URL="$DATABASE_URL_REAL" npx tsx bench/audit-forwarding.ts

log "authentication (PostgreSQL + Redis)"
DATABASE_URL="$DATABASE_URL_REAL" REDIS_URL="$REDIS_URL_REAL" npx tsx bench/auth.ts

log "member list, 1,000,000 members (PostgreSQL + Redis)"
DATABASE_URL="$DATABASE_URL_REAL" REDIS_URL="$REDIS_URL_REAL" npx tsx bench/members-list.ts

log "auto-renewal job (PostgreSQL)"
DATABASE_URL="$DATABASE_URL_REAL" npx tsx bench/auto-renewals.ts

log "SEPA remittance of 10,000 invoices: selection and pain.008 file (PostgreSQL)"
DATABASE_URL="$DATABASE_URL_REAL" npx tsx bench/remittance.ts

log "revenue report and overdue list over 100,000 invoices (PostgreSQL)"
DATABASE_URL="$DATABASE_URL_REAL" npx tsx bench/revenue-report.ts

log "the accountant's books over a year of 120,000 invoices (PostgreSQL)"
DATABASE_URL="$DATABASE_URL_REAL" npx tsx bench/books.ts

log "daily attendance classification, 10,000 employees (PostgreSQL)"
DATABASE_URL="$DATABASE_URL_REAL" npx tsx bench/attendance-classification.ts

log "clock-in/clock-out over HTTP, production build (PostgreSQL + Redis)"
DATABASE_URL="$DATABASE_URL_REAL" REDIS_URL="$REDIS_URL_REAL" npx tsx bench/clock-in.ts

log "scale-out: members list and clock-in/out through haproxy to 1, 2 and 4 instances (PostgreSQL + Redis, about 5 minutes)"
npx tsx bench/scale-out.ts
log "tracing overhead: members list and clock-in with OTEL_SDK_DISABLED / no exporter / exporting (PostgreSQL + Redis)"
DATABASE_URL="$DATABASE_URL_REAL" REDIS_URL="$REDIS_URL_REAL" npx tsx bench/tracing-overhead.ts

log "time per layer of one request, from its trace: members list and clock-in/out at 1 and 64 connections (PostgreSQL + Redis)"
DATABASE_URL="$DATABASE_URL_REAL" REDIS_URL="$REDIS_URL_REAL" npx tsx bench/layer-share.ts

log "Idempotency-Key overhead on POST /api/plans, in-process (PostgreSQL + Redis)"
DATABASE_URL="$DATABASE_URL_REAL" REDIS_URL="$REDIS_URL_REAL" npx tsx bench/idempotency.ts

log "GET /api/members at 64 connections, next start vs a node:http + postgres.js baseline (PostgreSQL + Redis)"
DATABASE_URL="$DATABASE_URL_REAL" REDIS_URL="$REDIS_URL_REAL" npx tsx bench/members-baseline.ts

log "PgBouncer in transaction mode against direct connections, prepared and not; server connections (PostgreSQL + Redis)"
DATABASE_URL="$DATABASE_URL_REAL" DATABASE_URL_POOLED="$DATABASE_URL_POOLED" REDIS_URL="$REDIS_URL_REAL" npx tsx bench/pgbouncer.ts

log "invoice PDFs rendered per second (pdfkit, one core)"
npx tsx bench/invoice-pdf.ts

npx tsx bench/summarise.ts >/dev/null
log "results in bench/results/, summary in docs/performance.md"
