import { and, eq, isNull, sql } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/record";
import { resultTransaction } from "@/lib/platform/db/transaction";
import { employeeCheckins } from "@/lib/platform/db/schema";
import { fail, ok, type Result } from "@/lib/platform/result";
import type { AttendanceContext } from "./context";
import { resolveEmployee, type EmployeeRef } from "./employee";
import { AttendanceErrors } from "./errors";
import type { CheckinSource, ClockRequest } from "./schemas";

export type CheckEvent = {
  id: string;
  employeeId: string;
  direction: "in" | "out";
  source: CheckinSource;
  note: string | null;
  occurredAt: string;
  /** The user who recorded it: the employee themself, or HR for `/api/employees/{id}/...`. */
  recordedByUserId: string | null;
};

export type ClockOut = CheckEvent & { checkIn: { id: string; occurredAt: string } };

export type ClockState = { employeeId: string; clockedIn: boolean; checkIn: { id: string; occurredAt: string } | null };

const OPEN_CLOCK_IN = sql`direction = 'in' and closed_at is null`;

type EventRow = typeof employeeCheckins.$inferSelect;

function eventView(row: EventRow): CheckEvent {
  return {
    id: row.id,
    employeeId: row.employeeId,
    direction: row.direction,
    source: row.source,
    note: row.note,
    occurredAt: row.occurredAt.toISOString(),
    recordedByUserId: row.recordedByUserId,
  };
}

/** Spec 6: a Manual clock-in is audited as a Warning, so HR reviews hand-entered times. */
function clockInAudit(event: EventRow) {
  const manual = event.source === "Manual";
  return {
    action: manual ? "personnel.manual_checkin" : "personnel.clock_in",
    severity: manual ? ("Warning" as const) : ("Info" as const),
  };
}

/**
 * Spec 3.4: not clocked in → clocked in. The partial unique index `employee_checkins_one_open_in` makes a second
 * open clock-in impossible, so concurrent calls get exactly one event; the losers see `Checkin.AlreadyClockedIn`.
 */
export async function clockIn(ctx: AttendanceContext, ref: EmployeeRef, actorId: string, request: ClockRequest): Promise<Result<CheckEvent>> {
  return resultTransaction(ctx.db, async (tx) => {
    const employeeId = await resolveEmployee(tx, ref, { activeOnly: true });
    if (!employeeId.ok) return employeeId;
    const [event] = await tx
      .insert(employeeCheckins)
      .values({
        employeeId: employeeId.value,
        direction: "in",
        source: request.source,
        note: request.note || null,
        occurredAt: ctx.now(),
        recordedByUserId: actorId,
      })
      .onConflictDoNothing({ target: employeeCheckins.employeeId, where: OPEN_CLOCK_IN })
      .returning();
    if (!event) return fail(AttendanceErrors.alreadyClockedIn);
    await recordAudit(tx, {
      ...clockInAudit(event),
      actorId,
      entity: "employee",
      entityId: event.employeeId,
      data: { checkinId: event.id, source: event.source, note: event.note, occurredAt: event.occurredAt.toISOString() },
    });
    return ok(eventView(event));
  });
}

/**
 * Spec 3.4: clocked in → not clocked in. Closing the open clock-in and writing the out event happen together;
 * the row lock of the UPDATE lets only one of two concurrent clock-outs find the clock-in still open.
 */
export async function clockOut(ctx: AttendanceContext, ref: EmployeeRef, actorId: string, request: ClockRequest): Promise<Result<ClockOut>> {
  return resultTransaction(ctx.db, async (tx) => {
    const employeeId = await resolveEmployee(tx, ref, { activeOnly: true });
    if (!employeeId.ok) return employeeId;
    const occurredAt = ctx.now();
    const [checkIn] = await tx
      .update(employeeCheckins)
      .set({ closedAt: occurredAt })
      .where(and(eq(employeeCheckins.employeeId, employeeId.value), eq(employeeCheckins.direction, "in"), isNull(employeeCheckins.closedAt)))
      .returning({ id: employeeCheckins.id, occurredAt: employeeCheckins.occurredAt });
    if (!checkIn) return fail(AttendanceErrors.noActiveCheckin);
    const [event] = await tx
      .insert(employeeCheckins)
      .values({
        employeeId: employeeId.value,
        direction: "out",
        source: request.source,
        note: request.note || null,
        occurredAt,
        recordedByUserId: actorId,
        pairedCheckinId: checkIn.id,
      })
      .returning();
    if (!event) throw new Error("the clock-out event was not written");
    await recordAudit(tx, {
      action: "personnel.clock_out",
      severity: "Info",
      actorId,
      entity: "employee",
      entityId: event.employeeId,
      data: { checkinId: event.id, pairedCheckinId: checkIn.id, source: event.source, note: event.note, occurredAt: occurredAt.toISOString() },
    });
    return ok({ ...eventView(event), checkIn: { id: checkIn.id, occurredAt: checkIn.occurredAt.toISOString() } });
  });
}

/** Whether the employee is clocked in now, and since when: what a clock button shows. */
export async function clockState(ctx: AttendanceContext, ref: EmployeeRef): Promise<Result<ClockState>> {
  const employeeId = await resolveEmployee(ctx.db, ref, { activeOnly: false });
  if (!employeeId.ok) return employeeId;
  const [open] = await ctx.db
    .select({ id: employeeCheckins.id, occurredAt: employeeCheckins.occurredAt })
    .from(employeeCheckins)
    .where(and(eq(employeeCheckins.employeeId, employeeId.value), eq(employeeCheckins.direction, "in"), isNull(employeeCheckins.closedAt)));
  return ok({
    employeeId: employeeId.value,
    clockedIn: open !== undefined,
    checkIn: open ? { id: open.id, occurredAt: open.occurredAt.toISOString() } : null,
  });
}
