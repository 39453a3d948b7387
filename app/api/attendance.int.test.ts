import "@/tests/support/isolated-env";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AttendanceStatus } from "@/lib/attendance/classify";
import { recordCacheKey } from "@/lib/attendance/records";
import { localDate } from "@/lib/platform/calendar";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { attendanceRecords, auditOutbox, employeeCheckins } from "@/lib/platform/db/schema";
import { type Account, completeSetup, createAccount } from "@/tests/support/accounts";
import { call } from "@/tests/support/api";
import { resetDatabase } from "@/tests/support/reset-database";
import { addEmployee } from "@/tests/support/staff";
import { GET as getRecord } from "./employees/[id]/attendance/[date]/route";
import { GET as listEmployeeAttendance } from "./employees/[id]/attendance/route";
import { GET as employeeClock } from "./employees/[id]/clock/route";
import { POST as clockInAny } from "./employees/[id]/clock-in/route";
import { POST as clockOutAny } from "./employees/[id]/clock-out/route";
import { GET as ownAttendance } from "./users/me/attendance/route";
import { GET as ownClock } from "./users/me/clock/route";
import { POST as clockIn } from "./users/me/clock-in/route";
import { POST as clockOut } from "./users/me/clock-out/route";

type CheckEvent = {
  id: string;
  employeeId: string;
  direction: string;
  source: string;
  note: string | null;
  occurredAt: string;
  code?: string;
};
type Record = { date: string; status: string; hoursWorked: number; isRegularized: boolean; checkInAt: string | null };
type Page = { items: Record[]; nextCursor: string | null };

let running: Platform;
let adminToken: string;
let staff: Account;
let staffEmployeeId: string;

const unknownId = "00000000-0000-4000-8000-000000000000";
const mobile = { source: "MobileApp" };

const selfIn = (body: object = mobile, token = staff.token) =>
  call<CheckEvent>(clockIn, { path: "/api/users/me/clock-in", token, body });
const selfOut = (body: object = mobile, token = staff.token) =>
  call<CheckEvent & { checkIn: { id: string } }>(clockOut, { path: "/api/users/me/clock-out", token, body });
const hrIn = (id: string, body: object = mobile) =>
  call<CheckEvent>(clockInAny, { path: `/api/employees/${id}/clock-in`, token: adminToken, params: { id }, body });
const hrOut = (id: string, body: object = mobile) =>
  call<CheckEvent>(clockOutAny, { path: `/api/employees/${id}/clock-out`, token: adminToken, params: { id }, body });

async function auditOf(checkinId: string) {
  return running.database.db.select().from(auditOutbox).where(sql`${auditOutbox.data}->>'checkinId' = ${checkinId}`);
}

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
  adminToken = await completeSetup();
  staff = await createAccount(adminToken, ["Employee"]);
  staffEmployeeId = await addEmployee(running.database.db, staff.id);
});
afterAll(stopPlatform);

