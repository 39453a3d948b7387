import { and, asc, count, desc, eq, ilike, ne, or, type SQL, sql } from "drizzle-orm";
import type { LockStrength } from "drizzle-orm/pg-core";
import type { Executor } from "@/lib/platform/db";
import { containing } from "@/lib/platform/db/like";
import { countRowsOf, selectPage } from "@/lib/platform/db/paged-select";
import { nextVersion } from "@/lib/platform/db/row-version";
import { employees, holidayEntries, holidayLists, shiftTypes, users } from "@/lib/platform/db/schema";
import { type Paginated, withItems } from "@/lib/platform/pagination";
import type { EmployeeListQuery, HolidayListInput, HolidayListListQuery, ShiftTypeListQuery } from "./schemas";

const directionOf = (query: { orderDirection: "asc" | "desc" }) => (query.orderDirection === "asc" ? asc : desc);

// Employees

export type Employee = {
  id: string;
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  isActive: boolean;
  holidayList: { id: string; name: string } | null;
  /** YYYY-MM-DD on the club's calendar. */
  startsOn: string;
  createdAt: Date;
  updatedAt: Date;
  /** The record's version, its ETag: each change adds 1 (docs/api.md, Concurrency control). */
  version: number;
};

const employeeColumns = {
  id: employees.id,
  userId: employees.userId,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  isActive: employees.isActive,
  holidayListId: holidayLists.id,
  holidayListName: holidayLists.name,
  startsOn: employees.startsOn,
  createdAt: employees.createdAt,
  updatedAt: employees.updatedAt,
  version: employees.version,
};

const EMPLOYEE_ORDER = {
  name: [sql`lower(${users.lastName})`, sql`lower(${users.firstName})`],
  email: [sql`lower(${users.email})`],
  createdAt: [sql`${employees.createdAt}`],
  startsOn: [sql`${employees.startsOn}`],
} satisfies Record<EmployeeListQuery["orderBy"], SQL[]>;

/** Every word of `search` must appear in the user's first name, last name or email, so "ana garcía" finds Ana García. */
function employeeFilter(query: Pick<EmployeeListQuery, "search" | "isActive">): SQL | undefined {
  const words = query.search?.split(/\s+/).filter(Boolean) ?? [];
  return and(
    query.isActive === undefined ? undefined : eq(employees.isActive, query.isActive),
    ...words.map((word) =>
      or(
        ilike(users.firstName, containing(word)),
        ilike(users.lastName, containing(word)),
        ilike(users.email, containing(word)),
      ),
    ),
  );
}

function selectEmployees(executor: Executor) {
  return executor
    .select(employeeColumns)
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .leftJoin(holidayLists, eq(holidayLists.id, employees.holidayListId));
}

function toEmployee({
  holidayListId,
  holidayListName,
  ...row
}: Awaited<ReturnType<typeof selectEmployees>>[number]): Employee {
  return {
    ...row,
    holidayList:
      holidayListId !== null && holidayListName !== null ? { id: holidayListId, name: holidayListName } : null,
  };
}

export async function selectEmployeePage(executor: Executor, query: EmployeeListQuery): Promise<Paginated<Employee>> {
  const direction = directionOf(query);
  const page = await selectPage(
    {
      rows: selectEmployees(executor).$dynamic(),
      count: countRowsOf(executor, employees).innerJoin(users, eq(users.id, employees.userId)),
    },
    employeeFilter(query),
    [...EMPLOYEE_ORDER[query.orderBy].map((column) => direction(column)), asc(employees.id)],
    query,
  );
  return withItems(page, page.items.map(toEmployee));
}

export async function findEmployee(executor: Executor, id: string): Promise<Employee | null> {
  const [row] = await selectEmployees(executor).where(eq(employees.id, id));
  return row ? toEmployee(row) : null;
}

