import { attendancePageResponse } from "@/app/api/responses";
import { listRecords } from "@/lib/attendance/records";
import { attendanceListQuery, employeeParams } from "@/lib/attendance/schemas";
import { EmployeeErrors } from "@/lib/employees/errors";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** Spec 4.3: an employee's attendance history, newest first, cursor-paginated. */
export const GET = route(
  {
    access: "attendance:read-any",
    params: employeeParams,
    query: attendanceListQuery,
    summary: "An employee's attendance history",
    response: { schema: attendancePageResponse },
    errors: [EmployeeErrors.notFound],
  },
  async ({ params, query, services }) => listRecords(services, { employeeId: params.id }, query),
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
