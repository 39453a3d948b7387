import { randomUUID } from "node:crypto";
import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import { auditRowsFrom } from "@/lib/audit/record";
import { EmployeeErrors } from "@/lib/employees/errors";
import { executeRows } from "@/lib/platform/db/rows";
import { employeeCheckins } from "@/lib/platform/db/schema";
import { fail, ok, type Result } from "@/lib/platform/result";
import type { AttendanceContext, AttendanceWriteContext } from "./context";
import { type EmployeeRef, resolveEmployee } from "./employee";
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

/** The employee a clock event is for, who must be active: by id (HR) or by the caller's user (self-service). */
function activeEmployee(ref: EmployeeRef): SQL {
  const match = "employeeId" in ref ? sql`id = ${ref.employeeId}` : sql`user_id = ${ref.userId}`;
  return sql`select id from employees where ${match} and is_active`;
}

const notFound = (ref: EmployeeRef) =>
  "employeeId" in ref ? EmployeeErrors.notActive : AttendanceErrors.notAnEmployee;

/** The event the caller asked for, before the statement finds whose it is. */
function plannedEvent(
  direction: "in" | "out",
  actorId: string,
  request: ClockRequest,
  occurredAt: Date,
): Omit<CheckEvent, "employeeId"> {
  return {
    id: randomUUID(),
    direction,
    source: request.source,
    note: request.note || null,
    occurredAt: occurredAt.toISOString(),
    recordedByUserId: actorId,
  };
}

/**
 * Spec 3.4: not clocked in → clocked in. One statement resolves the active employee, inserts the event and its audit
 * entry (spec 6: Manual is a Warning, so HR reviews hand-entered times). The partial unique index
 * `employee_checkins_one_open_in` makes a second open clock-in impossible: of concurrent calls exactly one inserts and
 * the others see `Checkin.AlreadyClockedIn`.
 */
export async function clockIn(
  ctx: AttendanceWriteContext,
  ref: EmployeeRef,
  request: ClockRequest,
): Promise<Result<CheckEvent>> {
  const actorId = ctx.actor.id;
  const event = plannedEvent("in", actorId, request, ctx.now());
  const manual = request.source === "Manual";
  const [row] = await executeRows<{ employee_id: string; inserted: boolean }>(
    ctx.db,
    sql`with employee as (${activeEmployee(ref)}),
      inserted as (
        insert into employee_checkins (id, employee_id, direction, source, note, occurred_at, recorded_by_user_id)
        select ${event.id}::uuid, id, 'in', ${event.source}::checkin_source, ${event.note}::text, ${event.occurredAt}::timestamptz, ${actorId}::uuid
        from employee
        on conflict (employee_id) where direction = 'in' and closed_at is null do nothing
        returning employee_id
      ),
      audited as (${auditRowsFrom(sql`inserted`, sql`employee_id`, {
        action: manual ? "personnel.manual_checkin" : "personnel.clock_in",
        severity: manual ? "Warning" : "Info",
        actorId,
        entity: "employee",
        data: { checkinId: event.id, source: event.source, note: event.note, occurredAt: event.occurredAt },
      })})
      select employee.id as employee_id, exists (select 1 from inserted) as inserted from employee`,
  );
  if (!row) return fail(notFound(ref));
  if (!row.inserted) return fail(AttendanceErrors.alreadyClockedIn);
  return ok({ ...event, employeeId: row.employee_id });
}

/**
 * Spec 3.4: clocked in → not clocked in. One statement closes the open clock-in, writes the out event paired with it
 * and the audit entry; the row lock of the UPDATE lets only one of concurrent clock-outs find the clock-in open.
 */
export async function clockOut(
  ctx: AttendanceWriteContext,
  ref: EmployeeRef,
  request: ClockRequest,
): Promise<Result<ClockOut>> {
  const actorId = ctx.actor.id;
  const event = plannedEvent("out", actorId, request, ctx.now());
  const [row] = await executeRows<{
    employee_id: string;
    check_in_id: string | null;
    check_in_at: string | Date | null;
  }>(
    ctx.db,
    sql`with employee as (${activeEmployee(ref)}),
      closed as (
        update employee_checkins set closed_at = ${event.occurredAt}::timestamptz
        where employee_id = (select id from employee) and direction = 'in' and closed_at is null
        returning id, employee_id, occurred_at
      ),
      inserted as (
        insert into employee_checkins (id, employee_id, direction, source, note, occurred_at, recorded_by_user_id, paired_checkin_id)
        select ${event.id}::uuid, employee_id, 'out', ${event.source}::checkin_source, ${event.note}::text, ${event.occurredAt}::timestamptz,
          ${actorId}::uuid, id
        from closed
      ),
      audited as (${auditRowsFrom(sql`closed`, sql`employee_id`, {
        action: "personnel.clock_out",
        severity: "Info",
        actorId,
        entity: "employee",
        data: { checkinId: event.id, source: event.source, note: event.note, occurredAt: event.occurredAt },
      })})
      select employee.id as employee_id, closed.id as check_in_id, closed.occurred_at as check_in_at
      from employee left join closed on true`,
  );
  if (!row) return fail(notFound(ref));
  if (!row.check_in_id || !row.check_in_at) return fail(AttendanceErrors.noActiveCheckin);
  return ok({
    ...event,
    employeeId: row.employee_id,
    checkIn: { id: row.check_in_id, occurredAt: new Date(row.check_in_at).toISOString() },
  });
}

/** Whether the employee is clocked in now, and since when: what a clock button shows. */
export async function clockState(ctx: AttendanceContext, ref: EmployeeRef): Promise<Result<ClockState>> {
  const employeeId = await resolveEmployee(ctx.db, ref, { activeOnly: false });
  if (!employeeId.ok) return employeeId;
  const [open] = await ctx.db
    .select({ id: employeeCheckins.id, occurredAt: employeeCheckins.occurredAt })
    .from(employeeCheckins)
    .where(
      and(
        eq(employeeCheckins.employeeId, employeeId.value),
        eq(employeeCheckins.direction, "in"),
        isNull(employeeCheckins.closedAt),
      ),
    );
  return ok({
    employeeId: employeeId.value,
    clockedIn: open !== undefined,
    checkIn: open ? { id: open.id, occurredAt: open.occurredAt.toISOString() } : null,
  });
}
