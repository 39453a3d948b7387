import "@/tests/support/isolated-env";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { recordCacheKey } from "@/lib/attendance/records";
import { instantOf, localDate } from "@/lib/platform/calendar";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { attendanceRecords, attendanceRequests, auditOutbox, holidayLists, mailOutbox } from "@/lib/platform/db/schema";
import { type Account, completeSetup, createAccount } from "@/tests/support/accounts";
import { call } from "@/tests/support/api";
import { waitForMail } from "@/tests/support/mail";
import { resetDatabase } from "@/tests/support/reset-database";
import { addEmployee } from "@/tests/support/staff";
import { GET as getRecord } from "../employees/[id]/attendance/[date]/route";
import { GET as ownRequests } from "../users/me/attendance-requests/route";
import { PUT as approve } from "./[id]/approve/route";
import { PUT as reject } from "./[id]/reject/route";
import { GET as getRequest } from "./[id]/route";
import { GET as queue, POST as submit } from "./route";

type Request = {
  id: string;
  employeeId: string;
  employee: { firstName: string; email: string };
  date: string;
  checkIn: string;
  checkOut: string;
  reason: string;
  status: string;
  decidedBy: { id: string } | null;
  decidedAt: string | null;
  rejectionReason: string | null;
};
type Page = { items: Request[]; totalCount: number; pageNumber: number; pageSize: number; totalPages: number };

const ZONE = "Europe/Madrid";
let running: Platform;
let adminToken: string;
let adminId: string;
let staff: Account;
let staffEmployeeId: string;
let colleague: Account;

