// ProcessDailyAttendanceJob on N active employees (default 10,000) with a month of check events behind the day, on
// the database DATABASE_URL names (the real PostgreSQL under `npm run bench`): the one-statement job (first run and
// re-run, median of RUNS), against the per-employee loop it replaces (Frappe HRMS's shape: select the employee's events,
// classify in the application, upsert one row) on the same data, which must produce the same records.
import { and, asc, eq, gte, sql } from "drizzle-orm";
import { classifyDay } from "@/lib/attendance/classify";
import { classifyAttendanceDay } from "@/lib/attendance/daily-classification";
import { instantOf } from "@/lib/platform/calendar";
import type { DatabaseAdapter } from "@/lib/platform/db";
import { attendanceRecords, employeeCheckins, employees, holidayEntries, holidayLists } from "@/lib/platform/db/schema";
import { createTestDatabase } from "@/tests/support/test-database";
import { writeResults } from "./results-file";
import { seedEmployees } from "./seed-data";

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 10_000);
const HISTORY_DAYS = Number(process.env.BENCH_HISTORY_DAYS ?? 30);
const RUNS = 5;
const DATE = "2026-11-18"; // a Wednesday
const TZ = "Europe/Madrid";

/** Employees and a month of clock events up to DATE (see seedEmployees), then fresh statistics. */
async function seed(database: DatabaseAdapter): Promise<void> {
  await seedEmployees(database.db, { employees: EMPLOYEES, date: DATE, historyDays: HISTORY_DAYS, timeZone: TZ });
  await database.db.execute(sql`analyze`);
}

/** The loop the set-based job replaces: per employee, one indexed select of their events and one upsert. */
async function classifyOneByOne(database: DatabaseAdapter): Promise<void> {
  const { db } = database;
  const [year, month, day] = DATE.split("-").map(Number) as [number, number, number];
  const startsAt = instantOf({ year, month, day, hour: 0, minute: 0, second: 0, millisecond: 0 }, TZ);
  const endsAt = instantOf({ year, month, day: day + 1, hour: 0, minute: 0, second: 0, millisecond: 0 }, TZ);
  const lists = new Map(
    (await db.select().from(holidayLists)).map((list) => [
      list.id,
      { weeklyOffDays: list.weeklyOffDays, holidays: new Set<string>() },
    ]),
  );
  for (const entry of await db.select().from(holidayEntries)) lists.get(entry.holidayListId)?.holidays.add(entry.date);
  const staff = await db
    .select({ id: employees.id, holidayListId: employees.holidayListId })
    .from(employees)
    .where(eq(employees.isActive, true));

  for (const person of staff) {
    const events = await db
      .select({
        id: employeeCheckins.id,
        direction: employeeCheckins.direction,
        occurredAt: employeeCheckins.occurredAt,
        pairedCheckinId: employeeCheckins.pairedCheckinId,
      })
      .from(employeeCheckins)
      .where(and(eq(employeeCheckins.employeeId, person.id), gte(employeeCheckins.occurredAt, startsAt)));
    const ins = events.filter((event) => event.direction === "in" && event.occurredAt < endsAt);
    const inIds = new Set(ins.map((event) => event.id));
    const outs = events.filter(
      (event) => event.direction === "out" && event.pairedCheckinId !== null && inIds.has(event.pairedCheckinId),
    );
    const list = person.holidayListId ? lists.get(person.holidayListId) : undefined;
    const result = classifyDay({
      date: DATE,
      weeklyOffDays: list?.weeklyOffDays ?? [],
      holidays: list?.holidays ?? new Set(),
      checkIn: ins.length > 0 ? new Date(Math.min(...ins.map((event) => event.occurredAt.getTime()))) : null,
      checkOut: outs.length > 0 ? new Date(Math.max(...outs.map((event) => event.occurredAt.getTime()))) : null,
    });
    const values = { ...result, employeeId: person.id };
    await db
      .insert(attendanceRecords)
      .values(values)
      .onConflictDoUpdate({
        target: [attendanceRecords.employeeId, attendanceRecords.date],
        set: { ...values, updatedAt: sql`now()` },
        setWhere: sql`not ${attendanceRecords.isRegularized}`,
      });
  }
}

async function seconds(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const forget = (database: DatabaseAdapter) => database.db.execute(sql`truncate attendance_records`);
const snapshot = (database: DatabaseAdapter) =>
  database.db
    .select({
      e: attendanceRecords.employeeId,
      s: attendanceRecords.status,
      i: attendanceRecords.checkInAt,
      o: attendanceRecords.checkOutAt,
      h: attendanceRecords.hoursWorked,
    })
    .from(attendanceRecords)
    .orderBy(asc(attendanceRecords.employeeId));

const database = await createTestDatabase();
try {
  const seedSeconds = await seconds(() => seed(database));
  const [events] = await database.rows<{ total: string; today: string }>(
    database.db,
    sql`select count(*) as total, count(*) filter (where occurred_at >= (${DATE}::date::timestamp at time zone ${TZ})) as today from employee_checkins`,
  );
  const job = () => classifyAttendanceDay(database.db, { date: DATE, timeZone: TZ });

  const firstRuns: number[] = [];
  const reRuns: number[] = [];
  let written = -1;
  for (let run = 0; run < RUNS; run += 1) {
    await forget(database);
    firstRuns.push(await seconds(job));
    reRuns.push(await seconds(async () => (written = (await job()).written)));
  }
  const setBased = await snapshot(database);
  const counts = await database.rows<{ status: string; n: string }>(
    database.db,
    sql`select status, count(*) as n from attendance_records group by status order by status`,
  );

  await forget(database);
  const loopFirst = await seconds(() => classifyOneByOne(database));
  const loopRerun = await seconds(() => classifyOneByOne(database));
  if (JSON.stringify(await snapshot(database)) !== JSON.stringify(setBased))
    throw new Error("the loop and the set-based job disagree");

  const first = median(firstRuns);
  const rerun = median(reRuns);
  writeResults(
    "attendance-classification",
    [
      {
        name: `ProcessDailyAttendanceJob, ${EMPLOYEES.toLocaleString("en")} employees, first run (median of ${RUNS})`,
        unit: "ms",
        measured: Math.round(first * 1000),
        target: { op: "<", value: 1000 },
      },
      {
        name: `ProcessDailyAttendanceJob, re-run that changes nothing (median of ${RUNS})`,
        unit: "ms",
        measured: Math.round(rerun * 1000),
        target: { op: "<", value: 1000 },
      },
      { name: "records written by a re-run", unit: "rows", measured: written, target: { op: "<", value: 1 } },
      {
        name: "per-employee loop (select events, classifyDay, upsert), first run",
        unit: "ms",
        measured: Math.round(loopFirst * 1000),
      },
      { name: "per-employee loop, re-run", unit: "ms", measured: Math.round(loopRerun * 1000) },
      {
        name: "set-based job speed-up over the loop, first run",
        unit: "×",
        measured: Number((loopFirst / first).toFixed(1)),
        target: { op: ">=", value: 20 },
      },
    ],
    {
      employees: EMPLOYEES,
      eventsInTable: Number(events?.total ?? 0),
      eventsOnDay: Number(events?.today ?? 0),
      historyDays: HISTORY_DAYS,
      statuses: counts.map((row) => `${row.status} ${row.n}`).join(" / "),
      seedSeconds: Number(seedSeconds.toFixed(1)),
      database: database.kind,
    },
  );
} finally {
  await database.close();
}
