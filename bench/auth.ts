// Authentication costs: logins per second (PBKDF2-SHA512, 210,000 iterations, by design the expensive part) and the
// latency an authenticated request adds (JWT check, deny-list lookup, one query for the user's roles and permissions),
// through the real route handlers on the configured database and cache (PostgreSQL and Redis under `npm run bench`).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "clubops-bench-auth-"));
process.env.LOG_LEVEL = "silent";
process.env.EMBEDDED_SCHEDULER = "false";

const { POST: login } = await import("@/app/api/auth/login/route");
const { GET: me } = await import("@/app/api/auth/me/route");
const { platform, stopPlatform } = await import("@/lib/platform/container");
const { call } = await import("@/tests/support/api");
const { completeSetup, SUPER_ADMIN } = await import("@/tests/support/accounts");
const { resetDatabase } = await import("@/tests/support/reset-database");
const { writeResults } = await import("./results-file");

const LOGINS = 40;
const REQUESTS = 2_000;
const CONCURRENCY = 8;

/** Runs `total` calls of `work`, `concurrency` at a time; returns the wall time and each call's latency (ms). */
async function measure(total: number, concurrency: number, work: () => Promise<void>) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const begun = performance.now();
        await work();
        latencies.push(performance.now() - begun);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const percentile = (p: number) =>
    Number((latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0).toFixed(1));
  return { seconds: (performance.now() - started) / 1000, p50: percentile(0.5), p95: percentile(0.95) };
}

const running = await platform();
try {
  await resetDatabase(running.database);
  const token = await completeSetup();

  const logins = await measure(LOGINS, 4, async () => {
    const reply = await call(login, {
      path: "/api/auth/login",
      body: { email: SUPER_ADMIN.email, password: SUPER_ADMIN.password },
    });
    if (reply.status !== 200) throw new Error(`login answered ${reply.status}`);
  });
  const requests = await measure(REQUESTS, CONCURRENCY, async () => {
    const reply = await call(me, { path: "/api/auth/me", token });
    if (reply.status !== 200) throw new Error(`me answered ${reply.status}`);
  });

  writeResults(
    "auth",
    [
      {
        name: "logins per second (PBKDF2-SHA512 210k, 4 in parallel)",
        unit: "logins/s",
        measured: Math.round(LOGINS / logins.seconds),
      },
      { name: "login latency p95", unit: "ms", measured: logins.p95 },
      {
        name: "GET /api/auth/me throughput (8 in parallel)",
        unit: "req/s",
        measured: Math.round(REQUESTS / requests.seconds),
      },
      { name: "GET /api/auth/me latency p95", unit: "ms", measured: requests.p95, target: { op: "<", value: 25 } },
    ],
    { logins: LOGINS, requests: REQUESTS, database: running.database.kind, cache: running.cache.kind },
  );
} finally {
  await stopPlatform();
}
