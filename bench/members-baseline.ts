// Authenticated `GET /api/members?pageSize=20` at 64 connections (autocannon) on 1,000,000 members, PostgreSQL and
// Redis: the production build (`next start`) against a baseline plain `node:http` server with postgres.js running the
// same statements after the same authentication (bench/baseline-server.ts). The two servers run one after the other
// on the same data, with the same token, each warmed up first, so they never compete for the cores.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import { SETUP_CODE_HEADERS } from "@/tests/support/setup-code";
import { writeResults } from "./results-file";
import { seedMembers, seedPlansAndSubscriptions, vacuumAnalyze } from "./seed-data";
import { freePort, prepareDatabase, startAppServer, stopProcess, waitUntilAnswering } from "./servers";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1_000_000);
const CONNECTIONS = 64;
const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 20);
const WARM_UP_SECONDS = 5;
const PASSWORD = "Ledger-Harbour-Passage-9";
const ROUTE = "/api/members?pageSize=20";

const url = process.env.DATABASE_URL;
if (!url || !process.env.REDIS_URL) throw new Error("DATABASE_URL and REDIS_URL (PostgreSQL and Redis) are required");
process.env.AUTH_SECRET = randomBytes(48).toString("base64url");

/** Warm-up, then the measured run; answers autocannon's result of the measured run. */
async function load(base: string, token: string) {
  const options = { url: `${base}${ROUTE}`, connections: CONNECTIONS, headers: { authorization: `Bearer ${token}` } };
  await autocannon({ ...options, duration: WARM_UP_SECONDS });
  return autocannon({ ...options, duration: DURATION_SECONDS });
}

async function firstPageIds(base: string, token: string): Promise<string[]> {
  const response = await fetch(`${base}${ROUTE}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${base}${ROUTE}: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { items: { id: string }[]; totalCount: number };
  return [String(body.totalCount), ...body.items.map((item) => item.id)];
}

let loadSeconds = 0;
await prepareDatabase(url, async (db) => {
  const loading = performance.now();
  await seedMembers(db, MEMBERS);
  await seedPlansAndSubscriptions(db);
  await vacuumAnalyze(db, ["members", "subscriptions"]);
  loadSeconds = Math.round((performance.now() - loading) / 1000);
});

const { base: appBase, server: app } = await startAppServer("members-baseline");
const baselineBase = `http://127.0.0.1:${await freePort()}`;
let baseline: ChildProcess | undefined;

try {
  await waitUntilAnswering(`${appBase}/health/ready`);
  const post = async <T>(route: string, body: unknown): Promise<T> => {
    const response = await fetch(`${appBase}${route}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...SETUP_CODE_HEADERS },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`POST ${route}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  await post("/api/setup/platform", { platformName: "Bench Club" });
  const { accessToken: token } = await post<{ accessToken: string }>("/api/setup/superadmin", {
    email: "owner@bench.example",
    username: "owner",
    password: PASSWORD,
    firstName: "Bench",
    lastName: "Owner",
  });

  const appPage = await firstPageIds(appBase, token);
  const appCeiling = await autocannon({ url: `${appBase}/health/live`, connections: CONNECTIONS, duration: 10 });
  const appRun = await load(appBase, token);
  await stopProcess(app);

  baseline = spawn("node_modules/.bin/tsx", ["bench/baseline-server.ts"], {
    env: { ...process.env, PORT: new URL(baselineBase).port },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitUntilAnswering(`${baselineBase}/health/live`);
  const baselinePage = await firstPageIds(baselineBase, token);
  if (JSON.stringify(baselinePage) !== JSON.stringify(appPage))
    throw new Error("the baseline answers a different first page from the application");
  const baselineRun = await load(baselineBase, token);

  const rate = (run: autocannon.Result) => Math.round(run["2xx"] / DURATION_SECONDS);
  const failures = (run: autocannon.Result) => run.non2xx + run.errors + run.timeouts;
  writeResults(
    "members-baseline",
    [
      {
        name: "GET /api/members?pageSize=20, next start, throughput (64 connections)",
        unit: "req/s",
        measured: rate(appRun),
      },
      { name: "GET /api/members?pageSize=20, next start, latency p50", unit: "ms", measured: appRun.latency.p50 },
      {
        name: "GET /api/members?pageSize=20, next start, latency p99",
        unit: "ms",
        measured: appRun.latency.p99,
        target: { op: "<", value: 50 },
      },
      {
        name: "baseline (node:http + postgres.js, same query and auth), throughput",
        unit: "req/s",
        measured: rate(baselineRun),
      },
      { name: "baseline latency p50", unit: "ms", measured: baselineRun.latency.p50 },
      { name: "baseline latency p99", unit: "ms", measured: baselineRun.latency.p99 },
      {
        name: "next start throughput / baseline throughput",
        unit: "×",
        measured: Number((rate(appRun) / rate(baselineRun)).toFixed(2)),
        target: { op: ">=", value: 0.5 },
      },
      {
        name: "GET /health/live on next start (no I/O: the HTTP ceiling)",
        unit: "req/s",
        measured: Math.round(appCeiling.requests.average),
      },
      {
        name: "non-2xx responses and errors (both servers)",
        unit: "count",
        measured: failures(appRun) + failures(baselineRun),
      },
    ],
    {
      members: MEMBERS,
      connections: CONNECTIONS,
      durationSeconds: DURATION_SECONDS,
      warmUpSeconds: WARM_UP_SECONDS,
      loadSeconds,
      server: "next start (production build) vs node:http + postgres.js",
      database: "postgres",
      cache: "redis",
    },
  );
} finally {
  await stopProcess(app);
  if (baseline) await stopProcess(baseline);
}
