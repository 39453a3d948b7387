import { and, eq } from "drizzle-orm";
import { type AuditEntry, recordAudit } from "@/lib/audit/record";
import { localDate } from "@/lib/platform/calendar";
import type { Database, Transaction } from "@/lib/platform/db";
import {
  acceptsVersion,
  type ExpectedVersion,
  nextVersion,
  refusalOfConditionalWrite,
  staleVersion,
  versionMatches,
} from "@/lib/platform/db/row-version";
import { employees, holidayLists, shiftTypes } from "@/lib/platform/db/schema";
import { commitWhatever, rollbackOnFailure } from "@/lib/platform/db/transaction";
import { violatedUniqueConstraint } from "@/lib/platform/errors";
import type { Paginated } from "@/lib/platform/pagination";
import { type BusinessError, fail, ok, type Result } from "@/lib/platform/result";
import type { Acting, ServiceContext } from "@/lib/services/context";
import { EmployeeErrors, HolidayListErrors, ShiftTypeErrors } from "./errors";
import { presetEntries } from "./holiday-presets";
import {
  addHolidayEntries,
  countEmployeesUsing,
  type Employee,
  findEmployee,
  findHolidayList,
  findShiftType,
  type HolidayList,
  type HolidayListSummary,
  lockEmployee,
  lockHolidayList,
  releaseDefaultHolidayList,
  replaceHolidayEntries,
  type ShiftType,
  selectEmployeePage,
  selectHolidayListPage,
  selectShiftTypePage,
  userExists,
} from "./repository";
import type {
  ApplyHolidayPresetInput,
  CreateEmployeeInput,
  EmployeeListQuery,
  HolidayListInput,
  HolidayListListQuery,
  ShiftTypeInput,
  ShiftTypeListQuery,
  UpdateEmployeeInput,
} from "./schemas";

/** What the personnel services need: the database and who acts (for the audit trail). */
export type PersonnelContext = Pick<ServiceContext, "db"> & Acting;
/** Adding an employee also needs today's date on the club's calendar, their default start date. */
export type HiringClock = Acting & Pick<ServiceContext, "now"> & { club: Pick<ServiceContext["club"], "timeZone"> };
type HiringContext = PersonnelContext & HiringClock;
type Reader = Pick<ServiceContext, "db">;

/**
 * Runs a write in one transaction and turns a clash on the unique constraint `constraint` into `error`: the database
 * decides, so of simultaneous writes exactly one wins. A refused write changes nothing: a PUT making an unknown list
 * the default must not have released the current default.
 */
async function writeUnique<T>(
  db: Database,
  constraint: string,
  error: BusinessError,
  work: (tx: Transaction) => Promise<Result<T>>,
): Promise<Result<T>> {
  try {
    return await rollbackOnFailure(db, work);
  } catch (thrown) {
    if (violatedUniqueConstraint(thrown) === constraint) return fail(error);
    throw thrown;
  }
}

/** Personnel audit entries are written by the acting user, in the transaction of their change. */
function audit(tx: Transaction, ctx: Acting, entry: Omit<AuditEntry, "actorId">): Promise<void> {
  return recordAudit(tx, { ...entry, actorId: ctx.actor.id });
}

/** Read back inside the transaction that wrote it, so the answer is exactly what was committed. */
async function reread<T>(
  find: (tx: Transaction, id: string) => Promise<T | null>,
  tx: Transaction,
  id: string,
): Promise<Result<T>> {
  const found = await find(tx, id);
  if (!found) throw new Error(`row ${id} vanished inside its own transaction`);
  return ok(found);
}

// Employees

export async function listEmployees(ctx: Reader, query: EmployeeListQuery): Promise<Paginated<Employee>> {
  return selectEmployeePage(ctx.db, query);
}

export async function getEmployee(ctx: Reader, id: string): Promise<Result<Employee>> {
  const employee = await findEmployee(ctx.db, id);
  return employee ? ok(employee) : fail(EmployeeErrors.notFound);
}

/**
 * Adds the employee record of an existing user, with its audit entry, in the caller's transaction (also how
 * lib/staff adds a staff member in one step). Without a start date the employee starts today on the club's calendar,
 * so no day before they existed is classified Absent. A second record of one user breaks employees_user_key.
 */
export async function insertEmployee(
  tx: Transaction,
  ctx: HiringClock,
  input: CreateEmployeeInput,
): Promise<Result<Employee>> {
  if (!(await userExists(tx, input.userId))) return fail(EmployeeErrors.userNotFound);
  if (input.holidayListId && !(await lockHolidayList(tx, input.holidayListId, "key share")))
    return fail(EmployeeErrors.holidayListNotFound);
  const values = { ...input, startsOn: input.startsOn ?? localDate(ctx.now(), ctx.club.timeZone) };
  const [created] = await tx.insert(employees).values(values).returning({ id: employees.id });
  if (!created) throw new Error("insert returned no employee");
  await audit(tx, ctx, {
    action: "personnel.employee_created",
    severity: "Info",
    entity: "employee",
    entityId: created.id,
    data: values,
  });
  return reread(findEmployee, tx, created.id);
}