describe("clock-in and clock-out (spec 3.4)", () => {
  beforeEach(async () => {
    await running.database.db.delete(employeeCheckins);
  });

  it("clocks the caller in and out, pairing the events and auditing both as Info", async () => {
    const checkIn = await selfIn({ source: "BiometricTerminal" });
    expect(checkIn.status).toBe(201);
    expect(checkIn.body).toMatchObject({
      employeeId: staffEmployeeId,
      direction: "in",
      source: "BiometricTerminal",
      note: null,
    });
    expect(await auditOf(checkIn.body.id)).toMatchObject([
      { action: "personnel.clock_in", severity: "Info", actorId: staff.id, entityId: staffEmployeeId },
    ]);

    const state = await call(ownClock, { path: "/api/users/me/clock", token: staff.token });
    expect(state.body).toEqual({
      employeeId: staffEmployeeId,
      clockedIn: true,
      checkIn: { id: checkIn.body.id, occurredAt: checkIn.body.occurredAt },
    });

    const checkOut = await selfOut();
    expect(checkOut.status).toBe(201);
    expect(checkOut.body).toMatchObject({ direction: "out", source: "MobileApp", checkIn: { id: checkIn.body.id } });
    expect(await auditOf(checkOut.body.id)).toMatchObject([{ action: "personnel.clock_out", severity: "Info" }]);
    const [closed] = await running.database.db
      .select()
      .from(employeeCheckins)
      .where(eq(employeeCheckins.id, checkIn.body.id));
    expect(closed?.closedAt?.toISOString()).toBe(checkOut.body.occurredAt);
    expect((await call(ownClock, { path: "/api/users/me/clock", token: staff.token })).body).toMatchObject({
      clockedIn: false,
      checkIn: null,
    });
  });

  it("answers 409 Checkin.AlreadyClockedIn to a second clock-in and Checkin.NoActiveCheckin to a clock-out with none open", async () => {
    const noneOpen = await selfOut();
    expect(noneOpen).toMatchObject({ status: 409, body: { code: "Checkin.NoActiveCheckin" } });
    expect((await selfIn()).status).toBe(201);
    const twice = await selfIn();
    expect(twice).toMatchObject({ status: 409, body: { code: "Checkin.AlreadyClockedIn" } });
    expect(await running.database.db.$count(employeeCheckins)).toBe(1);
    expect((await selfOut()).status).toBe(201);
    expect(await selfOut()).toMatchObject({ status: 409, body: { code: "Checkin.NoActiveCheckin" } });
  });

  it("audits a Manual clock-in as personnel.manual_checkin Warning and requires its note", async () => {
    const withoutNote = await selfIn({ source: "Manual" });
    expect(withoutNote.status).toBe(400);
    expect(withoutNote.body).toMatchObject({
      status: 400,
      errors: { note: ["A note is required when the source is Manual."] },
    });
    expect((await selfIn({ source: "Manual", note: "   " })).status).toBe(400);
    expect(await running.database.db.$count(employeeCheckins)).toBe(0);

    const manual = await selfIn({ source: "Manual", note: "Terminal broken at the door" });
    expect(manual.status).toBe(201);
    expect(manual.body.note).toBe("Terminal broken at the door");
    expect(await auditOf(manual.body.id)).toMatchObject([
      {
        action: "personnel.manual_checkin",
        severity: "Warning",
        data: { source: "Manual", note: "Terminal broken at the door" },
      },
    ]);
  });

  it("rejects a bad payload with validation problem details and writes nothing", async () => {
    for (const body of [{}, { source: "Fax" }, { source: "MobileApp", note: "x".repeat(501) }, { source: 1 }]) {
      const reply = await selfIn(body);
      expect(reply.status).toBe(400);
      expect(reply.body).toHaveProperty("errors");
    }
    expect(await running.database.db.$count(employeeCheckins)).toBe(0);
  });

  it("lets HR clock any employee in and out, recording who did it", async () => {
    const checkIn = await hrIn(staffEmployeeId, { source: "Manual", note: "Forgot the phone" });
    expect(checkIn.status).toBe(201);
    const [row] = await running.database.db
      .select()
      .from(employeeCheckins)
      .where(eq(employeeCheckins.id, checkIn.body.id));
    expect(row?.recordedByUserId).not.toBe(staff.id);
    expect((await hrIn(staffEmployeeId)).body).toMatchObject({ code: "Checkin.AlreadyClockedIn" });
    const state = await call(employeeClock, {
      path: `/api/employees/${staffEmployeeId}/clock`,
      token: adminToken,
      params: { id: staffEmployeeId },
    });
    expect(state.body).toMatchObject({ clockedIn: true });
    expect((await hrOut(staffEmployeeId)).status).toBe(201);
    expect((await hrOut(staffEmployeeId)).body).toMatchObject({ code: "Checkin.NoActiveCheckin" });
  });

  it("answers 404 Employee.NotFound for an unknown or inactive employee, and Employee.NotLinked to a caller who is not one", async () => {
    expect(await hrIn(unknownId)).toMatchObject({ status: 404, body: { code: "Employee.NotFound" } });
    expect(await hrOut(unknownId)).toMatchObject({ status: 404, body: { code: "Employee.NotFound" } });
    const former = await createAccount(adminToken, ["Employee"]);
    const formerId = await addEmployee(running.database.db, former.id, { isActive: false });
    expect(await hrIn(formerId)).toMatchObject({ status: 404, body: { code: "Employee.NotFound" } });
    expect(await selfIn(mobile, former.token)).toMatchObject({ status: 404, body: { code: "Employee.NotLinked" } });

    const notStaff = await createAccount(adminToken, ["Employee"]);
    expect(await selfIn(mobile, notStaff.token)).toMatchObject({ status: 404, body: { code: "Employee.NotLinked" } });
    expect(await selfOut(mobile, notStaff.token)).toMatchObject({ status: 404, body: { code: "Employee.NotLinked" } });
    expect(await running.database.db.$count(employeeCheckins)).toBe(0);
  });

  it("gives exactly one of 20 concurrent clock-ins for one employee, and one of 20 clock-outs", async () => {
    const ins = await Promise.all(Array.from({ length: 20 }, () => selfIn()));
    expect(ins.filter((reply) => reply.status === 201)).toHaveLength(1);
    expect(ins.filter((reply) => reply.status === 409 && reply.body.code === "Checkin.AlreadyClockedIn")).toHaveLength(
      19,
    );
    const outs = await Promise.all(Array.from({ length: 20 }, () => selfOut()));
    expect(outs.filter((reply) => reply.status === 201)).toHaveLength(1);
    expect(outs.filter((reply) => reply.status === 409 && reply.body.code === "Checkin.NoActiveCheckin")).toHaveLength(
      19,
    );
    const events = await running.database.db.select().from(employeeCheckins);
    expect(events.map((event) => event.direction).sort()).toEqual(["in", "out"]);
    const checkIn = events.find((event) => event.direction === "in");
    expect(await auditOf(checkIn?.id ?? "")).toHaveLength(1);
  });
});

