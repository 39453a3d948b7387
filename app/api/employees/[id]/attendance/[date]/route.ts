import { attendanceRecordResponse } from "@/app/api/responses";
import { AttendanceErrors } from "@/lib/attendance/errors";
import { getRecord } from "@/lib/attendance/records";
import { recordParams } from "@/lib/attendance/schemas";
import { EmployeeErrors } from "@/lib/employees/errors";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** Spec 4.3: one day's record, cached for 5 minutes. */
export const GET = route(
  {
    access: "attendance:read-any",
    params: recordParams,
    summary: "An employee's attendance on one day",
    response: { schema: attendanceRecordResponse },
    errors: [EmployeeErrors.notFound, AttendanceErrors.recordNotFound],
  },
  async ({ params, services }) => getRecord(services, params.id, params.date),
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
