// Starts the production build with a fresh data directory (Playwright's webServer, e2e/own-server.ts). On embedded
// defaults, or, when E2E_DATABASE_URL names a PostgreSQL server (scripts/test.sh: the one it started on loopback), on a
// fresh database of its own there: PGlite runs every query on the server's own thread, so a page waits behind the
// scheduled jobs and the other requests, and a dozen such servers on two cores took the browser tests past their
// waits (docs/performance.md). The embedded database stays proven by the embedded lane and the setup wizard's spec.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";

const port = process.argv[2] ?? "3210";
// E2E_KEEP names a directory whose data and database outlive this process, for a server started again on them
// (e2e/billing-journey.spec.ts, after moving its calendar); else both are thrown away at exit.
const kept = process.env.E2E_KEEP;
const dataDir = kept ? path.join(kept, "data") : mkdtempSync(path.join(tmpdir(), "clubops-e2e-"));
if (kept) mkdirSync(dataDir, { recursive: true });
// The flows sign in many times from one address, so the auth limit is raised unless the caller sets it
// (e2e/client-address.spec.ts starts a server of its own with the default to attack it).
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  APP_URL: `http://127.0.0.1:${port}`,
  RATE_LIMIT_AUTH_PER_MINUTE: process.env.RATE_LIMIT_AUTH_PER_MINUTE ?? "500",
};
for (const name of ["DATABASE_URL", "REDIS_URL", "S3_ENDPOINT", "CLICKHOUSE_URL", "EMAIL_RENDERER_URL", "SMTP_URL"]) {
  delete env[name];
}
// Playwright's mailbox (scripts/e2e-mailbox.ts), so specs can follow emailed links.
if (process.env.E2E_SMTP_URL) env.SMTP_URL = process.env.E2E_SMTP_URL;

/** Runs `statement` on the PostgreSQL server at `url`'s maintenance database. */
async function onServer(url, statement) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(statement);
  } finally {
    await sql.end();
  }
}

const serverUrl = process.env.E2E_DATABASE_URL;
const database = `clubops_e2e_${kept ? path.basename(kept).replace(/\W/g, "_").toLowerCase() : port}`;
if (serverUrl) {
  if (kept) await onServer(serverUrl, `create database ${database}`).catch(() => {});
  else {
    await onServer(serverUrl, `drop database if exists ${database} with (force)`);
    await onServer(serverUrl, `create database ${database}`);
  }
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  env.DATABASE_URL = url.toString();
}

const server = spawn("bash", ["scripts/start.sh", "-p", port, "-H", "127.0.0.1"], { env, stdio: "inherit" });
const stop = () => server.kill("SIGTERM");
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
server.on("exit", async (code) => {
  if (!kept) {
    rmSync(dataDir, { recursive: true, force: true });
    if (serverUrl) await onServer(serverUrl, `drop database if exists ${database} with (force)`).catch(() => {});
  }
  process.exit(code ?? 0);
});
