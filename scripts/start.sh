#!/usr/bin/env bash
# The production server (`npm start`, the quickstart, the benchmarks and the browser tests): scripts/server.mjs, which
# serves the build with Next.js's request handler and reports each request's TCP peer to the rate limits, with the
# given arguments, e.g. `bash scripts/start.sh -p 3000 -H 127.0.0.1`. A 64 MB young generation halves the garbage
# collector's share of a busy request loop (docs/performance.md); `exec` keeps the caller's pid on the server for signals.
# The Node.js the project pins (node_modules/.bin/node) runs it even when this script is called outside npm.
cd "$(dirname "$0")/.."
exec node_modules/.bin/node --max-semi-space-size=64 scripts/server.mjs "$@"
