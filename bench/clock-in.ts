// Clock-in throughput over HTTP: the production build (`next start`) on PostgreSQL and Redis, 64 employees each on
// its own keep-alive connection alternating POST /api/users/me/clock-in and clock-out (autocannon). Every request
// authenticates the JWT (deny-list lookup in Redis, roles and permissions from PostgreSQL), resolves the employee and
// writes the event and its audit row in one transaction.
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { benchClient, clockInOutRequests } from "./app-client";
import { writeResults } from "./results-file";
import { prepareDatabase, startAppServer, stopProcess, waitUntilAnswering } from "./servers";

const CONNECTIONS = 64;
const DURATION_SECONDS = 20;

// The server and this process share the signing secret, so the same tokens work over HTTP and in-process.
process.env.AUTH_SECRET = randomBytes(48).toString("base64url");
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "clubops-bench-clock-inprocess-"));
process.env.LOG_LEVEL = "silent";
process.env.EMBEDDED_SCHEDULER = "false";

/**
 * The same requests through the route handlers in this process, without the HTTP server: what the application code
 * costs on its own, to tell it apart from Next.js's per-request work.
 */
async function inProcessRate(tokens: string[], seconds: number): Promise<number> {
  const { POST: clockIn } = await import("@/app/api/users/me/clock-in/route");
  const { POST: clockOut } = await import("@/app/api/users/me/clock-out/route");
  const { call } = await import("@/tests/support/api");
  const body = { source: "BiometricTerminal" };
  const deadline = performance.now() + seconds * 1000;
  let succeeded = 0;
  await Promise.all(
    tokens.map(async (token) => {
      while (performance.now() < deadline) {
        for (const [handler, path] of [
          [clockIn, "/api/users/me/clock-in"],
          [clockOut, "/api/users/me/clock-out"],
        ] as const) {
          const reply = await call(handler, { path, token, body });
          if (reply.status === 201) succeeded += 1;
        }
      }
    }),
  );
  return succeeded / seconds;
}

const url = process.env.DATABASE_URL;
if (!url || !process.env.REDIS_URL) throw new Error("DATABASE_URL and REDIS_URL (PostgreSQL and Redis) are required");
await prepareDatabase(url);

const { base, server } = await startAppServer("clock");

try {
  await waitUntilAnswering(`${base}/health/ready`);
  const client = benchClient(base);
  const adminToken = await client.setUp();
  const tokens: string[] = [];
  for (let index = 0; index < CONNECTIONS; index += 1) tokens.push(await client.employee(adminToken, index));

  // The same server answering a route that does no I/O at all: the ceiling Next.js itself sets on this machine.
  const ceiling = await autocannon({ url: `${base}/health/live`, connections: CONNECTIONS, duration: 10 });
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    headers: { "content-type": "application/json" },
    requests: clockInOutRequests(tokens),
  });
  const succeeded = result["2xx"];
  const requestsPerSecond = succeeded / DURATION_SECONDS;
  await stopProcess(server);
  const inProcess = await inProcessRate(tokens, DURATION_SECONDS);
  writeResults(
    "clock-in",
    [
      {
        name: "clock-in + clock-out requests per second over HTTP (64 connections)",
        unit: "req/s",
        measured: Math.round(requestsPerSecond),
      },
      {
        name: "clock-ins per second (each with its clock-out)",
        unit: "clock-ins/s",
        measured: Math.round(requestsPerSecond / 2),
        target: { op: ">=", value: 1000 },
      },
      { name: "clock request latency p50", unit: "ms", measured: result.latency.p50 },
      { name: "clock request latency p99", unit: "ms", measured: result.latency.p99 },
      {
        name: "non-2xx responses and errors",
        unit: "count",
        measured: result.non2xx + result.errors + result.timeouts,
      },
      {
        name: "same requests through the route handlers in-process (no HTTP server)",
        unit: "req/s",
        measured: Math.round(inProcess),
      },
      {
        name: "GET /health/live on the same server (no I/O: the HTTP ceiling)",
        unit: "req/s",
        measured: Math.round(ceiling.requests.average),
      },
    ],
    {
      connections: CONNECTIONS,
      durationSeconds: DURATION_SECONDS,
      server: "next start (production build)",
      database: "postgres",
      cache: "redis",
      // Which statuses the non-2xx were, and how many requests the end of the run cut off (errors).
      statuses: Object.entries(result.statusCodeStats ?? {})
        .map(([status, { count }]) => `${status}×${count ?? 0}`)
        .join(" "),
      errors: result.errors,
      timeouts: result.timeouts,
    },
  );
} finally {
  await stopProcess(server);
  const { stopPlatform } = await import("@/lib/platform/container");
  await stopPlatform();
}