/** One employee per user: the unique constraint employees_user_key refuses a second, however simultaneous. */
export function createEmployee(ctx: HiringContext, input: CreateEmployeeInput): Promise<Result<Employee>> {
  return writeUnique(ctx.db, "employees_user_key", EmployeeErrors.alreadyExists, (tx) =>
    insertEmployee(tx, ctx, input),
  );
}

/** Deactivating stops the employee's clock-ins and their nightly classification (the attendance module reads isActive). */
export function updateEmployee(
  ctx: PersonnelContext,
  id: string,
  input: UpdateEmployeeInput,
  expected?: ExpectedVersion,
): Promise<Result<Employee>> {
  return commitWhatever(ctx.db, async (tx) => {
    const locked = await lockEmployee(tx, id);
    if (!locked) return fail(EmployeeErrors.notFound);
    const { version, ...before } = locked;
    if (!acceptsVersion(expected, version)) return fail(staleVersion(version));
    if (input.holidayListId && !(await lockHolidayList(tx, input.holidayListId, "key share")))
      return fail(EmployeeErrors.holidayListNotFound);
    const after = { ...input, startsOn: input.startsOn ?? before.startsOn };
    // A PUT that changes nothing writes nothing, so the audit trail records changes only.
    if (
      before.isActive !== after.isActive ||
      before.holidayListId !== after.holidayListId ||
      before.startsOn !== after.startsOn
    ) {
      await tx
        .update(employees)
        .set({ ...after, updatedAt: new Date(), version: nextVersion(employees.version) })
        .where(eq(employees.id, id));
      await audit(tx, ctx, {
        action: "personnel.employee_updated",
        severity: "Info",
        entity: "employee",
        entityId: id,
        data: { from: before, to: after },
      });
    }
    return reread(findEmployee, tx, id);
  });
}

// Holiday lists

export async function listHolidayLists(
  ctx: Reader,
  query: HolidayListListQuery,
): Promise<Paginated<HolidayListSummary>> {
  return selectHolidayListPage(ctx.db, query);
}

export async function getHolidayList(ctx: Reader, id: string): Promise<Result<HolidayList>> {
  const list = await findHolidayList(ctx.db, id);
  return list ? ok(list) : fail(HolidayListErrors.notFound);
}

/** The columns a create or PUT writes; an omitted isDefault is left as it is (false on a new list). */
const holidayListValues = (input: HolidayListInput) => ({
  name: input.name,
  weeklyOffDays: input.weeklyOffDays,
  ...(input.isDefault === undefined ? {} : { isDefault: input.isDefault }),
});

export function createHolidayList(ctx: PersonnelContext, input: HolidayListInput): Promise<Result<HolidayList>> {
  return writeUnique(ctx.db, "holiday_lists_name_key", HolidayListErrors.duplicateName, async (tx) => {
    if (input.isDefault) await releaseDefaultHolidayList(tx);
    const [created] = await tx.insert(holidayLists).values(holidayListValues(input)).returning({ id: holidayLists.id });
    if (!created) throw new Error("insert returned no holiday list");
    await replaceHolidayEntries(tx, created.id, input.entries);
    await audit(tx, ctx, {
      action: "personnel.holiday_list_created",
      severity: "Info",
      entity: "holiday_list",
      entityId: created.id,
      data: input,
    });
    return reread(findHolidayList, tx, created.id);
  });
}

/** Replaces the name, the weekly off days and the whole set of entries at once. */
export function updateHolidayList(
  ctx: PersonnelContext,
  id: string,
  input: HolidayListInput,
  expected?: ExpectedVersion,
): Promise<Result<HolidayList>> {
  return writeUnique(ctx.db, "holiday_lists_name_key", HolidayListErrors.duplicateName, async (tx) => {
    if (input.isDefault) await releaseDefaultHolidayList(tx, id);
    const [updated] = await tx
      .update(holidayLists)
      .set({ ...holidayListValues(input), updatedAt: new Date(), version: nextVersion(holidayLists.version) })
      .where(and(eq(holidayLists.id, id), versionMatches(holidayLists.version, expected)))
      .returning({ id: holidayLists.id });
    if (!updated) return fail(await refusalOfConditionalWrite(tx, holidayLists, id, HolidayListErrors.notFound));
    await replaceHolidayEntries(tx, id, input.entries);
    await audit(tx, ctx, {
      action: "personnel.holiday_list_updated",
      severity: "Info",
      entity: "holiday_list",
      entityId: id,
      data: input,
    });
    return reread(findHolidayList, tx, id);
  });
}

/**
 * Adds a preset's holidays for one year to the list. Idempotent: dates the list already has are left as they are
 * (their descriptions too), so applying a preset twice adds nothing the second time and writes no audit entry.
 */
