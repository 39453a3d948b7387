import { and, desc, eq, gte, lt, lte, type SQL } from "drizzle-orm";
import { decodeCursor, encodeCursor } from "@/lib/platform/cursor";
import { attendanceRecords } from "@/lib/platform/db/schema";
import { logger } from "@/lib/platform/logger";
import { fail, invalidFields, ok, type Result } from "@/lib/platform/result";
import type { AttendanceStatus } from "./classify";
import type { AttendanceContext } from "./context";
import { type EmployeeRef, resolveEmployee } from "./employee";
import { AttendanceErrors } from "./errors";
import type { AttendanceListQuery } from "./schemas";

/** Spec 2.6 in camelCase: lateEntry and earlyExit in minutes, hoursWorked and overtime in decimal hours. */
export type AttendanceRecordView = {
  employeeId: string;
  date: string;
  status: AttendanceStatus;
  checkInAt: string | null;
  checkOutAt: string | null;
  hoursWorked: number;
  lateEntry: number;
  earlyExit: number;
  overtime: number;
  isRegularized: boolean;
  updatedAt: string;
};

export type AttendancePage = { items: AttendanceRecordView[]; nextCursor: string | null };

/** Spec 8: a single record is cached for 5 minutes under exactly this key (4.3). */
const RECORD_CACHE_SECONDS = 300;
export const recordCacheKey = (employeeId: string, date: string) =>
  `personnel:employee:${employeeId}:attendance:${date}`;

type RecordRow = typeof attendanceRecords.$inferSelect;

function recordView(row: RecordRow): AttendanceRecordView {
  return {
    employeeId: row.employeeId,
    date: row.date,
    status: row.status,
    checkInAt: row.checkInAt?.toISOString() ?? null,
    checkOutAt: row.checkOutAt?.toISOString() ?? null,
    hoursWorked: Number(row.hoursWorked),
    lateEntry: row.lateEntryMinutes,
    earlyExit: row.earlyExitMinutes,
    overtime: Number(row.overtimeHours),
    isRegularized: row.isRegularized,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The cache only speeds reads up: when it fails, the database answers and the failure is logged. */
async function cached(ctx: AttendanceContext, key: string): Promise<AttendanceRecordView | null> {
  try {
    const hit = await ctx.cache.get(key);
    return hit === null ? null : (JSON.parse(hit) as AttendanceRecordView);
  } catch (error) {
    logger.warn({ err: error, key }, "attendance cache unavailable; reading the database");
    return null;
  }
}

async function remember(ctx: AttendanceContext, key: string, record: AttendanceRecordView): Promise<void> {
  await ctx.cache.set(key, JSON.stringify(record), RECORD_CACHE_SECONDS).catch((error: unknown) => {
    logger.warn({ err: error, key }, "attendance record not cached");
  });
}

/** Drops the cached record after it changed (an approved correction), so the next read sees the new one. */
export async function forgetRecord(ctx: AttendanceContext, employeeId: string, date: string): Promise<void> {
  await ctx.cache.del(recordCacheKey(employeeId, date)).catch((error: unknown) => {
    logger.error(
      { err: error, employeeId, date },
      "cached attendance record not invalidated; it expires within 5 minutes",
    );
  });
}

/** One day's record (spec 4.3), from the cache when a read in the last 5 minutes put it there. */
export async function getRecord(
  ctx: AttendanceContext,
  employeeId: string,
  date: string,
): Promise<Result<AttendanceRecordView>> {
  const key = recordCacheKey(employeeId, date);
  const hit = await cached(ctx, key);
  if (hit) return ok(hit);
  const [row] = await ctx.db
    .select()
    .from(attendanceRecords)
    .where(and(eq(attendanceRecords.employeeId, employeeId), eq(attendanceRecords.date, date)));
  if (!row) {
    // Only a miss needs to tell an unknown employee from a day without a record; a record implies its employee.
    const employee = await resolveEmployee(ctx.db, { employeeId }, { activeOnly: false });
    return fail(employee.ok ? AttendanceErrors.recordNotFound : employee.error);
  }
  const record = recordView(row);
  await remember(ctx, key, record);
  return ok(record);
}

const INVALID_CURSOR = invalidFields({
  cursor: ["Not a cursor this API issued for this list; start again without one."],
});

/**
 * History newest first, by keyset on the date (unique per employee), so pages neither repeat nor skip a record
 * while the nightly job writes others. The cursor is bound to the employee and filters it was issued for.
 */
export async function listRecords(
  ctx: AttendanceContext,
  ref: EmployeeRef,
  query: AttendanceListQuery,
): Promise<Result<AttendancePage>> {
  const employee = await resolveEmployee(ctx.db, ref, { activeOnly: false });
  if (!employee.ok) return employee;
  const binding = [employee.value, query.from, query.to, query.status].join("|");
  const conditions: SQL[] = [eq(attendanceRecords.employeeId, employee.value)];
  if (query.cursor !== undefined) {
    const position = decodeCursor(ctx.keys.cursor, binding, query.cursor);
    if (typeof position?.date !== "string") return fail(INVALID_CURSOR);
    conditions.push(lt(attendanceRecords.date, position.date));
  }
  if (query.from) conditions.push(gte(attendanceRecords.date, query.from));
  if (query.to) conditions.push(lte(attendanceRecords.date, query.to));
  if (query.status) conditions.push(eq(attendanceRecords.status, query.status));
  const rows = await ctx.db
    .select()
    .from(attendanceRecords)
    .where(and(...conditions))
    .orderBy(desc(attendanceRecords.date))
    .limit(query.limit + 1);
  const items = rows.slice(0, query.limit).map(recordView);
  const last = items.at(-1);
  const nextCursor =
    rows.length > query.limit && last ? encodeCursor(ctx.keys.cursor, binding, { date: last.date }) : null;
  return ok({ items, nextCursor });
}
