// Scale-out: the members list (first page) and clock-in/clock-out pairs at 64 connections (autocannon) through haproxy
// in front of 1, 2 and 4 production instances, each set of instances on a database of its own with the same data
// (tests/operations/cluster.ts: shared PostgreSQL, Redis, S3, SMTP sink, renderer, analytics, the embedded scheduler
// on, as in production). Every instance and the load generator share this machine's cores, so the ratio to one
// instance is bounded by the cores, not by the app (docs/performance.md).
// Needs DATABASE_URL_REAL and REDIS_URL_REAL (scripts/bench.sh starts them) and a production build.
import os from "node:os";
import autocannon from "autocannon";
import { createPostgresDatabase } from "@/lib/platform/db/postgres";
import type { Cluster } from "@/tests/operations/cluster";
import { startCluster } from "@/tests/operations/cluster";
import { clockPairRequests, jsonApi, setUpClub, signedInEmployee } from "./club-api";
import { type Figure, writeResults } from "./results-file";
import { seedMembers, vacuumAnalyze } from "./seed-data";

const SIZES = (process.env.BENCH_SCALE_OUT_SIZES ?? "1,2,4").split(",").map(Number);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 15);
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 5);
const MEMBERS_ROUTE = "/api/members?pageSize=20";

type Measured = { requestsPerSecond: number; p50: number; p99: number; failed: number };

/**
 * A warm-up run, then the measured run, each with its own options (`run` 0 and 1): 2xx answers per second, latency
 * percentiles, and what did not answer 2xx.
 */
async function measure(options: (run: 0 | 1) => autocannon.Options): Promise<Measured> {
  await autocannon({ ...options(0), connections: CONNECTIONS, duration: WARM_UP_SECONDS });
  const result = await autocannon({ ...options(1), connections: CONNECTIONS, duration: DURATION_SECONDS });
  return {
    requestsPerSecond: Math.round(result["2xx"] / DURATION_SECONDS),
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

/**
 * The same club on every cluster: members straight into its database, and two sets of employees signed in over HTTP,
 * one per connection each: the warm-up ends with clock-ins whose clock-out was never sent, so the measured run clocks
 * other employees.
 */
async function preparedClub(cluster: Cluster): Promise<{ adminToken: string; employeeTokens: [string[], string[]] }> {
  const api = jsonApi(cluster.base);
  const admin = await setUpClub(api);
  const database = createPostgresDatabase({
    url: cluster.databaseUrl,
    poolMax: 2,
    connectTimeoutSeconds: 10,
    statementTimeoutMs: 900_000,
  });
  try {
    await seedMembers(database.db, MEMBERS);
    await vacuumAnalyze(database.db, ["members"]);
  } finally {
    await database.close();
  }
  const tokens: string[] = [];
  for (let index = 0; index < 2 * CONNECTIONS; index += 1)
    tokens.push(await signedInEmployee(api, admin.accessToken, index));
  return { adminToken: admin.accessToken, employeeTokens: [tokens.slice(0, CONNECTIONS), tokens.slice(CONNECTIONS)] };
}

const runs: { size: number; members: Measured; clock: Measured }[] = [];
for (const size of SIZES) {
  const cluster = await startCluster({
    size,
    env: { RATE_LIMIT_AUTH_PER_MINUTE: "100000", RATE_LIMIT_SETUP_PER_MINUTE: "100000" },
  });
  try {
    const { adminToken, employeeTokens } = await preparedClub(cluster);
    const members = await measure(() => ({
      url: `${cluster.base}${MEMBERS_ROUTE}`,
      headers: { authorization: `Bearer ${adminToken}` },
    }));
    const clock = await measure((run) => ({
      url: cluster.base,
      headers: { "content-type": "application/json" },
      requests: clockPairRequests(employeeTokens[run]),
    }));
    runs.push({ size, members, clock });
    console.log(
      `scale-out: ${size} instance(s): members ${members.requestsPerSecond} req/s, clock ${clock.requestsPerSecond} req/s`,
    );
  } finally {
    await cluster.stop();
  }
}

const single = runs.find((run) => run.size === 1);
const figures: Figure[] = runs.flatMap(({ size, members, clock }) =>
  (
    [
      ["GET /api/members first page", members, single?.members],
      ["clock-in + clock-out requests", clock, single?.clock],
    ] as const
  ).flatMap(([what, measured, one]) => [
    { name: `${what}, ${size} instance(s), per second`, unit: "req/s", measured: measured.requestsPerSecond },
    { name: `${what}, ${size} instance(s), latency p50`, unit: "ms", measured: measured.p50 },
    { name: `${what}, ${size} instance(s), latency p99`, unit: "ms", measured: measured.p99 },
    {
      name: `${what}, ${size} instance(s), throughput ÷ 1 instance`,
      unit: "ratio",
      measured: one ? Math.round((measured.requestsPerSecond / one.requestsPerSecond) * 100) / 100 : Number.NaN,
    },
    { name: `${what}, ${size} instance(s), non-2xx and errors`, unit: "count", measured: measured.failed },
  ]),
);
writeResults("scale-out", figures, {
  cpus: os.cpus().length,
  instances: SIZES.join(", "),
  balancer: "haproxy (roundrobin, tests/operations/haproxy.ts)",
  members: MEMBERS,
  connections: CONNECTIONS,
  durationSeconds: DURATION_SECONDS,
  warmUpSeconds: WARM_UP_SECONDS,
});
