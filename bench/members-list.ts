// GET /api/members with 1,000,000 members on the database DATABASE_URL names (the real PostgreSQL under
// `npm run bench`): p95 latency of the first page, a page in the middle (OFFSET 499,980), searches, a status
// filter and the reverse name order, through the real route handler, one request at a time.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "clubops-bench-members-"));
process.env.LOG_LEVEL = "silent";
process.env.EMBEDDED_SCHEDULER = "false";
// Loading a million members is one statement, far longer than a request may take.
process.env.DATABASE_STATEMENT_TIMEOUT_MS = "900000";

const { GET: listMembers } = await import("@/app/api/members/route");
const { platform, stopPlatform } = await import("@/lib/platform/container");
const { call } = await import("@/tests/support/api");
const { completeSetup } = await import("@/tests/support/accounts");
const { resetDatabase } = await import("@/tests/support/reset-database");
const { writeResults } = await import("./results-file");
const { seedMembers, seedPlansAndSubscriptions, vacuumAnalyze } = await import("./seed-data");

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1_000_000);
const CALLS = 30;
const WARM_UP = 3;

const running = await platform();
const { db } = running.database;

/** Runs one request `CALLS` times after a warm-up; the p95 of their latencies in ms. */
async function p95(query: string, token: string): Promise<number> {
  const latencies: number[] = [];
  for (let i = 0; i < WARM_UP + CALLS; i += 1) {
    const begun = performance.now();
    const reply = await call(listMembers, { path: `/api/members?${query}`, token });
    if (reply.status !== 200) throw new Error(`${query} answered ${reply.status}: ${JSON.stringify(reply.body)}`);
    if (i >= WARM_UP) latencies.push(performance.now() - begun);
  }
  latencies.sort((a, b) => a - b);
  return Number((latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.95))] ?? 0).toFixed(1));
}

try {
  await resetDatabase(running.database);
  const token = await completeSetup();

  const loading = performance.now();
  await seedMembers(db, MEMBERS);
  await seedPlansAndSubscriptions(db);
  await vacuumAnalyze(db, ["members", "subscriptions"]);
  const loadSeconds = Math.round((performance.now() - loading) / 1000);

  const middle = Math.floor(MEMBERS / 20 / 2);
  const figures = [
    { name: "first page (lastName, 20 rows)", query: "" },
    { name: `middle page (pageNumber=${middle}, OFFSET ${(middle - 1) * 20})`, query: `pageNumber=${middle}` },
    { name: 'search "marta navarro" (first name and surname, ~0.1% match)', query: "search=marta%20navarro" },
    { name: 'search "garcía" (one common surname, ~5% match)', query: "search=garc%C3%ADa" },
    { name: "sort by lastName desc, first page", query: "orderBy=lastName&orderDirection=desc" },
    { name: "status=suspended, first page", query: "status=suspended" },
  ];
  const measured = [];
  for (const figure of figures) {
    const measuredMs = await p95(figure.query, token);
    measured.push({
      name: `GET /api/members ${figure.name} p95`,
      unit: "ms",
      measured: measuredMs,
      target: { op: "<" as const, value: 100 },
    });
  }
  writeResults("members-list", measured, {
    members: MEMBERS,
    callsEach: CALLS,
    loadSeconds,
    database: running.database.kind,
  });
} finally {
  await stopPlatform();
}
