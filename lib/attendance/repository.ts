import { aliasedTable, and, asc, desc, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import type { Executor } from "@/lib/platform/db";
import { countRowsOf, selectPage } from "@/lib/platform/db/paged-select";
import {
  attendanceRecords,
  attendanceRequests,
  employees,
  holidayEntries,
  holidayLists,
  users,
} from "@/lib/platform/db/schema";
import { type PageRequest, type Paginated, withItems } from "@/lib/platform/pagination";
import type { DayClassification } from "./classify";
import type { RequestStatus } from "./schemas";

type PersonName = { id: string; firstName: string; lastName: string };

/** A correction request as the API shows it, with who asked and who decided. */
export type AttendanceRequestView = {
  id: string;
  employeeId: string;
  employee: PersonName & { email: string; userId: string };
  date: string;
  checkIn: string;
  checkOut: string;
  reason: string;
  status: RequestStatus;
  decidedBy: PersonName | null;
  decidedAt: string | null;
  rejectionReason: string | null;
  createdAt: string;
};

export type RequestFilters = { employeeId?: string; status?: RequestStatus; from?: string; to?: string };
export type RequestOrder = { orderBy: "createdAt" | "date"; orderDirection: "asc" | "desc" };

const deciders = aliasedTable(users, "deciders");

function requestFilter(filters: RequestFilters): SQL | undefined {
  return and(
    filters.employeeId ? eq(attendanceRequests.employeeId, filters.employeeId) : undefined,
    filters.status ? eq(attendanceRequests.status, filters.status) : undefined,
    filters.from ? gte(attendanceRequests.attendanceDate, filters.from) : undefined,
    filters.to ? lte(attendanceRequests.attendanceDate, filters.to) : undefined,
  );
}

function selectRequests(executor: Executor) {
  return executor
    .select({
      request: attendanceRequests,
      employee: {
        id: employees.id,
        userId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      },
      decider: { id: deciders.id, firstName: deciders.firstName, lastName: deciders.lastName },
    })
    .from(attendanceRequests)
    .innerJoin(employees, eq(employees.id, attendanceRequests.employeeId))
    .innerJoin(users, eq(users.id, employees.userId))
    .leftJoin(deciders, eq(deciders.id, attendanceRequests.decidedByUserId));
}

type SelectedRequest = {
  request: typeof attendanceRequests.$inferSelect;
  employee: AttendanceRequestView["employee"];
  decider: PersonName | null;
};

function requestView({ request, employee, decider }: SelectedRequest): AttendanceRequestView {
  return {
    id: request.id,
    employeeId: request.employeeId,
    employee,
    date: request.attendanceDate,
    checkIn: request.requestedCheckIn.toISOString(),
    checkOut: request.requestedCheckOut.toISOString(),
    reason: request.reason,
    status: request.status,
    decidedBy: decider,
    decidedAt: request.decidedAt?.toISOString() ?? null,
    rejectionReason: request.rejectionReason,
    createdAt: request.createdAt.toISOString(),
  };
}

export async function findRequest(executor: Executor, id: string): Promise<AttendanceRequestView | null> {
  const [row] = await selectRequests(executor).where(eq(attendanceRequests.id, id));
  return row ? requestView(row) : null;
}

/** One page of requests, ordered with the id as tie-breaker so pages are stable. */
export async function selectRequestPage(
  executor: Executor,
  filters: RequestFilters,
  order: RequestOrder,
  page: PageRequest,
): Promise<Paginated<AttendanceRequestView>> {
  const direction = order.orderDirection === "asc" ? asc : desc;
  const column = order.orderBy === "date" ? attendanceRequests.attendanceDate : attendanceRequests.createdAt;
  const rows = await selectPage(
    { rows: selectRequests(executor).$dynamic(), count: countRowsOf(executor, attendanceRequests) },
    requestFilter(filters),
    [direction(column), direction(attendanceRequests.createdAt), direction(attendanceRequests.id)],
    page,
  );
  return withItems(rows, rows.items.map(requestView));
}

/**
 * The employee's weekly off days and whether `date` is in their holiday list (their own, else the club's default):
 * what classifying a day needs, read as the nightly job reads it.
 */
export async function employeeCalendar(executor: Executor, employeeId: string, date: string) {
  const [calendar] = await executor
    .select({
      weeklyOffDays: sql<number[]>`coalesce(${holidayLists.weeklyOffDays}, '{}'::smallint[])`,
      isHoliday: sql<boolean>`exists (select 1 from ${holidayEntries} where ${holidayEntries.holidayListId} = ${holidayLists.id} and ${holidayEntries.date} = ${date})`,
    })
    .from(employees)
    .leftJoin(
      holidayLists,
      eq(holidayLists.id, sql`coalesce(${employees.holidayListId}, (select id from holiday_lists where is_default))`),
    )
    .where(eq(employees.id, employeeId));
  return { weeklyOffDays: calendar?.weeklyOffDays ?? [], holidays: new Set(calendar?.isHoliday ? [date] : []) };
}

/** Writes a corrected day: the record is marked regularized, so the nightly job leaves it alone from now on. */
export async function saveRegularizedRecord(
  executor: Executor,
  employeeId: string,
  day: DayClassification,
): Promise<void> {
  const values = {
    status: day.status,
    checkInAt: day.checkInAt,
    checkOutAt: day.checkOutAt,
    hoursWorked: day.hoursWorked,
    lateEntryMinutes: day.lateEntryMinutes,
    earlyExitMinutes: day.earlyExitMinutes,
    overtimeHours: day.overtimeHours,
    isRegularized: true,
    updatedAt: new Date(),
  };
  await executor
    .insert(attendanceRecords)
    .values({ employeeId, date: day.date, ...values })
    .onConflictDoUpdate({ target: [attendanceRecords.employeeId, attendanceRecords.date], set: values });
}
