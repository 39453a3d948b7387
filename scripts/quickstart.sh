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
# The server's log is shown and kept, to find the setup link it prints while the club is not set up.
SERVER_LOG=$(mktemp)
bash scripts/start.sh -p "$PORT" > >(tee "$SERVER_LOG") 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null; rm -f "$SERVER_LOG"' INT TERM EXIT

for _ in $(seq 1 120); do
  curl -fsS "$URL/health/ready" >/dev/null 2>&1 && break
  sleep 0.5
done
# A new club: the setup wizard's link with its one-time code (docs/operations.md, First start), else the console.
OPEN=$URL
if curl -fsS "$URL/api/setup/status" 2>/dev/null | grep -q incomplete; then
  for _ in $(seq 1 20); do
    LINK=$(grep -o '"setupUrl":"[^"]*"' "$SERVER_LOG" | head -n 1 | cut -d '"' -f 4)
    [ -n "$LINK" ] && OPEN=$LINK && break
    sleep 0.5
  done
fi
log "ready: open $OPEN"
command -v xdg-open >/dev/null && xdg-open "$OPEN" >/dev/null 2>&1 || true
wait $SERVER
