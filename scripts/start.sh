#!/usr/bin/env bash
# The production server (`npm start`, the quickstart, the benchmarks and the browser tests): `next start` with the
# given arguments, e.g. `bash scripts/start.sh -p 3000`. A 64 MB young generation halves the garbage collector's
# share of a busy request loop (docs/performance.md); `exec` keeps the caller's pid on the server for signals.
# The Node.js the project pins (node_modules/.bin/node) runs it even when this script is called outside npm.
cd "$(dirname "$0")/.."
exec node_modules/.bin/node --max-semi-space-size=64 node_modules/next/dist/bin/next start "$@"
