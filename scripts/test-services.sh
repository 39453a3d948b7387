# Starts PostgreSQL 15 and Redis on loopback for the test run (sourced by scripts/test.sh).
# Exports DATABASE_URL_REAL and REDIS_URL_REAL (and DATABASE_URL_POOLED, PgBouncer in front of that PostgreSQL, when
# start_pgbouncer runs), and stops them on exit. PG_SETTINGS adds server settings
# ("-c name=value …"), as the benchmarks do.

PG_BIN=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}
SERVICES_DIR=$(mktemp -d /tmp/clubops-test-services.XXXXXX)
chmod 755 "$SERVICES_DIR"

as_postgres() {
  if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

stop_test_services() {
  [ -f "$SERVICES_DIR/pgbouncer/pgbouncer.pid" ] && kill "$(cat "$SERVICES_DIR/pgbouncer/pgbouncer.pid")" 2>/dev/null
  [ -n "${PG_DATA:-}" ] && as_postgres "$PG_BIN/pg_ctl" -D "$PG_DATA" -m immediate stop >/dev/null 2>&1
  [ -n "${REDIS_PID:-}" ] && kill "$REDIS_PID" 2>/dev/null
  rm -rf "$SERVICES_DIR"
}
trap stop_test_services EXIT

start_postgres() {
  PG_PORT=$(free_port)
  PG_DATA="$SERVICES_DIR/pg"
  mkdir -p "$PG_DATA"
  [ "$(id -u)" = "0" ] && chown postgres:postgres "$PG_DATA"
  as_postgres "$PG_BIN/initdb" -D "$PG_DATA" -U postgres --auth=trust -E UTF8 --no-sync >/dev/null
  as_postgres "$PG_BIN/pg_ctl" -D "$PG_DATA" -l "$PG_DATA/server.log" -w -o \
    "-p $PG_PORT -k $PG_DATA -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c max_connections=200 ${PG_SETTINGS:-}" start >/dev/null
  export DATABASE_URL_REAL="postgres://postgres@127.0.0.1:$PG_PORT/postgres"
  log "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PG_PORT"
}

start_redis() {
  REDIS_PORT=$(free_port)
  redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save '' --appendonly no --databases 4096 --daemonize no >"$SERVICES_DIR/redis.log" 2>&1 &
  REDIS_PID=$!
  for _ in $(seq 1 50); do
    redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && break
    sleep 0.1
  done
  export REDIS_URL_REAL="redis://127.0.0.1:$REDIS_PORT"
  log "Redis $(redis-server --version | awk '{print $3}') on 127.0.0.1:$REDIS_PORT"
}

# PgBouncer 1.18 (Debian) in transaction mode in front of start_postgres's server, configured by scripts/pgbouncer.ini.
# It refuses to run as root, so it runs as the postgres user, like the server.
start_pgbouncer() {
  local dir="$SERVICES_DIR/pgbouncer" port
  port=$(free_port)
  mkdir -p "$dir"
  echo '"postgres" ""' >"$dir/users.txt"
  sed -e "s|@DIR@|$dir|g" -e "s|@PORT@|$port|g" -e "s|@PG_PORT@|$PG_PORT|g" scripts/pgbouncer.ini >"$dir/pgbouncer.ini"
  [ "$(id -u)" = "0" ] && chown -R postgres:postgres "$dir"
  as_postgres pgbouncer -d -q "$dir/pgbouncer.ini"
  for _ in $(seq 1 50); do
    "$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$port" -U postgres && break
    sleep 0.1
  done
  export DATABASE_URL_POOLED="postgres://postgres@127.0.0.1:$port/postgres"
  log "PgBouncer $(pgbouncer --version | awk 'NR==1 {print $2}') (transaction pooling) on 127.0.0.1:$port"
}
