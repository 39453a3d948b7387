#!/usr/bin/env bash
# One command from a fresh clone: install, build and start ClubOps on embedded defaults
# (PGlite, in-memory cache, in-process S3 and SMTP sink, chDB, in-process email rendering).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

PORT=${PORT:-3000}
URL="http://localhost:$PORT"
# Links in emails and the console's sign-in use it; it must match where the app is served.
export APP_URL=${APP_URL:-$URL}

install_node_modules
log "building the console and API"
npx next build

log "starting ClubOps at $URL (data in ${DATA_DIR:-.data}/; Ctrl+C stops it)"
bash scripts/start.sh -p "$PORT" &
SERVER=$!
trap 'kill $SERVER 2>/dev/null' INT TERM EXIT

for _ in $(seq 1 120); do
  curl -fsS "$URL/health/ready" >/dev/null 2>&1 && break
  sleep 0.5
done
log "ready: open $URL"
command -v xdg-open >/dev/null && xdg-open "$URL" >/dev/null 2>&1 || true
wait $SERVER
