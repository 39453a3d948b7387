// Clock-in throughput over HTTP: the production build (`next start`) on PostgreSQL and Redis, 64 employees each on
// its own keep-alive connection alternating POST /api/users/me/clock-in and clock-out (autocannon). Every request
// authenticates the JWT (deny-list lookup in Redis, roles and permissions from PostgreSQL), resolves the employee and
// writes the event and its audit row in one transaction.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { writeResults } from "./results-file";

const CONNECTIONS = 64;
const DURATION_SECONDS = 20;
const PASSWORD = "Bench-Clock-Passw0rd";

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

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
        for (const [handler, path] of [[clockIn, "/api/users/me/clock-in"], [clockOut, "/api/users/me/clock-out"]] as const) {
          const reply = await call(handler, { path, token, body });
          if (reply.status === 201) succeeded += 1;
        }
      }
    }),
  );
  return succeeded / seconds;
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn("bash", ["scripts/start.sh", "-p", String(port), "-H", "127.0.0.1"], {
  env: {
    ...process.env,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "clubops-bench-clock-")),
    LOG_LEVEL: "warn",
    EMBEDDED_SCHEDULER: "false",
    RATE_LIMIT_AUTH_PER_MINUTE: "100000",
    RATE_LIMIT_SETUP_PER_MINUTE: "100000",
  },
  stdio: ["ignore", "ignore", "inherit"],
});

async function api<T>(method: string, route: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A signed-in employee: created by the admin, temporary password replaced, linked to an employee record. */
async function employee(adminToken: string, index: number): Promise<string> {
  const email = `clock${index}@bench.example`;
  const user = await api<{ id: string }>("POST", "/api/users", {
    email,
    username: `clock${index}`,
    firstName: "Clock",
    lastName: `Bench ${index}`,
    password: `${PASSWORD}-tmp`,
    roles: ["Employee"],
  }, adminToken);
  await api("POST", "/api/employees", { userId: user.id }, adminToken);
  const temporary = await api<{ accessToken: string }>("POST", "/api/auth/login", { email, password: `${PASSWORD}-tmp` });
  const changed = await api<{ accessToken: string }>("POST", "/api/auth/change-password", { currentPassword: `${PASSWORD}-tmp`, newPassword: PASSWORD }, temporary.accessToken);
  return changed.accessToken;
}

try {
  for (const started = Date.now(); ; ) {
    if (await fetch(`${base}/health/ready`).then((r) => r.ok, () => false)) break;
    if (Date.now() - started > 120_000) throw new Error("server not ready after 120 s");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await api("POST", "/api/setup/platform", { platformName: "Bench Club" });
  const admin = await api<{ accessToken: string }>("POST", "/api/setup/superadmin", {
    email: "owner@bench.example",
    username: "owner",
    password: PASSWORD,
    firstName: "Bench",
    lastName: "Owner",
  });
  const tokens: string[] = [];
  for (let index = 0; index < CONNECTIONS; index += 1) tokens.push(await employee(admin.accessToken, index));

  // The same server answering a route that does no I/O at all: the ceiling Next.js itself sets on this machine.
  const ceiling = await autocannon({ url: `${base}/health/live`, connections: CONNECTIONS, duration: 10 });
  const body = JSON.stringify({ source: "BiometricTerminal" });
  let connectionsSeen = 0;
  // autocannon's context lives as long as one connection: each connection takes one employee's token and its
  // in/out requests alternate for that employee.
  const signed = (request: autocannon.Request, context: object) => {
    const connection = context as { token?: string };
    connection.token ??= tokens[connectionsSeen++ % tokens.length];
    return { ...request, headers: { ...request.headers, authorization: `Bearer ${connection.token}` } };
  };
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    headers: { "content-type": "application/json" },
    requests: [
      { method: "POST", path: "/api/users/me/clock-in", body, setupRequest: signed },
      { method: "POST", path: "/api/users/me/clock-out", body, setupRequest: signed },
    ],
  });
  const succeeded = result["2xx"];
  const requestsPerSecond = succeeded / DURATION_SECONDS;
  server.kill("SIGTERM");
  const inProcess = await inProcessRate(tokens, DURATION_SECONDS);
  writeResults(
    "clock-in",
    [
      { name: "clock-in + clock-out requests per second over HTTP (64 connections)", unit: "req/s", measured: Math.round(requestsPerSecond) },
      { name: "clock-ins per second (each with its clock-out)", unit: "clock-ins/s", measured: Math.round(requestsPerSecond / 2), target: { op: ">=", value: 1000 } },
      { name: "clock request latency p50", unit: "ms", measured: result.latency.p50 },
      { name: "clock request latency p99", unit: "ms", measured: result.latency.p99 },
      { name: "non-2xx responses and errors", unit: "count", measured: result.non2xx + result.errors + result.timeouts },
      { name: "same requests through the route handlers in-process (no HTTP server)", unit: "req/s", measured: Math.round(inProcess) },
      { name: "GET /health/live on the same server (no I/O: the HTTP ceiling)", unit: "req/s", measured: Math.round(ceiling.requests.average) },
    ],
    {
      connections: CONNECTIONS,
      durationSeconds: DURATION_SECONDS,
      server: "next start (production build)",
      database: "postgres",
      cache: "redis",
      // Which statuses the non-2xx were, and how many requests the end of the run cut off (errors).
      statuses: Object.entries(result.statusCodeStats ?? {}).map(([status, { count }]) => `${status}×${count ?? 0}`).join(" "),
      errors: result.errors,
      timeouts: result.timeouts,
    },
  );
} finally {
  server.kill("SIGTERM");
  const { stopPlatform } = await import("@/lib/platform/container");
  await stopPlatform();
}
