# Shared helpers for the project's shell scripts.

log() { printf '\n\033[1;34m==> %s\033[0m\n' "$*"; }

# Prints a TCP port nobody listens on.
free_port() {
  node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

# Prints a port for the Playwright server that is free, as are the mailbox's two ports 10,000 and 20,000 above it
# (e2e/mailbox-ports.ts): drawn from 20000-29999, so all three stay below 65536.
free_e2e_port() {
  node -e '
    const net = require("net");
    const free = (port) => new Promise((ok) => { const s = net.createServer().once("error", () => ok(false)).listen(port, "127.0.0.1", () => s.close(() => ok(true))); });
    (async () => {
      for (;;) {
        const port = 20000 + Math.floor(Math.random() * 10000);
        if ((await Promise.all([port, port + 10000, port + 20000].map(free))).every(Boolean)) return console.log(port);
      }
    })();'
}

# Installs the npm packages the committed lockfile pins. `npm install --no-save` rather than
# `npm ci`: a lockfile written on Linux lacks other platforms' optional binaries
# (@next/swc-*, @chdb/lib-*), which `npm ci` rejects as out of sync.
install_node_modules() {
  export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
  if [ -d node_modules ] && [ node_modules/.package-lock.json -nt package-lock.json ]; then
    log "npm packages are up to date"
  else
    log "installing npm packages"
    npm install --no-save --no-audit --no-fund
  fi
  use_pinned_node
}

# Puts the Node.js the project pins (the npm package `node`, installed by install_node_modules) first on PATH, so
# every process the scripts start runs on it whatever Node.js the machine has; npm scripts do the same by themselves.
use_pinned_node() {
  export PATH="$PWD/node_modules/.bin:$PATH"
  log "Node.js $(node --version) ($(command -v node))"
}

# Runs each named shell function at once, each line of its output prefixed with its name, and fails after all have
# ended if any failed. scripts/test.sh overlaps the PGlite suite (one WASM thread) with the suites that run on the
# PostgreSQL server, which leave a core idle while they wait on it.
run_side_by_side() {
  local pids=() name failed=0
  for name in "$@"; do
    (set -o pipefail; "$name" 2>&1 | sed -u "s/^/[$name] /") &
    pids+=($!)
  done
  for i in "${!pids[@]}"; do
    wait "${pids[$i]}" || { failed=1; log "failed: ${*:$((i + 1)):1}"; }
  done
  return $failed
}

# Lanes of scripts/test.sh: `lane NAME BUDGET_MINUTES command…` runs the command and records its wall time in
# $TEST_REPORTS/lanes.tsv; scripts/test-timings.ts prints them beside their budgets, with the slowest files of the
# vitest runs that wrote a JSON report there (vitest_report). Budgets are shown, never enforced: these machines are
# noisy.
lane() {
  local name=$1 budget=$2 started status=0
  shift 2
  started=$(date +%s)
  "$@" || status=$?
  printf '%s\t%s\t%s\t%s\n' "$name" "$budget" "$(($(date +%s) - started))" "$status" >>"$TEST_REPORTS/lanes.tsv"
  return $status
}

# `vitest_report NAME [REPORTER]`: vitest's reporter options, REPORTER (default: default) on the console and, when
# TEST_REPORTS is set, the JSON report in $TEST_REPORTS/NAME.json.
vitest_report() {
  printf -- '--reporter=%s' "${2:-default}"
  [ -z "${TEST_REPORTS:-}" ] || printf -- ' --reporter=json --outputFile.json=%s/%s.json' "$TEST_REPORTS" "$1"
}