export function applyHolidayPreset(
  ctx: PersonnelContext,
  id: string,
  input: ApplyHolidayPresetInput,
  expected?: ExpectedVersion,
): Promise<Result<HolidayList>> {
  return commitWhatever(ctx.db, async (tx) => {
    const entries = presetEntries(input.preset, input.year, input.language);
    if (!entries) return fail(HolidayListErrors.presetYearNotAvailable);
    const locked = await lockHolidayList(tx, id, "update");
    if (!locked) return fail(HolidayListErrors.notFound);
    if (!acceptsVersion(expected, locked.version)) return fail(staleVersion(locked.version));
    const added = await addHolidayEntries(tx, id, entries);
    if (added > 0) {
      await tx
        .update(holidayLists)
        .set({ updatedAt: new Date(), version: nextVersion(holidayLists.version) })
        .where(eq(holidayLists.id, id));
      await audit(tx, ctx, {
        action: "personnel.holiday_preset_applied",
        severity: "Info",
        entity: "holiday_list",
        entityId: id,
        data: { ...input, added },
      });
    }
    return reread(findHolidayList, tx, id);
  });
}

/**
 * Refused while any employee (active or not) uses the list: the foreign key would silently unassign them. The row
 * lock is taken first, so an employee being given this list meanwhile is either counted or refused, never orphaned.
 */
export function deleteHolidayList(
  ctx: PersonnelContext,
  id: string,
  expected?: ExpectedVersion,
): Promise<Result<void>> {
  return commitWhatever(ctx.db, async (tx) => {
    const locked = await lockHolidayList(tx, id, "update");
    if (!locked) return fail(HolidayListErrors.notFound);
    if (!acceptsVersion(expected, locked.version)) return fail(staleVersion(locked.version));
    // Deleting the default would silently leave every employee without a list working every day.
    if (locked.isDefault) return fail(HolidayListErrors.isDefault);
    if ((await countEmployeesUsing(tx, id)) > 0) return fail(HolidayListErrors.inUse);
    const [deleted] = await tx
      .delete(holidayLists)
      .where(eq(holidayLists.id, id))
      .returning({ name: holidayLists.name });
    await audit(tx, ctx, {
      action: "personnel.holiday_list_deleted",
      severity: "Warning",
      entity: "holiday_list",
      entityId: id,
      data: { name: deleted?.name },
    });
    return ok(undefined);
  });
}

// Shift types: data only, since assigning them to employees is inactive (spec 2.8).

export async function listShiftTypes(ctx: Reader, query: ShiftTypeListQuery): Promise<Paginated<ShiftType>> {
  return selectShiftTypePage(ctx.db, query);
}

export async function getShiftType(ctx: Reader, id: string): Promise<Result<ShiftType>> {
  const shiftType = await findShiftType(ctx.db, id);
  return shiftType ? ok(shiftType) : fail(ShiftTypeErrors.notFound);
}

export function createShiftType(ctx: PersonnelContext, input: ShiftTypeInput): Promise<Result<ShiftType>> {
  return writeUnique(ctx.db, "shift_types_name_key", ShiftTypeErrors.duplicateName, async (tx) => {
    const [created] = await tx.insert(shiftTypes).values(input).returning({ id: shiftTypes.id });
    if (!created) throw new Error("insert returned no shift type");
    await audit(tx, ctx, {
      action: "personnel.shift_type_created",
      severity: "Info",
      entity: "shift_type",
      entityId: created.id,
      data: input,
    });
    return reread(findShiftType, tx, created.id);
  });
}

/** The WHERE of a shift type write: the row, at the version the request expects (If-Match), if it names one. */
const shiftTypeAt = (id: string, expected: ExpectedVersion) =>
  and(eq(shiftTypes.id, id), versionMatches(shiftTypes.version, expected));

export function updateShiftType(
  ctx: PersonnelContext,
  id: string,
  input: ShiftTypeInput,
  expected?: ExpectedVersion,
): Promise<Result<ShiftType>> {
  return writeUnique(ctx.db, "shift_types_name_key", ShiftTypeErrors.duplicateName, async (tx) => {
    const [updated] = await tx
      .update(shiftTypes)
      .set({ ...input, version: nextVersion(shiftTypes.version) })
      .where(shiftTypeAt(id, expected))
      .returning({ id: shiftTypes.id });
    if (!updated) return fail(await refusalOfConditionalWrite(tx, shiftTypes, id, ShiftTypeErrors.notFound));
    await audit(tx, ctx, {
      action: "personnel.shift_type_updated",
      severity: "Info",
      entity: "shift_type",
      entityId: id,
      data: input,
    });
    return reread(findShiftType, tx, id);
  });
}

/** Nothing references a shift type while assignment is inactive, so it is removed outright. */
export function deleteShiftType(ctx: PersonnelContext, id: string, expected?: ExpectedVersion): Promise<Result<void>> {
  return commitWhatever(ctx.db, async (tx) => {
    const [deleted] = await tx.delete(shiftTypes).where(shiftTypeAt(id, expected)).returning({ name: shiftTypes.name });
    if (!deleted) return fail(await refusalOfConditionalWrite(tx, shiftTypes, id, ShiftTypeErrors.notFound));
    await audit(tx, ctx, {
      action: "personnel.shift_type_deleted",
      severity: "Warning",
      entity: "shift_type",
      entityId: id,
      data: { name: deleted.name },
    });
    return ok(undefined);
  });
}
