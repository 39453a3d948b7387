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

const { sql } = await import("drizzle-orm");
const { GET: listMembers } = await import("@/app/api/members/route");
const { platform, stopPlatform } = await import("@/lib/platform/container");
const { call } = await import("@/tests/support/api");
const { completeSetup } = await import("@/tests/support/accounts");
const { resetDatabase } = await import("@/tests/support/reset-database");
const { writeResults } = await import("./results-file");

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1_000_000);
const CALLS = 30;
const WARM_UP = 3;

const FIRST_NAMES = [
  "Ana", "Luis", "Marta", "Jorge", "Lucía", "Pablo", "Elena", "Sergio", "Carmen", "David", "Laura", "Javier", "Sara",
  "Diego", "Paula", "Carlos", "María", "Antonio", "Isabel", "Manuel",
];
const LAST_NAMES = [
  "García", "Fernández", "González", "Rodríguez", "López", "Martínez", "Sánchez", "Pérez", "Gómez", "Martín",
  "Jiménez", "Ruiz", "Hernández", "Díaz", "Moreno", "Muñoz", "Álvarez", "Romero", "Alonso", "Gutiérrez", "Navarro",
  "Torres", "Domínguez", "Vázquez", "Ramos", "Gil", "Ramírez", "Serrano", "Blanco", "Molina", "Morales", "Suárez",
  "Ortega", "Delgado", "Castro", "Ortiz", "Rubio", "Marín", "Sanz", "Núñez",
];

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
  // 20 first names, two surnames each (Spanish style, 1,600 pairs); 70% active, the rest spread over the other statuses.
  await db.execute(sql`
    with names as (select string_to_array(${FIRST_NAMES.join(",")}, ',') as first, string_to_array(${LAST_NAMES.join(",")}, ',') as last)
    insert into members (first_name, last_name, email, phone, birth_date, status, joined_on, created_at)
    select names.first[1 + (n * 7) % 20], names.last[1 + (n * 13) % 40] || ' ' || names.last[1 + (n / 40) % 40],
      'member' || n || '@bench.example',
      '+34 6' || lpad(((n::bigint * 7919) % 100000000)::text, 8, '0'),
      date '1950-01-01' + (n * 37 % 20000),
      (array['active', 'active', 'active', 'active', 'active', 'active', 'active', 'inactive', 'suspended', 'expired'])[1 + n % 10]::member_status,
      date '2016-01-01' + (n * 13 % 3650),
      timestamptz '2016-01-01' + n * interval '5 minutes'
    from generate_series(1, ${MEMBERS}) as n, names`);
  // Half the active members have a subscription in force, on one of three plans.
  await db.execute(sql`
    insert into plans (name, code, monthly_price, quarterly_price, annual_price)
    values ('Basic', 'BASIC', 19.90, 54.00, 199.00), ('Gold', 'GOLD', 39.90, 110.00, 399.00), ('Premium', 'PREMIUM', 59.90, 165.00, 599.00)`);
  await db.execute(sql`
    insert into subscriptions (member_id, plan_id, billing_period, started_at, ends_at, price, currency)
    select m.id, p.id, 'monthly', now() - interval '10 days', now() + interval '20 days', p.monthly_price, 'EUR'
    from (select id, row_number() over () as n from members where status = 'active') m
    join (select id, monthly_price, row_number() over (order by code) as k from plans) p on p.k = 1 + m.n % 3
    where m.n % 2 = 0`);
  // What autovacuum does soon after a bulk load: statistics, and the visibility map index-only scans rely on.
  await db.execute(sql`vacuum analyze members`);
  await db.execute(sql`vacuum analyze subscriptions`);
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
    measured.push({ name: `GET /api/members ${figure.name} p95`, unit: "ms", measured: measuredMs, target: { op: "<" as const, value: 100 } });
  }
  writeResults("members-list", measured, { members: MEMBERS, callsEach: CALLS, loadSeconds, database: running.database.kind });
} finally {
  await stopPlatform();
}
