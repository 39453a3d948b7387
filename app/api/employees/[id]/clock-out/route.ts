import { clockOutResponse } from "@/app/api/responses";
import { clockOut } from "@/lib/attendance/clock";
import { AttendanceErrors } from "@/lib/attendance/errors";
import { clockSchema, employeeParams } from "@/lib/attendance/schemas";
import { EmployeeErrors } from "@/lib/employees/errors";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** Spec 4.3: HR clocks any active employee out. */
export const POST = route(
  {
    access: "attendance:clock-out-any",
    params: employeeParams,
    body: clockSchema,
    successStatus: 201,
    location: "/api/employees/{employeeId}/clock",
    summary: "Clock an employee out",
    response: { schema: clockOutResponse },
    errors: [EmployeeErrors.notActive, AttendanceErrors.noActiveCheckin],
  },
  async ({ params, body, services }) => clockOut(services, { employeeId: params.id }, body),
);

export const { DELETE, GET, HEAD, OPTIONS, PATCH, PUT } = otherMethods({ POST });
