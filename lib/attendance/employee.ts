import { and, eq, type SQL } from "drizzle-orm";
import { EmployeeErrors } from "@/lib/employees/errors";
import type { Executor } from "@/lib/platform/db";
import { employees } from "@/lib/platform/db/schema";
import { fail, ok, type Result } from "@/lib/platform/result";
import { AttendanceErrors } from "./errors";

/** Whose attendance a call is about: an employee by id (HR routes) or the caller's own (`/api/users/me/...`). */
export type EmployeeRef = { employeeId: string } | { userId: string };

/**
 * The employee's id, or the error the caller should see: an unknown id is `Employee.NotFound`, a user without an
 * employee record `Employee.NotLinked`. Clocking needs an active employee; reading history does not.
 */
export async function resolveEmployee(
  executor: Executor,
  ref: EmployeeRef,
  { activeOnly }: { activeOnly: boolean },
): Promise<Result<string>> {
  const conditions: SQL[] = [
    "employeeId" in ref ? eq(employees.id, ref.employeeId) : eq(employees.userId, ref.userId),
    ...(activeOnly ? [eq(employees.isActive, true)] : []),
  ];
  const [employee] = await executor
    .select({ id: employees.id })
    .from(employees)
    .where(and(...conditions));
  if (employee) return ok(employee.id);
  if (!("employeeId" in ref)) return fail(AttendanceErrors.notAnEmployee);
  return fail(activeOnly ? EmployeeErrors.notActive : EmployeeErrors.notFound);
}
