# Shared helpers for the project's shell scripts.

log() { printf '\n\033[1;34m==> %s\033[0m\n' "$*"; }

# Prints a TCP port nobody listens on.
free_port() {
  node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
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
}
