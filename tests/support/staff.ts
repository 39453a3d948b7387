import type { Executor } from "@/lib/platform/db";
import { employees } from "@/lib/platform/db/schema";

/** A start date before every day the tests classify, so only tests about the start date meet it. */
export const LONG_EMPLOYED_SINCE = "2020-01-01";

/** Makes the user an employee directly in the database, for tests about attendance rather than staff admin. */
export async function addEmployee(
  executor: Executor,
  userId: string,
  values: { isActive?: boolean; holidayListId?: string; startsOn?: string } = {},
): Promise<string> {
  const [employee] = await executor
    .insert(employees)
    .values({ userId, startsOn: LONG_EMPLOYED_SINCE, ...values })
    .returning({ id: employees.id });
  if (!employee) throw new Error("employee not created");
  return employee.id;
}