/** The fields a PUT may change, read under a row lock so the audit entry's "before" is the state that was replaced. */
export async function lockEmployee(
  executor: Executor,
  id: string,
): Promise<{ isActive: boolean; holidayListId: string | null; startsOn: string; version: number } | null> {
  const [row] = await executor
    .select({
      isActive: employees.isActive,
      holidayListId: employees.holidayListId,
      startsOn: employees.startsOn,
      version: employees.version,
    })
    .from(employees)
    .where(eq(employees.id, id))
    .for("update");
  return row ?? null;
}

/** Users are never deleted (only deactivated), so a plain read is enough. */
export async function userExists(executor: Executor, id: string): Promise<boolean> {
  const [row] = await executor.select({ id: users.id }).from(users).where(eq(users.id, id));
  return row !== undefined;
}

// Holiday lists

type HolidayEntry = { date: string; description: string | null };

export type HolidayListSummary = {
  id: string;
  name: string;
  /** ISO weekdays, 1 = Monday … 7 = Sunday, ascending. */
  weeklyOffDays: number[];
  /** The club's default list: it applies to every employee without a list of their own. */
  isDefault: boolean;
  entryCount: number;
  employeeCount: number;
  createdAt: Date;
  updatedAt: Date;
  /** The record's version, its ETag: each change adds 1 (docs/api.md, Concurrency control). */
  version: number;
};

export type HolidayList = HolidayListSummary & { entries: HolidayEntry[] };

const holidayListColumns = {
  id: holidayLists.id,
  name: holidayLists.name,
  weeklyOffDays: holidayLists.weeklyOffDays,
  isDefault: holidayLists.isDefault,
  // Written out with aliases: drizzle leaves columns unqualified in a single-table select, which a correlated subquery cannot use.
  entryCount: sql<number>`(select count(*) from holiday_entries he where he.holiday_list_id = "holiday_lists"."id")::int`,
  employeeCount: sql<number>`(select count(*) from employees e where e.holiday_list_id = "holiday_lists"."id")::int`,
  createdAt: holidayLists.createdAt,
  updatedAt: holidayLists.updatedAt,
  version: holidayLists.version,
};

const HOLIDAY_LIST_ORDER = {
  name: sql`lower(${holidayLists.name})`,
  createdAt: sql`${holidayLists.createdAt}`,
} satisfies Record<HolidayListListQuery["orderBy"], SQL>;

export function selectHolidayListPage(
  executor: Executor,
  query: HolidayListListQuery,
): Promise<Paginated<HolidayListSummary>> {
  return selectPage(
    {
      rows: executor.select(holidayListColumns).from(holidayLists).$dynamic(),
      count: countRowsOf(executor, holidayLists),
    },
    query.search ? ilike(holidayLists.name, containing(query.search)) : undefined,
    [directionOf(query)(HOLIDAY_LIST_ORDER[query.orderBy]), asc(holidayLists.id)],
    query,
  );
}

export async function findHolidayList(executor: Executor, id: string): Promise<HolidayList | null> {
  const [[summary], entries] = await Promise.all([
    executor.select(holidayListColumns).from(holidayLists).where(eq(holidayLists.id, id)),
    executor
      .select({ date: holidayEntries.date, description: holidayEntries.description })
      .from(holidayEntries)
      .where(eq(holidayEntries.holidayListId, id))
      .orderBy(asc(holidayEntries.date)),
  ]);
  return summary ? { ...summary, entries } : null;
}

/**
 * Locks a holiday list row if it exists. "key share" is what a foreign key check takes: it keeps the list from being
 * deleted until the caller commits. "update" waits for, then blocks, every such reference.
 */
export async function lockHolidayList(
  executor: Executor,
  id: string,
  strength: Extract<LockStrength, "update" | "key share">,
): Promise<{ version: number; isDefault: boolean } | null> {
  const [row] = await executor
    .select({ version: holidayLists.version, isDefault: holidayLists.isDefault })
    .from(holidayLists)
    .where(eq(holidayLists.id, id))
    .for(strength);
  return row ?? null;
}

export async function countEmployeesUsing(executor: Executor, holidayListId: string): Promise<number> {
  const [row] = await executor.select({ n: count() }).from(employees).where(eq(employees.holidayListId, holidayListId));
  return row?.n ?? 0;
}

