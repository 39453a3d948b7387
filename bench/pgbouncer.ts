// What PgBouncer in transaction mode costs and saves (docs/operations.md, "PostgreSQL with a pooler"). The production
// build on PostgreSQL and Redis, three ways in turn on the same data: connected directly with prepared statements (the
// default), directly without them, and through PgBouncer without them (DATABASE_PREPARED_STATEMENTS=false, which
// PgBouncer 1.18 requires). Each answers the member list and clock-in/clock-out pairs under autocannon. Then the
// server connections PostgreSQL holds for four instances' pools of 10, directly and through one PgBouncer pool.
// Needs DATABASE_URL (the server), DATABASE_URL_POOLED (PgBouncer in front of it, scripts/test-services.sh) and REDIS_URL.
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { createPostgresDatabase } from "@/lib/platform/db/postgres";
import { clockEveryoneOut, clockPairRequests, jsonApi, setUpClub, signedInEmployee } from "./club-api";
import { type Figure, writeResults } from "./results-file";
import { seedMembers, seedPlansAndSubscriptions, vacuumAnalyze } from "./seed-data";
import { prepareDatabase, startAppServer, stopProcess, waitUntilAnswering } from "./servers";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 15);
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 5);
const INSTANCES = 4;
const POOL_MAX = 10;
const MEMBERS_ROUTE = "/api/members?pageSize=20";

const direct = process.env.DATABASE_URL;
const pooled = process.env.DATABASE_URL_POOLED;
if (!direct || !pooled || !process.env.REDIS_URL) {
  throw new Error("DATABASE_URL, DATABASE_URL_POOLED (PgBouncer in front of it) and REDIS_URL are required");
}
// Every server signs with the same secret, so the tokens taken from the first stay valid on the others.
process.env.AUTH_SECRET = randomBytes(48).toString("base64url");

const variants: { name: string; env: Record<string, string> }[] = [
  { name: "direct, prepared statements", env: { DATABASE_URL: direct, DATABASE_PREPARED_STATEMENTS: "true" } },
  { name: "direct, unprepared", env: { DATABASE_URL: direct, DATABASE_PREPARED_STATEMENTS: "false" } },
  {
    name: "PgBouncer transaction mode, unprepared",
    env: { DATABASE_URL: pooled, DATABASE_MIGRATION_URL: direct, DATABASE_PREPARED_STATEMENTS: "false" },
  },
];

/**
 * Warm-up, then the measured run, each with options of its own (a clock-in pass keeps its employee in the requests'
 * state); `settle` runs after each, as a run's end cuts passes off half-way.
 */
async function load(options: () => autocannon.Options, settle: () => Promise<void> = async () => {}) {
  await autocannon({ ...options(), duration: WARM_UP_SECONDS });
  await settle();
  const measured = await autocannon({ ...options(), duration: DURATION_SECONDS });
  await settle();
  return measured;
}

const rate = (result: autocannon.Result) => Math.round(result["2xx"] / DURATION_SECONDS);

/**
 * Server connections PostgreSQL runs statements on while `INSTANCES` pools of `POOL_MAX` are all busy: each pool runs
 * POOL_MAX one-second statements at once, and the active backends are counted half-way through (PgBouncer's idle server
 * connections from the runs above are not counted).
 */
async function busyServerConnections(url: string, migrationUrl?: string): Promise<number> {
  const pools = Array.from({ length: INSTANCES }, () =>
    createPostgresDatabase({
      url,
      migrationUrl,
      poolMax: POOL_MAX,
      connectTimeoutSeconds: 10,
      statementTimeoutMs: 60_000,
      preparedStatements: false,
    }),
  );
  const observer = postgres(direct!, { max: 1, onnotice: () => {} });
  try {
    const busy = pools.flatMap((pool) =>
      Array.from({ length: POOL_MAX }, () => pool.rows(pool.db, sql`select pg_sleep(1)`)),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const [{ count }] = await observer<[{ count: number }]>`
      select count(*)::int as count from pg_stat_activity
      where backend_type = 'client backend' and state = 'active' and datname = current_database()
        and pid <> pg_backend_pid()`;
    await Promise.all(busy);
    return count;
  } finally {
    await Promise.all([...pools.map((pool) => pool.close()), observer.end()]);
  }
}

await prepareDatabase(direct, async (db) => {
  await seedMembers(db, MEMBERS);
  await seedPlansAndSubscriptions(db);
  await vacuumAnalyze(db, ["members", "subscriptions"]);
});

const figures: Figure[] = [];
const tokens: string[] = [];
let adminToken = "";
for (const variant of variants) {
  const { base, server } = await startAppServer("pgbouncer", variant.env);
  try {
    await waitUntilAnswering(`${base}/health/ready`);
    const api = jsonApi(base);
    if (!adminToken) {
      adminToken = (await setUpClub(api)).accessToken;
      for (let index = 0; index < CONNECTIONS; index += 1) tokens.push(await signedInEmployee(api, adminToken, index));
    }
    const members = await load(() => ({
      url: `${base}${MEMBERS_ROUTE}`,
      connections: CONNECTIONS,
      headers: { authorization: `Bearer ${adminToken}` },
    }));
    const clock = await load(
      () => ({
        url: base,
        connections: CONNECTIONS,
        headers: { "content-type": "application/json" },
        requests: clockPairRequests(tokens),
      }),
      () => clockEveryoneOut(api, tokens),
    );
    figures.push(
      { name: `GET ${MEMBERS_ROUTE}, ${variant.name}`, unit: "req/s", measured: rate(members) },
      { name: `GET ${MEMBERS_ROUTE} p99, ${variant.name}`, unit: "ms", measured: members.latency.p99 },
      { name: `clock-in + clock-out, ${variant.name}`, unit: "req/s", measured: rate(clock) },
      { name: `clock-in + clock-out p99, ${variant.name}`, unit: "ms", measured: clock.latency.p99 },
      {
        name: `non-2xx responses and errors, ${variant.name}`,
        unit: "count",
        measured: [members, clock].reduce((sum, run) => sum + run.non2xx + run.errors + run.timeouts, 0),
      },
    );
  } finally {
    await stopProcess(server);
  }
}

figures.push(
  {
    name: `server connections, ${INSTANCES} instances × pool ${POOL_MAX}, direct`,
    unit: "connections",
    measured: await busyServerConnections(direct),
  },
  {
    name: `server connections, ${INSTANCES} instances × pool ${POOL_MAX}, through PgBouncer (default_pool_size 20)`,
    unit: "connections",
    measured: await busyServerConnections(pooled, direct),
  },
);

writeResults("pgbouncer", figures, {
  members: MEMBERS,
  connections: CONNECTIONS,
  durationSeconds: DURATION_SECONDS,
  server: "next start (production build)",
  pooler: "PgBouncer 1.18, pool_mode=transaction, default_pool_size=20 (scripts/pgbouncer.ini)",
});