describe("attendance records (spec 2.6, 4.3)", () => {
  const days = ["2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05", "2026-11-06", "2026-11-07", "2026-11-08"];
  const statusOf = (date: string): AttendanceStatus =>
    date >= "2026-11-07" ? "Weekend" : date === "2026-11-04" ? "Absent" : "Present";

  beforeAll(async () => {
    await running.database.db.delete(attendanceRecords);
    await running.database.db.insert(attendanceRecords).values(
      days.map((date) => ({
        employeeId: staffEmployeeId,
        date,
        status: statusOf(date),
        hoursWorked: statusOf(date) === "Present" ? "8.25" : "0",
        checkInAt: statusOf(date) === "Present" ? new Date(`${date}T08:00:00Z`) : null,
      })),
    );
  });

  const one = (date: string, id = staffEmployeeId) =>
    call<Record & { code?: string }>(getRecord, {
      path: `/api/employees/${id}/attendance/${date}`,
      token: adminToken,
      params: { id, date },
    });
  const history = (query: string, id = staffEmployeeId) =>
    call<Page>(listEmployeeAttendance, {
      path: `/api/employees/${id}/attendance?${query}`,
      token: adminToken,
      params: { id },
    });

  it("returns one day's record in camelCase, with hours and minutes as numbers", async () => {
    const reply = await one("2026-11-03");
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      employeeId: staffEmployeeId,
      date: "2026-11-03",
      status: "Present",
      checkInAt: "2026-11-03T08:00:00.000Z",
      checkOutAt: null,
      hoursWorked: 8.25,
      lateEntry: 0,
      earlyExit: 0,
      overtime: 0,
      isRegularized: false,
      updatedAt: expect.any(String),
    });
  });

  it("caches a record for 5 minutes under personnel:employee:{id}:attendance:{date}", async () => {
    const key = recordCacheKey(staffEmployeeId, "2026-11-05");
    expect(key).toBe(`personnel:employee:${staffEmployeeId}:attendance:2026-11-05`);
    await running.cache.del(key);
    expect((await one("2026-11-05")).body.hoursWorked).toBe(8.25);
    expect(JSON.parse((await running.cache.get(key)) ?? "null")).toMatchObject({
      date: "2026-11-05",
      hoursWorked: 8.25,
    });
    // A change behind the cache's back stays unseen until the entry goes.
    await running.database.db
      .update(attendanceRecords)
      .set({ hoursWorked: "7.00" })
      .where(and(eq(attendanceRecords.employeeId, staffEmployeeId), eq(attendanceRecords.date, "2026-11-05")));
    expect((await one("2026-11-05")).body.hoursWorked).toBe(8.25);
    await running.cache.del(key);
    expect((await one("2026-11-05")).body.hoursWorked).toBe(7);
  });

  it("answers 404 Attendance.NotFound for a day without a record and Employee.NotFound for an unknown employee; 400 for a bad date", async () => {
    expect(await one("2026-10-01")).toMatchObject({ status: 404, body: { code: "Attendance.NotFound" } });
    expect(await one("2026-11-03", unknownId)).toMatchObject({ status: 404, body: { code: "Employee.NotFound" } });
    for (const date of ["2026-02-30", "yesterday", "2026-1-5"]) expect((await one(date)).status).toBe(400);
  });

  it("pages the history newest first with an opaque cursor, without repeats or gaps", async () => {
    const first = await history("limit=3");
    expect(first.status).toBe(200);
    expect(first.body.items.map((record) => record.date)).toEqual(["2026-11-08", "2026-11-07", "2026-11-06"]);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await history(`limit=3&cursor=${encodeURIComponent(first.body.nextCursor ?? "")}`);
    expect(second.body.items.map((record) => record.date)).toEqual(["2026-11-05", "2026-11-04", "2026-11-03"]);
    // A record written meanwhile before the cursor's position neither repeats nor shifts the next page.
    await running.database.db
      .insert(attendanceRecords)
      .values({ employeeId: staffEmployeeId, date: "2026-11-09", status: "Present" });
    const third = await history(`limit=3&cursor=${encodeURIComponent(second.body.nextCursor ?? "")}`);
    expect(third.body).toEqual({ items: [expect.objectContaining({ date: "2026-11-02" })], nextCursor: null });
    await running.database.db.delete(attendanceRecords).where(eq(attendanceRecords.date, "2026-11-09"));
  });

  it("filters by date range and status, defaulting to 20 items", async () => {
    const range = await history("from=2026-11-03&to=2026-11-05");
    expect(range.body.items.map((record) => record.date)).toEqual(["2026-11-05", "2026-11-04", "2026-11-03"]);
    expect(range.body.nextCursor).toBeNull();
    const weekend = await history("status=Weekend");
    expect(weekend.body.items.map((record) => record.date)).toEqual(["2026-11-08", "2026-11-07"]);
    const all = await history("");
    expect(all.body.items).toHaveLength(7);
  });

  it("answers 400 problem details for limit 0, 101 or abc, a bad status or date range, and a tampered or foreign cursor", async () => {
    for (const query of [
      "limit=0",
      "limit=101",
      "limit=abc",
      "limit=2.5",
      "status=Sick",
      "from=2026-11-05&to=2026-11-01",
      "from=11/05/2026",
    ]) {
      const reply = await history(query);
      expect(reply.status, query).toBe(400);
      expect(reply.body, query).toHaveProperty("errors");
    }
    const cursor = (await history("limit=2")).body.nextCursor ?? "";
    const [payload, signature] = cursor.split(".");
    const forged = `${Buffer.from(JSON.stringify({ date: "2026-11-30" })).toString("base64url")}.${signature}`;
    for (const bad of [forged, `${payload}.AAAA`, "garbage", `${cursor}x`]) {
      const reply = await history(`limit=2&cursor=${encodeURIComponent(bad)}`);
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ errors: { cursor: [expect.any(String)] } });
    }
    // A cursor is bound to the filters it was issued for.
    expect((await history(`limit=2&status=Present&cursor=${encodeURIComponent(cursor)}`)).status).toBe(400);
  });

  it("shows the caller their own history only", async () => {
    const own = await call<Page>(ownAttendance, { path: "/api/users/me/attendance?limit=2", token: staff.token });
    expect(own.status).toBe(200);
    expect(own.body.items.map((record) => record.date)).toEqual(["2026-11-08", "2026-11-07"]);
    const stranger = await createAccount(adminToken, ["Employee"]);
    expect(await call(ownAttendance, { path: "/api/users/me/attendance", token: stranger.token })).toMatchObject({
      status: 404,
      body: { code: "Employee.NotLinked" },
    });
  });
});

describe("the day an event belongs to", () => {
  it("is the club's local date: 23:30 UTC on 31 October is already 1 November in Madrid", () => {
    expect(localDate(new Date("2026-10-31T23:30:00Z"), "Europe/Madrid")).toBe("2026-11-01");
  });
});