/**
 * Unsets the current default list (other than `keptId`) before a list becomes the default. A transaction-level
 * advisory lock queues concurrent switches, so two lists made default at once end with the later one rather than the
 * unique index `holiday_lists_one_default` refusing the second; the index stays the guarantee.
 */
export async function releaseDefaultHolidayList(executor: Executor, keptId?: string): Promise<void> {
  await executor.execute(sql`select pg_advisory_xact_lock(hashtext('holiday_lists.is_default'))`);
  await executor
    .update(holidayLists)
    .set({ isDefault: false, updatedAt: new Date(), version: nextVersion(holidayLists.version) })
    .where(and(eq(holidayLists.isDefault, true), keptId ? ne(holidayLists.id, keptId) : undefined));
}

/** Adds the entries whose dates the list lacks; entries already there keep their description. Returns how many were added. */
export async function addHolidayEntries(
  executor: Executor,
  holidayListId: string,
  entries: HolidayListInput["entries"],
): Promise<number> {
  if (entries.length === 0) return 0;
  const added = await executor
    .insert(holidayEntries)
    .values(entries.map((entry) => ({ holidayListId, ...entry })))
    .onConflictDoNothing({ target: [holidayEntries.holidayListId, holidayEntries.date] })
    .returning({ date: holidayEntries.date });
  return added.length;
}

/** Set-based: one delete and one multi-row insert, whatever the number of entries. */
export async function replaceHolidayEntries(
  executor: Executor,
  holidayListId: string,
  entries: HolidayListInput["entries"],
): Promise<void> {
  await executor.delete(holidayEntries).where(eq(holidayEntries.holidayListId, holidayListId));
  if (entries.length === 0) return;
  await executor.insert(holidayEntries).values(entries.map((entry) => ({ holidayListId, ...entry })));
}

// Shift types

export type ShiftType = {
  id: string;
  name: string;
  /** "HH:MM", 24-hour. */
  shiftStart: string;
  shiftEnd: string;
  lateEntryToleranceMinutes: number;
  earlyExitToleranceMinutes: number;
  overtimeAfterMinutes: number;
  createdAt: Date;
  /** The record's version, its ETag: each change adds 1 (docs/api.md, Concurrency control). */
  version: number;
};

const shiftTypeColumns = {
  id: shiftTypes.id,
  name: shiftTypes.name,
  // The column is a time with seconds; the API speaks minutes.
  shiftStart: sql<string>`to_char(${shiftTypes.shiftStart}, 'HH24:MI')`,
  shiftEnd: sql<string>`to_char(${shiftTypes.shiftEnd}, 'HH24:MI')`,
  lateEntryToleranceMinutes: shiftTypes.lateEntryToleranceMinutes,
  earlyExitToleranceMinutes: shiftTypes.earlyExitToleranceMinutes,
  overtimeAfterMinutes: shiftTypes.overtimeAfterMinutes,
  createdAt: shiftTypes.createdAt,
  version: shiftTypes.version,
};

const SHIFT_TYPE_ORDER = {
  name: sql`lower(${shiftTypes.name})`,
  shiftStart: sql`${shiftTypes.shiftStart}`,
  createdAt: sql`${shiftTypes.createdAt}`,
} satisfies Record<ShiftTypeListQuery["orderBy"], SQL>;

export function selectShiftTypePage(executor: Executor, query: ShiftTypeListQuery): Promise<Paginated<ShiftType>> {
  return selectPage(
    { rows: executor.select(shiftTypeColumns).from(shiftTypes).$dynamic(), count: countRowsOf(executor, shiftTypes) },
    query.search ? ilike(shiftTypes.name, containing(query.search)) : undefined,
    [directionOf(query)(SHIFT_TYPE_ORDER[query.orderBy]), asc(shiftTypes.id)],
    query,
  );
}

export async function findShiftType(executor: Executor, id: string): Promise<ShiftType | null> {
  const [row] = await executor.select(shiftTypeColumns).from(shiftTypes).where(eq(shiftTypes.id, id));
  return row ?? null;
}
