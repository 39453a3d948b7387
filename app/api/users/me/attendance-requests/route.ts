import { attendanceRequestPageResponse } from "@/app/api/responses";
import { AttendanceErrors } from "@/lib/attendance/errors";
import { listOwnRequests } from "@/lib/attendance/requests";
import { ownRequestsQuery } from "@/lib/attendance/schemas";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** Spec 4.3: the caller's own correction requests. */
export const GET = route(
  {
    access: "attendance-requests:read",
    query: ownRequestsQuery,
    summary: "The caller's correction requests",
    response: { schema: attendanceRequestPageResponse },
    errors: [AttendanceErrors.notAnEmployee],
  },
  async ({ query, services }) => listOwnRequests(services, query),
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
