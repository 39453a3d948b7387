import { attendancePageResponse } from "@/app/api/responses";
import { AttendanceErrors } from "@/lib/attendance/errors";
import { listRecords } from "@/lib/attendance/records";
import { attendanceListQuery } from "@/lib/attendance/schemas";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** Spec 4.3: the caller's own attendance history. */
export const GET = route(
  {
    access: "attendance:read",
    query: attendanceListQuery,
    summary: "The caller's attendance history",
    response: { schema: attendancePageResponse },
    errors: [AttendanceErrors.notAnEmployee],
  },
  async ({ query, principal, services }) => listRecords(services, { userId: principal.id }, query),
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
