import { clockStateResponse } from "@/app/api/responses";
import { clockState } from "@/lib/attendance/clock";
import { employeeParams } from "@/lib/attendance/schemas";
import { EmployeeErrors } from "@/lib/employees/errors";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** Whether the employee is clocked in now, and since when. */
export const GET = route(
  {
    access: "attendance:read-any",
    params: employeeParams,
    summary: "Whether an employee is clocked in",
    response: { schema: clockStateResponse },
    errors: [EmployeeErrors.notFound],
  },
  async ({ params, services }) => clockState(services, { employeeId: params.id }),
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
