import type { Executor } from "@/lib/platform/db";
import { employees } from "@/lib/platform/db/schema";

/** Makes the user an employee directly in the database, for tests about attendance rather than staff admin. */
export async function addEmployee(
  executor: Executor,
  userId: string,
  values: { isActive?: boolean; holidayListId?: string } = {},
): Promise<string> {
  const [employee] = await executor
    .insert(employees)
    .values({ userId, ...values })
    .returning({ id: employees.id });
  if (!employee) throw new Error("employee not created");
  return employee.id;
}
