// `npm run seed -- --members 1000000 --employees 10000 [--history-days 30] [--date YYYY-MM-DD] [--force]`: loads a
// realistic data set into the PostgreSQL DATABASE_URL names, set-based (bench/seed-data.ts, shared with the
// benchmarks): three plans, members with statuses and subscriptions, employees (users + employees rows) on holiday
// lists with a month of clock events. Refuses a database that already has users unless --force.
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { seedEmployees, seedMembers, seedPlansAndSubscriptions, vacuumAnalyze } from "@/bench/seed-data";
import { createPostgresDatabase } from "@/lib/platform/db/postgres";

const USAGE = "usage: npm run seed -- --members N --employees N [--history-days 30] [--date YYYY-MM-DD] [--force]";

const { values } = parseArgs({
  options: {
    members: { type: "string", default: "100000" },
    employees: { type: "string", default: "1000" },
    "history-days": { type: "string", default: "30" },
    date: { type: "string" },
    "time-zone": { type: "string", default: process.env.CLUB_TIMEZONE ?? "Europe/Madrid" },
    force: { type: "boolean", default: false },
  },
});

function count(name: string, value: string | undefined): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) {
    console.error(`--${name} must be a whole number ≥ 0\n${USAGE}`);
    process.exit(2);
  }
  return parsed;
}

const url = process.env.DATABASE_URL;
if (!url) {
  console.error(`DATABASE_URL is not set: the seed loads a PostgreSQL server, never the embedded PGlite.\n${USAGE}`);
  process.exit(2);
}
const members = count("members", values.members);
const employees = count("employees", values.employees);
const historyDays = count("history-days", values["history-days"]);
const date = values.date ?? new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) {
  console.error(`--date must be YYYY-MM-DD\n${USAGE}`);
  process.exit(2);
}

// One statement loads a million rows: far longer than the application's request timeout.
const database = createPostgresDatabase({ url, poolMax: 2, connectTimeoutSeconds: 10, statementTimeoutMs: 3_600_000 });
const { db } = database;
const one = async (statement: ReturnType<typeof sql>) =>
  Number((await database.rows<{ n: string }>(db, statement))[0]?.n ?? 0);
const step = async (label: string, work: () => Promise<unknown>) => {
  const started = performance.now();
  await work();
  console.log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
};

try {
  const started = performance.now();
  await database.migrate();
  const users = await one(sql`select count(*) as n from users`);
  if (users > 0 && !values.force) {
    console.error(`the database has ${users} users: refusing to seed it (pass --force to add the data set anyway)`);
    process.exitCode = 1;
  } else if (
    (await one(sql`select count(*) as n from users where email = 'employee1@bench.example'`)) +
      (await one(sql`select count(*) as n from members where email = 'member1@bench.example'`)) >
    0
  ) {
    console.error(
      "the database already holds a seeded data set (member1@ or employee1@bench.example): seed an empty database",
    );
    process.exitCode = 1;
  } else {
    if (members > 0) {
      await step(`members (${members.toLocaleString("en")})`, () => seedMembers(db, members));
      await step("plans and subscriptions", () => seedPlansAndSubscriptions(db));
    }
    if (employees > 0) {
      await step(
        `employees (${employees.toLocaleString("en")}) and ${historyDays} days of clock events to ${date}`,
        () => seedEmployees(db, { employees, date, historyDays, timeZone: values["time-zone"] }),
      );
    }
    await step("vacuum analyze", () =>
      vacuumAnalyze(db, ["members", "subscriptions", "users", "employees", "employee_checkins"]),
    );
    const counts = await database.rows<{ table: string; n: string }>(
      db,
      sql`select 'plans' as table, count(*) as n from plans union all select 'members', count(*) from members
        union all select 'subscriptions', count(*) from subscriptions union all select 'users', count(*) from users
        union all select 'employees', count(*) from employees union all select 'holiday_lists', count(*) from holiday_lists
        union all select 'employee_checkins', count(*) from employee_checkins`,
    );
    for (const row of counts) console.log(`${row.table.padEnd(18)} ${Number(row.n).toLocaleString("en").padStart(12)}`);
    console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
} finally {
  await database.close();
}
