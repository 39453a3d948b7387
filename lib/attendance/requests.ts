import { and, eq, sql } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/record";
import type { Principal } from "@/lib/auth/authenticate";
import { AuthErrors } from "@/lib/auth/errors";
import { localDate } from "@/lib/platform/calendar";
import type { Transaction } from "@/lib/platform/db";
import { attendanceRequests, employees } from "@/lib/platform/db/schema";
import { rollbackOnFailure } from "@/lib/platform/db/transaction";
import type { Paginated } from "@/lib/platform/pagination";
import { type BusinessError, fail, invalidFields, ok, type Result } from "@/lib/platform/result";
import { allows } from "@/lib/roles/permissions";
import { classifyDay } from "./classify";
import type { AttendanceContext, AttendanceWriteContext } from "./context";
import { queueDecisionMail } from "./decision-mail";
import { resolveEmployee } from "./employee";
import { AttendanceErrors } from "./errors";
import { forgetRecord } from "./records";
import {
  type AttendanceRequestView,
  employeeCalendar,
  findRequest,
  saveRegularizedRecord,
  selectRequestPage,
} from "./repository";
import type { CorrectionRequestInput, OwnRequestsQuery, RequestQueueQuery } from "./schemas";

/** BR-HR-008: a correction may be asked for until the 7th day after the attendance date, inclusive. */
const CORRECTION_WINDOW_DAYS = 7;
const MAX_SHIFT_MS = 24 * 3_600_000;
const DAY_MS = 86_400_000;

const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS;

/** The rules only the service can check: the window, and times that belong to the day and have happened. */
function checkCorrection(ctx: AttendanceContext, input: CorrectionRequestInput): BusinessError | null {
  const now = ctx.now();
  const age = daysBetween(input.date, localDate(now, ctx.club.timeZone));
  if (age < 0) return AttendanceErrors.futureDate;
  if (age > CORRECTION_WINDOW_DAYS) return AttendanceErrors.windowExpired;
  const checkIn = new Date(input.checkIn);
  const checkOut = new Date(input.checkOut);
  const errors: Record<string, string[]> = {};
  if (localDate(checkIn, ctx.club.timeZone) !== input.date) {
    errors.checkIn = [`The check-in must fall on ${input.date} in the club's time zone (${ctx.club.timeZone}).`];
  }
  if (checkOut.getTime() - checkIn.getTime() > MAX_SHIFT_MS)
    errors.checkOut = ["A working day lasts at most 24 hours."];
  else if (checkOut > now) errors.checkOut = ["The check-out has not happened yet."];
  return Object.keys(errors).length > 0 ? invalidFields(errors) : null;
}

/**
 * Spec 3.2: (none) → Open, for the caller's own day. The partial unique index `attendance_requests_one_open`
 * keeps one Open request per employee and date, whatever runs concurrently.
 */
export async function submitRequest(ctx: AttendanceWriteContext, input: CorrectionRequestInput) {
  const refused = checkCorrection(ctx, input);
  if (refused) return fail(refused);
  const submitted = await rollbackOnFailure(ctx.db, async (tx) => {
    const employeeId = await resolveEmployee(tx, { userId: ctx.actor.id }, { activeOnly: true });
    if (!employeeId.ok) return employeeId;
    const [request] = await tx
      .insert(attendanceRequests)
      .values({
        employeeId: employeeId.value,
        attendanceDate: input.date,
        requestedCheckIn: new Date(input.checkIn),
        requestedCheckOut: new Date(input.checkOut),
        reason: input.reason,
        createdAt: ctx.now(),
      })
      .onConflictDoNothing({
        target: [attendanceRequests.employeeId, attendanceRequests.attendanceDate],
        where: ONLY_OPEN,
      })
      .returning({ id: attendanceRequests.id });
    if (!request) return fail(AttendanceErrors.duplicateOpen);
    await recordAudit(tx, {
      action: "personnel.attendance_request_submitted",
      severity: "Info",
      actorId: ctx.actor.id,
      entity: "attendance_request",
      entityId: request.id,
      data: { employeeId: employeeId.value, date: input.date, checkIn: input.checkIn, checkOut: input.checkOut },
    });
    return ok(request.id);
  });
  return submitted.ok ? ok(await requireRequest(ctx, submitted.value)) : submitted;
}

// A literal, not a bound value: once PostgreSQL caches a generic plan for the prepared insert, it can match the
// one-Open-request partial index as the ON CONFLICT arbiter only if the condition is written out.
const ONLY_OPEN = sql`${attendanceRequests.status} = 'Open'`;

async function requireRequest(ctx: AttendanceContext, id: string): Promise<AttendanceRequestView> {
  const request = await findRequest(ctx.db, id);
  if (!request) throw new Error(`attendance request ${id} vanished after it was written`);
  return request;
}

/**
 * A manager sees any request; its owner sees their own; anyone else learns nothing (404). The route admits any
 * signed-in caller, so the temporary-password rule other permissions get from `authorize` is applied here.
 */