/** The club's calendar date `days` days before today. */
function daysAgo(days: number): string {
  const today = localDate(new Date(), ZONE);
  return new Date(Date.parse(`${today}T12:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}
/** `HH:MM` on `date` in Madrid, as an ISO instant with an offset. */
function at(date: string, time: string): string {
  const [year, month, day] = date.split("-").map(Number);
  const [hour, minute] = time.split(":").map(Number);
  return instantOf(
    { year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second: 0, millisecond: 0 },
    ZONE,
  ).toISOString();
}
const correction = (date: string, overrides: object = {}) => ({
  date,
  checkIn: at(date, "09:00"),
  checkOut: at(date, "17:30"),
  reason: "Forgot to clock out",
  ...overrides,
});

const ask = (body: object, token = staff.token) =>
  call<Request & { code?: string }>(submit, { path: "/api/attendance-requests", token, body });
const decide = (handler: typeof approve, id: string, body?: object, token = adminToken) =>
  call<Request & { code?: string }>(handler, {
    method: "PUT",
    path: `/api/attendance-requests/${id}/x`,
    token,
    params: { id },
    body,
  });
const record = (date: string) =>
  call<{ status: string; hoursWorked: number; isRegularized: boolean; checkInAt: string }>(getRecord, {
    path: `/api/employees/${staffEmployeeId}/attendance/${date}`,
    token: adminToken,
    params: { id: staffEmployeeId, date },
  });

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
  adminToken = await completeSetup();
  adminId = JSON.parse(Buffer.from(adminToken.split(".")[1] ?? "", "base64url").toString()).sub;
  staff = await createAccount(adminToken, ["Employee"]);
  colleague = await createAccount(adminToken, ["Employee"]);
  staffEmployeeId = await addEmployee(running.database.db, staff.id);
  await addEmployee(running.database.db, colleague.id);
});
afterAll(stopPlatform);
beforeEach(async () => {
  await running.database.db.delete(attendanceRequests);
  await running.database.db.delete(attendanceRecords);
  // The records the tests read are cached; each test starts from an empty cache as well as empty tables.
  await running.cache.del(...Array.from({ length: 9 }, (_, days) => recordCacheKey(staffEmployeeId, daysAgo(days))));
});

describe("POST /api/attendance-requests", () => {
  it("opens a request for the caller's own day, audited", async () => {
    const date = daysAgo(1);
    const reply = await ask(correction(date));
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      employeeId: staffEmployeeId,
      employee: { email: staff.email },
      date,
      checkIn: at(date, "09:00"),
      checkOut: at(date, "17:30"),
      reason: "Forgot to clock out",
      status: "Open",
      decidedBy: null,
      rejectionReason: null,
    });
    const [audit] = await running.database.db.select().from(auditOutbox).where(eq(auditOutbox.entityId, reply.body.id));
    expect(audit).toMatchObject({
      action: "personnel.attendance_request_submitted",
      severity: "Info",
      actorId: staff.id,
    });
  });

  it("accepts the 7th day after the attendance date and refuses the 8th with 400 AttendanceRequest.WindowExpired (BR-HR-008)", async () => {
    expect((await ask(correction(daysAgo(7)))).status).toBe(201);
    expect(await ask(correction(daysAgo(8)))).toMatchObject({
      status: 400,
      body: { code: "AttendanceRequest.WindowExpired" },
    });
    expect(await ask(correction(daysAgo(-1)))).toMatchObject({
      status: 400,
      body: { code: "AttendanceRequest.FutureDate" },
    });
    expect(await running.database.db.$count(attendanceRequests)).toBe(1);
  });

  it("keeps one Open request per employee and date: 409 AttendanceRequest.DuplicateOpen, also under concurrency", async () => {
    const date = daysAgo(2);
    const replies = await Promise.all(Array.from({ length: 10 }, () => ask(correction(date))));
    expect(replies.filter((reply) => reply.status === 201)).toHaveLength(1);
    expect(
      replies.filter((reply) => reply.status === 409 && reply.body.code === "AttendanceRequest.DuplicateOpen"),
    ).toHaveLength(9);
    // Another employee, or the same day once the first is decided, is fine.
    expect((await ask(correction(date), colleague.token)).status).toBe(201);
    const open = replies.find((reply) => reply.status === 201)?.body.id ?? "";
    expect((await decide(reject, open, { reason: "No evidence" })).status).toBe(200);
    expect((await ask(correction(date))).status).toBe(201);
  });

  it("validates times: with a zone, on the attendance date, checkOut after checkIn, within 24 h and not in the future", async () => {
    const date = daysAgo(1);
    const cases: Array<[object, string]> = [
      [{ checkIn: "2026-11-20T09:00:00" }, "checkIn"],
      [{ checkOut: at(date, "08:00") }, "checkOut"],
      [{ checkIn: at(daysAgo(2), "09:00") }, "checkIn"],
      [{ checkOut: new Date(Date.parse(at(date, "09:00")) + 25 * 3_600_000).toISOString() }, "checkOut"],
      [{ reason: "  " }, "reason"],
      [{ date: "2026-02-30" }, "date"],
    ];
    for (const [overrides, field] of cases) {
      const reply = await ask(correction(date, overrides));
      expect(reply.status, field).toBe(400);
      expect(reply.body, field).toMatchObject({ errors: { [field]: [expect.any(String)] } });
    }
    const today = daysAgo(0);
    const unfinished = await ask(
      correction(today, {
        checkIn: new Date(Date.now() - 60_000).toISOString(),
        checkOut: new Date(Date.now() + 3_600_000).toISOString(),
      }),
    );
    if (localDate(new Date(Date.now() - 60_000), ZONE) === today)
      expect(unfinished.body).toMatchObject({ errors: { checkOut: ["The check-out has not happened yet."] } });
    expect(await running.database.db.$count(attendanceRequests)).toBe(0);
  });

  it("answers 404 Employee.NotLinked to a caller who is not an employee", async () => {
    const admin = await ask(correction(daysAgo(1)), adminToken);
    expect(admin).toMatchObject({ status: 404, body: { code: "Employee.NotLinked" } });
  });
});

describe("approve and reject (spec 3.2)", () => {
  it("approves: recalculates the day from the corrected times, regularizes it, drops the cached record and audits a Warning", async () => {
    const date = daysAgo(1);
    await running.database.db
      .insert(attendanceRecords)
      .values({ employeeId: staffEmployeeId, date, status: "Incomplete", checkInAt: new Date(at(date, "09:00")) });
    expect((await record(date)).body).toMatchObject({ status: "Incomplete", isRegularized: false });
    expect(await running.cache.get(recordCacheKey(staffEmployeeId, date))).not.toBeNull();

    const request = await ask(correction(date));
    const approved = await decide(approve, request.body.id);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      status: "approved",
      decidedBy: { id: adminId },
      decidedAt: expect.any(String),
      rejectionReason: null,
    });

    expect(await running.cache.get(recordCacheKey(staffEmployeeId, date))).toBeNull();
    expect((await record(date)).body).toMatchObject({
      status: "Present",
      hoursWorked: 8.5,
      isRegularized: true,
      checkInAt: at(date, "09:00"),
    });
    const [audit] = await running.database.db
      .select()
      .from(auditOutbox)
      .where(
        and(eq(auditOutbox.action, "personnel.attendance_regularized"), eq(auditOutbox.entityId, staffEmployeeId)),
      );
    expect(audit).toMatchObject({
      severity: "Warning",
      actorId: adminId,
      data: { requestId: request.body.id, date, hoursWorked: "8.50" },
    });
  });

  it("approves a day without a record by creating it, classified by the employee's holiday list", async () => {
    const date = daysAgo(3);
    const weekday = ((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
    const [list] = await running.database.db
      .insert(holidayLists)
      .values({ name: "Closed that day", weeklyOffDays: [weekday] })
      .returning();
    const restDay = await createAccount(adminToken, ["Employee"]);
    const restDayEmployee = await addEmployee(running.database.db, restDay.id, { holidayListId: list?.id });
    const request = await ask(correction(date), restDay.token);
    expect((await decide(approve, request.body.id)).status).toBe(200);
    const [row] = await running.database.db
      .select()
      .from(attendanceRecords)
      .where(eq(attendanceRecords.employeeId, restDayEmployee));
    expect(row).toMatchObject({ date, status: "Weekend", isRegularized: true });
  });

  it("rejects with a mandatory reason, stored, leaving the record unchanged", async () => {
    const date = daysAgo(1);
    await running.database.db.insert(attendanceRecords).values({ employeeId: staffEmployeeId, date, status: "Absent" });
    const request = await ask(correction(date));
    for (const body of [undefined, {}, { reason: "" }, { reason: "   " }]) {
      const reply = await decide(reject, request.body.id, body);
      expect(reply.status).toBe(400);
    }
    expect(
      (await call<Request>(getRequest, { path: "/x", token: adminToken, params: { id: request.body.id } })).body.status,
    ).toBe("Open");
    const rejected = await decide(reject, request.body.id, { reason: "The door log shows 10:15." });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({
      status: "rejected",
      rejectionReason: "The door log shows 10:15.",
      decidedBy: { id: adminId },
    });
    expect((await record(date)).body).toMatchObject({ status: "Absent", isRegularized: false });
  });

  it("refuses a manager's decision on their own request with 403 AttendanceRequest.SelfDecision (issue 13: a self-approved 15.5-hour day)", async () => {
    const manager = await createAccount(adminToken, ["Admin"]);
    const managerEmployeeId = await addEmployee(running.database.db, manager.id);
    const date = daysAgo(1);
    const longDay = await ask(
      correction(date, { checkIn: at(date, "06:00"), checkOut: at(date, "21:30"), reason: "Stocktaking" }),
      manager.token,
    );
    expect(longDay.status).toBe(201);

    expect(await decide(approve, longDay.body.id, undefined, manager.token)).toMatchObject({
      status: 403,
      body: { code: "AttendanceRequest.SelfDecision" },
    });
    expect(await decide(reject, longDay.body.id, { reason: "Changed my mind" }, manager.token)).toMatchObject({
      status: 403,
      body: { code: "AttendanceRequest.SelfDecision" },
    });
    const [stored] = await running.database.db
      .select()
      .from(attendanceRequests)
      .where(eq(attendanceRequests.id, longDay.body.id));
    expect(stored).toMatchObject({ status: "Open", decidedByUserId: null, decidedAt: null });
    expect(
      await running.database.db
        .select()
        .from(attendanceRecords)
        .where(eq(attendanceRecords.employeeId, managerEmployeeId)),
    ).toEqual([]);

    // Another holder of attendance-requests:manage decides it; the manager still decides everyone else's.
    expect(await decide(approve, longDay.body.id)).toMatchObject({
      status: 200,
      body: { status: "approved", decidedBy: { id: adminId } },
    });
    const [record] = await running.database.db
      .select()
      .from(attendanceRecords)
      .where(eq(attendanceRecords.employeeId, managerEmployeeId));
    expect(record).toMatchObject({ hoursWorked: "15.50", isRegularized: true });
    const staffRequest = await ask(correction(date));
    expect(await decide(approve, staffRequest.body.id, undefined, manager.token)).toMatchObject({
      status: 200,
      body: { decidedBy: { id: manager.id } },
    });
  });

  it("answers 409 AlreadyDecided on a decided request and 404 AttendanceRequest.NotFound for an unknown one", async () => {
    const request = await ask(correction(daysAgo(1)));
    expect((await decide(approve, request.body.id)).status).toBe(200);
    expect(await decide(approve, request.body.id)).toMatchObject({ status: 409, body: { code: "AlreadyDecided" } });
    expect(await decide(reject, request.body.id, { reason: "Too late" })).toMatchObject({
      status: 409,
      body: { code: "AlreadyDecided" },
    });
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect(await decide(approve, unknown)).toMatchObject({ status: 404, body: { code: "AttendanceRequest.NotFound" } });
    expect(await decide(reject, unknown, { reason: "x" })).toMatchObject({
      status: 404,
      body: { code: "AttendanceRequest.NotFound" },
    });
  });

  it("lets exactly one of 10 concurrent approve/reject calls decide", async () => {
    const request = await ask(correction(daysAgo(1)));
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        index % 2 === 0 ? decide(approve, request.body.id) : decide(reject, request.body.id, { reason: "No" }),
      ),
    );
    const winners = replies.filter((reply) => reply.status === 200);
    expect(winners).toHaveLength(1);
    expect(replies.filter((reply) => reply.status === 409 && reply.body.code === "AlreadyDecided")).toHaveLength(9);
    const [stored] = await running.database.db
      .select()
      .from(attendanceRequests)
      .where(eq(attendanceRequests.id, request.body.id));
    expect(stored?.status).toBe(winners[0]?.body.status);
    const regularized = await running.database.db
      .select()
      .from(auditOutbox)
      .where(eq(auditOutbox.action, "personnel.attendance_regularized"));
    expect(
      regularized.filter((audit) => (audit.data as { requestId?: string }).requestId === request.body.id),
    ).toHaveLength(winners[0]?.body.status === "approved" ? 1 : 0);
  });
});

describe("reading requests", () => {
  it("shows a request to its owner and to a manager, and 404 to anyone else", async () => {
    const request = await ask(correction(daysAgo(1)));
    const read = (token: string) =>
      call<Request & { code?: string }>(getRequest, {
        path: `/api/attendance-requests/${request.body.id}`,
        token,
        params: { id: request.body.id },
      });
    expect((await read(staff.token)).body.id).toBe(request.body.id);
    expect((await read(adminToken)).body.id).toBe(request.body.id);
    expect(await read(colleague.token)).toMatchObject({ status: 404, body: { code: "AttendanceRequest.NotFound" } });
  });

  it("lists the queue for managers with filters and page-number pagination, and each employee's own history", async () => {
    const mine = [daysAgo(1), daysAgo(2), daysAgo(3)];
    for (const date of mine) await ask(correction(date));
    const theirs = await ask(correction(daysAgo(1)), colleague.token);
    await decide(reject, theirs.body.id, { reason: "Duplicate" });

    const list = (query: string) => call<Page>(queue, { path: `/api/attendance-requests?${query}`, token: adminToken });
    const all = await list("pageSize=2&orderBy=date&orderDirection=desc");
    expect(all.body).toMatchObject({ totalCount: 4, pageNumber: 1, pageSize: 2, totalPages: 2 });
    expect(all.body.items.map((item) => item.date)).toEqual([daysAgo(1), daysAgo(1)]);
    expect((await list("status=Open")).body.totalCount).toBe(3);
    expect((await list("status=rejected")).body.items.map((item) => item.rejectionReason)).toEqual(["Duplicate"]);
    expect((await list(`employeeId=${staffEmployeeId}&from=${daysAgo(2)}&to=${daysAgo(1)}`)).body.totalCount).toBe(2);
    for (const query of ["status=Pending", "orderBy=reason", "employeeId=7"])
      expect((await list(query)).status, query).toBe(400);

    const own = await call<Page>(ownRequests, {
      path: "/api/users/me/attendance-requests?orderBy=date&orderDirection=asc",
      token: staff.token,
    });
    expect(own.body.items.map((item) => item.date)).toEqual([...mine].reverse());
    expect(
      (await call<Page>(ownRequests, { path: "/api/users/me/attendance-requests", token: colleague.token })).body
        .totalCount,
    ).toBe(1);
  });
});

describe("the employee hears about the decision (issue 16 item 9)", () => {
  const decisionMails = (requestId: string) =>
    running.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `correction-decided:${requestId}`));

  it("queues one mail with the approval in its transaction, and the employee receives it", async () => {
    const date = daysAgo(2);
    const request = await ask(correction(date));
    expect((await decide(approve, request.body.id)).status).toBe(200);
    expect(await decisionMails(request.body.id)).toMatchObject([
      {
        template: "correction-decided",
        toAddress: staff.email,
        props: { date, checkIn: "09:00", checkOut: "17:30", decision: "approved", rejectionReason: null },
      },
    ]);
    const mail = await waitForMail(running.mailer, staff.email, 10_000, (message) =>
      message.subject.includes("was approved"),
    );
    expect(mail.text).toContain("09:00");
    expect(mail.text).toContain("17:30");
    // A second decision is refused and mails nothing more.
    expect((await decide(reject, request.body.id, { reason: "Too late" })).status).toBe(409);
    expect(await decisionMails(request.body.id)).toHaveLength(1);
  });

  it("queues a rejection mail carrying the manager's reason", async () => {
    const request = await ask(correction(daysAgo(3)));
    await decide(reject, request.body.id, { reason: "The door log shows 10:15." });
    expect(await decisionMails(request.body.id)).toMatchObject([
      { toAddress: staff.email, props: { decision: "rejected", rejectionReason: "The door log shows 10:15." } },
    ]);
    // Earlier tests reject other requests of the same employee, and their mails may arrive later: wait for this one.
    const mail = await waitForMail(running.mailer, staff.email, 10_000, (message) =>
      message.text.includes("The door log shows 10:15."),
    );
    expect(mail.subject).toContain("was not approved");
  });

  it("queues nothing when the decision is refused (the employee's own request)", async () => {
    const request = await ask(correction(daysAgo(1)), colleague.token);
    expect((await decide(approve, request.body.id, undefined, colleague.token)).status).toBe(403);
    expect(await decisionMails(request.body.id)).toEqual([]);
  });
});