export async function getRequest(
  ctx: AttendanceContext,
  principal: Pick<Principal, "id" | "permissions" | "mustChangePassword">,
  id: string,
): Promise<Result<AttendanceRequestView>> {
  if (principal.mustChangePassword) return fail(AuthErrors.passwordChangeRequired);
  const request = await findRequest(ctx.db, id);
  const visible =
    request &&
    (allows(principal.permissions, "attendance-requests:manage") || request.employee.userId === principal.id);
  return visible ? ok(request) : fail(AttendanceErrors.requestNotFound);
}

export async function listRequestQueue(
  ctx: AttendanceContext,
  query: RequestQueueQuery,
): Promise<Result<Paginated<AttendanceRequestView>>> {
  return ok(await selectRequestPage(ctx.db, query, query, query));
}

export async function listOwnRequests(
  ctx: AttendanceContext & Pick<AttendanceWriteContext, "actor">,
  query: OwnRequestsQuery,
): Promise<Result<Paginated<AttendanceRequestView>>> {
  const employeeId = await resolveEmployee(ctx.db, { userId: ctx.actor.id }, { activeOnly: false });
  if (!employeeId.ok) return employeeId;
  return ok(await selectRequestPage(ctx.db, { ...query, employeeId: employeeId.value }, query, query));
}

type Decision = { status: "approved" } | { status: "rejected"; reason: string };

/** The request is not about the employee linked to `userId`. */
const notAbout = (userId: string) =>
  sql`${attendanceRequests.employeeId} not in (select id from employees where user_id = ${userId})`;

/**
 * Open → approved or rejected, never by the employee the request is about: a manager approving their own hours would
 * need no one's agreement. The conditional UPDATE takes the row lock, so of concurrent decisions exactly one finds the
 * request Open; the others get `AlreadyDecided`.
 */
async function decide(tx: Transaction, ctx: AttendanceWriteContext, id: string, decision: Decision) {
  const actorId = ctx.actor.id;
  const [decided] = await tx
    .update(attendanceRequests)
    .set({
      status: decision.status,
      decidedByUserId: actorId,
      decidedAt: ctx.now(),
      rejectionReason: decision.status === "rejected" ? decision.reason : null,
    })
    .where(and(eq(attendanceRequests.id, id), ONLY_OPEN, notAbout(actorId)))
    .returning();
  if (decided) return ok(decided);
  const [found] = await tx
    .select({ ownerId: employees.userId })
    .from(attendanceRequests)
    .innerJoin(employees, eq(employees.id, attendanceRequests.employeeId))
    .where(eq(attendanceRequests.id, id));
  if (!found) return fail(AttendanceErrors.requestNotFound);
  return fail(found.ownerId === actorId ? AttendanceErrors.selfDecision : AttendanceErrors.alreadyDecided);
}

/**
 * Spec 3.2 approve: the day is classified again from the corrected times by the same rules as the nightly job,
 * marked IsRegularized, audited as a Warning and mailed to the employee, all in one transaction; then the cached
 * record is dropped.
 */
export async function approveRequest(ctx: AttendanceWriteContext, id: string): Promise<Result<AttendanceRequestView>> {
  const approved = await rollbackOnFailure(ctx.db, async (tx) => {
    const decided = await decide(tx, ctx, id, { status: "approved" });
    if (!decided.ok) return decided;
    const request = decided.value;
    const calendar = await employeeCalendar(tx, request.employeeId, request.attendanceDate);
    const day = classifyDay({
      date: request.attendanceDate,
      ...calendar,
      checkIn: request.requestedCheckIn,
      checkOut: request.requestedCheckOut,
    });
    await saveRegularizedRecord(tx, request.employeeId, day);
    await queueDecisionMail(tx, request, ctx.club);
    await recordAudit(tx, {
      action: "personnel.attendance_regularized",
      severity: "Warning",
      actorId: ctx.actor.id,
      entity: "employee",
      entityId: request.employeeId,
      data: {
        requestId: id,
        date: day.date,
        status: day.status,
        hoursWorked: day.hoursWorked,
        checkIn: day.checkInAt,
        checkOut: day.checkOutAt,
      },
    });
    return ok(request);
  });
  if (!approved.ok) return approved;
  await forgetRecord(ctx, approved.value.employeeId, approved.value.attendanceDate);
  return ok(await requireRequest(ctx, id));
}

/** Spec 3.2 reject: the reason is stored, the employee is mailed, and the attendance record stays as it was. */
export async function rejectRequest(
  ctx: AttendanceWriteContext,
  id: string,
  reason: string,
): Promise<Result<AttendanceRequestView>> {
  const rejected = await rollbackOnFailure(ctx.db, async (tx) => {
    const decided = await decide(tx, ctx, id, { status: "rejected", reason });
    if (!decided.ok) return decided;
    await queueDecisionMail(tx, decided.value, ctx.club);
    await recordAudit(tx, {
      action: "personnel.attendance_request_rejected",
      severity: "Info",
      actorId: ctx.actor.id,
      entity: "attendance_request",
      entityId: id,
      data: { employeeId: decided.value.employeeId, date: decided.value.attendanceDate, reason },
    });
    return ok(id);
  });
  return rejected.ok ? ok(await requireRequest(ctx, id)) : rejected;
}
